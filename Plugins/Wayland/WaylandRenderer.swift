internal import CCairo
internal import CWayland
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster

/// Draws scenes into a `WaylandWindow` through `wl_shm` buffers, paced by frame callbacks.
///
/// Each frame is composed by the same compositor as the X11 plugin's (`SwipeDismissRaster`:
/// retained layer rasters, a row plan) into a frame of our own, which thus always holds the
/// latest frame whole. A buffer the compositor has released (at most `maximumBuffers`, made
/// as needed) is brought up to date by copying from it the box that changed since that
/// buffer was last written (the union of the damage of every frame since: a buffer held
/// for two frames gets both). Then `attach`, `damage_buffer` with the plan's changed bands
/// (`damageRects`), a `frame` callback and `commit`. A steady frame allocates nothing in
/// Swift; libwayland allocates per request and per proxy (see `WaylandAllocationTests`).
///
/// It never commits while a frame callback is outstanding, nor without a free buffer, nor
/// before the first configure: such a frame is deferred (`needsFrame`), and the event loop
/// asks the controller for it again when the callback comes. Animations stay time-based: the
/// controller keeps stepping on its clock, only the commits wait. Nothing is committed when
/// nothing changed, so an idle window commits nothing.
public final class WaylandRenderer: Renderer {
    /// The most buffers kept: two alternate, a third covers a compositor holding two.
    public static let maximumBuffers = 3
    /// The most rectangles one commit damages; a frame with more bands damages its box.
    static let maximumDamageRects = 8
    /// The window drawn into.
    public let window: WaylandWindow
    /// Paints what the compositor does not take from a raster.
    public let painter: CairoPainter
    /// Composes frames into `frame`, repainting only what changed (the X11 plugin's).
    package let compositor: CairoCompositor
    /// The latest frame, whole (no rows are left out of it: `leavesSolidRows` is off).
    private var frame: CairoFrameSurface?
    private var buffers: [WaylandShmBuffer] = []
    /// Buffers of an old size the compositor still holds; dropped when released.
    private var retiring: [WaylandShmBuffer] = []
    private var frameCallback: OpaquePointer?
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
    /// The buffer box the last commit's frame changed (the plan's damage).
    public private(set) var lastDamage: PixelRect?
    /// The rectangles the next or last commit passes to `damage_buffer` (`rectCount` of
    /// them): the plan's changed bands, adjacent ones of the same columns merged. Plain
    /// memory made once, so that neither filling nor sending them allocates, in any build.
    private let rects = UnsafeMutablePointer<PixelRect>.allocate(capacity: maximumDamageRects)
    private var rectCount = 0
    /// The box copied into the last committed buffer (its staleness and this frame's damage).
    package private(set) var lastCopied: PixelRect?
    /// How many rectangles all commits passed to `damage_buffer`.
    package private(set) var rectanglesDamaged = 0
    /// The buffer size of the last commit, in pixels.
    public private(set) var lastBufferSize: (width: Int, height: Int)?

    /// A renderer for `window`, painting with `painter`.
    public init(window: WaylandWindow, painter: CairoPainter = CairoPainter()) {
        self.window = window
        self.painter = painter
        compositor = CairoCompositor(painter: painter)
        // As X11's: motion at whole pixels (copies from the rasters). Unlike X11's, the
        // rasters are made on a layer's second drawing: the first frame is the painter's
        // own, exactly a fresh paint (a raster's antialiased edges may round one level
        // apart). Flat rows stay in: a buffer is written from our frame by plain copies.
        compositor.snapsMovesToWholePixels = true
        rects.initialize(repeating: .empty, count: Self.maximumDamageRects)
    }

    deinit {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        rects.deinitialize(count: Self.maximumDamageRects)
        rects.deallocate()
    }

    /// The rectangles the last commit damaged (for tests; this copy allocates).
    package var damageRects: [PixelRect] {
        Array(UnsafeBufferPointer(start: rects, count: rectCount))
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
        if let buffer = try prepareFrame(scene) { commitFrame(buffer) }
    }

    /// The Swift half of `render`: composes `scene` into a free buffer and returns it for
    /// `commitFrame`; nil when the frame is deferred or nothing changed (then a configure
    /// acknowledged since the last commit is applied with a commit of no buffer).
    func prepareFrame(_ scene: Scene) throws -> WaylandShmBuffer? {
        guard window.isConfigured, frameCallback == nil else {
            deferFrame()
            return nil
        }
        let size = window.pixelSize
        guard let buffer = try freeBuffer(width: size.width, height: size.height) else {
            deferFrame()
            return nil
        }
        needsFrame = false
        guard let change = try draw(scene, into: buffer, size: size) else {
            // Nothing moved; commit only to apply a configure acknowledged since the last one.
            if window.configuresAcknowledged != acknowledgedAtLastCommit { commit(nil) }
            return nil
        }
        lastDamage = change
        lastBufferSize = size
        if keepsLastScene { lastScene = scene }
        return buffer
    }

