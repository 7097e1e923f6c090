import SwipeDismiss
import SwipeDismissTrace

/// The pointer's translation along the dismiss direction while it is pressed, read from the
/// trace's events: counted from the press point, one stroke per press, ending at the
/// release or cancel. The timeline draws it beside the content's offset, so a lagging card
/// (the seed preset's springs) shows at a glance.
struct PointerTrack: Equatable {
    /// One event of a stroke: its time and the pointer's translation then, in points.
    struct Sample: Equatable {
        var time: Double
        var translation: Double
    }

    /// The presses in trace order; each starts at its press with translation 0.
    let strokes: [[Sample]]

    /// The track of `trace`'s presses, measured along `direction` (`.free`: the distance
    /// from the press point).
    init(trace: GestureTrace, direction: DismissDirection) {
        let unit = direction.unit
        var strokes: [[Sample]] = []
        var press: Point?
        var current: [Sample] = []
        // Under `.free` the content's offset is its distance from rest: so is the track.
        func along(_ point: Point, from start: Point) -> Double {
            direction == .free
                ? (point - start).length
                : (point.x - start.x) * unit.x + (point.y - start.y) * unit.y
        }
        func end() {
            if !current.isEmpty { strokes.append(current) }
            current = []
            press = nil
        }
        for event in trace.events {
            switch event.kind {
            case .down(let point):
                end()
                press = point
                current = [Sample(time: event.time, translation: 0)]
            case .move(let point):
                if let press {
                    current.append(Sample(time: event.time, translation: along(point, from: press)))
                }
            case .up(let point):
                if let press {
                    current.append(Sample(time: event.time, translation: along(point, from: press)))
                }
                end()
            case .cancel:
                if let last = current.last {
                    current.append(Sample(time: event.time, translation: last.translation))
                }
                end()
            case .key, .scroll, .scrollStop, .viewport:
                // The track follows the pointer only; scrolls have no pointer position.
                break
            }
        }
        end()
        self.strokes = strokes
    }

    /// The translation at `time`: the latest event's at or before it, while pressed (from
    /// the press to the release, both included); nil when the pointer is not pressed.
    func translation(at time: Double) -> Double? {
        for stroke in strokes {
            guard let first = stroke.first, let last = stroke.last,
                time >= first.time, time <= last.time
            else { continue }
            return stroke.last { $0.time <= time }?.translation
        }
        return nil
    }
}
