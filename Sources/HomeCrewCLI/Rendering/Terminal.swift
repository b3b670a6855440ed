import Foundation

/// Writing to the user's terminal safely.
enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    /// Bold highlights only on a terminal, and never when NO_COLOR is set to anything (no-color.org).
    static var highlights: Bool {
        stdoutIsTerminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }

    static func printError(_ message: String) {
        writeStandardError("error: \(sanitize(message))\n")
    }

    /// A remark about what the command did, kept off standard output so that JSON and CSV
    /// stay clean for scripts.
    static func printNote(_ message: String) {
        writeStandardError("\(sanitize(message))\n")
    }

    static func writeStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Replaces control characters (ESC, BEL, C1 controls, bidirectional overrides…) with a
    /// visible escape, so that text from a record or a file can never drive the terminal.
    static func sanitize(_ text: String, keepNewlines: Bool = false) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if keepNewlines && scalar == "\n" {
                result.append(scalar)
            } else if isUnsafe(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Bidirectional embeddings, overrides and isolates can reorder what is shown.
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Asks a yes/no question on the terminal; anything but y or yes is no.
    static func confirm(_ question: String) -> Bool {
        writeStandardError("\(sanitize(question)) [y/N] ")
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first, text.dropFirst().first?.isLowercase ?? true else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
