/// Draws a stack of sheets as one scene: the root's screen behind, one backdrop, then each
/// level's sheet (its own presenter's layers), a parent scaled about its top centre.
///
/// Each level's presenter lays out its own scene once per viewport; the stack presenter
/// takes from it the layers from its first `.content` layer up to, not including, its last
/// layer when that is a `.decoration` (the "present again" hint, which only the root's
/// scene keeps, at the very top). Every frame each level's presenter updates its own scene
/// for its own state, and the stack presenter copies those layers into its slots, scales
/// a parent's, and sets the one backdrop to the stack's alpha. A steady frame allocates
/// nothing: layers are copied (their items shared) into slots laid out when the stack
/// changes.
package final class StackPresenter {
    /// The composed scene as of the last `update`.
    package private(set) var scene = Scene(size: .zero)
    private var levelScenes: [Scene] = []
    /// Per level: where its layers sit in its own scene and in the composed one.
    private var slots: [(source: Range<Int>, target: Int)] = []
    /// Per level: the point its scale keeps in place (the top centre of its content).
    private var anchors: [Point] = []
    private var presenters: [ObjectIdentifier] = []
    private var backdropIndex: Int?
    private var hintIndex: Int?
    private var viewport = Size.zero

    /// A presenter with nothing laid out yet: the first `update` lays the stack out.
    package init() {}

    /// Whether the composed scene was laid out for exactly these presenters and viewport.
    package func isLaidOut(for levelPresenters: [Presenter], viewport: Size) -> Bool {
        guard viewport == self.viewport, levelPresenters.count == presenters.count else {
            return false
        }
        for index in levelPresenters.indices
        where ObjectIdentifier(levelPresenters[index]) != presenters[index] {
            return false
        }
        return true
    }

    /// Lays the stack out for `levelPresenters` (root first) in `viewport`: the root's
    /// screen and backdrop, every level's sheet, the root's hint on top.
    package func layOut(
        _ levelPresenters: [Presenter], directions: [DismissDirection], viewport: Size
    ) {
        self.viewport = viewport
        presenters = levelPresenters.map(ObjectIdentifier.init)
        levelScenes = levelPresenters.map { $0.makeScene(viewport: viewport) }
        slots = []
        anchors = []
        var layers: [Layer] = []
        backdropIndex = nil
        hintIndex = nil
        for (level, levelScene) in levelScenes.enumerated() {
            let all = levelScene.layers
            let first = levelScene.index(of: .content) ?? all.count
            var end = all.count
            if let last = all.last, last.role == .decoration, all.count - 1 > first { end -= 1 }
            if level == 0 {
                for index in 0..<first {
                    if all[index].role == .backdrop, backdropIndex == nil {
                        backdropIndex = layers.count
                    }
                    layers.append(all[index])
                }
            }
            slots.append((first..<end, layers.count))
            layers += all[first..<end]
            let direction = level < directions.count ? directions[level] : .down
            anchors.append(Self.anchor(levelPresenters[level], direction: direction, viewport))
        }
        if let root = levelScenes.first, let last = root.layers.last, last.role == .decoration,
            let firstContent = root.index(of: .content), root.layers.count - 1 > firstContent
        {
            hintIndex = layers.count
            layers.append(last)
        }
        scene = Scene(size: viewport, layers: layers)
    }

    /// Updates the composed scene for `stack`: each level's layers for its state, parents
    /// scaled, the backdrop at the stack's alpha. Lays out first if `levelPresenters` or
    /// `viewport` changed.
    package func update(
        stack: SheetStack, presenters levelPresenters: [Presenter],
        directions: [DismissDirection], viewport: Size
    ) {
        if !isLaidOut(for: levelPresenters, viewport: viewport) {
            layOut(levelPresenters, directions: directions, viewport: viewport)
        }
        let count = min(levelScenes.count, stack.levels.count)
        for level in 0..<count {
            apply(
                level, state: stack.state(ofLevel: level), scale: stack.scale(ofLevel: level),
                presenter: levelPresenters[level],
                direction: level < directions.count ? directions[level] : .down)
        }
        if let backdropIndex { scene.layers[backdropIndex].opacity = stack.backdropAlpha }
    }

    /// Updates the composed scene from recorded values, root first: each level's state and
    /// scale, and the backdrop's alpha (a frame drawn again from its record, as an export's
    /// storyboard does). Lays out first if `levelPresenters` or `viewport` changed.
    package func update(
        states: [DismissState], scales: [Double], backdropAlpha: Double,
        presenters levelPresenters: [Presenter], directions: [DismissDirection], viewport: Size
    ) {
        if !isLaidOut(for: levelPresenters, viewport: viewport) {
            layOut(levelPresenters, directions: directions, viewport: viewport)
        }
        for level in 0..<min(levelScenes.count, states.count) {
            apply(
                level, state: states[level], scale: level < scales.count ? scales[level] : 1,
                presenter: levelPresenters[level],
                direction: level < directions.count ? directions[level] : .down)
        }
        if let backdropIndex { scene.layers[backdropIndex].opacity = backdropAlpha }
    }

    /// Updates level `level`'s own scene for `state` and copies its layers into their slot,
    /// scaled by `scale` about the level's anchor.
    private func apply(
        _ level: Int, state: DismissState, scale: Double, presenter: Presenter,
        direction: DismissDirection
    ) {
        presenter.update(&levelScenes[level], for: state, direction: direction)
        let slot = slots[level]
        var target = slot.target
        for source in slot.source {
            scene.layers[target] = levelScenes[level].layers[source]
            if scale != 1 {
                scene.layers[target].transform = Transform.scale(scale, about: anchors[level])
                    .concatenating(scene.layers[target].transform)
            }
            target += 1
        }
        if level == 0, let hintIndex {
            // Its source is the root scene's last layer (an index: `.last` copies).
            let source = levelScenes[0].layers.count - 1
            scene.layers[hintIndex].opacity = levelScenes[0].layers[source].opacity
        }
    }

    /// The top centre of a level's content at rest (for `.down`; the matching edge's centre
    /// for the other directions): the point a parent's scale keeps in place.
    static func anchor(_ presenter: Presenter, direction: DismissDirection, _ viewport: Size)
        -> Point
    {
        let middle = Point(x: viewport.width / 2, y: viewport.height / 2)
        switch direction {
        case .down, .free:
            let distance = presenter.dismissDistance(direction: .down, viewport: viewport)
            return Point(x: middle.x, y: viewport.height - distance)
        case .up:
            return Point(
                x: middle.x, y: presenter.dismissDistance(direction: .up, viewport: viewport))
        case .left, .right:
            return middle
        }
    }
}
