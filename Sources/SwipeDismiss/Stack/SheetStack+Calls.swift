/// The calls a driver makes on a stack. Like a machine's, each returns the effects it asks
/// for, oldest first, each tagged with its level (their buffer is reused once the caller
/// lets go of it, so a steady frame allocates nothing to return them).
extension SheetStack {
    /// Moves every level to `newTime`, top first, and removes levels that have left.
    @discardableResult
    package mutating func advance(to newTime: Double, environment: some StackEnvironment)
        -> [StackEffect]
    {
        call { $0.advanceAll(to: newTime, environment: environment) }
    }

    /// Applies one input at its own time to the level that takes input (a key only moves
    /// time: its intent comes through `perform(_:environment:)`).
    @discardableResult
    package mutating func handle(_ event: InputEvent, environment: some StackEnvironment)
        -> [StackEffect]
    {
        call { $0.handleInput(event, environment: environment) }
    }

    /// Carries out what a key asked for at the level that takes input: a `.present` on a
    /// presented top asks for a new level (`.levelRequested`) while fewer than
    /// `keyPresentLimit` sheets stay shown; with nothing shown the root presents itself.
    @discardableResult
    package mutating func perform(_ intent: KeyIntent, environment: some StackEnvironment)
        -> [StackEffect]
    {
        call { $0.carryOut(intent, environment: environment) }
    }

    /// Scrolls the list of the sheet at `level` to show the content range `top..<bottom`
    /// (`DismissMachine.revealInList`).
    @discardableResult
    package mutating func revealInList(
        level: Int, top: Double, bottom: Double, environment: some StackEnvironment
    ) -> [StackEffect] {
        call {
            guard level >= 0, level < $0.levels.count else { return }
            $0.collect(
                level,
                $0.levels[level].revealInList(
                    top: top, bottom: bottom, environment: environment.environment(forLevel: level))
            )
        }
    }

    /// Lays every level out again (the viewport changed; with `animated`, the detents were
    /// invalidated): `layouts[i]` is level `i`'s (`DismissMachine.relayout(_:animated:)`).
    @discardableResult
    package mutating func relayout(_ layouts: [DetentLayout], animated: Bool = false)
        -> [StackEffect]
    {
        call { $0.relayoutLevels(layouts, animated: animated) }
    }

    /// Lays every level out again with its geometry (the viewport changed; with `animated`,
    /// the detents were invalidated): `geometries[i]` is level `i`'s, and gives it its
    /// detents and its list's lengths (`SheetGeometry.relayout(_:animated:)`), so a
    /// detent-sized list fits the new window as a single sheet's does.
    @discardableResult
    package mutating func relayout(geometries: [SheetGeometry], animated: Bool = false)
        -> [StackEffect]
    {
        var measured: [SheetGeometry.Measured] = []
        for index in levels.indices where index < geometries.count {
            measured.append(geometries[index].measured(for: levels[index].configuration))
        }
        return relayout(measured: measured, animated: animated)
    }

    /// `relayout(geometries:animated:)` with what each level's geometry measured
    /// (`measured[i]` is level `i`'s): no presenter code runs.
    @discardableResult
    package mutating func relayout(measured: [SheetGeometry.Measured], animated: Bool = false)
        -> [StackEffect]
    {
        call { $0.relayoutLevels(measured: measured, animated: animated) }
    }

    /// Presents `machine` (dismissed, at the stack's `time`) over the top sheet, at level
    /// `pushIndex`; a drag on the sheet below is cancelled, a level still leaving above the
    /// input level ends first. Request `request` completes as `DismissMachine.present` says.
    @discardableResult
    package mutating func push(
        _ machine: DismissMachine, animated: Bool = true, request: Int? = nil,
        environment: some StackEnvironment
    ) -> [StackEffect] {
        call {
            $0.pushMachine(
                machine, animated: animated, request: request, environment: environment)
        }
    }

    /// Presents the root again if nothing is shown (or it is leaving); request `request`
    /// completes as `DismissMachine.present` says (at once when it is shown).
    @discardableResult
    package mutating func presentRoot(
        animated: Bool = true, request: Int? = nil, environment: some StackEnvironment
    ) -> [StackEffect] {
        call { $0.presentRootLevel(animated: animated, request: request, environment: environment) }
    }

    /// Dismisses the sheet at `level` if its policy allows (or `force`): the levels above it
    /// first, at once and top first, then `level` itself. A veto leaves every level as it
    /// was; a level not in the stack has already left (`request` completes with true).
    @discardableResult
    package mutating func dismiss(
        level: Int, animated: Bool = true, force: Bool = false, request: Int? = nil,
        environment: some StackEnvironment
    ) -> [StackEffect] {
        call {
            $0.dismissLevel(
                level: level, animated: animated, force: force, request: request,
                environment: environment)
        }
    }

    /// Sends the sheet at `level` to `detent` (`DismissMachine.move`); `.dismissed`
    /// dismisses it as `dismiss(level:)` does. A level not in the stack completes `request`
    /// with false.
    @discardableResult
    package mutating func move(
        level: Int, to detent: Detent.ID, animated: Bool = true, request: Int? = nil,
        environment: some StackEnvironment
    ) -> [StackEffect] {
        call {
            $0.moveLevel(
                level: level, to: detent, animated: animated, request: request,
                environment: environment)
        }
    }

    /// Answers the pending vetoed dismissal of the sheet at `level` with "keep it".
    @discardableResult
    package mutating func declineDismissal(level: Int, environment: some StackEnvironment)
        -> [StackEffect]
    {
        call { $0.declineLevel(level: level, environment: environment) }
    }

    /// Runs one call: forgets the effects the last call returned, then returns this one's.
    private mutating func call(_ body: (inout SheetStack) -> Void) -> [StackEffect] {
        effects.removeAll(keepingCapacity: true)
        body(&self)
        return effects
    }
}
