internal import CCairo
import SwipeDismissCairo

/// What a frame does with each device row of its changed box, and the rows the surface itself
/// still lacks.
///
/// A row is drawn, kept (the window already shows it), solid, or a repeat. A solid row is one
/// colour across the box, which a presenter fills in the window (a write-only fill in the X
/// server instead of a copy from our memory); a repeat shows the same pixels as a row above it
/// drawn this frame, which a presenter copies from that row of the surface (the X server does
/// the copy, not us). The compositor need write neither: such a row stays missing from the
/// surface ("stale") until a frame draws over it or someone needs the surface whole
/// (`materialize`); what it lacks and across which columns is kept per row. A repeat's source
/// row is drawn over by later frames, so a stale repeat is written in before the next frame
/// draws anything (`settle`), unless that frame covers the row anew.
final class CairoRowPlan {
    /// The row is drawn into the surface and sent as pixels.
    static let draws: UInt32 = 0
    /// The row is left alone: surface and window already show it.
    static let keeps: UInt32 = 1
    /// The row is drawn, and every pixel of it across the changed box is overwritten with
    /// opaque ones (so a row the surface lacks there need not be written first).
    static let overwrites: UInt32 = 2
    /// Like `overwrites`, and nothing is drawn over the row afterwards: its pixels once
    /// written are final, so another row showing the same may be sent as a repeat of it.
    static let overwritesAlone: UInt32 = 3
    /// The top bits of a repeat: `repeats | s` is a row showing row `s`'s final pixels across
    /// the changed box (`s < 2^30`); the surface row is not written.
    static let repeats: UInt32 = 0x4000_0000

    /// Per surface row, this frame: `draws`, `keeps`, `overwrites`, `overwritesAlone`, a
    /// repeat `repeats | s`, or a solid colour `0xFFRRGGBB` (read in the drawing loops, so
    /// plain memory, not an array).
    private(set) var kinds = UnsafeMutableBufferPointer<UInt32>(start: nil, count: 0)
    /// Per surface row, what the surface lacks between `staleFrom` and `staleTo`: 0 (nothing),
    /// a solid colour, or a repeat of a row that still holds those pixels.
    private var staleKinds = UnsafeMutableBufferPointer<UInt32>(start: nil, count: 0)
    private var staleFrom = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private var staleTo = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    /// Per surface row, this frame, the columns that changed (`changedFrom..<changedTo`):
    /// the changed box's unless `narrow` says fewer; what a presenter needs to send.
    private var changedFrom = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private var changedTo = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private var staleRows = 0
    /// How many of the stale rows are repeats.
    private var staleRepeats = 0
    /// The changed box of the frame being drawn.
    private(set) var damage = PixelRect.empty
    /// The last frame's rows, top to bottom, grouped.
    private(set) var bands: [CairoRowBand] = []

    /// Whether a row of `kind` is drawn into the surface this frame.
    @inline(__always)
    static func isDrawn(_ kind: UInt32) -> Bool { kind <= overwritesAlone && kind != keeps }

    /// Whether `kind` is a repeat (`repeats | s`).
    @inline(__always)
    static func isRepeat(_ kind: UInt32) -> Bool { kind & 0xC000_0000 == repeats }

    /// `kind` as its band shows it: a drawn row of any kind is pixels.
    @inline(__always)
    private static func banded(_ kind: UInt32) -> UInt32 { isDrawn(kind) ? draws : kind }

    /// Whether any row of the surface lacks its pixels.
    var hasStaleRows: Bool { staleRows > 0 }

    deinit {
        release()
    }

    /// Sizes the plan for a surface `height` rows tall; nothing is stale.
    func reset(height: Int) {
        release()
        kinds = .allocate(capacity: height)
        kinds.initialize(repeating: Self.draws)
        staleKinds = .allocate(capacity: height)
        staleKinds.initialize(repeating: 0)
        staleFrom = .allocate(capacity: height)
        staleFrom.initialize(repeating: 0)
        staleTo = .allocate(capacity: height)
        staleTo.initialize(repeating: 0)
        changedFrom = .allocate(capacity: height)
        changedFrom.initialize(repeating: 0)
        changedTo = .allocate(capacity: height)
        changedTo.initialize(repeating: 0)
        staleRows = 0
        staleRepeats = 0
        damage = .empty
        bands.removeAll(keepingCapacity: true)
        bands.reserveCapacity(height)
    }

    private func release() {
        kinds.deallocate()
        staleKinds.deallocate()
        staleFrom.deallocate()
        staleTo.deallocate()
        changedFrom.deallocate()
        changedTo.deallocate()
    }

    /// Starts a frame whose changed box is `damage`: every row of it is drawn until marked.
    func begin(_ damage: PixelRect) {
        self.damage = damage
        bands.removeAll(keepingCapacity: true)
        let kinds = kinds
        let from = Int32(damage.x)
        let to = Int32(damage.x + damage.width)
        for row in damage.y..<(damage.y + damage.height) {
            kinds[row] = Self.draws
            changedFrom[row] = from
            changedTo[row] = to
        }
    }

    /// Says that of row `row` (inside the changed box, drawn or solid) only the columns
    /// `from..<to` changed since the last frame: the window shows the rest already.
    @inline(__always)
    func narrow(_ row: Int, from: Int, to: Int) {
        changedFrom[row] = Int32(max(from, damage.x))
        changedTo[row] = Int32(max(min(to, damage.x + damage.width), Int(changedFrom[row])))
    }

    /// Marks row `row` (inside the changed box) `kind`.
    @inline(__always)
    func mark(_ row: Int, _ kind: UInt32) {
        kinds[row] = kind
    }

