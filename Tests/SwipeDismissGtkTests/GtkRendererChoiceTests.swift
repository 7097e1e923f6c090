import SwipeDismissGtk
import XCTest

/// Software OpenGL is recognised from the environment and the missing render nodes.
final class GtkRendererChoiceTests: XCTestCase {
    func testSoftwareWhenAskedForOrWithoutARenderNode() {
        let none: (String) -> String? = { _ in nil }
        // A render node that can be opened (any readable and writable file stands in).
        let path = NSTemporaryDirectory() + "render-node-\(getpid())"
        FileManager.default.createFile(atPath: path, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertFalse(GtkRendererChoice.openGLIsSoftware(environment: none, renderNodes: [path]))
        XCTAssertTrue(
            GtkRendererChoice.openGLIsSoftware(environment: none, renderNodes: [path + "-gone"]))
        XCTAssertTrue(GtkRendererChoice.openGLIsSoftware(environment: none, renderNodes: []))
        XCTAssertTrue(
            GtkRendererChoice.openGLIsSoftware(
                environment: { $0 == "LIBGL_ALWAYS_SOFTWARE" ? "1" : nil }, renderNodes: [path]))
        XCTAssertFalse(
            GtkRendererChoice.openGLIsSoftware(
                environment: { $0 == "LIBGL_ALWAYS_SOFTWARE" ? "0" : nil }, renderNodes: [path]))
        XCTAssertTrue(
            GtkRendererChoice.openGLIsSoftware(
                environment: { $0 == "GALLIUM_DRIVER" ? "llvmpipe" : nil }, renderNodes: [path]))
        XCTAssertFalse(
            GtkRendererChoice.openGLIsSoftware(
                environment: { $0 == "GALLIUM_DRIVER" ? "radeonsi" : nil }, renderNodes: [path]))
    }
}
