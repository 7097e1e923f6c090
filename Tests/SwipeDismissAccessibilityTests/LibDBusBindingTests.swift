import CDBus
import XCTest

@testable import SwipeDismissAccessibility

/// The plugin calls libdbus through dlsym and its own copies of two struct layouts, so that
/// programs load libdbus only when there is a bus: these check that view against the headers.
final class LibDBusBindingTests: XCTestCase {
    func testTheLibraryLoadsWithEveryFunction() {
        XCTAssertNotNil(LibDBus.shared, LibDBus.loadError)
    }

    func testTheIteratorHasRoomForTheHeadersStruct() {
        XCTAssertGreaterThanOrEqual(
            MemoryLayout<MessageIterator>.size, MemoryLayout<DBusMessageIter>.size)
        XCTAssertGreaterThanOrEqual(
            MemoryLayout<MessageIterator>.alignment, MemoryLayout<DBusMessageIter>.alignment)
    }

    func testTheErrorIsLaidOutAsTheHeadersStruct() {
        XCTAssertEqual(MemoryLayout<BusErrorStorage>.size, MemoryLayout<DBusError>.size)
        XCTAssertEqual(
            MemoryLayout<BusErrorStorage>.offset(of: \.name),
            MemoryLayout<DBusError>.offset(of: \.name))
        XCTAssertEqual(
            MemoryLayout<BusErrorStorage>.offset(of: \.message),
            MemoryLayout<DBusError>.offset(of: \.message))
    }

    func testMessageTypesAreTheHeadersNumbers() {
        XCTAssertEqual(LibDBus.methodCallType, DBUS_MESSAGE_TYPE_METHOD_CALL)
        XCTAssertEqual(LibDBus.methodReturnType, DBUS_MESSAGE_TYPE_METHOD_RETURN)
        XCTAssertEqual(LibDBus.errorType, DBUS_MESSAGE_TYPE_ERROR)
        XCTAssertEqual(LibDBus.signalType, DBUS_MESSAGE_TYPE_SIGNAL)
    }

    func testAMissingBusIsAnErrorNamingTheAddress() {
        XCTAssertThrowsError(try BusConnection(address: "unix:path=/nonexistent/bus")) {
            XCTAssertTrue("\($0)".hasPrefix("connecting to unix:path=/nonexistent/bus: "), "\($0)")
        }
    }
}
