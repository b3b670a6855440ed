import CLibCrypto
import Foundation

/// Random secrets (session ids, CSRF tokens, sign-in and calendar tokens): 32 bytes from
/// OpenSSL's CSPRNG, as lowercase hex.
enum Secret {
    static func make(bytes count: Int = 32) -> String {
        var bytes = [UInt8](repeating: 0, count: count)
        if RAND_bytes(&bytes, Int32(count)) != 1 {
            // SystemRandomNumberGenerator reads the kernel's CSPRNG too; OpenSSL failing is rare.
            var generator = SystemRandomNumberGenerator()
            for index in bytes.indices { bytes[index] = generator.next() }
        }
        return bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// Compares two secrets in time that does not depend on where they differ.
    static func matches(_ given: String?, _ expected: String) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
