import Foundation
import XCTest

/// The shared third-party corpus, for the tests that read real files made by others. It is found
/// only through `HOMECREW_CORPUS` (`.ci/run` sets it). Unset, every corpus test is skipped with a
/// reason that names the variable; set to something that is not a corpus, the test fails, because
/// that is a broken setup and not a missing one.
public enum Corpus {
    public static let variable = "HOMECREW_CORPUS"

    public static func directory() throws -> URL {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else {
            throw XCTSkip("\(variable) is not set: this test reads the third-party corpus (see .ci/run)")
        }
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: url.appendingPathComponent("MANIFEST.tsv").path) else {
            throw CorpusMissing(path: path)
        }
        return url
    }

    public static func file(_ relative: String) throws -> String { try directory().appendingPathComponent(relative).path }

    public static func files(in folder: String) throws -> [String] {
        let base = try file(folder)
        return try FileManager.default.contentsOfDirectory(atPath: base).sorted().map { "\(base)/\($0)" }
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

    struct CorpusMissing: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(Corpus.variable)=\(path) holds no MANIFEST.tsv: point it at the corpus or unset it" }
    }
}

/// The shared independent reference values, found only through `HOMECREW_REFERENCE` (CI sets it);
/// unset, the test that reproduces them is skipped with that reason. Tests read neither variable but
/// through `Corpus` and `ReferenceData`: CI's corpus phase runs exactly the tests that these skips
/// name, so a test that reads the corpus another way would escape it (`.ci/corpus-phase` checks).
public enum ReferenceData {
    public static let variable = "HOMECREW_REFERENCE"

    public static func directory() throws -> URL {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else {
            throw XCTSkip("\(variable) is not set: this test reproduces the shared reference values (see .ci/run)")
        }
        return URL(fileURLWithPath: path)
    }
}

/// The project's own files: the demo documents (`Samples/documents`) and the small fixtures that
/// `Samples/make-fixtures.py` made (`Samples/fixtures`). These are always there, so the tests that
/// use them run on a bare clone.
public enum Samples {
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    public static func document(_ name: String) -> String { directory.appendingPathComponent("documents/\(name)").path }
    public static func fixture(_ name: String) -> String { directory.appendingPathComponent("fixtures/\(name)").path }

    public static func fixtures(matching prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("fixtures").path)
            .filter { $0.hasPrefix(prefix) }.sorted().map(fixture)
    }

    /// Every demo document: two text PDFs, a scan, a HEIC photo and a sideways JPEG.
    public static func documents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("documents").path).sorted().map(document)
    }
}

extension Samples {
    /// `count` copies of a file that differ only in a marker appended after its end (PDF, JPEG and
    /// PNG readers ignore trailing bytes), so that each is a new object in the vault.
    public static func uniqueCopies(of source: String, count: Int, into folder: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
        let ext = URL(fileURLWithPath: source).pathExtension
        return try (0..<count).map { index in
            let path = folder.appendingPathComponent(String(format: "%@-%03d.%@", name, index, ext)).path
            try (bytes + Data("\nhomecrew test copy \(index)\n".utf8)).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// A PDF of `source`'s pages `count` times over, made by poppler's `pdfunite` at `path`.
    public static func repeatedPDF(_ source: String, count: Int, at path: String) throws -> String {
        let unite = Process()
        unite.executableURL = URL(fileURLWithPath: "/usr/bin/pdfunite")
        unite.arguments = Array(repeating: source, count: count) + [path]
        try unite.run()
        unite.waitUntilExit()
        guard unite.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        return path
    }
}
