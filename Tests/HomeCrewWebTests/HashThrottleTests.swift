import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// What costs a password hash is limited: at most `width` hashes at once on the hash lane's own
/// threads (the rest wait briefly, then are told "busy"), and password changes and joins by
/// invitation a few tries at once per account, invitation and address.
final class HashThrottleTests: XCTestCase {
    func testAtMostWidthHashesRunAtOnceAndAFullLineIsToldBusy() async throws {
        let lane = HashLane(width: 1, queueLimit: 1, perTenant: 1, patience: 60)
        let gate = DispatchSemaphore(value: 0)
        let running = Concurrency()
        let work: @Sendable () throws -> Int = { running.enter(); gate.wait(); running.leave(); return 1 }
        async let first = lane.run(for: .stranger(address: "198.51.100.1"), work)
        for _ in 0..<500 where lane.counts.started < 1 { try await Task.sleep(for: .milliseconds(10)) }
        async let second = lane.run(for: .stranger(address: "198.51.100.2"), work)
        for _ in 0..<500 where lane.counts.waiting < 1 { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(lane.counts.started, 1, "one runs, one waits")
        do {
            _ = try await lane.run(for: .stranger(address: "198.51.100.3"), work)
            XCTFail("a third request finds the line full")
        } catch let error as HashingBusy {
            XCTAssertEqual(WebError.presentation(of: error).status, .serviceUnavailable)
            XCTAssertTrue(error.description.contains("busy"))
        }
        gate.signal()
        gate.signal()
        let results = try await [first, second]
        XCTAssertEqual(results, [1, 1])
        XCTAssertEqual(running.most, 1, "never two hashes at once on a lane of one")
    }

    func testAHashThatWaitedPastItsPatienceIsNotComputed() async throws {
        let lane = HashLane(width: 1, queueLimit: 4, perTenant: 2, patience: 0.5)
        let gate = DispatchSemaphore(value: 0)
        let computed = Concurrency()
        async let first = lane.run(for: .account("name:asha", by: "session:a")) { computed.enter(); gate.wait(); computed.leave(); return 1 }
        for _ in 0..<500 where lane.counts.started < 1 { try await Task.sleep(for: .milliseconds(10)) }
        async let second: Int = lane.run(for: .account("name:asha", by: "session:a")) { computed.enter(); computed.leave(); return 2 }
        for _ in 0..<500 where lane.counts.waiting < 1 { try await Task.sleep(for: .milliseconds(10)) }
        // The first hash holds the lane past the patience of the second.
        try await Task.sleep(for: .milliseconds(700))
        gate.signal()
        let firstResult = try await first
        XCTAssertEqual(firstResult, 1)
        do {
            _ = try await second
            XCTFail("the second waited longer than the lane's patience")
        } catch is HashingBusy {}
        XCTAssertEqual(computed.total, 1, "the late one was never computed")
    }

    /// A client spraying sign-ins from many addresses fills the strangers' share of the line (and one
    /// address holds no more than its own share of that); an account's hash is still let in, and, as its
    /// account has not hashed while the strangers have, starts before all of theirs (not only after one
    /// of them); one session cannot wait with more than its share.
    func testASprayersBacklogDoesNotShutOutAnAccountNorDoesOneAccountTakeMore() async throws {
        let lane = HashLane(width: 1, queueLimit: 3, perTenant: 1, patience: 60)
        let gate = DispatchSemaphore(value: 0)
        let started = Concurrency()
        async let holder = lane.run(for: .stranger(address: "198.51.100.1")) { gate.wait(); started.note("sprayer"); return 1 }
        for _ in 0..<500 where lane.counts.started < 1 { try await Task.sleep(for: .milliseconds(10)) }
        let sprayed = (2...4).map { host in
            Task { try await lane.run(for: .stranger(address: "198.51.100.\(host)")) { started.note("sprayer"); return host } }
        }
        for _ in 0..<500 where lane.counts.waiting < 3 { try await Task.sleep(for: .milliseconds(10)) }
        for refused in ["198.51.100.5", "198.51.100.2"] {
            do {
                _ = try await lane.run(for: .stranger(address: refused)) { 0 }
                XCTFail("the strangers' share is full (\(refused))")
            } catch is HashingBusy {}
        }
        let owner = Task { try await lane.run(for: .account("name:asha", by: "session:a")) { started.note("owner"); return 99 } }
        for _ in 0..<500 where lane.counts.waiting < 4 { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(lane.counts.waiting, 4, "the owner's hash is let in beside the sprayer's full backlog")
        do {
            _ = try await lane.run(for: .account("name:asha", by: "session:a")) { 0 }
            XCTFail("one session waits with at most its share")
        } catch is HashingBusy {}
        gate.signal()
        let first = try await holder
        let owners = try await owner.value
        var hosts: [Int] = []
        for task in sprayed { hosts.append(try await task.value) }
        XCTAssertEqual([first, owners] + hosts, [1, 99, 2, 3, 4])
        XCTAssertEqual(started.notes, ["sprayer", "owner", "sprayer", "sprayer", "sprayer"],
                       "the strangers were served (the holder's hash), the account was not: it goes first")
    }

    /// Forty accounts that each hashed once, then all wait again, while the lane is held: the owner,
    /// who has not hashed, is let in last and starts first. Taken in turn by arrival, she was 41st.
    func testAnAccountThatHasNotHashedLatelyStartsBeforeAccountsThatHave() async throws {
        let lane = HashLane(width: 1, queueLimit: 8, perTenant: 2, patience: 60)
        let started = Concurrency()
        let mallories = (0..<40).map { "name:mallory\($0)" }
        for account in mallories { _ = try await lane.run(for: .account(account, by: "device:0")) { 0 } }
        XCTAssertEqual(lane.counts.started, 40)
        let gate = DispatchSemaphore(value: 0)
        async let holder = lane.run(for: .stranger(address: "198.51.100.1")) { gate.wait(); started.note("gate"); return 1 }
        for _ in 0..<500 where lane.counts.started < 41 { try await Task.sleep(for: .milliseconds(10)) }
        var waiting: [Task<Int, Error>] = []
        for (number, account) in mallories.enumerated() {
            waiting.append(Task { try await lane.run(for: .account(account, by: "device:0")) { started.note("mallory"); return number } })
            for _ in 0..<500 where lane.counts.waiting < number + 1 { try await Task.sleep(for: .milliseconds(10)) }
        }
        let owner = Task { try await lane.run(for: .account("name:asha", by: "session:x")) { started.note("owner"); return 99 } }
        for _ in 0..<500 where lane.counts.waiting < 41 { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(lane.counts.waiting, 41)
        gate.signal()
        _ = try await holder
        let owners = try await owner.value
        XCTAssertEqual(owners, 99)
        for task in waiting { _ = try await task.value }
        XCTAssertEqual(started.notes, ["gate", "owner"] + Array(repeating: "mallory", count: 40), "the owner starts right after the hash that held the lane")
    }

    /// A browser's id is free to make: one account's ten browsers and a place wait with four hashes in
    /// all, not four each, and take one turn; another account is still let in, and starts after one of theirs.
    func testOneAccountsDevicesAndPlacesShareOneTurnAndItsShare() async throws {
        let lane = HashLane(width: 1, queueLimit: 8, perTenant: 2, patience: 60)
        XCTAssertEqual(lane.perAccount, WebLimits.hashQueuePerAccount)
        let started = Concurrency()
        let gate = DispatchSemaphore(value: 0)
        async let holder = lane.run(for: .stranger(address: "198.51.100.1")) { gate.wait(); started.note("gate"); return 1 }
        for _ in 0..<500 where lane.counts.started < 1 { try await Task.sleep(for: .milliseconds(10)) }
        var accepted: [Task<Int, Error>] = []
        for device in 0..<WebLimits.hashQueuePerAccount {
            accepted.append(Task { try await lane.run(for: .account("name:mallory", by: "device:\(device)")) { started.note("mallory"); return device } })
            for _ in 0..<500 where lane.counts.waiting < device + 1 { try await Task.sleep(for: .milliseconds(10)) }
        }
        XCTAssertEqual(lane.counts.waiting, WebLimits.hashQueuePerAccount)
        // Each is either refused or let in to wait (which would hold it till the end, not hang the test).
        let refused = Concurrency()
        let others = ((WebLimits.hashQueuePerAccount..<10).map { "device:\($0)" } + ["at:203.0.113.5"]).map { by in
            Task {
                do { _ = try await lane.run(for: .account("name:mallory", by: by)) { started.note("mallory"); return 0 } } catch is HashingBusy { refused.note(by) }
            }
        }
        for _ in 0..<500 where refused.notes.count + lane.counts.waiting < WebLimits.hashQueuePerAccount + others.count {
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertEqual(refused.notes.count, others.count, "mallory's account has its four waiting: her other browsers and her place are told busy")
        XCTAssertEqual(lane.counts.waiting, WebLimits.hashQueuePerAccount)
        let asha = Task { try await lane.run(for: .account("name:asha", by: "device:a")) { started.note("asha"); return 99 } }
        for _ in 0..<500 where lane.counts.waiting < WebLimits.hashQueuePerAccount + 1 { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(lane.counts.waiting, WebLimits.hashQueuePerAccount + 1, "another account is let in")
        gate.signal()
        _ = try await holder
        let ashas = try await asha.value
        XCTAssertEqual(ashas, 99)
        for task in accepted { _ = try await task.value }
        for task in others { _ = await task.result }
        XCTAssertEqual(started.notes, ["gate", "mallory", "asha", "mallory", "mallory", "mallory"])
    }

    /// Found by a hostile review: anyone at two of her places (her dual-stack Wi-Fi) kept four
    /// sign-ins waiting in her account's turn, and her own browser and password change were told
    /// busy. Her places together have one share; her browsers and sessions keep theirs.
    func testStrangersAtTwoOfHerPlacesDoNotTakeHerBrowsersShare() async throws {
        let lane = HashLane(width: 1, queueLimit: 8, perTenant: 2, patience: 60)
        let gate = DispatchSemaphore(value: 0)
        async let holder = lane.run(for: .stranger(address: "198.51.100.1")) { gate.wait(); return 1 }
        for _ in 0..<500 where lane.counts.started < 1 { try await Task.sleep(for: .milliseconds(10)) }
        let refused = Concurrency()
        var tries: [Task<Void, Never>] = []
        for (n, tenant) in [HashLane.Tenant.place("203.0.113.5", of: "asha"), .place("203.0.113.5", of: "asha"),
                            .place("2001:db8:9:1::/64", of: "asha"), .place("2001:db8:9:1::/64", of: "asha"),
                            .account(named: "asha", by: "device:d"), .session("her session", of: "asha")].enumerated() {
            tries.append(Task {
                do { _ = try await lane.run(for: tenant) { 0 } } catch { refused.note("\(n)") }
            })
            for _ in 0..<500 where lane.counts.waiting + refused.notes.count < n + 1 { try await Task.sleep(for: .milliseconds(10)) }
        }
        XCTAssertEqual(refused.notes, ["2", "3"], "the second place finds the places' share taken; her browser and session are let in")
        XCTAssertEqual(lane.counts.waiting, 4)
        gate.signal()
        _ = try await holder
        for task in tries { await task.value }
    }

    /// The owner signs in, then changes her password at once, while eight accounts that have each hashed
    /// three times wait: she has hashed less lately than any of them, so she starts first, right after
    /// her own sign-in. By the turn served longest ago, she would be ninth.
    func testAnAccountThatHashedLessLatelyStartsFirstEvenRightAfterItsOwnHash() async throws {
        let lane = HashLane(width: 1, queueLimit: 8, perTenant: 2, patience: 60)
        let started = Concurrency()
        let mallories = (0..<8).map { "name:mallory\($0)" }
        for _ in 0..<3 {
            for account in mallories { _ = try await lane.run(for: .account(account, by: "device:0")) { 0 } }
        }
        _ = try await lane.run(for: .account("name:asha", by: "device:a")) { 0 }
        let gate = DispatchSemaphore(value: 0)
        async let holder = lane.run(for: .stranger(address: "198.51.100.1")) { gate.wait(); started.note("gate"); return 1 }
        for _ in 0..<500 where lane.counts.started < 26 { try await Task.sleep(for: .milliseconds(10)) }
        var waiting: [Task<Int, Error>] = []
        for (number, account) in mallories.enumerated() {
            waiting.append(Task { try await lane.run(for: .account(account, by: "device:0")) { started.note("mallory"); return number } })
            for _ in 0..<500 where lane.counts.waiting < number + 1 { try await Task.sleep(for: .milliseconds(10)) }
        }
        let owner = Task { try await lane.run(for: .account("name:asha", by: "session:x")) { started.note("owner"); return 99 } }
        for _ in 0..<500 where lane.counts.waiting < 9 { try await Task.sleep(for: .milliseconds(10)) }
        gate.signal()
        _ = try await holder
        let owners = try await owner.value
        XCTAssertEqual(owners, 99)
        for task in waiting { _ = try await task.value }
        XCTAssertEqual(started.notes, ["gate", "owner"] + Array(repeating: "mallory", count: 8))
    }

    /// The lane remembers how lately it served at most 10,000 keys: past that it forgets the half served
    /// least lately, which then count as never served, before any it remembers.
    func testTheTurnsServedLeastLatelyAreForgottenFirst() {
        var queue = LeastServedQueue<Int>()
        for key in 0...LeastServedQueue<Int>.remembered { queue.served(key) }
        XCTAssertEqual(queue.servedLately.count, LeastServedQueue<Int>.remembered / 2)
        XCTAssertNil(queue.servedLately[0])
        XCTAssertNotNil(queue.servedLately[LeastServedQueue<Int>.remembered])
        XCTAssertLessThan(queue.lately(9_999), queue.lately(10_000))
        for key in [9_999, 3, 10_000, 7] { queue.append(key) }
        XCTAssertEqual(queue.count, 4)
        XCTAssertEqual((0..<4).compactMap { _ in queue.popFirst() }, [3, 7, 9_999, 10_000], "forgotten first, in the order they came; then served less lately")
        XCTAssertNil(queue.popFirst())
    }

    func testPasswordChangesAreThrottledPerAccountNotForOthers() async throws {
        let harness = try WebHarness()
        try harness.seed()
        _ = try AccountKeeper(database: harness.app.database).add(name: "priya", password: AccountSignInTests.password)
        _ = try AccountKeeper(database: harness.app.database).add(name: "ravi", password: "a kite over the beach")
        try await harness.test { client in
            // Three of her sessions: one session ends after a few wrong current passwords, the account's rate holds across them.
            var sessions: [String] = []
            for _ in 0..<3 {
                let signedIn = try await AccountSignInTests.signIn(client)
                sessions.append(try XCTUnwrap(signedIn.token))
            }
            let raviSignIn = try await AccountSignInTests.signIn(client, password: "a kite over the beach", name: "ravi")
            let ravi = try XCTUnwrap(raviSignIn.token)
            func change(_ token: String, current: String) async throws -> TestResponse {
                try await AccountSignInTests.changePassword(client, harness.app.database, token: token, current: current)
            }
            for attempt in 0..<WebLimits.hashTries {
                let wrong = try await change(sessions[attempt / 2], current: "not it at all")
                XCTAssertEqual(wrong.status, .unprocessableContent)
            }
            let throttled = try await change(sessions[2], current: AccountSignInTests.password)
            XCTAssertEqual(throttled.status, .tooManyRequests, "the sixth try waits, even with the right password")
            XCTAssertNotNil(throttled.headers[.retryAfter])
            XCTAssertTrue(throttled.text.contains("Too many password changes tried"), throttled.text)
            let other = try await change(ravi, current: "a kite over the beach")
            XCTAssertEqual(other.status, .ok, "another account's change is not held back")
        }
    }

    func testJoiningIsThrottledPerInvitationNotForOthers() async throws {
        let harness = try WebHarness()
        try harness.seed()
        let first = try harness.app.database.invite(to: harness.household.id, role: .viewer).token
        let second = try harness.app.database.invite(to: harness.household.id, role: .viewer).token
        try await harness.test { client in
            func join(_ token: String, name: String, again: String) async throws -> TestResponse {
                try await AccountSignInTests.send(client, "/invitations/\(token)/join", cookie: nil,
                                                  form: ["name": name, "password": "lanterns by the river", "again": again])
            }
            for _ in 0..<WebLimits.hashTries {
                let mismatched = try await join(first, name: "dev", again: "lanterns by the sea")
                XCTAssertEqual(mismatched.status, .unprocessableContent)
            }
            let throttled = try await join(first, name: "dev", again: "lanterns by the river")
            XCTAssertEqual(throttled.status, .tooManyRequests)
            XCTAssertNotNil(throttled.headers[.retryAfter])
            XCTAssertTrue(throttled.text.contains("Too many tries to join"), throttled.text)
            let other = try await join(second, name: "mina", again: "lanterns by the river")
            XCTAssertEqual(other.status, .seeOther, "another invitation is not held back")
        }
        XCTAssertEqual(try harness.app.database.accounts().map(\.name), ["mina"])
    }
}

final class Concurrency: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0
    private(set) var most = 0
    private(set) var total = 0
    private var noted: [String] = []
    var notes: [String] { lock.withLock { noted } }
    func enter() { lock.withLock { now += 1; total += 1; most = max(most, now) } }
    func note(_ what: String) { lock.withLock { noted.append(what) } }
    func leave() { lock.withLock { now -= 1 } }
}
