import Foundation

/// File names that came from someone else (an original's name, an upload's) made safe to create.
public enum FileName {
    /// The last path component, without control characters, slashes, or leading and trailing
    /// dots and spaces; `fallback` when nothing is left.
    public static func safe(_ name: String, fallback: String) -> String {
        let base = (name as NSString).lastPathComponent
            .unicodeScalars.filter { $0.value >= 0x20 && $0 != "/" && $0.value != 0x7F }
        let cleaned = String(String.UnicodeScalarView(base)).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        return cleaned.isEmpty ? fallback : cleaned
    }
}
