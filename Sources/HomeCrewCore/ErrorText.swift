import Foundation

/// One plain sentence for any error, so that no Foundation or POSIX error dump
/// (`Error Domain=NSCocoaErrorDomain Code=260 …`) ever reaches a person. HomeCrew's own
/// errors already read as sentences; the rest are translated here, in one place.
public enum ErrorText {
    public static func sentence(for error: any Error) -> String {
        if let error = error as? any HomeCrewError { return error.description }
        if let error = error as? DecodingError { return sentence(for: error) }
        if let error = error as? POSIXError { return posix(error.code.rawValue) }
        let bridged = error as NSError
        if bridged.domain == NSCocoaErrorDomain { return cocoa(bridged) }
        if bridged.domain == NSPOSIXErrorDomain { return posix(Int32(bridged.code)) }
        // Any other Foundation domain: its code, never its dump of user info.
        if bridged.domain.hasSuffix("ErrorDomain") { return "a system error (\(bridged.domain) \(bridged.code))" }
        return String(describing: error)
    }

    /// The operating system's own words for an errno value ("No such file or directory").
    public static func posix(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func cocoa(_ error: NSError) -> String {
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posix(Int32(underlying.code))
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return posix(ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: return posix(EACCES)
        case .fileWriteFileExists: return posix(EEXIST)
        case .fileWriteOutOfSpace: return posix(ENOSPC)
        case .fileWriteVolumeReadOnly: return posix(EROFS)
        case .fileReadTooLarge: return "the file is too large to read"
        case .fileReadCorruptFile, .propertyListReadCorrupt: return "the file's contents are damaged or not in the expected format"
        case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: return "the text is not valid UTF-8"
        default: return "the file could not be read or written (system error \(error.code))"
        }
    }

    private static func sentence(for error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not valid JSON" : "\(path(context)) holds a value that cannot be read"
        case .keyNotFound(let key, let context):
            return "\(path(context)).\(key.stringValue) is missing"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(path(context)) should be \(typeName(type))"
        @unknown default:
            return "the data does not have the expected shape"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "text"
        case is Int.Type, is Double.Type, is Decimal.Type: return "a number"
        case is Bool.Type: return "true or false"
        default: return "a \(type)".replacingOccurrences(of: "Array<", with: "list of ").replacingOccurrences(of: ">", with: "")
        }
    }
}
