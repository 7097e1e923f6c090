import SwipeDismiss
import XCTest

/// `validate()` refuses every field that would put the content in a non-finite state: a
/// `freeExitSpeed` of 0 (a photo released at rest leaves along a zero vector: NaN offsets,
/// never settling) and a detent position that is NaN or infinite.
final class ConfigurationFiniteStateTests: XCTestCase {
    private func error(of configuration: DismissConfiguration) -> ConfigurationError? {
        do {
            try configuration.validate()
            return nil
        } catch {
            return error as? ConfigurationError
        }
    }

    func testAFreeExitSpeedOfZeroOrLessIsRefused() {
        var configuration = DismissConfiguration.fluid
        configuration.direction = .free
        configuration.freeExitSpeed = 0
        XCTAssertEqual(
            error(of: configuration),
            ConfigurationError(field: "freeExitSpeed", problem: "0.0 is not positive"))
        configuration.freeExitSpeed = -1
        XCTAssertEqual(error(of: configuration)?.field, "freeExitSpeed")
        configuration.freeExitSpeed = .nan
        XCTAssertEqual(
            error(of: configuration),
            ConfigurationError(field: "freeExitSpeed", problem: "nan is not a finite number"))
        configuration.freeExitSpeed = 1e-9
        XCTAssertNil(error(of: configuration))
    }

    func testANonFiniteDetentPositionIsRefusedByIndex() {
        var configuration = DismissConfiguration.sheet()
        XCTAssertNil(error(of: configuration))
        let index = configuration.detents.count - 1
        configuration.detents[index].position = .height(fraction: .nan)
        XCTAssertEqual(
            error(of: configuration),
            ConfigurationError(
                field: "detents[\(index)].position", problem: "nan is not a finite number"))
        configuration.detents[index].position = .pointsFromBottom(.infinity)
        XCTAssertEqual(
            error(of: configuration),
            ConfigurationError(
                field: "detents[\(index)].position", problem: "inf is not a finite number"))
        configuration.detents[0].position = .pointsFromTop(-.infinity)
        XCTAssertEqual(
            error(of: configuration),
            ConfigurationError(field: "detents[0].position", problem: "-inf is not a finite number")
        )
        configuration.detents[0].position = .fitsContent
        configuration.detents[index].position = .pointsFromTop(-40)
        XCTAssertNil(error(of: configuration), "finite positions outside the viewport are clamped")
    }
}
