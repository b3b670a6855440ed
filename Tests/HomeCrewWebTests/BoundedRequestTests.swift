import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import XCTest
@testable import HomeCrewWeb

/// What one request may cost and what it may say: the time budget, the text rules at the form,
/// HEAD and the icon, an upload cut off, and forms that offer only what may be chosen.
final class BoundedRequestTests: XCTestCase {
    func testAPageWhoseWorkPassesTheBudgetSaysSoInsteadOfWorking() async throws {
        let harness = try WebHarness(requestSeconds: 0)
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            for path in ["/", "/staff/\(harness.maria.id.rawValue)", "/households/\(harness.household.id.rawValue)"] {
                let page = try await client.get(path)
                XCTAssertEqual(page.status, .unprocessableContent, path)
                XCTAssertTrue(page.text.contains("more work than one page may take (0 s): narrow it"), "\(path): \(page.text.prefix(600))")
            }
            // Search and reports wait their turn on their own threads; a budget spent by then is "busy".
            for path in ["/search?q=contract", "/reports/payroll?period=2026", "/reports/tenure", "/reports/leave.csv"] {
                let page = try await client.get(path)
                XCTAssertEqual(page.status, .serviceUnavailable, path)
                XCTAssertTrue(page.text.contains("the server is busy with other long searches and reports; try again"), page.text)
            }
        }
    }

    func testSearchAndPeriodLimitsAreTheCommandLinesOwn() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            let many = (1...33).map { "w\($0)" }.joined(separator: " ")
            let search = try await client.get("/search?q=" + URLComponent.encode(many))
            XCTAssertTrue(search.text.contains("the query has 33 different words; search with at most 32"), search.text)
            let repeated = try await client.get("/search?q=" + URLComponent.encode(String(repeating: "gardener* ", count: 90)))
            XCTAssertTrue(repeated.text.contains("<mark>"), "a repeated word is searched once: \(repeated.text.suffix(800))")
            let payroll = try await client.get("/reports/payroll?period=0001-01-01..9999-12-31")
            XCTAssertEqual(payroll.status, .unprocessableContent)
            XCTAssertTrue(payroll.text.contains("a report covers at most 3660 days (ten years)"), payroll.text)
            for within in ["-5", "3661", "soon"] {
                let due = try await client.get("/reports/due?within=\(within)")
                XCTAssertEqual(due.status, .unprocessableContent, within)
                XCTAssertTrue(due.text.contains("give a whole number from 0 to 3660"), due.text)
            }
        }
    }

    func testNamesThatBreakTheTextRulesAreRefusedWithTheFormShownAgain() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            for (name, message) in [(String(repeating: "n", count: 5000), "the household name is 5000 characters long; at most 200 are kept"),
                                    ("Ali \u{202E}gnp.exe\u{202C} Khan", "the household name holds the text-direction control [U+202E]"),
                                    ("Nul\u{0}Byte", "the household name holds the control character [U+0000]"),
                                    ("Esc\u{1B}[2J", "the household name holds the control character [U+001B]")] {
                let page = try await client.post("/households", ["name": name])
                XCTAssertEqual(page.status, .unprocessableContent, name.prefix(20).debugDescription)
                XCTAssertTrue(page.text.contains(message), page.text)
                XCTAssertTrue(page.text.contains("<form"), "the form is shown again")
            }
            let staff = try await client.post("/staff/\(harness.maria.id.rawValue)/edit",
                                              ["legal_name": "Maria \u{202E}", "start": "2022-01-10", "leave_days": "21"])
            XCTAssertEqual(staff.status, .unprocessableContent)
        }
        XCTAssertEqual(try harness.app.database.householdSummaries().map(\.household.name), ["Sea View"], "nothing was stored, nothing was cut")
        XCTAssertEqual(try harness.app.database.findStaff(harness.maria.id.rawValue).member.legalName, "Maria Fernandes")
    }

    func testNamesAreIsolatedAndFileNamesShowTheirDirectionControls() async throws {
        // This test is about names, not time: the long handbook's page reads its facts in 0.45-0.57 s
        // in a debug build on a 2-core machine, either side of the 0.5 s a page may take, so it is given 5.
        let harness = try WebHarness(requestSeconds: 5)
        try harness.seed(householdName: "بيت البحر", staffName: "محمد علي")
        try await harness.signIn()
        let renamed = FileManager.default.temporaryDirectory.appendingPathComponent("\u{202E}fdp.exe-\(UUID().uuidString).pdf")
        try FileManager.default.copyItem(at: WebHarness.samples.appendingPathComponent("fixtures/long-handbook.pdf"), to: renamed)
        defer { try? FileManager.default.removeItem(at: renamed) }
        guard case .added(let details) = harness.app.ingestor.ingest(renamed.path, IngestRequest(household: harness.household, staff: [], kind: .other,
                                                                                                  title: "Scan")) else {
            return XCTFail("added: \(harness.app.ingestor.ingest(renamed.path, IngestRequest(household: harness.household, staff: [], kind: .other)))")
        }
        try await harness.test { client in
            let household = try await client.get("/households/\(harness.household.id.rawValue)")
            XCTAssertTrue(household.text.contains("<h1><bdi>بيت البحر</bdi>"), household.text)
            XCTAssertTrue(household.text.contains("<bdi>محمد علي</bdi>"))
            let document = try await client.get("/documents/\(details.document.id.rawValue)")
            XCTAssertTrue(document.text.contains("Download <bdi>[U+202E]fdp.exe-"), document.text)
            XCTAssertFalse(document.text.contains("\u{202E}"), "the override itself is never sent to the page")
            let download = try await client.get("/documents/\(details.document.id.rawValue)/download")
            XCTAssertTrue(download.headers[.contentDisposition]?.contains("filename=\"[U+202E]fdp.exe-") == true, "\(download.headers)")
            let form = try await client.get("/households/new")
            XCTAssertTrue(form.text.contains("dir=\"auto\""), "typed text takes its own direction")
        }
    }

    func testHeadAnswersLikeGetWithoutABodyAndTheIconIsServed() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            for path in ["/", "/search", "/households/\(harness.household.id.rawValue)", "/favicon.ico"] {
                let get = try await client.get(path)
                let head = try await client.raw(path, method: .head, headers: [:], body: nil)
                XCTAssertEqual(head.status, get.status, path)
                XCTAssertEqual(head.headers[.contentType], get.headers[.contentType], path)
                XCTAssertEqual(head.body.readableBytes, 0, path)
                XCTAssertGreaterThan(get.body.readableBytes, 0, path)
            }
            let stranger = try await client.raw("/", method: .head, headers: [.cookie: "homecrew_session=none"], body: nil)
            XCTAssertNotEqual(stranger.status, .notFound)
            let icon = try await client.get("/favicon.ico", signedIn: false)
            XCTAssertEqual(icon.status, .ok)
            XCTAssertEqual(icon.headers[.contentType], "image/svg+xml")
            XCTAssertTrue(icon.text.hasPrefix("<svg"))
            let home = try await client.get("/")
            XCTAssertTrue(home.text.contains("<link rel=\"icon\" href=\"/assets/icon.svg\""))
            // Installable on a phone's home screen: a manifest naming icons that are PNGs of their stated sizes.
            XCTAssertTrue(home.text.contains("<link rel=\"manifest\" href=\"/assets/manifest.webmanifest\">"))
            let manifest = try await client.get("/assets/manifest.webmanifest", signedIn: false)
            XCTAssertEqual(manifest.headers[.contentType], "application/manifest+json")
            let described = try JSONSerialization.jsonObject(with: Data(manifest.text.utf8)) as? [String: Any]
            XCTAssertEqual(described?["start_url"] as? String, "/")
            XCTAssertEqual(described?["display"] as? String, "standalone")
            for icon in described?["icons"] as? [[String: String]] ?? [] where icon["type"] == "image/png" {
                let png = try await client.get(icon["src"] ?? "", signedIn: false)
                XCTAssertEqual(png.status, .ok, icon["src"] ?? "")
                let bytes = Array(png.body.readableBytesView)
                XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
                // The IHDR chunk's width and height, big-endian, after the 8-byte signature and 8 bytes of chunk header.
                let side = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
                XCTAssertEqual(icon["sizes"], "\(side)x\(height)")
            }
            let long = try await client.get("/search?q=" + String(repeating: "a", count: 20_000))
            XCTAssertEqual(long.status, .uriTooLong)
            let big = try await client.post("/households", ["name": "x", "notes": String(repeating: "n", count: 2 << 20)])
            XCTAssertEqual(big.status, .contentTooLarge)
            // The widest form this site sends (two notes of 5,000 characters typed decomposed: a Hangul
            // syllable as three jamo of three bytes, percent-encoded) is read; a sign-in, which anyone
            // may send, is read up to `WebLimits.publicFormBytes` only.
            let widest = String(repeating: "\u{1100}\u{1161}\u{11A8}", count: 5_000)
            let fits = try await client.post("/households", ["name": "Widest notes", "address": widest, "notes": widest])
            XCTAssertEqual(fits.status, .seeOther, fits.text)
            let stored = try XCTUnwrap(try harness.app.database.householdSummaries().first { $0.household.name == "Widest notes" })
            XCTAssertEqual(stored.household.notes, String(repeating: "\u{AC01}", count: 5_000), "kept composed")
            let past = try await client.post("/signin", ["name": String(repeating: "a", count: WebLimits.publicFormBytes), "password": "x"])
            XCTAssertEqual(past.status, .contentTooLarge, "a sign-in's form is small")
        }
    }

    func testAnUploadCutOffIsTheClientsFaultAndLeavesNothing() async throws {
        let harness = try WebHarness()
        try harness.seed()
        let receiver = try UploadReceiver(objects: harness.app.objects, limit: 64 << 20)
        let head = UploadTests.multipart([("household", harness.household.id.rawValue)],
                                         files: [("half.pdf", Array(repeating: 0x25, count: 200_000))], end: false)
        let pieces = AsyncThrowingStream<ByteBuffer, any Error> { continuation in
            continuation.yield(head)
            continuation.finish(throwing: CancellationError())
        }
        do {
            try await receiver.receive(RequestBody(asyncSequence: pieces), boundary: UploadTests.boundary)
            XCTFail("a body that stops early is refused")
        } catch let error as WebError {
            XCTAssertEqual(error.status, .badRequest)
            XCTAssertTrue(error.description.contains("cut off"), error.description)
        }
        XCTAssertEqual(receiver.files.count, 1)
        XCTAssertFalse(receiver.files[0].complete, "the unfinished file is not filed")
        receiver.removeFolder()
        XCTAssertFalse(FileManager.default.fileExists(atPath: receiver.folder))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: harness.app.objects.temporaryDirectory), [], "tmp/ is clean")
    }

    func testTheUploadFormOffersOnlyTheChosenHouseholdsStaff() async throws {
        let harness = try WebHarness()
        try harness.seed()
        let hill = try harness.app.database.addHousehold(Household(name: "Hill House")).household
        let ravi = try harness.app.database.addStaff(StaffMember(householdID: hill.id, legalName: "Ravi Kumar", startDate: CalendarDate(parsing: "2023-03-01")),
                                                     salary: Money(parsing: "2000", currency: Currency(code: "AED"))).member
        try await harness.signIn()
        try await harness.test { client in
            let sea = try await client.get("/upload?household=\(harness.household.id.rawValue)")
            XCTAssertTrue(sea.text.contains(harness.maria.id.rawValue))
            XCTAssertFalse(sea.text.contains(ravi.id.rawValue), "Ravi works for Hill House, not the chosen household")
            let hillPage = try await client.get("/upload?household=\(hill.id.rawValue)")
            XCTAssertTrue(hillPage.text.contains(ravi.id.rawValue))
            XCTAssertFalse(hillPage.text.contains(harness.maria.id.rawValue))
            XCTAssertTrue(hillPage.text.contains("data-reload=\"/upload?household=\""), "choosing another household reloads its staff")
        }
    }
}
