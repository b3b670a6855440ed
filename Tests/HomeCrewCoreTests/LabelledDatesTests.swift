import XCTest
@testable import HomeCrewCore

final class LabelledDatesTests: XCTestCase {
    let today = try! CalendarDate(year: 2026, month: 11, day: 25)

    func dates(_ text: String, country: String? = nil) -> [String: String] {
        let reading = DocumentFacts.read(text: text, today: today, country: country)
        var result: [String: String] = [:]
        for fact in reading.facts where [.expiry, .issued, .birth].contains(fact.field) {
            result[fact.field.rawValue] = fact.value.description
        }
        return result
    }

    func testEnglishLabelsInEveryForm() {
        XCTAssertEqual(dates("Date of expiry: 14/03/2031"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("Expiry date 14 MAR 2031"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("VALID UNTIL 2031-03-14"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("Valid until: 14.03.2031"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("Date of issue 15-Mar-2021 Date of expiry 14 MAR/MARS 2031"),
                       ["issued": "2021-03-15", "expiry": "2031-03-14"])
        XCTAssertEqual(dates("Expires: March 14, 2031"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("Date of birth 21 MAY 1990"), ["birth": "1990-05-21"])
    }

    func testTheCountryDecidesTheOrderOfDayAndMonth() {
        XCTAssertEqual(dates("Date of expiry: 04/03/2031"), [:], "ambiguous without a country")
        XCTAssertEqual(dates("Date of expiry: 04/03/2031", country: "ARE"), ["expiry": "2031-03-04"])
        XCTAssertEqual(dates("Date of expiry: 04/03/2031", country: "AE"), ["expiry": "2031-03-04"])
        XCTAssertEqual(dates("Date of expiry: 04/03/2031", country: "US"), ["expiry": "2031-04-03"])
        // A date impossible in the country's order is no date, not a date read the other way.
        XCTAssertEqual(dates("Date of expiry: 14/03/2031", country: "USA"), [:])
        XCTAssertEqual(dates("Date of expiry: 03/14/2031", country: "IND"), [:])
        XCTAssertEqual(dates("Date of expiry: 03/14/2031"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("Date of expiry: 03/03/2031"), ["expiry": "2031-03-03"])
        XCTAssertNil(DateOrder.of(country: "United States"))
        XCTAssertEqual(DateOrder.of(country: "D"), .dayFirst, "a zone writes Germany as D")
    }

    func testTheZoneIssuingStateDecidesWhenNoCountryIsGiven() {
        let zone = ZoneReaderTests.passport(state: "USA", nationality: "USA").joined(separator: "\n")
        XCTAssertEqual(dates("Date of issue 04/03/2021\n" + zone)["issued"], "2021-04-03")
        let philippine = ZoneReaderTests.passport().joined(separator: "\n")
        XCTAssertEqual(dates("Date of issue 04/03/2021\n" + philippine)["issued"], "2021-03-04")
    }

    func testArabicLabelsAndDigits() {
        XCTAssertEqual(dates("تاريخ الانتهاء: ١٤/٠٣/٢٠٣١"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("تاريخ الإصدار ٢٠٢١-٠٣-١٥"), ["issued": "2021-03-15"])
        XCTAssertEqual(dates("تاريخ الاصدار: ۱۵/۰۳/۲۰۲۱"), ["issued": "2021-03-15"], "Persian digits, alef without hamza")
        // A bilingual line: both labels name the expiry, the date between or after them.
        XCTAssertEqual(dates("Expiry Date تاريخ الانتهاء 14/03/2031"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("\u{200F}تاريخ الميلاد\u{200F} ٢١/٠٥/١٩٩٠"), ["birth": "1990-05-21"])
    }

    func testHindiLabelsAndDevanagariDigits() {
        XCTAssertEqual(dates("समाप्ति की तिथि / Date of Expiry: 14/03/2031"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("जारी करने की तिथि: १५/०३/२०२१"), ["issued": "2021-03-15"])
        XCTAssertEqual(dates("समाप्ति 14/03/2031"), ["expiry": "2031-03-14"])
    }

    func testJapaneseLabelsAndEraDates() {
        XCTAssertEqual(dates("有効期限 令和13年3月14日"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("有効期限　令和１３年０３月１４日まで有効"), ["expiry": "2031-03-14"], "full-width")
        XCTAssertEqual(dates("発行年月日 平成31年4月30日"), ["issued": "2019-04-30"])
        XCTAssertEqual(dates("交付年月日 令和元年5月1日"), ["issued": "2019-05-01"])
        XCTAssertEqual(dates("発行年月日 2021年03月15日"), ["issued": "2021-03-15"])
        XCTAssertEqual(dates("生年月日 昭和64年1月7日"), ["birth": "1989-01-07"])
        // Outside its era: Heisei ended on 30 April 2019, Reiwa began on 1 May.
        XCTAssertEqual(dates("発行年月日 平成31年5月1日"), [:])
        XCTAssertEqual(dates("発行年月日 令和元年4月30日"), [:])
    }

    func testARowOfLabelsOverARowOfDatesPairsInOrder() {
        let text = """
        Date of issue          Date of expiry
        15 MAR 2021            14 MAR 2031
        """
        XCTAssertEqual(dates(text), ["issued": "2021-03-15", "expiry": "2031-03-14"])
        // Fewer dates than labels: which is which cannot be told.
        XCTAssertEqual(dates("Date of issue          Date of expiry\n15 MAR 2021"), [:])
        XCTAssertEqual(dates("Date of expiry\n\n14 MAR 2031"), ["expiry": "2031-03-14"])
    }

    func testDifferentDatesForOneFieldGiveNone() {
        let reading = DocumentFacts.read(text: "Date of expiry 14/03/2031\nValid until 14/03/2032", today: today)
        XCTAssertNil(reading.fact(.expiry))
        XCTAssertEqual(reading.notes, ["labels give different dates for expiry (2031-03-14, 2032-03-14): none is suggested"])
        let agreeing = DocumentFacts.read(text: "Date of expiry 14/03/2031\nValid until 14 MAR 2031", today: today)
        XCTAssertEqual(agreeing.fact(.expiry)?.evidence.map(\.textLine), [1, 2])
    }

    func testImpossibleYearsAndDaysGiveNone() {
        for text in ["Date of expiry 14/03/0000", "Date of expiry 0000-03-14", "Date of expiry 14/03/99999",
                     "Date of expiry 99999-03-14", "Date of expiry 30/02/2031", "Date of expiry 2031-13-01",
                     "Date of expiry 14/03/31", "Date of expiry 14/03/2199", "Date of expiry 1.14/03/2031",
                     "Date of expiry 令和99999年3月14日", "expiryx 14/03/2031", "Date of expiry: 14 SMARCH 2031"] {
            XCTAssertEqual(dates(text), [:], text)
        }
    }

    func testEvidenceNamesTheLabelTheLineAndTheDateAsWritten() throws {
        let reading = DocumentFacts.read(text: "REPUBLIC OF UTOPIA\nDate of expiry / Date d'expiration  14 MAR 2031", today: today)
        let evidence = try XCTUnwrap(reading.fact(.expiry)?.evidence.first)
        XCTAssertEqual(evidence.source, .label("date of expiry"))
        XCTAssertEqual(evidence.textLine, 2)
        XCTAssertEqual(evidence.excerpt, "Date of expiry / Date d'expiration  14 MAR 2031", "the line as written, label to date")
        XCTAssertEqual(evidence.checkDigits, .none)
        let row = try XCTUnwrap(DocumentFacts.read(text: "Date of issue   Date of expiry\n15 Mar 2021   14 Mar 2031", today: today)
            .fact(.expiry)?.evidence.first)
        XCTAssertEqual(row.excerpt, "14 Mar 2031")
        // Direction marks are left out of the evidence (they could reorder it); Arabic as written, hamza and all.
        let arabic = try XCTUnwrap(DocumentFacts.read(text: "\u{202E}تاريخ الإصدار\u{200F}: ٢٠٢١-٠٣-١٥", today: today).fact(.issued)?.evidence.first)
        XCTAssertEqual(arabic.excerpt, "تاريخ الإصدار: ٢٠٢١-٠٣-١٥")
    }

    /// A label takes a date only when nothing but the date's own words stand between them: a date
    /// that something else stands before says nothing about the label (never wrong: none is better).
    func testWordsBetweenALabelAndADateGiveNoDate() {
        XCTAssertEqual(dates("Valid until 60 days after entry; date of entry stamped 14/03/2026"), [:])
        XCTAssertEqual(dates("This contract expires when either party gives notice as of 01/12/2026", country: "AE"), [:])
        XCTAssertEqual(dates("Valid until 60 days after entry\n14/03/2026"), [:], "a label with words after it is not alone on its line")
        XCTAssertEqual(dates("Date of issue   Date of expiry\nIssued 15 Mar 2021   14 Mar 2031"), [:])
        XCTAssertEqual(dates("Visa type   Valid until\nSingle entry 60 days 14/03/2026"), [:], "more words than the columns before, and a count")
        XCTAssertEqual(dates("Visa   Valid until\n60 14/03/2026"), [:], "a number is not a column's value")
        XCTAssertEqual(dates("Expiry: 3 months from 14/03/2026"), [:])
        XCTAssertEqual(dates("Date of expiry: see page 2, 14/03/2031"), [:])
    }

    func testADatesOwnWordsMayStandBetweenALabelAndTheDate() {
        XCTAssertEqual(dates("Valid until: 14/03/2026"), ["expiry": "2026-03-14"])
        XCTAssertEqual(dates("Expiry date 14 March 2026"), ["expiry": "2026-03-14"])
        XCTAssertEqual(dates("Expires on 14/03/2026"), ["expiry": "2026-03-14"])
        XCTAssertEqual(dates("Valid until the 14 March 2026"), ["expiry": "2026-03-14"])
        XCTAssertEqual(dates("Valid until Saturday, 14 March 2026"), ["expiry": "2026-03-14"])
        XCTAssertEqual(dates("Date of birth (DD/MM/YYYY): 21/05/1990"), ["birth": "1990-05-21"])
        XCTAssertEqual(dates("Date of expiry — 14.03.2031"), ["expiry": "2031-03-14"])
        XCTAssertEqual(dates("Expires: on Fri 14 MAR 2031"), ["expiry": "2031-03-14"])
        // A row of labels over a row of values: the columns before the date's are values, not words between.
        XCTAssertEqual(dates("Nationality Date of issue\n\nPHL 15 MAR 2021"), ["issued": "2021-03-15"])
    }
}
