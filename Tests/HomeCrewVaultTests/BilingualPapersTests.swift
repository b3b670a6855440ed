import Foundation
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewPaperText
@testable import HomeCrewVault

/// Papers in the worker's own language: a person whose language differs from the household's gets
/// every label and sentence in theirs with the household's under it, the figures and dates as each
/// locale writes them, and the sentence saying which text governs. Read back with poppler.
final class BilingualPapersTests: XCTestCase {
    /// A name in each language's script.
    static let people: [String: String] = [
        "en": "Grace Wanjiru Otieno", "fil": "Maria Luisa Santos", "id": "Siti Rahayu", "hi": "सुनीता देवी", "ne": "सीता गुरुङ",
        "ta": "கவிதா முருகன்", "bn": "রহিমা খাতুন", "ar": "فاطمة الزهراء", "si": "කුමාරි පෙරේරා", "ur": "زینب بی بی",
        "zh-Hant": "陳美玲", "ja": "山田 花子",
    ]

    func words(_ tag: String) throws -> PaperWords { try PaperWords.of(tag) }

    /// A paper as poppler reads it: `pdftotext` for left-to-right languages; for Arabic and Urdu
    /// `pdftotext -raw`, which gives each right-to-left run's letters in the order they are read (the
    /// default layout reorders them around the digits), but the runs of a line in the order drawn.
    struct Reading {
        let text: String, raw: String
        init(_ pdf: [UInt8]) throws {
            (text, raw) = (try PopplerTool.run("pdftotext", pdf), try PopplerTool.run("pdftotext", pdf, options: ["-raw"]))
        }
    }

    func reads(_ reading: Reading, _ expected: String, rightToLeft: Bool = false, _ message: String,
               file: StaticString = #filePath, line: UInt = #line) {
        guard rightToLeft else {
            return XCTAssertTrue(PaperScriptsTests.reads(reading.text, back: expected), "\(message): «\(expected)» in \(reading.text)", file: file, line: line)
        }
        // Word by word, letters, marks and digits only: the runs of a line come in the order drawn.
        let text = Self.lettersAndDigits(reading.raw)
        let missing = expected.split(whereSeparator: \.isWhitespace).map { Self.lettersAndDigits(String($0)) }.filter { !$0.isEmpty && !text.contains($0) }
        XCTAssertEqual(missing, [], "\(message): «\(expected)» in \(reading.raw)", file: file, line: line)
    }

