import SwipeDismiss
import SwipeDismissCairo
import XCTest

@testable import SwipeDismissWayland

/// Each committed buffer shows its scene exactly as a fresh, whole paint does, although
/// buffers rotate and each frame repaints only what changed since that buffer was drawn.
final class WaylandPixelParityTests: XCTestCase {
    /// The largest channel difference between the last committed buffer and the last scene
    /// painted whole on a new image surface at the renderer's scale.
    private func worstDifference(_ renderer: WaylandRenderer) throws -> Int {
        let scene = try XCTUnwrap(renderer.lastScene)
        let committed = try XCTUnwrap(renderer.lastFramePixels())
        let size = try XCTUnwrap(renderer.lastBufferSize)
        let surface = try CairoSurface(imageWidth: size.width, height: size.height)
        CairoPainter().paint(scene, on: try CairoContext(surface: surface), scale: renderer.scale)
        return try surface.withImagePixels { bytes, width, height, stride in
            XCTAssertEqual(committed.count, width * height)
            var worst = 0
            for y in 0..<height {
                for x in 0..<width {
                    let fresh = bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                    let shown = committed[y * width + x]
                    for shift: UInt32 in [0, 8, 16] {
                        let a = Int((fresh >> shift) & 0xFF)
                        let b = Int((shown >> shift) & 0xFF)
                        worst = max(worst, abs(a - b))
                    }
                }
            }
            return worst
        }
    }

    private func checkADrag(preferredScale120: UInt32) throws {
        let compositor = try ScriptedCompositor(preferredScale120: preferredScale120)
        let harness = try WaylandHarness(
            socketPath: compositor.socketPath, server: compositor, liveInput: true)
        try harness.settle()
        XCTAssertEqual(try worstDifference(harness.renderer), 0, "the first frame")
        compositor.enter(x: 195, y: 422)
        try harness.run(timeout: 0.03, until: { false })
        compositor.button(pressed: true)
        var partialFrames = 0
        var lastCommits = harness.renderer.commits
        // Past 200 pt the dim stays at its floor of 0.1, so frames damage only the card's
        // bounds and each buffer is repainted only where it is stale.
        for step in 1...40 {
            compositor.motion(x: 195 + Double(step % 7), y: 422 + Double(step) * 8)
            try harness.run(
                timeout: 0.016, until: { false },
                check: {
                    let commits = harness.renderer.commits
                    if commits != lastCommits, let box = harness.renderer.lastDamage,
                        let size = harness.renderer.lastBufferSize,
                        box.area < size.width * size.height
                    {
                        partialFrames += 1
                    }
                    lastCommits = commits
                })
            if [10, 28, 32, 36, 40].contains(step) {
                XCTAssertLessThanOrEqual(
                    try worstDifference(harness.renderer), 1, "after \(step) moves")
            }
        }
        compositor.button(pressed: false)
        try harness.settle()
        XCTAssertLessThanOrEqual(try worstDifference(harness.renderer), 1, "at rest")
        XCTAssertGreaterThan(harness.renderer.buffersMade, 1, "buffers rotated")
        XCTAssertGreaterThan(partialFrames, 5, "frames that damaged less than the whole buffer")
        // At every scale the frames come from the layer rasters (fractional ones included).
        XCTAssertTrue(harness.renderer.compositor.cachesLayers)
        XCTAssertGreaterThan(harness.renderer.compositor.layerRasterizations, 0)
    }

    func testEveryCheckedFrameOfADragMatchesAFreshPaint() throws {
        try checkADrag(preferredScale120: 0)
    }

    func testAtOneAndAHalfTimesToo() throws {
        try checkADrag(preferredScale120: 180)
    }

    func testAtOneAndAQuarterTimesWhereTheBufferOutgrowsTheViewportByHalfAPixel() throws {
        // 390 × 844 pt at 1.25 is a 488 × 1055 buffer: its last column half viewport.
        try checkADrag(preferredScale120: 150)
    }
}
