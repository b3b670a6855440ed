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
        let dualStack = ConnectionCount(perAddress: 3, total: 5, proxies: ["127.0.0.1"])
        XCTAssertEqual((0..<5).map { _ in dualStack.admit("::ffff:127.0.0.1") }, [true, true, true, true, true],
                       "the proxy as a dual-stack listener sees it is the same proxy")
        XCTAssertEqual((0..<4).map { _ in dualStack.admit("127.0.0.2") }, [false, false, false, false], "five in all already")
    }

    /// An IPv6 host may take any address of its /64: they are one address to the cap.
    func testAddressesOfOneSlash64ShareTheCap() {
        let count = ConnectionCount(perAddress: 3, total: 10)
        XCTAssertEqual((1...4).map { count.admit("2001:db8:5:6::\($0)") }, [true, true, true, false], "three from one /64")
        XCTAssertTrue(count.admit("2001:db8:5:7::1"), "the next /64 has its own three")
        count.release("2001:db8:5:6::2")
        XCTAssertTrue(count.admit("2001:db8:5:6:ffff::9"), "a closed connection gives the /64 its place back")
        XCTAssertTrue(count.admit("::ffff:192.0.2.1"))
        XCTAssertEqual((0..<2).map { _ in count.admit("192.0.2.1") }, [true, true])
        XCTAssertFalse(count.admit("192.0.2.1"), "IPv4 written as IPv6 counts with the IPv4 address")
    }
}
