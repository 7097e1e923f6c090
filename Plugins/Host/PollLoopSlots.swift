/// The registrations a window system's event loop keeps on its `PollLoop` besides its
/// connection, in one place so that the X11 and Wayland loops share them: the signal pipe,
/// the auxiliary input (a descriptor read each turn) and the host's own descriptors.
/// Internal to the package: apps register on `PollLoop` directly.

/// The signal pipe's registration: `onSignal` is called when the pipe is readable.
package final class SignalPipeSlot {
    private var registration: PollLoop.Registration?
    /// Called when the pipe has a byte (the loop takes the signal on its next turn).
    package var onSignal: (() -> Void)?

    /// No pipe watched.
    package init() {}

    /// Watches `pipe`'s read end on `loop` instead of what was watched (nil: none).
    package func watch(_ pipe: SignalPipe?, on loop: PollLoop) {
        if let registration { loop.unregister(registration) }
        registration = pipe.map {
            loop.register($0.readDescriptor) { [unowned self] _ in onSignal?() }
        }
    }
}

/// An auxiliary input's registration: its descriptor is read each turn and registered again
/// only when it changed (so a turn allocates nothing).
package final class AuxiliaryInputSlot {
    private var registration: PollLoop.Registration?
    private var descriptor: Int32 = -1
    private var onReadable: (() -> Void)?

    /// Nothing registered.
    package init() {}

    /// Registers `input`'s descriptor on `loop` if it is not the one registered (-1 or nil:
    /// none); its `onReadable` runs when `poll` sees it ready.
    package func follow(
        _ input: (descriptor: () -> Int32, onReadable: () -> Void)?, on loop: PollLoop
    ) {
        let wanted = input?.descriptor() ?? -1
        onReadable = input?.onReadable
        guard wanted != descriptor || (registration.map { !loop.contains($0) } ?? false)
        else { return }
        if let registration { loop.unregister(registration) }
        registration = nil
        descriptor = wanted
        guard wanted >= 0 else { return }
        registration = loop.register(wanted) { [unowned self] _ in onReadable?() }
    }
}

/// The host's own descriptors' registrations.
package final class HostDescriptorSlots {
    private var registrations: [PollLoop.Registration] = []
    /// Called with a descriptor `poll` saw readable or hung up.
    package var onReadable: ((Int32) -> Void)?
    /// Called with a descriptor the kernel says is not open (the loop drops it), from
    /// `reportClosed()` once the turn's callbacks have run.
    package var onClosed: ((Int32) -> Void)?
    /// Descriptors seen closed this turn, reported after the others were served (dropping one
    /// changes the table, which would end the turn's dispatch early).
    private var closed: [Int32] = []

    /// Nothing registered.
    package init() {}

    /// Registers `descriptors` (negative ones are left out) on `loop` in place of those
    /// registered before.
    package func reregister(_ descriptors: [Int32], on loop: PollLoop) {
        for registration in registrations { loop.unregister(registration) }
        registrations = []
        for descriptor in descriptors where descriptor >= 0 {
            registrations.append(
                loop.register(descriptor) { [unowned self] events in
                    if events.contains(.invalid) {
                        closed.append(descriptor)
                    } else {
                        onReadable?(descriptor)
                    }
                })
        }
    }

    /// Tells `onClosed` of the descriptors seen closed since the last call.
    package func reportClosed() {
        guard !closed.isEmpty else { return }
        let seen = closed
        closed.removeAll(keepingCapacity: true)
        for descriptor in seen { onClosed?(descriptor) }
    }
}
