import Foundation

/// `.cairo-export.json`: what made an export and which files are its own.
///
/// Written first into every staging folder (the frame count is planned before rendering),
/// so a folder left by a killed run says which of its files may be removed. A later export
/// deletes only files listed here whose names are ones an export writes.
struct ExportManifest: Codable, Equatable {
    static let fileName = ".cairo-export.json"
    static let toolName = "cairo-export"
    /// The tool's version; bump it when the outputs change meaning.
    static let toolVersion = "0.3.0"

    /// The command line's choices, as they shape the files.
    struct Options: Codable, Equatable {
        var preset: String
        var fps: Double
        var scale: Double
        var format: String
        var maxFrames: Int
        // Added in 0.3.0; optional so that an older export's manifest still reads.
        var scene: String?
        var confirm: Bool?
        var reduceMotion: Bool?
        var gifMaxWidth: Int?
        // Added with the photo scene; optional for the same reason.
        var direction: String?
        // `--source`, only when given (an export without it writes the manifest it did).
        var source: String? = nil
        // `--adaptive`, only when given.
        var adaptive: Bool? = nil
        // `--layout`, `--footer`, `--content-interaction`, only when one is given.
        var layout: String? = nil
        var footer: Bool? = nil
        var contentInteraction: String? = nil
    }

    var tool = ExportManifest.toolName
    var version = ExportManifest.toolVersion
    /// The trace path as given on the command line.
    var trace: String
    var options: Options
    /// The export's files, in the order they are written (the manifest itself not included).
    var files: [String]

    init(trace: String, options: Options, files: [String]) {
        self.trace = trace
        self.options = options
        self.files = files
    }

    /// The JSON bytes: keys sorted, so the same export writes the same manifest.
    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + Array("\n".utf8)
    }

    /// What `folder` says about its own contents.
    enum Reading: Equatable {
        /// No manifest there.
        case missing
        /// A manifest that is not ours or cannot be read; the reason says why.
        case unreadable(String)
        case valid(ExportManifest)
    }

    /// The most bytes of a manifest that are read: 32 MiB. The largest export (1 000 000
    /// frames, `--max-frames`) lists its files in about 24 MB; anything longer is not ours,
    /// and refusing it costs no time.
    static let sizeLimit = 32 << 20

    /// Reads the manifest in `folder`: only a regular file of at most `sizeLimit` bytes.
    static func read(in folder: String) -> Reading {
        let path = folder.hasSuffix("/") ? folder + fileName : folder + "/" + fileName
        let bytes: [UInt8]
        switch FileSystem.readRegularFile(path, limit: sizeLimit) {
        case .missing:
            return .missing
        case .notRegular:
            return .unreadable("\(fileName) is not a regular file")
        case .tooLarge(let size):
            return .unreadable(
                "\(fileName) is \(size) bytes, more than a manifest's limit of "
                    + "\(sizeLimit >> 20) MiB")
        case .unreadable(let reason):
            return .unreadable("cannot read \(fileName) (\(reason))")
        case .bytes(let read):
            bytes = read
        }
        guard let manifest = try? JSONDecoder().decode(ExportManifest.self, from: Data(bytes)),
            manifest.tool == toolName
        else {
            return .unreadable("\(fileName) is not a cairo-export manifest")
        }
        return .valid(manifest)
    }

    /// The listed files an export may remove: names it writes, and the manifest itself.
    var ownedFiles: Set<String> {
        Set(files.filter(isExportOutputName)).union([Self.fileName])
    }
}
