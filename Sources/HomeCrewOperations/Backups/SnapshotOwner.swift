import HomeCrewCore

/// Whose a snapshot is. Its tags say, but anyone with the repository's password can change
/// them (`restic tag --set`): what decides is the vault id its database holds, which its
/// manifest names. That must be the one its tag names and, when there is a live vault, the live
/// vault's, unless a restore is told to take another vault's snapshot (`--other-vault`).
/// This catches mistakes (a retagged snapshot, another vault's, a shared repository), not someone
/// who holds the password and writes snapshots on purpose.
struct SnapshotOwner {
    /// As shown (no credentials): the advice names it.
    var repository: String
    var live: String?
    var otherVault: Bool

    /// Throws when `holds` (the restored manifest's vault id) is not whose it should be; with
    /// `otherVault`, returns instead what the restore must say about it (nil when all agree).
    /// `byTag`: `holds` is only what its tag says (before anything is restored).
    func check(holds: String, snapshot: SnapshotListing, byTag: Bool = false) throws -> String? {
        let expected: String
        if let live, live != holds {
            expected = "this vault (\(live))"
        } else if snapshot.vaultID != holds {
            expected = "the vault its tag names (\(snapshot.vaultID ?? "none"))"
        } else {
            return nil
        }
        let whose = "snapshot \(snapshot.shortID) \(byTag ? "is tagged as" : "holds") vault \(holds)\(byTag ? "'s" : ""), not \(expected)"
        guard otherVault else { throw SnapshotOwnerError.anotherVaults(whose, repository: repository) }
        return whose
    }

    /// The drill's snapshot is chosen by its tag as the live vault's: it must hold that vault.
    static func checkDrill(holds: String, snapshot: SnapshotListing, live: String) throws {
        guard holds == live, snapshot.vaultID == live else {
            throw SnapshotOwnerError.drillOfAnotherVault(snapshot: snapshot.shortID, holds: holds, live: live, tag: snapshot.vaultID ?? "none")
        }
    }
}

enum SnapshotOwnerError: HomeCrewError {
    /// "snapshot ID holds vault X, not this vault (Y)".
    case anotherVaults(String, repository: String)
    case drillOfAnotherVault(snapshot: String, holds: String, live: String, tag: String)

    var category: ErrorCategory { .invalidData }

    var description: String {
        switch self {
        case let .anotherVaults(whose, repository):
            return "\(whose); nothing was restored (this vault's own snapshots are listed by: homecrew vault backups --restic \(repository); "
                + "restore one with --snapshot ID; to restore that other vault's snapshot on purpose, pass --other-vault)"
        case let .drillOfAnotherVault(snapshot, holds, live, tag):
            return "the restore drill failed: snapshot \(snapshot), tagged as vault \(tag)'s, holds vault \(holds), not this vault (\(live)) "
                + "(a tag says whose a snapshot is, and anyone with the repository's password can change it)"
        }
    }
}
