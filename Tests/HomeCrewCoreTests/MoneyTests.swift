import Foundation
import XCTest
@testable import HomeCrewCore

final class MoneyTests: XCTestCase {
    let inr = try! Currency(code: "INR")
    let jpy = try! Currency(code: "JPY")
    let kwd = try! Currency(code: "KWD")

    func testCurrencyMinorUnits() throws {
        XCTAssertEqual(inr.minorUnits, 2)
        XCTAssertEqual(jpy.minorUnits, 0)
        XCTAssertEqual(kwd.minorUnits, 3)
        XCTAssertEqual(try Currency(code: "CLF").minorUnits, 4)
        XCTAssertEqual(try Currency(code: "aed").code, "AED")
        XCTAssertGreaterThan(Currency.allCodes.count, 150)
    }

    func testUnknownAndWithdrawnCurrenciesAreRejected() {
        for code in ["XYZ", "RS", "", "INRR", "HRK", "XAU", "XXX", "₹"] {
            XCTAssertThrowsError(try Currency(code: code), code) { error in
                XCTAssertEqual(error as? MoneyError, .unknownCurrency(code))
            }
        }
    }

    func testPlainAmountRoundsToTheMinorUnitAndPadsIt() {
        func plain(_ text: String, _ currency: Currency) -> String { Money(Decimal(string: text) ?? .nan, currency).plainAmount }
        XCTAssertEqual(plain("2.345", inr), "2.35")
        XCTAssertEqual(plain("-2.345", inr), "-2.35")
        XCTAssertEqual(plain("0.5", jpy), "1")
        XCTAssertEqual(plain("-0.5", jpy), "-1")
        XCTAssertEqual(plain("0.0005", kwd), "0.001")
        XCTAssertEqual(plain("0", inr), "0.00")
        XCTAssertEqual(plain("-0.004", inr), "0.00", "a negative amount that rounds to zero has no sign")
        XCTAssertEqual(plain("7.1", kwd), "7.100")
        XCTAssertEqual(plain("1000000", inr), "1000000.00", "no exponent notation for trailing zeros")
        XCTAssertEqual(plain("123456789012345678.995", inr), "123456789012345679.00")
    }

    func testStrictParsing() throws {
        XCTAssertEqual(try Money(parsing: "25000", currency: inr).plainAmount, "25000.00")
        XCTAssertEqual(try Money(parsing: "25000.5", currency: inr).plainAmount, "25000.50")
        XCTAssertEqual(try Money(parsing: "450.125", currency: kwd).plainAmount, "450.125")
        XCTAssertEqual(try Money(parsing: "300000", currency: jpy).plainAmount, "300000")
        XCTAssertEqual(try Money(parsing: "-120.25", currency: inr).plainAmount, "-120.25")
        XCTAssertEqual(try Money(parsing: "0.05", currency: inr).plainAmount, "0.05")
        for text in ["12abc", "1,000", "1e5", "", "-", ".5", "5.", "1.2.3", " 5", "+5", "NaN", "٣٠٠"] {
            XCTAssertThrowsError(try Money(parsing: text, currency: inr), text) { error in
                XCTAssertEqual(error as? MoneyError, .notAnAmount(text))
            }
        }
    }

    func testTooManyDecimalsForTheCurrency() {
        XCTAssertThrowsError(try Money(parsing: "100.5", currency: jpy)) { error in
            XCTAssertEqual("\(error)", "'100.5' has too many decimals: JPY allows no decimals")
        }
        XCTAssertThrowsError(try Money(parsing: "1.001", currency: inr))
        XCTAssertThrowsError(try Money(parsing: "1.0001", currency: kwd))
        XCTAssertNoThrow(try Money(parsing: "1.000", currency: kwd))
    }

    func testRoundingIsHalfAwayFromZeroAtTheMinorUnit() throws {
        func round(_ text: String, _ currency: Currency) -> String {
            Money(Decimal(string: text) ?? .nan, currency).rounded().plainAmount
        }
        XCTAssertEqual(round("2.345", inr), "2.35")
        XCTAssertEqual(round("-2.345", inr), "-2.35")
        XCTAssertEqual(round("2.344999", inr), "2.34")
        XCTAssertEqual(round("0.5", jpy), "1")
        XCTAssertEqual(round("-0.5", jpy), "-1")
        XCTAssertEqual(round("1.4999", jpy), "1")
        XCTAssertEqual(round("0.0005", kwd), "0.001")
        XCTAssertEqual(round("0.0004", kwd), "0.000")
    }

    func testWholeMonthScalesBackExactly() {
        let salary = Money(Decimal(25_000), inr)
        for days in [28, 29, 30, 31] {
            let paid = salary.scaled(by: Decimal(days), over: Decimal(days))
            XCTAssertEqual(paid.amount, salary.amount)
        }
        // 17 of 30 days of 25000: 14166.666… → 14166.67.
        XCTAssertEqual(salary.scaled(by: 17, over: 30).rounded().plainAmount, "14166.67")
    }

    func testArithmeticOnlyWithinOneCurrency() throws {
        let a = try Money(parsing: "100.10", currency: inr)
        let b = try Money(parsing: "0.90", currency: inr)
        XCTAssertEqual(try a.adding(b).plainAmount, "101.00")
        XCTAssertEqual(try a.subtracting(b).plainAmount, "99.20")
        XCTAssertThrowsError(try a.adding(Money(1, jpy))) { error in
            XCTAssertEqual(error as? MoneyError, .currencyMismatch(inr, jpy))
        }
    }

    func testLargeAmountsStayExact() throws {
        let big = try Money(parsing: "123456789012345678.99", currency: inr)
        XCTAssertEqual(big.plainAmount, "123456789012345678.99")
        XCTAssertEqual(try big.adding(Money(parsing: "0.01", currency: inr)).plainAmount, "123456789012345679.00")
    }
}
