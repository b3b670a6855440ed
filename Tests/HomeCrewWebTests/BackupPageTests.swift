import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import XCTest
@testable import HomeCrewWeb

/// Owners see how the vault's backups went, on a household's page and on the due list; managers
/// and viewers see neither; what a backup's failure says is escaped like everything else.
final class BackupPageTests: XCTestCase {
    static let password = "a long and unusual passphrase 42"

    static func run(_ kind: BackupRun.Kind, ago: TimeInterval, passed: Bool, message: String? = nil) -> BackupRun {
        let finished = Date().addingTimeInterval(-ago)
        return BackupRun(kind: kind, repository: "s3:s3.example.com/bucket/homecrew", startedAt: finished.addingTimeInterval(-60),
                         finishedAt: finished, succeeded: passed, snapshotID: passed ? "4f2a9c1e" : nil, message: message)
    }

    /// A session of an account with `role` in the harness's household.
    func member(_ harness: WebHarness, _ name: String, _ role: HouseholdRole) throws -> String {
        let database = harness.app.database
        let account = try AccountKeeper(database: database).add(name: name, password: Self.password)
        try database.acceptInvitation(token: database.invite(to: harness.household.id, role: role).token, by: account)
        return try database.openSession(for: account, address: nil).token
    }

    func testOwnersSeeTheLastBackupAndDrillInPlainWordsAndOthersDoNot() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let household = "/households/\(harness.household.id.rawValue)"
        let manager = try member(harness, "manager1", .manager), viewer = try member(harness, "viewer1", .viewer)
        // An account that owns a household of its own.
        let ownerAccount = try AccountKeeper(database: harness.app.database).add(name: "owner1", password: Self.password)
        let owned = try harness.app.database.addHousehold(Household(name: "Hill House"), owner: ownerAccount).household
        let owner = try harness.app.database.openSession(for: ownerAccount, address: nil).token
        try await harness.test { client in
            let before = try await client.get(household)
            XCTAssertTrue(before.text.contains("No backup yet.") && before.text.contains("No restore drill yet."), before.text)
            // The time shown is the run's own: one read from the clock again could fall in the next minute.
            let backup = Self.run(.backup, ago: 7_200, passed: true)
            try harness.app.database.recordBackupRun(backup)
            try harness.app.database.recordBackupRun(Self.run(.drill, ago: 3_600, passed: false, message: "object <b>1f</b> & its twin differ"))
            let after = try await client.get(household)
            let shown = BackupRun.shownTime(backup.finishedAt)
            XCTAssertTrue(after.text.contains("Last backup: \(shown), passed, to s3:s3.example.com/bucket/homecrew."), after.text)
            XCTAssertTrue(after.text.contains("failed, from s3:s3.example.com/bucket/homecrew: object &lt;b&gt;1f&lt;/b&gt; &amp; its twin differ."), after.text)
            XCTAssertFalse(after.text.contains("<b>1f</b>"))
            let asOwner = try await AccountSignInTests.send(client, "/households/\(owned.id.rawValue)", cookie: owner)
            XCTAssertTrue(asOwner.text.contains("Last backup: \(shown), passed."), "an account that owns the household sees it")
            XCTAssertFalse(asOwner.text.contains("s3.example.com") || asOwner.text.contains("twin differ"),
                           "but not where the vault goes nor restic's reason: those are the server keeper's")
            for (who, cookie) in [("a manager", manager), ("a viewer", viewer)] {
                let page = try await AccountSignInTests.send(client, household, cookie: cookie)
                XCTAssertEqual(page.status, .ok)
                XCTAssertFalse(page.text.contains("Last backup") || page.text.contains("restore drill") || page.text.contains("s3.example.com"), who)
            }
        }
    }

    func testAFailedBackupIsDueForOwnersOnlyOnEveryDueList() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let manager = try member(harness, "manager1", .manager)
        try harness.app.database.recordBackupRun(Self.run(.backup, ago: 600, passed: false, message: "repository s3:… cannot be reached"))
        try await harness.test { client in
            for path in ["/", "/reports/due"] {
                let page = try await client.get(path)
                XCTAssertTrue(page.text.contains("the last backup failed ("), "\(path): \(page.text)")
                XCTAssertTrue(page.text.contains("cannot be reached"), path)
                let arabic = try await client.get(path, headers: [.acceptLanguage: "ar"])
                XCTAssertTrue(arabic.text.contains("فشل آخر نسخ احتياطي ("), "\(path) in Arabic")
                XCTAssertTrue(arabic.text.contains("): repository s3:… cannot be reached"), "restic's reason as it said it")
                XCTAssertFalse(arabic.text.contains("the last backup failed"), "\(path) in Arabic has no English")
                let managers = try await AccountSignInTests.send(client, path, cookie: manager)
                XCTAssertEqual(managers.status, .ok)
                XCTAssertFalse(managers.text.contains("backup"), "\(path): a manager is not told")
            }
            let calendar = try await client.get("/reports/due.ics")
            XCTAssertTrue(calendar.text.contains("SUMMARY:Backup: the last backup failed"), calendar.text)
            let managersCalendar = try await AccountSignInTests.send(client, "/reports/due.ics", cookie: manager)
            XCTAssertFalse(managersCalendar.text.contains("Backup"))
            // The subscribed feed is read by whoever holds its address: no backup on it, even the keeper's.
            _ = try await client.post("/reports/due/feed")
            let token = try XCTUnwrap(try harness.app.database.calendarFeedToken())
            let feed = try await client.get("/calendar/\(token).ics", signedIn: false)
            XCTAssertEqual(feed.status, .ok)
            XCTAssertFalse(feed.text.contains("Backup") || feed.text.contains("cannot be reached"), feed.text)
        }
    }
}
