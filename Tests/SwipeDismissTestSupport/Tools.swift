import Foundation
import XCTest

/// The path of `tool` on the `PATH`, or nil.
package func findExecutable(_ tool: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// Whether `tool` is on the `PATH`.
package func hasTool(_ tool: String) -> Bool { findExecutable(tool) != nil }

/// Fails or skips (see `unavailable`) unless `tool` is on the `PATH`.
package func requireTool(_ tool: String) throws {
    guard hasTool(tool) else { throw unavailable("\(tool) is not installed") }
}

/// The built product `name` (an executable of this package), next to the test bundle.
package func builtExecutable(_ name: String) throws -> URL {
    let candidates = [
        Bundle.main.bundleURL.appendingPathComponent(name),
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
    ]
    guard
        let url = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
        throw TestFailure(
            description: "\(name) is not built next to the tests (looked at "
                + "\(candidates.map(\.path)))")
    }
    return url
}

/// This process's environment with `DISPLAY` set to `display` (or removed, for nil).
package func environment(display: String?) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    return environment
}

/// Runs `xdotool` with `arguments` on `display` (nil: `$DISPLAY`) and waits for it (up to
/// 60 s); a failure of the test if it does not exit 0 (its stderr is in the message).
package func xdotool(
    _ arguments: [String], display: String? = nil, file: StaticString = #filePath,
    line: UInt = #line
) throws {
    guard let tool = findExecutable("xdotool") else {
        throw unavailable("xdotool is not installed")
    }
    var changes: [String: String?] = [:]
    if let display { changes["DISPLAY"] = .some(display) }
    let run = try ChildProcess.run(tool, arguments, changes: changes, timeout: 60)
    XCTAssertEqual(
        run.status, 0, "xdotool \(arguments.joined(separator: " ")): \(run.stderr)",
        file: file, line: line)
}

/// The package's bundled example traces, `Examples/Traces`, found from this file's path.
package let bundledTracesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/Traces")
