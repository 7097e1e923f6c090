/// The calls an app makes on a stack: present a sheet over the top one, present the root
/// again, dismiss or move a level, answer a veto. Each starts at the clock's time; one made
/// from a policy counts as declining and runs once the call being decided is done.
extension SheetStackController {
    /// Presents `level` over the top sheet (with nothing shown, in the root's place),
    /// starting at the clock's time. A sheet still leaving above the top ends first.
    ///
    /// - Parameters:
    ///   - level: The new sheet's configuration, presenter and policy.
    ///   - animated: Whether it springs in; false puts it at rest on the next frame.
    ///   - completion: Called once, when it comes to rest (or a dismissal cuts it short).
    public func present(
        _ level: StackLevel, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
        if driver.defers({ self.present(level, animated: animated, completion: completion) }) {
            return
        }
        let request = driver.hub.register(completion.map { done in { _ in done() } })
        driver.catchUp()
        push(level, animated: animated, request: request)
    }

    /// Presents the root again when nothing is shown (completion at once when it is).
    public func presentRoot(animated: Bool = true, completion: (() -> Void)? = nil) {
        if driver.defers({ self.presentRoot(animated: animated, completion: completion) }) {
            return
        }
        driver.call(asking: .nothing, completion: completion.map { done in { _ in done() } }) {
            $0.stack.presentRoot(animated: animated, request: $1, environment: $0.environments)
        }
    }

    /// Dismisses the sheet at `level` (the top one when nil) if its policy allows (or
    /// `force`): the sheets above it leave first, at once and top first, each with its own
    /// `didDismiss`.
    ///
    /// - Parameters:
    ///   - level: Which sheet; nil for the one that takes input.
    ///   - animated: Whether it leaves on its spring; false takes it away on the next frame.
    ///   - force: Skips the level's policy (and confirms its pending vetoed attempt).
    ///   - completion: Called once: true once it has left, false when vetoed or cut short.
    public func dismiss(
        level: Int? = nil, animated: Bool = true, force: Bool = false,
        completion: ((Bool) -> Void)? = nil
    ) {
        if driver.defers({
            self.dismiss(level: level, animated: animated, force: force, completion: completion)
        }) {
            return
        }
        let reasons = force ? DriverAsking.nothing : .programmatic(level: level)
        driver.call(asking: reasons, completion: completion) {
            $0.stack.dismiss(
                level: level ?? $0.stack.inputLevel, animated: animated, force: force,
                request: $1, environment: $0.environments)
        }
    }

    /// Sends the sheet at `level` (the top one when nil) to `detent`, as
    /// `DismissController.move(to:animated:completion:)` does.
    public func move(
        level: Int? = nil, to detent: Detent.ID, animated: Bool = true,
        completion: ((Bool) -> Void)? = nil
    ) {
        if driver.defers({
            self.move(level: level, to: detent, animated: animated, completion: completion)
        }) {
            return
        }
        let reasons = detent == .dismissed ? DriverAsking.programmatic(level: level) : .nothing
        driver.call(asking: reasons, completion: completion) {
            $0.stack.move(
                level: level ?? $0.stack.inputLevel, to: detent, animated: animated,
                request: $1, environment: $0.environments)
        }
    }

    /// Answers the pending vetoed dismissal of the sheet at `level` (the top one when nil)
    /// with "keep it".
    public func declineDismissal(level: Int? = nil) {
        if driver.defers({ self.declineDismissal(level: level) }) { return }
        driver.call(asking: .nothing, completion: nil) { model, _ in
            model.stack.declineDismissal(
                level: level ?? model.stack.inputLevel, environment: model.environments)
        }
    }
}
