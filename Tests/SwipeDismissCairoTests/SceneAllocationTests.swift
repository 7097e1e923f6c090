import RawCairoBaseline
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster
import SwipeDismissTestSupport
import XCTest

/// Steady frames that scroll the sheet's list or pose the photo allocate nothing in the
/// presenters; drawing them allocates only what cairo itself does.
final class SceneAllocationTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    private func allocations(_ body: () throws -> Void) rethrows -> Int {
        raw_alloc_counter_start()
        try body()
        return raw_alloc_counter_stop()
    }

    func testScrollingTheListAndPosingThePhotoAllocateNothing() throws {
        try requireAllocationCounter()
        let sheet = SheetPresenter()
        var sheetScene = sheet.makeScene(viewport: viewport)
        let photo = PhotoPresenter()
        var photoScene = photo.makeScene(viewport: viewport)
        var state = DismissState(time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .dragging)
        sheet.update(&sheetScene, for: state, direction: .down, scroll: 1)
        photo.update(&photoScene, for: state, translation: Point(x: 1, y: 1))
        let count = allocations {
            for frame in 0..<120 {
                state.offset = Double(frame)
                sheet.update(&sheetScene, for: state, direction: .down, scroll: Double(frame) * 3.5)
                photo.update(
                    &photoScene, for: state, translation: Point(x: Double(frame), y: Double(frame)))
            }
        }
        XCTAssertEqual(count, 0)
    }

    func testCompositingScrollFramesAllocatesLittleAndNothingGrows() throws {
        let sheet = SheetPresenter()
        var scene = sheet.makeScene(viewport: viewport)
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        let compositor = CairoCompositor()
        let state = DismissState(time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .presented)
        func frame(_ scroll: Double) throws {
            sheet.update(&scene, for: state, direction: .down, scroll: scroll)
            _ = try compositor.compose(scene, into: target, scale: 1)?.damage
        }
        for warmUp in 0..<10 { try frame(Double(warmUp)) }
        let first = try allocations { for step in 10..<70 { try frame(Double(step) * 2) } }
        let second = try allocations { for step in 70..<130 { try frame(Double(step) * 2) } }
        // Whatever cairo allocates per frame (glyph and clip work) is the same each frame:
        // the Swift side adds nothing that accumulates.
        print("allocations per scroll frame: \(Double(first) / 60), \(Double(second) / 60)")
        XCTAssertEqual(Double(second), Double(first), accuracy: Double(first) * 0.1 + 6)
        // About 2 per drawn text inside cairo (its glyph arrays), for some 18 texts; a
        // per-item allocation on the Swift side (120 items) would push it far past this.
        XCTAssertLessThan(Double(first) / 60, 80)
    }
}
