import Foundation
import GRDB
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore

/// Places an account signed in from outlive its sessions (the owner who signed out is not a
/// stranger at home), and what grows with sign-ins is bounded: places, sessions, failure counts.
final class KnownPlaceTests: XCTestCase {
    var database: AppDatabase!
    var asha: Account!

    override func setUpWithError() throws {
        database = try AppDatabase.empty()
        asha = try database.addAccount(name: "asha", passwordHash: "$argon2id$stand-in")
    }

    func count(_ sql: String) throws -> Int {
        try database.writer.read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
    }

    func testAPlaceStaysKnownAfterSignOutPasswordChangeAndEndAll() throws {
        let (token, _) = try database.openSession(for: asha, address: "203.0.113.5")
        try database.endSession(token: token)
        XCTAssertTrue(try database.hasSignedIn(name: "asha", from: "203.0.113.5"), "after signing out")
        try database.changePassword(of: "asha", passwordHash: "$argon2id$another")
        XCTAssertTrue(try database.hasSignedIn(name: "asha", from: "203.0.113.5"), "after a password change")
        _ = try database.openSession(for: asha, address: "2001:db8:9:1::a")
        XCTAssertEqual(try database.endSessions(of: "asha"), 1)
        XCTAssertTrue(try database.hasSignedIn(name: "ASHA", from: "203.0.113.5"), "after every session ended; her name in any case")
        XCTAssertTrue(try database.hasSignedIn(name: "asha", from: "2001:db8:9:1::b"), "the next privacy address of her /64")
        XCTAssertFalse(try database.hasSignedIn(name: "asha", from: "2001:db8:9:2::a"))
        XCTAssertFalse(try database.hasSignedIn(name: "asha", from: "203.0.113.6"))
    }

    func testAProxysWordForAnAddressIsNobodysPlace() throws {
        _ = try database.openSession(for: asha, address: "unknown")
        _ = try database.openSession(for: asha, address: nil)
        XCTAssertFalse(try database.hasSignedIn(name: "asha", from: "unknown"), "every client of that proxy would be her")
        XCTAssertEqual(try count("SELECT count(*) FROM known_place"), 0)
    }

    func testRemovingTheAccountForgetsItsPlaces() throws {
        _ = try database.openSession(for: asha, address: "203.0.113.5")
        _ = try database.removeAccount(named: "asha")
        XCTAssertEqual(try count("SELECT count(*) FROM known_place"), 0)
        _ = try database.addAccount(name: "asha", passwordHash: "$argon2id$a-new-person")
        XCTAssertFalse(try database.hasSignedIn(name: "asha", from: "203.0.113.5"), "a new account of the same name is a new person")
    }

    func testAnAccountKeepsItsNewestPlaces() throws {
        _ = try database.openSession(for: asha, address: "198.51.99.1")
        try database.writer.write { db in
            try db.execute(sql: "UPDATE known_place SET first_signed_in_at = '2026-01-01 00:00:00.000', last_signed_in_at = '2026-01-01 00:00:00.000'")
        }
        for n in 0..<AppDatabase.knownPlacesKept { _ = try database.openSession(for: asha, address: "198.51.\(100 + n / 250).\(n % 250)") }
        XCTAssertEqual(try count("SELECT count(*) FROM known_place"), AppDatabase.knownPlacesKept)
        XCTAssertFalse(try database.hasSignedIn(name: "asha", from: "198.51.99.1"), "the place used longest ago goes")
        let last = AppDatabase.knownPlacesKept - 1
        XCTAssertTrue(try database.hasSignedIn(name: "asha", from: "198.51.\(100 + last / 250).\(last % 250)"))
    }

    func testASessionOpenedEndsTheAccountsExpiredOnesAndKeepsItsNewest() throws {
        let ravi = try database.addAccount(name: "ravi", passwordHash: "$argon2id$stand-in")
        let his = try database.openSession(for: ravi, address: nil).token
        var tokens: [String] = []
        for n in 0..<25 {
            tokens.append(try database.openSession(for: asha, address: "192.0.2.\(n)").token)
            if n < 5 {   // the first five used longest ago, in a defined order
                try database.writer.write { db in
                    try db.execute(sql: """
                        UPDATE account_session SET last_seen_at = strftime('%Y-%m-%d %H:%M:%f', 'now', '-1 hour', '+\(n) seconds')
                        WHERE token_sha256 = ?
                        """, arguments: [Secret.sha256(tokens[n])])
                }
            }
        }
        XCTAssertEqual(try count("SELECT count(*) FROM account_session WHERE account_id = '\(asha.id.rawValue)'"), AppDatabase.sessionsPerAccount)
        for token in tokens.prefix(5) { XCTAssertNil(try database.openSession(token: token), "the least recently used end") }
        XCTAssertNotNil(try database.openSession(token: tokens.last!))
        try database.writer.write { db in
            try db.execute(sql: """
                UPDATE account_session SET last_seen_at = strftime('%Y-%m-%d %H:%M:%f', 'now', '-13 hours')
                WHERE token_sha256 IN (?, ?, ?)
                """, arguments: [Secret.sha256(tokens[10]), Secret.sha256(tokens[11]), Secret.sha256(tokens[12])])
        }
        _ = try database.openSession(for: asha, address: nil)
        XCTAssertEqual(try count("SELECT count(*) FROM account_session WHERE account_id = '\(asha.id.rawValue)'"), AppDatabase.sessionsPerAccount - 2,
                       "the three expired ones are gone, and no open one had to go")
        XCTAssertNotNil(try database.openSession(token: his), "another account's session is untouched")
    }

