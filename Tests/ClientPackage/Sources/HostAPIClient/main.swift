// Drives a sheet the way an app does, through the public API only (DESIGN §4b "Host API"), and
// exits 1 naming the first promise that does not hold.
import SwipeDismiss
import SwipeDismissNull

#if canImport(Glibc)
    import Glibc
#endif

var failures = 0
@MainActor func check(_ holds: Bool, _ promise: String) {
    print("\(holds ? "ok  " : "FAIL") \(promise)")
    if !holds { failures += 1 }
}

let clock = ManualClock()
let sheet = DismissController(
    input: QueuedInputSource(), presenter: SheetPresenter(), renderer: NullRenderer(),
    clock: clock, configuration: .sheet(), presented: false)
var events: [DismissEvent] = []
let observation = sheet.addObserver { events.append($0) }

/// Steps at 60 Hz while something moves; returns how many frames were drawn.
@MainActor func framesUntilAtRest() throws -> Int {
    var frames = 0
    while sheet.isAnimating {
        clock.advance(by: 1.0 / 60)
        if try sheet.step() { frames += 1 }
    }
    return frames
}

do {
    try sheet.step(forceRender: true)
    clock.set(to: 10)  // an idle gap: nothing stepped for 10 s
    var presented = 0
    sheet.present { presented += 1 }
    let presentFrames = try framesUntilAtRest()
    check(presentFrames > 20, "present() after an idle gap animates (\(presentFrames) frames)")
    check(presented == 1, "present's completion ran once")

    clock.set(to: 20)
    var moves: [Bool] = []
    sheet.move(to: .large) { moves.append($0) }
    let moveFrames = try framesUntilAtRest()
    let changes = events.filter {
        if case .detentChanged(.medium, .large) = $0 { return true }
        return false
    }
    check(moveFrames > 10 && sheet.state.detent == .large, "move(to: .large) springs there")
    check(changes.count == 1 && moves == [true], "one detentChanged and one completion (true)")

    sheet.move(to: "peek") { moves.append($0) }
    check(moves == [true, false] && sheet.state.detent == .large, "an unknown detent is refused")

    clock.set(to: 30)
    observation.cancel()
    let seen = events.count
    var dismissed: [Bool] = []
    sheet.dismiss { dismissed.append($0) }
    let dismissFrames = try framesUntilAtRest()
    check(dismissFrames > 5 && dismissed == [true], "dismiss() after an idle gap animates")
    check(events.count == seen, "a cancelled observation is not called")

    var configuration = DismissConfiguration.sheet()
    configuration.detents = [Detent("full", position: .fraction(0.05))]
    configuration.presentedDetent = "full"
    do {
        try configuration.validate()
        check(false, "validate() refuses dim stops naming a detent the sheet lacks")
    } catch let error as ConfigurationError {
        check(error.field == "alphaCurve.stops[0].detent", "validate() names the field: \(error)")
    }
} catch {
    check(false, "no error thrown: \(error)")
}
exit(failures == 0 ? 0 : 1)
