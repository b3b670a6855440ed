import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import XCTest

/// The sign-in limit slows a guesser, from one address or many, and cannot be used by anyone to
/// lock the owner out: failures at her name from other addresses do not hold her back at hers.
final class SignInLockoutTests: XCTestCase {
    static let password = "the kettle sings at dawn"
    var database: AppDatabase!
    var keeper: AccountKeeper!

    override func setUpWithError() throws {
        database = try AppDatabase.empty()
        keeper = AccountKeeper(database: database)
        _ = try keeper.add(name: "asha", password: Self.password)
    }

    func signIn(_ password: String, from address: String, name: String = "asha", device: String? = nil) throws -> String {
        switch try keeper.signIn(name: name, password: password, address: address, device: device) {
        case .signedIn: return "signed in"
        case .refused: return "refused"
        case .wait: return "wait"
        }
    }

    /// A stranger fails at her name four times from each of ten addresses: forty failures.
    func strangerFails(addresses: ClosedRange<Int> = 1...10) throws {
        for host in addresses {
            for _ in 0..<4 { XCTAssertNotEqual(try signIn("guess \(host)", from: "198.51.100.\(host)"), "signed in") }
        }
    }

    func testAStrangersFailuresFromOtherAddressesDoNotStopTheOwnerSigningInFromHers() throws {
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.5"), "signed in")
        try strangerFails()
        XCTAssertGreaterThan(try database.signInWait(for: ["account:asha"]), 60, "the name's failures from anywhere add up")
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.5"), "signed in", "her own address has not failed: not held back")
        XCTAssertEqual(try signIn(Self.password, from: "2001:db8:5:5::1", device: "laptop"), "signed in", "nor her known device anywhere")
    }

    func testANameTypedToLookLikeHerHomeDoesNotFillHerCountThere() throws {
        // Found by reading the code (helper-25): the subjects were pasted together, so the typed name
        // "asha from:203.0.113.5" counted its failures as asha's own at her home address.
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.5"), "signed in")
        for host in 1...8 {
            for _ in 0..<2 { XCTAssertEqual(try signIn("guess", from: "198.51.100.\(host)", name: "asha from:203.0.113.5"), "refused") }
        }
        XCTAssertEqual(try database.signInFailures(for: "account:asha from:203.0.113.5"), 0)
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.5"), "signed in", "her home's count is hers alone")
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.5", name: "  Asha\n"), "signed in", "her name as typed, spaces and case aside")
    }

    func testTheOwnerSigningInNeitherShortensAGuessersWaitNorTellsThatTheNameExists() throws {
        // A guesser spread over addresses at a real name and at a name nobody has: the same waits. Then
        // the owner signs in at home; before, that cleared her name's count, and the guesser's next try
        // was no longer told to wait: she had signed in, and the name was an account's.
        func attack(_ name: String, net: Int) throws -> [String] {
            var outcomes: [String] = []
            for host in 1...4 { for _ in 0..<4 { outcomes.append(try signIn("guess", from: "198.51.\(net).\(host)", name: name)) } }
            return outcomes
        }
        let real = try attack("asha", net: 100), unknown = try attack("nobody-at-all", net: 101)
        XCTAssertEqual(real, unknown)
        XCTAssertTrue(real.contains("wait"), "\(real)")
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.5"), "signed in")
        XCTAssertEqual(try signIn("guess", from: "198.51.100.1"), "wait", "her success does not shorten his wait")
        XCTAssertEqual(try signIn("guess", from: "198.51.101.1", name: "nobody-at-all"), "wait", "as for a name nobody has")
    }

    func testTheOwnerWhoMistypesAtAnAddressSheSignedInFromIsNotHeldBack() throws {
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.5"), "signed in")
        try strangerFails()
        XCTAssertEqual(try signIn("the kettle sings at dusk", from: "203.0.113.5"), "refused")
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.5"), "signed in", "she has signed in from here before")
    }

    /// The rule: an address that has failed at the name more than once (one typo forgiven) and
    /// never signed in as it waits for all the name's failures; one typo from a new address does not.
    func testTheOwnerWhoMistypesOnceAtANewAddressIsNotHeldBack() throws {
        try strangerFails(addresses: 1...4)
        XCTAssertEqual(try signIn("the kettle sings at dusk", from: "203.0.113.7"), "refused", "her typo at a hotel")
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.7"), "signed in", "one typo is not a guesser's try")
    }

