import XCTest
@testable import HomeCrewWeb

/// The caps on open connections (the real sockets are in Tests/Load/check.py): per address and in
/// all, a closed connection gives its place back, and a trusted proxy is held by the cap in all only.
final class ConnectionCountTests: XCTestCase {
    func testConnectionsAreCappedPerAddressAndInAllButAProxyOnlyInAll() {
        let count = ConnectionCount(perAddress: 3, total: 5, proxies: ["127.0.0.1"])
        XCTAssertEqual((0..<4).map { _ in count.admit("198.51.100.7") }, [true, true, true, false], "three from one address")
        XCTAssertTrue(count.admit("203.0.113.2"), "another address has its own three")
        count.release("198.51.100.7")
        XCTAssertTrue(count.admit("198.51.100.7"), "a closed connection gives its place back")
        XCTAssertTrue(count.admit("192.0.2.1"))
        XCTAssertFalse(count.admit("192.0.2.2"), "five in all")
        count.release("203.0.113.2")
        XCTAssertTrue(count.admit("127.0.0.1"))
        let proxy = ConnectionCount(perAddress: 3, total: 5, proxies: ["127.0.0.1"])
        XCTAssertEqual((0..<6).map { _ in proxy.admit("127.0.0.1") }, [true, true, true, true, true, false],
                       "everyone's connections through the proxy: only the cap in all")
    }
}
