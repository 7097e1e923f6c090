internal import CWayland
import SwipeDismiss
import SwipeDismissCairo

/// Draws scenes into a `WaylandWindow` through `wl_shm` buffers, paced by frame callbacks.
///
/// Each frame: a buffer the compositor has released (at most `maximumBuffers`, made as
/// needed), the scene painted with the Cairo plugin's `CairoPainter` on a cairo image
/// surface over the buffer's memory, clipped to what changed since that buffer was last
/// drawn; then `attach`, `damage_buffer` with the box that changed since the last commit
/// (`WaylandDamage`), a `frame` callback and `commit`.
///
/// It never commits while a frame callback is outstanding, nor without a free buffer, nor
/// before the first configure: such a frame is deferred (`needsFrame`), and the event loop
/// asks the controller for it again when the callback comes. Animations stay time-based: the
/// controller keeps stepping on its clock, only the commits wait. Nothing is committed when
/// nothing changed, so an idle window commits nothing.
public final class WaylandRenderer: Renderer {
    /// The most buffers kept: two alternate, a third covers a compositor holding two.
    public static let maximumBuffers = 3
    /// The window drawn into.
    public let window: WaylandWindow
    /// Paints scenes with cairo.
    public let painter: CairoPainter
    private var buffers: [WaylandShmBuffer] = []
    /// Buffers of an old size the compositor still holds; dropped when released.
    private var retiring: [WaylandShmBuffer] = []
    private var frameCallback: OpaquePointer?
    private var damage = WaylandDamage()
    private var acknowledgedAtLastCommit = 0

    /// How many times the surface was committed.
    public private(set) var commits = 0
    /// How many frame callbacks came back (`wl_callback.done`).
    public private(set) var framesDone = 0
    /// How many buffers were made in all.
    public private(set) var buffersMade = 0
    /// How many times the compositor released a buffer.
    public private(set) var releases = 0
    /// How many frames waited for a callback, a buffer or the first configure.
    public private(set) var deferredFrames = 0
    /// Whether a frame was deferred and should be drawn once the window can take one.
    public private(set) var needsFrame = false
    /// How many times a buffer still held by the compositor was attached again (never: a
    /// buffer is drawn into only after its `release`; the tests hold the renderer to it).
    public private(set) var attachedWhileBusy = 0
    /// The buffer box the last commit damaged.
    public private(set) var lastDamage: PixelRect?
    /// The buffer size of the last commit, in pixels.
    public private(set) var lastBufferSize: (width: Int, height: Int)?

    /// A renderer for `window`, painting with `painter`.
    public init(window: WaylandWindow, painter: CairoPainter = CairoPainter()) {
        self.window = window
        self.painter = painter
    }

    deinit {
        if let frameCallback { wl_callback_destroy(frameCallback) }
    }

    /// The window's size in points.
    public var viewport: Size { Size(width: Double(window.width), height: Double(window.height)) }

    /// Device pixels per point (`WaylandWindow.scale`).
    public var scale: Double { window.scale }

    /// Whether a frame callback is outstanding (the next commit waits for it).
    public var isFrameOutstanding: Bool { frameCallback != nil }

    /// How many buffers exist now (never more than `maximumBuffers`, plus any retiring).
    public var bufferCount: Int { buffers.count + retiring.count }

    /// Draws and commits `scene`, or defers it (see the type's description).
    public func render(_ scene: Scene, state: DismissState) throws {
        guard window.isConfigured, frameCallback == nil else { return deferFrame() }
        let size = window.pixelSize
        guard let buffer = try freeBuffer(width: size.width, height: size.height) else {
            return deferFrame()
        }
        do {
            try painter.prepareImages(in: scene)
        } catch {
            throw WaylandError.paintFailed("\(error)")
        }
        needsFrame = false
        let scale = window.scale
        let change = damage.changes(
            to: scene, scale: scale, width: size.width, height: size.height, painter: painter,
            measuringWith: buffer.context)
        guard let change else {
            // Nothing moved; commit only to apply a configure acknowledged since the last one.
            if window.configuresAcknowledged != acknowledgedAtLastCommit { commit(nil) }
            return
        }
        for other in buffers {
            other.stale = other.stale.map { WaylandDamage.union($0, change) } ?? change
        }
        let region = buffer.stale ?? change
        let context = buffer.context
        context.save()
        context.addRect(
            Rect(
                x: Double(region.x), y: Double(region.y), width: Double(region.width),
                height: Double(region.height)))
        context.clip()
        painter.paint(scene, on: context, scale: scale)
        context.restore()
        buffer.stale = nil
        buffer.surface.flush()
        lastDamage = change
        lastBufferSize = size
        lastScene = scene
        commit(buffer, damage: change)
    }

    /// The pixel at (`x`, `y`) of the last committed buffer, as 0xRRGGBB.
    public func lastFramePixel(x: Int, y: Int) -> UInt32? {
        lastCommitted?.pixel(x: x, y: y)
    }

    private var lastCommitted: WaylandShmBuffer?
    /// The scene of the last commit that attached a buffer (tests repaint it to compare).
    private(set) var lastScene: Scene?

    /// The last committed buffer's pixels as 0xRRGGBB, row by row.
    func lastFramePixels() -> [UInt32]? { lastCommitted?.pixels() }

    private func deferFrame() {
        needsFrame = true
        deferredFrames += 1
    }

    private func commit(_ buffer: WaylandShmBuffer?, damage box: PixelRect? = nil) {
        let surface = window.surface
        if let buffer, let box {
            if buffer.isBusy { attachedWhileBusy += 1 }
            window.describeBuffer()
            wl_surface_attach(surface, buffer.buffer, 0, 0)
            if window.display.compositorVersion >= 4 {
                wl_surface_damage_buffer(
                    surface, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
            } else {
                wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
            }
            buffer.attached()
            lastCommitted = buffer
        }
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(
            frameCallback, Self.frameListener, Unmanaged.passUnretained(self).toOpaque())
        wl_surface_commit(surface)
        acknowledgedAtLastCommit = window.configuresAcknowledged
        commits += 1
    }

    /// A released buffer of the size, the least stale one; a new one while fewer than
    /// `maximumBuffers` exist; nil when all are with the compositor.
    private func freeBuffer(width: Int, height: Int) throws -> WaylandShmBuffer? {
        if buffers.contains(where: { $0.pixelWidth != width || $0.pixelHeight != height }) {
            retiring += buffers.filter(\.isBusy)
            buffers.removeAll()
            damage.reset()
        }
        retiring.removeAll { !$0.isBusy }
        var best: WaylandShmBuffer?
        for buffer in buffers where !buffer.isBusy {
            if best == nil || (buffer.stale?.area ?? 0) < (best!.stale?.area ?? 0) { best = buffer }
        }
        if let best { return best }
        guard buffers.count < Self.maximumBuffers, let shm = window.display.shm else { return nil }
        let made = try WaylandShmBuffer(
            display: window.display, shm: shm, width: width, height: height)
        made.released = { [unowned self] in releases += 1 }
        buffers.append(made)
        buffersMade += 1
        return made
    }

    private func frameDone() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        framesDone += 1
    }

    nonisolated(unsafe) private static let frameListener:
        UnsafeMutablePointer<wl_callback_listener> = {
            let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
            listener.initialize(
                to: wl_callback_listener(done: { data, _, _ in
                    Unmanaged<WaylandRenderer>.fromOpaque(data!).takeUnretainedValue().frameDone()
                }))
            return listener
        }()
}
