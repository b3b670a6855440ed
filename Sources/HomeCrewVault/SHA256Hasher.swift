import CLibCrypto

/// Streaming SHA-256 from the system's libcrypto (OpenSSL 3).
final class SHA256Hasher {
    private let context: OpaquePointer

    init() {
        context = EVP_MD_CTX_new()
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    deinit { EVP_MD_CTX_free(context) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// The digest as 64 lowercase hex digits.
    func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    static func hash(_ bytes: [UInt8]) -> String {
        let hasher = SHA256Hasher()
        bytes.withUnsafeBytes { hasher.update($0) }
        return hasher.finalize()
    }
}
