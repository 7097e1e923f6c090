#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What was at the output path before this export.
enum PreviousContents: Equatable {
    /// Nothing: the folder is created by the swap.
    case nothing
    case empty
    /// An earlier export, known by its manifest (the user may have added files).
    case export(ExportManifest)
    /// A folder of other files, accepted with `--force`; it is kept aside, never deleted.
    case foreign
}

/// The output folder of one export, replaced whole.
///
/// Outputs are written into a sibling staging folder on the same file system, which is
/// then swapped with the target in one step (`renameat2(RENAME_EXCHANGE)`; where that is
/// missing, the old folder is renamed aside first). A reader, or a killed run, sees the old
/// export or the new one, never a mix. Afterwards the old folder is cleared of the files its
/// manifest lists; anything else in it (files the user added) moves into the new export, or
/// the whole old folder is kept beside the target. Nothing that is not an export's is deleted.
/// A lock file beside the target keeps to one export a time; staging folders of runs that
/// died are swept on start.
final class ExportFolder {
    /// The output folder (a symbolic link resolved).
    let target: String
    let parent: String
    let name: String
    /// Where this run stages its files: `PARENT/.NAME.cairo-export-staging-PID`.
    let staging: String
    let previous: PreviousContents
    /// Things the user should know (files kept aside, leftovers recovered), not yet taken.
    private var notes: [String] = []
    private let lock: FolderLock
    private var stagingCreated = false

    private init(
        target: String, parent: String, name: String, previous: PreviousContents,
        lock: FolderLock, notes: [String]
    ) {
        self.target = target
        self.parent = parent
        self.name = name
        self.previous = previous
        self.lock = lock
        self.notes = notes
        staging = join(parent, Self.stagingPrefix(name) + String(getpid()))
    }

    static func stagingPrefix(_ name: String) -> String { ".\(name).cairo-export-staging-" }
    static func asidePrefix(_ name: String) -> String { ".\(name).cairo-export-old-" }
    static func lockPath(parent: String, name: String) -> String {
        join(parent, ".\(name).cairo-export.lock")
    }

    /// Locks the folder at `path`, sweeps what dead runs left, and looks at what is there.
    /// Returns nil if `interrupted` reports a signal while waiting for the lock.
    static func open(
        path: String, force: Bool, lockWait: Duration, interrupted: () -> Int32?
    ) throws(FolderError) -> ExportFolder? {
        let (target, parent, name) = try locate(path)
        guard
            let lock = try FolderLock.acquire(
                path: lockPath(parent: parent, name: name), for: target, wait: lockWait,
                interrupted: interrupted)
        else { return nil }
        var sweeper = StaleStagingSweep(target: target, parent: parent, name: name)
        sweeper.sweep()
        let previous = try examine(target, force: force)
        return ExportFolder(
            target: target, parent: parent, name: name, previous: previous, lock: lock,
            notes: sweeper.notes)
    }

