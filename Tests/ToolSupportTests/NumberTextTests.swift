import XCTest

@testable import ToolSupport

final class NumberTextTests: XCTestCase {
    func testFixedRoundsToTheDigitsAsked() {
        XCTAssertEqual(NumberText.fixed(0.1234567, digits: 6), "0.123457")
        XCTAssertEqual(NumberText.fixed(-12.5, digits: 1), "-12.5")
        XCTAssertEqual(NumberText.fixed(390, digits: 0), "390")
        XCTAssertEqual(NumberText.fixed(2.5, digits: 3), "2.500")
    }

    func testFixedDropsTheSignOfAValueThatRoundsToZero() {
        XCTAssertEqual(NumberText.fixed(-0.0001, digits: 3), "0.000")
        XCTAssertEqual(NumberText.fixed(-0.0, digits: 0), "0")
        XCTAssertEqual(NumberText.fixed(-0.0006, digits: 3), "-0.001")
    }

    func testHugeValuesFormatWithoutTrapping() {
        XCTAssertEqual(NumberText.fixed(1e19, digits: 0), "10000000000000000000")
        XCTAssertEqual(NumberText.fixed(-1e300, digits: 2).count, 1 + 301 + 3)
        XCTAssertEqual(NumberText.readable(1e19), "1e+19")
        XCTAssertEqual(NumberText.readable(390), "390")
        XCTAssertEqual(NumberText.readable(0.25), "0.25")
    }

    func testNonFiniteValuesReadAsWords() {
        XCTAssertEqual(NumberText.fixed(.infinity, digits: 3), "infinity")
        XCTAssertEqual(NumberText.fixed(-.infinity, digits: 3), "-infinity")
        XCTAssertEqual(NumberText.readable(.nan), "not a number")
    }

    func testWholeNumbersAreClampedAndNeverTrap() {
        XCTAssertEqual(WholeNumber.clamped(1e19, to: 0...32767), 32767)
        XCTAssertEqual(WholeNumber.clamped(-1e300, to: 0...10), 0)
        XCTAssertEqual(WholeNumber.clamped(2.5, to: 0...10), 3)
        XCTAssertEqual(WholeNumber.clamped(2.1, to: 0...10, rounding: .up), 3)
        XCTAssertEqual(WholeNumber.clamped(9.3e18, to: 0...Int.max), Int.max)
        XCTAssertNil(WholeNumber.clamped(.infinity, to: 0...10))
        XCTAssertNil(WholeNumber.clamped(.nan, to: 0...10))
    }
}
