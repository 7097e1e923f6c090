/// What a host's event loop offers the parts that attach to it: its `PollLoop`, where they
/// register their descriptors, and its window's keyboard focus and scale, with a call when
/// either changes. `X11EventLoop` and `WaylandEventLoop` are hosts, so the accessibility
/// bridge (`AccessibilityBridge.attach(to:)`) and an app's own descriptors attach to either
/// with the same code, and the settings below are written once for both.
public protocol HostEventLoop: AnyObject {
    /// What the loop waits on besides its connection.
    var sources: HostLoopSources { get }
    /// The window's state now.
    var windowState: HostWindowState { get }
}

extension HostEventLoop {
    /// The loop's one `poll()`: the connection first, then the signal pipe, the auxiliary
    /// input, the host's descriptors and whatever registered on it.
    public var pollLoop: PollLoop { sources.pollLoop }

    /// Signals that end `run` as `.interrupted` (the loop waits on the pipe's read end); nil
    /// (the default) leaves signals alone. The pipe is the caller's (`X11Host` and
    /// `WaylandHost` make one when asked to stop on signals).
    public var signalPipe: SignalPipe? {
        get { sources.signalPipe }
        set { sources.signalPipe = newValue }
    }

    /// Another descriptor the loop waits on, read each turn (-1: none), and what to do when
    /// it is readable, on the loop's thread before the next frame; nil (the default) adds
    /// nothing. A bridge attaches more simply with `AccessibilityBridge.attach(to:)`.
    public var auxiliaryInput: (descriptor: () -> Int32, onReadable: () -> Void)? {
        get { sources.auxiliaryInput }
        set { sources.auxiliaryInput = newValue }
    }

    /// The host's own descriptors the loop also waits on (a pipe, a socket, a timerfd): when
    /// one is readable (or hung up), `onHostDescriptorReadable` is called with it on the
    /// loop's thread, and `run`'s `until` is checked on the next turn, so an app's command
    /// needs no polling and no window-system event to be seen. Empty by default; negative
    /// entries are ignored, and one the kernel says is not open (`POLLNVAL`) is dropped from
    /// the list. The callback must read what woke it, or the loop spins.
    public var hostDescriptors: [Int32] {
        get { sources.hostDescriptors }
        set { sources.hostDescriptors = newValue }
    }

    /// Called with each host descriptor `poll` found readable.
    public var onHostDescriptorReadable: ((Int32) -> Void)? {
        get { sources.onHostDescriptorReadable }
        set { sources.onHostDescriptorReadable = newValue }
    }

    /// Calls `observer` on the loop's thread, once a turn at most, whenever `windowState`
    /// changes (not for the state it has now).
    public func observeWindowState(_ observer: @escaping (HostWindowState) -> Void) {
        sources.observeWindowState(observer)
    }

    /// Makes `run` return `.stopped` after the current turn.
    public func stop() { sources.requestStop() }
}

/// A host window's state that attached parts follow: its keyboard focus and scale.
public struct HostWindowState: Equatable, Sendable {
    /// Whether the window has the keyboard focus.
    public var hasKeyboardFocus: Bool
    /// Device pixels per point.
    public var scale: Double

    /// A state with `hasKeyboardFocus` at `scale`.
    public init(hasKeyboardFocus: Bool, scale: Double) {
        self.hasKeyboardFocus = hasKeyboardFocus
        self.scale = scale
    }
}

/// The observers of a host's `HostWindowState`, for a loop to keep: `update(_:)` once a turn
/// calls them when the state changed since the last turn. Nothing is allocated per turn.
public final class HostWindowObservers {
    private var observers: [(HostWindowState) -> Void] = []
    private var last: HostWindowState?

    /// No observers yet.
    public init() {}

    /// Adds `observer` (called from the next change on).
    public func add(_ observer: @escaping (HostWindowState) -> Void) {
        observers.append(observer)
    }

    /// Tells the observers `state` when it differs from the one last seen (the first call
    /// only notes it).
    public func update(_ state: HostWindowState) {
        guard let last else {
            self.last = state
            return
        }
        guard last != state else { return }
        self.last = state
        for observer in observers { observer(state) }
    }
}
