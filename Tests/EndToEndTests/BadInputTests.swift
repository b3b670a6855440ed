import Foundation
import XCTest

/// Every class of bad input gets its documented exit code and a one-line error, and leaves
/// the database exactly as it was, byte for byte.
final class BadInputTests: XCTestCase {
    func testEveryBadInputIsRefusedWithItsExitCodeAndChangesNothing() throws {
        let homecrew = try HomeCrewProcess.temporary()
        defer { homecrew.cleanUp() }
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("household", "add", "Marina Flat")
        try homecrew.ok("staff", "add", "--name", "Asha Devi", "--known-as", "Asha", "--start", "2020-01-01",
                        "--salary", "25000", "--currency", "INR")
        try homecrew.ok("staff", "add", "--name", "Asha Rani", "--known-as", "Asha", "--start", "2021-01-01",
                        "--salary", "25000", "--currency", "INR")
        try homecrew.ok("staff", "add", "--name", "Ramesh", "--start", "2021-01-01", "--salary", "22000", "--currency", "INR")

        let add = ["staff", "add", "--name", "New Person", "--salary", "100", "--currency", "INR"]
        let cases: [(String, [String], Int32)] = [
            ("bad date", add + ["--start", "2026-02-30"], 64),
            ("malformed date", add + ["--start", "1/3/2026"], 64),
            ("unknown currency", ["staff", "add", "--name", "X", "--start", "2026-01-01", "--salary", "1", "--currency", "XYZ"], 64),
            ("amount that is not a number", ["staff", "add", "--name", "X", "--start", "2026-01-01", "--salary", "1,000", "--currency", "INR"], 64),
            ("negative salary", ["staff", "add", "--name", "X", "--start", "2026-01-01", "--salary", "-5", "--currency", "INR"], 65),
            ("too many decimals", ["staff", "add", "--name", "X", "--start", "2026-01-01", "--salary", "100.5", "--currency", "JPY"], 65),
            ("leaving before start", add + ["--start", "2026-03-01", "--leaving", "2026-02-28"], 65),
            ("empty name", ["staff", "add", "--name", "  ", "--start", "2026-01-01", "--salary", "1", "--currency", "INR"], 65),
            ("leave days out of range", add + ["--start", "2026-01-01", "--leave-days", "400"], 65),
            ("leave days not in half steps", add + ["--start", "2026-01-01", "--leave-days", "2.25"], 65),
            ("missing household", add + ["--start", "2026-01-01", "--household", "Nowhere"], 66),
            ("unknown staff", ["staff", "show", "Nobody"], 66),
            ("unknown staff to edit", ["staff", "edit", "Nobody", "--duties", "x"], 66),
            ("ambiguous staff", ["staff", "edit", "Asha", "--duties", "x"], 64),
            ("ending before the start", ["staff", "end", "Ramesh", "--on", "2020-12-31"], 65),
            ("salary before the start", ["staff", "salary", "set", "Ramesh", "1", "--from", "2020-12-31"], 65),
            ("salary on a date already taken", ["staff", "salary", "set", "Ramesh", "1", "--from", "2021-01-01"], 65),
            ("salary with too many decimals", ["staff", "salary", "set", "Ramesh", "1.234", "--from", "2022-01-01"], 65),
            ("duplicate household", ["household", "add", "SEA VIEW"], 65),
            ("renaming onto another household", ["household", "edit", "Sea View", "--name", "marina flat"], 65),
            ("missing household to show", ["household", "show", "Nowhere"], 66),
            ("household with staff", ["household", "remove", "Sea View"], 65),
            ("missing required option", ["staff", "add", "--name", "X"], 64),
            ("unknown flag", ["household", "list", "--colour"], 64),
            ("unknown subcommand", ["household", "frobnicate"], 64),
            ("bad format", ["household", "list", "--format", "xml"], 64),
            ("both household choices", ["staff", "list", "--household", "Sea View", "--all-households"], 64),
            ("nothing to edit", ["staff", "edit", "Ramesh"], 64),
            ("bad --today", ["staff", "list", "--today", "2026-13-01"], 64),
            ("bad status", ["staff", "list", "--status", "gone"], 64),
            ("bad period", ["report", "payroll", "2026-14"], 64),
            ("backwards period", ["report", "payroll", "2026-12-01..2026-11-01"], 64),
            ("bad month", ["pay", "close", "2026-1"], 64),
            ("adjustment that is not an amount", ["pay", "adjust", "Ramesh", "--month", "2026-11", "--amount", "lots", "--reason", "x"], 64),
            ("zero adjustment", ["pay", "adjust", "Ramesh", "--month", "2026-11", "--amount", "0", "--reason", "x"], 65),
            ("adjustment without a reason", ["pay", "adjust", "Ramesh", "--month", "2026-11", "--amount", "5", "--reason", " "], 65),
            ("unknown adjustment", ["pay", "remove-adjustment", "abcdabcdabcd"], 66),
            ("reopening an open month", ["pay", "reopen", "2026-11", "--household", "Sea View"], 66),
            ("leave before the start", ["leave", "add", "Ramesh", "--from", "2020-12-31"], 65),
            ("leave ending before it starts", ["leave", "add", "Ramesh", "--from", "2026-01-05", "--to", "2026-01-04"], 64),
            ("half day over two days", ["leave", "add", "Ramesh", "--from", "2026-01-05", "--to", "2026-01-06", "--half-day"], 64),
            ("unknown leave type", ["leave", "add", "Ramesh", "--from", "2026-01-05", "--type", "holiday"], 64),
            ("unknown leave entry", ["leave", "remove", "abcdabcdabcd"], 66),
            ("too-short id", ["leave", "remove", "ab"], 66),
            ("bad year", ["leave", "balance", "--year", "0"], 64),
            ("bad carry-over", ["household", "edit", "Sea View", "--leave-carry-over", "1.25"], 65),
            ("negative due window", ["report", "due", "--within", "-1"], 64),
            ("bad due format", ["report", "due", "--format", "pdf"], 64),
            ("explain with json", ["report", "payroll", "--explain", "--format", "json"], 64),
            ("unknown document", ["doc", "show", "ffffffffffff"], 66),
            ("missing file", ["doc", "add", "/nonexistent/file.pdf", "--household", "Sea View"], 66),
            ("bad search query", ["search", "(notice"], 64),
            ("unknown setting", ["vault", "config", "color", "red"], 64),
        ]
        try homecrew.assertEachIsRefusedChangingNothing(cases)
    }

