import SwipeDismiss

/// A renderer that draws nothing and remembers every frame: the headless test backend.
///
/// Fixed viewport and scale, as Dear ImGui's null backend. Each frame keeps the
/// controller state plus a summary of the scene, never the scene itself (holding it would
/// make the controller's next in-place update copy the layers).
public final class NullRenderer: Renderer {
    /// What one rendered frame showed.
    public struct Frame: Hashable, Sendable {
        public var state: DismissState
        /// The content layer's translation.
        public var contentTranslation: Point
        /// The backdrop layer's opacity.
        public var backdropOpacity: Double
        public var layerCount: Int
        public var itemCount: Int

        public var time: Double { state.time }
        public var offset: Double { state.offset }
        public var alpha: Double { state.alpha }
        public var phase: DismissPhase { state.phase }
    }

    public var viewport: Size
    public let scale: Double
    /// Every frame, oldest first (unless `keepsFrames` is false).
    public private(set) var frames: [Frame] = []
    /// How many frames were rendered.
    public private(set) var frameCount = 0
    /// Whether frames are kept; turn off to measure a controller without growing memory.
    public var keepsFrames: Bool

    public init(
        viewport: Size = Size(width: 390, height: 844), scale: Double = 1, keepsFrames: Bool = true
    ) {
        self.viewport = viewport
        self.scale = scale
        self.keepsFrames = keepsFrames
    }

    public func render(_ scene: Scene, state: DismissState) throws {
        frameCount += 1
        guard keepsFrames else { return }
        var translation = Point.zero
        var opacity = 0.0
        var items = 0
        for layer in scene.layers {
            items += layer.items.count
            switch layer.role {
            case .content: translation = layer.transform.translation
            case .backdrop: opacity = layer.opacity
            case .presenting, .decoration: break
            }
        }
        frames.append(
            Frame(
                state: state, contentTranslation: translation, backdropOpacity: opacity,
                layerCount: scene.layers.count, itemCount: items))
    }

    /// The last frame, if any.
    public var lastFrame: Frame? { frames.last }

    /// Forgets the recorded frames (the count stays).
    public func removeAllFrames() {
        frames.removeAll(keepingCapacity: true)
    }
}
