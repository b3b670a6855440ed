import Foundation
import HomeCrewPaperText
import XCTest
@testable import HomeCrewWeb

/// The web pages' catalogs against the code: every message the code asks for (`t`, `tPlural`, found
/// in the source) is in the English catalog and translated in every other language, with the same
/// placeholders and as many plural forms as the language has; nothing else is in the catalogs.
final class WebCatalogTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/HomeCrewWeb")

    func testEveryMessageIsALiteralAndTheEnglishCatalogsHoldExactlyTheMessagesUsed() throws {
        let scan = try MessageScan.of(folder: Self.sources)
        XCTAssertEqual(scan.notLiteral, [], "t() and tPlural() take string literals only (values go in placeholders)")
        XCTAssertGreaterThan(scan.used.count, 100, "the scan finds the pages' messages")
        let english = try Catalogs.read(Self.sources.appendingPathComponent("Catalogs/en"))
        let missing = Set(scan.used.keys).subtracting(english.entries.keys).map(\.description).sorted()
        let unused = Set(english.entries.keys).subtracting(scan.used.keys).map(\.description).sorted()
        XCTAssertEqual(missing, [], "messages the code uses that catalogs/en lacks")
        XCTAssertEqual(unused, [], "messages catalogs/en holds that no code uses")
        for (key, plural) in scan.used where english.entries[key]?.plural != plural {
            XCTFail("\(key): the code's plural is \(plural ?? "none"), catalogs/en's is \(english.entries[key]?.plural ?? "none")")
        }
        XCTAssertEqual(english.conflicts, [])
    }

    func testEveryLanguageTranslatesEveryMessageWithItsPlaceholdersAndPluralForms() throws {
        let used = try MessageScan.of(folder: Self.sources).used
        for language in WebText.languages where language.tag != "en" {
            let catalog = try Catalogs.read(Self.sources.appendingPathComponent("Catalogs/\(language.tag)"))
            XCTAssertEqual(catalog.conflicts, [], "\(language.tag): two files translate a message differently")
            XCTAssertEqual(Set(catalog.entries.keys).subtracting(used.keys).map(\.description).sorted(), [], "\(language.tag): messages no code uses")
            for (key, plural) in used {
                guard let entry = catalog.entries[key], entry.isTranslated else {
                    XCTFail("\(language.tag): \(key) is not translated"); continue
                }
                let wanted = Self.placeholders(key.id).union(plural.map(Self.placeholders) ?? [])
                if plural == nil {
                    XCTAssertEqual(entry.translations.count, 1, "\(language.tag): \(key)")
                    XCTAssertEqual(Self.placeholders(entry.translations[0]), wanted, "\(language.tag): \(key)")
                    continue
                }
                XCTAssertEqual(entry.translations.count, catalog.rule.count, "\(language.tag): \(key) needs \(catalog.rule.count) plural forms")
                // A form may say the count in words ("يومان", two days): {count} alone may be left out.
                for form in entry.translations {
                    let found = Self.placeholders(form)
                    XCTAssertTrue(found.isSubset(of: wanted) && wanted.subtracting(["count"]).isSubset(of: found),
                                  "\(language.tag): \(key): \(form) has \(found.sorted()), wants \(wanted.sorted())")
                }
            }
        }
    }

    /// The catalogs as the program reads them (from its resources): Arabic and Hindi words, English for a message a catalog lacks.
    func testThePagesWordsAreReadFromTheInstalledCatalogs() throws {
        XCTAssertNoThrow(try WebText.checkCatalogs())
        XCTAssertEqual(WebText(language: "ar").text("Sign in", [:], context: nil), "تسجيل الدخول")
        XCTAssertEqual(WebText(language: "hi").text("Sign in", [:], context: nil), "साइन इन")
        XCTAssertEqual(WebText(language: "ar").text("A message no catalog has: {x}", ["x": "1"], context: nil), "A message no catalog has: \u{200E}1",
                       "English for a message a catalog lacks, its figure marked left to right on a right-to-left page")
        XCTAssertEqual(WebText(language: "hi").text("A message no catalog has: {x}", ["x": "1"], context: nil), "A message no catalog has: 1")
        XCTAssertEqual(WebText(language: "xx").language, "en")
        XCTAssertEqual(WebText(language: "ar").plural("{count} change", "{count} changes", count: 2, [:], context: nil), "تغييران")
        XCTAssertEqual(WebText(language: "ar").plural("{count} change", "{count} changes", count: 7, [:], context: nil), "7 تغييرات")
        XCTAssertEqual(WebText(language: "en").plural("{count} change", "{count} changes", count: 1, [:], context: nil), "1 change")
        XCTAssertEqual(WebText(language: "ja").text("Due", [:], context: "navigation"), "期限")
    }

    static func placeholders(_ text: String) -> Set<String> { PaperText.placeholders(text) }
}

/// One language's catalog files merged, and the keys two of its files translate differently.
struct Catalogs {
    var entries: [POKey: POEntry] = [:]
    var conflicts: [String] = []
    var rule: PluralRule

    static func read(_ folder: URL) throws -> Catalogs {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".po") }.sorted()
        let files = try names.map { try POCatalog(parsing: String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        guard let first = files.first else { throw XCTSkip("no catalog in \(folder.path)") }
        var result = Catalogs(rule: try first.pluralRule())
        for (name, file) in zip(names, files) {
            XCTAssertNotNil(file.header["Language"], "\(name): a PO header with Language:")
            XCTAssertEqual(file.header["Plural-Forms"], first.header["Plural-Forms"], "\(folder.lastPathComponent)/\(name): one Plural-Forms per language")
            for (key, entry) in file.entries {
                if let earlier = result.entries[key], earlier.translations != entry.translations || earlier.plural != entry.plural {
                    result.conflicts.append("\(folder.lastPathComponent)/\(name): \(key)")
                }
                result.entries[key] = result.entries[key] ?? entry
            }
        }
        return result
    }
}

