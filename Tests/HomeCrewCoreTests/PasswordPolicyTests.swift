import XCTest
@testable import HomeCrewCore

final class PasswordPolicyTests: XCTestCase {
    /// A list as the shipped one is written: one per line, any case.
    let common = CommonPasswords(lines: "123456\n1qaz2wsx3edc\nq1w2e3r4t5y6\nPassWord1234\n")

    func testShortCommonAndOwnNamePasswordsAreRefused() {
        XCTAssertThrowsError(try PasswordPolicy.check("eleven char", accountName: "asha", common: common)) {
            XCTAssertEqual($0 as? AccountProblem, .passwordTooShort(minimum: 12))
        }
        // 12 characters or more and on the list, in another case than the list's: still refused.
        for listed in ["1qaz2wsx3edc", "Q1W2E3R4T5Y6", "password1234"] {
            XCTAssertThrowsError(try PasswordPolicy.check(listed, accountName: "asha", common: common), listed) {
                XCTAssertEqual($0 as? AccountProblem, .passwordTooCommon)
            }
        }
        XCTAssertThrowsError(try PasswordPolicy.check("Household.Keeper", accountName: "household.keeper", common: common)) {
            XCTAssertEqual($0 as? AccountProblem, .passwordIsName)
        }
        XCTAssertNoThrow(try PasswordPolicy.check("mango season in goa", accountName: "asha", common: common))
        XCTAssertNoThrow(try PasswordPolicy.check("पासवर्ड बहुत लंबा है", accountName: "asha", common: common),
                         "any script counts by characters")
        XCTAssertEqual(common.ranked.first, "123456")
    }

    func testAccountNamesAreReadableEverywhere() throws {
        XCTAssertEqual(try Account.validName("  priya.k "), "priya.k")
        XCTAssertEqual(try Account.validName("ফাতেমা"), "ফাতেমা")
        for bad in ["", "a b", "x\u{1B}[31m", "<script>", String(repeating: "a", count: 65), "name\n",
                    // 64 characters of 41 scalars each: a name no sign-in would read (found by a review).
                    String(repeating: "a" + String(repeating: "\u{301}", count: 40), count: 64)] {
            XCTAssertThrowsError(try Account.validName(bad), bad) { XCTAssertEqual(($0 as? AccountProblem)?.category, .usage) }
        }
    }
}
