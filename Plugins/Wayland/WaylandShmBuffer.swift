internal import CCairo
internal import CWayland
internal import CWaylandProtocols
import Glibc
import SwipeDismiss
import SwipeDismissCairo

/// One `wl_buffer` in shared memory: a `memfd` of `stride × height` bytes, mapped here and
/// shared with the compositor through a `wl_shm_pool`, in `XRGB8888` (cairo's `RGB24`, so a
/// cairo image surface draws straight into it).
///
/// `isBusy` from `attach` until the compositor's `release`: a busy buffer is never drawn into.
final class WaylandShmBuffer {
    /// Kept so the connection outlives the buffer's proxies (destroyed in `deinit`).
    private let display: WaylandDisplay
    let pixelWidth: Int
    let pixelHeight: Int
    let stride: Int
    private(set) var buffer: OpaquePointer?
    private var pool: OpaquePointer?
    private let memory: UnsafeMutableRawPointer
    private let length: Int
    private let descriptor: Int32
    /// The cairo surface over the mapping and a context on it.
    let surface: CairoSurface
    let context: CairoContext
    /// Attached and not yet released by the compositor.
    private(set) var isBusy = false
    /// How many times the compositor released it.
    private(set) var releases = 0
    /// Buffer pixels that may not show the latest frame: what was damaged since this buffer
    /// was last drawn. Nil: nothing; the whole buffer after it is made.
    var stale: PixelRect?
    /// Called on `release` (the renderer counts and may draw a waiting frame).
    var released: (() -> Void)?

    init(display: WaylandDisplay, shm: OpaquePointer, width: Int, height: Int) throws(WaylandError)
    {
        self.display = display
        // Checked before any arithmetic: `length` must fit the pool's Int32 size.
        guard PixelLimit.fits(width: width, height: height) else {
            throw .bufferFailed(
                "invalid size \(width)x\(height) px (each side 1 to \(PixelLimit.maximumSide), "
                    + "at most \(PixelLimit.maximumPixels) px)")
        }
        pixelWidth = width
        pixelHeight = height
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        length = stride * height
        descriptor = swd_memfd_create("swipedismiss-wayland")
        guard descriptor >= 0 else {
            throw .bufferFailed("memfd_create: \(String(cString: strerror(errno)))")
        }
        guard ftruncate(descriptor, off_t(length)) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .bufferFailed("ftruncate to \(length) bytes: \(reason)")
        }
        guard let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
            mapped != MAP_FAILED
        else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .bufferFailed("mmap of \(length) bytes: \(reason)")
        }
        memory = mapped
        guard
            let raw = cairo_image_surface_create_for_data(
                mapped.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(width),
                Int32(height), Int32(stride))
        else {
            munmap(mapped, length)
            close(descriptor)
            throw .bufferFailed("cairo_image_surface_create_for_data failed")
        }
        do {
            surface = try CairoSurface(adopting: raw)
            context = try CairoContext(surface: surface)
        } catch {
            munmap(mapped, length)
            close(descriptor)
            throw .bufferFailed("\(error)")
        }
        pool = wl_shm_create_pool(shm, descriptor, Int32(length))
        buffer = wl_shm_pool_create_buffer(
            pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_XRGB8888.rawValue)
        wl_buffer_add_listener(buffer, Self.listener, Unmanaged.passUnretained(self).toOpaque())
        stale = PixelRect(x: 0, y: 0, width: width, height: height)
    }

    deinit {
        if let buffer { wl_buffer_destroy(buffer) }
        if let pool { wl_shm_pool_destroy(pool) }
        munmap(memory, length)
        close(descriptor)
    }

    /// Marks the buffer as the compositor's until it releases it.
    func attached() { isBusy = true }

    /// Copies `box` of a frame in `source` (XRGB8888 rows `sourceStride` bytes apart, the
    /// buffer's size) into the buffer: its pixels there then show that frame.
    func copy(_ box: PixelRect, from source: UnsafeRawPointer, sourceStride: Int) {
        let left = max(0, box.x)
        let right = min(pixelWidth, box.x + box.width)
        let top = max(0, box.y)
        let bottom = min(pixelHeight, box.y + box.height)
        guard right > left, bottom > top else { return }
        let count = (right - left) * 4
        for row in top..<bottom {
            memcpy(memory + row * stride + left * 4, source + row * sourceStride + left * 4, count)
        }
    }

    /// The pixel at (`x`, `y`) as 0xRRGGBB (tests and pixel checks).
    func pixel(x: Int, y: Int) -> UInt32? {
        guard (0..<pixelWidth).contains(x), (0..<pixelHeight).contains(y) else { return nil }
        surface.flush()
        return memory.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFF_FFFF
    }

    /// All pixels as 0xRRGGBB, row by row (tests compare frames with a fresh paint).
    func pixels() -> [UInt32] {
        surface.flush()
        var result: [UInt32] = []
        result.reserveCapacity(pixelWidth * pixelHeight)
        for y in 0..<pixelHeight {
            for x in 0..<pixelWidth {
                result.append(
                    memory.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFF_FFFF)
            }
        }
        return result
    }

    private func didRelease() {
        isBusy = false
        releases += 1
        released?()
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_buffer_listener> = {
        let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_buffer_listener(release: { data, _ in
                Unmanaged<WaylandShmBuffer>.fromOpaque(data!).takeUnretainedValue().didRelease()
            }))
        return listener
    }()
}