    func testErrorsNameTheProblem() throws {
        let homecrew = try HomeCrewProcess.temporary()
        defer { homecrew.cleanUp() }
        try homecrew.ok("household", "add", "Sea View")
        let date = try homecrew.run(["staff", "add", "--name", "X", "--start", "2026-02-30", "--salary", "1", "--currency", "INR"])
        XCTAssertEqual(date.stderr, "error: the value '2026-02-30' is invalid for '--start <yyyy-mm-dd>': there is no day 30 in February 2026; it has 28 days (see: homecrew staff add --help)\n")
        let currency = try homecrew.run(["staff", "add", "--name", "X", "--start", "2026-01-01", "--salary", "1", "--currency", "RS"])
        XCTAssertTrue(currency.stderr.contains("unknown currency 'RS'; use an ISO 4217 code"), currency.stderr)
        let decimals = try homecrew.run(["staff", "add", "--name", "X", "--start", "2026-01-01", "--salary", "1.5", "--currency", "JPY"])
        XCTAssertEqual(decimals.stderr, "error: '1.5' has too many decimals: JPY allows no decimals\n")
    }
}

final class ConcurrencyTests: XCTestCase {
    /// Two processes adding staff at the same moment both succeed: the second waits for the
    /// first's write instead of failing with "database is locked".
    func testTwoProcessesAddingStaffAtOnceBothSucceed() throws {
        let homecrew = try HomeCrewProcess.temporary()
        defer { homecrew.cleanUp() }
        try homecrew.ok("household", "add", "Sea View")
        let perProcess = 15
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in 0..<perProcess {
                let result = try? homecrew.run(["staff", "add", "--name", "Worker \(worker)-\(index)", "--start", "2026-01-01",
                                                "--salary", "100", "--currency", "INR"])
                if result?.status != 0 { failures.add(result?.stderr ?? "did not run") }
            }
        }
        XCTAssertEqual(failures.messages, [])
        let staff = try homecrew.jsonArray("staff", "list", "--status", "all")
        XCTAssertEqual(staff.count, 2 * perProcess)
    }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    func add(_ message: String) { lock.withLock { collected.append(message) } }
    var messages: [String] { lock.withLock { collected } }
}
