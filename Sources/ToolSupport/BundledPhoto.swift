import Foundation
import Glibc
import SwipeDismiss

/// Finds the photo scene's picture (`Examples/Assets/photo.png`, made by
/// `scripts/make-photo.py`) for a tool run from anywhere.
public enum BundledPhoto {
    /// The environment variable that names another PNG to show in the photo scene.
    public static let environmentVariable = "SWIPEDISMISS_PHOTO"

    /// The PNG the photo scene shows: `$SWIPEDISMISS_PHOTO` if set, else the bundled file
    /// found from the current folder or beside the executable (its folder and up to five
    /// above it, so `.build/release/x11-demo` finds the package's copy), else the bundled
    /// path as it is, relative, which the renderer then names when it cannot read it.
    public static func path(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = CommandLine.arguments.first ?? ""
    ) -> String {
        if let chosen = environment[environmentVariable], !chosen.isEmpty { return chosen }
        let relative = PhotoPresenter.bundledPhotoPath
        let files = FileManager.default
        if files.isReadableFile(atPath: relative) { return relative }
        let resolved = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        var folder = resolved.deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent(relative).path
            if files.isReadableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return relative
    }

    /// The photo presenter showing the PNG at `path`, whose pixel size is `size` (the
    /// bundled photo's unless given).
    public static func presenter(path: String, size: Size = PhotoPresenter.bundledPhotoSize)
        -> PhotoPresenter
    {
        PhotoPresenter(image: .file(path), imageSize: size)
    }
}

/// Reads a PNG file's pixel size from its header, without decoding it.
public enum PNGHeader {
    /// The width and height in the file's `IHDR` chunk; nil when the file cannot be read or
    /// does not start like a PNG (the renderer then reports it when it decodes).
    ///
    /// Only a regular file is read: it is opened without blocking and checked with `fstat(2)`
    /// first, so a FIFO named as the picture cannot hang the tool (the renderer then refuses it,
    /// naming the file).
    public static func size(ofFileAt path: String) -> Size? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 24)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, 24, 0) }
        return count == 24 ? size(ofHeader: bytes) : nil
    }

    /// The size in the first 24 bytes of a PNG: the signature, then `IHDR`'s width and
    /// height (big-endian, each 1...2³¹ − 1).
    public static func size(ofHeader bytes: [UInt8]) -> Size? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature,
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func word(_ at: Int) -> Int {
            bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let width = word(16)
        let height = word(20)
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height)
        else { return nil }
        return Size(width: Double(width), height: Double(height))
    }
}
