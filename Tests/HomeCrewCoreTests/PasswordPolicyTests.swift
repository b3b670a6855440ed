import XCTest
@testable import HomeCrewCore

final class PasswordPolicyTests: XCTestCase {
    func testTheListHoldsTheTenThousandMostCommonPasswordsMostCommonFirst() {
        let list = PasswordPolicy.commonPasswordList.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(list.count, 10_000)
        XCTAssertEqual(list.prefix(3), ["123456", "123456789", "qwerty"])
    }

    func testShortCommonAndOwnNamePasswordsAreRefused() {
        XCTAssertThrowsError(try PasswordPolicy.check("eleven char", accountName: "asha")) {
            XCTAssertEqual($0 as? AccountProblem, .passwordTooShort(minimum: 12))
        }
        // 12 characters or more and on the list, in another case: still refused.
        for common in ["1qaz2wsx3edc", "Q1W2E3R4T5Y6"] {
            XCTAssertThrowsError(try PasswordPolicy.check(common, accountName: "asha"), common) {
                XCTAssertEqual($0 as? AccountProblem, .passwordTooCommon)
            }
        }
        XCTAssertThrowsError(try PasswordPolicy.check("Household.Keeper", accountName: "household.keeper")) {
            XCTAssertEqual($0 as? AccountProblem, .passwordIsName)
        }
        XCTAssertNoThrow(try PasswordPolicy.check("mango season in goa", accountName: "asha"))
        XCTAssertNoThrow(try PasswordPolicy.check("पासवर्ड बहुत लंबा है", accountName: "asha"), "any script counts by characters")
    }

    func testAccountNamesAreReadableEverywhere() throws {
        XCTAssertEqual(try Account.validName("  priya.k "), "priya.k")
        XCTAssertEqual(try Account.validName("ফাতেমা"), "ফাতেমা")
        for bad in ["", "a b", "x\u{1B}[31m", "<script>", String(repeating: "a", count: 65), "name\n"] {
            XCTAssertThrowsError(try Account.validName(bad), bad) { XCTAssertEqual(($0 as? AccountProblem)?.category, .usage) }
        }
    }
}
