import ArgumentParser
import Foundation
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault

struct BackupVault: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back the vault up: into a restic repository (--restic), or to one archive file (--out).",
        discussion: """
            --restic REPO: SQLite's consistent copy of the database and every object, into any restic repository \
            (a path, sftp:, s3:, rest:, b2:…); only what changed is sent. A new repository is made in an absent or empty \
            local folder, elsewhere only with --init. The password comes from RESTIC_PASSWORD_FILE, \
            RESTIC_PASSWORD, RESTIC_PASSWORD_COMMAND or --password-file and is never stored in the vault. \
            --check restores the latest snapshot into a temporary directory, verifies it and compares it with the vault.
            Without --restic and --out, RESTIC_REPOSITORY or RESTIC_REPOSITORY_FILE names the repository (a URL \
            with credentials is then on no command line; an rclone connection string is still on rclone's: name a remote \
            in rclone.conf instead).
            --out FILE: a plain tar file (a database snapshot, every object, a manifest of SHA-256s).
            Other homecrew commands may keep working meanwhile.
            """)

    @OptionGroup var vault: VaultOptions
    @Option(help: ArgumentHelp("The archive to write; it must not exist yet.", valueName: "file")) var out: String?
    @Option(help: ArgumentHelp("The restic repository (made when it does not exist yet, in an absent or empty local folder).", valueName: "repo"))
    var restic: String?
    @Flag(name: .customLong("init"), help: "Make the repository where HomeCrew cannot look (s3:, sftp:, rest:…) or beside other files.")
    var initialise = false
    @Option(help: ArgumentHelp("A file holding the repository's password.", valueName: "file")) var passwordFile: String?
    @Option(help: ArgumentHelp("Then forget and prune this vault's older snapshots: daily=7,weekly=4,monthly=12 (last, hourly, daily, weekly, monthly, yearly).", valueName: "rules"))
    var keep: String?
    @Flag(help: "The restore drill: restore the latest snapshot into a temporary directory, verify it, compare it with the vault.")
    var check = false

    func validate() throws {
        guard out == nil || restic == nil else { throw ValidationError("give either --restic REPO or --out FILE") }
        let inEnvironment = RepositoryName.isNamedByEnvironment()
        guard out != nil || restic != nil || inEnvironment else {
            throw ValidationError("give either --restic REPO (or set RESTIC_REPOSITORY) or --out FILE")
        }
        if out != nil, passwordFile != nil || keep != nil || check || initialise {
            throw ValidationError("--password-file, --keep, --init and --check go with --restic")
        }
        if check, keep != nil || initialise { throw ValidationError("--check runs alone: without --keep or --init") }
    }

    func run() throws {
        if out == nil, let restic = try restic ?? RepositoryName.fromEnvironment() { return try backupToRestic(restic) }
        guard let out else { return }
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

    private func backupToRestic(_ repository: String) throws {
        let retention = try keep.map(RetentionPolicy.init(parsing:))
        guard vault.location.databaseExists else { throw StoreError.noSuchVault(vault.location.directory) }
        _ = try vault.openForWriting()
        let backups = ResticBackups(vault: vault.location, repository: repository, passwordFile: passwordFile)
        let shown = Terminal.sanitize(backups.displayRepository)
        if let warning = RepositoryName.commandLineWarning(repository) { Terminal.printNote(warning) }
        if check {
            let drill = try backups.drill()
            print("Restore drill passed: snapshot \(drill.snapshotID.prefix(8)) of \(ResticListing.time(drill.snapshotTime)) restored from \(shown), "
                  + "\(drill.objectCount) object(s) (\(drill.bytes) bytes) re-hashed and its records match its manifest.")
            let missing = drill.objectCount - drill.objectsInLiveVault
            print(drill.liveVaultUnchanged ? "The vault has not changed since."
                  : "The vault has changed since (\(ResticListing.counts(drill.liveCounts)) now, \(ResticListing.counts(drill.counts)) then)"
                  + (missing > 0 ? "; \(missing) of the snapshot's objects are no longer in the vault." : "."))
            return
        }
        let summary = try backups.backup(keep: retention, initialise: initialise)
        if summary.initialisedRepository { print("Initialised the restic repository \(shown).") }
        print("Backed up the database and \(summary.objectCount) object(s) (\(summary.bytesProcessed) bytes, \(summary.bytesAdded) new) "
              + "to \(shown): snapshot \(summary.snapshotID.prefix(8)).")
        if let forgotten = summary.snapshotsForgotten {
            print("Kept \(retention?.text ?? ""): forgot and pruned \(forgotten) older snapshot(s) of this vault.")
        }
        if let problem = summary.retentionProblem {
            Terminal.printNote("warning: the snapshot is safe, but --keep did not forget or prune older ones (the next backup tries again): \(problem)")
        }
    }
}

struct ListBackups: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backups", abstract: "List this vault's snapshots in a restic repository: time, id, size and record counts.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Option(help: ArgumentHelp("The restic repository (else RESTIC_REPOSITORY or RESTIC_REPOSITORY_FILE).", valueName: "repo")) var restic: String?
    @Option(help: ArgumentHelp("A file holding the repository's password.", valueName: "file")) var passwordFile: String?

    func validate() throws {
        guard restic != nil || RepositoryName.isNamedByEnvironment() else { throw ValidationError("give --restic REPO (or set RESTIC_REPOSITORY)") }
    }

    func run() throws {
        guard let restic = try restic ?? RepositoryName.fromEnvironment() else { return }
        let backups = ResticBackups(vault: vault.location, repository: restic, passwordFile: passwordFile)
        let snapshots = try backups.snapshots()
        var table = RecordTable(headers: ["TIME", "ID", "BYTES", "HOUSEHOLDS", "STAFF", "DOCUMENTS", "PAYMENTS"],
                                rightAligned: ["BYTES", "HOUSEHOLDS", "STAFF", "DOCUMENTS", "PAYMENTS"])
        var json: [JSON] = []
        for snapshot in snapshots {
            func count(_ table: String) -> String { snapshot.counts[table].map(String.init) ?? "?" }
            table.append([ResticListing.time(snapshot.time), snapshot.shortID, snapshot.bytes.map(String.init) ?? "?",
                          count("household"), count("staff"), count("document"), count("payment")])
            json.append(.object([
                "id": .string(snapshot.id), "time": .string(ISO8601DateFormatter().string(from: snapshot.time)),
                "vault_id": snapshot.vaultID.map(JSON.string) ?? .null, "format_version": snapshot.formatVersion.map(JSON.int) ?? .null,
                "bytes": snapshot.bytes.map { .int(Int($0)) } ?? .null,
                "counts": .object(snapshot.counts.mapValues(JSON.int)),
            ]))
        }
        try Output.print(output.format, table: table, json: .array(json))
    }
}

enum ResticListing {
    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    static func counts(_ counts: [String: Int]) -> String {
        ["document": "documents", "payment": "payments", "staff": "staff"].sorted { $0.key < $1.key }
            .map { "\(counts[$0.key] ?? 0) \($0.value)" }.joined(separator: ", ")
    }
}
