import CGtk
import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// `gtk-demo --scene photo --source X,Y,W,H,R` (issue 39, DESIGN §4c "Zoom into the source")
/// on the X server `make test` provides: the flag is read by the demos' shared parser (the
/// same refusal as x11-demo's), and a photo dragged down and let go zooms into the source
/// rectangle, clipped to its rounded corners by the GTK renderer.
///
/// The photo is a plain magenta 800 × 600 PNG (`SWIPEDISMISS_PHOTO`), unlike anything else
/// on screen (gtk-demo's screen behind is blue, its backdrop black): at 390 × 844 it rests at
/// 390 × 292.5 pt centred on (195, 422); the source is (20, 300, 120, 120) with radius 12.
final class GtkDemoZoomX11Tests: XCTestCase {
    /// The region read each poll: the source with 20 px around it.
    private let region = (x: 0, y: 280, width: 160, height: 160)

    /// Whether a pixel is the photo's: magenta, even under the backdrop's dim (at most 0.2
    /// while it zooms), unlike the blue screen and the black backdrop.
    private func isPhoto(_ pixel: UInt32) -> Bool {
        let red = Int((pixel >> 16) & 0xFF)
        let green = Int((pixel >> 8) & 0xFF)
        let blue = Int(pixel & 0xFF)
        return red > 150 && green < 80 && blue > 150
    }

    /// Writes a plain magenta 800 × 600 PNG at `path`.
    private func writeMagentaPhoto(_ path: String) throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 800, 600)
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        cairo_set_source_rgb(cairo, 1, 0, 1)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        guard cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS else {
            throw GtkTestFailure(description: "cannot write \(path)")
        }
    }

    func testAMalformedSourceIsRefusedAsX11DemoRefusesIt() throws {
        let demo = try builtProduct("gtk-demo").path
        let noDisplay = environment(["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        for value in ["1,2,3", "20,300,0,120", "20,300,120,120,61", "20,300,120,nan"] {
            let result = try ChildProcess.run(
                demo, ["--scene", "photo", "--source", value], environment: noDisplay,
                timeout: 20)
            XCTAssertEqual(result.status, 2, "\(value): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "gtk-demo: --source: expected X,Y,W,H or X,Y,W,H,R in points (W and H above "
                        + "0, R from 0 to half the shorter side), got \"\(value)\""),
                result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testAPhotoDraggedDownAndLetGoZoomsIntoTheRoundedSource() throws {
        let photo = temporaryFolder().appendingPathComponent("magenta.png").path
        try writeMagentaPhoto(photo)
        setenv("SWIPEDISMISS_PHOTO", photo, 1)
        defer { unsetenv("SWIPEDISMISS_PHOTO") }
        // The photo's backdrop is black at rest (alpha 1): the band reads 0.
        let demo = try startGtkDemo(
            ["--scene", "photo", "--source", "20,300,120,120,12", "--events"], restGrey: 0...1)
        defer { demo.child.terminate() }
        // From the photo's centre (195, 422) straight down 240 pt in 12 steps 16 ms apart:
        // past the 150 pt threshold, let go moving, so it dismisses (into the source).
        var arguments = ["mousemove", "195", "422", "sleep", "0.15", "mousedown", "1"]
        for step in 1...12 {
            arguments += ["sleep", "0.016", "mousemove", "195", "\(422 + 20 * step)"]
        }
        arguments += ["mouseup", "1"]
        try xdotool(arguments)
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
        XCTAssertEqual(demo.phases, ["dragging", "dismissing", "dismissed"])
        // The last line: landed on the source (the 2-D translation moves the photo's centre
        // (195, 422) to the source's (80, 360)), faded out.
        let last = try XCTUnwrap(demo.child.stdoutLines.last)
        XCTAssertEqual(try XCTUnwrap(field("x", of: last) as? Double, last), -115, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(field("y", of: last) as? Double, last), -62, accuracy: 0.5)
        XCTAssertEqual(field("alpha", of: last) as? Double, 0)
        // Gone once dismissed: nothing of the photo is left in the region.
        XCTAssertTrue(
            eventually {
                demo.display.readPixels(
                    window: demo.window, x: region.x, y: region.y, width: region.width,
                    height: region.height)?.contains(where: isPhoto) == false
            })
        let pixels = try XCTUnwrap(lastWithPhoto, "no frame showed the photo (\(polls) polls)")
        // The photo's box in that frame: the source, within a pixel.
        let box = try XCTUnwrap(
            boundingBox(of: pixels, x: region.x, y: region.y, width: region.width, where: isPhoto))
        let (minX, minY, maxX, maxY) = (box.minX, box.minY, box.maxX, box.maxY)
        XCTAssertEqual(Double(minX), 20, accuracy: 1)
        XCTAssertEqual(Double(minY), 300, accuracy: 1)
        XCTAssertEqual(Double(maxX), 139, accuracy: 1)
        XCTAssertEqual(Double(maxY), 419, accuracy: 1)
        func shows(_ x: Int, _ y: Int) -> Bool {
            self.isPhoto(pixels[(y - region.y) * region.width + x - region.x])
        }
        // Rounded: the rectangle's corner pixels (outside a 12 pt radius: the arc passes
        // 3.5 pt in from the corner along the diagonal) are not the photo's, the middle of
        // its edges and a point just inside the arc are.
        XCTAssertFalse(shows(20, 300), "top-left corner cut")
        XCTAssertFalse(shows(139, 300), "top-right corner cut")
        XCTAssertFalse(shows(20, 419), "bottom-left corner cut")
        XCTAssertFalse(shows(139, 419), "bottom-right corner cut")
        XCTAssertFalse(shows(22, 302), "top-left corner cut along the diagonal")
        XCTAssertTrue(shows(26, 306), "just inside the top-left arc")
        XCTAssertTrue(shows(21, 360), "left edge")
        XCTAssertTrue(shows(80, 301), "top edge")
        XCTAssertTrue(shows(138, 360), "right edge")
        XCTAssertTrue(shows(80, 418), "bottom edge")
    }
}
