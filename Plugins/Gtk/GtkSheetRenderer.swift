import CGtk
import SwipeDismiss

/// Shows the controller's frames with GTK: the app's content widget moved and faded as
/// render nodes, the backdrop as one colour node.
///
/// Nothing is re-rasterised per frame: the content widget sits in a `GtkFixed` whose child
/// transform (`gtk_fixed_set_child_transform`, a transform node) carries the drag, its
/// opacity (`gtk_widget_set_opacity`, an opacity node) the fade, and the backdrop is a
/// widget with a black CSS background (a colour node) whose opacity is the dim. A frame
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

    let backdrop: UnsafeMutablePointer<GtkWidget>
    let fixed: UnsafeMutablePointer<GtkWidget>
    let dialog: UnsafeMutablePointer<GtkWidget>
    let content: GtkSheetContent
    private var lastScroll = Double.nan

    init(
        viewport: Size, backdrop: UnsafeMutablePointer<GtkWidget>,
        fixed: UnsafeMutablePointer<GtkWidget>, dialog: UnsafeMutablePointer<GtkWidget>,
        content: GtkSheetContent
    ) {
        self.viewport = viewport
        self.backdrop = backdrop
        self.fixed = fixed
        self.dialog = dialog
        self.content = content
    }

    /// Moves, fades and scrolls the content and dims the backdrop for `state`.
    public func render(_ scene: Scene, state: DismissState) throws {
        frameCount += 1
        var transform = Transform.identity
        var opacity = 1.0
        var dim = 0.0
        for index in scene.layers.indices {
            switch scene.layers[index].role {
            case .content:
                transform = scene.layers[index].transform
                opacity = scene.layers[index].opacity
            case .backdrop:
                dim = scene.layers[index].opacity
            case .presenting, .decoration:
                break
            }
        }
        let shown = state.phase != .dismissed && opacity > 0
        showsContent = shown
        backdropOpacity = state.phase == .dismissed ? 0 : dim
        gtk_widget_set_opacity(backdrop, backdropOpacity)
        if gtk_widget_get_visible(fixed) != (shown ? 1 : 0) {
            gtk_widget_set_visible(fixed, shown ? 1 : 0)
        }
        guard shown else { return }
        let frame = content.frame(viewport)
        let origin = transform.apply(to: frame.origin)
        contentTranslation = origin - frame.origin
        var point = graphene_point_t(x: Float(origin.x), y: Float(origin.y))
        var node = gsk_transform_translate(nil, &point)
        if transform.a != 1 || transform.d != 1 {
            node = gsk_transform_scale(node, Float(transform.a), Float(transform.d))
        }
        gtk_fixed_set_child_transform(sd_fixed(fixed), dialog, node)
        gsk_transform_unref(node)
        gtk_widget_set_opacity(dialog, opacity)
        if let scrolled = content.scrolledWindow, state.scroll != lastScroll {
            lastScroll = state.scroll
            let adjustment = gtk_scrolled_window_get_vadjustment(sd_scrolled(scrolled))
            gtk_adjustment_set_value(adjustment, state.scroll.isFinite ? max(0, state.scroll) : 0)
        }
    }

    /// Sizes the content widget to its resting frame for the current viewport.
    func layOut() {
        let frame = content.frame(viewport)
        gtk_widget_set_size_request(
            dialog, Int32(max(1, frame.width.rounded())), Int32(max(1, frame.height.rounded())))
    }
}
