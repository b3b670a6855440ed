import ArgumentParser

struct CollectGarbage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc", abstract: "Delete stored files that no document uses any more.")

    @OptionGroup var vault: VaultOptions
    @Flag(help: "Only say what would be deleted.") var dryRun = false
    @Option(help: "Keep unused objects written less than this many hours ago (default 24).") var graceHours: Double = 24

    func validate() throws {
        if graceHours < 0 { throw ValidationError("--grace-hours cannot be negative") }
    }

    func run() throws {
        let database = try vault.openForReading()
        let result = try VaultMaintenance(database: database, objects: vault.objectStore)
            .collectGarbage(grace: graceHours * 3600, dryRun: dryRun)
        for hash in result.deleted { print("\(dryRun ? "would delete" : "deleted") \(hash)") }
        let verb = dryRun ? "would free" : "freed"
        print("\(result.deleted.count) unused object(s), \(verb) \(result.bytes) bytes; \(result.keptForGrace) kept for the grace period.")
    }
}
