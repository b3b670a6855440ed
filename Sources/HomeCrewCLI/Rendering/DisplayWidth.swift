/// How many terminal columns text takes, as terminals count it (wcwidth): combining marks
/// and format characters take none, East Asian wide and fullwidth characters two, the rest
/// one. This is what keeps table columns straight for Devanagari, Arabic and CJK names.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        if scalar.isASCII { return 1 }  // most cells; skips the Unicode property lookup
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.value == 0x200B || (0x1160...0x11FF).contains(scalar.value) { return 0 }
        return isWide(scalar.value) ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, after Markus Kuhn's wcwidth.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329, 0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The width of text that may hold the SGR sequences HomeCrew itself adds (bold on, off).
    static func visible(_ text: String) -> Int {
        var width = 0, inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                inEscape = scalar != "m"
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                width += of(scalar)
            }
        }
        return width
    }

    /// `text` followed by spaces up to `width` columns.
    static func padded(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - visible(text)))
        return alignRight ? padding + text : text + padding
    }
}
