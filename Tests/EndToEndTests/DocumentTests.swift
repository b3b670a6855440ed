import Foundation
import HomeCrewTestSupport
import XCTest

final class DocumentTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("household", "add", "Marina Flat")
        try homecrew.ok("staff", "add", "--name", "Asha Devi", "--known-as", "Asha", "--start", "2020-01-01", "--salary", "1", "--currency", "INR")
        try homecrew.ok("staff", "add", "--name", "Ramesh Yadav", "--start", "2020-01-01", "--salary", "1", "--currency", "INR")
        try homecrew.ok("staff", "add", "--name", "Maria Santos", "--start", "2020-01-01", "--salary", "1", "--currency", "AED",
                        "--household", "Marina Flat")
    }

    override func tearDown() { homecrew.cleanUp() }

    func addJSON(_ arguments: [String]) throws -> (Int32, [[String: Any]]) {
        let result = try homecrew.run(["doc", "add"] + arguments + ["--format", "json"])
        let outcomes = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
        return (result.status, outcomes)
    }

    func verifyIsClean(file: StaticString = #filePath, line: UInt = #line) throws {
        let verify = try homecrew.run(["vault", "verify"])
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr, file: file, line: line)
        XCTAssertTrue(verify.stdout.contains("no problems."), verify.stdout, file: file, line: line)
    }

    func testEveryCorpusFileIsStoredWithAnOutcomeAndTheVaultVerifies() throws {
        var total = 0
        for folder in ["pdf", "jpeg", "png", "heic", "broken"] {
            let (status, outcomes) = try addJSON(["--recursive", try Corpus.file(folder)])
            XCTAssertEqual(status, 0, folder)
            let files = try Corpus.files(in: folder)
            XCTAssertEqual(outcomes.count, files.count, folder)
            for outcome in outcomes {
                XCTAssertEqual(outcome["outcome"] as? String, "added", "\(outcome)")
                let extraction = (outcome["document"] as? [String: Any])?["extraction"] as? [String: Any]
                let status = extraction?["status"] as? String
                XCTAssertNotNil(status)
                if status != "complete" { XCTAssertFalse((extraction?["note"] as? String ?? "").isEmpty, "\(outcome)") }
            }
            total += files.count
        }
        let listed = try homecrew.jsonArray("doc", "list")
        XCTAssertEqual(listed.count, total)
        try verifyIsClean()
        let stats = try homecrew.jsonObject("vault", "stats")
        XCTAssertEqual(stats["documents"] as? Int, total)
    }

    func testSameBytesAreStoredOnceAndGainNewLinks() throws {
        let file = Samples.fixture("hello.pdf")
        let (_, first) = try addJSON([file, "--staff", "Asha", "--kind", "contract", "--title", "Contract"])
        let id = try XCTUnwrap((first.first?["document"] as? [String: Any])?["id"] as? String)
        let copy = homecrew.vault.deletingLastPathComponent().appendingPathComponent("renamed copy.pdf").path
        try FileManager.default.copyItem(atPath: file, toPath: copy)
        let again = try homecrew.run(["doc", "add", copy, "--staff", "Ramesh"])
        XCTAssertEqual(again.stdout, "already in vault as \(id)  hello.pdf, now linked to Ramesh Yadav\n")
        let shown = try XCTUnwrap(try homecrew.json("doc", "show", String(id.prefix(6))) as? [String: Any])
        XCTAssertEqual((shown["staff"] as? [[String: Any]])?.compactMap { $0["legal_name"] as? String }, ["Asha Devi", "Ramesh Yadav"])
        XCTAssertEqual(shown["page_count"] as? Int, 1)
        XCTAssertEqual((shown["pages"] as? [[String: Any]])?.first?["source"] as? String, "pdf-text")
        let objects = try FileManager.default.subpathsOfDirectory(atPath: homecrew.vault.appendingPathComponent("objects").path)
            .filter { $0.count > 60 }
        XCTAssertEqual(objects.count, 2, "one object and its thumbnail")

        XCTAssertEqual(try homecrew.run(["doc", "link", id, "--staff", "Maria"]).status, 65, "staff of another household")
        XCTAssertEqual(try homecrew.ok("doc", "unlink", id, "--staff", "Ramesh"), "Unlinked \(id) from Ramesh Yadav.\n")
        let text = try homecrew.ok("doc", "text", id)
        XCTAssertTrue(text.contains("Hello World"), text)
    }

    func testRemovalThenGarbageCollectionAfterTheGracePeriod() throws {
        let (_, outcomes) = try addJSON([Samples.document("fatima-residence-visa-sideways.jpg"), "--staff", "Asha"])
        let document = try XCTUnwrap(outcomes.first?["document"] as? [String: Any])
        let id = document["id"] as? String ?? "", hash = document["sha256"] as? String ?? ""
        let objectPath = homecrew.vault.appendingPathComponent("objects/sha256/\(hash.prefix(2))/\(hash)").path
        XCTAssertEqual(document["orientation"] as? Int, 6)

        let refused = try homecrew.run(["staff", "remove", "Asha", "--yes"])
        XCTAssertEqual(refused.status, 65, "a staff member with documents needs --cascade")
        XCTAssertEqual(try homecrew.run(["household", "remove", "Sea View", "--cascade", "--yes"]).status, 0)
        XCTAssertEqual(try homecrew.run(["doc", "show", id]).status, 66, "the document went with its household")
        XCTAssertTrue(FileManager.default.fileExists(atPath: objectPath), "the object stays until gc")

        XCTAssertTrue(try homecrew.ok("vault", "gc").contains("0 unused object(s), freed 0 bytes; 2 kept for the grace period."))
        let dry = try homecrew.ok("vault", "gc", "--grace-hours", "0", "--dry-run")
        XCTAssertTrue(dry.contains("would delete \(hash)"), dry)
        XCTAssertTrue(FileManager.default.fileExists(atPath: objectPath))
        let collected = try homecrew.ok("vault", "gc", "--grace-hours", "0")
        XCTAssertTrue(collected.contains("deleted \(hash)"), collected)
        XCTAssertFalse(FileManager.default.fileExists(atPath: objectPath))
        try verifyIsClean()
    }

    func testVerifyFindsAFlippedByte() throws {
        let (_, outcomes) = try addJSON([Samples.document("contract-asha-devi-kumari.pdf")])
        let hash = try XCTUnwrap((outcomes.first?["document"] as? [String: Any])?["sha256"] as? String)
        try verifyIsClean()
        let path = homecrew.vault.appendingPathComponent("objects/sha256/\(hash.prefix(2))/\(hash)").path
        chmod(path, 0o600)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 5000)
        let byte = try XCTUnwrap(handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: 5000)
        handle.write(Data([byte ^ 0x01]))
        try handle.close()
        let verify = try homecrew.run(["vault", "verify"])
        XCTAssertEqual(verify.status, 65)
        XCTAssertTrue(verify.stdout.contains("problem: object \(hash) is damaged"), verify.stdout)
        XCTAssertTrue(verify.stdout.hasSuffix("1 problem(s).\n"), verify.stdout)
    }

    func testUnsupportedFilesAreRefusedUnlessAllowed() throws {
        let text = homecrew.vault.deletingLastPathComponent().appendingPathComponent("notes.pdf").path
        try "not a PDF at all, whatever the name says".write(toFile: text, atomically: true, encoding: .utf8)
        let refused = try homecrew.run(["doc", "add", text])
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(refused.stderr, "household: Sea View (primary)\nerror: \(text) is a text file, not a PDF, JPEG, PNG or HEIC file; pass --allow-other to keep it anyway\n")
        XCTAssertEqual(try homecrew.run(["doc", "add", "/nonexistent/file.pdf"]).status, 66)
        let (status, outcomes) = try addJSON([text, "--allow-other"])
        XCTAssertEqual(status, 0)
        XCTAssertEqual((outcomes.first?["document"] as? [String: Any])?["media_type"] as? String, "application/octet-stream")
    }

    func testPasswordsOpenEncryptedPDFsAndAreNeverStored() throws {
        let locked = Samples.fixture("locked-aes256.pdf")
        let (_, added) = try addJSON([locked])
        let document = try XCTUnwrap(added.first?["document"] as? [String: Any])
        XCTAssertEqual((document["extraction"] as? [String: Any])?["status"] as? String, "partial")
        let id = try XCTUnwrap(document["id"] as? String)
        let wrong = try homecrew.run(["doc", "reprocess", id, "--password", "not the password"])
        XCTAssertTrue(wrong.stdout.hasSuffix(": partial: encrypted: the password given does not open it\n"), wrong.stdout + wrong.stderr)
        XCTAssertTrue(try homecrew.ok("doc", "reprocess", id, "--password", "usersecret").hasSuffix(": complete\n"))
        XCTAssertTrue(try homecrew.ok("doc", "text", id).contains("Confidential salary letter"))
        // Given at ingest, the password opens a new copy straight away.
        let copy = try XCTUnwrap(Samples.uniqueCopies(of: locked, count: 1, into: homecrew.vault.deletingLastPathComponent()).first)
        let (_, opened) = try addJSON([copy, "--password", "usersecret"])
        XCTAssertEqual(((opened.first?["document"] as? [String: Any])?["extraction"] as? [String: Any])?["status"] as? String, "complete")
        let everything = try FileManager.default.subpathsOfDirectory(atPath: homecrew.vault.path).compactMap {
            FileManager.default.contents(atPath: homecrew.vault.appendingPathComponent($0).path)
        }
        for secret in ["usersecret", "not the password"] {
            XCTAssertFalse(everything.contains { $0.range(of: Data(secret.utf8)) != nil }, "\(secret) is written somewhere in the vault")
        }
    }

    /// The same encrypted PDF filed by two households shares one object, but what a password opens
    /// is the household's that gave it: Sea View's reprocess with the password gives Marina Flat's copy
    /// no text, nor does Marina Flat's later upload of the same bytes, and Marina Flat's own reprocess
    /// changes nothing of Sea View's. With its own password Marina Flat reads its own copy.
    func testWhatAPasswordOpensIsTheHouseholdsThatGaveIt() throws {
        let locked = Samples.fixture("locked-aes256.pdf")
        func add(_ household: String, _ extra: [String] = []) throws -> String {
            let (_, added) = try addJSON([locked, "--household", household, "--no-ocr"] + extra)
            return try XCTUnwrap((added.first?["document"] as? [String: Any])?["id"] as? String ?? added.first?["id"] as? String, "\(added)")
        }
        func status(_ id: String) throws -> String? {
            ((try homecrew.jsonObject("doc", "show", id, "--format", "json"))["extraction"] as? [String: Any])?["status"] as? String
        }
        let sea = try add("Sea View")
        let marina = try add("Marina Flat")
        XCTAssertTrue(try homecrew.ok("doc", "reprocess", sea, "--password", "usersecret").hasSuffix(": complete\n"))
        XCTAssertTrue(try homecrew.ok("doc", "text", sea).contains("Confidential salary letter"))
        XCTAssertFalse(try homecrew.ok("doc", "text", marina).contains("Confidential"), "Sea View's password read nothing for Marina Flat")
        XCTAssertEqual(try status(marina), "partial")
        let hits = try homecrew.jsonArray("search", "Confidential", "--format", "json")
        XCTAssertEqual(Set(hits.compactMap { $0["document_id"] as? String }), [sea],
                       "only Sea View's document is found by its text: \(hits)")
        // Marina Flat's copy filed again from scratch (removed, then uploaded) still has no text of Sea View's reading.
        try homecrew.ok("doc", "remove", marina)
        let again = try add("Marina Flat")
        XCTAssertFalse(try homecrew.ok("doc", "text", again).contains("Confidential"), "an upload of the same bytes is not given the text")
        // Marina Flat's reprocess with a wrong password leaves Sea View's text as it was; with the password, it reads its own.
        _ = try homecrew.run(["doc", "reprocess", again, "--password", "not the password"])
        XCTAssertTrue(try homecrew.ok("doc", "text", sea).contains("Confidential salary letter"), "Sea View's text is its own")
        XCTAssertEqual(try status(sea), "complete")
        let copy = try add("Marina Flat", ["--password", "usersecret"])
        XCTAssertEqual(copy, again, "already present in Marina Flat")
        XCTAssertTrue(try homecrew.ok("doc", "reprocess", again, "--password", "usersecret").hasSuffix(": complete\n"))
        XCTAssertTrue(try homecrew.ok("doc", "text", again).contains("Confidential salary letter"))
        try verifyIsClean()
    }

    func testAPasswordNeverAppearsInAChildProcessListing() throws {
        let secret = "usersecret"
        let command = Process()
        command.executableURL = HomeCrewProcess.binary
        command.arguments = ["doc", "add", Samples.fixture("locked-aes256.pdf"), "--password", secret, "--no-ocr", "--vault", homecrew.vault.path]
        command.standardOutput = FileHandle.nullDevice
        command.standardError = FileHandle.nullDevice
        try command.run()
        var workersSeen = 0, leaks: [String] = []
        while command.isRunning {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(entry) != nil {
                guard Int32(entry) != command.processIdentifier,
                      let raw = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
                let line = String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
                // Only the worker's own arguments count: a child caught between fork and exec still
                // shows the parent's command line, which is the user's own typing, not a leak.
                guard line.contains("homecrew-extract") else { continue }
                workersSeen += 1
                if line.contains(secret) { leaks.append(line) }
            }
        }
        XCTAssertEqual(command.terminationStatus, 0)
        XCTAssertGreaterThan(workersSeen, 0, "the worker was seen, so a password in its arguments would have been")
        XCTAssertEqual(leaks, [])
    }

    func testAKilledOrHungWorkerLeavesTheDocumentStoredWithAReason() throws {
        // 120 pages of text take a worker far longer than 0.05 s to read.
        let result = try homecrew.run(["doc", "add", Samples.fixture("long-handbook.pdf"), "--no-ocr", "--format", "json"],
                                      environment: ["HOMECREW_EXTRACT_TIMEOUT": "0.05"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let outcomes = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let document = try XCTUnwrap(outcomes.first?["document"] as? [String: Any])
        let extraction = try XCTUnwrap(document["extraction"] as? [String: Any])
        XCTAssertEqual(extraction["status"] as? String, "failed")
        XCTAssertEqual(extraction["note"] as? String,
                       "reading the PDF took longer than 0.05 s and was stopped; retry with: homecrew doc reprocess")
        try verifyIsClean()
        let id = try XCTUnwrap(document["id"] as? String)
        XCTAssertEqual(try homecrew.ok("doc", "reprocess", id), "Reprocessed \(id): complete\n")
        let shown = try XCTUnwrap(homecrew.json("doc", "show", id) as? [String: Any])
        XCTAssertEqual(shown["page_count"] as? Int, 120)
    }

    func testAWorkerStoppedForOneFileDoesNotCostTheOthers() throws {
        // Workers serve many files; the one that overruns is killed and replaced, and the files
        // after it are read by a fresh worker. GeoTopo eight times over (936 pages) takes a debug
        // worker several seconds, the others about 0.05 s each: a limit of 1 s parts them on a busy
        // machine too (at 0.25 s and GeoTopo once, 0.4-0.6 s here, a 3 KB file overran beside the
        // other tests on 2 cores).
        let long = try Samples.repeatedPDF(try Corpus.file("pdf/GeoTopo-komprimiert.pdf"), count: 8,
                                           at: homecrew.vault.deletingLastPathComponent().appendingPathComponent("GeoTopo-8.pdf").path)
        let files = ["pdf/simple1.pdf", "pdf/jo.pdf", "pdf/vertical.pdf", "pdf/002-trivial-libre-office-writer.pdf"]
        let paths = try [long] + files.map(Corpus.file)
        let result = try homecrew.run(["doc", "add"] + paths + ["--no-ocr", "--format", "json"],
                                      environment: ["HOMECREW_EXTRACT_TIMEOUT": "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let outcomes = try jsonArray(result.stdout)
        let statuses = Dictionary(uniqueKeysWithValues: try outcomes.map { outcome -> (String, String) in
            let document = try XCTUnwrap(outcome["document"] as? [String: Any])
            return (document["original_name"] as? String ?? "", (document["extraction"] as? [String: Any] ?? [:])["status"] as? String ?? "")
        })
        XCTAssertEqual(statuses["GeoTopo-8.pdf"], "failed")
        for name in ["simple1.pdf", "jo.pdf", "vertical.pdf", "002-trivial-libre-office-writer.pdf"] { XCTAssertEqual(statuses[name], "complete", name) }
        try verifyIsClean()
    }

    func testKillingTheCommandMidIngestLeavesTheVaultConsistent() throws {
        // The demo documents (a scan among them, read with OCR), the fixtures, and ten long PDFs:
        // enough work that each kill lands mid-ingest.
        let files = try Samples.documents() + Samples.fixtures(matching: "")
            + Samples.uniqueCopies(of: Samples.fixture("long-handbook.pdf"), count: 10,
                                   into: homecrew.vault.deletingLastPathComponent().appendingPathComponent("long"))
        var reportedAdded: Set<String> = []
        for round in 0..<6 {
            let process = Process()
            process.executableURL = HomeCrewProcess.binary
            process.arguments = ["doc", "add"] + files + ["--vault", homecrew.vault.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(40_000 + round * 45_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            for line in printed.split(separator: "\n") where line.hasPrefix("added ") {
                reportedAdded.insert(String(line.split(separator: " ")[1]))
            }
            try verifyIsClean()
        }
        let listed = Set((try homecrew.jsonArray("doc", "list")).map { $0["id"] as? String ?? "" })
        XCTAssertTrue(reportedAdded.isSubset(of: listed), "every document reported as added is there")
        // Nothing half-done: a full run afterwards completes the set, without duplicates.
        let finish = try homecrew.run(["doc", "add"] + files)
        XCTAssertEqual(finish.status, 0, finish.stderr)
        XCTAssertEqual((try homecrew.jsonArray("doc", "list")).count, files.count)
        try verifyIsClean()
    }

    func testNamesAndTextCannotDriveTheTerminal() throws {
        let hostile = homecrew.vault.deletingLastPathComponent().appendingPathComponent("evil\u{1B}]0;pwned\u{07}.pdf").path
        try FileManager.default.copyItem(atPath: Samples.fixture("hello.pdf"), toPath: hostile)
        // A title typed with a control character is refused (65) before anything is stored.
        let refused = try homecrew.run(["doc", "add", hostile, "--title", "Bad\u{1B}[2J title"])
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("the document title holds the control character [U+001B]"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("\u{1B}"), refused.stderr)
        XCTAssertEqual(try homecrew.jsonArray("doc", "list").count, 0)
        let objects = homecrew.vault.appendingPathComponent("objects")
        let stored = (FileManager.default.enumerator(at: objects, includingPropertiesForKeys: [.isRegularFileKey])?.allObjects ?? [])
            .compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        XCTAssertEqual(stored, [], "no object is stored for a refused title")
        // Without a title the file's name is the title, its control characters written out.
        let added = try homecrew.run(["doc", "add", hostile])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertFalse(added.stdout.contains("\u{1B}"), added.stdout)
        XCTAssertTrue(added.stdout.contains("evil\\u{1B}]0;pwned\\u{7}.pdf"), added.stdout)
        let id = String(added.stdout.split(separator: " ")[1])
        XCTAssertTrue(try homecrew.ok("doc", "show", id).contains("evil[U+001B]]0;pwned[U+0007]"))
        for command in [["doc", "list"], ["doc", "show", id], ["doc", "text", id]] {
            let output = try homecrew.ok(command)
            XCTAssertFalse(output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, output)
        }
        // Piped CSV and JSON are data for programs: they keep the name exactly (JSON escapes it).
        XCTAssertTrue(try homecrew.ok("doc", "list", "--format", "csv").contains("evil\u{1B}]0;pwned\u{07}.pdf"))
        XCTAssertTrue(try homecrew.ok("doc", "list", "--format", "json").contains("evil\\u001b]0;pwned\\u0007.pdf"))
    }

    func testExportNeverOverwritesOrFollowsLinks() throws {
        let (_, outcomes) = try addJSON([Samples.fixture("swatch-4.png")])
        let id = try XCTUnwrap((outcomes.first?["document"] as? [String: Any])?["id"] as? String)
        let directory = homecrew.vault.deletingLastPathComponent()
        let out = directory.appendingPathComponent("exported.png").path
        try homecrew.ok("doc", "export", id, "--out", out)
        XCTAssertEqual(FileManager.default.contents(atPath: out), FileManager.default.contents(atPath: Samples.fixture("swatch-4.png")))
        XCTAssertEqual(try homecrew.run(["doc", "export", id, "--out", out]).status, 73)
        try homecrew.ok("doc", "export", id, "--out", out, "--force")
        let link = directory.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.appendingPathComponent("target").path)
        XCTAssertEqual(try homecrew.run(["doc", "export", id, "--out", link, "--force"]).status, 73)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("target").path))
        let thumbnail = directory.appendingPathComponent("thumb.png").path
        try homecrew.ok("doc", "thumbnail", id, "--out", thumbnail)
        XCTAssertEqual(FileManager.default.contents(atPath: thumbnail)?.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
    }

    func testExpiringDocumentsAreListedSoonestFirst() throws {
        try homecrew.ok("doc", "add", Samples.fixture("receipt-photo.jpg"), "--kind", "passport", "--expires", "2027-01-15", "--staff", "Asha")
        try homecrew.ok("doc", "add", Samples.fixture("swatch-2.png"), "--kind", "visa", "--expires", "2026-12-01", "--staff", "Asha")
        try homecrew.ok("doc", "add", Samples.document("fatima-residence-visa-sideways.jpg"), "--kind", "id", "--expires", "2030-01-01")
        let soon = try homecrew.jsonArray("doc", "list", "--expiring-within", "60", "--today", "2026-11-22")
        XCTAssertEqual(soon.map { $0["kind"] as? String }, ["visa", "passport"])
        let expired = try homecrew.jsonArray("doc", "list", "--expired", "--today", "2027-01-01")
        XCTAssertEqual(expired.map { $0["kind"] as? String }, ["visa"])
        let byTitle = try homecrew.jsonArray("doc", "list", "--sort", "title", "--kind", "passport", "--added-from", "2020-01-01")
        XCTAssertEqual(byTitle.map { $0["kind"] as? String }, ["passport"])
        // The same words as the Documents page; nothing is clamped.
        for (arguments, message) in [(["--expiring-within=-5"], "'-5' is not an expiry window"),
                                     (["--added-from", "2026-02-01", "--added-to", "2026-01-01"], "the added dates run backwards"),
                                     (["--sort", "size"], "cannot sort by 'size'"), (["--kind", "novel"], "unknown kind 'novel'")] {
            let run = try homecrew.run(["doc", "list"] + arguments)
            XCTAssertEqual(run.status, 64, "\(arguments)")
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
        XCTAssertEqual(try homecrew.run(["doc", "add", Samples.fixture("swatch-1.png"), "--issued", "2026-01-02", "--expires", "2026-01-01"]).status, 64)
    }
}
