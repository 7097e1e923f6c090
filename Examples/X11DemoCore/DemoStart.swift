import SwipeDismiss
import SwipeDismissTrace

/// What every demo (`x11-demo`, `wayland-demo`, `gtk-demo`) reads and checks before it needs
/// a display, so a bad file is refused at once: the trace to replay, the window size that fits
/// it, and the `--record` path.
package struct DemoStart {
    /// The trace `--replay` names, loaded.
    package var trace: GestureTrace?
    /// `--size`, else the replayed trace's viewport, else `DemoOptions.defaultSize`.
    package var size: (width: Int, height: Int)
    /// The checked `--record` file, if one was asked for.
    package var recordFile: RecordFile?

    /// A refusal: one line naming the flag and what is wrong (the demos exit 2 with it).
    package struct Refusal: Error, CustomStringConvertible {
        /// The line to print after the tool's name.
        package var description: String
    }

    /// Loads `replayPath`, fits the window to it unless `size` is given, and checks
    /// `recordPath` can be written.
    package init(
        replayPath: String?, size: (width: Int, height: Int)?, recordPath: String? = nil
    ) throws(Refusal) {
        if let path = replayPath {
            do {
                trace = try GestureTrace.load(path: path)
            } catch {
                throw Refusal(description: "--replay: \(error)")
            }
        }
        // Checked before any display is needed: a trace's viewport is user input, and
        // converting 1e19 points to an Int would trap.
        self.size = size ?? DemoOptions.defaultSize
        if size == nil, let trace, let path = replayPath {
            guard let fitted = windowSize(fitting: trace.viewport) else {
                throw Refusal(
                    description: "--replay: \(path): the trace's viewport "
                        + "\(jsonNumber(trace.viewport.width))x\(jsonNumber(trace.viewport.height)) "
                        + "does not fit a window (64...32767 pt a side); pass --size WxH")
            }
            self.size = fitted
        }
        // An unwritable --record path is refused now, not after the gesture it would keep.
        if let path = recordPath {
            do {
                recordFile = try RecordFile(checking: path)
            } catch {
                throw Refusal(description: "--record: \(error)")
            }
        }
    }
}
