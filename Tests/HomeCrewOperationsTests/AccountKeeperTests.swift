import Foundation
import GRDB
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewOperations
@testable import HomeCrewStore

final class AccountKeeperTests: XCTestCase {
    func testTheShippedListHoldsTheTenThousandMostCommonPasswordsMostCommonFirst() throws {
        let list = try CommonPasswords.shipped.get()
        XCTAssertEqual(list.ranked.count, 10_000)
        XCTAssertEqual(list.ranked.prefix(3), ["123456", "123456789", "qwerty"])
        // The keeper refuses one from the list's end as firmly as one from its start.
        XCTAssertTrue(list.contains("1QAZ2WSX3EDC"))
        let keeper = AccountKeeper(database: try AppDatabase(DatabaseQueue()))
        XCTAssertThrowsError(try keeper.add(name: "asha", password: list.ranked.last { $0.count >= 12 }!)) {
            XCTAssertEqual($0 as? AccountProblem, .passwordTooCommon)
        }
    }

    func testPasswordsAreKeptAsSaltedArgon2idHashesOnly() throws {
        let first = try PasswordHasher.hash("mango season in goa")
        let second = try PasswordHasher.hash("mango season in goa")
        XCTAssertTrue(first.hasPrefix("$argon2id$v=19$m=19456,t=5,p=1$"), first)
        XCTAssertTrue(PasswordHasher.isCurrent(first))
        XCTAssertNotEqual(first, second, "a new salt each time")
        XCTAssertTrue(PasswordHasher.verify("mango season in goa", against: first))
        XCTAssertFalse(PasswordHasher.verify("mango season in Goa", against: first))
        XCTAssertFalse(PasswordHasher.verify("", against: PasswordHasher.decoy))
    }

    func testAddingAndChangingAPasswordNeverStoresItAndEndsTheSessions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("accounts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(VaultLocation(directory: folder.path), create: true)
        let keeper = AccountKeeper(database: database)
        let asha = try keeper.add(name: "asha", password: "first secret phrase")
        XCTAssertThrowsError(try keeper.add(name: "ASHA", password: "another secret phrase")) {
            XCTAssertEqual(($0 as? StoreError)?.category, .invalidData)
        }
        let (token, _) = try database.openSession(for: asha, address: "192.0.2.7")
        _ = try database.openSession(for: asha, address: nil)
        XCTAssertEqual(try database.sessions(of: "asha").count, 2)
        XCTAssertEqual(try keeper.changePassword(of: "Asha", to: "second secret phrase"), 2)
        XCTAssertEqual(try database.sessions(of: "asha").count, 0)
        let stored = try XCTUnwrap(try database.credentials(of: "asha"))
        XCTAssertTrue(PasswordHasher.verify("second secret phrase", against: stored.passwordHash))

        try database.writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        var bytes = Data()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasPrefix("homecrew.sqlite") {
            bytes += try Data(contentsOf: folder.appendingPathComponent(file))
        }
        for secret in ["first secret phrase", "second secret phrase", token] {
            XCTAssertNil(bytes.range(of: Data(secret.utf8)), "\(secret) is not in the database files")
        }
        let audit = try database.history(.all).filter { $0.recordType == "account" }
        XCTAssertEqual(audit.map(\.action), [.insert, .update])
        XCTAssertFalse(audit.contains { ($0.after ?? [:]).keys.contains("password_hash") }, "the trail never holds the hash")
    }

    func testRemovingAnAccountEndsItsSessions() throws {
        let database = try AppDatabase.empty()
        let account = try AccountKeeper(database: database).add(name: "guest", password: "visiting in december")
        _ = try database.openSession(for: account, address: nil)
        _ = try database.removeAccount(named: "guest")
        XCTAssertEqual(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM account_session") }, 0)
        XCTAssertThrowsError(try database.sessions(of: "guest")) { XCTAssertEqual(($0 as? StoreError)?.category, .notFound) }
    }

    func testAHashMadeWithAnOlderCostIsMadeAgainAtTheNextSignIn() throws {
        let database = try AppDatabase.empty()
        let older = try PasswordHasher.hash("monsoon over the ghats", passes: 3)
        XCTAssertFalse(PasswordHasher.isCurrent(older))
        let priya = try database.addAccount(name: "priya", passwordHash: older)
        let keeper = AccountKeeper(database: database)
        guard case .refused = try keeper.signIn(name: "priya", password: "wrong guess entirely", address: nil) else { return XCTFail("refused") }
        XCTAssertEqual(try database.credentials(of: "priya")?.passwordHash, older, "a failed sign-in changes nothing")
        guard case .signedIn = try keeper.signIn(name: "priya", password: "monsoon over the ghats", address: nil) else { return XCTFail("signs in") }
        let renewed = try XCTUnwrap(try database.credentials(of: "priya")?.passwordHash)
        XCTAssertTrue(PasswordHasher.isCurrent(renewed), renewed)
        XCTAssertTrue(PasswordHasher.verify("monsoon over the ghats", against: renewed))
        XCTAssertEqual(try database.account(named: "priya").passwordChangedAt, priya.passwordChangedAt, "the password itself did not change")
        XCTAssertEqual(try database.sessions(of: "priya").count, 1, "and the session it opened stays")
    }
}

final class SignInThrottleTests: XCTestCase {
    /// Signing in as oneself between guesses at other names must not clear the address's count:
    /// the address is throttled after its fifth failure, whoever signed in meanwhile.
    func testASuccessClearsOnlyItsOwnAccountsFailures() throws {
        let database = try AppDatabase.empty()
        let hash = try PasswordHasher.hash("my own long passphrase", passes: 1)
        _ = try database.addAccount(name: "mallory", passwordHash: hash)
        let keeper = AccountKeeper(database: database)
        let address = "203.0.113.9"
        var outcomes: [String] = []
        for round in 0..<3 {
            guard case .signedIn = try keeper.signIn(name: "mallory", password: "my own long passphrase", address: address) else {
                outcomes.append("throttled at round \(round)")
                break
            }
            for guess in ["asha", "ravi"] {
                switch try keeper.signIn(name: guess, password: "guess \(round)", address: address) {
                case .wait: outcomes.append("wait")
                case .refused: outcomes.append("refused")
                case .signedIn: outcomes.append("signed in")
                }
            }
        }
        XCTAssertEqual(outcomes, ["refused", "refused", "refused", "refused", "refused", "wait"],
                       "five failures from the address, then it waits; mallory's own sign-ins cleared none of them")
        XCTAssertGreaterThan(try database.signInWait(for: ["address:" + address]), 0)
        XCTAssertEqual(try database.signInWait(for: ["account:mallory"]), 0, "mallory's own name has no failures")
        XCTAssertGreaterThan(try database.signInWait(for: ["account:mallory", "address:" + address]), 0,
                             "and mallory, from that address, waits too")
    }

    func testAnAddressFailureCountFadesAfterADay() throws {
        let database = try AppDatabase.empty()
        for _ in 0..<7 { try database.recordSignInFailure(for: ["address:198.51.100.4"]) }
        XCTAssertGreaterThan(try database.signInWait(for: ["address:198.51.100.4"]), 0)
        try database.writer.write { db in
            try db.execute(sql: "UPDATE sign_in_failure SET last_failure_at = datetime('now', '-25 hours')")
        }
        XCTAssertEqual(try database.signInWait(for: ["address:198.51.100.4"]), 0)
        try database.recordSignInFailure(for: ["address:198.51.100.4"])
        XCTAssertEqual(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT failures FROM sign_in_failure") }, 1,
                       "a failure after a quiet day starts the count again")
    }
}
