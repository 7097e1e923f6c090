/// Something a sheet stack tells its observers: which level, and what happened to it.
///
/// Level 0 is the bottom sheet (the root); each sheet presented over the top one is one
/// level higher. A level's number is its place in the stack, so a sheet presented after
/// level 2 left is level 2 again: its `presentation` tells the two apart.
public struct StackEvent: Hashable, Sendable {
    /// The level the event concerns: 0 for the root, 1 for the sheet over it, and so on.
    public var level: Int
    /// What happened to that level's sheet, as a single sheet's controller reports it.
    public var event: DismissEvent
}

/// What a step of the stack asks its driver to do.
package enum StackEffect: Hashable, Sendable {
    /// A level's machine asked for `effect` (tell the observers, draw, complete a call).
    case level(Int, DismissEffect)
    /// Space or Enter asked for a new sheet over the top one, as level `level`: the driver
    /// presents one if it knows what to present (`SheetStack.push`).
    case levelRequested(Int)
}

/// The stack's picture at one time: what a tool samples and a presenter draws from.
public struct StackState: Hashable, Sendable {
    /// How many sheets are not dismissed (a sheet on its way out still counts).
    public var depth: Int
    /// The top sheet's state (the highest level not dismissed; the root when none is),
    /// with `alpha` the one backdrop's alpha.
    public var top: DismissState
    /// The state of the sheet under the top one; nil at depth 1 or less.
    public var parent: DismissState?
    /// The scale the sheet under the top one is drawn at (`1 − 0.06 × v`); nil at depth 1
    /// or less.
    public var parentScale: Double?

    /// The top sheet's state with the stack's backdrop alpha, its parent and the depth.
    package init(depth: Int, top: DismissState, parent: DismissState?, parentScale: Double?) {
        self.depth = depth
        self.top = top
        self.parent = parent
        self.parentScale = parentScale
    }
}
