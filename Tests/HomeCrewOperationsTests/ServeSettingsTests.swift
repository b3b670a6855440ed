import XCTest
@testable import HomeCrewOperations
@testable import HomeCrewStore

final class ServeSettingsTests: XCTestCase {
    func settings(_ listen: String, insecure: Bool = false) throws -> ServeSettings {
        ServeSettings(vault: VaultLocation(directory: "/tmp/unused"), listen: try ListenAddress(parsing: listen), today: nil,
                      uploadLimit: 1, insecureHTTP: insecure)
    }

    func testOtherMachinesAreServedOnlyWithAnAccountAndPlainHTTPChosen() throws {
        XCTAssertNoThrow(try settings("127.0.0.1:0").check(accounts: 0))
        XCTAssertNoThrow(try settings("[::1]:8080").check(accounts: 0))
        XCTAssertThrowsError(try settings("0.0.0.0:8080", insecure: true).check(accounts: 0)) {
            XCTAssertEqual($0 as? ServeError, .noAccounts("0.0.0.0"))
        }
        XCTAssertThrowsError(try settings("192.0.2.7:8080").check(accounts: 1)) {
            XCTAssertEqual($0 as? ServeError, .plainHTTP("192.0.2.7"))
        }
        XCTAssertNoThrow(try settings("192.0.2.7:8080", insecure: true).check(accounts: 1))
        XCTAssertFalse(try ListenAddress(parsing: "0.0.0.0:80").isLoopback)
        XCTAssertTrue(try ListenAddress(parsing: "localhost:80").isLoopback)
        for bad in ["", "host:", ":80", "a/b:80", "127.0.0.1:70000", "[::1]80"] {
            XCTAssertThrowsError(try ListenAddress(parsing: bad), bad)
        }
        XCTAssertTrue(ListenAddress.isLoopback(peer: "127.0.0.1"))
        XCTAssertTrue(ListenAddress.isLoopback(peer: "::1"))
        XCTAssertFalse(ListenAddress.isLoopback(peer: "192.0.2.7"))
        XCTAssertFalse(ListenAddress.isLoopback(peer: "::ffff:192.0.2.7"))
    }

    func testTLSGivenHereServesOtherMachinesWithoutPlainHTTP() throws {
        let tls = ServeSettings(vault: VaultLocation(directory: "/tmp/unused"), listen: try ListenAddress(parsing: "0.0.0.0:8443"), today: nil,
                                uploadLimit: 1, tls: ("cert.pem", "key.pem"))
        XCTAssertNoThrow(try tls.check(accounts: 1))
        XCTAssertThrowsError(try tls.check(accounts: 0)) { XCTAssertEqual($0 as? ServeError, .noAccounts("0.0.0.0")) }
        XCTAssertTrue(ServeError.plainHTTP("192.0.2.7").description.contains("--tls-cert and --tls-key"))
        XCTAssertEqual(ServeError.tlsFile("/x", reason: "no such file", missing: true).category, .notFound)
        for address in ["127.0.0.1", "::1", "192.0.2.7", "fe80::1"] { XCTAssertTrue(ListenAddress.isIPAddress(address), address) }
        for text in ["proxy.lan", "127.0.0.1:80", "", "1.2.3"] { XCTAssertFalse(ListenAddress.isIPAddress(text), text) }
    }
}
