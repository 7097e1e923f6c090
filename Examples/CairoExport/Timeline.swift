import SwipeDismiss
import SwipeDismissCairo
import ToolSupport

/// The chart cannot be drawn: its data or an axis range is not finite.
struct PlotError: Error, CustomStringConvertible, Equatable {
    var description: String
}

/// `timeline.png`: the content offset and the backdrop alpha against time, with the
/// 200 pt release threshold and the 0.1 alpha floor marked (the sheet: its detents) and
/// each phase shaded; a thin line beside the offset is the pointer's translation while
/// pressed, started at the content's offset at the press. A trace that scrolls the sheet's
/// list adds its offset (`DismissState.scroll`) as a third curve on the offset axis.
struct Timeline {
    static let size = Size(width: 1200, height: 640)
    static let plot = Rect(x: 90, y: 70, width: 1010, height: 460)
    static let threshold = 200.0
    static let alphaFloor = 0.1

    let frames: [ExportFrame]
    let title: String
    let scale: Double
    /// The pointer's strokes, drawn beside the offset; nil draws none.
    var pointer: PointerTrack?
    /// Reference lines on the offset axis; the card's is its release threshold.
    var offsetMarks: [(offset: Double, label: String)] = [
        (Timeline.threshold, "200 pt release threshold")
    ]
    /// The alpha floor to mark, if the scene has one.
    var alphaFloorMark: Double? = Timeline.alphaFloor

    static let offsetColor = Color(hex: 0x007AFF)
    static let pointerColor = Color(hex: 0x1C1C1E)
    static let alphaColor = Color(hex: 0xFF3B30)
    static let scrollColor = Color(hex: 0xFF9500)

    static func color(for phase: DismissPhase) -> Color {
        switch phase {
        case .presenting: Color(hex: 0x5AC8FA)
        case .presented: Color(hex: 0xFFFFFF)
        case .dragging: Color(hex: 0xFFCC00)
        case .settling: Color(hex: 0x34C759)
        case .dismissing: Color(hex: 0xAF52DE)
        case .dismissed: Color(hex: 0x8E8E93)
        }
    }

    /// Writes the chart to `path` as PNG, whole or not at all.
    func write(to path: String) throws {
        let pixels = { (points: Double) in
            WholeNumber.clamped(points * scale, to: 1...ExportLimits.maximumSide, rounding: .up)
                ?? 1
        }
        let surface = try CairoSurface(
            imageWidth: pixels(Self.size.width), height: pixels(Self.size.height))
        let context = try CairoContext(surface: surface)
        context.scale(x: scale, y: scale)
        try draw(on: context)
        try context.checkStatus("drawing \(path)")
        try surface.writePNG(atomicallyTo: path)
    }

    /// Round tick values covering `low...high`, about `count` (1...100) of them.
    ///
    /// Throws for a range that is not finite; every loop is bounded, so no range (however
    /// huge, tiny or far from zero) can make it spin.
    static func ticks(from low: Double, to high: Double, count: Int) throws(PlotError) -> [Double] {
        guard low.isFinite, high.isFinite, (high - low).isFinite else {
            throw PlotError(
                description: "cannot plot the range \(NumberText.readable(low)) to "
                    + "\(NumberText.readable(high)): it is not finite")
        }
        guard high > low else { return [low] }
        let count = min(max(count, 1), 100)
        let raw = (high - low) / Double(count)
        guard raw.isNormal else { return [low, high] }
        // A power of ten at or below `raw`; `raw` is normal, so this is finite and exact enough.
        var magnitude = 1.0
        for _ in 0..<700 where magnitude * 10 <= raw { magnitude *= 10 }
        for _ in 0..<700 where magnitude > raw { magnitude /= 10 }
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        let first = (low / step).rounded(.up)
        var values: [Double] = []
        for index in 0...(2 * count + 2) {
            let value = (first + Double(index)) * step
            guard value <= high + step * 1e-9 else { break }
            values.append(abs(value) < step * 1e-9 ? 0 : value)
        }
        return values
    }

