/// The `photo` scene: a picture fitted to the viewport over a black backdrop, which the
/// person drags in any direction; it shrinks a little as it goes.
///
/// Layers, back to front: the presenting screen (with the plain white 24 pt band at its top,
/// so the backdrop's alpha reads from pixels there), the black backdrop (`state.alpha`; the
/// controller starts it at 1.0), the photo (an aspect-fit image item in the viewport less a
/// band's height at the top and at the bottom, so the band stays clear at rest), and the
/// "present again" hint once dismissed.
///
/// Contract for the controller: the photo's pose is a 2-D translation `t` from rest. Call
/// `update(_:for:translation:)` with it each frame (or `contentTransform(translation:viewport:)`
/// for the transform alone): the photo is scaled by `scale(forDistance: |t|)`, that is
/// `1 − 0.2·min(1, |t|/300)`, about its centre, then moved by `t`. The one-axis
/// `update(_:for:direction:)` of `Presenter` poses it at `state.translation(along:)`. The image is drawn by the renderer under
/// `image` (the Cairo plugin: register `photoName` with the bundled PNG's path).
public final class PhotoPresenter: Presenter {
    /// The name under which renderers are expected to know the bundled photo.
    public static let photoName = "photo"
    /// Where the bundled photo lives, relative to the package's root folder.
    package static let bundledPhotoPath = "Examples/Assets/photo.png"
    /// The bundled photo's size in pixels (written by `scripts/make-photo.py`).
    public static let bundledPhotoSize = Size(width: 960, height: 720)
    /// Height of the white band at the top of the presenting screen, in points.
    package static let bandHeight = CardPresenter.bandHeight
    /// The travel at which the photo reaches its smallest scale, and the backdrop its floor.
    package static let shrinkDistance = 300.0
    /// The smallest scale: 0.8 at `shrinkDistance` and beyond.
    package static let minimumScale = 0.8
    /// A release dismisses iff the projected 2-D distance from rest is at least this.
    package static let releaseThreshold = 150.0

    /// The image the content layer draws.
    public let image: ImageSource
    /// The image's size in pixels (its aspect ratio places it and its hit area).
    package let imageSize: Size
    /// Where a dismissal lands, asked at presentation and again before each input and call
    /// while the photo shows, so the dismissal lands on the source the app shows when it
    /// starts (after paging, the current photo's thumbnail); nil, or a nil answer, sends the
    /// photo off screen as usual (DESIGN §4c "Zoom into the source").
    public var sourceProvider: (() -> ZoomSource?)?
    /// Which presses may start a drag (iOS's `interactiveDismissShouldBegin`, as data): the
    /// controller hands it to the machine before each input; every press may by default.
    public var dragStartRule = DragStartRule.always

    /// A presenter drawing `image`, whose pixel size is `imageSize`.
    public init(
        image: ImageSource = .named(PhotoPresenter.photoName),
        imageSize: Size = PhotoPresenter.bundledPhotoSize
    ) {
        self.image = image
        self.imageSize = imageSize
    }

    /// The photo's scale at `distance` points from rest: `1 − 0.2·min(1, distance/300)`.
    package static func scale(forDistance distance: Double) -> Double {
        guard distance.isFinite else { return distance.isNaN ? 1 : minimumScale }
        return 1 - (1 - minimumScale) * min(1, max(0, distance) / shrinkDistance)
    }

    /// The backdrop's alpha while dragging at `distance` from rest: `max(0.2, 1 − d/300)`.
    package static func backdropAlpha(forDistance distance: Double) -> Double {
        guard !distance.isNaN else { return 1 }
        return max(0.2, 1 - max(0, distance) / shrinkDistance)
    }

    /// The area the photo is fitted into: the viewport less the band's height at the top
    /// and at the bottom (so the photo stays centred).
    package func imageFrame(viewport: Size) -> Rect {
        let band = Self.bandHeight
        return Rect(
            x: 0, y: band, width: max(0, viewport.width),
            height: max(0, viewport.height - 2 * band))
    }

    /// Where the photo itself lies at rest: `imageSize` fitted (aspect-fit) to `imageFrame`.
    package func photoFrame(viewport: Size) -> Rect {
        ImageFit.aspectFit.placement(of: imageSize, in: imageFrame(viewport: viewport))
    }

    /// The content layer's transform for a translation `translation` from rest: scaled by
    /// `scale(forDistance: |translation|)` about the photo's centre, then moved.
    package func contentTransform(translation: Point, viewport: Size) -> Transform {
        let scale = Self.scale(forDistance: translation.length)
        return Transform.scale(scale, about: imageFrame(viewport: viewport).center)
            .concatenating(.translation(translation))
    }

    /// Lays out the presenting screen, black backdrop, photo and hint for `viewport`.
    public func makeScene(viewport: Size) -> Scene {
        var scene = CardPresenter().makeScene(viewport: viewport)
        if let index = scene.index(of: .content) {
            scene.layers[index].items = [
                .image(image, frame: imageFrame(viewport: viewport), fit: .aspectFit)
            ]
        }
        return scene
    }

    /// Moves and shrinks the photo for the state, and sets the backdrop's alpha.
    public func update(_ scene: inout Scene, for state: DismissState, direction: DismissDirection) {
        update(&scene, for: state, translation: state.translation(along: direction))
    }

    /// Poses the scene for `state` with the photo at a 2-D `translation` from rest (the
    /// backdrop's alpha still comes from `state`). Allocates nothing.
    package func update(_ scene: inout Scene, for state: DismissState, translation: Point) {
        var transform = contentTransform(translation: translation, viewport: scene.size)
        var clip: LayerClip?
        if state.zoom != nil {
            (transform, clip) = contentPlacement(for: state, viewport: scene.size)
        }
        scene.pose(for: state) { content in
            content.transform = transform
            content.clip = clip
        }
    }

    /// The photo where it is drawn now, the backdrop around it.
    public func hitTest(
        _ point: Point, offset: Double, direction: DismissDirection, viewport: Size
    ) -> HitRegion {
        hitTest(point, translation: direction.unit * offset, viewport: viewport)
    }

    /// The photo, shrunk and moved by `translation`, the backdrop around it.
    public func hitTest(_ point: Point, translation: Point, viewport: Size) -> HitRegion {
        let transform = contentTransform(translation: translation, viewport: viewport)
        let photo = photoFrame(viewport: viewport)
        let topLeft = transform.apply(to: photo.origin)
        let bottomRight = transform.apply(to: Point(x: photo.maxX, y: photo.maxY))
        let shown = Rect(
            x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x,
            height: bottomRight.y - topLeft.y)
        return shown.contains(point) ? .content : .backdrop
    }

    /// The photo's scale with the content moved by `translation`.
    public func contentScale(translation: Point) -> Double {
        Self.scale(forDistance: translation.length)
    }

    /// How far the photo must travel along `direction` to leave the viewport (`.free`:
    /// down, its one-axis reading).
    public func dismissDistance(direction: DismissDirection, viewport: Size) -> Double {
        let photo = photoFrame(viewport: viewport)
        let edge = direction.unit
        if edge.y > 0 { return viewport.height - photo.minY }
        if edge.y < 0 { return photo.maxY }
        if edge.x < 0 { return photo.maxX }
        return viewport.width - photo.minX
    }
}
