import Glibc
import SwipeDismissX11
import ToolSupport

/// `swipedismiss-bench --first-frame PROGRAM [ARG…]`: starts PROGRAM (x11-demo) and
/// polls the X server until its window's top band shows the backdrop's rest grey, then
/// prints `pid=<pid> first_frame_ms=<exec to first painted frame>` and exits, leaving the
/// program running for the caller (`make perf`) to measure and stop. The program's stdout
/// is discarded; its stderr is ours.
enum FirstFrame {
    static func run(_ command: [String]) -> Int32 {
        guard let program = command.first else {
            StandardStream.error.write(
                "swipedismiss-bench: --first-frame needs a program to start\n")
            return 2
        }
        let display: X11Display
        do {
            display = try X11Display(installsErrorHandlers: true)  // reads windows not yet viewable
        } catch {
            StandardStream.error.write("swipedismiss-bench: \(error)\n")
            return 2
        }
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let start = monotonicSeconds()
        // Its stdout goes to /dev/null, so a caller reading ours is not held open by it.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let status = posix_spawnp(&pid, program, &actions, nil, &argv, environ)
        guard status == 0 else {
            StandardStream.error.write(
                "swipedismiss-bench: cannot start \(program): \(String(cString: strerror(status)))\n"
            )
            return 1
        }
        let deadline = start + 10
        var window: UInt?
        while monotonicSeconds() < deadline {
            if window == nil { window = display.windows(ofProcess: pid).first }
            if let window,
                let pixel = display.readPixels(window: window, x: 10, y: 10, width: 1, height: 1)?
                    .first
            {
                // The band at rest: black at alpha 0.3 over white, grey 178 or 179.
                let grey = Int((pixel >> 16) & 0xFF)
                if (176...181).contains(grey), pixel & 0xFF == (pixel >> 16) & 0xFF {
                    let milliseconds = (monotonicSeconds() - start) * 1000
                    StandardStream.output.writeLine(
                        "pid=\(pid) first_frame_ms=\((milliseconds * 10).rounded() / 10)")
                    return 0
                }
            }
            usleep(500)
        }
        StandardStream.error.write(
            "swipedismiss-bench: no painted frame from \(program) within 10 s\n")
        kill(pid, SIGTERM)
        return 1
    }

    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
