import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// `x11-demo --scene photo --source X,Y,W,H,R` in a real window under Xvfb: Escape zooms the
/// photo into the source, and the last frame that still shows it (read back with
/// `XGetImage` while it flies) has it on the source rectangle with rounded corners.
///
/// At 390 × 844 the photo rests at 390 × 292.5 pt centred on (195, 422); the source is
/// (20, 300, 120, 120) with radius 12. The screen behind is neutral greys and white, the
/// photo saturated colours (sky, sun, hills, water, grass).
final class X11DemoZoomTests: XCTestCase {
    /// The region read each poll: the source with 20 px around it.
    private let region = (x: 0, y: 280, width: 160, height: 160)

    /// Whether a pixel is the photo's: saturated, unlike anything of the screen behind.
    private func isPhoto(_ pixel: UInt32) -> Bool {
        let red = Int((pixel >> 16) & 0xFF)
        let green = Int((pixel >> 8) & 0xFF)
        let blue = Int(pixel & 0xFF)
        return max(red, green, blue) - min(red, green, blue) > 40
    }

    func testEscapeZoomsThePhotoIntoTheSourceAndItsLastFrameIsOnTheSource() throws {
        let trace = temporaryPath("zoom-escape.json")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        // Escape at 1 s, replayed from the demo's start.
        try Data(
            """
            { "viewport": { "width": 390, "height": 844 },
              "events": [ { "t": 1.0, "type": "key", "key": "Escape" } ] }
            """.utf8
        ).write(to: URL(fileURLWithPath: trace))
        let demo = try startDemo(
            [
                "--scene", "photo", "--source", "20,300,120,120,12", "--events", "--replay",
                trace,
            ], restGrey: 0...0)
        defer { demo.display.sendCloseRequest(to: demo.window) }
        // Polls the region until the phase line says dismissed, keeping the last picture
        // that still shows the photo.
        var lastWithPhoto: [UInt32]?
        var polls = 0
        let done = eventually(timeout: 15, every: 0) {
            polls += 1
            if let pixels = demo.display.readPixels(
                window: demo.window, x: region.x, y: region.y, width: region.width,
                height: region.height), pixels.contains(where: isPhoto)
            {
                lastWithPhoto = pixels
            }
            return demo.phases.last == "dismissed"
        }
        XCTAssertTrue(done, demo.child.stdout + "\nstderr: " + demo.child.stderr)
        XCTAssertEqual(demo.phases.suffix(2), ["dismissing", "dismissed"])
        // Gone once dismissed: nothing of the photo is left in the region.
        XCTAssertTrue(
            eventually {
                demo.display.readPixels(
                    window: demo.window, x: region.x, y: region.y, width: region.width,
                    height: region.height)?.contains(where: isPhoto) == false
            })
        let pixels = try XCTUnwrap(lastWithPhoto, "no frame showed the photo (\(polls) polls)")
        // The photo's box in that frame: the source, within a pixel (the landed photo rests
        // there for 1/30 s before it is hidden, so a poll sees it there).
        let box = try XCTUnwrap(
            boundingBox(of: pixels, x: region.x, y: region.y, width: region.width, where: isPhoto))
        let (minX, minY, maxX, maxY) = (box.minX, box.minY, box.maxX, box.maxY)
        XCTAssertEqual(Double(minX), 20, accuracy: 1)
        XCTAssertEqual(Double(minY), 300, accuracy: 1)
        XCTAssertEqual(Double(maxX), 139, accuracy: 1)
        XCTAssertEqual(Double(maxY), 419, accuracy: 1)
        // Rounded: the box's corner pixels are not the photo's, the middle of its edges are.
        func photo(_ x: Int, _ y: Int) -> Bool {
            isPhoto(pixels[(y - region.y) * region.width + x - region.x])
        }
        XCTAssertFalse(photo(minX, minY), "top-left corner cut")
        XCTAssertFalse(photo(maxX, maxY), "bottom-right corner cut")
        XCTAssertTrue(photo(minX + 1, (minY + maxY) / 2), "left edge")
        XCTAssertTrue(photo((minX + maxX) / 2, minY + 1), "top edge")
    }
}
