import CGtk
import SwipeDismiss

/// Shows the controller's frames with GTK: the app's content widget (one per sheet level)
/// moved and faded as render nodes, the backdrop as one colour node.
///
/// Nothing is re-rasterised per frame: the content widget sits in a `GtkFixed` whose child
/// transform (`gtk_fixed_set_child_transform`, a transform node) carries the drag, its
/// opacity (`gtk_widget_set_opacity`, an opacity node) the fade, and the backdrop is a
/// widget whose CSS background is black at the dim's alpha (one colour node, not an
/// opacity node over a window-sized group); a photo zooming into its source is clipped to its
/// rounded rectangle in the dialog's own snapshot (`Layer.clip`, a redraw only). A frame
/// that changes only these reuses the content's cached render nodes. Points are GTK's
/// logical pixels; GTK scales them for HiDPI itself, so `scale` is 1.
public final class GtkSheetRenderer: Renderer {
    /// The viewport in points: the host widget's allocated size.
    public internal(set) var viewport: Size
    /// 1: GTK applies the monitor's scale to the render nodes.
    public let scale = 1.0
    /// How many frames were shown.
    public private(set) var frameCount = 0
    /// The last frame's backdrop opacity (0 while dismissed).
    public private(set) var backdropOpacity = 0.0
    /// The last frame's content translation in points (from its resting frame).
    public private(set) var contentTranslation = Point.zero
    /// Whether the last frame showed the content.
    public private(set) var showsContent = false

    /// Per sheet level (level 0 first): the scale it is drawn at (a parent recedes).
    public private(set) var levelScales: [Double]
    /// Per sheet level: whether the last frame showed it.
    public private(set) var levelsShown: [Bool]
    /// The scroll of the list of level `level`; nil: the frame's state's (one sheet).
    var scrollOfLevel: ((Int) -> Double?)?

    let backdrop: UnsafeMutablePointer<GtkWidget>
    let fixed: UnsafeMutablePointer<GtkWidget>
    let dialogs: [UnsafeMutablePointer<GtkWidget>]
    private(set) var contents: [GtkSheetContent]
    private let backdropStyle: GtkBackdropStyle
    private var lastScroll: [Double]
    private var lastTransform: [Transform?]
    private var lastOpacity: [Double]
    private var lastClip: [LayerClip?]

    init(
        viewport: Size, backdrop: UnsafeMutablePointer<GtkWidget>,
        fixed: UnsafeMutablePointer<GtkWidget>, dialogs: [UnsafeMutablePointer<GtkWidget>],
        contents: [GtkSheetContent]
    ) {
        self.viewport = viewport
        self.backdrop = backdrop
        self.fixed = fixed
        self.dialogs = dialogs
        self.contents = contents
        backdropStyle = GtkBackdropStyle(widget: backdrop)
        levelScales = Array(repeating: 1, count: dialogs.count)
        levelsShown = Array(repeating: false, count: dialogs.count)
        lastScroll = Array(repeating: .nan, count: dialogs.count)
        lastTransform = Array(repeating: nil, count: dialogs.count)
        lastOpacity = Array(repeating: -1, count: dialogs.count)
        lastClip = Array(repeating: nil, count: dialogs.count)
    }

    /// Moves, fades and scrolls each level's content and dims the backdrop for `state` (the
    /// top sheet's): the scene's n-th content layer is level n's.
    public func render(_ scene: Scene, state: DismissState) throws {
        frameCount += 1
        var dim = 0.0
        var level = 0
        var anyShown = false
        let single = dialogs.count == 1
        for index in scene.layers.indices {
            switch scene.layers[index].role {
            case .content:
                guard level < dialogs.count else { break }
                let layer = scene.layers[index]
                let shown =
                    layer.opacity > 0 && !(single && state.phase == .dismissed)
                show(level, layer: layer, shown: shown, state: state)
                anyShown = anyShown || shown
                level += 1
            case .backdrop:
                dim = scene.layers[index].opacity
            case .presenting, .decoration:
                break
            }
        }
        // Levels the scene no longer holds (dismissed off a stack) are hidden.
        while level < dialogs.count {
            if levelsShown[level] { gtk_widget_set_visible(dialogs[level], 0) }
            levelsShown[level] = false
            level += 1
        }
        showsContent = levelsShown.first ?? false
        let newDim = anyShown ? dim : 0
        backdropOpacity = newDim
        backdropStyle.set(alpha: newDim)
        if gtk_widget_get_visible(fixed) != (anyShown ? 1 : 0) {
            gtk_widget_set_visible(fixed, anyShown ? 1 : 0)
        }
    }

