import HomeCrewCore

public enum VaultError: HomeCrewError {
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case diskFull(path: String)
    case notARegularFile(String)
    case unsupportedType(path: String, detected: String)
    case unsafeVault(String)
    case missingObject(String)

    public var category: ErrorCategory {
        switch self {
        case .cannotRead, .notARegularFile: return .notFound
        case .cannotWrite, .diskFull: return .io
        case .unsupportedType, .unsafeVault: return .invalidData
        case .missingObject: return .io
        }
    }

    public var description: String {
        switch self {
        case let .cannotRead(path, reason): return "cannot read \(path): \(reason)"
        case let .cannotWrite(path, reason): return "cannot write \(path): \(reason)"
        case .diskFull(let path): return "the disk holding \(path) is full; nothing was stored"
        case .notARegularFile(let path): return "\(path) is not a regular file"
        case let .unsupportedType(path, detected):
            return "\(path) is \(detected), not a PDF, JPEG, PNG or HEIC file; pass --allow-other to keep it anyway"
        case .unsafeVault(let reason): return "refusing to use this vault: \(reason)"
        case .missingObject(let hash): return "the vault has lost object \(hash); run: homecrew vault verify"
        }
    }

    public static func posix(_ path: String, writing: Bool) -> VaultError {
        let code = errno
        if code == ENOSPC || code == EDQUOT { return .diskFull(path: path) }
        let reason = String(cString: strerror(code))
        return writing ? .cannotWrite(path: path, reason: reason) : .cannotRead(path: path, reason: reason)
    }
}

#if canImport(Glibc)
import Glibc
#endif
