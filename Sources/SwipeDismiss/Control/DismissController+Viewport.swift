/// The window's size as one live value: resizing, the presentation mode it gives, and the
/// detents that depend on it.
extension DismissController {
    /// The window's size in points, as the controller lays the scene out for it.
    public var viewport: Size { driver.model.geometry.viewport }

    /// How the content is presented in the current viewport (`.sheet` or `.floating`), for a
    /// presenter that adapts to the window (`SheetPresenter(adaptive:)`); nil otherwise.
    public var presentationMode: PresentationMode? {
        presenter.presentationMode(viewport: viewport)
    }

    /// Lays everything out for a window of `size` points, at the clock's time or later, as a
    /// live resize does (a trace's `viewport` event comes here too).
    ///
    /// Nothing is dismissed and no completion runs: content at rest stays at its detent (by
    /// name), the list keeps its scroll, and a sheet that adapts changes mode at once,
    /// coming back to the detent it had in a mode it returns to. A detent that became
    /// inactive (the sheet's `medium` under 500 pt) hands over, animated, to the nearest
    /// active one above. A size that is not finite
    /// and positive lays out as an empty window (the content still resolves; nothing traps).
    public func resize(to size: Size) {
        guard size != viewport else { return }
        if driver.defers({ self.resize(to: size) }) { return }
        driver.model.geometry.viewport = size
        relayout(animated: false)
    }

    /// The window's safe insets, as detent resolvers read them (`DetentContext`); setting
    /// them resolves the detents again, animated.
    public var safeInsets: SafeInsets {
        get { driver.model.geometry.safeInsets }
        set {
            guard newValue != driver.model.geometry.safeInsets else { return }
            driver.model.geometry.safeInsets = newValue
            invalidateDetents()
        }
    }

    /// The user's text scale, when the host knows it, as detent resolvers read it; setting
    /// it resolves the detents again, animated.
    public var textScale: Double? {
        get { driver.model.geometry.textScale }
        set {
            guard newValue != driver.model.geometry.textScale else { return }
            driver.model.geometry.textScale = newValue
            invalidateDetents()
        }
    }

    /// Resolves the detents again (a `.custom` resolver's inputs changed, or the content's
    /// height did, for `.fitsContent`), the scene laid out again for the content.
    ///
    /// Animated (the default), content resting at a detent that moved springs there from
    /// where it is on screen, with no step between frames changing by more than 2 pt at
    /// 60 Hz, and one `detentChanged` if the detent it rests at changes (an inactive one
    /// hands over to the nearest active one above); the backdrop never dips on the way.
    /// Not animated, it lands at once. Content in motion carries on toward the new places.
    public func invalidateDetents(animated: Bool = true) {
        if driver.defers({ self.invalidateDetents(animated: animated) }) { return }
        driver.catchUp()
        relayout(animated: animated)
    }

    /// Lays the sheet out again for its geometry: the presenter makes the scene and
    /// measures the detents and the list first, outside any access to the model (a
    /// presenter's `makeScene` or resolver may read the controller, as it was before the
    /// call, with the new viewport), then the model takes them.
    private func relayout(animated: Bool) {
        let geometry = driver.model.geometry
        let scene = presenter.makeScene(viewport: geometry.viewport)
        let measured = geometry.measured(for: configuration)
        driver.perform(driver.model.relayout(scene: scene, measured, animated: animated))
    }

    /// The app's content changed (its height, say): `.fitsContent` and resolver detents are
    /// resolved again, animated, as `invalidateDetents()` does.
    public func contentDidChange() {
        invalidateDetents(animated: true)
    }
}
