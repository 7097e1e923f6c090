import Glibc
import SwipeDismiss
import SwipeDismissHost
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// The code of the "Writing a host plugin" article, compiled and run, and checked to appear in
/// the article verbatim (between the `snippet` markers, common indentation removed).
final class WritingAHostPluginDocSnippetTests: XCTestCase {
    func testHostLoopSnippetRuns() throws {
        // snippet: host-loop
        // The window system's connection: here a pipe stands in for its socket, one byte an event.
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw HostSnippetError.noPipe }
        let (connection, server) = (ends[0], ends[1])
        let clock = ManualClock()
        let input = QueuedInputSource()
        let controller = DismissController(
            input: input, presenter: SheetPresenter(), renderer: NullRenderer(), clock: clock,
            configuration: .sheet())
        controller.keyBindings = .standard  // Escape dismisses
        var time = DeviceTimeMapper(zeroStamp: .time)  // X11 would say .unstamped
        var pacer = FramePacer(framesPerSecond: 60)
        let poll = PollLoop()
        var stopReason: HostStopReason?
        var registration: PollLoop.Registration?
        registration = poll.register(connection) { _ in
            var byte: UInt8 = 0
            guard read(connection, &byte, 1) == 1 else {  // end of file: the server is gone
                stopReason = .connectionLost(reason: "the server hung up")
                poll.unregister(registration!)
                return
            }
            let stamp = time.map(milliseconds: 5000, now: clock.now)  // the device's time
            input.enqueue(InputEvent(time: stamp, kind: .key(byte == 27 ? .escape : .space)))
        }

        var escape: UInt8 = 27  // the server sends Escape, then hangs up
        _ = write(server, &escape, 1)
        close(server)
        while true {
            let now = clock.now
            if pacer.frameIsDue(
                now: now, wake: controller.nextWakeTime, readInputWhilePressed: false)
            {
                try controller.step()
                pacer.frameDrawn(at: now)
            }
            if stopReason != nil, controller.nextWakeTime == nil { break }  // stopped, and at rest
            let timeout = pacer.timeout(now: clock.now, wake: controller.nextWakeTime)
            // A real host waits `timeout`; the manual clock jumps there instead.
            if poll.wait(timeout: timeout.map { _ in 0 }) { poll.dispatch() }
            if let timeout { clock.advance(by: max(timeout, 0.001)) }
        }
        close(connection)
        // controller.state.phase == .dismissed, stopReason?.exitStatus == 1
        // end snippet
        XCTAssertEqual(controller.state.phase, .dismissed)
        XCTAssertEqual(stopReason, .connectionLost(reason: "the server hung up"))
        XCTAssertEqual(stopReason?.exitStatus, 1)
        XCTAssertEqual(poll.count, 0)
    }

    func testTheArticleShowsTheSnippetVerbatim() throws {
        let snippet = try ArticleSnippet(
            named: "host-loop", in: #filePath,
            articlePath: "Plugins/Host/SwipeDismissHost.docc/WritingAHostPlugin.md")
        XCTAssertTrue(snippet.isInArticle, snippet.code)
    }
}

/// The snippet's one failure: no pipe for its stand-in connection.
enum HostSnippetError: Error {
    case noPipe
}
