import Foundation

/// The shared third-party corpus, for every test target that reads it (`HOMECREW_CORPUS`, default `../shared/corpus`). Tests that
/// need it fail, not skip, when it is missing: CI always provides it.
public enum Corpus {
    public static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["HOMECREW_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    public static func file(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    public static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file(folder)).sorted().map { file("\(folder)/\($0)") }
    }

    /// MANIFEST.tsv rows: path → notes.
    public static func manifest() throws -> [String: String] {
        let text = try String(contentsOfFile: file("MANIFEST.tsv"), encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count >= 7 { rows[fields[0]] = fields[6] }
        }
        return rows
    }
}
