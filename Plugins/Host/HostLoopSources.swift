/// What a window system's event loop waits on besides its own connection, kept once for every
/// host: the `PollLoop` with the connection registered first, the signal pipe, the auxiliary
/// input, the app's descriptors, the window-state observers and the stop request.
///
/// `X11EventLoop` and `WaylandEventLoop` each own one (`HostEventLoop.sources`); the
/// properties an app sets (`signalPipe`, `auxiliaryInput`, `hostDescriptors`,
/// `onHostDescriptorReadable`) and `stop()` reach it through `HostEventLoop`, so they are
/// written once. A turn is the loop's own; it calls `takeSignal()`, `takeStopRequest()`,
/// `noteWindowState(_:)`, `wait(timeout:connectionInterest:)` and `dispatch()`.
public final class HostLoopSources {
    /// The one `poll()`: the connection first, then what was registered.
    public let pollLoop = PollLoop()
    /// The connection's registration (no handler: the loop reads it itself).
    package let connection: PollLoop.Registration
    private let signalSlot = SignalPipeSlot()
    private let auxiliarySlot = AuxiliaryInputSlot()
    private let hostSlots = HostDescriptorSlots()
    private let observers = HostWindowObservers()
    private var signalPending = false
    private var stopRequested = false

    /// Sources for a loop whose connection is `descriptor`.
    package init(connection descriptor: Int32) {
        connection = pollLoop.register(descriptor)
        signalSlot.onSignal = { [unowned self] in signalPending = true }
        hostSlots.onReadable = { [unowned self] in onHostDescriptorReadable?($0) }
        hostSlots.onClosed = { [unowned self] fd in hostDescriptors.removeAll { $0 == fd } }
    }

    /// The signals that end the run (see `HostEventLoop.signalPipe`).
    package var signalPipe: SignalPipe? {
        didSet {
            signalSlot.watch(signalPipe, on: pollLoop)
            // Checked before the first wait: a signal may have come before the loop ran.
            signalPending = signalPipe != nil
        }
    }
    /// See `HostEventLoop.auxiliaryInput`.
    package var auxiliaryInput: (descriptor: () -> Int32, onReadable: () -> Void)?
    /// See `HostEventLoop.hostDescriptors`.
    package var hostDescriptors: [Int32] = [] {
        didSet { hostSlots.reregister(hostDescriptors, on: pollLoop) }
    }
    /// See `HostEventLoop.onHostDescriptorReadable`.
    package var onHostDescriptorReadable: ((Int32) -> Void)?

    /// Adds a window-state observer.
    package func observeWindowState(_ observer: @escaping (HostWindowState) -> Void) {
        observers.add(observer)
    }

    /// Tells the observers `state` if it changed since the last turn.
    package func noteWindowState(_ state: HostWindowState) {
        observers.update(state)
    }

    /// Asks the loop to stop after its current turn.
    package func requestStop() { stopRequested = true }

    /// Whether a stop was asked for since the last call.
    package func takeStopRequest() -> Bool {
        defer { stopRequested = false }
        return stopRequested
    }

    /// The signal that arrived, if the last wait saw the pipe readable (or before the first).
    package func takeSignal() -> Int32? {
        guard signalPending else { return nil }
        signalPending = false
        return signalPipe?.takeSignal()
    }

    /// Registers the auxiliary input's descriptor if it changed, waits for the connection with
    /// `connectionInterest` (and everything else for reading) at most `timeout` seconds, and
    /// returns whether anything was ready. No allocation unless a descriptor changed.
    package func wait(timeout: Double?, connectionInterest: PollLoop.Events) -> Bool {
        auxiliarySlot.follow(auxiliaryInput, on: pollLoop)
        pollLoop.setInterest(connectionInterest, for: connection)
        return pollLoop.wait(timeout: timeout)
    }

    /// What the last wait saw on the connection.
    package var connectionEvents: PollLoop.Events { pollLoop.events(of: connection) }

    /// Runs the callbacks of what the last wait saw ready (after the connection is read).
    package func dispatch() {
        pollLoop.dispatch()
        hostSlots.reportClosed()
    }

    /// Runs `turn` until it returns a reason to stop, and returns that reason (a loop's
    /// `run`, over its `runOnce`).
    package static func repeatTurns(_ turn: () throws -> HostStopReason?) rethrows
        -> HostStopReason
    {
        while true {
            if let reason = try turn() { return reason }
        }
    }
}
