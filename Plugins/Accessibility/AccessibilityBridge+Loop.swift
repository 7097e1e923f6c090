/// How a host's event loop waits on the bridge.
extension AccessibilityBridge {
    /// What a host loop's `auxiliaryInput` slot takes (`X11EventLoop` and
    /// `WaylandEventLoop` alike): the bridge's ``pollDescriptor``, read each turn (-1 while
    /// there is nothing to wait on), and ``handleReadable()`` for when it is readable. So a
    /// bridge attaches to a host with one assignment, `loop.auxiliaryInput = bridge.loopInput`,
    /// and the loop neither polls the bridge nor asks it anything on a frame. The loop holds
    /// the bridge weakly: once the bridge is gone, the descriptor is -1 and nothing is called.
    public var loopInput: (descriptor: () -> Int32, onReadable: () -> Void) {
        (
            descriptor: { [weak self] in self?.pollDescriptor ?? -1 },
            onReadable: { [weak self] in self?.handleReadable() }
        )
    }
}
