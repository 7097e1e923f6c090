import SwipeDismiss

/// The `--events` line of a stack's phase change: the sheet line of `state` (the level's
/// own, its alpha the one backdrop's) with its detent, then `"level":…,"depth":…`:
/// `{"t":…,"phase":"presenting","offset":…,"alpha":0.3,"detent":"medium","level":1,"depth":2}`.
package func stackEventLine(
    _ state: DismissState, level: Int, depth: Int, backdropAlpha: Double,
    mode: PresentationMode? = nil
) -> String {
    var shown = state
    shown.alpha = backdropAlpha
    let line = eventLine(shown, namingDetent: true, mode: mode)
    return line.dropLast() + ",\"level\":\(level),\"depth\":\(depth)}"
}

/// `--events` for a stack (the demos' `--scene stack`): each level's phase change as a
/// `stackEventLine`, vetoed attempts and pass-through presses as the one-sheet lines, each
/// handed to `print`.
package func printEvents(
    of stack: SheetStackController, namingMode: Bool = false,
    with print: @escaping (String) -> Void
) {
    stack.addObserver { [unowned stack] event in
        switch event.event {
        case .phaseChanged(_, _, let state):
            print(
                stackEventLine(
                    state, level: event.level, depth: stack.depth,
                    backdropAlpha: stack.backdropAlpha,
                    mode: namingMode ? stack.presentationMode : nil))
        case .detentChanged where namingMode:
            // A resize that changes the mode lands each level at the mode's detent.
            if let state = stack.state(ofLevel: event.level) {
                print(
                    stackEventLine(
                        state, level: event.level, depth: stack.depth,
                        backdropAlpha: stack.backdropAlpha, mode: stack.presentationMode))
            }
        case .dismissAttempted(let reason):
            print(attemptLine(reason, state: stack.state.top))
        case .passedThrough(let point):
            print(passThroughLine(point, state: stack.state.top))
        default:
            break
        }
    }
}
