import Glibc
import ToolSupport

/// What a demo (`x11-demo`, `wayland-demo`, `gtk-demo`) says, and how it stops: messages on
/// stderr after the tool's name, `--events` lines on stdout, and the command line read or
/// refused the same way in each.
package struct DemoConsole: Sendable {
    /// The name every message starts with.
    package let tool: String

    /// A console for the demo called `tool`.
    package init(tool: String) {
        self.tool = tool
    }

    /// Says `message` on stderr, after the tool's name.
    package func error(_ message: String) {
        StandardStream.error.writeLine("\(tool): \(message)")
    }

    /// Says `message` on stderr and exits with `status`.
    package func fail(_ message: String, status: Int32) -> Never {
        error(message)
        exit(status)
    }

    /// Writes `line` on stdout (the `--events` stream).
    package func line(_ line: String) {
        StandardStream.output.writeLine(line)
    }

    /// The options `parse` reads from the process's arguments; a refusal prints the error and
    /// `usage` and exits 2, `--help` prints `usage` and exits 0.
    package func options<Options>(
        _ parse: ([String]) throws -> Options, usage: String, showsHelp: (Options) -> Bool
    ) -> Options {
        let options: Options
        do {
            options = try parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            fail("\(error)\n\(usage)", status: 2)
        }
        if showsHelp(options) {
            line(usage)
            exit(0)
        }
        return options
    }
}
