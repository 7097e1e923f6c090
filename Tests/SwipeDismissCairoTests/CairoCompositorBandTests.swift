import SwipeDismiss
import SwipeDismissCairo
import XCTest

/// A card moved by whole pixels leaves its plain rows as they were: the compositor neither
/// redraws nor reports them, and the frame still matches the painter's.
final class CairoCompositorBandTests: XCTestCase {
    private let presenter = CardPresenter()
    private let viewport = Size(width: 390, height: 844)

    private func state(_ offset: Double, _ alpha: Double) -> DismissState {
        DismissState(time: 0, offset: offset, alpha: alpha, progress: 0, phase: .dragging)
    }

    /// The largest difference in any channel, and the first pixel above row `exactAbove`
    /// that differs at all.
    private func compare(_ a: [UInt32], _ b: [UInt32], exactAbove: Int) -> (Int, String?) {
        var largest = 0
        for index in a.indices where index < b.count && a[index] != b[index] {
            for shift in [0, 8, 16] as [UInt32] {
                let x = Int((a[index] >> shift) & 0xFF)
                let y = Int((b[index] >> shift) & 0xFF)
                if index < exactAbove * 390, x != y {
                    return (largest, "(\(index % 390), \(index / 390))")
                }
                largest = max(largest, abs(x - y))
            }
        }
        return (largest, nil)
    }

    func testADragSkipsTheCardsUnchangedRowsAndStillMatchesThePainter() throws {
        let compositor = CairoCompositor()
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let context = try CairoContext(surface: surface)
        var scene = presenter.makeScene(viewport: viewport)
        var banded = 0
        for step in 0..<24 {
            let offset = Double(step * 5)
            presenter.update(
                &scene, for: state(offset, 0.3 - Double(step) * 0.005), direction: .down)
            let damage = try XCTUnwrap(
                try compositor.compose(
                    scene, on: context, scale: 1, pixelWidth: 390, pixelHeight: 844))
            let bands = compositor.damagedBands
            // Top to bottom, disjoint, full width, inside the damage (whose last rows may be
            // plain card rows too).
            XCTAssertGreaterThanOrEqual(bands.first?.y ?? -1, damage.y, "step \(step)")
            XCTAssertLessThanOrEqual(
                bands.last.map { $0.y + $0.height } ?? .max, damage.y + damage.height)
            for (index, band) in bands.enumerated() {
                XCTAssertEqual(band.x, damage.x)
                XCTAssertEqual(band.width, damage.width)
                XCTAssertGreaterThan(band.height, 0)
                if index > 0 {
                    XCTAssertGreaterThanOrEqual(
                        band.y, bands[index - 1].y + bands[index - 1].height)
                }
            }
            if bands.count > 1 { banded += 1 }
            let reference = try CairoSurface(imageWidth: 390, height: 844)
            CairoPainter().paint(scene, on: try CairoContext(surface: reference), scale: 1)
            let (largest, first) = compare(
                surface.copyPixelWords(), reference.copyPixelWords(),
                exactAbove: 353 + Int(offset))
            XCTAssertNil(first, "step \(step): a pixel above the card differs")
            XCTAssertLessThanOrEqual(largest, 1, "step \(step)")
        }
        // The second frame makes the card's raster; from the third on every move skips rows.
        XCTAssertEqual(banded, 24 - 2)
        let skipped = 844 - compositor.damagedBands.reduce(0) { $0 + $1.height }
        XCTAssertGreaterThan(skipped, 100, "a 5-pixel move leaves many plain rows")
    }

    func testAChangeAboveTheCardOrAFractionalMoveSendsOneBox() throws {
        let compositor = CairoCompositor()
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let context = try CairoContext(surface: surface)
        var scene = presenter.makeScene(viewport: viewport)
        for step in 0..<4 {
            presenter.update(&scene, for: state(Double(step * 5), 0.3), direction: .down)
            _ = try compositor.compose(
                scene, on: context, scale: 1, pixelWidth: 390, pixelHeight: 844)
        }
        XCTAssertGreaterThan(compositor.damagedBands.count, 1)
        presenter.update(&scene, for: state(22.5, 0.3), direction: .down)
        let fractional = try compositor.compose(
            scene, on: context, scale: 1, pixelWidth: 390, pixelHeight: 844)
        XCTAssertEqual(compositor.damagedBands, fractional.map { [$0] })
        presenter.update(&scene, for: state(30, 0.3), direction: .down)
        _ = try compositor.compose(scene, on: context, scale: 1, pixelWidth: 390, pixelHeight: 844)
        // The decoration layer, above the card, shows up while the card moves.
        let decoration = try XCTUnwrap(scene.index(of: .decoration))
        scene.layers[decoration].opacity = 1
        presenter.update(&scene, for: state(35, 0.3), direction: .down)
        scene.layers[decoration].opacity = 1
        let shown = try compositor.compose(
            scene, on: context, scale: 1, pixelWidth: 390, pixelHeight: 844)
        XCTAssertEqual(compositor.damagedBands, shown.map { [$0] })
    }
}