    private func draw(on context: CairoContext) throws {
        let states = frames.map(\.state)
        let axis = TimelineAxis(frames: frames)
        for state in states
        where
            !(state.offset.isFinite && state.alpha.isFinite && state.time.isFinite
            && state.scroll.isFinite)
        {
            throw PlotError(
                description: "cannot plot a non-finite value at t = "
                    + "\(NumberText.readable(state.time)) s")
        }
        let regular = try CairoFontFace(family: CairoPainter.fontFamily)
        let bold = try CairoFontFace(family: CairoPainter.fontFamily, bold: true)
        let plot = Self.plot
        let lastTime = max(axis.plotted(states.last?.time ?? 0), 1e-3)
        let strokes = pointerStrokes(states)
        let scrolls = states.contains { $0.scroll != 0 }
        let offsets =
            states.map(\.offset) + strokes.flatMap { $0.map(\.translation) }
            + (scrolls ? states.map(\.scroll) : [])
        let lowOffset = min(0, (offsets.min() ?? 0))
        let highOffset = max(
            (offsetMarks.map(\.offset).max() ?? Self.threshold) * 1.2, offsets.max() ?? 0)
        let offsetTicks = try Self.ticks(from: lowOffset, to: highOffset, count: 8)
        let offsetMin = min(lowOffset, offsetTicks.first ?? lowOffset)
        let offsetMax = max(highOffset, offsetTicks.last ?? highOffset)
        let alphaMax = max(0.35, (states.map(\.alpha).max() ?? 0) * 1.1)
        let timeTicks = try Self.ticks(from: 0, to: lastTime, count: 10)

        func x(_ time: Double) -> Double {
            plot.minX + axis.plotted(time) / lastTime * plot.width
        }
        func xPlotted(_ position: Double) -> Double { plot.minX + position / lastTime * plot.width }
        func yOffset(_ offset: Double) -> Double {
            plot.maxY - (offset - offsetMin) / (offsetMax - offsetMin) * plot.height
        }
        func yAlpha(_ alpha: Double) -> Double { plot.maxY - alpha / alphaMax * plot.height }

        context.setSource(.white)
        context.paint()

        // Phases, shaded behind everything; the bands run from frame to frame.
        var start = 0
        var phasesSeen: [DismissPhase] = []
        while start < states.count {
            let phase = states[start].phase
            var end = start
            while end + 1 < states.count, states[end + 1].phase == phase { end += 1 }
            if !phasesSeen.contains(phase) { phasesSeen.append(phase) }
            let left = x(states[start].time)
            let right = end + 1 < states.count ? x(states[end + 1].time) : plot.maxX
            context.setSource(Self.color(for: phase), opacity: 0.22)
            context.addRect(Rect(x: left, y: plot.minY, width: right - left, height: plot.height))
            context.fill()
            start = end + 1
        }

        // Grid and axes.
        context.setFontFace(regular)
        context.setFontSize(12)
        context.setLineWidth(1)
        for tick in offsetTicks {
            context.setSource(Color(hex: 0xE5E5EA))
            context.move(to: Point(x: plot.minX, y: yOffset(tick).rounded() + 0.5))
            context.line(to: Point(x: plot.maxX, y: yOffset(tick).rounded() + 0.5))
            context.stroke()
            context.setSource(Self.offsetColor)
            context.showText(
                NumberText.fixed(tick, digits: 0),
                at: Point(x: plot.minX - 8, y: yOffset(tick) + 4),
                alignment: .trailing)
        }
        for tick in try Self.ticks(from: 0, to: alphaMax, count: 7) {
            context.setSource(Self.alphaColor)
            context.move(to: Point(x: plot.maxX, y: yAlpha(tick)))
            context.line(to: Point(x: plot.maxX + 5, y: yAlpha(tick)))
            context.stroke()
            context.showText(
                NumberText.fixed(tick, digits: 2), at: Point(x: plot.maxX + 8, y: yAlpha(tick) + 4),
                alignment: .leading)
        }
        context.setSource(Color(hex: 0x3A3A3C))
        for tick in timeTicks where !axis.isInsideBreak(tick) {
            context.move(to: Point(x: xPlotted(tick), y: plot.maxY))
            context.line(to: Point(x: xPlotted(tick), y: plot.maxY + 5))
            context.stroke()
            context.showText(
                NumberText.fixed(axis.realTime(at: tick), digits: lastTime < 2 ? 2 : 1),
                at: Point(x: xPlotted(tick), y: plot.maxY + 20),
                alignment: .center)
        }
        drawBreaks(axis, on: context, at: xPlotted)
        context.setSource(Color(hex: 0x3A3A3C))
        context.addRect(plot)
        context.stroke()

        // Threshold and floor.
        context.setLineWidth(1.5)
        context.setDash([8, 5])
        for mark in offsetMarks {
            context.setSource(Self.offsetColor, opacity: 0.8)
            context.move(to: Point(x: plot.minX, y: yOffset(mark.offset)))
            context.line(to: Point(x: plot.maxX, y: yOffset(mark.offset)))
            context.stroke()
            context.showText(
                mark.label, at: Point(x: plot.minX + 8, y: yOffset(mark.offset) - 6),
                alignment: .leading)
        }
        if let floor = alphaFloorMark {
            context.setSource(Self.alphaColor, opacity: 0.8)
            context.move(to: Point(x: plot.minX, y: yAlpha(floor)))
            context.line(to: Point(x: plot.maxX, y: yAlpha(floor)))
            context.stroke()
            context.showText(
                "alpha floor \(NumberText.readable(floor))",
                at: Point(x: plot.maxX - 8, y: yAlpha(floor) - 6), alignment: .trailing)
        }
        context.setDash([])

        // The curves.
        func curve(_ value: (DismissState) -> Double, color: Color) {
            guard let first = states.first else { return }
            context.setSource(color)
            context.setLineWidth(2.5)
            context.move(to: Point(x: x(first.time), y: value(first)))
            for state in states.dropFirst() {
                context.line(to: Point(x: x(state.time), y: value(state)))
            }
            context.stroke()
        }
        context.save()
        context.addRect(plot)
        context.clip()
        context.setSource(Self.pointerColor, opacity: 0.75)
        context.setLineWidth(1.2)
        for stroke in strokes {
            guard let first = stroke.first else { continue }
            context.move(to: Point(x: x(first.time), y: yOffset(first.translation)))
            for sample in stroke.dropFirst() {
                context.line(to: Point(x: x(sample.time), y: yOffset(sample.translation)))
            }
            context.stroke()
        }
        curve({ yOffset($0.offset) }, color: Self.offsetColor)
        curve({ yAlpha($0.alpha) }, color: Self.alphaColor)
        if scrolls { curve({ yOffset($0.scroll) }, color: Self.scrollColor) }
        context.restore()

        // Titles and labels.
        context.setFontFace(bold)
        context.setFontSize(18)
        context.setSource(Color(hex: 0x1C1C1E))
        context.showText(title, at: Point(x: plot.minX, y: 34), alignment: .leading)
        context.setFontFace(regular)
        context.setFontSize(13)
        context.setSource(Color(hex: 0x3A3A3C))
        context.showText(
            "time (s)", at: Point(x: plot.midX, y: plot.maxY + 44), alignment: .center)
        context.save()
        context.translate(x: 30, y: plot.midY)
        context.concatenate(Transform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0))
        context.setSource(Self.offsetColor)
        context.showText("offset (pt)", at: .zero, alignment: .center)
        context.restore()
        context.save()
        context.translate(x: Self.size.width - 30, y: plot.midY)
        context.concatenate(Transform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        context.setSource(Self.alphaColor)
        context.showText("backdrop alpha", at: .zero, alignment: .center)
        context.restore()

        // Legend: the two curves, then the phases that occur.
        var legendX = plot.minX
        let legendY = Self.size.height - 28
        context.setFontSize(12)
        func legendEntry(_ label: String, color: Color, line: Bool) {
            if line {
                context.setSource(color)
                context.setLineWidth(2.5)
                context.move(to: Point(x: legendX, y: legendY - 4))
                context.line(to: Point(x: legendX + 22, y: legendY - 4))
                context.stroke()
            } else {
                context.setSource(color, opacity: 0.35)
                context.addRect(Rect(x: legendX, y: legendY - 11, width: 22, height: 12))
                context.fill()
                context.setSource(Color(hex: 0xC7C7CC))
                context.setLineWidth(1)
                context.addRect(Rect(x: legendX, y: legendY - 11, width: 22, height: 12))
                context.stroke()
            }
            context.setSource(Color(hex: 0x1C1C1E))
            context.move(to: Point(x: legendX + 28, y: legendY))
            context.showText(label)
            legendX += 28 + context.textExtents(label).advance + 22
        }
        legendEntry("offset", color: Self.offsetColor, line: true)
        if !strokes.isEmpty {
            legendEntry("pointer (from the press)", color: Self.pointerColor, line: true)
        }
        legendEntry("backdrop alpha", color: Self.alphaColor, line: true)
        if scrolls { legendEntry("list scroll", color: Self.scrollColor, line: true) }
        for phase in phasesSeen {
            legendEntry(phase.rawValue, color: Self.color(for: phase), line: false)
        }
    }

