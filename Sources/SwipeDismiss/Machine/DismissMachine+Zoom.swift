/// The zoom into the source (DESIGN §4c): data the driver refreshes before each call, read
/// by the content motion when a dismissal starts.
extension DismissMachine {
    /// Where a dismissal lands instead of leaving the screen (content in the plane, `.free`,
    /// only); nil: it leaves as usual. A dismissal under way keeps the landing it started
    /// with; reduced motion cross-fades whatever this says.
    public var zoomLanding: ZoomLanding? {
        get { (content as? PlanarMotion)?.landing }
        set {
            guard var planar = content as? PlanarMotion, planar.landing != newValue else { return }
            planar.landing = newValue.flatMap { $0.source.isValid ? $0 : nil }
            content = planar
        }
    }

    /// Takes the landing and the drag-start rule from `presenter` (a `PhotoPresenter` with a
    /// source provider or a rule) for `viewport`: what a driver calls before each machine call.
    package mutating func refreshZoomLanding(from presenter: Presenter, viewport: Size) {
        guard let photo = presenter as? PhotoPresenter else { return }
        if dragStartRule != photo.dragStartRule { dragStartRule = photo.dragStartRule }
        guard photo.sourceProvider != nil else {
            if zoomLanding != nil { zoomLanding = nil }
            return
        }
        zoomLanding = photo.zoomLanding(viewport: viewport)
    }
}
