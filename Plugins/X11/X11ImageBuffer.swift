internal import CX11
import Glibc
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster

/// Owns a frame drawn in client memory: the pixels (a System V shared-memory segment the
/// server maps through MIT-SHM, or an ordinary allocation sent with `XPutImage`), the
/// `XImage` describing them, and the compositor's frame surface over them (a cairo image
/// surface whose pixels are read only through `CairoFrameSurface.withCompletePixels`).
///
/// The shared segment is marked for removal (`IPC_RMID`) as soon as the server attached
/// it, so the kernel frees it when both processes let go, however ours ends. `deinit`
/// detaches it from the server and from us, or frees the allocation.
final class X11ImageBuffer {
    /// How the pixels reach the server.
    enum Transport: Equatable {
        /// `XShmPutImage` from a shared segment: the server copies from our memory.
        case sharedMemory
        /// `XPutImage`: the pixels travel over the connection.
        case putImage
    }

    let display: X11Display
    let transport: Transport
    let pixelWidth: Int
    let pixelHeight: Int
    /// The frames drawn into our memory; the only way to its pixels.
    let frame: CairoFrameSurface
    /// The cairo surface under `frame`, kept to finish it before the memory goes.
    private let surface: CairoSurface
    private let image: XShm.ImagePointer
    private let memory: UnsafeMutableRawPointer
    private let stride: Int
    private let segment: UnsafeMutablePointer<XShmSegmentInfo>?
    /// A frame's solid bands, to fill one colour at a time (kept between frames).
    private var fills = SolidFills()
    /// Whether this buffer ever sent a shared-memory put (so `deinit` waits for the server).
    private var sentAny = false
    /// The request number of the last shared-memory put the server may not have read yet.
    private var lastPutSerial: UInt = 0
    /// Whether a frame's last shared-memory put asks for a completion event: for frames no
    /// input event will follow (an animation running on its own), so the next one learns
    /// that the server is done from that event instead of a round trip.
    var confirmsFrames = false

    /// A buffer of `width` × `height` pixels sent with `transport`; throws `.cannotCreate`
    /// with the reason (no MIT-SHM, a refused attach, a visual that is not 32-bit xRGB).
    init(display: X11Display, width: Int, height: Int, transport: Transport) throws(X11Error) {
        guard PixelLimit.fits(width: width, height: height) else {
            throw X11Error.invalidSize(width: width, height: height)
        }
        self.display = display
        self.transport = transport
        pixelWidth = width
        pixelHeight = height
        let dpy = display.pointer
        let visual = display.visual
        guard display.depth == 24 || display.depth == 32, visual.pointee.red_mask == 0xFF0000,
            visual.pointee.green_mask == 0xFF00, visual.pointee.blue_mask == 0xFF
        else {
            throw X11Error.cannotCreate(
                "client-side image (the default visual is depth \(display.depth), not 24-bit xRGB)")
        }
        let stride = CairoSurface.rgb24Stride(width: width)
        let bytes = stride * height
        var info: UnsafeMutablePointer<XShmSegmentInfo>? = nil
        var createdImage: XShm.ImagePointer?
        let memory: UnsafeMutableRawPointer
        switch transport {
        case .sharedMemory:
            guard XShm.queryExtension(dpy) else {
                throw X11Error.cannotCreate("MIT-SHM image (the server has no MIT-SHM extension)")
            }
            let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
            segment.initialize(to: XShmSegmentInfo())
            guard
                let shmImage = XShm.createImage(
                    dpy, visual: visual, depth: UInt32(display.depth), info: segment,
                    width: UInt32(width), height: UInt32(height))
            else {
                segment.deallocate()
                throw X11Error.cannotCreate("MIT-SHM image (XShmCreateImage failed)")
            }
            guard Int(shmImage.pointee.bytes_per_line) == stride,
                shmImage.pointee.bits_per_pixel == 32, shmImage.pointee.byte_order == LSBFirst
            else {
                XShm.destroyImageStructure(shmImage)
                segment.deallocate()
                throw X11Error.cannotCreate("MIT-SHM image (its layout is not cairo's RGB24)")
            }
            guard let id = XShm.createSegment(size: bytes) else {
                let reason = String(cString: strerror(errno))
                XShm.destroyImageStructure(shmImage)
                segment.deallocate()
                throw X11Error.cannotCreate("shared-memory segment of \(bytes) bytes (\(reason))")
            }
            guard let address = XShm.attachSegment(id) else {
                let reason = String(cString: strerror(errno))
                XShm.markSegmentForRemoval(id)
                XShm.destroyImageStructure(shmImage)
                segment.deallocate()
                throw X11Error.cannotCreate("shared-memory mapping (\(reason))")
            }
            segment.pointee.shmid = id
            segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
            segment.pointee.readOnly = 0
            shmImage.pointee.data = segment.pointee.shmaddr
            let attached = XShm.attach(dpy, segment)
            // From here the segment lives only as long as someone has it mapped.
            XShm.markSegmentForRemoval(id)
            guard attached else {
                XShm.detachSegment(address)
                XShm.destroyImageStructure(shmImage)
                segment.deallocate()
                throw X11Error.cannotCreate(
                    "MIT-SHM attachment (the server refused the segment; a remote display?)")
            }
            info = segment
            createdImage = shmImage
            memory = address
        case .putImage:
            guard let allocation = calloc(1, bytes) else {
                throw X11Error.cannotCreate("client-side image of \(bytes) bytes (out of memory)")
            }
            guard
                let plain = XShm.createImage(
                    dpy, visual: visual, depth: UInt32(display.depth), data: allocation,
                    width: UInt32(width), height: UInt32(height), bytesPerLine: Int32(stride))
            else {
                free(allocation)
                throw X11Error.cannotCreate("client-side image (XCreateImage failed)")
            }
            createdImage = plain
            memory = allocation
        }
        guard let createdImage else { throw X11Error.cannotCreate("client-side image") }
        image = createdImage
        self.memory = memory
        self.stride = stride
        segment = info
        do {
            let surface = try CairoSurface(
                wrappingRGB24: memory, width: width, height: height, stride: stride)
            self.surface = surface
            frame = try CairoFrameSurface(surface)
        } catch {
            Self.release(display: display, image: createdImage, memory: memory, segment: info)
            throw X11Error.cannotCreate("cairo image surface (\(error))")
        }
    }

