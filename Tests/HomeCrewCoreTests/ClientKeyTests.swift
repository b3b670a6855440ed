import HomeCrewCore
import XCTest

/// Per-address limits count an IPv6 host by its /64, which it may fill with addresses at will;
/// IPv4 (plain, or written as IPv6) by the address itself.
final class ClientKeyTests: XCTestCase {
    func testIPv6IsCountedByItsSlash64AndIPv4ByItsAddress() {
        XCTAssertEqual(ClientKey.of("2001:db8:1:2:a::1"), "2001:db8:1:2::/64")
        XCTAssertEqual(ClientKey.of("2001:DB8:1:2:ffff:ffff:ffff:fffe"), "2001:db8:1:2::/64", "any host part, any case")
        XCTAssertEqual(ClientKey.of("2001:db8:0:2::7"), "2001:db8:0:2::/64")
        XCTAssertNotEqual(ClientKey.of("2001:db8:1:3::1"), ClientKey.of("2001:db8:1:2::1"), "the next /64 is another client")
        XCTAssertEqual(ClientKey.of("fe80::1%eth0"), "fe80:0:0:0::/64", "a zone is not part of the host")
        XCTAssertEqual(ClientKey.of("192.0.2.7"), "192.0.2.7")
        XCTAssertNotEqual(ClientKey.of("192.0.2.8"), ClientKey.of("192.0.2.7"), "IPv4 has no prefix to share")
        XCTAssertEqual(ClientKey.of("::ffff:192.0.2.7"), "192.0.2.7", "IPv4 written as IPv6 is the IPv4 address")
        XCTAssertEqual(ClientKey.of("unknown"), "unknown")
    }

    /// One host however its address reached us: through NAT64, as old IPv4-compatible IPv6, or
    /// forwarded by a proxy with brackets and its port.
    func testOneHostIsOneKeyHoweverItsAddressIsWritten() {
        XCTAssertEqual(ClientKey.of("64:ff9b::192.0.2.7"), "192.0.2.7", "NAT64's well-known prefix")
        XCTAssertEqual(ClientKey.of("64:ff9b::c000:207"), "192.0.2.7")
        XCTAssertEqual(ClientKey.of("::192.0.2.7"), "192.0.2.7", "IPv4-compatible")
        XCTAssertEqual(ClientKey.of("::1"), "0:0:0:0::/64", "loopback is no IPv4 host")
        XCTAssertEqual(ClientKey.of("64:ff9b:1::1"), "64:ff9b:1:0::/64", "a local NAT64 prefix is an ordinary /64")
        XCTAssertEqual(ClientKey.of("[2001:db8:1:2::9]:443"), "2001:db8:1:2::/64")
        XCTAssertEqual(ClientKey.of("[2001:db8:1:2::9]"), "2001:db8:1:2::/64")
        XCTAssertEqual(ClientKey.of(" 192.0.2.7:51234"), "192.0.2.7")
        XCTAssertEqual(ClientKey.of("[::ffff:192.0.2.7]:80"), "192.0.2.7")
        XCTAssertEqual(ClientKey.bareAddress("2001:db8::1"), "2001:db8::1", "a bare IPv6 address keeps its colons")
        XCTAssertEqual(ClientKey.bareAddress("[2001:db8::1]:x"), "[2001:db8::1]:x", "not a port: left as written")
        XCTAssertEqual(ClientKey.bareAddress("192.0.2.7:"), "192.0.2.7:")
    }

    func testOnlyARealHostsAddressIsAPlace() {
        XCTAssertEqual(ClientKey.place(of: "[2001:db8::1]:443"), "2001:db8:0:0::/64")
        XCTAssertEqual(ClientKey.place(of: "::ffff:192.0.2.7"), "192.0.2.7")
        XCTAssertEqual(ClientKey.place(of: "198.51.100.7:5555"), "198.51.100.7")
        XCTAssertNil(ClientKey.place(of: "unknown"), "a proxy's word for every client is nobody's place")
        XCTAssertNil(ClientKey.place(of: "2001:db8::/64"), "text shaped like a key is no address")
        XCTAssertNil(ClientKey.place(of: "x::/64"))
        XCTAssertNil(ClientKey.place(of: ""))
    }

    /// A proxy named `127.0.0.1` reaches a dual-stack listener as `::ffff:127.0.0.1`: found by a
    /// hostile review, where the proxy's forwarding was ignored and it became every account's place.
    func testOneHostIsWrittenOneWayToBeCompared() {
        XCTAssertEqual(ClientKey.host("::ffff:127.0.0.1"), "127.0.0.1")
        XCTAssertEqual(ClientKey.host("127.0.0.1"), "127.0.0.1")
        XCTAssertEqual(ClientKey.host("2001:DB8:0::1"), "2001:db8::1")
        XCTAssertEqual(ClientKey.host("[2001:db8::1]:443"), "2001:db8::1")
        XCTAssertNotEqual(ClientKey.host("127.0.0.2"), ClientKey.host("127.0.0.1"))
        XCTAssertEqual(ClientKey.host("proxy.local"), "proxy.local", "not an address: as written")
        XCTAssertNotEqual(ClientKey.host("64:ff9b::7f00:1"), "127.0.0.1", "a NAT64 peer is not this machine (trust is decided here)")
        XCTAssertNotEqual(ClientKey.host("::7f00:1"), "127.0.0.1")
    }
}
