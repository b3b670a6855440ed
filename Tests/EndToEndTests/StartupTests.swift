import Foundation
import XCTest

/// What every command pays before it reads anything (#53: `homecrew search` under 20 ms).
final class StartupTests: XCTestCase {
    /// cairo and Pango (and GLib, HarfBuzz, fontconfig … under them) are opened by the first paper
    /// drawn, not loaded by every start: they cost ~3 ms of each command. A paper still draws.
    func testDrawingLibrariesAreLoadedOnlyToDrawAPaper() throws {
        let homecrew = try HomeCrewProcess.temporary()
        defer { homecrew.cleanUp() }
        // glibc's loader names every library it loads on standard error.
        let start = try homecrew.run(["--version"], environment: ["LD_DEBUG": "files"], useVaultOption: false)
        XCTAssertEqual(start.status, 0, start.stderr)
        let loaded = start.stderr.split(separator: "\n").filter { $0.contains("file=") }
        XCTAssertFalse(loaded.isEmpty, "LD_DEBUG=files listed no library: the check would prove nothing")
        for library in ["libcairo", "libpango", "libglib", "libharfbuzz", "libfontconfig"] {
            XCTAssertFalse(loaded.contains { $0.contains("file=\(library)") }, "\(library) is loaded at start-up")
        }

        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("staff", "add", "--name", "Asha Devi", "--start", "2019-04-01", "--salary", "30000", "--currency", "INR")
        let payslips = try homecrew.run(["report", "payroll", "2026-11", "--payslips", "--today", "2026-11-22"])
        XCTAssertEqual(payslips.status, 0, payslips.stderr)
        let listed = try homecrew.jsonArray("doc", "list", "--kind", "payslip")
        XCTAssertEqual(listed.map { $0["title"] as? String ?? "" }, ["Payslip 2026-11 Asha Devi"])
    }
}
