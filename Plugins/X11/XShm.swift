internal import CX11
import Glibc

/// Every MIT-SHM (libXext), `XPutImage` and System V shared-memory call the client-side
/// presenter makes, one thin named wrapper each (the seam `Xlib` is for the rest).
enum XShm {
    typealias ImagePointer = UnsafeMutablePointer<XImage>

    // MARK: The extension

    /// `XShmQueryExtension`: whether the server speaks MIT-SHM.
    static func queryExtension(_ display: Xlib.DisplayPointer) -> Bool {
        XShmQueryExtension(display) != 0
    }

    /// `XShmCreateImage` (ZPixmap) with no memory yet; `info` must outlive the image.
    static func createImage(
        _ display: Xlib.DisplayPointer, visual: UnsafeMutablePointer<Visual>, depth: UInt32,
        info: UnsafeMutablePointer<XShmSegmentInfo>, width: UInt32, height: UInt32
    ) -> ImagePointer? {
        XShmCreateImage(display, visual, depth, ZPixmap, nil, info, width, height)
    }

    /// `XShmAttach`, then `XSync` with errors trapped: false if the server refused (a
    /// remote server cannot see our memory, for one).
    static func attach(
        _ display: Xlib.DisplayPointer, _ info: UnsafeMutablePointer<XShmSegmentInfo>
    )
        -> Bool
    {
        Xlib.trappingErrors(display) { _ = XShmAttach(display, info) }
    }

    /// `XShmDetach`.
    static func detach(
        _ display: Xlib.DisplayPointer, _ info: UnsafeMutablePointer<XShmSegmentInfo>
    ) {
        _ = XShmDetach(display, info)
    }

    /// `XShmPutImage` of the box at (`x`, `sourceY`) of the image to (`x`, `y`) in
    /// `drawable`; with `confirms`, the server sends a completion event once it has read the
    /// memory (otherwise the next event's serial, or a round trip, says so).
    static func putImage(
        _ display: Xlib.DisplayPointer, _ drawable: Drawable, gc: GC, image: ImagePointer,
        x: Int32, sourceY: Int32, y: Int32, width: UInt32, height: UInt32, confirms: Bool = false
    ) {
        _ = XShmPutImage(
            display, drawable, gc, image, x, sourceY, x, y, width, height, confirms ? 1 : 0)
    }

    // MARK: Plain images

    /// `XCreateImage` (ZPixmap, 32 bits a pixel) over memory the caller owns.
    static func createImage(
        _ display: Xlib.DisplayPointer, visual: UnsafeMutablePointer<Visual>, depth: UInt32,
        data: UnsafeMutableRawPointer, width: UInt32, height: UInt32, bytesPerLine: Int32
    ) -> ImagePointer? {
        XCreateImage(
            display, visual, depth, ZPixmap, 0, data.assumingMemoryBound(to: CChar.self), width,
            height, 32, bytesPerLine)
    }

    /// `XPutImage` of the box at (`x`, `sourceY`) of the image to (`x`, `y`) in `drawable`.
    static func putPlainImage(
        _ display: Xlib.DisplayPointer, _ drawable: Drawable, gc: GC, image: ImagePointer,
        x: Int32, sourceY: Int32, y: Int32, width: UInt32, height: UInt32
    ) {
        _ = XPutImage(display, drawable, gc, image, x, sourceY, x, y, width, height)
    }

    /// `XDestroyImage` (the macro) of the image structure only: its memory belongs to the
    /// caller (a segment or an allocation), so the pointers are cleared first.
    static func destroyImageStructure(_ image: ImagePointer) {
        image.pointee.data = nil
        image.pointee.obdata = nil
        _ = image.pointee.f.destroy_image(image)
    }

    // MARK: System V shared memory

    /// `shmget(IPC_PRIVATE, size, IPC_CREAT | 0600)`; the id, or nil with `errno` set.
    static func createSegment(size: Int) -> Int32? {
        let id = shmget(0, size, IPC_CREAT | 0o600)
        return id >= 0 ? id : nil
    }

    /// `shmat` read-write; nil (with `errno`) on failure.
    static func attachSegment(_ id: Int32) -> UnsafeMutableRawPointer? {
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        return address
    }

    /// `shmdt`.
    static func detachSegment(_ address: UnsafeMutableRawPointer) {
        _ = shmdt(address)
    }

    /// `shmctl(IPC_RMID)`: the segment goes away once the last process detaches, even if
    /// that process is killed.
    static func markSegmentForRemoval(_ id: Int32) {
        _ = shmctl(id, IPC_RMID, nil)
    }

}

extension Xlib {
    nonisolated(unsafe) private static var trappedError = false

    /// Runs `body`, then `XSync`, with an error handler that only notes an error, and puts
    /// the previous handler back; returns whether no error arrived. Works whether or not the
    /// plugin's handlers are installed (they are opt-in). Call it on the thread driving X11.
    static func trappingErrors(_ display: Xlib.DisplayPointer, _ body: () -> Void) -> Bool {
        Xlib.sync(display)
        trappedError = false
        let previous = XSetErrorHandler { _, _ in
            Xlib.trappedError = true
            return 0
        }
        body()
        Xlib.sync(display)
        XSetErrorHandler(previous)
        return !trappedError
    }
}
