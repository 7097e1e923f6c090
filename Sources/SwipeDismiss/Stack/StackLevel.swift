/// One sheet of a stack: its own configuration (detents, dim, springs), its own presenter
/// and its own dismissal policy.
public struct StackLevel {
    /// The numbers and policies this sheet's machine runs on.
    public var configuration: DismissConfiguration
    /// What lays this sheet out and hit-tests it.
    public var presenter: Presenter
    /// This sheet's dismissal policy; nil allows every dismissal (the stack's
    /// `shouldDismiss` is asked after it).
    public var shouldDismiss: ((DismissReason) -> Bool)?

    /// A sheet laid out by `presenter` running on `configuration`, with an optional policy.
    public init(
        configuration: DismissConfiguration = .sheet(),
        presenter: Presenter = SheetPresenter(),
        shouldDismiss: ((DismissReason) -> Bool)? = nil
    ) {
        self.configuration = configuration
        self.presenter = presenter
        self.shouldDismiss = shouldDismiss
    }

    /// This level's geometry in `viewport`.
    func geometry(viewport: Size) -> SheetGeometry {
        SheetGeometry(presenter: presenter, direction: configuration.direction, viewport: viewport)
    }
}

/// Every level's geometry, as the stack asks for them.
struct StackGeometries: StackEnvironment {
    var levels: [SheetGeometry]

    func environment(forLevel level: Int) -> SheetGeometry {
        levels[min(max(0, level), levels.count - 1)]
    }
}