    /// The libwayland half of `render`: attaches `buffer`, damages `damageRects`, asks for
    /// a frame callback and commits.
    func commitFrame(_ buffer: WaylandShmBuffer) {
        commit(buffer, damage: lastDamage)
    }

    /// Composes `scene` and brings `buffer` up to date with it; the box that changed since
    /// the last frame (nil: nothing did, and nothing was written).
    private func draw(
        _ scene: Scene, into buffer: WaylandShmBuffer, size: (width: Int, height: Int)
    )
        throws -> PixelRect?
    {
        let frame = try currentFrame(width: size.width, height: size.height)
        let plan: CairoFramePlan?
        do {
            plan = try compositor.compose(scene, into: frame, scale: window.scale)
        } catch {
            throw WaylandError.paintFailed("\(error)")
        }
        guard let plan else { return nil }
        let change = plan.damage
        // Index loops: an iterator allocates in an unoptimised build.
        for index in 0..<buffers.count where buffers[index] !== buffer {
            let other = buffers[index]
            other.stale = other.stale.map { $0.union(change) } ?? change
        }
        let region = buffer.stale.map { $0.union(change) } ?? change
        frame.withCompletePixels { surface, _ in
            cairo_surface_flush(surface.pointer)
            // An image surface of our own mapping (`currentFrame`): its data is never nil.
            guard let data = cairo_image_surface_get_data(surface.pointer) else { return }
            buffer.copy(
                region, from: data,
                sourceStride: Int(cairo_image_surface_get_stride(surface.pointer)))
        }
        buffer.stale = nil
        lastCopied = region
        collectDamage(plan)
        return change
    }

    /// The plan's changed bands as rectangles: unchanged bands left out, a band's columns
    /// kept, adjacent bands of the same columns merged; the whole box past the maximum.
    private func collectDamage(_ plan: CairoFramePlan) {
        rectCount = 0
        let box = plan.damage
        let bands = plan.bands
        for index in 0..<bands.count {
            let band = bands[index]
            if case .unchanged = band.content { continue }
            let columns = band.columns ?? box.x..<(box.x + box.width)
            let rect = PixelRect(
                x: columns.lowerBound, y: band.y, width: columns.count, height: band.height)
            guard rect.area > 0 else { continue }
            let last = rectCount > 0 ? rects[rectCount - 1] : .empty
            if rectCount > 0, last.x == rect.x, last.width == rect.width,
                last.y + last.height == rect.y
            {
                rects[rectCount - 1].height += rect.height
            } else if rectCount == Self.maximumDamageRects {
                rects[0] = box
                rectCount = 1
                return
            } else {
                rects[rectCount] = rect
                rectCount += 1
            }
        }
    }

    /// Our frame, made again when the buffer size changed (the compositor then redraws).
    private func currentFrame(width: Int, height: Int) throws -> CairoFrameSurface {
        if let frame, frame.pixelWidth == width, frame.pixelHeight == height { return frame }
        frame = nil
        do {
            let made = try CairoFrameSurface(
                CairoSurface(mappedImageWidth: width, height: height, opaque: true))
            frame = made
            return made
        } catch {
            throw WaylandError.paintFailed("\(error)")
        }
    }

    /// The pixel at (`x`, `y`) of the last committed buffer, as 0xRRGGBB.
    public func lastFramePixel(x: Int, y: Int) -> UInt32? {
        lastCommitted?.pixel(x: x, y: y)
    }

    private var lastCommitted: WaylandShmBuffer?
    /// The scene of the last commit that attached a buffer (tests repaint it to compare).
    private(set) var lastScene: Scene?
    /// Whether to keep `lastScene` (tests). Off by default: holding the scene would share
    /// its layer storage with the controller's, which then copies it on every frame.
    var keepsLastScene = false

    /// The last committed buffer's pixels as 0xRRGGBB, row by row.
    func lastFramePixels() -> [UInt32]? { lastCommitted?.pixels() }

    private func deferFrame() {
        needsFrame = true
        deferredFrames += 1
    }

    private func commit(_ buffer: WaylandShmBuffer?, damage box: PixelRect? = nil) {
        let surface = window.surface
        if let buffer, box != nil {
            if buffer.isBusy { attachedWhileBusy += 1 }
            window.describeBuffer()
            wl_surface_attach(surface, buffer.buffer, 0, 0)
            if window.display.compositorVersion >= 4 {
                rectanglesDamaged += rectCount
                for index in 0..<rectCount {
                    let rect = rects[index]
                    wl_surface_damage_buffer(
                        surface, Int32(rect.x), Int32(rect.y), Int32(rect.width),
                        Int32(rect.height))
                }
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
        if !buffers.isEmpty, buffers[0].pixelWidth != width || buffers[0].pixelHeight != height {
            retiring += buffers.filter(\.isBusy)
            buffers.removeAll()
        }
        if !retiring.isEmpty { retiring.removeAll { !$0.isBusy } }
        var best: WaylandShmBuffer?
        for index in 0..<buffers.count where !buffers[index].isBusy {
            let buffer = buffers[index]
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
