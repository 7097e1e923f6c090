import SwipeDismiss
import SwipeDismissTrace
import ToolSupport

/// What an export accepts, checked before anything is planned or written, whatever the
/// trace reader lets through. Errors name the trace file, the event and the field.
enum ExportLimits {
    /// Cairo's image surfaces stop at this many pixels a side.
    static let maximumSide = 32767
    /// The most pixels one frame may have: 64 Mpx (256 MB of ARGB).
    static let pixelBudget = 64 << 20
    /// How far from the origin an event may lie, in points.
    static let coordinateLimit = 1e6
    /// The smallest viewport side, in points: below it the layout and the storyboard's
    /// thumbnails shrink to nothing cairo can draw (0.01 pt, 5e-324 pt).
    static let minimumSide = 0.1

    /// The frame size in pixels for `viewport` at `scale`, rounded up, as the renderers make it.
    static func pixels(_ points: Double, scale: Double) -> Double {
        (points * scale).rounded(.up)
    }

    /// Throws unless each viewport side is at least `minimumSide`, the frame fits
    /// `maximumSide` and `pixelBudget` at `scale`, and every event lies within
    /// `coordinateLimit`.
    static func check(_ trace: GestureTrace, file: String, scale: Double) throws(GestureTraceError)
    {
        let scaleText = NumberText.readable(scale)
        for (field, points) in [
            ("viewport.width", trace.viewport.width), ("viewport.height", trace.viewport.height),
        ] {
            guard points >= minimumSide else {
                throw GestureTraceError(
                    field: field,
                    reason: "\(NumberText.readable(points)) pt is less than the smallest "
                        + "viewport side, \(NumberText.readable(minimumSide)) pt",
                    file: file)
            }
            let size = pixels(points, scale: scale)
            guard size.isFinite, size <= Double(maximumSide) else {
                throw GestureTraceError(
                    field: field,
                    reason: "\(NumberText.readable(points)) pt at --scale \(scaleText) is more "
                        + "than \(maximumSide) pixels",
                    file: file)
            }
            guard size >= 1 else {
                throw GestureTraceError(
                    field: field,
                    reason: "\(NumberText.readable(points)) pt at --scale \(scaleText) is less "
                        + "than one pixel",
                    file: file)
            }
        }
        let area =
            pixels(trace.viewport.width, scale: scale) * pixels(trace.viewport.height, scale: scale)
        guard area <= Double(pixelBudget) else {
            throw GestureTraceError(
                field: "viewport",
                reason: "\(NumberText.readable(trace.viewport.width)) x "
                    + "\(NumberText.readable(trace.viewport.height)) pt at --scale \(scaleText) "
                    + "is \(NumberText.fixed(area / Double(1 << 20), digits: 1)) Mpx a frame, "
                    + "more than the \(pixelBudget >> 20) Mpx budget; use a lower --scale",
                file: file)
        }
        try checkViewportEvents(trace, file: file, scale: scale)
        for (index, event) in trace.events.enumerated() {
            guard let location = event.location else { continue }
            for (field, value) in [("x", location.x), ("y", location.y)]
            where !(abs(value) <= coordinateLimit) {
                throw GestureTraceError(
                    eventIndex: index, field: field,
                    reason: "\(NumberText.readable(value)) is outside ±"
                        + "\(NumberText.readable(coordinateLimit)) pt",
                    file: file)
            }
        }
    }
}
