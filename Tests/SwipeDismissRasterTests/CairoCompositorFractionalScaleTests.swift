import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissRaster

/// At 1.25× and 1.5× as at 1× and 2×, every frame the compositor builds from its layer
/// rasters is, pixel for pixel, the direct paint of the same state (the painter drawing the
/// whole scene onto a fresh surface) within one level of a channel.
///
/// Why one level: a raster pixel one item covers is `MUL_UN8(colour, coverage)` over clear,
/// and compositing it over the frame is the same pixman expression the direct paint
/// evaluates, so straight edges and glyphs come out as the same bytes (pinned below, moved
/// or not). Two things differ by design. Where two antialiased items of one layer meet in a
/// pixel (text on a rounded edge), (a over b) over frame and a over (b over frame) round
/// their partial sums differently: three roundings of at most half a level, scaled by at
/// most 1, so under 2.5, 2 levels at worst. And a moved curve's points are put on cairo's
/// 1/256-pixel grid from another sum: coverage off by about 1/256, 1 level. These scenes'
/// frames reach 1, which is pinned here. A glyph or an edge a whole pixel off (what this
/// caught: 223 levels at 1.5×, the card's title one pixel left of the direct paint's) or an
/// edge blended again over the last frame's pixels (115 levels at 1.25×, the column the
/// viewport half covers) is far past either.
final class CairoCompositorFractionalScaleTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    private var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    private enum Kind: String, CaseIterable {
        case card, cardMovedRight, sheet, photo
    }

    /// A frame: the content's travel and the sheet list's scroll.
    private typealias Pose = (offset: Double, scroll: Double)

    /// At rest twice (the second frame makes the rasters), moved by whole and half points
    /// (at 1.5× a half pixel: snapped by a window, drawn directly otherwise), past the dim's
    /// floor, up (rubber band), with the list scrolled and held (its raster made again), back.
    private let poses: [Pose] = [
        (0, 0), (0, 0), (40, 0), (41, 0), (100.5, 0), (157.3, 0), (230, 0), (260, 0),
        (-12, 0), (0, 57.5), (0, 57.5), (0, 57.5), (33, 57.5), (0, 0), (0, 0),
    ]

    private func state(_ pose: Pose) -> DismissState {
        DismissState(
            time: 0, offset: pose.offset, alpha: max(0.1, 0.3 - pose.offset / 1000), progress: 0,
            phase: .dragging)
    }

    /// The scene of `kind` posed at `pose`.
    private func scene(_ kind: Kind, _ pose: Pose, viewport: Size) -> Scene {
        switch kind {
        case .card, .cardMovedRight:
            let presenter = CardPresenter()
            var scene = presenter.makeScene(viewport: viewport)
            presenter.update(
                &scene, for: state(pose), direction: kind == .card ? .down : .right)
            return scene
        case .sheet:
            let presenter = SheetPresenter()
            var scene = presenter.makeScene(viewport: viewport)
            presenter.update(&scene, for: state(pose), direction: .down, scroll: pose.scroll)
            return scene
        case .photo:
            let presenter = PhotoPresenter()
            var scene = presenter.makeScene(viewport: viewport)
            // Along the axis only every other frame: the photo shrinks as it travels.
            let travel = pose.offset == 40 || pose.offset == 41 ? 0 : pose.offset
            presenter.update(&scene, for: state(pose), translation: Point(x: 0, y: travel))
            return scene
        }
    }

    /// `scene` with every layer that only moves placed where a snapping compositor shows it:
    /// its move rounded to whole device pixels, halves away from zero.
    private func snapped(_ scene: Scene, scale: Double) -> Scene {
        var result = scene
        for index in result.layers.indices {
            let t = result.layers[index].transform
            guard t.a == 1, t.b == 0, t.c == 0, t.d == 1 else { continue }
            result.layers[index].transform = .translation(
                Point(x: (t.tx * scale).rounded() / scale, y: (t.ty * scale).rounded() / scale))
        }
        return result
    }

    /// The largest channel difference between two frames, and where.
    private func largestDifference(_ a: [UInt32], _ b: [UInt32], width: Int)
        -> (levels: Int, x: Int, y: Int)
    {
        XCTAssertEqual(a.count, b.count)
        var result = (levels: 0, x: -1, y: -1)
        for index in differingIndices(a, b, width: width) {
            for shift: UInt32 in [0, 8, 16, 24] {
                let p = Int((a[index] >> shift) & 0xFF)
                let q = Int((b[index] >> shift) & 0xFF)
                if abs(p - q) > result.levels {
                    result = (abs(p - q), index % width, index / width)
                }
            }
        }
        return result
    }

    /// Composes every pose of `kind` at `scale` on one surface `pixels` big (the viewport in
    /// points is the pixels over the scale, as an X11 window's, unless `viewport` is given, as
    /// a Wayland window's, whose buffer is its size times the scale, rounded), set up as a
    /// window's compositor (`window`) or an export's, and checks each frame against the direct
    /// paint; returns how many frames drew the content layer from its raster.
    @discardableResult
    private func checkFrames(
        _ kind: Kind, scale: Double, pixels: (width: Int, height: Int), viewport: Size? = nil,
        window: Bool, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        let painter = CairoPainter()
        painter.images.register(
            PhotoPresenter.photoName, pngPath: root + "/Examples/Assets/photo.png")
        let compositor = CairoCompositor(painter: CairoPainter(images: painter.images))
        if window {
            compositor.leavesSolidRows = true
            compositor.snapsMovesToWholePixels = true
            compositor.rasterizesOnFirstDraw = true
        }
        let size =
            viewport
            ?? Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
        let frame = try CairoFrameSurface(
            try CairoSurface(imageWidth: pixels.width, height: pixels.height))
        var fromRaster = 0
        for (number, pose) in poses.enumerated() {
            let scene = scene(kind, pose, viewport: size)
            _ = try compositor.compose(scene, into: frame, scale: scale)
            let composed = frame.withCompletePixels { surface, _ in surface.copyPixelWords() }
            let direct = try CairoSurface(imageWidth: pixels.width, height: pixels.height)
            painter.paint(
                window ? snapped(scene, scale: scale) : scene,
                on: try CairoContext(surface: direct), scale: scale)
            let difference = largestDifference(
                composed, direct.copyPixelWords(), width: pixels.width)
            XCTAssertLessThanOrEqual(
                difference.levels, 1,
                "\(kind) at \(scale)× \(pixels.width)x\(pixels.height)"
                    + " \(window ? "window" : "export") frame \(number) \(pose):"
                    + " (\(difference.x), \(difference.y))", file: file, line: line)
            if let content = scene.index(of: .content),
                compositor.entries[content].cache != nil,
                compositor.wholePixelShift(scene.layers[content].transform) != nil
            {
                fromRaster += 1
            }
        }
        return fromRaster
    }

    func testEveryFrameMatchesTheDirectPaintAtWholeAndFractionalScales() throws {
        for scale in [1.0, 1.25, 1.5, 2.0] {
            // An X11 window: the viewport is its pixels over the scale.
            let x11 = (width: Int(390 * scale), height: Int(844 * scale))
            // A Wayland buffer: 390 × 844 pt times the scale, rounded (at 1.25: 488 pixels
            // across, 487.5 of them viewport); the same as the X11 window at the others.
            let wayland = (
                width: Int((390 * scale).rounded()), height: Int((844 * scale).rounded())
            )
            for kind in Kind.allCases {
                for window in [false, true] {
                    let fromRaster = try checkFrames(
                        kind, scale: scale, pixels: x11, window: window)
                    if wayland != x11 {
                        try checkFrames(
                            kind, scale: scale, pixels: wayland, viewport: viewport,
                            window: window)
                    }
                    // The fast path ran at every scale: a window's every frame drew the
                    // content from its raster (the photo's whenever it was not shrunk); an
                    // export's, at least the frames at rest after the first.
                    if window {
                        XCTAssertEqual(
                            fromRaster, kind == .photo ? 9 : poses.count, "\(kind) at \(scale)×")
                    } else {
                        XCTAssertGreaterThanOrEqual(fromRaster, 3, "\(kind) at \(scale)×")
                    }
                }
            }
        }
    }

    func testAnOddSizedWindowAtOneAndAHalfMatchesToo() throws {
        // 587 × 1267 pixels: a viewport of 391.33 × 844.67 pt, its centre off the pixel grid.
        for kind in Kind.allCases {
            try checkFrames(kind, scale: 1.5, pixels: (587, 1267), window: true)
        }
    }

    func testALayerOfOneItemPerPixelComposesToTheDirectPaintsVeryBytes() throws {
        // The card as a rectangle with fractional edges and a line of text apart from it: no
        // pixel has two antialiased items of the layer, and no curve is placed anew on cairo's
        // 1/256 grid, so the frame is the direct paint byte for byte, moved or not.
        var scene = CardPresenter().makeScene(viewport: viewport)
        let content = try XCTUnwrap(scene.index(of: .content))
        scene.layers[0].items = [
            .rect(Rect(x: 0, y: 0, width: 390, height: 844), fill: Color(hex: 0xF2F2F7))
        ]
        scene.layers[content].items = [
            .rect(Rect(x: 10.3, y: 354.2, width: 369.4, height: 300), fill: .white),
            .text(
                "Swipe down to dismiss", origin: Point(x: 195, y: 700), fontSize: 20,
                color: Color(hex: 0x1C1C1E), alignment: .center),
        ]
        let compositor = CairoCompositor()
        compositor.rasterizesOnFirstDraw = true
        let frame = try CairoFrameSurface(try CairoSurface(imageWidth: 585, height: 1266))
        for offset in [0.0, 40, 102, -12, 0] {
            CardPresenter().update(
                &scene, for: state((offset, 0)), direction: .down)
            _ = try compositor.compose(scene, into: frame, scale: 1.5)
            XCTAssertEqual(compositor.cachedLayersLastFrame, 1, "offset \(offset): the card")
            let direct = try CairoSurface(imageWidth: 585, height: 1266)
            CairoPainter().paint(scene, on: try CairoContext(surface: direct), scale: 1.5)
            let composed = frame.withCompletePixels { surface, _ in surface.copyPixelWords() }
            let difference = largestDifference(composed, direct.copyPixelWords(), width: 585)
            XCTAssertEqual(
                difference.levels, 0, "offset \(offset): (\(difference.x), \(difference.y))")
        }
    }

    func testARasterStartsAtTheSurfacesEdgeWhenTheItemsDoNotCrossIt() throws {
        let compositor = CairoCompositor()
        let frame = try CairoFrameSurface(try CairoSurface(imageWidth: 585, height: 1266))
        var scene = CardPresenter().makeScene(viewport: viewport)
        _ = try compositor.compose(scene, into: frame, scale: 1.5)
        // The card's items start at x 0: no spare column left of it (x −1).
        XCTAssertEqual(
            compositor.rasterBox(covering: Rect(x: 0, y: 354, width: 390, height: 514)),
            PixelRect(x: 0, y: 530, width: 586, height: 773))
        // Items reaching left of the surface keep their spare pixel; at 2× the raster is
        // made, at 1.5× (positions there are not exact in binary) the layer is drawn directly.
        let crossing = Rect(x: -10, y: 20, width: 100, height: 50)
        XCTAssertNil(compositor.rasterBox(covering: crossing))
        let content = try XCTUnwrap(scene.index(of: .content))
        scene.layers[content].items = [
            .roundedRect(crossing, radius: 12, fill: .white),
            .text(
                "Left", origin: Point(x: 5, y: 50), fontSize: 17, color: .black,
                alignment: .leading),
        ]
        for scale in [1.5, 2.0] {
            let whole = CairoCompositor()
            whole.rasterizesOnFirstDraw = true
            let frame = try CairoFrameSurface(
                try CairoSurface(imageWidth: Int(390 * scale), height: Int(844 * scale)))
            _ = try whole.compose(scene, into: frame, scale: scale)
            XCTAssertEqual(
                whole.entries[content].cache != nil, scale == 2, "content raster at \(scale)×")
            let direct = try CairoSurface(imageWidth: Int(390 * scale), height: Int(844 * scale))
            CairoPainter().paint(scene, on: try CairoContext(surface: direct), scale: scale)
            let composed = frame.withCompletePixels { surface, _ in surface.copyPixelWords() }
            XCTAssertLessThanOrEqual(
                largestDifference(composed, direct.copyPixelWords(), width: Int(390 * scale))
                    .levels, 1, "at \(scale)×")
        }
    }
}
