import CArgon2
import HomeCrewCore

/// Argon2id from Debian's libargon2, with a random 16-byte salt per password and OWASP's
/// memory size (19 MiB, 1 lane) with 5 passes instead of OWASP's 2, so that guessing is slow
/// (≥ 50 ms a try) and a sign-in is not. On this machine 3 passes took 57–90 ms on a busy day
/// and 40–64 ms on a quiet one; with 4 passes a whole sign-in in the server took 49.9 ms at the
/// median (the server reuses the 19 MiB, so it hashes faster than a fresh process), so 5.
/// The encoded hash carries its parameters: older ones still verify, and are made again at
/// the next sign-in (`isCurrent`).
public enum PasswordHasher {
    static let memoryKiB: UInt32 = 19_456
    static let passes: UInt32 = 5
    static let lanes: UInt32 = 1

    /// True when the encoded hash was made with today's parameters.
    public static func isCurrent(_ encoded: String) -> Bool {
        encoded.hasPrefix("$argon2id$v=19$m=\(memoryKiB),t=\(passes),p=\(lanes)$")
    }

    public static func hash(_ password: String) throws -> String { try hash(password, passes: passes) }

    static func hash(_ password: String, passes: UInt32) throws -> String {
        var generator = SystemRandomNumberGenerator()  // getrandom(2)
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        var encoded = [CChar](repeating: 0, count: 128)
        let bytes = Array(password.utf8)
        let status = argon2id_hash_encoded(passes, memoryKiB, lanes, bytes, bytes.count, salt, salt.count, 32,
                                           &encoded, encoded.count)
        guard status == ARGON2_OK.rawValue else { throw PasswordHashError(status: status) }
        // The encoded hash is ASCII, ended by a NUL.
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `password` is the one `encoded` was made from. Takes as long as hashing.
    public static func verify(_ password: String, against encoded: String) -> Bool {
        let bytes = Array(password.utf8)
        return argon2id_verify(encoded, bytes, bytes.count) == ARGON2_OK.rawValue
    }

    /// A hash of nothing anyone can type, verified against when the account does not exist,
    /// so that an unknown name and a wrong password take the same time.
    public static let decoy: String = (try? hash("\u{0}decoy\u{0}")) ?? ""
}

struct PasswordHashError: HomeCrewError {
    let status: Int32
    var category: ErrorCategory { .internal }
    var description: String { "the password could not be hashed (libargon2: \(String(cString: argon2_error_message(status))))" }
}
