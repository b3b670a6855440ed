import Foundation
import HomeCrewTestSupport
import XCTest
import HomeCrewCore
@testable import HomeCrewVault
@testable import HomeCrewMedia

/// HomeCrew's PDF text against `pdftotext`, poppler's own tool: of pdftotext's words (NFKC,
/// case-folded, two letters or more; Chinese and Japanese one character at a time, so that
/// vertical writing compares per character), at least 97% must be in HomeCrew's text of the
/// same file. Prints the table it judged.
final class PDFTextQualityTests: XCTestCase {
    static let threshold = 0.97

    func testTheProjectsOwnPDFsReadAsCompletelyAsPdftotext() throws {
        let pdfs = try (Samples.documents() + Samples.fixtures(matching: "")).filter { $0.hasSuffix(".pdf") }
        let passwords = [Samples.fixture("locked-aes256.pdf"): "usersecret"]
        try compare(pdfs, passwords: passwords)
    }

    func testEveryCorpusPDFThatOpensReadsAsCompletelyAsPdftotext() throws {
        let pdfs = try Corpus.files(in: "pdf") + Corpus.files(in: "broken").filter { $0.hasSuffix(".pdf") }
        let passwords = Dictionary(uniqueKeysWithValues: try ExtractionCorpusTests.passwords.map { (try Corpus.file("pdf/\($0.key)"), $0.value) })
        try compare(pdfs, passwords: passwords)
    }

    private func compare(_ pdfs: [String], passwords: [String: String]) throws {
        var table = ["agreement  words  file"]
        var compared = 0
        for path in pdfs {
            let password = passwords[path]
            // A file pdftotext cannot read (no text layer, or too damaged) has nothing to compare.
            guard let reference = try Self.pdftotext(path, password: password) else { continue }
            let expected = Self.words(reference)
            guard !expected.isEmpty else { continue }
            let content = ExtractionWorker.extractInProcess(path: path, type: .pdf, password: password).content
            let ours = Self.words(content.pages.map(\.text).joined(separator: "\n"))
            let agreement = Double(expected.intersection(ours).count) / Double(expected.count)
            let name = (path as NSString).lastPathComponent
            table.append(String(format: "%9.3f  %5d  %@", agreement, expected.count, name))
            XCTAssertGreaterThanOrEqual(agreement, Self.threshold,
                                        "\(name): missing \(expected.subtracting(ours).sorted().prefix(12))")
            compared += 1
        }
        print(table.joined(separator: "\n"))
        XCTAssertGreaterThan(compared, 0, "no PDF was compared")
    }

    /// pdftotext's text of the whole file, or nil when it reads nothing.
    static func pdftotext(_ path: String, password: String?) throws -> String? {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = (password.map { ["-upw", $0] } ?? []) + ["-enc", "UTF-8", path, "-"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// The words of a text: NFKC, case-folded, split at anything that is not a letter, mark or
    /// digit; two characters or more, except Chinese and Japanese, one character each.
    static func words(_ text: String) -> Set<String> {
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
        var words: Set<String> = []
        var current = String.UnicodeScalarView()
        func flush() {
            if current.count >= 2 { words.insert(String(current)) }
            current = String.UnicodeScalarView()
        }
        for scalar in folded.unicodeScalars {
            if SearchText.isCJK(scalar) {
                flush()
                words.insert(String(scalar))
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark {
                current.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return words
    }
}
