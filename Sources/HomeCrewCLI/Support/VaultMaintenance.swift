import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault

/// Checking and tidying a vault: the database against the object store and back.
struct VaultMaintenance {
    let database: AppDatabase
    let objects: ObjectStore

    struct Report {
        /// Things that are wrong: the command fails when there is any.
        var problems: [String] = []
        /// Things worth knowing that are not damage.
        var notes: [String] = []
        var objectsChecked = 0
        var bytesChecked: Int64 = 0
    }

    /// Re-hashes every object, matches files with rows, runs SQLite's integrity check, and recomputes
    /// what is derived from the ledger.
    /// (This command writes no temporary file of its own, so one under its own pid is an earlier process's.)
    func verify() throws -> Report {
        var report = Report()
        report.problems += try database.integrityProblems().map { "database: \($0)" }
        report.problems += try database.auditProblems().map { "audit trail: \($0)" }
        report.problems += try database.standingPaymentProblems().map { "database: \($0)" }
        report.problems += try database.documentsWithoutPageText().map {
            "document \($0): the text of its pages is missing (a restore that did not complete?); restore the vault again"
        }
        let removed = objects.removeStaleTemporaryFiles(startingUp: true)
        if removed > 0 { report.notes.append("removed \(removed) temporary file(s) left by an interrupted write") }
        switch ResticBackups.removeDamagedText(vaultDirectory: objects.root) {
        case nil: report.notes.append("the text files for backups (backup-text/) were not checked: a backup is running")
        case let damaged? where !damaged.isEmpty:
            report.notes.append("removed \(damaged.count) damaged text file(s) for backups (backup-text/\(damaged[0])…): the database holds their text, "
                                + "and the next backup writes them again; a disk that damages files may damage others")
        default: break
        }

        let rows = Dictionary(uniqueKeysWithValues: try database.allStoredObjects().map { ($0.hash, $0) })
        let referenced = try database.referencedObjectHashes()
        let files = Set(objects.allHashes())
        for hash in files.sorted() {
            let path = objects.path(for: hash)
            guard ObjectStore.isObjectName(hash) else {
                report.problems.append("\(path) is not named like an object")
                continue
            }
            let actual = try ObjectStore.hash(fileAt: path)
            report.objectsChecked += 1
            report.bytesChecked += rows[hash]?.size ?? 0
            if actual != hash { report.problems.append("object \(hash) is damaged: its bytes now hash to \(actual)") }
            if let row = rows[hash], let size = fileSize(path), size != row.size {
                report.problems.append("object \(hash) is \(size) bytes; the database says \(row.size)")
            }
        }
        for hash in rows.keys.sorted() where !files.contains(hash) {
            let users = referenced.contains(hash) ? "a document needs it" : "no document needs it"
            report.problems.append("object \(hash) is missing from objects/ (\(users))")
        }
        let unused = files.union(rows.keys).subtracting(referenced)
        if !unused.isEmpty {
            report.notes.append("\(unused.count) object(s) no document uses; `homecrew vault gc` removes them after the grace period")
        }
        return report
    }

    struct Collection {
        var deleted: [String] = []
        var bytes: Int64 = 0
        var keptForGrace = 0
        var temporaryFiles = 0
    }

    /// Deletes objects no document uses and that are older than `grace`: rows first, then
    /// files, so a crash in between leaves only unused files, never a row without its file.
    func collectGarbage(grace: TimeInterval, dryRun: Bool) throws -> Collection {
        let lock = try VaultLock(vaultDirectory: objects.root, mode: .exclusive)
        defer { withExtendedLifetime(lock) {} }
        var result = Collection()
        let rows = Dictionary(uniqueKeysWithValues: try database.allStoredObjects().map { ($0.hash, $0) })
        let referenced = try database.referencedObjectHashes()
        let now = Date()
        // A file not named like an object is never deleted (`vault verify` names it): its path would be made from its name.
        let files = objects.allHashes().filter(ObjectStore.isObjectName)
        for hash in Set(files).union(rows.keys).subtracting(referenced).sorted() {
            let age = objects.age(of: hash, now: now) ?? rows[hash].map { now.timeIntervalSince($0.storedAt) } ?? .infinity
            if age < grace {
                result.keptForGrace += 1
                continue
            }
            result.deleted.append(hash)
            result.bytes += rows[hash]?.size ?? fileSize(objects.path(for: hash)) ?? 0
        }
        guard !dryRun else { return result }
        try database.deleteObjectRows(result.deleted)
        for hash in result.deleted { try objects.delete(hash) }
        // The text a restic backup kept beside the database (backup-text/) goes with its object.
        TextMirror(directory: objects.root + "/backup-text").removeFiles(of: result.deleted)
        result.temporaryFiles = objects.removeStaleTemporaryFiles(startingUp: true)
        return result
    }

    private func fileSize(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
