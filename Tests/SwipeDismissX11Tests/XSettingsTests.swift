import CX11
import XCTest

@testable import SwipeDismissX11

final class XSettingsTests: XCTestCase {
    /// Builds property bytes the way a settings manager would.
    private struct Builder {
        var bigEndian: Bool
        var bytes: [UInt8] = []

        init(bigEndian: Bool, serial: UInt32, count: UInt32) {
            self.bigEndian = bigEndian
            bytes = [bigEndian ? 1 : 0, 0, 0, 0]
            card32(serial)
            card32(count)
        }

        mutating func card16(_ value: UInt16) {
            let big = [UInt8(value >> 8), UInt8(value & 0xFF)]
            bytes += bigEndian ? big : big.reversed()
        }

        mutating func card32(_ value: UInt32) {
            let big = (0..<4).map { UInt8((value >> (24 - 8 * UInt32($0))) & 0xFF) }
            bytes += bigEndian ? big : big.reversed()
        }

        mutating func padded(_ text: String) {
            let utf8 = Array(text.utf8)
            bytes += utf8 + Array(repeating: 0, count: (4 - utf8.count % 4) % 4)
        }

        mutating func header(type: UInt8, name: String) {
            bytes += [type, 0]
            card16(UInt16(name.utf8.count))
            padded(name)
            card32(7)
        }

        mutating func integer(_ name: String, _ value: Int32) {
            header(type: 0, name: name)
            card32(UInt32(bitPattern: value))
        }

        mutating func string(_ name: String, _ value: String) {
            header(type: 1, name: name)
            card32(UInt32(value.utf8.count))
            padded(value)
        }

        mutating func color(_ name: String) {
            header(type: 2, name: name)
            for part: UInt16 in [0xFFFF, 0x1000, 0x2000, 0x8000] { card16(part) }
        }
    }

    func testParsesEveryTypeInBothByteOrders() throws {
        for bigEndian in [false, true] {
            var builder = Builder(bigEndian: bigEndian, serial: 42, count: 4)
            builder.integer("Net/EnableAnimations", 0)
            builder.string("Net/ThemeName", "Adwaita")
            builder.color("Gtk/ColorScheme")
            builder.integer("Xft/DPI", -1)
            let settings = try XSettings(parsing: builder.bytes)
            XCTAssertEqual(settings.serial, 42)
            XCTAssertEqual(settings.values["Net/EnableAnimations"], .integer(0))
            XCTAssertEqual(settings.values["Net/ThemeName"], .string("Adwaita"))
            XCTAssertEqual(
                settings.values["Gtk/ColorScheme"],
                .color(red: 0xFFFF, blue: 0x1000, green: 0x2000, alpha: 0x8000))
            XCTAssertEqual(settings.values["Xft/DPI"], .integer(-1))
            XCTAssertEqual(settings.enableAnimations, false)
            XCTAssertTrue(settings.prefersReducedMotion)
        }
    }

    func testEitherAnimationsSettingAtZeroAsksForReducedMotion() throws {
        var gtkOff = Builder(bigEndian: false, serial: 1, count: 1)
        gtkOff.integer("Gtk/EnableAnimations", 0)
        XCTAssertTrue(try XSettings(parsing: gtkOff.bytes).prefersReducedMotion)

        var on = Builder(bigEndian: false, serial: 1, count: 2)
        on.integer("Net/EnableAnimations", 1)
        on.integer("Gtk/EnableAnimations", 1)
        let settings = try XSettings(parsing: on.bytes)
        XCTAssertEqual(settings.enableAnimations, true)
        XCTAssertFalse(settings.prefersReducedMotion)

        let none = try XSettings(parsing: Builder(bigEndian: true, serial: 9, count: 0).bytes)
        XCTAssertNil(none.enableAnimations)
        XCTAssertFalse(none.prefersReducedMotion)
    }

    func testMalformedBytesSayWhereAndWhat() {
        XCTAssertThrowsError(try XSettings(parsing: [])) {
            XCTAssertEqual(
                ($0 as? XSettingsError)?.description,
                "XSETTINGS at byte 0: byte order runs past the end (0 bytes)")
        }
        XCTAssertThrowsError(try XSettings(parsing: [7, 0, 0, 0])) {
            XCTAssertEqual(($0 as? XSettingsError)?.reason, "byte order 7 is neither 0 nor 1")
        }
        var truncated = Builder(bigEndian: false, serial: 1, count: 2)
        truncated.integer("Net/EnableAnimations", 0)
        XCTAssertThrowsError(try XSettings(parsing: truncated.bytes)) {
            XCTAssertEqual(
                ($0 as? XSettingsError)?.reason, "type of setting 1 runs past the end (44 bytes)")
        }
        var badType = Builder(bigEndian: false, serial: 1, count: 1)
        badType.header(type: 5, name: "X")
        XCTAssertThrowsError(try XSettings(parsing: badType.bytes + [0, 0, 0, 0])) {
            XCTAssertEqual(($0 as? XSettingsError)?.offset, 12)
        }
        var huge = Builder(bigEndian: false, serial: 1, count: 1)
        huge.header(type: 1, name: "S")
        huge.card32(0xFFFF_FFFF)
        XCTAssertThrowsError(try XSettings(parsing: huge.bytes)) {
            XCTAssertEqual(($0 as? XSettingsError)?.reason, "S claims 4294967295 bytes")
        }
    }

    func testReadsTheSettingsManagersPropertyAndNothingWithoutOne() throws {
        // Runs under Xvfb (scripts/with-xvfb.sh), where no settings manager runs.
        let display = try X11Display()
        XCTAssertNil(try XSettings.read(from: display), "no manager: reduced motion stays off")

        // Play the manager: own the selection and publish the property on our window.
        let window = XCreateSimpleWindow(display.pointer, display.root, 0, 0, 1, 1, 0, 0, 0)
        let selection = XInternAtom(display.pointer, "_XSETTINGS_S\(display.screen)", 0)
        let property = XInternAtom(display.pointer, "_XSETTINGS_SETTINGS", 0)
        var builder = Builder(bigEndian: false, serial: 3, count: 1)
        builder.integer("Net/EnableAnimations", 0)
        let bytes = builder.bytes
        bytes.withUnsafeBufferPointer {
            _ = XChangeProperty(
                display.pointer, window, property, property, 8, PropModeReplace, $0.baseAddress,
                Int32(bytes.count))
        }
        XSetSelectionOwner(display.pointer, selection, window, UInt(CurrentTime))
        display.sync()
        let settings = try XCTUnwrap(try XSettings.read(from: display))
        XCTAssertEqual(settings.serial, 3)
        XCTAssertTrue(settings.prefersReducedMotion)

        XDestroyWindow(display.pointer, window)
        display.sync()
        XCTAssertNil(try XSettings.read(from: display), "the owner's window is gone")
    }
}