    func testAGuesserSpreadOverAddressesGetsTwoTriesFromEachAndThenWaits() throws {
        try strangerFails(addresses: 1...2)
        XCTAssertEqual(try signIn("one more", from: "198.51.100.1"), "wait", "an address that failed at the name waits for all its failures")
        XCTAssertEqual(try signIn("a new address", from: "198.51.100.77"), "refused", "a new address has a try")
        XCTAssertEqual(try signIn("a second", from: "198.51.100.77"), "refused", "and a second, as the owner's typo would")
        XCTAssertEqual(try signIn("and again", from: "198.51.100.77"), "wait", "and then waits too")
        XCTAssertEqual(try signIn(Self.password, from: "198.51.100.77"), "wait", "even with the right password")
    }

    /// Two tries from each address is no limit for a guesser holding thousands (a botnet, the
    /// /64s of an IPv6 /48): past `strangerFailuresAllowed` failures from places the name never
    /// signed in from, every such place waits for all the name's failures, even with the right
    /// password; the owner at home and on her known device does not.
    func testAGuesserRotatingThroughManyAddressesWaitsAfterTheNamesAllowanceForStrangers() throws {
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.5"), "signed in", "her home")
        for net in 0..<AccountKeeper.strangerFailuresAllowed {
            XCTAssertEqual(try signIn("guess \(net)", from: "2001:db8:77:\(String(net, radix: 16))::1"), "refused", "one try from each /64 of a /48")
        }
        XCTAssertEqual(try signIn("the next guess", from: "2001:db8:77:ffff::1"), "wait", "a new /64 of the /48 waits")
        XCTAssertEqual(try signIn("the next guess", from: "198.51.100.200"), "wait", "so does any new address")
        XCTAssertEqual(try signIn(Self.password, from: "192.0.2.99"), "wait", "and the owner at a new place, while her name is attacked")
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.5"), "signed in", "not at home")
        XCTAssertEqual(try signIn(Self.password, from: "192.0.2.99", device: "laptop"), "signed in", "nor on her known device")
    }

    /// The review that reverted the first strangers' budget: a place was known only while a session
    /// from it lasted, so the owner who signed out and changed her password was a stranger at home,
    /// and a guesser keeping the budget spent kept her out. Places are now kept until the account goes.
    func testAfterSigningOutAndChangingHerPasswordSheIsStillAtHomeWhileHerNameIsAttacked() throws {
        guard case .signedIn(_, let token, _) = try keeper.signIn(name: "asha", password: Self.password, address: "203.0.113.5") else {
            return XCTFail("she signs in at home")
        }
        try database.endSession(token: token)
        _ = try keeper.changePassword(of: "asha", to: "a second kettle phrase")
        XCTAssertTrue(try database.sessions(of: "asha").isEmpty)
        var outcomes: [String] = []
        for net in 0..<25 { outcomes.append(try signIn("guess", from: "2001:db8:78:\(String(net, radix: 16))::1")) }
        XCTAssertEqual(outcomes, Array(repeating: "refused", count: 20) + Array(repeating: "wait", count: 5), "the budget is spent")
        XCTAssertEqual(try signIn("a second kettle phrases", from: "203.0.113.5"), "refused", "a typo at home")
        XCTAssertEqual(try signIn("a second kettle phrase", from: "203.0.113.5"), "signed in", "she is at home, signed out or not")
        XCTAssertEqual(try signIn("a second kettle phrase", from: "192.0.2.44"), "wait", "a new place waits while her name is attacked")
    }

    /// An IPv6 host's privacy addresses change: a sign-in from one makes the whole /64 a known place.
    func testAPlaceSheSignedInFromIsHerWholeSlash64() throws {
        XCTAssertEqual(try signIn(Self.password, from: "2001:db8:9:1::a"), "signed in")
        XCTAssertTrue(try database.hasSignedIn(name: "asha", from: "2001:db8:9:1:5:6:7:8"))
        XCTAssertFalse(try database.hasSignedIn(name: "asha", from: "2001:db8:9:2::a"))
        XCTAssertFalse(try database.hasSignedIn(name: "ravi", from: "2001:db8:9:1::a"))
    }

