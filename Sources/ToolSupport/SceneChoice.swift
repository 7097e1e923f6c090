import SwipeDismiss

/// The scenes both tools' `--scene` names (DESIGN §4).
public enum SceneChoice: String, CaseIterable, Equatable, Sendable {
    /// A scene by its `--scene` name: the card, the bottom sheet, the photo viewer, or
    /// sheets stacked over sheets (`StackScene`).
    case card, sheet, photo, stack

    /// Reads `--scene`: nil when not given; an unknown scene is refused.
    public static func parse(_ flags: ParsedFlags) throws(FlagError) -> SceneChoice? {
        try flags.choice("--scene", as: SceneChoice.self)
    }

    /// The direction when `--direction` is not given: free (2-D) for the photo, down for
    /// the others.
    public var defaultDirection: DismissDirection { self == .photo ? .free : .down }

    /// Whether the scene can be dragged freely (`--direction free`): every scene but the
    /// sheets, whose detents and list lie along one axis.
    public var movesFreely: Bool { self != .sheet && self != .stack }

    /// The presenter that lays the scene out; the photo shows the PNG at `photoPath`
    /// (`BundledPhoto.path()` unless given), sized from its header when it is readable, and
    /// zooms into `source` when dismissed (`--source`; the other scenes ignore it); with
    /// `adaptive` the sheets float on wide windows (`--adaptive`) and take `layout`
    /// (`--layout`, `--footer`).
    public func makePresenter(
        photoPath: String? = nil, source: ZoomSource? = nil, adaptive: Bool = false,
        layout: LayoutFlags = LayoutFlags()
    ) -> Presenter {
        if self == .sheet || self == .stack {
            let sheet = SheetPresenter(
                title: StackScene.title(ofLevel: 0), adaptive: adaptive ? .standard : nil)
            layout.apply(to: sheet)
            return sheet
        }
        if self == .photo, let source {
            let presenter = SceneChoice.photo.makePresenter(photoPath: photoPath)
            (presenter as? PhotoPresenter)?.sourceProvider = { source }
            return presenter
        }
        switch self {
        case .card: return CardPresenter()
        case .sheet: return SheetPresenter(adaptive: adaptive ? .standard : nil)
        case .stack:
            return SheetPresenter(
                title: StackScene.title(ofLevel: 0), adaptive: adaptive ? .standard : nil)
        case .photo:
            let path = photoPath ?? BundledPhoto.path()
            let size = PNGHeader.size(ofFileAt: path) ?? PhotoPresenter.bundledPhotoSize
            return BundledPhoto.presenter(path: path, size: size)
        }
    }

    /// `preset` adapted to the scene (the sheet's detents and dim stops, the photo's dim
    /// and 150 pt threshold), keeping `preset.direction`, with reduced motion switched on
    /// if asked.
    public func configuration(preset: DismissConfiguration, reduceMotion: Bool)
        -> DismissConfiguration
    {
        var configuration: DismissConfiguration
        switch self {
        case .card: configuration = preset
        case .sheet, .stack: configuration = .sheet(preset)
        case .photo: configuration = .photo(preset)
        }
        configuration.direction = preset.direction
        if reduceMotion { configuration.reduceMotion = true }
        return configuration
    }

    /// The content's scale with it moved by `translation`: the photo shrinks linearly to
    /// 0.8 at 300 pt (`PhotoPresenter.scale(forDistance:)`), the others stay at 1.
    public func contentScale(translation: Point) -> Double {
        self == .photo ? PhotoPresenter.scale(forDistance: translation.length) : 1
    }

    /// The `detent` column of `samples.csv` and `--events`: the sheets name their detent,
    /// other scenes leave it empty.
    public func detentColumn(_ state: DismissState) -> String {
        namesDetents ? state.detent?.rawValue ?? "" : ""
    }

    /// Whether the scene's content rests at named detents (the sheet and the stack).
    public var namesDetents: Bool { self == .sheet || self == .stack }
}
