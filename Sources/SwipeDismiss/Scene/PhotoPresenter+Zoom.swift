/// The photo zooming into its source (DESIGN §4c "Zoom into the source"): the app's source
/// provider, the landing it gives the machine, and the frame the photo is drawn in.
extension PhotoPresenter {
    /// The landing for `viewport`: the provider's source, with the photo's rest frame; nil
    /// without a provider, or when it gives no source or one that cannot be landed on.
    package func zoomLanding(viewport: Size) -> ZoomLanding? {
        guard let source = sourceProvider?(), source.isValid else { return nil }
        return ZoomLanding(source: source, restFrame: photoFrame(viewport: viewport))
    }

    /// The photo's drawn (clipped) frame and corner radius in `state`: the rest frame
    /// shrunk by `scale(forDistance:)` and moved by the translation, or, zooming, the
    /// frame part-way into the source (`ZoomPose`).
    public func drawnFrame(for state: DismissState, viewport: Size) -> (
        frame: Rect, cornerRadius: Double
    ) {
        let rest = photoFrame(viewport: viewport)
        let center = rest.center + state.translation
        let size: Size
        var radius = 0.0
        if let zoom = state.zoom {
            size = zoom.size(restScale: Self.scale(forDistance: zoom.origin.length))
            radius = zoom.cornerRadius
        } else {
            let scale = Self.scale(forDistance: state.translation.length)
            size = Size(width: rest.width * scale, height: rest.height * scale)
        }
        return (
            Rect(
                x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
                height: size.height), radius
        )
    }

    /// The content layer's transform and clip in `state`: without a zoom, today's transform
    /// and no clip; zooming, the photo scaled to fill its drawn frame (aspect-fill, as iOS's
    /// zoom draws it) about its rest centre, moved by the translation, and clipped to that
    /// frame with its corner radius.
    package func contentPlacement(for state: DismissState, viewport: Size) -> (
        transform: Transform, clip: LayerClip?
    ) {
        guard state.zoom != nil else {
            return (contentTransform(translation: state.translation, viewport: viewport), nil)
        }
        let rest = photoFrame(viewport: viewport)
        let drawn = drawnFrame(for: state, viewport: viewport)
        guard rest.width > 0, rest.height > 0 else {
            return (contentTransform(translation: state.translation, viewport: viewport), nil)
        }
        let fill = max(drawn.frame.width / rest.width, drawn.frame.height / rest.height)
        guard fill > 0, fill.isFinite else {
            return (contentTransform(translation: state.translation, viewport: viewport), nil)
        }
        let center = rest.center
        let transform = Transform.scale(fill, about: center)
            .concatenating(.translation(state.translation))
        let width = drawn.frame.width / fill
        let height = drawn.frame.height / fill
        let clip = LayerClip(
            rect: Rect(
                x: center.x - width / 2, y: center.y - height / 2, width: width, height: height),
            cornerRadius: drawn.cornerRadius / fill)
        return (transform, clip)
    }
}