    /// The pointer's strokes as plotted: each press's translations added to the content's
    /// offset in the last frame at or before the press, so the line starts on the curve.
    func pointerStrokes(_ states: [DismissState]) -> [[PointerTrack.Sample]] {
        guard let pointer else { return [] }
        return pointer.strokes.map { stroke in
            guard let press = stroke.first?.time else { return stroke }
            let base = states.last { $0.time <= press }?.offset ?? states.first?.offset ?? 0
            return stroke.map {
                PointerTrack.Sample(time: $0.time, translation: base + $0.translation)
            }
        }
    }

    /// Marks each collapsed idle stretch: a hatched band labelled with its real length.
    private func drawBreaks(
        _ axis: TimelineAxis, on context: CairoContext, at x: (Double) -> Double
    ) {
        let plot = Self.plot
        for stretch in axis.plottedBreaks {
            let left = x(stretch.from)
            let right = x(stretch.to)
            context.setSource(.white, opacity: 0.5)
            context.addRect(Rect(x: left, y: plot.minY, width: right - left, height: plot.height))
            context.fill()
            context.setSource(Color(hex: 0x8E8E93))
            context.setLineWidth(1)
            context.setDash([3, 3])
            for edge in [left, right] {
                context.move(to: Point(x: edge, y: plot.minY))
                context.line(to: Point(x: edge, y: plot.maxY))
                context.stroke()
            }
            context.setDash([])
            context.save()
            context.translate(x: (left + right) / 2, y: plot.midY)
            context.concatenate(Transform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0))
            context.setSource(Color(hex: 0x3A3A3C))
            context.showText(Storyboard.restLabel(stretch.length), at: .zero, alignment: .center)
            context.restore()
        }
    }
}

extension Rect {
    fileprivate var midX: Double { minX + width / 2 }
    fileprivate var midY: Double { minY + height / 2 }
}
