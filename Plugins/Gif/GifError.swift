internal import CGif

/// Why writing an animated GIF failed: the step, a readable reason, and the file.
public struct GifError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The C call or step that failed, such as `EGifPutLine` or `rename`.
    public var operation: String
    /// giflib's error code (`E_GIF_ERR_…`), or 0 for a failure outside giflib.
    public var code: Int32
    /// A readable reason: giflib's own text, the system's, or what was wrong with the input.
    public var reason: String
    /// The GIF file being written (its final name, not the temporary one).
    public var path: String

    /// An error with all its parts given.
    public init(operation: String, code: Int32 = 0, reason: String, path: String) {
        self.operation = operation
        self.code = code
        self.reason = reason
        self.path = path
    }

    /// `PATH: reason (operation)`: the file first, as the project's other errors put it.
    public var description: String { "\(path): \(reason) (\(operation))" }

    /// An error for a giflib error code, with giflib's own text (`GifErrorString`).
    init(operation: String, giflibCode: Int32, path: String) {
        let text = GifErrorString(giflibCode).map { String(cString: $0) } ?? "unknown error"
        self.init(operation: operation, code: giflibCode, reason: text, path: path)
    }
}
