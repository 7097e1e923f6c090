import SwipeDismiss
import SwipeDismissTrace

/// Replays a trace, then hands over to live input: events from the window that arrive
/// while the replay runs are dropped, so the two never interleave.
package final class ReplayThenLiveInput: InputSource {
    package let replay: TraceInputSource
    package let live: InputSource
    private var scratch: [InputEvent] = []

    package init(replay: TraceInputSource, live: InputSource) {
        self.replay = replay
        self.live = live
        scratch.reserveCapacity(64)
    }

    package var isReplaying: Bool { !replay.isExhausted }

    package func events(upTo time: Double, into events: inout [InputEvent]) {
        if isReplaying {
            replay.events(upTo: time, into: &events)
            scratch.removeAll(keepingCapacity: true)
            live.events(upTo: time, into: &scratch)  // dropped
            return
        }
        live.events(upTo: time, into: &events)
    }

    package var nextEventTime: Double? {
        isReplaying ? replay.nextEventTime : live.nextEventTime
    }
}

/// One `--events` line: `{"t":…,"phase":"dragging","offset":…,"alpha":…}`, with
/// `"detent":"medium"` after the alpha when `namingDetent` (the sheet scene), and the 2-D
/// translation `"x":…,"y":…` when `namingTranslation` (`--direction free`), and
/// `"mode":"floating"` last when given `mode` (`--adaptive`).
package func eventLine(
    _ state: DismissState, namingDetent: Bool = false, namingTranslation: Bool = false,
    mode: PresentationMode? = nil
) -> String {
    let mode = mode.map { ",\"mode\":\"\($0.rawValue)\"" } ?? ""
    let detent = namingDetent ? ",\"detent\":\"\(jsonEscaped(state.detent?.rawValue ?? ""))\"" : ""
    let translation =
        namingTranslation
        ? ",\"x\":\(jsonNumber(state.translation.x)),\"y\":\(jsonNumber(state.translation.y))"
        : ""
    return "{\"t\":\(jsonNumber(state.time)),\"phase\":\"\(state.phase.rawValue)\","
        + "\"offset\":\(jsonNumber(state.offset)),\"alpha\":\(jsonNumber(state.alpha))"
        + "\(detent)\(translation)\(mode)}"
}

/// The `--events` line for a vetoed dismissal: `{"t":…,"attempt":"drag"}`.
package func attemptLine(_ reason: DismissReason, state: DismissState) -> String {
    "{\"t\":\(jsonNumber(state.time)),\"attempt\":\"\(reason.rawValue)\"}"
}

/// The `--events` line for a press the sheet let through to the app behind (below its
/// pass-through detent, or where the dim is 0): `{"t":…,"passThrough":{"x":…,"y":…}}`.
package func passThroughLine(_ point: Point, state: DismissState) -> String {
    "{\"t\":\(jsonNumber(state.time)),\"passThrough\":"
        + "{\"x\":\(jsonNumber(point.x)),\"y\":\(jsonNumber(point.y))}}"
}

/// `text` as the inside of a JSON string: quotes, backslashes and control characters escaped.
package func jsonEscaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// A number as JSON, rounded to microseconds. JSON has no infinity or NaN, so a
/// non-finite value prints as `null` (never `inf`); numbers too large to round that finely
/// print in full, in exponent form where Swift uses it (`1e+19`, which is valid JSON).
package func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    // Past 1e9, scaling by 1e6 could overflow to infinity, and microseconds are noise.
    guard abs(value) < 1e9 else { return "\(value)" }
    let rounded = (value * 1_000_000).rounded() / 1_000_000
    if rounded == rounded.rounded() { return String(Int64(rounded)) }  // |rounded| < 1e9
    return "\(rounded)"
}

/// The window size (points) for a replayed trace's `viewport`, or nil when a side is not
/// within 64...32767 (as `--size` requires); checked, never a trapping conversion.
package func windowSize(fitting viewport: Size) -> (width: Int, height: Int)? {
    let sides = 64...32767  // what --size accepts (ToolSupport's `DemoCommandLine.sides`)
    guard let width = Int(exactly: viewport.width.rounded()),
        let height = Int(exactly: viewport.height.rounded()),
        sides.contains(width), sides.contains(height)
    else { return nil }
    return (width, height)
}

/// `--events` for one controller (every scene but `stack`): each phase change as an
/// `eventLine` (naming the detent for the sheet scene, the 2-D translation for
/// `--direction free`, the mode with `namingMode`), vetoed attempts and pass-through presses
/// as their lines, each handed to `print`.
package func printEvents(
    of controller: DismissController, namingDetent: Bool, namingTranslation: Bool,
    namingMode: Bool = false, with print: @escaping (String) -> Void
) {
    controller.addObserver { [unowned controller] event in
        switch event {
        case .phaseChanged(_, _, let state):
            print(
                eventLine(
                    state, namingDetent: namingDetent, namingTranslation: namingTranslation,
                    mode: namingMode ? controller.presentationMode : nil))
        case .detentChanged where namingMode:
            // A resize that changes the mode lands at the mode's detent: say where it is.
            print(
                eventLine(
                    controller.state, namingDetent: namingDetent,
                    namingTranslation: namingTranslation, mode: controller.presentationMode))
        case .dismissAttempted(let reason):
            print(attemptLine(reason, state: controller.state))
        case .passedThrough(let point):
            print(passThroughLine(point, state: controller.state))
        default:
            break
        }
    }
}
