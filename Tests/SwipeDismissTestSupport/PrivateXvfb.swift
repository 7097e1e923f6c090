import Foundation
import Glibc

/// An X server of the test's own, which the test may kill: `Xvfb -displayfd` picks a free
/// display number and writes it only once the server accepts connections, so a stale socket
/// file or a number another server holds can never make the first connection fail (never a
/// display number derived from the pid). `-noreset`: what a test sets on the server (a
/// resource database, a settings manager) stays when its last client leaves.
package final class PrivateXvfb {
    /// The server's process.
    package let child: ChildProcess
    /// The display name, as ":N".
    package let display: String

    /// Starts one with a screen of `screen` (`WxHxDEPTH`); waits up to 10 s for it to say
    /// which display it opened. Without Xvfb, fails or skips (see `unavailable`).
    package init(screen: String = "640x900x24") throws {
        guard let xvfb = findExecutable("Xvfb") else {
            throw unavailable("Xvfb is not installed: no private X server to start")
        }
        // A server that exits before naming its display lost a race for a display number
        // with another server starting at the same moment (other test runs share /tmp): it
        // is started again, up to three times.
        var attempt = 0
        while true {
            attempt += 1
            let child = try ChildProcess(
                URL(fileURLWithPath: xvfb),
                ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"])
            var number = ""
            eventually(timeout: 10) {
                number = child.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                return child.stdout.hasSuffix("\n") || !child.isRunning
            }
            if !number.isEmpty, Int(number) != nil, child.isRunning {
                self.child = child
                display = ":" + number
                return
            }
            Glibc.kill(child.pid, SIGKILL)
            let status = child.waitForExit(timeout: 5)
            guard attempt < 3 else {
                throw TestFailure(
                    description: "Xvfb did not say which display it opened (attempt \(attempt), "
                        + "status \(status.map(String.init) ?? "running")): \(child.stderr)")
            }
        }
    }

    /// The display name, as ":N" (the same as `display`).
    package var name: String { display }

    /// Ends the server at once, as a crash would, and waits for it.
    package func kill() {
        guard child.isRunning else { return }
        Glibc.kill(child.pid, SIGKILL)
        _ = child.waitForExit(timeout: 5)
    }

    deinit { kill() }
}