    /// Places level `level`'s dialog for `layer`: its resting frame moved by the layer's
    /// transform (a translation and a scale), faded by its opacity, its list scrolled.
    private func show(_ level: Int, layer: Layer, shown: Bool, state: DismissState) {
        let dialog = dialogs[level]
        if levelsShown[level] != shown {
            levelsShown[level] = shown
            gtk_widget_set_visible(dialog, shown ? 1 : 0)
        }
        guard shown else { return }
        let transform = layer.transform
        let frame = contents[level].frame(viewport)
        let origin = transform.apply(to: frame.origin)
        if level == 0 { contentTranslation = origin - frame.origin }
        levelScales[level] = transform.a
        // Only a changed transform or opacity touches GTK: each is a render node over the
        // dialog's cached content, so the content itself is not snapshotted again.
        if lastTransform[level] != transform {
            lastTransform[level] = transform
            var point = graphene_point_t(x: Float(origin.x), y: Float(origin.y))
            var node = gsk_transform_translate(nil, &point)
            if transform.a != 1 || transform.d != 1 {
                node = gsk_transform_scale(node, Float(transform.a), Float(transform.d))
            }
            gtk_fixed_set_child_transform(sd_fixed(fixed), dialog, node)
            gsk_transform_unref(node)
        }
        if lastClip[level] != layer.clip {
            lastClip[level] = layer.clip
            clip(dialog, to: layer.clip, frame: frame)
        }
        if lastOpacity[level] != layer.opacity {
            lastOpacity[level] = layer.opacity
            gtk_widget_set_opacity(dialog, layer.opacity)
        }
        let scroll = scrollOfLevel?(level) ?? state.scroll
        if let scrolled = contents[level].scrolledWindow, scroll != lastScroll[level] {
            lastScroll[level] = scroll
            let adjustment = gtk_scrolled_window_get_vadjustment(sd_scrolled(scrolled))
            gtk_adjustment_set_value(adjustment, scroll.isFinite ? max(0, scroll) : 0)
        }
    }

    /// Clips `dialog` (resting at `frame`) to `clip`, which is in the layer's coordinates
    /// (the viewport's before the transform, as the frame): a photo zooming into its source
    /// shows inside its rounded rectangle only. nil: unclipped.
    private func clip(_ dialog: UnsafeMutablePointer<GtkWidget>, to clip: LayerClip?, frame: Rect) {
        guard let clip, clip.rect.width.isFinite, clip.rect.height.isFinite,
            clip.rect.minX.isFinite, clip.rect.minY.isFinite, clip.cornerRadius.isFinite
        else {
            sd_dialog_box_clear_clip(dialog)
            return
        }
        sd_dialog_box_set_clip(
            dialog, Float(clip.rect.minX - frame.minX), Float(clip.rect.minY - frame.minY),
            Float(clip.rect.width), Float(clip.rect.height), Float(clip.cornerRadius))
    }

    /// Level `level` shows `content` from the next frame on (its frame and list anew).
    func replaceContent(_ level: Int, with content: GtkSheetContent) {
        contents[level] = content
        lastScroll[level] = .nan
        layOut()
    }

    /// Sizes each level's content widget to its resting frame for the current viewport.
    func layOut() {
        for level in dialogs.indices {
            let frame = contents[level].frame(viewport)
            gtk_widget_set_size_request(
                dialogs[level], Int32(max(1, frame.width.rounded())),
                Int32(max(1, frame.height.rounded())))
            lastTransform[level] = nil
            lastClip[level] = nil
            sd_dialog_box_clear_clip(dialogs[level])
        }
    }
}
