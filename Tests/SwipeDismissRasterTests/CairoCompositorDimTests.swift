import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster
import XCTest

/// The compositor writes a black dim over the presenting screen's raster in one pass, and
/// that pass gives exactly the bytes cairo's blend gives, for every 8-bit alpha and every
/// channel value; a dim it cannot write that way is blended as before.
final class CairoCompositorDimTests: XCTestCase {
    private let side = 64

    /// A screen of 64 tiles, 8 × 8 pixels, whose channels together take every value from 0
    /// to 255 (tile `t`'s red is 4t, green 4t + 1, blue 4t + 2, and the gaps are 4t + 3),
    /// under a dim of `fill` covering `dim`, under a small opaque card at `cardY` (square, so
    /// it is drawn directly and every pixel of the frame can be compared exactly).
    private func scene(
        alpha: Double, cardY: Double, fill: Color = .black, dim: Rect? = nil
    ) -> Scene {
        let size = Double(side)
        var screen: [Item] = [
            .rect(Rect(x: 0, y: 0, width: size, height: size), fill: Color(hex: 0x030303))
        ]
        for tile in 0..<64 {
            let value = Double(4 * tile)
            screen.append(
                .rect(
                    Rect(x: Double(tile % 8) * 8, y: Double(tile / 8) * 8, width: 7, height: 7),
                    fill: Color(
                        red: value / 255, green: (value + 1) / 255, blue: (value + 2) / 255)))
        }
        var card = Layer(
            role: .content,
            items: [
                .rect(Rect(x: 4, y: 40, width: 56, height: 30), fill: .white),
                .rect(Rect(x: 10, y: 44, width: 20, height: 4), fill: Color(hex: 0x3C3C43)),
            ])
        card.transform = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: cardY)
        return Scene(
            size: Size(width: size, height: size),
            layers: [
                Layer(role: .presenting, items: screen),
                Layer(
                    role: .backdrop, opacity: alpha,
                    items: [.rect(dim ?? Rect(x: 0, y: 0, width: size, height: size), fill: fill)]),
                card,
            ])
    }

    /// The red, green and blue of each pixel the painter draws for `scene` from scratch.
    private func painted(_ scene: Scene) throws -> [UInt32] {
        let surface = try CairoSurface(imageWidth: side, height: side)
        CairoPainter().paint(scene, on: try CairoContext(surface: surface), scale: 1)
        return surface.copyPixelWords().map { $0 & 0xFF_FFFF }
    }

    private func firstDifference(_ a: [UInt32], _ b: [UInt32]) -> String? {
        guard a.count == b.count else { return "\(a.count) pixels against \(b.count)" }
        guard let index = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        return "(\(index % side), \(index / side)): \(a[index]) against \(b[index])"
    }

    func testTheOnePassDimMatchesCairosBlendExactlyForEveryAlpha() throws {
        let compositor = CairoCompositor()
        let surface = try CairoSurface(imageWidth: side, height: side)
        let target = try CairoFrameSurface(surface)
        // Every 1/2048 step, and both sides of each point where cairo's 16-bit alpha
        // crosses to the next 8-bit value.
        var alphas = (1..<2048).map { Double($0) / 2048 }
        for step in 1..<256 {
            let edge = (Double(step * 256) - 0.5) / 65535
            alphas += [edge - 1e-9, edge + 1e-9]
        }
        var onePass = 0
        for (frame, alpha) in alphas.enumerated() {
            let current = scene(alpha: alpha, cardY: Double(frame % 9))
            _ = try compositor.compose(current, into: target, scale: 1)?.damage
            if compositor.dimWrittenInOnePassLastFrame { onePass += 1 }
            let words = surface.copyPixelWords().map { $0 & 0xFF_FFFF }
            if let difference = firstDifference(words, try painted(current)) {
                XCTFail("alpha \(alpha): first differing pixel \(difference)")
                return
            }
        }
        // The first two frames draw the screen directly, then its raster exists.
        XCTAssertEqual(onePass, alphas.count - 2)
    }

    func testADimThatIsNotBlackOrDoesNotCoverTheScreenIsBlendedAsBefore() throws {
        let cases: [(fill: Color, dim: Rect?)] = [
            (Color(hex: 0x102030), nil), (.black, Rect(x: 0, y: 0, width: 64, height: 20)),
            (Color(red: 0, green: 0, blue: 0, alpha: 0.5), nil),
        ]
        for item in cases {
            let compositor = CairoCompositor()
            let surface = try CairoSurface(imageWidth: side, height: side)
            let target = try CairoFrameSurface(surface)
            for frame in 0..<5 {
                let current = scene(
                    alpha: 0.3 - Double(frame) * 0.05, cardY: Double(frame), fill: item.fill,
                    dim: item.dim)
                _ = try compositor.compose(current, into: target, scale: 1)?.damage
                XCTAssertFalse(compositor.dimWrittenInOnePassLastFrame, "\(item)")
                let words = surface.copyPixelWords().map { $0 & 0xFF_FFFF }
                XCTAssertNil(firstDifference(words, try painted(current)), "\(item) \(frame)")
            }
        }
    }

    func testADragOfTheCardSceneWritesTheDimInOnePassWithTheSamePixels() throws {
        let presenter = CardPresenter()
        let viewport = Size(width: 390, height: 844)
        let compositor = CairoCompositor()
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        var scene = presenter.makeScene(viewport: viewport)
        for step in 0..<8 {
            let state = DismissState(
                time: 0, offset: Double(step * 5), alpha: 0.3 - Double(step) * 0.004,
                progress: 0, phase: .dragging)
            presenter.update(&scene, for: state, direction: .down)
            _ = try compositor.compose(scene, into: target, scale: 1)?.damage
            XCTAssertEqual(compositor.dimWrittenInOnePassLastFrame, step >= 2, "step \(step)")
            let reference = try CairoSurface(imageWidth: 390, height: 844)
            CairoPainter().paint(scene, on: try CairoContext(surface: reference), scale: 1)
            // Above the card (its top is at 354 + offset, one pixel of antialiasing to spare)
            // the frame is the dimmed screen alone and must match exactly; the card's
            // rounded corners, blended from its raster, may differ by one grey level.
            let a = surface.copyPixelWords()
            let b = reference.copyPixelWords()
            XCTAssertEqual(a.count, b.count)
            let above = (353 + step * 5) * 390
            var largest = 0
            for index in a.indices where index < b.count {
                for shift in [0, 8, 16] as [UInt32] {
                    let x = Int((a[index] >> shift) & 0xFF)
                    let y = Int((b[index] >> shift) & 0xFF)
                    if index < above, x != y {
                        XCTFail("step \(step): (\(index % 390), \(index / 390)) \(x) against \(y)")
                        return
                    }
                    largest = max(largest, abs(x - y))
                }
            }
            XCTAssertLessThanOrEqual(largest, 1, "step \(step)")
        }
    }

    func testAnAlphaChangeBelowOneEightBitStepRepaintsOnlyTheCard() throws {
        let presenter = CardPresenter()
        let compositor = CairoCompositor()
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        var scene = presenter.makeScene(viewport: Size(width: 390, height: 844))
        func frame(_ offset: Double, _ alpha: Double) throws -> PixelRect? {
            let state = DismissState(
                time: 0, offset: offset, alpha: alpha, progress: 0, phase: .dragging)
            presenter.update(&scene, for: state, direction: .down)
            return try compositor.compose(scene, into: target, scale: 1)?.damage
        }
        _ = try frame(220, 0.2)
        // 0.2 and 0.2005 are both 13 107 / 13 140 in cairo's 16 bits, 51 in 8: the dimmed
        // screen above the card is unchanged, so only the card's old and new boxes (its top
        // at 354 + 220 and 354 + 230, one pixel to spare) are repainted.
        XCTAssertEqual(try frame(230, 0.2005), PixelRect(x: 0, y: 573, width: 390, height: 271))
        let reference = try CairoSurface(imageWidth: 390, height: 844)
        CairoPainter().paint(scene, on: try CairoContext(surface: reference), scale: 1)
        let above = 583 * 390
        XCTAssertEqual(
            Array(surface.copyPixelWords()[..<above]).map { $0 & 0xFF_FFFF },
            Array(reference.copyPixelWords()[..<above]).map { $0 & 0xFF_FFFF })
        // 0.199 is 50 in 8 bits: the whole window changes.
        XCTAssertEqual(try frame(240, 0.199), PixelRect(x: 0, y: 0, width: 390, height: 844))
    }
}
