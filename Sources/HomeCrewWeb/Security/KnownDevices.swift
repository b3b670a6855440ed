import HomeCrewCore
import HomeCrewStore
import Hummingbird

/// Browsers an account has signed in with ("device cookies", as OWASP's guide to blocking brute
/// force proposes). After a successful sign-in the browser keeps, for a year, a random device id
/// and its HMAC under the vault's device key together with the account's name: it cannot be made
/// or changed without the key, and opens nothing by itself. A sign-in that shows a valid one for
/// the name it tries is counted against that name on that device, not against its address, so a
/// neighbour behind the same Wi-Fi or NAT failing at other names does not lock the owner out
/// (`AccountKeeper.signIn`). One cookie holds the tokens of a few accounts (a shared family laptop).
/// A token is made for the account as it is (`epoch`: its id and when its password was last set):
/// a new password, or the name given to a new account, ends every device token made before.
struct KnownDevices: Sendable {
    static let cookie = "homecrew_device"
    /// Over HTTPS: a name browsers accept only from this host, secure, for every path, so that
    /// another site on a parent domain cannot set one (cookie tossing).
    static let hostOnlyCookie = "__Host-homecrew_device"
    static let maxAge = 365 * 24 * 3600
    /// Accounts one browser is known for; the oldest is dropped past this.
    static let perBrowser = 4
    /// Tokens read from one request's cookies, however many cookies carry them (the header's size
    /// bounds them too; an HMAC each is cheap): enough that junk tossed first cannot hide hers.
    static let readAtMost = 64
    let key: String

    /// Every device token a request carries, host-only cookies first: a cookie of the same name
    /// set for a narrower path or by a parent domain comes first in the header, and reading only
    /// the first (as `request.cookies` does) would let it hide the owner's.
    static func cookieValues(of request: Request) -> (hostOnly: String?, plain: String?) {
        var hostOnly: [String] = [], plain: [String] = []
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                // Only the separators RFC 6265 allows around a name: a name behind any other space
                // (U+2000, U+00A0) is another cookie, which browsers do not hold to __Host-'s rules.
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: [" ", "\t"]) }
                guard parts.count == 2 else { continue }
                if parts[0] == hostOnlyCookie { hostOnly.append(parts[1]) } else if parts[0] == cookie { plain.append(parts[1]) }
            }
        }
        return (hostOnly.isEmpty ? nil : hostOnly.joined(separator: "_"), plain.isEmpty ? nil : plain.joined(separator: "_"))
    }

    /// Both kinds together, host-only first: where a token for the name signing in is looked for.
    static func joined(_ values: (hostOnly: String?, plain: String?)) -> String? {
        let all = [values.hostOnly, values.plain].compactMap { $0 }
        return all.isEmpty ? nil : all.joined(separator: "_")
    }

    /// The cookie that keeps the browser's tokens: host-only over HTTPS; over plain HTTP (a home
    /// network) read only by the sign-in form. Lax: sent when the sign-in page is opened from a link.
    static func cookie(holding value: String, overHTTPS: Bool) -> Cookie {
        overHTTPS
            ? Cookie(name: hostOnlyCookie, value: value, maxAge: maxAge, path: "/", secure: true, httpOnly: true, sameSite: .lax)
            : Cookie(name: cookie, value: value, maxAge: maxAge, path: "/signin", secure: false, httpOnly: true, sameSite: .lax)
    }

    /// The device id of the token in `cookie` made for `name`; nil when none is (absent, forged,
    /// or another account's).
    func device(in cookie: String?, for name: String, epoch: String) -> String? {
        let nameKey = NameKey.of(name)   // once, not once per token: a name may be long
        return tokens(in: cookie).first { Secret.matches($0.mac, mac($0.id, nameKey: nameKey, epoch)) }?.id
    }

    /// The cookie's value after `name` signed in: the name's token (kept, or made now) first,
    /// then the other accounts' it held.
    /// `found`: the name's device id found in any of the request's cookies (kept), if any.
    func value(after name: String, epoch: String, from cookie: String?, found: String? = nil) -> String {
        let all = tokens(in: cookie), nameKey = NameKey.of(name)
        let own = found ?? device(in: cookie, for: name, epoch: epoch) ?? Secret.make(bytes: 16)
        var seen: Set<String> = [own]
        let others = all.filter { !Secret.matches($0.mac, mac($0.id, nameKey: nameKey, epoch)) && seen.insert($0.id).inserted }.prefix(Self.perBrowser - 1)
        let mine: [(id: String, mac: String)] = [(own, mac(own, nameKey: nameKey, epoch))]
        return (mine + others).map { "\($0.id).\($0.mac)" }.joined(separator: "_")
    }

    private func mac(_ id: String, nameKey: String, _ epoch: String) -> String {
        Secret.hmac(key: key, "known-device\n\(nameKey)\n\(epoch)\n\(id)")
    }

    /// What a token is made for besides the name: the account's id and when its password was set.
    /// No account: a value no token was made with.
    static func epoch(of account: Account?) -> String {
        account.map { "\($0.id.rawValue) \($0.passwordChangedAt)" } ?? "no account"
    }

    /// The well-formed tokens of a cookie (32 hex digits, a dot, 64), at most `readAtMost`.
    private func tokens(in cookie: String?) -> [(id: String, mac: String)] {
        let tokens = (cookie ?? "").split(separator: "_", maxSplits: Self.readAtMost).prefix(Self.readAtMost).compactMap { token -> (id: String, mac: String)? in
            let parts = token.split(separator: ".")
            guard parts.count == 2, parts[0].count == 32, parts[1].count == 64,
                  token.allSatisfy({ $0 == "." || $0.isHexDigit }) else { return nil }
            return (String(parts[0]), String(parts[1]))
        }
        return Array(tokens)
    }
}
