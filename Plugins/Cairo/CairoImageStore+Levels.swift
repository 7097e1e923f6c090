internal import CCairo
import Foundation
import SwipeDismiss

/// A reduced copy of an image: its source and how many times it was halved.
struct ReducedKey: Hashable {
    var source: ImageSource
    var level: Int
}

/// Reduced copies: an image drawn far smaller than it is (a photo in a storyboard thumbnail,
/// a huge PNG in a small window) is drawn from a copy about twice the drawn size, made once.
///
/// Without it a vector surface pays for the difference: cairo's PDF surface pads an image
/// pattern into an image the size of the drawing's extents, whole points, measured in the
/// source's pixels, so a 960 px photo drawn 0.04 pt wide asked for gigabytes.
extension CairoImageStore {
    /// `full` (the decoded `source`) or a copy of it reduced to suit a drawing of `size`
    /// device pixels (see `level(imageSize:drawnSize:)`); the copy is made on first use and
    /// kept, so a steady frame allocates nothing. Falls back to `full` if a copy cannot be
    /// made.
    func image(_ full: CairoLoadedImage, source: ImageSource, drawnAt size: Size)
        -> CairoLoadedImage
    {
        let level = Self.level(imageSize: full.size, drawnSize: size)
        guard level > 0 else { return full }
        let key = ReducedKey(source: source, level: level)
        if let copy = reduced[key] { return copy }
        guard let copy = try? Self.reduce(full, level: level) else { return full }
        reduced[key] = copy
        return copy
    }

    /// How many times to halve an image of `imageSize` pixels drawn at `drawnSize` (sides
    /// under one pixel count as one): none unless it is at least four times the drawn size on
    /// both axes; otherwise as often as leaves it at least twice the drawn size, so the copy
    /// still has detail to spare. An axis drawn under one pixel has no detail to keep, so
    /// while the other is drawn larger only the other decides: a 32 767 × 1 px image drawn
    /// 97 × 0.003 pt is reduced (drawn whole, a PDF pads it past cairo's 32 767 px and
    /// refuses it).
    static func level(imageSize: Size, drawnSize: Size) -> Int {
        let across = imageSize.width / max(drawnSize.width, 1)
        let down = imageSize.height / max(drawnSize.height, 1)
        let ratio: Double
        switch (drawnSize.width < 1, drawnSize.height < 1) {
        case (false, true): ratio = across
        case (true, false): ratio = down
        default: ratio = min(across, down)
        }
        guard ratio.isFinite, ratio >= 4 else { return 0 }
        return min(Int(log2(ratio)) - 1, 30)
    }

    /// `full` drawn into a new image `2^level` times smaller on each side (rounded up),
    /// through cairo's filtered scaling.
    static func reduce(_ full: CairoLoadedImage, level: Int) throws(CairoError)
        -> CairoLoadedImage
    {
        let factor = Double(1 << level)
        let width = max(1, Int((full.size.width / factor).rounded(.up)))
        let height = max(1, Int((full.size.height / factor).rounded(.up)))
        let surface = try CairoSurface(imageWidth: width, height: height)
        let context = try CairoContext(surface: surface)
        context.scale(
            x: Double(width) / full.size.width, y: Double(height) / full.size.height)
        context.paint(full, alpha: 1)
        try context.checkStatus("reducing \(full.path ?? "an image")")
        surface.flush()
        return try CairoLoadedImage(surface: surface, path: full.path)
    }
}

extension CairoContext {
    /// The size in device pixels of a `size` drawn in the current user space
    /// (`cairo_user_to_device_distance`).
    func deviceSize(of size: Size) -> Size {
        var wx = size.width
        var wy = 0.0
        var hx = 0.0
        var hy = size.height
        cairo_user_to_device_distance(pointer, &wx, &wy)
        cairo_user_to_device_distance(pointer, &hx, &hy)
        return Size(
            width: (wx * wx + wy * wy).squareRoot(), height: (hx * hx + hy * hy).squareRoot())
    }
}