    func testOneAddressGuessingManyNamesWaits() throws {
        _ = try keeper.add(name: "ravi", password: "monsoon over the ghats")
        for name in ["asha", "ravi", "meena", "john", "priya"] { XCTAssertEqual(try signIn("wrong", from: "198.51.100.9", name: name), "refused") }
        XCTAssertEqual(try signIn("wrong", from: "198.51.100.9", name: "lakshmi"), "wait", "the address's failures add up over names")
        XCTAssertEqual(try signIn("monsoon over the ghats", from: "203.0.113.8", name: "ravi"), "signed in", "another address is not held back")
    }

    /// One IPv6 host may use every address of its /64: they are one address to the limit.
    func testAddressesInOneSlash64ShareTheAddressCount() throws {
        for (host, name) in ["meena", "john", "priya", "ravi", "lakshmi"].enumerated() {
            XCTAssertEqual(try signIn("wrong", from: "2001:db8:7:1::\(host + 1)", name: name), "refused")
        }
        XCTAssertEqual(try signIn("wrong", from: "2001:db8:7:1:9::9", name: "anand"), "wait", "a sixth address of the /64 waits")
        XCTAssertEqual(try signIn(Self.password, from: "2001:db8:7:2::1"), "signed in", "the next /64 is somebody else")
        XCTAssertEqual(try signIn("wrong", from: "::ffff:198.51.100.9", name: "anand"), "refused")
        XCTAssertGreaterThan(try database.signInFailures(for: "address:198.51.100.9"), 0, "IPv4 written as IPv6 counts as the IPv4 address")
    }

    /// A neighbour at her address (one Wi-Fi, one NAT) failing at seven names: the owner from a
    /// browser she has signed in with (its known-device id, checked by the web) is not held back
    /// by the address's count; from anywhere else the address's wait holds, as before.
    func testTheOwnersKnownDeviceIsNotHeldBackByHerNeighboursFailures() throws {
        let home = "203.0.113.5"
        XCTAssertEqual(try signIn(Self.password, from: home, device: "laptop"), "signed in")
        for name in ["meena", "john", "priya", "ravi", "lakshmi", "anand", "vera"] {
            XCTAssertNotEqual(try signIn("wrong", from: home, name: name), "signed in")
        }
        XCTAssertEqual(try signIn(Self.password, from: home), "wait", "without her device she waits with the address")
        XCTAssertEqual(try signIn(Self.password, from: home, device: "laptop"), "signed in", "with it she signs in")
    }

    /// The known device has a count of its own: it cannot be used to guess without end.
    func testAKnownDeviceHasALimitOfItsOwn() throws {
        for _ in 0..<AppDatabase.freeFailures {
            XCTAssertEqual(try signIn("a guess", from: "203.0.113.5", device: "laptop"), "refused")
        }
        XCTAssertEqual(try signIn(Self.password, from: "198.51.100.1", device: "laptop"), "wait", "the device waits wherever it is")
        XCTAssertEqual(try signIn(Self.password, from: "198.51.100.1", device: "phone"), "signed in", "another of her devices does not")
    }

    /// After an attack that spent her name's allowance for strangers, the owner at a new place
    /// waits with all the name's failures; `user unlock` clears the name's counts, and the same
    /// try signs her in.
    func testUnlockLetsTheOwnerInAtANewPlaceAtOnce() throws {
        try strangerFails()
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.7"), "wait", "a new place, while her name is attacked")
        XCTAssertGreaterThanOrEqual(try keeper.unlock(name: "Asha"), 3, "the name's from anywhere, its strangers' and its guessed places'")
        for subject in ["account:asha", "account:asha strangers", "account:asha from:198.51.100.1"] {
            XCTAssertEqual(try database.signInFailures(for: subject), 0, subject)
        }
        XCTAssertEqual(try signIn(Self.password, from: "203.0.113.7"), "signed in")
        XCTAssertGreaterThan(try database.signInFailures(for: "address:198.51.100.1"), 0, "the addresses' counts are kept")
        XCTAssertThrowsError(try keeper.unlock(name: "nobody"))
    }
}
