import CLibCrypto
import Foundation

/// Random secrets (session tokens, CSRF tokens, sign-in and calendar tokens): 32 bytes from
/// OpenSSL's CSPRNG, as lowercase hex; and their SHA-256, which is what the database keeps.
public enum Secret {
    public static func make(bytes count: Int = 32) -> String {
        var bytes = [UInt8](repeating: 0, count: count)
        if RAND_bytes(&bytes, Int32(count)) != 1 {
            // SystemRandomNumberGenerator reads the kernel's CSPRNG too; OpenSSL failing is rare.
            var generator = SystemRandomNumberGenerator()
            for index in bytes.indices { bytes[index] = generator.next() }
        }
        return hex(bytes)
    }

    /// Compares two secrets in time that does not depend on where they differ.
    public static func matches(_ given: String?, _ expected: String) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    public static func sha256(_ text: String) -> String {
        sha256(bytes: Array(text.utf8))
    }

    static func sha256(bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = EVP_Digest(bytes, bytes.count, &digest, &length, EVP_sha256(), nil)
        return hex(digest)
    }

    /// HMAC-SHA256 of `message` under `key`, as lowercase hex: a value the server made (a known
    /// device's id) that a browser keeps and cannot forge without the key.
    public static func hmac(key: String, _ message: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let keyBytes = Array(key.utf8), bytes = Array(message.utf8)
        _ = HMAC(EVP_sha256(), keyBytes, Int32(keyBytes.count), bytes, bytes.count, &digest, &length)
        return hex(digest)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
