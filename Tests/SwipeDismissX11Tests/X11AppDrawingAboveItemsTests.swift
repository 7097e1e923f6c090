import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// An app's badge drawn `.aboveItems` on the sheet shows in the X11 window over the sheet's
/// background, moves with the sheet from its retained raster, and redraws when asked.
final class X11AppDrawingAboveItemsTests: XCTestCase {
    private var display: X11Display!

    override func tearDown() {
        display = nil
    }

    func testABadgeAboveTheSheetsItemsShowsInTheWindowAndRidesItsRaster() throws {
        display = try openTestDisplay()
        let viewport = Size(width: 390, height: 844)
        let window = try X11Window(
            display: display, title: "SwipeDismiss app drawing test", width: 390, height: 844)
        let renderer = try X11Renderer(window: window)
        window.map()
        display.sync()
        let presenter = SheetPresenter()
        let sheet = presenter.sheetFrame(viewport: viewport)
        let badge = Rect(x: sheet.maxX - 56, y: sheet.minY + 8, width: 40, height: 40)
        var calls = 0
        var green = 0.0
        renderer.painter.setDrawing(for: .content, opaque: false, placement: .aboveItems) {
            context, _ in
            calls += 1
            context.setSource(Color(red: 1, green: green, blue: 0))
            context.addRect(badge)
            context.fill()
        }
        var scene = presenter.makeScene(viewport: viewport)
        func show(offset: Double) throws -> (badge: UInt32?, above: UInt32?) {
            let state = DismissState(
                time: 0, offset: offset, alpha: 0.3, progress: 0, phase: .presented)
            presenter.update(&scene, for: state, direction: .down, scroll: 0)
            try renderer.render(scene, state: state)
            display.sync()
            let x = Int(badge.center.x)
            // The badge's centre, and a pixel of the sheet's header just above the badge.
            let centre = window.readPixels(
                x: x, y: Int(badge.center.y + offset), width: 1, height: 1)
            let header = window.readPixels(
                x: x, y: Int(badge.minY + offset) - 4, width: 1, height: 1)
            return (centre?.first.map { $0 & 0xFF_FFFF }, header?.first.map { $0 & 0xFF_FFFF })
        }
        let first = try show(offset: 300)
        XCTAssertEqual(first.badge, 0xFF0000)
        XCTAssertEqual(first.above, 0xFFFFFF)
        XCTAssertEqual(calls, 1)
        let rasterizations = renderer.compositor.layerRasterizations
        for step in 1...8 {
            let offset = 300 + Double(step) * 12
            let shown = try show(offset: offset)
            XCTAssertEqual(shown.badge, 0xFF0000, "offset \(offset)")
            XCTAssertEqual(shown.above, 0xFFFFFF, "offset \(offset)")
        }
        XCTAssertEqual(calls, 1, "the badge is part of the sheet's retained raster")
        XCTAssertEqual(renderer.compositor.layerRasterizations, rasterizations)

        green = 1
        renderer.painter.setNeedsDisplay(of: .content)
        XCTAssertEqual(try show(offset: 420).badge, 0xFFFF00)
        XCTAssertEqual(calls, 2)
    }
}
