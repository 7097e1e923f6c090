internal import CCairo

/// Why a cairo operation failed: the C call, cairo's status, and the file if one was involved.
public struct CairoError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The C function (or file operation) that failed, such as `cairo_image_surface_create`.
    public var operation: String
    /// The `cairo_status_t` value, or 0 for a failure outside cairo (a rename, say).
    public var status: Int32
    /// A readable reason: cairo's own status text, or the system's.
    public var reason: String
    /// The file or folder the operation worked on, if any.
    public var path: String?

    /// An error for `operation` with `reason`; `status` 0 for a failure outside cairo.
    public init(operation: String, status: Int32 = 0, reason: String, path: String? = nil) {
        self.operation = operation
        self.status = status
        self.reason = reason
        self.path = path
    }

    /// The reason, prefixed with the path if any, else with the operation.
    public var description: String {
        if let path { return "\(path): \(reason) (\(operation))" }
        return "\(operation): \(reason)"
    }

    /// An error for a cairo status, with cairo's own text (`cairo_status_to_string`).
    init(operation: String, cairoStatus: cairo_status_t, path: String? = nil) {
        let text = cairo_status_to_string(cairoStatus).map { String(cString: $0) } ?? "unknown"
        self.init(
            operation: operation, status: Int32(cairoStatus.rawValue), reason: text, path: path)
    }

    /// Throws unless `status` is `CAIRO_STATUS_SUCCESS`.
    /// The operation's name is built only on failure, so a check on a per-frame path
    /// allocates nothing.
    static func check(
        _ status: cairo_status_t, _ operation: @autoclosure () -> String, path: String? = nil
    ) throws(CairoError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw CairoError(operation: operation(), cairoStatus: status, path: path)
    }

    /// `raw`, a cairo object `operation` just made, unless `status(raw)` is an error: then
    /// `raw` is destroyed and the error thrown (cairo returns an error object, never NULL).
    static func checkCreated(
        _ raw: OpaquePointer, _ operation: String, path: String? = nil,
        status: (OpaquePointer) -> cairo_status_t, destroy: (OpaquePointer) -> Void
    ) throws(CairoError) -> OpaquePointer {
        let code = status(raw)
        guard code == CAIRO_STATUS_SUCCESS else {
            destroy(raw)
            throw CairoError(operation: operation, cairoStatus: code, path: path)
        }
        return raw
    }
}
