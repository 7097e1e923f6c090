import ToolSupport

/// The timeline's time axis: real time, except that each collapsed idle stretch is drawn
/// `shownWidth` seconds wide, so a 30-minute pause does not squeeze the motion to a sliver.
struct TimelineAxis: Equatable {
    /// One collapsed stretch: where it starts and how long it really lasts, in seconds.
    struct Break: Equatable {
        var start: Double
        var length: Double
    }

    /// How wide (in plotted seconds) a collapsed stretch is drawn.
    static let shownWidth = Exporter.idleCollapse

    let breaks: [Break]

    /// The axis for `frames`: a break for every frame that stands for a stretch longer than
    /// `shownWidth`.
    init(frames: [ExportFrame]) {
        breaks = frames.compactMap { frame in
            guard let length = frame.restDuration, length > Self.shownWidth else { return nil }
            return Break(start: frame.state.time, length: length)
        }
    }

    /// Where real time `time` lies on the plotted axis.
    func plotted(_ time: Double) -> Double {
        var removed = 0.0
        for stretch in breaks {
            if time >= stretch.start + stretch.length {
                removed += stretch.length - Self.shownWidth
            } else if time > stretch.start {
                let inside = (time - stretch.start) / stretch.length * Self.shownWidth
                return stretch.start - removed + inside
            } else {
                break
            }
        }
        return time - removed
    }

    /// The plotted span of each break: (from, to, real length).
    var plottedBreaks: [(from: Double, to: Double, length: Double)] {
        breaks.map { stretch in
            let from = plotted(stretch.start)
            return (from, from + Self.shownWidth, stretch.length)
        }
    }

    /// The real time at plotted position `position` (outside any break), for tick labels.
    func realTime(at position: Double) -> Double {
        var added = 0.0
        for stretch in plottedBreaks where position >= stretch.to {
            added += stretch.length - Self.shownWidth
        }
        return position + added
    }

    /// Whether plotted `position` falls inside a break (where no tick is labelled).
    func isInsideBreak(_ position: Double) -> Bool {
        plottedBreaks.contains { position > $0.from && position < $0.to }
    }
}
