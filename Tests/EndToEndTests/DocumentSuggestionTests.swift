import Foundation
import HomeCrewTestSupport
import XCTest

/// `doc add` shows what a passport's text says and the command that applies it; `doc suggestions`
/// lists what is left to apply; `doc apply` and `doc add --apply-suggestions` set it, within the
/// document's household only.
final class DocumentSuggestionTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("household", "add", "Hill House")
        for household in ["Sea View", "Hill House"] {
            try homecrew.ok("staff", "add", "--name", "Anna Maria Eriksson", "--start", "2020-01-01", "--salary", "1",
                            "--currency", "AED", "--household", household)
        }
    }

    override func tearDown() { homecrew.cleanUp() }

    func passport() throws -> String {
        let url = homecrew.vault.deletingLastPathComponent().appendingPathComponent("passport.pdf")
        try TextPDF.make(["REPUBLIC OF UTOPIA", "PASSPORT", "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
                      "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]).write(to: url)
        return url.path
    }

    func testAPassportsSuggestionsAreShownThenAppliedWithinItsHousehold() throws {
        let added = try homecrew.ok("doc", "add", try passport(), "--household", "Sea View")
        let id = try XCTUnwrap(added.split(separator: "\n").first { $0.hasPrefix("added ") }?.split(separator: " ")[1]).description
        XCTAssertTrue(added.contains("suggests: passport of Anna Maria Eriksson, number L898902C3, expires 2012-04-15; "
                                     + "evidence: the TD3 zone's line 2"), added)
        XCTAssertTrue(added.contains("apply with: homecrew doc apply \(id)"), added)
        XCTAssertFalse(try homecrew.ok("doc", "show", id).contains("2012-04-15"), "nothing applied yet")

        let pending = try homecrew.ok("doc", "suggestions")
        XCTAssertTrue(pending.contains(id) && pending.contains("1 document with suggestions to apply."), pending)

        let bad = try homecrew.run(["doc", "apply", id, "--only", "expiry,expires"])
        XCTAssertEqual(bad.status, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("kind, number, issuing-state, nationality, surname, given-names, birth, sex, issued, expiry, optional-data, person"), bad.stderr)
        XCTAssertFalse(try homecrew.ok("doc", "show", id).contains("2012-04-15"), "a refused apply changes nothing")

        let applied = try homecrew.ok("doc", "apply", id, "--only", "expiry,person")
        XCTAssertTrue(applied.contains("set expiry 2012-04-15") && applied.contains("set person Anna Maria Eriksson"), applied)
        let shown = try homecrew.ok("doc", "show", id)
        XCTAssertTrue(shown.contains("2012-04-15") && shown.contains("Anna Maria Eriksson"), shown)
        XCTAssertTrue(try homecrew.ok("doc", "suggestions", id).contains("[to apply]"), "the kind is still to apply")

        // The same file in Hill House, applied as it is filed: Hill House's Anna, never Sea View's.
        let filed = try homecrew.ok("doc", "add", try passport(), "--household", "Hill House", "--apply-suggestions")
        XCTAssertTrue(filed.contains("set kind passport") && filed.contains("set expiry 2012-04-15")
                      && filed.contains("set person Anna Maria Eriksson"), filed)
        let hill = try homecrew.jsonArray("doc", "list", "--household", "Hill House")
        XCTAssertEqual(hill.count, 1)
        let verify = try homecrew.run(["vault", "verify"])
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
    }

    /// `doc suggestions --format json` gives scripts each fact with its status and evidence, and each
    /// zone read or refused; `doc suggest --all` is the list of documents with facts left to apply.
    func testSuggestionsAsJSONAndTheAllList() throws {
        let added = try homecrew.ok("doc", "add", try passport(), "--household", "Sea View")
        let id = try XCTUnwrap(added.split(separator: "\n").first { $0.hasPrefix("added ") }?.split(separator: " ")[1]).description
        let report = try homecrew.jsonObject("doc", "suggestions", id)
        XCTAssertEqual(report["document"] as? String, id)
        let facts = try XCTUnwrap(report["facts"] as? [[String: Any]])
        let expiry = try XCTUnwrap(facts.first { $0["field"] as? String == "expiry" })
        XCTAssertEqual(expiry["value"] as? String, "2012-04-15")
        XCTAssertEqual(expiry["status"] as? String, "to-apply")
        XCTAssertTrue((expiry["evidence"] as? [String])?.first?.hasPrefix("the TD3 zone's line 2") == true, "\(expiry)")
        let person = try XCTUnwrap(facts.first { $0["field"] as? String == "person" })
        XCTAssertEqual(person["value"] as? String, "Anna Maria Eriksson")
        XCTAssertEqual((person["person_id"] as? String)?.count, 12)
        let zones = try XCTUnwrap(report["zones"] as? [[String: Any]])
        XCTAssertEqual(zones.map { $0["format"] as? String }, ["TD3"])
        XCTAssertEqual(zones.first?["read"] as? Bool, true)

        let all = try homecrew.jsonArray("doc", "suggest", "--all")
        XCTAssertEqual(all.map { $0["document"] as? String }, [id])
        XCTAssertTrue(try homecrew.ok("doc", "suggest", "--all").contains("1 document with suggestions to apply."))
        let both = try homecrew.run(["doc", "suggest", id, "--all"])
        XCTAssertEqual(both.status, 64, both.stderr)
        XCTAssertTrue(both.stderr.contains("give a document or --all, not both"), both.stderr)
        XCTAssertEqual(try homecrew.run(["doc", "suggestions", id, "--format", "csv"]).status, 64)

        _ = try homecrew.ok("doc", "apply", id)
        XCTAssertEqual(try homecrew.jsonArray("doc", "suggest", "--all").count, 0, "nothing left to apply")
        XCTAssertEqual(try homecrew.jsonObject("doc", "show", id)["number"] as? String, "L898902C3", "doc apply sets the number")
        XCTAssertTrue(try homecrew.ok("doc", "show", id).contains("Number:"), "doc show prints it")
        // Typed by a person, cleared, refused when it would not fit: each a clear answer, the number kept on refusal.
        XCTAssertTrue(try homecrew.ok("doc", "edit", id, "--number", "X 123/45").contains("Updated"))
        XCTAssertEqual(try homecrew.jsonObject("doc", "show", id)["number"] as? String, "X 123/45")
        let long = try homecrew.run(["doc", "edit", id, "--number", String(repeating: "9", count: 61)])
        XCTAssertEqual(long.status, 65, long.stderr)
        XCTAssertEqual(try homecrew.run(["doc", "edit", id, "--number", "1", "--clear-number"]).status, 64)
        XCTAssertEqual(try homecrew.jsonObject("doc", "show", id)["number"] as? String, "X 123/45")
        let out = homecrew.vault.deletingLastPathComponent().appendingPathComponent("records.json")
        _ = try homecrew.ok("export", "--out", out.path)
        let export = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let documents = (export["households"] as? [[String: Any]] ?? []).flatMap { $0["documents"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(documents.compactMap { $0["number"] as? String }, ["X 123/45"], "the export carries it")
        _ = try homecrew.ok("doc", "edit", id, "--clear-number")
        XCTAssertTrue(try homecrew.jsonObject("doc", "show", id)["number"] is NSNull)
        // An export of format 5 without a number clears one on import (an older file would keep it).
        let cleared = homecrew.vault.deletingLastPathComponent().appendingPathComponent("cleared.json")
        _ = try homecrew.ok("export", "--out", cleared.path)
        _ = try homecrew.ok("doc", "edit", id, "--number", "Y1")
        _ = try homecrew.ok("import", cleared.path)
        XCTAssertTrue(try homecrew.jsonObject("doc", "show", id)["number"] is NSNull, "the file's empty number is the number")
        XCTAssertEqual(try homecrew.run(["doc", "edit", id, "--number", "   "]).status, 64, "a blank number is not a way to clear one")
        _ = try homecrew.ok("doc", "apply", id)
        let applied = try homecrew.jsonObject("doc", "suggestions", id)
        XCTAssertEqual(Set((applied["facts"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String }), ["applied", "shown-only"])
    }
}
