import Foundation
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissFiles
import SwipeDismissNull
import SwipeDismissTrace
import XCTest

final class CairoRendererTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sd-cairo-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private let viewport = Size(width: 390, height: 844)

    /// The default scene laid out for `state`.
    private func scene(for state: DismissState) -> Scene {
        let presenter = CardPresenter()
        var scene = presenter.makeScene(viewport: viewport)
        presenter.update(&scene, for: state, direction: .down)
        return scene
    }

    private func state(offset: Double, configuration: DismissConfiguration) -> DismissState {
        let alpha = configuration.alphaCurve.alpha(offset: offset, dismissDistance: 490)
        return DismissState(
            time: 0, offset: offset, alpha: alpha, progress: offset / 490, phase: .dragging)
    }

    /// Width and height from a PNG's IHDR chunk (bytes 16...23, big-endian).
    private func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(bytes[12..<16]), Array("IHDR".utf8))
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    func testTopBandGreyIsOneMinusAlphaTimes255AtSeveralOffsets() throws {
        let renderer = try CairoPNGRenderer(folder: folder, viewport: viewport)
        var expected: [Double] = []
        for configuration in [DismissConfiguration.seed, .fluid] {
            for offset in [0.0, 50, 100, 150, 199, 200, 320] {
                let state = state(offset: offset, configuration: configuration)
                try renderer.render(scene(for: state), state: state)
                expected.append(state.alpha)
            }
        }
        XCTAssertEqual(expected[2], 0.2, accuracy: 1e-12)  // alpha at 100 pt is 0.2
        XCTAssertEqual(expected[5], 0.1, accuracy: 1e-12)  // the floor is reached at 200 pt
        for (number, alpha) in expected.enumerated() {
            let image = try CairoImage(pngPath: renderer.path(forFrame: number))
            for x in [0, 195, 389] {
                let pixel = image.pixel(x: x, y: 12)
                let grey = (1 - alpha) * 255
                XCTAssertEqual(Double(pixel.red), grey, accuracy: 1, "frame \(number) x \(x)")
                XCTAssertEqual(pixel.red, pixel.green)
                XCTAssertEqual(pixel.green, pixel.blue)
                XCTAssertEqual(pixel.alpha, 255)
            }
        }
    }

    func testCardFollowsTheOffset() throws {
        let renderer = try CairoPNGRenderer(folder: folder, viewport: viewport)
        let state = state(offset: 100, configuration: .fluid)
        try renderer.render(scene(for: state), state: state)
        let image = CairoImage(surface: renderer.surface)
        // The card's top edge is at 354 pt at rest: at 100 pt it starts at 454.
        XCTAssertEqual(
            image.pixel(x: 5, y: 470), .init(red: 255, green: 255, blue: 255, alpha: 255))
        XCTAssertLessThan(image.pixel(x: 5, y: 440).red, 255)
    }

    func testScaleTwoDoublesThePixelsNotTheLayout() throws {
        let renderer = try CairoPNGRenderer(folder: folder, viewport: viewport, scale: 2)
        let state = state(offset: 150, configuration: .seed)
        try renderer.render(scene(for: state), state: state)
        let (width, height) = try pngSize(renderer.path(forFrame: 0))
        XCTAssertEqual(width, 780)
        XCTAssertEqual(height, 1688)
        // The band is 24 pt: 48 pixels at scale 2, and still reads the alpha.
        let image = try CairoImage(pngPath: renderer.path(forFrame: 0))
        XCTAssertEqual(Double(image.pixel(x: 400, y: 46).red), (1 - 0.15) * 255, accuracy: 1)
    }

    func testPDFAndSVGRenderersWriteOneValidFilePerFrame() throws {
        let state = state(offset: 80, configuration: .fluid)
        let pdf = try CairoVectorRenderer(format: .pdf, folder: folder, viewport: viewport)
        let svg = try CairoVectorRenderer(
            format: .svg, folder: folder, viewport: viewport, filePrefix: "svg-")
        for _ in 0..<2 {
            try pdf.render(scene(for: state), state: state)
            try svg.render(scene(for: state), state: state)
        }
        XCTAssertEqual(pdf.framesWritten, 2)
        let pdfText = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: pdf.path(forFrame: 1))),
            as: UTF8.self)
        XCTAssertTrue(pdfText.hasPrefix("%PDF-"))
        XCTAssertTrue(pdfText.contains("/MediaBox [ 0 0 390 844 ]"))
        let svgText = try String(contentsOfFile: svg.path(forFrame: 1), encoding: .utf8)
        XCTAssertTrue(svgText.contains("<svg"))
        XCTAssertTrue(svgText.contains("width=\"390\""))
        XCTAssertTrue(svgText.hasSuffix("</svg>\n"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(names, ["frame-0000.pdf", "frame-0001.pdf", "svg-0000.svg", "svg-0001.svg"])
    }

    func testMissingOrNonFolderOutputIsAnErrorNamingThePath() throws {
        let missing = folder + "/nope"
        XCTAssertThrowsError(try CairoPNGRenderer(folder: missing, viewport: viewport)) { error in
            XCTAssertTrue("\(error)".contains(missing), "\(error)")
            XCTAssertTrue("\(error)".contains("does not exist"), "\(error)")
        }
        let file = folder + "/file"
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        XCTAssertThrowsError(
            try CairoVectorRenderer(format: .pdf, folder: file, viewport: viewport)
        ) { error in
            XCTAssertEqual((error as? CairoError)?.path, file)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["file"])
    }

    func testAFailedWriteLeavesNoTemporaryFile() throws {
        let path = folder + "/out.bin"
        struct Boom: Error {}
        XCTAssertThrowsError(
            try AtomicFile.write(to: path) { temporary in
                _ = FileManager.default.createFile(atPath: temporary, contents: Data([1, 2, 3]))
                throw Boom()
            })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        try AtomicFile.write(bytes: [1, 2, 3], to: path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["out.bin"])
    }

    func testRendererDrivesAControllerFrameByFrame() throws {
        let trace = try GestureTrace(
            json: """
                { "viewport": { "width": 390, "height": 844 }, "events": [
                  { "t": 0.0, "type": "down", "x": 195, "y": 500 },
                  { "t": 0.1, "type": "move", "x": 195, "y": 600 } ] }
                """)
        let clock = FixedStepClock(framesPerSecond: 10)
        let renderer = try CairoPNGRenderer(folder: folder, viewport: trace.viewport)
        let controller = DismissController(
            input: TraceInputSource(trace: trace), presenter: CardPresenter(), renderer: renderer,
            clock: clock, configuration: .fluid)
        for _ in 0..<3 {
            try controller.step(forceRender: true)
            clock.tick()
        }
        XCTAssertEqual(renderer.framesWritten, 3)
        let last = try CairoImage(pngPath: renderer.path(forFrame: 2))
        XCTAssertEqual(
            Double(last.pixel(x: 10, y: 10).red), (1 - controller.state.alpha) * 255, accuracy: 1)
    }
}
