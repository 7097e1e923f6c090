import ToolSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

InterruptSignals.install()
var command = CairoExportCommand()
command.interrupted = { InterruptSignals.pending }
exit(command.run(Array(CommandLine.arguments.dropFirst())))
