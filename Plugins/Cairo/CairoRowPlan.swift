internal import CCairo

/// What a frame does with each device row of its changed box, and the solid rows the
/// surface itself still lacks.
///
/// A row is drawn, kept (the window already shows it), or solid: one colour across the box,
/// which a presenter fills in the window (a write-only fill in the X server instead of a copy
/// from our memory) and which the compositor then need not write at all. Such a row stays
/// missing from the surface ("stale") until a frame draws over it or someone needs the
/// surface whole (`materialize`); the colour and columns it lacks are kept per row.
final class CairoRowPlan {
    /// The row is drawn into the surface and sent as pixels.
    static let draws: UInt32 = 0
    /// The row is left alone: surface and window already show it.
    static let keeps: UInt32 = 1
    /// The row is drawn, and every pixel of it across the changed box is overwritten with
    /// opaque ones (so a solid colour the surface lacks there need not be written first).
    static let overwrites: UInt32 = 2

    /// Per surface row, this frame: `draws`, `overwrites`, `keeps`, or a solid colour
    /// `0xFFRRGGBB` (read in the drawing loops, so plain memory, not an array).
    private(set) var kinds = UnsafeMutableBufferPointer<UInt32>(start: nil, count: 0)
    /// Per surface row, the colour the surface lacks (0: none) between `staleFrom`/`staleTo`.
    private var staleColours = UnsafeMutableBufferPointer<UInt32>(start: nil, count: 0)
    private var staleFrom = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private var staleTo = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private var staleRows = 0
    /// The last frame's rows, top to bottom, grouped.
    private(set) var bands: [CairoRowBand] = []

    /// Whether a row of `kind` is drawn into the surface this frame.
    @inline(__always)
    static func isDrawn(_ kind: UInt32) -> Bool { kind == draws || kind == overwrites }

    /// `kind` as its band shows it: a drawn row of either kind is pixels.
    @inline(__always)
    private static func banded(_ kind: UInt32) -> UInt32 { isDrawn(kind) ? draws : kind }

    /// Whether any row of the surface lacks its solid colour.
    var hasStaleRows: Bool { staleRows > 0 }

    deinit {
        release()
    }

    /// Sizes the plan for a surface `height` rows tall; nothing is stale.
    func reset(height: Int) {
        release()
        kinds = .allocate(capacity: height)
        kinds.initialize(repeating: Self.draws)
        staleColours = .allocate(capacity: height)
        staleColours.initialize(repeating: 0)
        staleFrom = .allocate(capacity: height)
        staleFrom.initialize(repeating: 0)
        staleTo = .allocate(capacity: height)
        staleTo.initialize(repeating: 0)
        staleRows = 0
        bands.removeAll(keepingCapacity: true)
        bands.reserveCapacity(height)
    }

    private func release() {
        kinds.deallocate()
        staleColours.deallocate()
        staleFrom.deallocate()
        staleTo.deallocate()
    }

    /// Starts a frame whose changed box is `damage`: every row of it is drawn until marked.
    func begin(_ damage: PixelRect) {
        bands.removeAll(keepingCapacity: true)
        for row in damage.y..<(damage.y + damage.height) { kinds[row] = Self.draws }
    }

    /// Marks row `row` (inside the changed box) `kind`.
    @inline(__always)
    func mark(_ row: Int, _ kind: UInt32) {
        kinds[row] = kind
    }

    /// Before drawing: writes into the surface the solid rows it lacks that this frame draws
    /// over (a row it keeps stays as it is; a row solid again across the same columns is
    /// replaced in `finish`).
    func settle(_ damage: PixelRect, on context: CairoContext) {
        guard staleRows > 0 else { return }
        for row in damage.y..<(damage.y + damage.height) where staleColours[row] != 0 {
            let kind = kinds[row]
            if kind == Self.keeps { continue }
            if kind != Self.draws, Int(staleFrom[row]) >= damage.x,
                Int(staleTo[row]) <= damage.x + damage.width
            {
                if kind == Self.overwrites {
                    staleColours[row] = 0
                    staleRows -= 1
                }
                continue
            }
            write(row, on: context)
        }
    }

    /// After drawing: notes the solid rows the surface now lacks, and groups the box's rows
    /// into `bands`.
    func finish(_ damage: PixelRect) {
        var start = damage.y
        let end = damage.y + damage.height
        for row in damage.y..<end {
            let kind = Self.banded(kinds[row])
            if kind > Self.overwrites {
                if staleColours[row] == 0 { staleRows += 1 }
                staleColours[row] = kind
                staleFrom[row] = Int32(damage.x)
                staleTo[row] = Int32(damage.x + damage.width)
            }
            if row + 1 == end || Self.banded(kinds[row + 1]) != kind {
                let content: CairoRowBand.Content
                switch kind {
                case Self.draws: content = .pixels
                case Self.keeps: content = .unchanged
                default: content = .solid(kind & 0xFF_FFFF)
                }
                bands.append(CairoRowBand(y: start, height: row + 1 - start, content: content))
                start = row + 1
            }
        }
    }

    /// Writes every solid row the surface lacks into it, so it holds the whole frame.
    func materialize(on context: CairoContext) {
        guard staleRows > 0 else { return }
        for row in staleColours.indices where staleColours[row] != 0 { write(row, on: context) }
    }

    /// Forgets the stale rows (the surface is being drawn anew).
    func forgetStaleRows() {
        guard staleRows > 0 else { return }
        for row in staleColours.indices { staleColours[row] = 0 }
        staleRows = 0
    }

    private func write(_ row: Int, on context: CairoContext) {
        let colour = staleColours[row]
        staleColours[row] = 0
        staleRows -= 1
        guard let target = cairo_get_target(context.pointer) else { return }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return }
        let width = Int(cairo_image_surface_get_width(target))
        let from = max(0, Int(staleFrom[row]))
        let to = min(width, Int(staleTo[row]))
        guard to > from, row < Int(cairo_image_surface_get_height(target)) else { return }
        let stride = Int(cairo_image_surface_get_stride(target))
        let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(
            to: UInt32.self)
        (pixels + from).update(repeating: colour, count: to - from)
        cairo_surface_mark_dirty_rectangle(target, Int32(from), Int32(row), Int32(to - from), 1)
    }
}
