import Foundation
import HomeCrewTestSupport
import XCTest

final class SearchTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        let demo = try homecrew.run(["demo", "--today", "2026-11-22"])
        XCTAssertEqual(demo.status, 0, demo.stderr)
    }

    override func tearDown() { homecrew.cleanUp() }

    /// Titles of the hits, in order.
    func titles(_ query: String, _ options: String...) throws -> [String] {
        let result = try homecrew.run(["search", query, "--all-households", "--format", "json"] + options)
        XCTAssertEqual(result.status, 0, "\(query): \(result.stderr)")
        let hits = try jsonArray(result.stdout)
        return hits.map { $0["title"] as? String ?? "" }
    }

    func testQueryLanguage() throws {
        let asha = "Asha's employment contract", maria = "Maria's nanny agreement"
        XCTAssertEqual(Set(try titles("notice period")), [asha, maria], "all words must match")
        XCTAssertEqual(try titles("\"one month\""), [asha], "exact phrase")
        XCTAssertEqual(try titles("\"month one\""), [], "a phrase keeps its order")
        XCTAssertEqual(Set(try titles("confidential*")), [asha], "prefix")
        XCTAssertEqual(Set(try titles("confidentiality OR children")), [asha, maria])
        XCTAssertEqual(try titles("notice -children"), [asha])
        XCTAssertEqual(try titles("notice NOT children"), [asha])
        XCTAssertEqual(Set(try titles("(children OR cooking) notice")), [asha, maria])
        XCTAssertEqual(try titles("staff:ramesh"), ["Ramesh's driving licence (scan)"])
        // The renewed passport's staff and kind came from its zone, applied as the demo filed it.
        XCTAssertEqual(Set(try titles("staff:\"Maria Luisa\" kind:passport")), ["Maria's passport (phone photo)", "Maria's renewed passport (scan)"])
        XCTAssertEqual(Set(try titles("household:marina kind:contract")), [maria])
        XCTAssertEqual(Set(try titles("title:visa")), ["Fatima's residence visa", "Fatima's visa (scan, not yet applied)"])
        XCTAssertEqual(Set(try titles("salaries")), [asha, maria], "stemming: salaries finds salary")
        XCTAssertEqual(Set(try titles("agreements")), [maria], "stemming: agreements finds agreement")
        XCTAssertEqual(Set(try titles("CONFIDENTIAL")), [asha], "case-insensitive")
    }

    func testFilters() throws {
        XCTAssertEqual(try titles("contract", "--kind", "contract").count, 2)
        XCTAssertEqual(try titles("notice", "--staff", "Maria"), ["Maria's nanny agreement"])
        let scoped = try homecrew.run(["search", "notice", "--household", "Sea View House", "--format", "json"])
        XCTAssertEqual((try jsonArray(scoped.stdout)).count, 1)
        XCTAssertEqual(try titles("notice", "--added-from", "2000-01-01").count, 2)
        XCTAssertEqual(try titles("notice", "--added-to", "2000-01-01"), [])
        XCTAssertEqual(try titles("notice", "--limit", "1").count, 1)
        let implicit = try homecrew.run(["search", "notice"])
        XCTAssertEqual(implicit.stderr, "household: Sea View House (active)\n")
    }

    func testRankingPutsTitleAndStaffMatchesAboveBodyMatches() throws {
        // "confidential…" is twice in a short passage of Asha's contract (its clause heading and
        // text); a new document has it once, in a long title. The title match must still win.
        let title = "Pledge on confidentiality signed by everyone who works in the house, with the house rules"
        try homecrew.ok("doc", "add", Samples.fixture("swatch-1.png"), "--title", title, "--household", "Sea View House")
        XCTAssertEqual(try titles("confidentiality"), [title, "Asha's employment contract"])
        // "Maria" only in the agreement's text (after unlinking and retitling it), and only as the
        // linked staff member of a new document.
        let agreement = try id(of: "Maria's nanny agreement")
        try homecrew.ok("doc", "unlink", agreement, "--staff", "Maria")
        try homecrew.ok("doc", "edit", agreement, "--title", "Nanny agreement")
        try homecrew.ok("doc", "add", Samples.fixture("swatch-2.png"), "--title", "Pledge", "--household", "Marina Apartment",
                        "--staff", "Maria", "--kind", "certificate")
        let hits = try titles("maria", "--kind", "certificate") + (try titles("maria", "--kind", "contract"))
        XCTAssertEqual(hits, ["Pledge", "Nanny agreement"])
        let mixed = try titles("maria -passport")
        XCTAssertEqual(mixed, ["Pledge", "Nanny agreement"], "the staff-name match ranks above the body match")
    }

    func testSnippetsMarkTheMatchAndNameThePage() throws {
        let result = try homecrew.run(["search", "\"notice period\"", "--staff", "Asha", "--format", "json"])
        let hit = try XCTUnwrap(jsonArray(result.stdout).first)
        XCTAssertEqual(hit["page"] as? Int, 1)
        XCTAssertTrue((hit["snippet"] as? String ?? "").contains("a [notice period] of one month"), "\(hit)")
        let table = try homecrew.ok("search", "schedule", "--staff", "Asha")
        XCTAssertTrue(table.contains("  3     "), "a later page is named: \(table)")
        XCTAssertTrue(table.contains("[Schedule]"), table)
    }

    /// On a terminal (script(1) gives the command one) matches are bold; NO_COLOR turns that off.
    func testHighlightsAreBoldOnATerminalUnlessNoColorIsSet() throws {
        func onTerminal(noColor: String?) throws -> String {
            let process = Process(), output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            let command = [HomeCrewProcess.binary.path, "search", "schedule", "--staff", "Asha", "--vault", homecrew.vault.path]
                .map { "'\($0)'" }.joined(separator: " ")
            process.arguments = ["-qec", command, "/dev/null"]
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = noColor
            process.environment = environment
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, text)
            return text
        }
        let bold = try onTerminal(noColor: nil)
        XCTAssertTrue(bold.contains("\u{1B}[1mSchedule\u{1B}[0m"), bold)
        for value in ["1", "true"] {
            let plain = try onTerminal(noColor: value)
            XCTAssertTrue(plain.contains("Schedule"), plain)
            XCTAssertFalse(plain.contains("\u{1B}["), "NO_COLOR=\(value): \(plain)")
        }
        XCTAssertTrue(try onTerminal(noColor: "").contains("\u{1B}[1m"), "an empty NO_COLOR does not count (no-color.org)")
    }

    func testEditsAndRemovalsAreReflectedAtOnce() throws {
        let contract = try id(of: "Maria's nanny agreement")
        try homecrew.ok("doc", "edit", contract, "--title", "Kindermädchen Vertrag")
        XCTAssertEqual(try titles("title:kindermadchen"), ["Kindermädchen Vertrag"], "diacritics ignored, edit seen at once")
        try homecrew.ok("staff", "edit", "Maria", "--name", "Maria Luisa Reyes")
        let passports: Set = ["Maria's passport (phone photo)", "Maria's renewed passport (scan)"]
        XCTAssertEqual(Set(try titles("staff:reyes")), passports.union(["Kindermädchen Vertrag"]))
        try homecrew.ok("doc", "unlink", contract, "--staff", "Maria")
        XCTAssertEqual(Set(try titles("staff:reyes")), passports)
        try homecrew.ok("household", "edit", "Marina Apartment", "--name", "Palm Villa")
        XCTAssertEqual(Set(try titles("household:palm kind:passport")), passports)
        try homecrew.ok("doc", "remove", contract)
        XCTAssertEqual(try titles("children"), [], "a removed document is never found")
        XCTAssertTrue(try homecrew.ok("vault", "reindex").hasPrefix("Rebuilt the search index: "))
        XCTAssertEqual(Set(try titles("staff:reyes")), passports)
    }

    func testASyntaxErrorIsOneLineOfExplanation() throws {
        for (query, message) in [("\"notice period", "a quote is not closed: close the phrase with \""),
                                 ("visa OR", "OR needs a word on each side (or after NOT)"),
                                 ("colour:red", "unknown field 'colour:'; use staff:, kind:, household: or title:")] {
            let result = try homecrew.run(["search", query])
            XCTAssertEqual(result.status, 64, query)
            XCTAssertEqual(result.stderr, "error: \(message)\n", query)
        }
    }

    /// Arabic, Persian and Hebrew drawn glyph by glyph, as presentation forms in visual order (as
    /// Qt/wkhtmltopdf and office tools write them), are found by words typed on a keyboard.
    func testPresentationFormPDFsAreFoundByKeyboardWords() throws {
        try homecrew.ok(["doc", "add", "--household", "Sea View House", "--no-ocr"]
                        + ["arabic", "persian", "hebrew"].map { Samples.fixture("\($0)-presentation-forms.pdf") })
        let expectations: [(String, String)] = [
            ("الراتب", "arabic-presentation-forms"), ("درهم", "arabic-presentation-forms"), ("\"الإجازة السنوية\"", "arabic-presentation-forms"),
            ("پرستار", "persian-presentation-forms"), ("\"حقوق ماهانه\"", "persian-presentation-forms"), ("کودک", "persian-presentation-forms"),
            ("שכר", "hebrew-presentation-forms"), ("בית", "hebrew-presentation-forms"), ("\"חופשה שנתית\"", "hebrew-presentation-forms"),
        ]
        for (words, title) in expectations {
            XCTAssertEqual(try titles(words), [title], words)
        }
        // Words typed with the presentation forms themselves are found too (NFKC on both sides).
        XCTAssertEqual(try titles("\u{FEA9}\u{FEAD}\u{FEEB}\u{FEE2}"), ["arabic-presentation-forms"], "درهم as its four glyphs")
        let snippet = try XCTUnwrap(jsonArray(homecrew.run(["search", "درهم", "--all-households", "--format", "json"]).stdout).first?["snippet"] as? String)
        XCTAssertTrue(snippet.contains("[درهم]"), snippet)
    }

    func testWordsInEveryScriptAreFound() throws {
        try homecrew.ok(["doc", "add", "--household", "Azabu Flat"] + (try ["udhr_Hans.CMN_Sans_12.pdf", "jo.pdf", "vertical.pdf",
            "udhr_Deva.HIN_Serif_12.pdf", "issue11656.pdf", "habibi.pdf", "GeoTopo-komprimiert.pdf"].map { try Corpus.file("pdf/\($0)") }))
        let expectations: [(String, String)] = [
            ("人权", "udhr_Hans.CMN_Sans_12"), ("世界人权宣言", "udhr_Hans.CMN_Sans_12"),
            ("現象", "jo"), ("日本語", "vertical"), ("मानव", "udhr_Deva.HIN_Serif_12"),
            ("घोषणा", "udhr_Deva.HIN_Serif_12"), ("שלום", "issue11656"), ("حبيبي", "habibi"), ("حَبيبي", "habibi"),
            ("topologie", "GeoTopo-komprimiert"),
        ]
        for (word, title) in expectations {
            XCTAssertEqual(Set(try titles(word)), [title], word)
        }
        let chinese = try homecrew.run(["search", "人权", "--household", "Azabu Flat", "--format", "json"])
        let snippet = (try jsonArray(chinese.stdout)).first?["snippet"] as? String
        XCTAssertTrue(snippet?.contains("世界[人权]宣言") ?? false, snippet ?? "no snippet")
    }

    private func id(of title: String) throws -> String {
        let documents = try homecrew.jsonArray("doc", "list", "--all-households")
        return try XCTUnwrap(documents.first { $0["title"] as? String == title }?["id"] as? String)
    }
}
