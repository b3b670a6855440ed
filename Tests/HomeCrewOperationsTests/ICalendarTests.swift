import XCTest
@testable import HomeCrewOperations

final class ICalendarTests: XCTestCase {
    /// A line or paragraph separator in a name reaches a calendar as the escaped newline it means,
    /// never as itself inside a TEXT value; control characters still go, and the rest is as before.
    func testLineSeparatorsAreEscapedAsNewlines() {
        XCTAssertEqual(ICalendar.escape("Asha\u{2028}Rao"), "Asha\\nRao")
        XCTAssertEqual(ICalendar.escape("Asha\u{2029}Rao"), "Asha\\nRao")
        XCTAssertEqual(ICalendar.escape("Asha\nRao"), "Asha\\nRao")
        XCTAssertEqual(ICalendar.escape("a\u{0085}b\u{0007}c; d, e\\f"), "abc\\; d\\, e\\\\f")
        XCTAssertFalse(ICalendar.escape("x\u{2028}y\u{2029}z").unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
    }
}
