import SwipeDismiss

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension GifAnimationWriter {
    /// Writes `frame` as one GIF frame over `previous` (the pixels on screen before it, nil
    /// for the first frame): only the changed rectangle, in the global palette when that
    /// has every colour needed, else with a local palette.
    func encode(_ frame: [UInt32], against previous: [UInt32]?, delay: Int) throws(GifError) {
        guard let encoder else {
            throw GifError(operation: "write", reason: "the GIF is already finished", path: path)
        }
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        guard let global else {
            var palette = quantiser.palette(
                for: frame, previous: nil, width: width, rect: whole, indices: &indices)
            if quantiser.lastPaletteHasLookup { globalLookup = quantiser.lookup }
            if palette.colors.count < 256 { palette.transparentIndex = UInt8(palette.colors.count) }
            try encoder.putScreen(width: width, height: height, palette: palette)
            if options.loops { try encoder.putLoopForever() }
            try encoder.putFrame(
                rect: whole, delay: delay, transparentIndex: nil, local: nil, indices: &indices)
            self.global = palette
            delays.append(delay)
            return
        }
        var rect = whole
        if let previous {
            // Nothing changed (merging is off, or a hold past 655.35 s): one unchanged pixel.
            rect =
                Self.changedRect(frame, previous, width: width, height: height)
                ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        var reference: [UInt32]? = nil
        if options.usesTransparency, let previous,
            Self.transparencyShortensRuns(frame, previous, width: width, rect: rect)
        {
            reference = previous
        }
        let transparent = reference == nil ? nil : global.transparentIndex
        if !globalLookup.isEmpty,
            quantiser.fill(
                &indices, frame: frame, previous: reference, width: width, rect: rect,
                lookup: globalLookup, transparent: transparent)
        {
            try encoder.putFrame(
                rect: rect, delay: delay, transparentIndex: transparent, local: nil,
                indices: &indices)
        } else {
            let palette = quantiser.palette(
                for: frame, previous: reference, width: width, rect: rect, indices: &indices)
            try encoder.putFrame(
                rect: rect, delay: delay, transparentIndex: palette.transparentIndex,
                local: palette, indices: &indices)
        }
        delays.append(delay)
    }

    /// Whether marking unchanged pixels transparent leaves fewer runs of equal indices along
    /// the rows of `rect` than the colours themselves do. LZW codes runs, so this predicts
    /// which choice compresses better: transparency wins where a still card sits over a
    /// still background, and loses where it scatters holes through a fading backdrop.
    static func transparencyShortensRuns(
        _ frame: [UInt32], _ previous: [UInt32], width: Int, rect: PixelRect
    ) -> Bool {
        var plainRuns = 0
        var transparentRuns = 0
        frame.withUnsafeBufferPointer { frame in
            previous.withUnsafeBufferPointer { previous in
                for y in rect.y..<rect.y + rect.height {
                    var lastColor: UInt32 = 0xFFFF_FFFF
                    var lastKey: UInt32 = 0xFFFF_FFFF
                    for at in y * width + rect.x..<y * width + rect.x + rect.width {
                        let color = frame[at]
                        let key = color == previous[at] ? 0xFF00_0000 : color
                        if color != lastColor { plainRuns += 1 }
                        if key != lastKey { transparentRuns += 1 }
                        lastColor = color
                        lastKey = key
                    }
                }
            }
        }
        return transparentRuns < plainRuns
    }

    /// The smallest rectangle holding every pixel where `a` and `b` differ, or nil if none.
    static func changedRect(_ a: [UInt32], _ b: [UInt32], width: Int, height: Int)
        -> PixelRect?
    {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let rowBytes = width * 4
                func rowDiffers(_ y: Int) -> Bool {
                    memcmp(a.baseAddress! + y * width, b.baseAddress! + y * width, rowBytes) != 0
                }
                guard let top = (0..<height).first(where: rowDiffers) else { return nil }
                let bottom = (top..<height).last(where: rowDiffers) ?? top
                var left = width
                var right = -1
                for y in top...bottom {
                    let row = y * width
                    var x = 0
                    while x < left && a[row + x] == b[row + x] { x += 1 }
                    if x < left && x < width { left = x }
                    x = width - 1
                    while x > right && a[row + x] == b[row + x] { x -= 1 }
                    if x > right { right = x }
                }
                guard right >= left else { return nil }
                return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }

    /// Gives up: closes and removes the temporary file; returns `error` to throw.
    func abandon(_ error: GifError) -> GifError {
        if encoder != nil {
            encoder = nil
            unlink(temporaryPath)
        }
        return error
    }

    /// `color` as `0x00RRGGBB`, alpha ignored.
    static func packed(_ color: Color) -> UInt32 {
        func channel(_ value: Double) -> UInt32 {
            UInt32(min(max((value * 255).rounded(), 0), 255))
        }
        return channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
    }

    /// The hidden temporary name used for `path`: in the same folder, unique to this writer.
    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + "." + name + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Creates `temporary` (mode 0666 less the umask) and starts a GIF encoder on it.
    static func openTemporary(_ temporary: String, path: String) throws(GifError) -> GifEncoder {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw GifError(operation: "open", reason: "the path is a folder", path: path)
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw GifError(
                operation: "open", reason: "cannot create a file beside it (\(reason))", path: path)
        }
        do {
            return try GifEncoder(descriptor: descriptor, path: path)
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
