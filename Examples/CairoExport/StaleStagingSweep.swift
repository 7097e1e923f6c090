#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Clears old and abandoned export folders beside a target: the old folder after a swap,
/// and the staging folders of runs that died (SIGKILL, a crash, a power cut).
///
/// Deletes only files an export writes, and of those only the ones the folder's own
/// manifest lists (plus the dead run's temporary files). What is left was the user's:
/// it moves into the target if its name is free there; otherwise the folder is kept beside
/// the target as `NAME.before-cairo-export` and a note says so.
struct StaleStagingSweep {
    let target: String
    let parent: String
    let name: String
    private(set) var notes: [String] = []

    init(target: String, parent: String, name: String) {
        self.target = target
        self.parent = parent
        self.name = name
    }

    /// Recovers every staging or set-aside folder of this target whose process is gone.
    mutating func sweep() {
        let own = getpid()
        let prefixes = [
            (ExportFolder.stagingPrefix(name), false), (ExportFolder.asidePrefix(name), true),
        ]
        for entry in ((try? FileSystem.names(in: parent)) ?? []).sorted() {
            for (prefix, isAside) in prefixes where entry.hasPrefix(prefix) {
                let digits = entry.dropFirst(prefix.count)
                guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                    let pid = pid_t(digits), pid != own, !FileSystem.isAlive(pid)
                else { continue }
                recover(join(parent, entry), pid: pid, isAside: isAside)
            }
        }
    }

    /// Clears `folder` left by dead process `pid`.
    private mutating func recover(_ folder: String, pid: pid_t, isAside: Bool) {
        guard FileSystem.type(of: folder) == S_IFDIR else { return }
        if isAside, !FileSystem.exists(target) {
            // Killed between the two renames of the fallback: the old export goes back.
            if rename(folder, target) == 0 {
                notes.append("restored \(target) from an interrupted export")
                return
            }
        }
        for entry in (try? FileSystem.names(in: folder)) ?? []
        where isTemporaryName(entry, pid: pid) {
            unlink(join(folder, entry))
        }
        if case .valid(let manifest) = ExportManifest.read(in: folder) {
            carryOver(from: folder, except: manifest.ownedFiles)
            clear(folder, manifest.ownedFiles)
        }
        finish(folder)
    }

    /// Clears the old folder after a successful swap, according to what it held.
    mutating func retire(
        _ old: String, previous: PreviousContents, pause: (String) -> Void = { _ in }
    ) {
        switch previous {
        case .nothing:
            return
        case .empty:
            finish(old)
        case .export(let manifest):
            carryOver(from: old, except: manifest.ownedFiles)
            clear(old, manifest.ownedFiles, pause: pause)
            finish(old)
        case .foreign:
            keepAside(old)
        }
    }

    /// Deletes the export's own files from `folder`, its manifest last: until then a run
    /// killed here leaves a folder whose manifest still tells the next run what is whose.
    /// `pause` runs at `manifest-removed` (a test hook).
    private func clear(
        _ folder: String, _ owned: Set<String>, pause: (String) -> Void = { _ in }
    ) {
        for entry in (try? FileSystem.names(in: folder)) ?? []
        where owned.contains(entry) && entry != ExportManifest.fileName {
            unlink(join(folder, entry))
        }
        unlink(join(folder, ExportManifest.fileName))
        pause("manifest-removed")
    }

    /// Moves the files in `folder` that are not `owned` (files the user added to an export)
    /// into the target, never over a name that is taken there. It runs before the export's
    /// own files are cleared, so the user's are never in a folder without its manifest.
    private mutating func carryOver(from folder: String, except owned: Set<String>) {
        guard FileSystem.type(of: target) == S_IFDIR else { return }
        var moved = 0
        for entry in (try? FileSystem.names(in: folder)) ?? [] where !owned.contains(entry) {
            if FileSystem.moveWithoutReplacing(join(folder, entry), to: join(target, entry)) == 0 {
                moved += 1
            }
        }
        if moved > 0 {
            notes.append(
                "kept \(moved) file(s) that were not part of the earlier export in \(target)")
        }
    }

    /// Removes `folder` if it is empty; otherwise keeps it beside the target.
    private mutating func finish(_ folder: String) {
        if rmdir(folder) == 0 { return }
        keepAside(folder)
    }

    /// Renames `folder` to the first free `NAME.before-cairo-export[-N]` beside the target.
    private mutating func keepAside(_ folder: String) {
        for attempt in 1...1000 {
            let suffix = attempt == 1 ? "" : "-\(attempt)"
            let kept = join(parent, "\(name).before-cairo-export\(suffix)")
            let code = FileSystem.moveWithoutReplacing(folder, to: kept)
            if code == 0 {
                notes.append(
                    "\(target) held files that cairo-export did not write; they are kept in \(kept)"
                )
                return
            }
            if code != EEXIST && code != ENOTEMPTY { break }
        }
        notes.append("left \(folder) in place: it holds files that are not an export's")
    }
}
