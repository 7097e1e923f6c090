// gtk-demo: the SwipeDismiss interaction in a GTK 4 window, over real GTK widgets, on X11
// or Wayland. Drag the sheet (or card) down to dismiss it; Escape or Close dismisses;
// "Open" presents it again ("Open another" stacks one more); keys are GTK's (Space and Enter
// press the focused button or go into the focused entry); closing the window quits.
import CGtk
import Glibc
import SwipeDismiss
import SwipeDismissGtk
import ToolSupport
import X11DemoCore

/// Where the demo's messages and `--events` lines go.
let console = DemoConsole(tool: "gtk-demo")

@main
enum GtkDemoMain {
    static func main() {
        let options = console.options(
            GtkDemoOptions.parse, usage: GtkDemoOptions.usage, showsHelp: \.showsHelp)
        let start: DemoStart
        do {
            start = try DemoStart(replayPath: options.replayPath, size: options.size)
        } catch {
            console.fail("\(error)", status: 2)
        }
        let size = start.size
        // Refused before GTK sees it: GTK aborts on a window it cannot draw.
        if let problem = GtkSizeLimit.problem(width: size.width, height: size.height) {
            let source = options.replayPath == nil || options.size != nil ? "--size" : "--replay"
            console.fail(
                "\(source): a \(size.width)x\(size.height) pt window is too large (\(problem))",
                status: 2)
        }
        // x11-demo's default direction for the scene (free, 2-D, for the photo).
        var preset = options.configuration
        preset.direction = options.scene.defaultDirection
        let configuration = options.scene.configuration(
            preset: preset, reduceMotion: options.reduceMotion)
        do {
            try configuration.validate()
        } catch {
            console.fail("configuration: \(error)", status: 2)
        }

        // GDK ends the process itself when it finds the display gone in a frame's flush:
        // its last message becomes the demo's own line (status 1, as x11-demo's).
        GtkDisplayWatch.tellLosses { console.error($0) }
        g_set_prgname("gtk-demo")
        g_set_application_name("gtk-demo")
        // Without a session bus there is no accessibility bus either: say nothing about it
        // (GTK would warn on stderr that it cannot reach one).
        if getenv("DBUS_SESSION_BUS_ADDRESS") == nil, getenv("GTK_A11Y") == nil {
            setenv("GTK_A11Y", "none", 1)
        }
        // OpenGL rasterised on the CPU (llvmpipe: no GPU, Xvfb) costs several times GTK's
        // cairo renderer for the same frames; GSK_RENDERER set by the person running the
        // demo is kept.
        GtkRendererChoice.preferCairoOnSoftwareGL()
        guard gtk_init_check() != 0 else {
            console.fail(
                "cannot open a display: set DISPLAY (X11) or WAYLAND_DISPLAY (Wayland), or "
                    + "check GDK_BACKEND", status: 2)
        }
        signal(SIGPIPE, SIG_IGN)
        GtkDemoWidgets.installStyle()
        let run = GtkDemoRun(options: options, configuration: configuration, start: start)
        let reason = run.start()
        if case .connectionLost = reason {
            // Already said (GtkDemoRun tells the reason as it hears it).
            // GDK's own handlers would touch the dead connection on the way out.
            fflush(nil)
            _exit(reason.exitStatus)
        }
        exit(reason.exitStatus)
    }
}
