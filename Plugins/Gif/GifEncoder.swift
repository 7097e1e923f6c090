internal import CGif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owns one giflib encoder (`GifFileType *`) writing to a file descriptor; every giflib
/// call goes through one method here and a failure becomes a `GifError` naming `path`.
final class GifEncoder {
    private var file: UnsafeMutablePointer<GifFileType>?
    /// The file named in errors (the final name, not the temporary one written).
    let path: String

    /// Starts a GIF89a stream on `descriptor` (`EGifOpenFileHandle`), which it then owns.
    init(descriptor: Int32, path: String) throws(GifError) {
        self.path = path
        var code: Int32 = 0
        guard let file = EGifOpenFileHandle(descriptor, &code) else {
            close(descriptor)
            throw GifError(operation: "EGifOpenFileHandle", giflibCode: code, path: path)
        }
        EGifSetGifVersion(file, true)
        self.file = file
    }

    deinit {
        if let file { EGifCloseFile(file, nil) }
    }

    /// The logical screen and its global colour table (`EGifPutScreenDesc`).
    func putScreen(width: Int, height: Int, palette: GifPalette) throws(GifError) {
        let map = try makeMap(palette)
        defer { GifFreeMapObject(map) }
        try check(
            EGifPutScreenDesc(try open(), Int32(width), Int32(height), 8, 0, map),
            "EGifPutScreenDesc")
    }

    /// The NETSCAPE2.0 application extension with a loop count of 0: repeat forever.
    func putLoopForever() throws(GifError) {
        let file = try open()
        let name = Array("NETSCAPE2.0".utf8)
        let loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
        try check(EGifPutExtensionBlock(file, 11, name), "EGifPutExtensionBlock")
        try check(EGifPutExtensionBlock(file, 3, loop), "EGifPutExtensionBlock")
        try check(EGifPutExtensionTrailer(file), "EGifPutExtensionTrailer")
    }

    /// One image: its graphics control block (delay in 1/100 s, transparency, disposal "do
    /// not dispose"), then `rect` with `indices` (`EGifPutImageDesc`, `EGifPutLine`), with
    /// `local` as its own colour table or the global one when nil.
    func putFrame(
        rect: PixelRect, delay: Int, transparentIndex: UInt8?, local: GifPalette?,
        indices: inout [UInt8]
    ) throws(GifError) {
        let file = try open()
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
            TransparentColor: transparentIndex.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(
            EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes),
            "EGifPutExtension")
        let map = try local.map { palette throws(GifError) in try makeMap(palette) }
        defer { if let map { GifFreeMapObject(map) } }
        try check(
            EGifPutImageDesc(
                file, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false,
                map),
            "EGifPutImageDesc")
        let count = rect.width * rect.height
        let status = indices.withUnsafeMutableBufferPointer {
            EGifPutLine(file, $0.baseAddress, Int32(count))
        }
        try check(status, "EGifPutLine")
    }

    /// Writes the trailer and closes the file (`EGifCloseFile`); the encoder is then spent.
    func finish() throws(GifError) {
        let file = try open()
        self.file = nil
        var code: Int32 = 0
        guard EGifCloseFile(file, &code) == GIF_OK else {
            throw GifError(operation: "EGifCloseFile", giflibCode: code, path: path)
        }
    }

    private func open() throws(GifError) -> UnsafeMutablePointer<GifFileType> {
        guard let file else {
            throw GifError(operation: "write", reason: "the GIF is already closed", path: path)
        }
        return file
    }

    /// A giflib colour map for `palette`, padded to its table size (`GifMakeMapObject`).
    private func makeMap(_ palette: GifPalette) throws(GifError) -> UnsafeMutablePointer<
        ColorMapObject
    > {
        var colors = [GifColorType](
            repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: palette.tableSize)
        for (index, color) in palette.colors.enumerated() {
            colors[index] = GifColorType(
                Red: UInt8(color >> 16 & 0xFF), Green: UInt8(color >> 8 & 0xFF),
                Blue: UInt8(color & 0xFF))
        }
        guard let map = GifMakeMapObject(Int32(palette.tableSize), colors) else {
            throw GifError(
                operation: "GifMakeMapObject", giflibCode: E_GIF_ERR_NOT_ENOUGH_MEM, path: path)
        }
        return map
    }

    /// Throws giflib's error for `file` unless `status` is `GIF_OK`.
    private func check(_ status: Int32, _ operation: String) throws(GifError) {
        guard status != GIF_OK else { return }
        throw GifError(operation: operation, giflibCode: file?.pointee.Error ?? 0, path: path)
    }
}
