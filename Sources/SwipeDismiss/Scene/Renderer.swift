/// Draws scenes somewhere: a window, an image file, nothing at all.
public protocol Renderer: AnyObject {
    /// The viewport in points.
    var viewport: Size { get }
    /// Device pixels per point.
    var scale: Double { get }
    /// Draws one frame. `state` is the controller state the scene was laid out for.
    func render(_ scene: Scene, state: DismissState) throws
}
