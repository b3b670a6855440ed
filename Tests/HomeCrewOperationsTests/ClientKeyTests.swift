import HomeCrewOperations
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
}
