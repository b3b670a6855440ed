import Foundation
import HomeCrewCore

/// Reads a password without showing it: from a terminal with echo off, or the first line of
/// a file or of standard input.
enum PasswordInput {
    static func ask(_ prompt: String) throws -> String {
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        // The prompt only once echo is off: what is typed as soon as it shows is never displayed.
        FileHandle.standardError.write(Data(prompt.utf8))
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = Swift.readLine(strippingNewline: true), !line.isEmpty else { throw AccountProblem.noPassword }
        return line
    }

    static func firstLine(ofFile path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw PasswordFileError(path: path) }
        return try firstLine(of: data)
    }

    static func firstLineOfStandardInput() throws -> String {
        try firstLine(of: FileHandle.standardInput.readDataToEndOfFile())
    }

    private static func firstLine(of data: Data) throws -> String {
        let text = String(decoding: data, as: UTF8.self)
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : line
        guard !password.isEmpty else { throw AccountProblem.noPassword }
        return password
    }
}

struct PasswordFileError: HomeCrewError {
    let path: String
    var category: ErrorCategory { .notFound }
    var description: String { "cannot read the password file \(path)" }
}
