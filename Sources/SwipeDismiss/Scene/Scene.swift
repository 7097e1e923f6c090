/// A small display list: what every renderer draws, back to front.
///
/// A presenter builds the scene once per viewport size and then only updates layer
/// transforms and opacities each frame, so a steady-state frame allocates nothing.
public struct Scene: Equatable, Sendable {
    /// The viewport the scene was laid out for, in points.
    public var size: Size
    /// The layers, back to front.
    public var layers: [Layer]

    /// A scene for a viewport of `size`, drawn as `layers` back to front.
    public init(size: Size, layers: [Layer] = []) {
        self.size = size
        self.layers = layers
    }

    /// The index of the first layer with `role`, if any.
    public func index(of role: Layer.Role) -> Int? {
        layers.firstIndex { $0.role == role }
    }
}

/// A group of items drawn with one transform and one opacity.
public struct Layer: Equatable, Sendable {
    /// What the layer stands for; renderers may use it (for example to label a frame).
    public enum Role: String, Equatable, Sendable {
        /// The screen the modal was presented over.
        case presenting
        /// The dim backdrop between the presenting screen and the content.
        case backdrop
        /// The draggable content (card and button).
        case content
        /// Anything else.
        case decoration
    }

    /// What the layer stands for, so renderers and tests can find it.
    public var role: Role
    /// Applied to every item of the layer.
    public var transform: Transform
    /// Multiplies the alpha of every item; 0 hides the layer.
    public var opacity: Double
    /// The layer's items, drawn in order.
    public var items: [Item]
    /// A clipped, scrollable group drawn above `items` (a sheet's list), if any.
    ///
    /// Scroll it by mutating `clipGroup?.contentOffset` in place: the group's items stay the
    /// same array, so renderers that compare items by identity keep their caches.
    public var clipGroup: ClipGroup?
    /// A rounded rectangle, in the layer's coordinates (before its transform), outside which
    /// nothing of the layer shows; nil: no clip (a photo zooming into its source sets it).
    public var clip: LayerClip? = nil

    /// A layer of `items` under `transform` and `opacity`, with an optional clipped list.
    public init(
        role: Role, transform: Transform = .identity, opacity: Double = 1, items: [Item],
        clipGroup: ClipGroup? = nil
    ) {
        self.role = role
        self.transform = transform
        self.opacity = opacity
        self.items = items
        self.clipGroup = clipGroup
    }
}

/// Items seen through a clip rectangle and scrolled by a content offset: a list inside a sheet.
///
/// Everything is in the layer's coordinates, before the layer's transform, so the clip moves
/// and scales with the layer. An item at `p` is drawn at `p - contentOffset` (the offset is
/// how far the content has scrolled, as a scroll view's: positive `y` moves the items up),
/// and nothing shows outside `clip`. Renderers skip items that cannot show.
public struct ClipGroup: Equatable, Sendable {
    /// The visible window, in the layer's coordinates.
    public var clip: Rect
    /// How far the content is scrolled: items move by `-contentOffset`.
    public var contentOffset: Point
    /// The items, in content coordinates (where they sit at offset zero).
    public var items: [Item]

    /// A group showing `items` through `clip`, scrolled by `contentOffset`.
    public init(clip: Rect, contentOffset: Point = .zero, items: [Item]) {
        self.clip = clip
        self.contentOffset = contentOffset
        self.items = items
    }

    /// Whether `rect` (content coordinates) can show through the clip at the current offset.
    package func shows(_ rect: Rect) -> Bool {
        let x = rect.minX - contentOffset.x
        let y = rect.minY - contentOffset.y
        return x < clip.maxX && x + rect.width > clip.minX && y < clip.maxY
            && y + rect.height > clip.minY
    }
}

/// One drawing command.
public enum Item: Equatable, Sendable {
    /// A filled rectangle.
    case rect(Rect, fill: Color)
    /// A filled rectangle with rounded corners.
    case roundedRect(Rect, radius: Double, fill: Color)
    /// A single line of text; `origin` is the point on the baseline that `alignment` names.
    case text(String, origin: Point, fontSize: Double, color: Color, alignment: TextAlignment)
    /// An image fitted to `frame` as `fit` says; nothing of it shows outside `frame`.
    case image(ImageSource, frame: Rect, fit: ImageFit)
}

/// Which image an image item draws; a renderer resolves it (the Cairo plugin loads PNG).
public enum ImageSource: Hashable, Sendable {
    /// A PNG file, by path.
    case file(String)
    /// An image the renderer was given under this name (so a scene need not know paths).
    case named(String)

    /// The path or the name, for messages.
    package var label: String {
        switch self {
        case .file(let path): return path
        case .named(let name): return name
        }
    }
}

/// How an image fills its frame.
public enum ImageFit: String, Hashable, Sendable, CaseIterable {
    /// As large as fits whole inside the frame, aspect kept, centred (bars on two sides).
    case aspectFit
    /// As small as covers the frame, aspect kept, centred, the overflow cut off.
    case aspectFill
    /// Stretched to the frame exactly; the aspect follows the frame.
    case stretch

    /// Where an image of `imageSize` is drawn for `frame`: for `.aspectFill` the rect runs
    /// past `frame` (which clips it). Empty sizes give `frame`.
    package func placement(of imageSize: Size, in frame: Rect) -> Rect {
        guard imageSize.width > 0, imageSize.height > 0, self != .stretch else { return frame }
        let sx = frame.width / imageSize.width
        let sy = frame.height / imageSize.height
        let s = self == .aspectFit ? min(sx, sy) : max(sx, sy)
        let width = imageSize.width * s
        let height = imageSize.height * s
        return Rect(
            x: frame.minX + (frame.width - width) / 2, y: frame.minY + (frame.height - height) / 2,
            width: width, height: height)
    }
}

/// Where a text item's `origin` sits on the line.
public enum TextAlignment: Equatable, Sendable {
    /// `origin` is the left end of the text.
    case leading
    /// `origin` is the middle of the text.
    case center
    /// `origin` is the right end of the text.
    case trailing
}