    /// Before drawing: writes into the surface the rows it lacks that this frame draws over,
    /// and every repeat it lacks (its source row may be drawn over now), unless this frame
    /// covers the row anew across the same columns: drawing every pixel of it, or leaving it
    /// out again (replaced in `finish`). A kept row missing a solid colour stays as it is.
    func settle(_ damage: PixelRect, on context: CairoContext) {
        guard staleRows > 0 else { return }
        // The buffers as plain memory (`clear` and `write` change the same memory).
        let kinds = kinds
        let staleKinds = staleKinds
        let staleFrom = staleFrom
        let staleTo = staleTo
        let top = damage.y
        let bottom = damage.y + damage.height
        let scanned = staleRepeats > 0 ? 0..<staleKinds.count : top..<bottom
        for row in scanned where staleKinds[row] != 0 {
            let repeats = Self.isRepeat(staleKinds[row])
            guard row >= top, row < bottom else {
                if repeats { write(row, on: context) }
                continue
            }
            let kind = kinds[row]
            if kind == Self.keeps {
                if repeats { write(row, on: context) }
                continue
            }
            if kind != Self.draws, Int(staleFrom[row]) >= damage.x,
                Int(staleTo[row]) <= damage.x + damage.width
            {
                if Self.isDrawn(kind) { clear(row) }
                continue
            }
            write(row, on: context)
        }
    }

    /// After drawing: notes the rows the surface now lacks (solid or repeats), and groups the
    /// box's rows into `bands`; a repeat continuing the one above (its source the row after
    /// that one's) joins its band. A band of pixels or of a solid colour spans the columns
    /// any of its rows changed in.
    func finish(_ damage: PixelRect) {
        var start = damage.y
        var bandFrom = Int32.max
        var bandTo = Int32.min
        let end = damage.y + damage.height
        // The per-row storage as plain memory and the counts as locals: no access check a row.
        let kinds = kinds
        let staleKinds = staleKinds
        let staleFrom = staleFrom
        let staleTo = staleTo
        var staleRows = staleRows
        var staleRepeats = staleRepeats
        defer {
            self.staleRows = staleRows
            self.staleRepeats = staleRepeats
        }
        for row in damage.y..<end {
            let kind = Self.banded(kinds[row])
            bandFrom = min(bandFrom, changedFrom[row])
            bandTo = max(bandTo, changedTo[row])
            if kind > Self.overwritesAlone {
                if staleKinds[row] == 0 {
                    staleRows += 1
                } else if Self.isRepeat(staleKinds[row]) {
                    staleRepeats -= 1
                }
                if Self.isRepeat(kind) { staleRepeats += 1 }
                staleKinds[row] = kind
                staleFrom[row] = Int32(damage.x)
                staleTo[row] = Int32(damage.x + damage.width)
            }
            if row + 1 < end {
                let next = Self.banded(kinds[row + 1])
                if next == kind && !Self.isRepeat(kind) { continue }
                if Self.isRepeat(kind) && next == kind &+ 1 { continue }
            }
            let content: CairoRowBand.Content
            if kind == Self.draws {
                content = .pixels
            } else if kind == Self.keeps {
                content = .unchanged
            } else if Self.isRepeat(kind) {
                content = .repeats(fromY: Int(kind & ~Self.repeats) - (row - start))
            } else {
                content = .solid(kind & 0xFF_FFFF)
            }
            var band = CairoRowBand(y: start, height: row + 1 - start, content: content)
            if bandFrom > Int32(damage.x) || bandTo < Int32(damage.x + damage.width) {
                switch content {
                case .pixels, .solid: band.columns = Int(bandFrom)..<Int(max(bandFrom, bandTo))
                case .repeats, .unchanged: break
                }
            }
            bands.append(band)
            start = row + 1
            bandFrom = Int32.max
            bandTo = Int32.min
        }
    }

    /// Writes every row the surface lacks into it, so it holds the whole frame.
    func materialize(on context: CairoContext) {
        guard staleRows > 0 else { return }
        for row in staleKinds.indices where staleKinds[row] != 0 { write(row, on: context) }
    }

    /// Forgets the stale rows (the surface is being drawn anew).
    func forgetStaleRows() {
        guard staleRows > 0 else { return }
        for row in staleKinds.indices { staleKinds[row] = 0 }
        staleRows = 0
        staleRepeats = 0
    }

    private func clear(_ row: Int) {
        if Self.isRepeat(staleKinds[row]) { staleRepeats -= 1 }
        staleKinds[row] = 0
        staleRows -= 1
    }

    /// Writes the pixels stale row `row` lacks: its colour, or its source row's pixels (a
    /// source is a row drawn in the frame that left `row` out, never stale itself, and not
    /// drawn over since: `settle` writes a repeat before the next frame draws).
    private func write(_ row: Int, on context: CairoContext) {
        let kind = staleKinds[row]
        clear(row)
        guard let target = cairo_get_target(context.pointer) else { return }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return }
        let width = Int(cairo_image_surface_get_width(target))
        let height = Int(cairo_image_surface_get_height(target))
        let from = max(0, Int(staleFrom[row]))
        let to = min(width, Int(staleTo[row]))
        guard to > from, row < height else { return }
        let stride = Int(cairo_image_surface_get_stride(target))
        let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(
            to: UInt32.self)
        if Self.isRepeat(kind) {
            let source = Int(kind & ~Self.repeats)
            guard source < height else { return }
            let line = UnsafeRawPointer(data + source * stride).assumingMemoryBound(
                to: UInt32.self)
            (pixels + from).update(from: line + from, count: to - from)
        } else {
            (pixels + from).update(repeating: kind, count: to - from)
        }
        cairo_surface_mark_dirty_rectangle(target, Int32(from), Int32(row), Int32(to - from), 1)
    }
}
