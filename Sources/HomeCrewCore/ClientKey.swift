import Foundation

/// What every per-address limit counts a client by (failed sign-ins, open connections, the hash
/// lane, password-change and join tries). An IPv6 host is given a whole /64 and may take any
/// address in it, so counting by the full address let one host rotate past every limit: IPv6 is
/// counted by its /64 prefix. IPv4, and IPv4 written as IPv6 (`::ffff:192.0.2.7`, the NAT64 prefix
/// `64:ff9b::192.0.2.7`, the old `::192.0.2.7`), by the IPv4 address: one host, however its
/// address reached us. Anything else (no address, a proxy's odd forwarding) is counted as written.
public enum ClientKey {
    public static func of(_ written: String) -> String {
        let address = bareAddress(written)
        let bare = String(address.prefix { $0 != "%" })   // an IPv6 zone (fe80::1%eth0) names a link, not a host
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return bare }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, bare, &v6) == 1 else { return address }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if let embedded = embeddedIPv4(bytes) { return embedded }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// One host's address written one way, to compare addresses given by a person (`--trusted-proxy
    /// 127.0.0.1`) with those a socket reports (`::ffff:127.0.0.1` on a dual-stack listener, or
    /// `2001:DB8::1` against `2001:db8::1`): IPv4 and IPv4 mapped into IPv6 as dotted IPv4, IPv6 as
    /// `inet_ntop` writes it; anything else as written. Only the mapped form is unmapped: trust is
    /// decided here, and `64:ff9b::7f00:1` is a NAT64 peer, not this machine's 127.0.0.1.
    public static func host(_ written: String) -> String {
        let bare = bareAddress(written)
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return bare }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, bare, &v6) == 1 else { return bare }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if let mapped = embeddedIPv4(bytes, mappedOnly: true) { return mapped }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count)) != nil else { return bare }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The key of a real host's address, the place an account may be remembered as signing in
    /// from: an IPv4 address or an IPv6 /64. Nil for anything else: a proxy that writes `unknown`
    /// for every client would otherwise make all of them one account's known place.
    public static func place(of written: String) -> String? {
        let key = of(written)
        var v4 = in_addr()
        if inet_pton(AF_INET, key, &v4) == 1 { return key }
        // A /64 only as `of` writes one for a real IPv6 address, not text that ends the same way.
        return key.hasSuffix("::/64") && of(String(key.dropLast(3))) == key ? key : nil
    }

    /// The address alone, as a proxy may forward it with its port: `[2001:db8::1]:443` and
    /// `[2001:db8::1]` are `2001:db8::1`, `192.0.2.7:5555` is `192.0.2.7`. A bare IPv6 address
    /// (several colons, no brackets) is left as it is.
    public static func bareAddress(_ written: String) -> String {
        let trimmed = written.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") {
            let rest = trimmed[trimmed.index(after: close)...]
            if rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCIIDigit) && rest.count > 1) {
                return String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            }
            return trimmed
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit) { return String(parts[0]) }
        return trimmed
    }

    /// The IPv4 address inside `::ffff:a.b.c.d` (mapped), `64:ff9b::a.b.c.d` (NAT64's well-known
    /// prefix) or `::a.b.c.d` (compatible; not `::` or `::1`, which are no IPv4 host).
    /// `mappedOnly`: the first form only (deciding trust, where the others are other hosts).
    private static func embeddedIPv4(_ bytes: [UInt8], mappedOnly: Bool = false) -> String? {
        let head = bytes[0..<12]
        let mapped = head.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff
        let nat64 = !mappedOnly && head.elementsEqual([0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])
        let compatible = !mappedOnly && head.allSatisfy { $0 == 0 } && bytes[12..<15].contains { $0 != 0 }
        guard mapped || nat64 || compatible else { return nil }
        return bytes[12...].map(String.init).joined(separator: ".")
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
