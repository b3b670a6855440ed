import XCTest
@testable import HomeCrewCore

/// Amounts as written on receipts, each worked out by hand.
final class AmountInWordsTests: XCTestCase {
    let rupees = CurrencyWords(one: "rupee", many: "rupees", minorOne: "paisa", minorMany: "paise", numbering: .indian)
    let dirhams = CurrencyWords(one: "UAE dirham", many: "UAE dirhams", minorOne: "fils", minorMany: "fils", numbering: .international)
    let dinars = CurrencyWords(one: "Kuwaiti dinar", many: "Kuwaiti dinars", minorOne: "fils", minorMany: "fils", numbering: .international)
    let yen = CurrencyWords(one: "yen", many: "yen", minorOne: nil, minorMany: nil, numbering: .international)

    func words(_ amount: String, _ code: String, _ names: CurrencyWords?) throws -> String {
        AmountInWords.english(try Money(parsing: amount, currency: Currency(code: code)), words: names)
    }

    func testIndianNumberingSaysLakhAndCrore() throws {
        XCTAssertEqual(try words("15000", "INR", rupees), "Fifteen thousand rupees only")
        XCTAssertEqual(try words("150000.50", "INR", rupees), "One lakh fifty thousand rupees and fifty paise only")
        XCTAssertEqual(try words("12345678", "INR", rupees), "One crore twenty-three lakh forty-five thousand six hundred seventy-eight rupees only")
        XCTAssertEqual(try words("1", "INR", rupees), "One rupee only")
        XCTAssertEqual(try words("0.01", "INR", rupees), "Zero rupees and one paisa only")
        XCTAssertEqual(try words("1000000000", "INR", rupees), "One hundred crore rupees only")
    }

    func testInternationalNumbering() throws {
        XCTAssertEqual(try words("2800.50", "AED", dirhams), "Two thousand eight hundred UAE dirhams and fifty fils only")
        XCTAssertEqual(try words("1000000", "AED", dirhams), "One million UAE dirhams only")
        XCTAssertEqual(try words("280000", "JPY", yen), "Two hundred eighty thousand yen only")
        XCTAssertEqual(try words("1.250", "KWD", dinars), "One Kuwaiti dinar and two hundred fifty fils only")
        XCTAssertEqual(try words("-90", "AED", dirhams), "Minus ninety UAE dirhams only")
    }

    func testACurrencyWithoutNamesIsSaidByItsCode() throws {
        XCTAssertEqual(try words("10.5", "CHF", nil), "Ten CHF and 50/100 only")
        XCTAssertEqual(try words("7", "ISK", nil), "Seven ISK only")
    }
}