    deinit {
        // cairo lets go of our memory before it is freed (an errored surface has nothing to do).
        try? surface.finish()
        if sentAny { Xlib.sync(display.pointer) }
        Self.release(display: display, image: image, memory: memory, segment: segment)
    }

    private static func release(
        display: X11Display, image: XShm.ImagePointer, memory: UnsafeMutableRawPointer,
        segment: UnsafeMutablePointer<XShmSegmentInfo>?
    ) {
        XShm.destroyImageStructure(image)
        if let segment {
            XShm.detach(display.pointer, segment)
            Xlib.flush(display.pointer)
            XShm.detachSegment(memory)
            segment.deallocate()
        } else {
            free(memory)
        }
    }

    /// Waits until the server has read every shared-memory put, so drawing the next frame
    /// cannot tear the one on its way. The server handles our requests in order and stamps
    /// every event it sends us with the last one it handled, so the input events that start
    /// a frame have usually said so already; otherwise one round trip (`XSync`) settles it.
    /// Frames no input event follows (`confirmsFrames`) ask for a completion event instead,
    /// which the event loop reads at the next frame rather than waking for it. Returns
    /// whether it took the round trip.
    @discardableResult
    func waitUntilServerIsDone() -> Bool {
        guard transport == .sharedMemory, lastPutSerial != 0 else { return false }
        let dpy = display.pointer
        var synced = false
        if Xlib.lastRequestProcessed(dpy) < lastPutSerial {
            _ = Xlib.eventsQueuedAfterReading(dpy)
            if Xlib.lastRequestProcessed(dpy) < lastPutSerial {
                Xlib.sync(dpy)
                synced = true
            }
        }
        lastPutSerial = 0
        return synced
    }

