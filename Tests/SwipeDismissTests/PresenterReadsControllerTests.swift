import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// A presenter's own code may read its controller while the controller lays it out again
/// (`resize(to:)`, `invalidateDetents`, `contentDidChange()`, and the stack's next frame):
/// the presenter is asked outside any access to the controller's model, so it neither hits
/// an exclusivity trap nor sees a half-made state.
final class PresenterReadsControllerTests: XCTestCase {
    private static func fitsContent() -> DismissConfiguration {
        var configuration = DismissConfiguration.fluid
        configuration.detents = [Detent("fit", position: .fitsContent)]
        return configuration
    }

    func testASheetPresenterReadsItsControllerDuringResizeAndInvalidation() throws {
        let clock = ManualClock()
        let presenter = ReadingPresenter(height: 300)
        let controller = DismissController(
            input: QueuedInputSource(), presenter: presenter, renderer: NullRenderer(),
            clock: clock, configuration: Self.fitsContent())
        presenter.read = { [unowned controller] in
            Read(
                state: controller.state, viewport: controller.viewport,
                detents: controller.layout.count)
        }
        let before = controller.state
        XCTAssertEqual(before.phase, .presented)
        XCTAssertEqual(before.offset, 0)

        controller.resize(to: Size(width: 400, height: 900))
        // makeScene, then the layout's content extent, each reading the controller as it was
        // before the call, at the new size.
        XCTAssertEqual(presenter.reads.map(\.place), ["makeScene", "contentExtent"])
        for read in presenter.reads {
            XCTAssertEqual(read.read.state, before)
            XCTAssertEqual(read.read.viewport, Size(width: 400, height: 900))
            XCTAssertEqual(read.read.detents, 1)
        }
        // At rest it stays at its detent by name.
        XCTAssertEqual(controller.state.offset, 0)
        XCTAssertEqual(controller.state.detent, "fit")

        presenter.reads = []
        presenter.height = 500
        controller.invalidateDetents(animated: true)
        XCTAssertEqual(presenter.reads.map(\.place), ["makeScene", "contentExtent"])
        for read in presenter.reads {
            XCTAssertEqual(read.read.state.offset, 0)
            XCTAssertEqual(read.read.state.phase, .presented)
        }
        // The content stays where it was on screen: its top 200 pt below its new rest.
        XCTAssertEqual(controller.state.offset, 200, accuracy: 1e-9)
        XCTAssertEqual(controller.state.phase, .settling)

        presenter.reads = []
        presenter.height = 600
        controller.contentDidChange()
        XCTAssertEqual(presenter.reads.count, 2)
        for read in presenter.reads {
            XCTAssertEqual(read.read.state.offset, 200, accuracy: 1e-9)
            XCTAssertEqual(read.read.state.phase, .settling)
        }
        XCTAssertEqual(controller.state.offset, 300, accuracy: 1e-9)

        // The frame's update reads the controller as the step left it.
        presenter.reads = []
        XCTAssertTrue(try controller.step(forceRender: true))
        XCTAssertEqual(presenter.reads.map(\.place), ["update"])
        XCTAssertEqual(presenter.reads[0].read.state, controller.state)
    }

    func testAStackPresenterReadsItsControllerDuringResizeAndInvalidation() throws {
        let clock = ManualClock()
        let presenter = ReadingPresenter(height: 300)
        let controller = SheetStackController(
            input: QueuedInputSource(), renderer: NullRenderer(), clock: clock,
            root: StackLevel(configuration: Self.fitsContent(), presenter: presenter))
        presenter.read = { [unowned controller] in
            Read(
                state: controller.state.top, viewport: controller.viewport,
                detents: controller.state.depth)
        }
        XCTAssertTrue(try controller.step(forceRender: true))
        let before = controller.state.top
        XCTAssertEqual(before.offset, 0)
        XCTAssertEqual(before.phase, .presented)

        presenter.reads = []
        controller.resize(to: Size(width: 400, height: 900))
        XCTAssertEqual(presenter.reads.map(\.place), ["contentExtent"])
        // The next frame lays the stack out for the new size: makeScene reads the controller.
        XCTAssertTrue(try controller.step(forceRender: true))
        XCTAssertEqual(
            presenter.reads.map(\.place),
            ["contentExtent", "makeScene", "update"])
        for read in presenter.reads {
            XCTAssertEqual(read.read.state, before)
            XCTAssertEqual(read.read.viewport, Size(width: 400, height: 900))
            XCTAssertEqual(read.read.detents, 1)
        }

        presenter.reads = []
        presenter.height = 500
        controller.invalidateDetents(animated: true)
        XCTAssertEqual(presenter.reads.map(\.place), ["contentExtent"])
        for read in presenter.reads { XCTAssertEqual(read.read.state, before) }
        XCTAssertEqual(controller.state.top.offset, 200, accuracy: 1e-9)
        XCTAssertEqual(controller.state.top.phase, .settling)
        XCTAssertTrue(try controller.step(forceRender: true))
        XCTAssertEqual(presenter.reads.last?.place, "update")
        XCTAssertEqual(presenter.reads.last?.read.state.offset ?? 0, 200, accuracy: 1e-9)
    }
}

/// What a presenter read from its controller.
private struct Read {
    var state: DismissState
    var viewport: Size
    var detents: Int
}

/// Bottom content `height` tall whose scene-making and layout code read the controller.
private final class ReadingPresenter: Presenter {
    var height: Double
    var read: (() -> Read)?
    var reads: [(place: String, read: Read)] = []

    init(height: Double) {
        self.height = height
    }

    private func record(_ place: String) {
        if let read { reads.append((place, read())) }
    }

    func makeScene(viewport: Size) -> Scene {
        record("makeScene")
        return Scene(size: viewport)
    }

    func update(_ scene: inout Scene, for state: DismissState, direction: DismissDirection) {
        record("update")
    }

    func hitTest(
        _ point: Point, offset: Double, direction: DismissDirection, viewport: Size
    ) -> HitRegion {
        point.y >= viewport.height - height + offset ? .content : .backdrop
    }

    func dismissDistance(direction: DismissDirection, viewport: Size) -> Double { height }

    func contentExtent(direction: DismissDirection, viewport: Size) -> Double {
        record("contentExtent")
        return height
    }
}
