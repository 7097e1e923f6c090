import SwipeDismissHost

/// Attaching the bridge to a host's event loop in one call.
extension AccessibilityBridge {
    /// Starts the bridge on the session bus at `sessionBusAddress` (see `start(sessionBusAddress:)`)
    /// and attaches it to `host`, the same way on X11 and Wayland: its descriptor is
    /// registered on the host's `PollLoop` (so the loop wakes for the buses and never polls
    /// them on a frame), and the model follows the window's keyboard focus and the bridge
    /// its scale (`HostEventLoop.observeWindowState(_:)`). Returns false, leaving the loop as
    /// it was, when there is no session bus or accessibility is off and cannot be watched.
    ///
    /// The loop holds the bridge weakly: keep the bridge as long as the loop runs. A bridge
    /// that gives up (a bus stopped answering) leaves the loop on its next wakeup.
    @discardableResult
    public func attach(
        to host: some HostEventLoop,
        sessionBusAddress: String? = sessionBusAddressFromEnvironment()
    ) -> Bool {
        let state = host.windowState
        scale = state.scale
        model.windowIsActive = state.hasKeyboardFocus
        guard start(sessionBusAddress: sessionBusAddress) else { return false }
        let descriptor = pollDescriptor
        let pollLoop = host.pollLoop
        var registration: PollLoop.Registration?
        registration = pollLoop.register(descriptor) { [weak self, unowned pollLoop] _ in
            if let self, self.pollDescriptor == descriptor { self.handleReadable() }
            // Gone, or given up (its descriptor closed): off the loop before it is reused.
            if self?.pollDescriptor != descriptor, let registration {
                pollLoop.unregister(registration)
            }
        }
        host.observeWindowState { [weak self] state in
            guard let self else { return }
            if model.windowIsActive != state.hasKeyboardFocus {
                model.windowIsActive = state.hasKeyboardFocus
            }
            // Extents are in pixels: a compositor may change the scale while running.
            if scale != state.scale { scale = state.scale }
        }
        return true
    }
}
