import SwipeDismiss
import SwipeDismissTrace
import ToolSupport

/// The frames' size when the trace resizes its window (`viewport` events, DESIGN §4c): wide
/// and tall enough for every size the trace takes; each frame draws its scene from the top
/// left corner, the rest cleared.
enum ExportCanvas {
    /// The sizes the trace's `viewport` events give, in order.
    static func resizes(in trace: GestureTrace) -> [Size] {
        trace.events.compactMap { event in
            if case .viewport(let size) = event.kind { return size }
            return nil
        }
    }

    /// The frames' size for `trace`: its viewport, grown to hold every resize.
    static func size(of trace: GestureTrace) -> Size {
        var size = trace.viewport
        for resize in resizes(in: trace) {
            size.width = max(size.width, resize.width)
            size.height = max(size.height, resize.height)
        }
        return size
    }
}

extension ExportLimits {
    /// Throws, naming the event and the field, unless every `viewport` event's sides are at
    /// least `minimumSide` and fit `maximumSide` pixels at `scale`, and the frames that hold
    /// them all fit the pixel budget.
    static func checkViewportEvents(_ trace: GestureTrace, file: String, scale: Double)
        throws(GestureTraceError)
    {
        let scaleText = NumberText.readable(scale)
        for (index, event) in trace.events.enumerated() {
            guard case .viewport(let size) = event.kind else { continue }
            for (field, points) in [("width", size.width), ("height", size.height)] {
                let pixels = pixels(points, scale: scale)
                guard points >= minimumSide, pixels.isFinite, pixels <= Double(maximumSide)
                else {
                    throw GestureTraceError(
                        eventIndex: index, field: field,
                        reason: "\(NumberText.readable(points)) pt at --scale \(scaleText) is "
                            + "not a viewport side from \(NumberText.readable(minimumSide)) pt "
                            + "to \(maximumSide) pixels",
                        file: file)
                }
            }
        }
        let canvas = ExportCanvas.size(of: trace)
        let area = pixels(canvas.width, scale: scale) * pixels(canvas.height, scale: scale)
        guard area <= Double(pixelBudget) else {
            throw GestureTraceError(
                field: "viewport",
                reason: "frames holding every viewport, \(NumberText.readable(canvas.width)) x "
                    + "\(NumberText.readable(canvas.height)) pt at --scale \(scaleText), are "
                    + "\(NumberText.fixed(area / Double(1 << 20), digits: 1)) Mpx, more than the "
                    + "\(pixelBudget >> 20) Mpx budget; use a lower --scale",
                file: file)
        }
    }
}

/// The columns `--adaptive` (or a trace with `viewport` events) adds to `samples.csv`, after
/// all the others (DESIGN §4c): the sheet's presentation mode, left edge and width.
enum AdaptiveColumns {
    /// The header's added names.
    static let names = "mode,content_x,content_w"

    /// The sheet whose frame the columns give, for `scene` (nil: a scene without a sheet).
    static func sheet(scene: SceneChoice, adaptive: Bool) -> SheetPresenter? {
        scene.namesDetents ? SheetPresenter(rows: [], adaptive: adaptive ? .standard : nil) : nil
    }

    /// `mode`, `content_x` and `content_w` for a frame in `viewport` of a scene whose sheet
    /// is `sheet`: empty for scenes without one.
    static func fields(sheet: SheetPresenter?, viewport: Size) -> String {
        guard let sheet else { return ",," }
        let frame = sheet.sheetFrame(viewport: viewport)
        return sheet.mode(viewport: viewport).rawValue + ","
            + NumberText.fixed(frame.minX, digits: 4) + ","
            + NumberText.fixed(frame.width, digits: 4)
    }
}
