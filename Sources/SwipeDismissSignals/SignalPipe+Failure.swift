import Glibc

extension SignalPipe {
    /// Why a `SignalPipe` could not be made; each case names what was wrong.
    public enum Failure: Error, CustomStringConvertible, Equatable, Sendable {
        /// `pipe(2)` failed, for the reason given (`strerror`).
        case pipeFailed(String)
        /// A signal that cannot be caught: `SIGKILL`, `SIGSTOP`, or not a signal number.
        case cannotCatch(signal: Int32)
        /// Another pipe is active in the process, for these signals: a signal has one
        /// action, so one pipe at a time (release it first, or hand the same pipe to both
        /// loops).
        case anotherPipeActive(signals: [Int32])

        /// What was wrong, without the "cannot stop on signals" that `description` puts
        /// first (for a plugin's own error, which says that in its own words).
        public var reason: String {
            switch self {
            case .pipeFailed(let why): "pipe: \(why)"
            case .cannotCatch(let signal): "\(SignalPipe.name(of: signal)) cannot be caught"
            case .anotherPipeActive(let signals):
                "another signal pipe is active, for "
                    + signals.map(SignalPipe.name(of:)).joined(separator: ", ")
            }
        }

        /// One line for a person, without a program prefix.
        public var description: String { "cannot stop on signals: \(reason)" }
    }

    /// `signal` as a person reads it: "signal 15 (SIGTERM)", or "signal 99" for a number
    /// with no name here (Linux's names, `signal(7)`).
    public static func name(of signal: Int32) -> String {
        let name: String? =
            switch signal {
            case SIGHUP: "SIGHUP"
            case SIGINT: "SIGINT"
            case SIGQUIT: "SIGQUIT"
            case SIGILL: "SIGILL"
            case SIGTRAP: "SIGTRAP"
            case SIGABRT: "SIGABRT"
            case SIGBUS: "SIGBUS"
            case SIGFPE: "SIGFPE"
            case SIGKILL: "SIGKILL"
            case SIGUSR1: "SIGUSR1"
            case SIGSEGV: "SIGSEGV"
            case SIGUSR2: "SIGUSR2"
            case SIGPIPE: "SIGPIPE"
            case SIGALRM: "SIGALRM"
            case SIGTERM: "SIGTERM"
            case SIGCHLD: "SIGCHLD"
            case SIGCONT: "SIGCONT"
            case SIGSTOP: "SIGSTOP"
            case SIGTSTP: "SIGTSTP"
            case SIGTTIN: "SIGTTIN"
            case SIGTTOU: "SIGTTOU"
            case SIGURG: "SIGURG"
            case SIGXCPU: "SIGXCPU"
            case SIGXFSZ: "SIGXFSZ"
            case SIGVTALRM: "SIGVTALRM"
            case SIGPROF: "SIGPROF"
            case SIGWINCH: "SIGWINCH"
            case SIGIO: "SIGIO"
            case SIGPWR: "SIGPWR"
            case SIGSYS: "SIGSYS"
            default: nil
            }
        return name.map { "signal \(signal) (\($0))" } ?? "signal \(signal)"
    }
}