/// The `t("…")` and `tPlural("…", "…")` calls of Swift source: their keys (with `context:`), and
/// where a call's message is not a plain string literal. Comments and the insides of strings are
/// skipped; calls inside string interpolations are found.
struct MessageScan {
    var used: [POKey: String?] = [:]
    var notLiteral: [String] = []

    static func of(folder: URL) throws -> MessageScan {
        var scan = MessageScan()
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            var reader = SourceReader(text: Array(try String(contentsOf: file, encoding: .utf8).unicodeScalars))
            _ = reader.code(from: 0, untilClose: false)
            for call in reader.calls {
                let line = reader.text[..<call.open].filter { $0 == "\n" }.count + 1
                guard let found = reader.message(call) else { scan.notLiteral.append("\(file.lastPathComponent):\(line)"); continue }
                scan.used[found.key] = found.plural
            }
        }
        scan.notLiteral.sort()
        return scan
    }
}

struct SourceReader {
    let text: [Unicode.Scalar]
    var calls: [(plural: Bool, open: Int)] = []

    private func starts(_ prefix: String, at index: Int) -> Bool {
        let scalars = Array(prefix.unicodeScalars)
        return index + scalars.count <= text.count && Array(text[index..<index + scalars.count]) == scalars
    }

    private func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "."
    }

    /// Reads code from `index`; with `untilClose`, stops at the `)` closing the parenthesis being read (its index).
    mutating func code(from start: Int, untilClose: Bool) -> Int {
        var index = start, depth = 0
        while index < text.count {
            if starts("//", at: index) {
                while index < text.count, text[index] != "\n" { index += 1 }
                continue
            }
            if starts("/*", at: index) {
                while index < text.count, !starts("*/", at: index) { index += 1 }
                index += 2
                continue
            }
            if text[index] == "\"" { index = string(from: index); continue }
            if text[index] == "(" { depth += 1 } else if text[index] == ")" {
                if depth == 0, untilClose { return index }
                depth -= 1
            } else if index == 0 || !isIdentifier(text[index - 1]) {
                for (name, plural) in [("tPlural(", true), ("t(", false)] where starts(name, at: index) && !precededByFunc(index) {
                    let open = index + name.unicodeScalars.count - 1
                    calls.append((plural, open))
                    index = code(from: open + 1, untilClose: true)
                    break
                }
            }
            index += 1
        }
        return index
    }

    private func precededByFunc(_ index: Int) -> Bool { index >= 5 && String(String.UnicodeScalarView(text[(index - 5)..<index])) == "func " }

    /// Skips a string literal (one or three quotes) starting at `start`, reading its interpolations as code.
    mutating func string(from start: Int) -> Int {
        let multiline = starts("\"\"\"", at: start)
        var index = start + (multiline ? 3 : 1)
        while index < text.count {
            if starts("\\(", at: index) { index = code(from: index + 2, untilClose: true) + 1; continue }
            if text[index] == "\\" { index += 2; continue }
            if multiline ? starts("\"\"\"", at: index) : text[index] == "\"" { return index + (multiline ? 3 : 1) }
            index += 1
        }
        return index
    }

    /// A plain one-line literal at `index` (no interpolation), and the index after it.
    func literal(at start: Int) -> (String, Int)? {
        guard start < text.count, text[start] == "\"", !starts("\"\"\"", at: start) else { return nil }
        var value = String.UnicodeScalarView(), index = start + 1
        while index < text.count, text[index] != "\"" {
            guard text[index] == "\\" else { value.append(text[index]); index += 1; continue }
            let escaped = text[index + 1]
            switch escaped {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "\"", "\\", "'": value.append(escaped)
            case "u":
                guard let close = text[index...].firstIndex(of: "}"),
                      let code = UInt32(String(String.UnicodeScalarView(text[(index + 3)..<close])), radix: 16),
                      let scalar = Unicode.Scalar(code) else { return nil }
                value.append(scalar)
                index = close + 1
                continue
            default: return nil   // "\(": interpolated
            }
            index += 2
        }
        return (String(value), index + 1)
    }

    func skipSpaces(_ start: Int) -> Int {
        var index = start
        while index < text.count, [" ", "\n", "\t", ","].contains(text[index]) { index += 1 }
        return index
    }

    /// The call's key and English plural; nil when its message is not literal.
    mutating func message(_ call: (plural: Bool, open: Int)) -> (key: POKey, plural: String?)? {
        let saved = calls
        defer { calls = saved }
        guard let (one, afterOne) = literal(at: skipSpaces(call.open + 1)) else { return nil }
        var plural: String?, index = afterOne
        if call.plural {
            guard let (other, afterOther) = literal(at: skipSpaces(afterOne)) else { return nil }
            plural = other
            index = afterOther
        }
        let close = code(from: call.open + 1, untilClose: true)
        return (POKey(context: context(from: index, to: close), id: one), plural)
    }

    /// The `context: "…"` argument among the call's own (not a nested call's).
    private mutating func context(from start: Int, to end: Int) -> String? {
        var index = start, depth = 0
        while index < end {
            if text[index] == "\"" { index = string(from: index); continue }
            if "([".unicodeScalars.contains(text[index]) { depth += 1 } else if ")]".unicodeScalars.contains(text[index]) { depth -= 1 }
            if depth == 0, starts("context:", at: index) {
                var value = index + 8
                while value < end, text[value] == " " { value += 1 }
                return literal(at: value)?.0
            }
            index += 1
        }
        return nil
    }
}
