/// What a frame loop drives: a controller that reads its input and clock when stepped and
/// says when it wants the next step. `DismissController` (one sheet) and
/// `SheetStackController` (sheets over sheets) are both one, so a window's loop or an
/// exporter runs either.
public protocol FrameDriver: AnyObject {
    /// When the owner should call `step()` next; nil: wait for input.
    var nextWakeTime: Double? { get }
    /// Whether something moves, so the owner should step every frame.
    var isAnimating: Bool { get }
    /// Advances to the clock's time and renders if the picture changed (or
    /// `forceRender`); returns whether a frame was rendered.
    @discardableResult
    func step(forceRender: Bool) throws -> Bool
    /// Asks the next step to render even if nothing moved.
    func setNeedsDisplay()
    /// Re-reads the renderer's viewport and lays out again.
    func viewportDidChange()
    /// What `point` lands on now.
    func hitTest(_ point: Point) -> HitRegion
}

extension FrameDriver {
    /// Advances to the clock's time and renders if the picture changed.
    @discardableResult
    public func step() throws -> Bool {
        try step(forceRender: false)
    }
}

extension DismissController: FrameDriver {}

extension SheetStackController: FrameDriver {}