    /// Sends what `plan` (the compositor's frame just drawn) changed, band of rows by band: rows of
    /// pixels with one put each, rows of one colour filled (the pixels may be missing from
    /// our memory), every band of a colour in one request, rows repeating rows above with one
    /// put from those rows (the server copies them from our memory twice; we wrote them once),
    /// unchanged rows not at all. Without bands, the whole box is put.
    func put(_ plan: CairoFramePlan, to window: X11Window, gc: GC) {
        let bands = plan.bands
        guard !bands.isEmpty else {
            put(plan.damage, to: window, gc: gc)
            return
        }
        let clipped = plan.damage.intersectionWith(width: pixelWidth, height: pixelHeight)
        // A band's rows, across the columns that changed in them (the window shows the rest).
        func rows(of band: CairoRowBand) -> PixelRect {
            let top = max(band.y, clipped.y)
            let bottom = min(band.y + band.height, clipped.y + clipped.height)
            let left = max(clipped.x, band.columns?.lowerBound ?? clipped.x)
            let right = min(
                clipped.x + clipped.width, band.columns?.upperBound ?? clipped.x + clipped.width)
            return PixelRect(
                x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
        }
        // The band whose put is the frame's last, to be confirmed.
        var lastPut = -1
        if confirmsFrames {
            for index in bands.indices {
                switch bands[index].content {
                case .pixels, .repeats:
                    if rows(of: bands[index]).area > 0 { lastPut = index }
                case .solid, .unchanged:
                    break
                }
            }
        }
        for index in bands.indices {
            let band = bands[index]
            let rect = rows(of: band)
            guard rect.width > 0, rect.height > 0 else { continue }
            switch band.content {
            case .pixels:
                put(rect, from: rect.y, to: window, gc: gc, confirms: index == lastPut)
            case .solid(let colour):
                fills.add(rect, colour: colour)
            case .repeats(let fromY):
                put(
                    rect, from: fromY + (rect.y - band.y), to: window, gc: gc,
                    confirms: index == lastPut)
            case .unchanged:
                break
            }
        }
        fills.send(display.pointer, window.id, gc: gc)
    }

    /// Sends the pixels inside `box` to the same place in `window`.
    func put(_ box: PixelRect, to window: X11Window, gc: GC) {
        let clipped = box.intersectionWith(width: pixelWidth, height: pixelHeight)
        guard clipped.width > 0, clipped.height > 0 else { return }
        put(clipped, from: clipped.y, to: window, gc: gc, confirms: confirmsFrames)
    }

    /// Sends the pixels of `box` (inside the image) moved up or down to start at row
    /// `sourceY` (the box's rows, when it is `box.y`) to `box` in `window`; nothing if those
    /// rows are not all inside the image.
    private func put(
        _ box: PixelRect, from sourceY: Int, to window: X11Window, gc: GC, confirms: Bool = false
    ) {
        guard sourceY >= 0, sourceY + box.height <= pixelHeight else { return }
        let dpy = display.pointer
        switch transport {
        case .sharedMemory:
            XShm.putImage(
                dpy, window.id, gc: gc, image: image, x: Int32(box.x), sourceY: Int32(sourceY),
                y: Int32(box.y), width: UInt32(box.width), height: UInt32(box.height),
                confirms: confirms)
            lastPutSerial = Xlib.lastRequestSerial(dpy)
            sentAny = true
        case .putImage:
            XShm.putPlainImage(
                dpy, window.id, gc: gc, image: image, x: Int32(box.x), sourceY: Int32(sourceY),
                y: Int32(box.y), width: UInt32(box.width), height: UInt32(box.height))
        }
    }

    /// The pixels as 0xRRGGBB, row by row, read from our own memory once the frame is whole
    /// (the rows left to the window written in); nil outside the image.
    func readPixels(x: Int, y: Int, width: Int, height: Int) -> [UInt32]? {
        guard x >= 0, y >= 0, width > 0, height > 0, x + width <= pixelWidth,
            y + height <= pixelHeight
        else { return nil }
        return frame.withCompletePixels { surface, _ in
            surface.flush()
            var pixels: [UInt32] = []
            pixels.reserveCapacity(width * height)
            for row in y..<(y + height) {
                let line = (memory + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in x..<(x + width) { pixels.append(line[column] & 0xFF_FFFF) }
            }
            return pixels
        }
    }

    /// Sends the whole frame, once it is whole (after an Expose, or custom drawing).
    func putWholeFrame(to window: X11Window, gc: GC) {
        frame.withCompletePixels { surface, _ in
            surface.flush()
            put(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight), to: window, gc: gc)
        }
    }
}

extension PixelRect {
    /// The part inside (0, 0, `width`, `height`).
    func intersectionWith(width: Int, height: Int) -> PixelRect {
        let minX = max(0, x)
        let minY = max(0, y)
        let maxX = min(width, x + self.width)
        let maxY = min(height, y + self.height)
        return PixelRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }
}

/// The solid bands of a frame, sent as one `XFillRectangles` per colour: the gaps between a
/// list's rows share one colour, so a frame's dozen or two fills become a few requests.
/// Its storage grows to the largest frame and is kept, so a steady frame allocates nothing.
private struct SolidFills {
    /// Marks a box already sent: colours are `0xRRGGBB`, so never this.
    private static let sent: UInt32 = 0xFFFF_FFFF
    private var colours: [UInt32] = []
    private var boxes: [XRectangle] = []
    private var batch: [XRectangle] = []

    /// Adds `rect` (inside a window, so its sides fit X's 16 bits) filled with `colour`.
    mutating func add(_ rect: PixelRect, colour: UInt32) {
        colours.append(colour)
        boxes.append(
            XRectangle(
                x: Int16(rect.x), y: Int16(rect.y), width: UInt16(rect.width),
                height: UInt16(rect.height)))
    }

    /// Fills every box added since the last call, one request per colour, and forgets them.
    mutating func send(_ display: Xlib.DisplayPointer, _ drawable: Drawable, gc: GC) {
        var first = 0
        while first < colours.count {
            let colour = colours[first]
            batch.removeAll(keepingCapacity: true)
            for index in first..<colours.count where colours[index] == colour {
                batch.append(boxes[index])
                colours[index] = Self.sent
            }
            let count = batch.count
            batch.withUnsafeMutableBufferPointer { rectangles in
                Xlib.fillRectangles(
                    display, drawable, gc: gc, colour: UInt(colour), rectangles.baseAddress!,
                    count: count)
            }
            while first < colours.count, colours[first] == Self.sent { first += 1 }
        }
        colours.removeAll(keepingCapacity: true)
        boxes.removeAll(keepingCapacity: true)
    }
}
