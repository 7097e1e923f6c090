import SwipeDismiss

/// A renderer that draws nothing and remembers every frame: the headless test backend.
///
/// Fixed viewport and scale, as Dear ImGui's null backend. Each frame keeps the
/// controller state plus a summary of the scene, never the scene itself (holding it would
/// make the controller's next in-place update copy the layers).
public final class NullRenderer: Renderer {
    /// What one rendered frame showed.
    public struct Frame: Hashable, Sendable {
        /// The controller's state when the frame was drawn.
        public var state: DismissState
        /// How far the content moved: the shift of the centre of its shapes' box through the
        /// content layer's transform. That is the layer's translation when it is not scaled,
        /// and the drag's 2-D translation for content scaled about its centre (the photo).
        public var contentTranslation: Point
        /// The content layer's whole transform (translation and scale).
        public var contentTransform: Transform
        /// The content layer's scale (1 unless the presenter shrinks it).
        public var contentScale: Double { contentTransform.a }
        /// The backdrop layer's opacity.
        public var backdropOpacity: Double
        /// How many layers the scene had.
        public var layerCount: Int
        /// Items of every layer, clip groups' items included.
        public var itemCount: Int
        /// The first clip group's clip (a sheet's list area), before its layer's transform.
        public var listClip: Rect?
        /// The first clip group's content offset (how far the list is scrolled).
        public var listOffset: Point?
        /// Items inside clip groups, and how many of them can show through their clips.
        public var clippedItemCount: Int
        /// How many of those can show through their clip at its current offset.
        public var visibleClippedItemCount: Int
        /// How many image items the frame has, and the first of them.
        public var imageCount: Int
        /// The first image item, if there is one.
        public var firstImage: ImageRecord?

        /// The frame's time, from the controller state.
        public var time: Double { state.time }
        /// The dismiss offset, from the controller state.
        public var offset: Double { state.offset }
        /// The content's opacity, from the controller state.
        public var alpha: Double { state.alpha }
        /// The dismiss phase, from the controller state.
        public var phase: DismissPhase { state.phase }
    }

    /// An image item as drawn: which image, its frame and how it fits.
    public struct ImageRecord: Hashable, Sendable {
        /// The image drawn.
        public var source: ImageSource
        /// The box the image was fitted into.
        public var frame: Rect
        /// How the image was fitted into that box.
        public var fit: ImageFit
    }

    /// The size in points that scenes are laid out for.
    public var viewport: Size
    /// Device pixels per point; fixed at creation.
    public let scale: Double
    /// Every frame, oldest first (unless `keepsFrames` is false).
    public private(set) var frames: [Frame] = []
    /// How many frames were rendered.
    public private(set) var frameCount = 0
    /// Whether frames are kept; turn off to measure a controller without growing memory.
    public var keepsFrames: Bool

    /// A renderer for `viewport` at `scale` that keeps every frame unless `keepsFrames` is false.
    public init(
        viewport: Size = Size(width: 390, height: 844), scale: Double = 1, keepsFrames: Bool = true
    ) {
        self.viewport = viewport
        self.scale = scale
        self.keepsFrames = keepsFrames
    }

    /// Counts the frame and, if `keepsFrames`, records its state and a summary of the scene.
    public func render(_ scene: Scene, state: DismissState) throws {
        frameCount += 1
        guard keepsFrames else { return }
        var transform = Transform.identity
        var centre = Point.zero
        var opacity = 0.0
        var items = 0
        var clip: Rect?
        var offset: Point?
        var clipped = 0
        var visible = 0
        var images = 0
        var firstImage: ImageRecord?
        for layer in scene.layers {
            items += layer.items.count
            switch layer.role {
            case .content:
                transform = layer.transform
                centre = Self.centre(of: layer.items)
            case .backdrop: opacity = layer.opacity
            case .presenting, .decoration: break
            }
            // Index loops: a for-in over `[Item]` allocates per element in unoptimised builds.
            for index in layer.items.indices {
                guard case .image(let source, let frame, let fit) = layer.items[index] else {
                    continue
                }
                images += 1
                if firstImage == nil {
                    firstImage = ImageRecord(source: source, frame: frame, fit: fit)
                }
            }
            guard let group = layer.clipGroup else { continue }
            if clip == nil {
                clip = group.clip
                offset = group.contentOffset
            }
            items += group.items.count
            clipped += group.items.count
            for index in group.items.indices where group.shows(Self.box(of: group.items[index])) {
                visible += 1
            }
        }
        frames.append(
            Frame(
                state: state, contentTranslation: Self.translation(of: transform, centre: centre),
                contentTransform: transform, backdropOpacity: opacity,
                layerCount: scene.layers.count, itemCount: items, listClip: clip,
                listOffset: offset, clippedItemCount: clipped, visibleClippedItemCount: visible,
                imageCount: images, firstImage: firstImage))
    }

    /// How far `transform` moves `centre`: exactly its translation when it does not scale.
    private static func translation(of transform: Transform, centre: Point) -> Point {
        if transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1 {
            return transform.translation
        }
        return transform.apply(to: centre) - centre
    }

    /// The centre of the box around `items`' rectangles and images (text aside); the origin
    /// when there are none.
    private static func centre(of items: [Item]) -> Point {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for index in items.indices {
            switch items[index] {
            case .rect(let rect, _), .roundedRect(let rect, _, _), .image(_, let rect, _):
                minX = min(minX, rect.minX)
                minY = min(minY, rect.minY)
                maxX = max(maxX, rect.maxX)
                maxY = max(maxY, rect.maxY)
            case .text:
                continue
            }
        }
        guard minX <= maxX, minY <= maxY else { return .zero }
        return Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
    }

    /// A box around an item; text gets its font's height above the baseline and a third of
    /// it below, and is taken to span the width (only its rows matter for a list).
    private static func box(of item: Item) -> Rect {
        switch item {
        case .rect(let rect, _), .roundedRect(let rect, _, _), .image(_, let rect, _):
            return rect
        case .text(_, let origin, let fontSize, _, _):
            return Rect(
                x: -.greatestFiniteMagnitude / 4, y: origin.y - fontSize,
                width: .greatestFiniteMagnitude / 2, height: fontSize * 4 / 3)
        }
    }

    /// The last frame, if any.
    public var lastFrame: Frame? { frames.last }

    /// Forgets the recorded frames (the count stays).
    public func removeAllFrames() {
        frames.removeAll(keepingCapacity: true)
    }
}
