/// What a sheet stack asks of the world per level: each level's geometry.
package protocol StackEnvironment {
    /// The environment one level's machine asks.
    associatedtype Level: DismissEnvironment
    /// The hit test and regions of the sheet at `level`.
    func environment(forLevel level: Int) -> Level
}

/// Sheets over sheets as a pure value: one `DismissMachine` per level, the rules that tie
/// them together, and effects out (each tagged with its level).
///
/// - The top level takes the input: the highest level that is neither leaving nor gone
///   (the root when every level is). Escape, a drag, a flick and a backdrop tap reach that
///   sheet only; the levels under it just follow time.
/// - A key's `.present` (`perform(_:environment:)`; the tools bind Space and Enter) on a
///   presented top asks for a new level (`.levelRequested`) while the sheets staying on
///   screen (a top one on its way out not counted) are fewer than `keyPresentLimit`; with
///   nothing shown the root presents itself again.
/// - Dismissing a lower level dismisses the levels above it first, top first, each at once
///   and with its own `didDismiss`; then the level itself leaves. A level that starts to
///   leave while a level above it is still leaving ends that one first, so every
///   `didDismiss` comes top first and a level's number never changes while it is shown.
/// - One backdrop: the largest alpha of the sheets in the stack, so it follows the top sheet
///   at depth 1 and never dips while a sheet comes in, is dragged or leaves over another.
/// - A sheet under another recedes: its scale is `1 − recession × v`, `v` the visibility of
///   the sheet right above it (`visibility(ofLevel:)`).
///
/// Level 0 (the root) stays in the stack when dismissed, so it can be presented again; a
/// higher level is removed once it has left.
///
/// Each level's policy is its machine's `policy`, data the driver refreshes before each
/// call; `dismiss(level:)` reads the level's before ending the levels above it.
package struct SheetStack: Sendable {
    /// How much a sheet shrinks under a fully visible child: 0.06 (scale 0.94).
    package static let recession = 0.06

    /// The machines, root first; the last is the top of the stack.
    package internal(set) var levels: [DismissMachine]
    /// Effects gathered by the call in progress, oldest first; the call returns them.
    var effects: [StackEffect] = []
    /// Space and Enter ask for a new level only while fewer sheets than this stay shown (a
    /// sheet on its way out does not count: the new one takes its place); a negative limit
    /// counts as 0.
    package var keyPresentLimit: Int {
        didSet { keyPresentLimit = max(0, keyPresentLimit) }
    }

    /// A stack holding `root` (presented or not), Space and Enter presenting up to
    /// `keyPresentLimit` sheets (any limit: `Int.max` never stops them, a negative one
    /// counts as 0).
    package init(root: DismissMachine, keyPresentLimit: Int = 3) {
        levels = [root]
        self.keyPresentLimit = max(0, keyPresentLimit)
        levels.reserveCapacity(min(max(3, keyPresentLimit), 15) + 1)
        effects.reserveCapacity(16)
    }

    // MARK: Reading

    /// The latest time any level has reached.
    package var time: Double {
        var latest = levels[0].time
        for index in levels.indices where levels[index].time > latest {
            latest = levels[index].time
        }
        return latest
    }

    /// How many sheets are not dismissed (one on its way out still counts).
    package var depth: Int {
        var count = 0
        for index in levels.indices where levels[index].phase != .dismissed { count += 1 }
        return count
    }

    /// The level drawn on top: the highest one (the root when nothing else is shown).
    package var top: Int { levels.count - 1 }

    /// The level that takes the input: the highest one neither leaving nor gone, else the
    /// root.
    package var inputLevel: Int {
        var index = levels.count - 1
        while index > 0, levels[index].isLeaving { index -= 1 }
        return index
    }

    /// Whether something moves in any level.
    package var isAnimating: Bool {
        for index in levels.indices where levels[index].isAnimating { return true }
        return false
    }

    /// The one backdrop's alpha: the largest of the levels' alphas (at depth 1, the top
    /// sheet's by its own rule).
    package var backdropAlpha: Double {
        var alpha = 0.0
        for index in levels.indices { alpha = max(alpha, levels[index].state.alpha) }
        return alpha
    }

    /// How visible the sheet at `level` is, as its parent's recession reads it: 1 at or
    /// above its lowest resting detent (the sheet's `medium`), falling linearly with its
    /// offset to 0 fully off screen, times its opacity (reduced motion cross-fades it).
    package func visibility(ofLevel level: Int) -> Double {
        let machine = levels[level]
        guard machine.phase != .dismissed else { return 0 }
        let layout = machine.layout
        let offset = machine.offset
        let span = layout.distance - layout.lowest
        let seen: Double
        if span > 0 {
            seen = min(1, max(0, (layout.distance - offset) / span))
        } else {
            seen = offset < layout.distance ? 1 : 0
        }
        return seen * machine.state.contentOpacity
    }

    /// The scale the sheet at `level` is drawn at: `1 − 0.06 × v` under a sheet of
    /// visibility `v`, 1 for the top one.
    package func scale(ofLevel level: Int) -> Double {
        guard level + 1 < levels.count else { return 1 }
        return 1 - Self.recession * visibility(ofLevel: level + 1)
    }

    /// The state of the sheet at `level` at its own time.
    package func state(ofLevel level: Int) -> DismissState {
        levels[level].state
    }

    /// The stack as a tool samples it: depth, the top sheet (alpha: the backdrop's) and the
    /// sheet under it with its scale.
    package var state: StackState {
        var top = levels[self.top].state
        top.alpha = backdropAlpha
        let parentLevel = self.top - 1
        guard parentLevel >= 0 else {
            return StackState(depth: depth, top: top, parent: nil, parentScale: nil)
        }
        return StackState(
            depth: depth, top: top, parent: levels[parentLevel].state,
            parentScale: scale(ofLevel: parentLevel))
    }

    // MARK: Driving

    /// Moves every level to `newTime`, top first, and removes levels that have left.
    mutating func advanceAll(to newTime: Double, environment: some StackEnvironment) {
        advanceLevels(to: newTime, from: levels.count - 1, environment: environment)
    }

    /// Applies one input at its own time to the level that takes input (a key only moves
    /// time: its intent comes through `perform(_:environment:)`).
    mutating func handleInput(_ event: InputEvent, environment: some StackEnvironment) {
        guard event.time.isFinite else { return }
        advanceLevels(to: max(event.time, time), from: levels.count - 1, environment: environment)
        route(event, environment: environment)
    }

    /// Moves the levels from `start` down to the root to `newTime`, then removes levels
    /// that have left.
    mutating func advanceLevels(
        to newTime: Double, from start: Int, environment: some StackEnvironment
    ) {
        var index = start
        while index >= 0 {
            collect(
                index,
                levels[index].advance(
                    to: newTime, environment: environment.environment(forLevel: index)))
            // A touchpad pan that ends at its deadline may send the level on its way out.
            levelMayHaveStartedLeaving(index, environment: environment)
            index -= 1
        }
        removeLeftLevels()
    }

    /// Gives `event`, at the stack's time, to the level that takes input.
    mutating func route(_ event: InputEvent, environment: some StackEnvironment) {
        let level = inputLevel
        collect(
            level,
            levels[level].handle(event, environment: environment.environment(forLevel: level)))
        levelMayHaveStartedLeaving(level, environment: environment)
    }

    /// Carries out what a key asked for (`KeyIntent`) at the level that takes input: a
    /// `.present` on a presented top asks for a new level (`.levelRequested`) while fewer
    /// than `keyPresentLimit` sheets stay shown; with nothing shown the root presents itself.
    mutating func carryOut(_ intent: KeyIntent, environment: some StackEnvironment) {
        let level = inputLevel
        if intent == .present || intent == .activateOrPresent, levels[level].isShown,
            !levels[level].isDismissAttemptPending,
            pushIndex < keyPresentLimit
        {
            return effects.append(.levelRequested(pushIndex))
        }
        collect(
            level,
            levels[level].perform(intent, environment: environment.environment(forLevel: level)))
        levelMayHaveStartedLeaving(level, environment: environment)
    }

    /// Lays every level out again (the viewport changed): `layouts[i]` is level `i`'s.
    mutating func relayoutLevels(_ layouts: [DetentLayout], animated: Bool = false) {
        for index in levels.indices where index < layouts.count {
            collect(index, levels[index].relayout(layouts[index], animated: animated))
        }
    }

    /// Lays every level out again with what its geometry measured: detents and list lengths.
    mutating func relayoutLevels(measured: [SheetGeometry.Measured], animated: Bool = false) {
        for index in levels.indices where index < measured.count {
            collect(
                index, SheetGeometry.relayout(&levels[index], measured[index], animated: animated))
        }
    }

    // MARK: Helpers

    /// Adds the effects level `index` produced to the stack's, tagged with the level.
    mutating func collect(_ index: Int, _ produced: [DismissEffect]) {
        for effect in produced { effects.append(.level(index, effect)) }
    }

    /// Once level `index` is leaving, any level above it (itself leaving) ends now, top
    /// first, so `didDismiss` comes in order.
    mutating func levelMayHaveStartedLeaving(
        _ index: Int, environment: some StackEnvironment
    ) {
        guard levels[index].isLeaving, index < levels.count - 1 else { return }
        finishLevels(above: index, environment: environment)
    }

    /// Ends every level above `index` at once, top first, each with its own `didDismiss`,
    /// and removes them.
    mutating func finishLevels(above index: Int, environment: some StackEnvironment) {
        while levels.count - 1 > index {
            let top = levels.count - 1
            if levels[top].phase != .dismissed {
                collect(
                    top,
                    levels[top].dismiss(
                        animated: false, force: true,
                        environment: environment.environment(forLevel: top)))
            }
            levels.removeLast()
        }
    }

    /// Removes levels above the root that have left, from the top.
    mutating func removeLeftLevels() {
        while levels.count > 1, levels[levels.count - 1].phase == .dismissed {
            levels.removeLast()
        }
    }
}

extension DismissMachine {
    /// On its way out or gone.
    var isLeaving: Bool { phase == .dismissing || phase == .dismissed }
    /// On screen and staying: presenting, at rest, dragged or settling.
    var isShown: Bool { !isLeaving }
}
