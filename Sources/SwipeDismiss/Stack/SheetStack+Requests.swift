/// The calls an app makes on a stack: present a sheet over the top one, dismiss or move any
/// level, answer a veto. Each may be numbered so its outcome comes back as one `.complete`.
extension SheetStack {
    /// Where a new sheet goes: over the level that takes input, or in the root's place when
    /// the root is leaving or gone (nothing is shown).
    package var pushIndex: Int {
        levels[0].isLeaving ? 0 : inputLevel + 1
    }

    /// Presents `machine` (a sheet laid out for its own presenter, made dismissed at the
    /// stack's `time`) over the top sheet, at level `pushIndex`.
    ///
    /// A level above the input level that is still leaving ends first (its `didDismiss`
    /// comes before the new sheet's events); with nothing shown, `machine` takes the root's
    /// place. A drag in progress on the sheet below is cancelled (it springs back): the new
    /// sheet takes the input from now on. Request `request` completes as
    /// `DismissMachine.present` says.
    mutating func pushMachine(
        _ machine: DismissMachine, animated: Bool = true, request: Int? = nil,
        environment: some StackEnvironment
    ) {
        let index = pushIndex
        if index == 0 {
            finishLevels(above: 0, environment: environment)
            if levels[0].phase != .dismissed {
                collect(
                    0,
                    levels[0].dismiss(
                        animated: false, force: true,
                        environment: environment.environment(forLevel: 0)))
            }
            levels[0] = machine
        } else {
            finishLevels(above: index - 1, environment: environment)
            let below = index - 1
            if levels[below].phase == .dragging || levels[below].input.pointer.isPressed {
                collect(
                    below,
                    levels[below].handle(
                        InputEvent(time: levels[below].time, kind: .cancel),
                        environment: environment.environment(forLevel: below)))
            }
            levels.append(machine)
        }
        collect(
            index,
            levels[index].present(
                animated: animated, request: request,
                environment: environment.environment(forLevel: index)))
    }

    /// Presents the root again if nothing is shown (or it is leaving); request `request`
    /// completes as `DismissMachine.present` says (at once when it is shown).
    mutating func presentRootLevel(
        animated: Bool = true, request: Int? = nil, environment: some StackEnvironment
    ) {
        collect(
            0,
            levels[0].present(
                animated: animated, request: request,
                environment: environment.environment(forLevel: 0)))
    }

    /// Dismisses the sheet at `level` with no velocity if its policy allows (or `force`):
    /// the levels above it first, at once and top first, each with its own `didDismiss`;
    /// then `level` itself, animated or not. A veto (by `level`'s policy only, read before
    /// anything moves) leaves every level as it was. A level not in the stack has already
    /// left: `request` completes with true.
    mutating func dismissLevel(
        level: Int, animated: Bool = true, force: Bool = false, request: Int? = nil,
        environment: some StackEnvironment
    ) {
        guard level >= 0, level < levels.count else {
            if let request {
                effects.append(.level(level, .complete(request: request, succeeded: true)))
            }
            return
        }
        if levels[level].isShown, !force, !levels[level].policy.allows(.programmatic) {
            // The level's own veto: reported, and nothing above it moves.
            return collect(
                level,
                levels[level].dismiss(
                    animated: animated, request: request,
                    environment: environment.environment(forLevel: level)))
        }
        finishLevels(above: level, environment: environment)
        collect(
            level,
            levels[level].dismiss(
                animated: animated, force: true, request: request,
                environment: environment.environment(forLevel: level)))
        removeLeftLevels()
    }

    /// Sends the sheet at `level` to `detent` (`DismissMachine.move`); `.dismissed`
    /// dismisses it as `dismiss(level:)` does, the levels above it first. A level not in
    /// the stack completes `request` with false.
    mutating func moveLevel(
        level: Int, to detent: Detent.ID, animated: Bool = true, request: Int? = nil,
        environment: some StackEnvironment
    ) {
        guard level >= 0, level < levels.count else {
            if let request {
                effects.append(.level(level, .complete(request: request, succeeded: false)))
            }
            return
        }
        if detent == .dismissed, levels[level].layout.index(of: detent) != nil {
            return dismissLevel(
                level: level, animated: animated, request: request, environment: environment)
        }
        collect(
            level,
            levels[level].move(
                to: detent, animated: animated, request: request,
                environment: environment.environment(forLevel: level)))
    }

    /// Answers the pending vetoed dismissal of the sheet at `level` with "keep it".
    mutating func declineLevel(level: Int, environment: some StackEnvironment) {
        guard level >= 0, level < levels.count else { return }
        collect(
            level,
            levels[level].declineDismissal(environment: environment.environment(forLevel: level)))
    }
}
