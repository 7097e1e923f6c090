internal import CGif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An animated GIF read back with giflib's reader (`DGifOpenFileName`, `DGifSlurp`) and
/// played the way a viewer plays it, for checking what a writer produced.
///
/// Each image is drawn over the canvas, skipping its transparent pixels; "restore to
/// background" clears its rectangle to the background colour after it is shown, and
/// "restore to previous" puts back what was there.
///
/// `package`: a hook for this package's tests, not part of the plugin's API.
package struct GifAnimation: Sendable {
    /// One stored image and the picture on screen while it is shown.
    package struct Frame: Sendable {
        /// The image's left edge on the canvas, in pixels.
        package var left: Int
        /// The image's top edge on the canvas, in pixels.
        package var top: Int
        /// The image's width in pixels.
        package var width: Int
        /// The image's height in pixels.
        package var height: Int
        /// How long it is shown, in 1/100 s.
        package var delay: Int
        /// The GIF disposal method (0 unspecified, 1 keep, 2 background, 3 previous).
        package var disposal: Int
        /// The palette index that means "keep the pixel below", if any.
        package var transparentIndex: Int?
        /// Whether the image has its own colour table.
        package var hasLocalPalette: Bool
        /// The whole canvas while this image is shown, `0x00RRGGBB`, row after row.
        package var canvas: [UInt32]
    }

    /// Canvas width in pixels.
    package var width: Int
    /// Canvas height in pixels.
    package var height: Int
    /// The file's first six bytes: `GIF89a` or `GIF87a`.
    package var version: String
    /// Entries in the global colour table (0 if there is none).
    package var globalPaletteSize: Int
    /// Whether a NETSCAPE2.0 extension asks for endless looping (loop count 0).
    package var loopsForever: Bool
    /// The images in order, each with the canvas as shown.
    package var frames: [Frame]

    /// Every frame's delay in 1/100 s.
    package var delays: [Int] { frames.map(\.delay) }

    /// The colour at (`x`, `y`) while frame `index` is shown, as `0x00RRGGBB`.
    package func color(x: Int, y: Int, frame index: Int) -> UInt32 {
        frames[index].canvas[y * width + x]
    }

    /// Reads the GIF at `path`; throws naming it if it is missing or not a readable GIF.
    package init(path: String) throws(GifError) {
        var code: Int32 = 0
        guard let file = DGifOpenFileName(path, &code) else {
            throw GifError(operation: "DGifOpenFileName", giflibCode: code, path: path)
        }
        defer { DGifCloseFile(file, nil) }
        guard DGifSlurp(file) == GIF_OK else {
            throw GifError(operation: "DGifSlurp", giflibCode: file.pointee.Error, path: path)
        }
        version = Self.header(path)
        width = Int(file.pointee.SWidth)
        height = Int(file.pointee.SHeight)
        globalPaletteSize = Int(file.pointee.SColorMap?.pointee.ColorCount ?? 0)
        loopsForever = false
        frames = []
        var canvas = [UInt32](repeating: 0, count: width * height)
        let background = Self.color(file.pointee.SColorMap, Int(file.pointee.SBackGroundColor))
        for index in 0..<Int(file.pointee.ImageCount) {
            let image = file.pointee.SavedImages[index]
            if Self.asksToLoopForever(image) { loopsForever = true }
            var control = GraphicsControlBlock(
                DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0,
                TransparentColor: NO_TRANSPARENT_COLOR)
            _ = DGifSavedExtensionToGCB(file, Int32(index), &control)
            let desc = image.ImageDesc
            guard let map = desc.ColorMap ?? file.pointee.SColorMap else {
                throw GifError(
                    operation: "DGifSlurp", reason: "image \(index) has no colour table", path: path
                )
            }
            let (left, top, w, h) = (
                Int(desc.Left), Int(desc.Top), Int(desc.Width), Int(desc.Height)
            )
            guard left >= 0, top >= 0, left + w <= width, top + h <= height else {
                throw GifError(
                    operation: "DGifSlurp", reason: "image \(index) lies outside the canvas",
                    path: path)
            }
            let before = canvas
            for y in 0..<h {
                for x in 0..<w {
                    let pixel = Int32(image.RasterBits[y * w + x])
                    if pixel == control.TransparentColor { continue }
                    canvas[(top + y) * width + left + x] = Self.color(map, Int(pixel))
                }
            }
            frames.append(
                Frame(
                    left: left, top: top, width: w, height: h, delay: Int(control.DelayTime),
                    disposal: Int(control.DisposalMode),
                    transparentIndex: control.TransparentColor == NO_TRANSPARENT_COLOR
                        ? nil : Int(control.TransparentColor),
                    hasLocalPalette: desc.ColorMap != nil, canvas: canvas))
            if control.DisposalMode == DISPOSE_BACKGROUND {
                for y in top..<top + h {
                    for x in left..<left + w { canvas[y * width + x] = background }
                }
            } else if control.DisposalMode == DISPOSE_PREVIOUS {
                canvas = before
            }
        }
    }

    /// Entry `index` of `map` as `0x00RRGGBB`; black past its end or without a map.
    private static func color(_ map: UnsafeMutablePointer<ColorMapObject>?, _ index: Int) -> UInt32
    {
        guard let map, index >= 0, index < Int(map.pointee.ColorCount) else { return 0 }
        let entry = map.pointee.Colors[index]
        return UInt32(entry.Red) << 16 | UInt32(entry.Green) << 8 | UInt32(entry.Blue)
    }

    /// Whether `image` carries "NETSCAPE2.0" followed by the sub-block 1, 0, 0.
    private static func asksToLoopForever(_ image: SavedImage) -> Bool {
        let blocks = (0..<Int(image.ExtensionBlockCount)).map { image.ExtensionBlocks[$0] }
        for (index, block) in blocks.enumerated()
        where block.Function == APPLICATION_EXT_FUNC_CODE && index + 1 < blocks.count {
            let name = Array(UnsafeBufferPointer(start: block.Bytes, count: Int(block.ByteCount)))
            let next = blocks[index + 1]
            let data = Array(UnsafeBufferPointer(start: next.Bytes, count: Int(next.ByteCount)))
            if name == Array("NETSCAPE2.0".utf8) && data == [1, 0, 0] { return true }
        }
        return false
    }

    /// The first six bytes of the file at `path`, as text.
    private static func header(_ path: String) -> String {
        guard let file = fopen(path, "rb") else { return "" }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 6)
        let count = fread(&bytes, 1, 6, file)
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }
}