    func testExpiredSessionsAndFadedFailuresArePurgedAndPlacesKept() throws {
        let idle = try database.openSession(for: asha, address: "203.0.113.5").token
        let old = try database.openSession(for: asha, address: "198.51.100.7").token
        let fresh = try database.openSession(for: asha, address: "192.0.2.1").token
        try database.recordSignInFailure(for: ["account:asha", "address:198.51.100.9"])
        try database.writer.write { db in
            try db.execute(sql: "UPDATE account_session SET last_seen_at = strftime('%Y-%m-%d %H:%M:%f', 'now', '-13 hours') WHERE token_sha256 = ?",
                           arguments: [Secret.sha256(idle)])
            try db.execute(sql: "UPDATE account_session SET created_at = strftime('%Y-%m-%d %H:%M:%f', 'now', '-8 days') WHERE token_sha256 = ?",
                           arguments: [Secret.sha256(old)])
            try db.execute(sql: "UPDATE sign_in_failure SET last_failure_at = datetime('now', '-25 hours') WHERE subject = 'account:asha'")
        }
        let purged = try database.purgeExpiredSignIns()
        XCTAssertEqual([purged.sessions, purged.failures, purged.places], [2, 1, 0])
        XCTAssertNotNil(try database.openSession(token: fresh))
        XCTAssertEqual(try database.signInFailures(for: "address:198.51.100.9"), 1, "a fresh count stays")
        XCTAssertEqual(try count("SELECT count(*) FROM sign_in_failure"), 1)
        for address in ["203.0.113.5", "198.51.100.7"] {
            XCTAssertTrue(try database.hasSignedIn(name: "asha", from: address), "her places outlive the sessions purged")
        }
    }

    /// A place not signed in from for a year is a stranger's again (a thief's, a carrier's address
    /// used once); one used since is kept.
    func testAPlaceUnusedForAYearIsForgotten() throws {
        _ = try database.openSession(for: asha, address: "203.0.113.5")
        _ = try database.openSession(for: asha, address: "198.51.100.7")
        try database.writer.write { db in
            try db.execute(sql: """
                UPDATE known_place SET first_signed_in_at = strftime('%Y-%m-%d %H:%M:%f', 'now', '-400 days'),
                                       last_signed_in_at = strftime('%Y-%m-%d %H:%M:%f', 'now', '-366 days') WHERE place = '198.51.100.7'
                """)
        }
        XCTAssertEqual(try database.purgeExpiredSignIns().places, 1)
        XCTAssertFalse(try database.hasSignedIn(name: "asha", from: "198.51.100.7"))
        XCTAssertTrue(try database.hasSignedIn(name: "asha", from: "203.0.113.5"))
    }

    /// A clock set back: the place's last sign-in must not go before its first (the row's CHECK),
    /// which refused every sign-in from there until the clock caught up.
    func testAClockSetBackDoesNotStopSigningInAtAKnownPlace() throws {
        _ = try database.openSession(for: asha, address: "203.0.113.5")
        try database.writer.write { db in
            try db.execute(sql: "UPDATE known_place SET first_signed_in_at = '2099-01-01 00:00:00.000', last_signed_in_at = '2099-01-01 00:00:00.000'")
            try db.execute(sql: "INSERT INTO sign_in_failure VALUES ('account:asha', 6, '2099-01-01 00:00:00.000')")
        }
        XCTAssertNoThrow(try database.openSession(for: asha, address: "203.0.113.5"))
        XCTAssertTrue(try database.hasSignedIn(name: "asha", from: "203.0.113.5"))
        XCTAssertEqual(try database.signInWait(for: ["account:asha"]), 2, "a failure dated in the future counts from now")
        // ... and is dated now: its wait runs out in its own seconds, not when the clock reaches 2099.
        try database.writer.write { db in
            try db.execute(sql: "UPDATE sign_in_failure SET last_failure_at = strftime('%Y-%m-%d %H:%M:%f', last_failure_at, '-3 seconds')")
        }
        XCTAssertEqual(try database.signInWait(for: ["account:asha"]), 0)
    }

    /// The hourly purge walks the counts by their key: faded ones go wherever they lie, fresh ones stay.
    func testThePurgeWalksEveryFailureCountInBatches() throws {
        try database.writer.write { db in
            for n in 0..<(AppDatabase.purgeBatch * 2 + 7) {
                try db.execute(sql: "INSERT INTO sign_in_failure VALUES (?, 1, datetime('now', ?))",
                               arguments: [String(format: "address:%06d", n), n % 3 == 0 ? "-25 hours" : "-1 hours"])
            }
        }
        let faded = (0..<(AppDatabase.purgeBatch * 2 + 7)).filter { $0 % 3 == 0 }.count
        XCTAssertEqual(try database.purgeExpiredSignIns().failures, faded)
        XCTAssertEqual(try count("SELECT count(*) FROM sign_in_failure"), AppDatabase.purgeBatch * 2 + 7 - faded)
    }
}
