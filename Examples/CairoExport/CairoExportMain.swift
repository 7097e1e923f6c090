import ToolSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The program: catches the interrupting signals, runs the command, exits with its status.
@main
enum CairoExportMain {
    static func main() {
        InterruptSignals.install()
        var command = CairoExportCommand()
        command.interrupted = { InterruptSignals.pending }
        exit(command.run(Array(CommandLine.arguments.dropFirst())))
    }
}
