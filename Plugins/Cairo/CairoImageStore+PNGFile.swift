internal import CCairo
import Glibc

/// A PNG file opened to be decoded: only a regular file, opened without blocking (`open(2)`
/// with `O_NONBLOCK`, then `fstat(2)`), so a FIFO or a device named as a picture is refused
/// at once instead of waiting for a writer for ever.
struct PNGFile {
    let path: String
    private let descriptor: Int32

    /// Opens `path`; throws naming it when it cannot be opened or is not a regular file.
    init(opening path: String) throws(CairoError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw CairoError(
                operation: "open", reason: String(cString: strerror(errno)), path: path)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(descriptor)
            throw CairoError(
                operation: CairoImageStore.fileCheck,
                reason: "not a regular file (a folder, FIFO or device); the picture must be a "
                    + "PNG file",
                path: path)
        }
        self.path = path
        self.descriptor = descriptor
    }

    /// Closes the file.
    func close() {
        Glibc.close(descriptor)
    }

    /// The width and height in the file's `IHDR` chunk (read with `pread(2)`), if it starts
    /// like a PNG; nil otherwise (decoding then says what is wrong).
    var headerSize: (width: Int, height: Int)? {
        var bytes = [UInt8](repeating: 0, count: 24)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, 24, 0) }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard count == 24, Array(bytes[0..<8]) == signature,
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Decodes the whole file from its start (`cairo_image_surface_create_from_png_stream`).
    func decode() throws(CairoError) -> CairoSurface {
        lseek(descriptor, 0, SEEK_SET)
        var file = descriptor
        let raw = withUnsafeMutablePointer(to: &file) { closure in
            cairo_image_surface_create_from_png_stream(readFromDescriptor, closure)!
        }
        let checked = try CairoError.checkCreated(
            raw, "cairo_image_surface_create_from_png", path: path,
            status: cairo_surface_status, destroy: cairo_surface_destroy)
        return try CairoSurface(adopting: checked)
    }
}

/// cairo's read callback: fills `data` with exactly `length` bytes from the descriptor that
/// `closure` points to, or reports a read error (a short file is a corrupt one).
private let readFromDescriptor: cairo_read_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
    let descriptor = closure.load(as: Int32.self)
    var done = 0
    while done < Int(length) {
        let got = read(descriptor, data + done, Int(length) - done)
        if got < 0, errno == EINTR { continue }
        guard got > 0 else { return CAIRO_STATUS_READ_ERROR }
        done += got
    }
    return CAIRO_STATUS_SUCCESS
}
