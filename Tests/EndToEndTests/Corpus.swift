import Foundation
import XCTest

/// The shared third-party corpus (`HOMECREW_CORPUS`, default `../shared/corpus`). Tests that
/// need it fail, not skip, when it is missing: CI always provides it.
enum Corpus {
    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["HOMECREW_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    static func file(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file(folder)).sorted().map { file("\(folder)/\($0)") }
    }

    /// MANIFEST.tsv rows: path → notes.
    static func manifest() throws -> [String: String] {
        let text = try String(contentsOfFile: file("MANIFEST.tsv"), encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count >= 7 { rows[fields[0]] = fields[6] }
        }
        return rows
    }
}
