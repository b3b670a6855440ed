import Foundation

/// What every per-address limit counts a client by (failed sign-ins, open connections, the hash
/// lane, password-change and join tries). An IPv6 host is given a whole /64 and may take any
/// address in it, so counting by the full address let one host rotate past every limit: IPv6 is
/// counted by its /64 prefix. IPv4, and IPv4 written as IPv6 (`::ffff:192.0.2.7`), by the IPv4
/// address. Anything else (no address, a proxy's odd forwarding) is counted as it is written.
public enum ClientKey {
    public static func of(_ address: String) -> String {
        let bare = String(address.prefix { $0 != "%" })   // an IPv6 zone (fe80::1%eth0) names a link, not a host
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return bare }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, bare, &v6) == 1 else { return address }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
