import ArgumentParser

struct VaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault", abstract: "Look after the vault: verify, back up and restore, collect garbage, statistics.",
        subcommands: [VerifyVault.self, CollectGarbage.self, VaultStatistics.self, ReindexVault.self, ConfigureVault.self,
                      BackupVault.self, ListBackups.self, RestoreVault.self])
}
