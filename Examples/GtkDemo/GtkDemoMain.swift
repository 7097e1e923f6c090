// gtk-demo: the SwipeDismiss interaction in a GTK 4 window, over real GTK widgets, on X11
// or Wayland. Drag the sheet (or card) down to dismiss it; Escape or Close dismisses;
// Space, Enter or "Show sheet" presents it again; closing the window quits.
import CGtk
import Glibc
import SwipeDismiss
import SwipeDismissGtk
import ToolSupport
import X11DemoCore

/// Says `message` on stderr, after the tool's name.
func printError(_ message: String) {
    StandardStream.error.writeLine("gtk-demo: \(message)")
}

/// Says `message` on stderr and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    printError(message)
    exit(status)
}

/// Writes `line` on stdout (the `--events` stream).
func printLine(_ line: String) {
    StandardStream.output.writeLine(line)
}

@main
enum GtkDemoMain {
    static func main() {
        let options: GtkDemoOptions
        do {
            options = try GtkDemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            fail("\(error)\n\(GtkDemoOptions.usage)", status: 2)
        }
        if options.showsHelp {
            printLine(GtkDemoOptions.usage)
            exit(0)
        }
        let start: DemoStart
        do {
            start = try DemoStart(replayPath: options.replayPath, size: options.size)
        } catch {
            fail("\(error)", status: 2)
        }
        let trace = start.trace
        let size = start.size
        let configuration = options.scene.configuration(
            preset: options.configuration, reduceMotion: options.reduceMotion)
        do {
            try configuration.validate()
        } catch {
            fail("configuration: \(error)", status: 2)
        }

        g_set_prgname("gtk-demo")
        g_set_application_name("gtk-demo")
        // Without a session bus there is no accessibility bus either: say nothing about it
        // (GTK would warn on stderr that it cannot reach one).
        if getenv("DBUS_SESSION_BUS_ADDRESS") == nil, getenv("GTK_A11Y") == nil {
            setenv("GTK_A11Y", "none", 1)
        }
        guard gtk_init_check() != 0 else {
            fail(
                "cannot open a display: set DISPLAY (X11) or WAYLAND_DISPLAY (Wayland), or "
                    + "check GDK_BACKEND", status: 2)
        }
        signal(SIGPIPE, SIG_IGN)
        GtkDemoWidgets.installStyle()
        let run = GtkDemoRun(
            options: options, configuration: configuration, trace: trace, size: size)
        run.start()
        exit(0)
    }
}
