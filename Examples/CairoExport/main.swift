#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(CairoExportCommand().run(Array(CommandLine.arguments.dropFirst())))
