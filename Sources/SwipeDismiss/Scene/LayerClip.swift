/// A layer's clip: a rectangle with rounded corners, in the layer's coordinates (before its
/// transform, so it moves and scales with the layer). `Layer.clip`.
public struct LayerClip: Hashable, Sendable {
    /// The rectangle nothing of the layer shows outside.
    public var rect: Rect
    /// Its corners' radius (0: square), at most half its shorter side when drawn.
    public var cornerRadius: Double

    /// A clip to `rect` with `cornerRadius`.
    public init(rect: Rect, cornerRadius: Double = 0) {
        self.rect = rect
        self.cornerRadius = cornerRadius
    }
}
