/// A small display list: what every renderer draws, back to front.
///
/// A presenter builds the scene once per viewport size and then only updates layer
/// transforms and opacities each frame, so a steady-state frame allocates nothing.
public struct Scene: Equatable, Sendable {
    /// The viewport the scene was laid out for, in points.
    public var size: Size
    /// The layers, back to front.
    public var layers: [Layer]

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

    public var role: Role
    /// Applied to every item of the layer.
    public var transform: Transform
    /// Multiplies the alpha of every item; 0 hides the layer.
    public var opacity: Double
    public var items: [Item]

    public init(role: Role, transform: Transform = .identity, opacity: Double = 1, items: [Item]) {
        self.role = role
        self.transform = transform
        self.opacity = opacity
        self.items = items
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
}

/// Where a text item's `origin` sits on the line.
public enum TextAlignment: Equatable, Sendable {
    case leading
    case center
    case trailing
}