    /// The target path without trailing slashes (a symbolic link resolved), its parent
    /// folder, which must exist and be writable, and its name.
    static func locate(_ path: String) throws(FolderError) -> (String, String, String) {
        var target = path
        while target.count > 1, target.hasSuffix("/") { target.removeLast() }
        if FileSystem.type(of: target) == S_IFLNK {
            guard let resolved = realpath(target, nil) else {
                throw FolderError(
                    kind: .refused, path: path,
                    reason: "the output path is a symbolic link to nothing (\(systemReason()))")
            }
            target = String(cString: resolved)
            free(resolved)
        }
        let name = lastComponent(target)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw FolderError(
                kind: .refused, path: path,
                reason: "name the output folder itself (not /, . or ..): it is replaced whole")
        }
        let parent: String
        if let slash = target.lastIndex(of: "/") {
            parent = slash == target.startIndex ? "/" : String(target[..<slash])
        } else {
            parent = "."
        }
        guard FileSystem.permissions(of: parent) != nil else {
            throw FolderError(
                kind: .refused, path: target,
                reason: "cannot create the output folder: its parent folder does not exist")
        }
        // The export replaces the folder whole, by renaming; a mount point cannot be renamed.
        guard !FileSystem.isMountPoint(target) else {
            throw FolderError(
                kind: .refused, path: target,
                reason: "the output folder is a mount point, which cannot be replaced whole; "
                    + "export into a new folder inside it (--out \(join(target, "export")))")
        }
        guard access(parent, W_OK | X_OK) == 0 else {
            throw FolderError(
                kind: .refused, path: target,
                reason: "cannot write the output folder: its parent folder is not writable "
                    + "(\(systemReason()))")
        }
        return (target, parent, name)
    }

    /// Classifies what is at `target`; refuses a non-empty folder that is not an export
    /// unless `force`.
    private static func examine(_ target: String, force: Bool) throws(FolderError)
        -> PreviousContents
    {
        guard let type = FileSystem.type(of: target) else { return .nothing }
        guard type == S_IFDIR else {
            throw FolderError(kind: .refused, path: target, reason: "output path is not a folder")
        }
        guard access(target, W_OK | X_OK) == 0 else {
            throw FolderError(
                kind: .refused, path: target,
                reason: "output folder is not writable (\(systemReason()))")
        }
        guard !(try FileSystem.names(in: target)).isEmpty else { return .empty }
        let why: String
        switch ExportManifest.read(in: target) {
        case .valid(let manifest):
            return .export(manifest)
        case .missing:
            why =
                "holds files that cairo-export did not write (it has no \(ExportManifest.fileName))"
        case .unreadable(let reason):
            why = "is not an export: \(reason)"
        }
        if force { return .foreign }
        throw FolderError(
            kind: .refused, path: target,
            reason: "\(why); choose a new or empty folder, or pass --force to replace it "
                + "(its files are then kept beside it, not deleted)")
    }

    /// Refuses if a file the user added to an earlier export has a name the new export
    /// writes: it would be replaced, and it is not ours to replace.
    func checkAddedFiles(against newFiles: [String]) throws(FolderError) {
        guard case .export(let manifest) = previous else { return }
        let owned = manifest.ownedFiles
        let new = Set(newFiles).union([ExportManifest.fileName])
        for entry in try FileSystem.names(in: target).sorted()
        where !owned.contains(entry) && new.contains(entry) {
            throw FolderError(
                kind: .refused, path: join(target, entry),
                reason: "not listed in the folder's \(ExportManifest.fileName), and this "
                    + "export would replace it; move it away first")
        }
    }

    /// Creates the staging folder, with the target's permissions if it exists.
    func createStaging() throws(FolderError) {
        guard mkdir(staging, 0o755) == 0 else {
            throw .system("creating the staging folder", staging)
        }
        stagingCreated = true
        if let mode = FileSystem.permissions(of: target) { chmod(staging, mode) }
    }

    /// Puts the staged export in place in one step, then clears the old folder.
    /// `pause` runs at `aside` (fallback only: the old folder moved, the new one not yet)
    /// and at `after-swap` (a test hook).
    func commit(pause: (String) -> Void) throws(FolderError) {
        let old: String
        if previous == .nothing {
            guard rename(staging, target) == 0 else {
                throw .system("moving the export into place", target)
            }
            stagingCreated = false
            return
        }
        let code = FileSystem.exchange(staging, target)
        if code == 0 {
            old = staging
        } else if FileSystem.isUnsupported(code) {
            old = join(parent, Self.asidePrefix(name) + String(getpid()))
            guard rename(target, old) == 0 else {
                throw .system("moving the old export aside", target)
            }
            pause("aside")
            guard rename(staging, target) == 0 else {
                let error = FolderError.system("moving the export into place", target)
                rename(old, target)
                throw error
            }
        } else {
            errno = code
            throw .system("swapping the export into place", target)
        }
        stagingCreated = false
        pause("after-swap")
        var retirement = StaleStagingSweep(target: target, parent: parent, name: name)
        retirement.retire(old, previous: previous, pause: pause)
        notes += retirement.notes
    }

    /// Removes the staging folder (after a failure or a signal): only files an export writes.
    func abandon() {
        guard stagingCreated else { return }
        let pid = getpid()
        for entry in (try? FileSystem.names(in: staging)) ?? []
        where isExportOutputName(entry) || isTemporaryName(entry, pid: pid) {
            unlink(join(staging, entry))
        }
        if rmdir(staging) != 0 { notes.append("could not remove \(staging) (\(systemReason()))") }
        stagingCreated = false
    }

    /// The notes gathered since the last call.
    func takeNotes() -> [String] {
        defer { notes = [] }
        return notes
    }

    /// Releases the lock (removing its file).
    func close() {
        lock.release()
    }
}
