import SwipeDismiss
import SwipeDismissTrace

/// The input a demo's controller reads: the window's live input, after the `--replay` trace
/// if one was given, recorded for `--record` if one was asked for; and the recording's save.
package final class DemoInputChain {
    /// What the controller reads.
    package let source: InputSource
    /// The replay in front of the live input, with `--replay`.
    package let replay: ReplayThenLiveInput?
    private let recorder: RecordingInputSource?
    private let recordFile: RecordFile?
    private let console: DemoConsole

    /// Chains `live` after `start`'s trace and records it into `start`'s record file, the
    /// trace's viewport being `viewport`; times start at `clock`'s now.
    package init(
        live: InputSource, start: DemoStart, viewport: Size, clock: TimeSource,
        console: DemoConsole
    ) {
        self.console = console
        var source = live
        if let trace = start.trace {
            let input = ReplayThenLiveInput(
                replay: TraceInputSource(trace: trace, startTime: clock.now), live: live)
            replay = input
            source = input
        } else {
            replay = nil
        }
        recordFile = start.recordFile
        if recordFile != nil {
            let recording = RecordingInputSource(
                recording: source, viewport: viewport, startTime: clock.now)
            recording.onFull = {
                console.error(
                    "--record: the recording is full (\(GestureTrace.Limits.fileSize >> 20) MiB); "
                        + "the gesture in progress is kept whole, nothing after it is recorded")
            }
            recorder = recording
            source = recording
        } else {
            recorder = nil
        }
        self.source = source
    }

    /// Whether the `--replay` trace is still being played.
    package var isReplaying: Bool { replay?.isReplaying ?? false }

    /// `--exit-after-replay`'s condition, one for every demo: a replay was given and is over,
    /// `driver` has come to rest (no animation, no wake time), nothing is held (`isPressed`)
    /// and no frame is still owed to the window (`needsFrame`).
    package func replayIsOver(driver: FrameDriver, isPressed: Bool, needsFrame: Bool = false)
        -> Bool
    {
        replay != nil && !isReplaying && !driver.isAnimating && !isPressed
            && driver.nextWakeTime == nil && !needsFrame
    }

    /// Writes the recording, if one was asked for, with the window's `viewport` now; returns
    /// false (after saying why) on failure.
    package func saveRecording(viewport: Size) -> Bool {
        guard let recorder, let recordFile else { return true }
        recorder.setViewport(viewport)
        do {
            try recordFile.write(recorder.trace)
            if recorder.isFull {
                console.error(
                    "--record: kept \(recorder.trace.events.count) events; "
                        + "\(recorder.droppedEventCount) were left out")
            }
            return true
        } catch {
            console.error("--record: \(error)")
            return false
        }
    }
}
