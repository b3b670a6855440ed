import ArgumentParser
import Foundation
import HomeCrewStore
import HomeCrewVault

struct BackupVault: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write the whole vault (a database snapshot, every object, a manifest of SHA-256s) to one archive file.",
        discussion: "The archive is a plain tar file. Other homecrew commands may keep working meanwhile.")

    @OptionGroup var vault: VaultOptions
    @Option(help: ArgumentHelp("The archive to write; it must not exist yet.", valueName: "file")) var out: String

    func run() throws {
        guard vault.location.databaseExists else { throw StoreError.noSuchVault(vault.location.directory) }
        let database = try vault.openForWriting()
        let objects = vault.objectStore
        // Garbage collection waits while a backup runs, so no object it names can vanish.
        let lock = try VaultLock(vaultDirectory: objects.root, mode: .shared)
        defer { withExtendedLifetime(lock) {} }
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("homecrew-backup-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let hashes = try database.snapshot(to: staging)
        let summary = try BackupArchive.write(to: out, databaseSnapshot: staging, objectHashes: hashes, objects: objects)
        print("Backed up the database and \(summary.objectCount) object(s) (\(summary.bytes) bytes) to \(Terminal.sanitize(out)).")
    }
}
