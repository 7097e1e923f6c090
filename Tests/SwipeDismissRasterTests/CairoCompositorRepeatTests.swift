import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster
import SwipeDismissTestSupport
import XCTest

/// Rows of the dimmed screen that show what a row above them shows this frame are left out
/// of the surface and sent as repeats of that row (the window copies them from it); a window
/// that applies the bands shows exactly what drawing every changed pixel shows, and the
/// surface, once the rows left out are written in, holds exactly those bytes.
final class CairoCompositorRepeatTests: XCTestCase {
    private let width = 390
    private let height = 844

    /// The default screen and dim with, instead of the card, a small rounded chip at `chipY`
    /// (narrower than the screen, so a frame where only it moves changes a narrow box).
    private func chip(at chipY: Double, alpha: Double) -> Scene {
        var scene = draggedCardScene(offset: 0, alpha: alpha)
        let index = scene.layers.firstIndex { $0.role == .content }!
        scene.layers[index].items = [
            .roundedRect(Rect(x: 20, y: 0, width: 120, height: 40), radius: 8, fill: .white),
            .text(
                "Chip", origin: Point(x: 80, y: 26), fontSize: 15, color: Color(hex: 0x1C1C1E),
                alignment: .center),
        ]
        scene.layers[index].transform = .translation(Point(x: 0, y: chipY))
        return scene
    }

    private struct Run {
        var repeatedRows = 0
        var repeatBands = 0
    }

    /// Composes `scenes` with the row plan and without, applies each frame's bands to a
    /// window of its own, and checks the window against the plain frame every frame and the
    /// surface (its left-out rows written in) after the frames in `materializingAfter`.
    private func run(
        _ scenes: [Scene], materializingAfter: Set<Int>, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Run {
        let referenceSurface = try CairoSurface(imageWidth: width, height: height)
        let referenceFrame = try CairoFrameSurface(referenceSurface)
        let reference = CairoCompositor()
        let planSurface = try CairoSurface(imageWidth: width, height: height)
        let planFrame = try CairoFrameSurface(planSurface)
        let plan = CairoCompositor()
        plan.leavesSolidRows = true
        var window = [UInt32](repeating: 0, count: width * height)
        var result = Run()
        for (frame, scene) in scenes.enumerated() {
            let box = try reference.compose(scene, into: referenceFrame, scale: 1)?.damage
            let bands = try plan.compose(scene, into: planFrame, scale: 1)?.bands ?? []
            XCTAssertEqual(
                bands.reduce(0) { $0 + $1.height }, box?.height ?? 0,
                "frame \(frame): bands cover the box", file: file, line: line)
            let expected = referenceSurface.copyPixelWords()
            // The surface as it is, its left-out rows missing: what the window copies from.
            let surface = planSurface.copyPixelWords()
            // What each row of the box is this frame: true for a row of pixels.
            var pixelRows = [Bool](repeating: false, count: height)
            for band in bands where band.content == .pixels {
                for row in band.y..<(band.y + band.height) { pixelRows[row] = true }
            }
            for band in bands {
                guard let box else { break }
                for row in band.y..<(band.y + band.height) {
                    let columns = (row * width + box.x)..<(row * width + box.x + box.width)
                    switch band.content {
                    case .pixels:
                        window.replaceSubrange(columns, with: surface[columns])
                    case .solid(let colour):
                        for pixel in columns { window[pixel] = 0xFF00_0000 | colour }
                    case .repeats(let fromY):
                        let source = fromY + row - band.y
                        // The window copies from the surface: the source must hold this
                        // frame's pixels already.
                        XCTAssertTrue(
                            source < band.y && pixelRows[source],
                            "frame \(frame): row \(row) repeats row \(source), not drawn above it",
                            file: file, line: line)
                        let from = source * width + box.x
                        window.replaceSubrange(
                            columns, with: surface[from..<(from + box.width)])
                        result.repeatedRows += 1
                    case .unchanged:
                        break
                    }
                }
                if case .repeats = band.content { result.repeatBands += 1 }
            }
            let differing = zip(window, expected).filter { ($0 ^ $1) & 0xFF_FFFF != 0 }.count
            XCTAssertEqual(differing, 0, "frame \(frame): window pixels", file: file, line: line)
            if materializingAfter.contains(frame) {
                let whole = planFrame.withCompletePixels { surface, _ in surface.copyPixelWords() }
                XCTAssertFalse(planFrame.lacksRows, "frame \(frame): nothing left out once read")
                XCTAssertEqual(
                    differingPixelCount(whole, expected, width: 1024), 0,
                    "frame \(frame): surface bytes once its left-out rows are written in",
                    file: file, line: line)
            }
        }
        return result
    }

    func testADragsRepeatedScreenRowsShowAndMaterializeExactlyThePlainFrames() throws {
        var frames: [(offset: Double, alpha: Double)] = []
        // The card moving 5 px a frame, the dim falling (by less than one 8-bit step on some
        // frames, which then change only the card's box).
        for step in 0..<12 { frames.append((Double(step * 5), 0.4 - Double(step) * 0.003)) }
        frames.append((80, 0.367))  // the card moves, the alpha stays: rows are kept
        frames.append((30, 0.367))  // up over rows left out last frame
        frames.append((30, 0.3))  // only the alpha changes
        frames.append((200, 0.2))  // far down: more of the screen shows
        frames.append((200, 0.2))  // nothing changes
        frames.append((150, 0.2))
        frames.append((0, 0.4))
        let run = try self.run(
            frames.map { draggedCardScene(offset: $0.offset, alpha: $0.alpha) },
            materializingAfter: [6, 13, frames.count - 1])
        print("drag: \(run.repeatBands) repeat bands, \(run.repeatedRows) rows")
        XCTAssertGreaterThan(run.repeatBands, 20, "repeated rows sent as repeats")
        XCTAssertGreaterThan(run.repeatedRows, 1000)
    }

    func testARowLeftOutIsWrittenInBeforeTheRowItRepeatsIsDrawnOver() throws {
        // The chip sits in the Inbox title while the alpha changes, so the list rows below it
        // repeat the first list row; then only the chip moves, onto that first row: the rows
        // repeating it lie outside the changed box and must be written in before it changes.
        let run = try self.run(
            [
                // The screen's raster and its row table are made on the second frame.
                chip(at: 40, alpha: 0.4), chip(at: 40, alpha: 0.38), chip(at: 40, alpha: 0.35),
                chip(at: 92, alpha: 0.35), chip(at: 100, alpha: 0.35),
            ], materializingAfter: [4])
        print("chip: \(run.repeatBands) repeat bands, \(run.repeatedRows) rows")
        XCTAssertGreaterThan(run.repeatBands, 3)
    }

    func testExportsLeaveNoRowOut() throws {
        let target = try CairoFrameSurface(try CairoSurface(imageWidth: width, height: height))
        let compositor = CairoCompositor()
        for step in 0..<6 {
            let plan = try compositor.compose(
                draggedCardScene(offset: Double(step * 5), alpha: 0.4 - Double(step) * 0.01),
                into: target, scale: 1)
            XCTAssertFalse(target.lacksRows, "frame \(step): the surface is whole")
            for band in plan?.bands ?? [] {
                switch band.content {
                case .repeats, .solid: XCTFail("frame \(step): a row left out of the surface")
                case .pixels, .unchanged: break
                }
            }
        }
    }
}
