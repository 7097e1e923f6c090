/// The window's size as one live value for a stack: every level shares it, so the whole
/// stack has one presentation mode.
extension SheetStackController {
    /// The window's size in points, as every level is laid out for it.
    public var viewport: Size { driver.model.viewport }

    /// How the top sheet is presented in the current viewport (every level shares the
    /// window, so the whole stack has this mode), for presenters that adapt; nil otherwise.
    public var presentationMode: PresentationMode? {
        descriptions[min(stack.top, descriptions.count - 1)].presenter
            .presentationMode(viewport: viewport)
    }

    /// Lays every level out for a window of `size` points, as a live resize does (a trace's
    /// `viewport` event comes here too): as `DismissController.resize(to:)` says, level by
    /// level, so the whole stack changes mode together. A size that is not finite and
    /// positive is ignored.
    public func resize(to size: Size) {
        guard size != viewport else { return }
        if driver.defers({ self.resize(to: size) }) { return }
        driver.model.resize(to: size)
        relayoutLevels(animated: false)
    }

    /// Resolves every level's detents again (their resolvers' inputs or their content
    /// changed), as `DismissController.invalidateDetents(animated:)` does for one.
    public func invalidateDetents(animated: Bool = true) {
        if driver.defers({ self.invalidateDetents(animated: animated) }) { return }
        driver.catchUp()
        relayoutLevels(animated: animated)
    }

    private func relayoutLevels(animated: Bool) {
        // Each level's geometry lays out its detents and its list, as a single sheet's does;
        // the presenters are asked first, outside any access to the model, so one may read
        // the controller (as it was before the call).
        let measured = driver.model.measured()
        driver.run(asking: .nothing) { $0.relayout(measured, animated: animated) }
        // The composed scene is laid out again for the new size on the next frame.
        setNeedsDisplay()
    }
}