    /// Letters, marks and digits in order; a lam-alef ligature as poppler gives it back (alef, then lam).
    static func lettersAndDigits(_ text: String) -> String {
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter {
            $0.properties.isAlphabetic || $0.properties.generalCategory == .nonspacingMark || $0.properties.numericType != nil
        }))
        var result = "", pending: Character?
        for character in kept {
            if let lam = pending {
                if "اأإآى".contains(character) { result += String(character) + String(lam) } else { result += String(lam) + String(character) }
                pending = nil
            } else if character == "ل" {
                pending = character
            } else {
                result.append(character)
            }
        }
        return result + (pending.map(String.init) ?? "")
    }

    func household(_ tag: String?) throws -> Household {
        var household = SamplePapers.household
        household.language = try tag.map(StaffLanguage.init(parsing:))
        return household
    }

    func person(_ tag: String, in household: Household) throws -> StaffMember {
        var member = try SamplePapers.member(try XCTUnwrap(Self.people[tag]))
        member.householdID = household.id
        member.language = try StaffLanguage(parsing: tag)
        return member
    }

    /// One settlement (resigned 30 September 2026, owed 15,000 rupees) printed in each of the twelve
    /// languages, the household writing it too: each gives back the name, the total and the last day
    /// as its locale writes them, its own title and a worked step from its catalog.
    func testOneSettlementInEveryLanguageReadsBackItsAmountsDatesAndName() throws {
        XCTAssertEqual(PaperLanguages.all.count, 12)
        for language in PaperLanguages.all {
            let tag = language.tag, words = try words(tag)
            let household = try household(tag), member = try person(tag, in: household)
            let reading = try Reading(SettlementRenderer.pdf(try SamplePapers.statement(member, household: household)))
            let rtl = language.rightToLeft
            let step = WorkedStep(.finalPay, ["month": .month(try YearMonth(parsing: "2026-09")),
                                              "due": .amount(try Money(parsing: "15000", currency: Currency(code: "INR"))),
                                              "paid": .amount(try Money(parsing: "0", currency: Currency(code: "INR")))])
            reads(reading, try XCTUnwrap(Self.people[tag]), rightToLeft: rtl, "\(tag): the name as typed")
            // English in an English household: the paper HomeCrew has always printed.
            let english = tag == "en"
            reads(reading, english ? "15000.00 INR" : words.format.money(15000, currency: try Currency(code: "INR")), rightToLeft: rtl, "\(tag): the total")
            reads(reading, english ? "2026-09-30" : words.format.longDate(try SamplePapers.date("2026-09-30")), rightToLeft: rtl, "\(tag): the last day")
            reads(reading, words.text.text(.settlementTitle), rightToLeft: rtl, "\(tag): the title")
            reads(reading, english ? step.description : words.step(step), rightToLeft: rtl, "\(tag): the final pay's working from the catalog")
            if !english {
                XCTAssertFalse(reading.text.contains("Final settlement"), "\(tag): one language, no English: \(reading.text)")
                XCTAssertFalse(reading.text.contains("In case of any difference"), "\(tag): nothing governs a paper in one language")
            }
        }
    }

    /// For each language but English, a worker of an English household: the payslip, the receipt and
    /// the settlement in the worker's language with the English under it, and the English text governing.
    func testEachLanguagesWorkerGetsThreePapersInTheirLanguageWithTheHouseholdsBeside() throws {
        let english = try words("en"), inr = try Currency(code: "INR")
        let household = try household(nil)
        for language in PaperLanguages.all where language.tag != "en" {
            let tag = language.tag, words = try words(tag), name = try XCTUnwrap(Self.people[tag])
            let member = try person(tag, in: household)
            let payslip = try Reading(PayslipRenderer.pdf(try SamplePapers.payslip(member, household: household)))
            let receipt = try Reading(ReceiptRenderer.pdf(try SamplePapers.receipt(member, household: household)))
            let statement = try Reading(SettlementRenderer.pdf(try SamplePapers.statement(member, household: household)))
            let rtl = language.rightToLeft
            for (kind, reading) in [("payslip", payslip), ("receipt", receipt), ("settlement", statement)] {
                reads(reading, name, rightToLeft: rtl, "\(tag) \(kind): the name")
                reads(reading, words.governingText("en"), rightToLeft: rtl, "\(tag) \(kind): the English governs, said in \(tag)")
                reads(reading, english.governingText("en"), "\(tag) \(kind): and in English")
            }
            reads(payslip, words.text.text(.payslipTitle, ["month": words.format.month(of: try SamplePapers.date("2026-10-01"))]), rightToLeft: rtl,
                  "\(tag) payslip: title")
            reads(payslip, words.text.text(.netPay), rightToLeft: rtl, "\(tag) payslip: net pay label")
            reads(payslip, words.format.money(15000, currency: inr), rightToLeft: rtl, "\(tag) payslip: the net as the locale writes it")
            reads(payslip, "Net pay", "\(tag) payslip: the English under it")
            reads(receipt, words.text.text(.receiptOfPayment), rightToLeft: rtl, "\(tag) receipt: title")
            reads(receipt, words.format.longDate(try SamplePapers.date("2026-10-31")), rightToLeft: rtl, "\(tag) receipt: the day paid")
            reads(receipt, words.format.money(15000, currency: inr), rightToLeft: rtl, "\(tag) receipt: the amount")
            reads(receipt, "Receipt of payment", "\(tag) receipt: the English under it")
            reads(statement, words.text.text(.endedBy), rightToLeft: rtl, "\(tag) settlement: a label")
            reads(statement, words.text.text(PaperKey(LeavingReason.resignation)), rightToLeft: rtl, "\(tag) settlement: the reason")
            // The amount in words in each language ICU spells; a language it does not gives the figures only, never the English words twice.
            let englishCount = PaperScriptsTests.comparable(receipt.text).lowercased().components(separatedBy: "fifteenthousandrupees").count - 1
            XCTAssertEqual(englishCount, 2, "\(tag) receipt: English words only in the English text (its line and its sentence): \(receipt)")
            if let spelled = words.format.spelledOut(15000) { reads(receipt, spelled, rightToLeft: rtl, "\(tag) receipt: the amount in its words") }
        }
    }

    func testHindiGroupsInLakhsAndNepaliWritesDevanagariDigits() throws {
        let household = try household(nil)
        let hindi = try Reading(PayslipRenderer.pdf(try SamplePapers.payslip(try person("hi", in: household), salary: "1234567.50", household: household)))
        reads(hindi, "12,34,567.50", "lakh grouping")
        let nepali = try Reading(PayslipRenderer.pdf(try SamplePapers.payslip(try person("ne", in: household), salary: "1234567.50", household: household)))
        reads(nepali, "१२,३४,५६७.५०", "Devanagari digits")
        reads(nepali, "1,234,567.50", "and the English under it in its own")
    }

    func testAWorkerWhoReadsTheHouseholdsLanguageGetsOnePaperInIt() throws {
        let household = try household("hi")
        let reading = try Reading(PayslipRenderer.pdf(try SamplePapers.payslip(try person("hi", in: household), household: household)))
        reads(reading, try words("hi").text.text(.netPay), "in Hindi")
        XCTAssertFalse(reading.text.contains("Net pay"), "and only in Hindi: \(reading.text)")
        XCTAssertFalse(PaperScriptsTests.reads(reading.text, back: try words("hi").governingText("hi")), "nothing to govern")
    }

    /// Where a word is drawn across the page (its left edge, in points), from `pdftotext -bbox`; nil when absent.
    static func left(of word: String, in pdf: [UInt8]) throws -> Double? {
        let boxes = try PopplerTool.run("pdftotext", pdf, options: ["-bbox"])
        guard let line = boxes.split(separator: "\n").first(where: { $0.hasSuffix(">\(word)</word>") }),
              let start = line.range(of: "xMin=\""), let end = line[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return Double(line[start.upperBound..<end])
    }

    /// A paper whose worker reads Arabic or Urdu is drawn as they read: each label against the right
    /// margin (the household's English under it too), the amounts on the left, the worker's signature
    /// on the right; a Hindi one keeps the grid it always had.
    func testRightToLeftPapersPutTheirLabelsOnTheRightAndAmountsOnTheLeft() throws {
        let household = try household(nil), middle = PaperLayout.pageWidth / 2
        for (tag, mirrored) in [("ar", true), ("ur", true), ("hi", false)] {
            let member = try person(tag, in: household)
            let payslip = PayslipRenderer.pdf(try SamplePapers.payslip(member, household: household))
            let label = try XCTUnwrap(try Self.left(of: "Net", in: payslip), "\(tag): the English label"),
                amount = try XCTUnwrap(try Self.left(of: "₹15,000.00", in: payslip), "\(tag): the English amount")
            XCTAssertEqual(label > middle, mirrored, "\(tag) payslip: 'Net pay' at \(label)")
            XCTAssertEqual(amount < middle, mirrored, "\(tag) payslip: the net at \(amount)")
            let receipt = ReceiptRenderer.pdf(try SamplePapers.receipt(member, household: household))
            let method = try XCTUnwrap(try Self.left(of: "Method", in: receipt)), received = try XCTUnwrap(try Self.left(of: "Received", in: receipt))
            XCTAssertEqual(method > middle, mirrored, "\(tag) receipt: the label 'Method' at \(method)")
            XCTAssertEqual(received > middle, mirrored, "\(tag) receipt: the worker's signature at \(received)")
            let statement = SettlementRenderer.pdf(try SamplePapers.statement(member, household: household))
            let total = try XCTUnwrap(try Self.left(of: "Total", in: statement))
            XCTAssertEqual(total > middle, mirrored, "\(tag) settlement: 'Total' at \(total)")
        }
    }

    func testTheSameBilingualPaperGivesTheSameBytes() throws {
        let household = try household("ja")
        let member = try person("ar", in: household)
        let payslip = try SamplePapers.payslip(member, salary: "2800.50", "AED", household: household)
        XCTAssertEqual(PayslipRenderer.pdf(payslip), PayslipRenderer.pdf(payslip))
        let statement = try SamplePapers.statement(member, household: household)
        XCTAssertEqual(SettlementRenderer.pdf(statement), SettlementRenderer.pdf(statement))
        XCTAssertNotEqual(PayslipRenderer.pdf(payslip), PayslipRenderer.pdf(try SamplePapers.payslip(try SamplePapers.member("فاطمة الزهراء"), salary: "2800.50", "AED")),
                          "a language changes the paper")
    }
}
