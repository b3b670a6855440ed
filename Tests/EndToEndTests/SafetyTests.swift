import Foundation
import HomeCrewTestSupport
import XCTest

/// Tests that try hard to lose a record: kills, concurrent writers, hostile files, a full disk.
final class SafetyTests: XCTestCase {
    var homecrew: HomeCrewProcess!
    var scratch: URL { homecrew.vault.deletingLastPathComponent() }

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("staff", "add", "--name", "Asha Devi", "--start", "2020-01-01", "--salary", "1000", "--currency", "INR")
    }

    override func tearDown() { homecrew.cleanUp() }

    func verifyIsClean(_ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let verify = try homecrew.run(["vault", "verify"])
        XCTAssertEqual(verify.status, 0, "\(context): \(verify.stdout) \(verify.stderr)", file: file, line: line)
    }

    /// 200 distinct small PNG files: a fixture image with a unique chunk of bytes after its end.
    func twoHundredFiles() throws -> [String] {
        let folder = scratch.appendingPathComponent("ingest")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sources = try Samples.fixtures(matching: "swatch-")
        return try (0..<200).map { index in
            var bytes = try Data(contentsOf: URL(fileURLWithPath: sources[index % sources.count]))
            bytes.append(contentsOf: Array("homecrew test file \(index)".utf8))
            let path = folder.appendingPathComponent(String(format: "file-%03d.png", index)).path
            try bytes.write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    func testKilledThirtyTimesDuringA200FileIngestNothingReportedIsLost() throws {
        let files = try twoHundredFiles()
        var random = Seeded(state: 2026)
        var reported: Set<String> = []
        for round in 0..<30 {
            let process = Process(), output = Pipe()
            process.executableURL = HomeCrewProcess.binary
            process.arguments = ["doc", "add"] + files + ["--no-ocr", "--staff", "Asha", "--vault", homecrew.vault.path]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(Int.random(in: 20_000...900_000, using: &random)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            for line in printed.split(separator: "\n") where line.hasPrefix("added ") || line.hasPrefix("stored ") {
                reported.insert(String(line.split(separator: " ")[1]))
            }
            try verifyIsClean("after kill \(round)")
        }
        let listed = try homecrew.jsonArray("doc", "list")
        let ids = Set(listed.map { String(($0["id"] as? String ?? "").prefix(8)) })
        XCTAssertFalse(reported.isEmpty, "some adds completed before a kill")
        XCTAssertTrue(reported.allSatisfy { ids.contains(String($0.prefix(8))) }, "every document reported as added is there")
        XCTAssertTrue(listed.allSatisfy { ($0["staff"] as? [Any] ?? []).count == 1 }, "added with its link, in one transaction")
        let finish = try homecrew.run(["doc", "add"] + files + ["--no-ocr"])
        XCTAssertEqual(finish.status, 0, finish.stderr)
        XCTAssertEqual((try homecrew.json("doc", "list") as? [Any] ?? []).count, 200, "no duplicates, none missing")
        try verifyIsClean("at the end")
    }

    func testFourProcessesWritingAtOnceLoseNothing() throws {
        let files = try twoHundredFiles()
        let errors = ErrorLog()
        let homecrew: HomeCrewProcess = self.homecrew
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for step in 0..<10 {
                let day = String(format: "2026-%02d-%02d", worker + 1, step + 1)
                let commands: [[String]] = [
                    ["doc", "add", files[worker * 10 + step], "--no-ocr"],
                    ["staff", "salary", "set", "Asha", "\(1000 + worker * 100 + step)", "--from", day],
                    ["leave", "add", "Asha", "--from", String(format: "2025-%02d-%02d", worker + 1, step + 1), "--type", "sick"],
                    ["household", "edit", "Sea View", "--notes", "worker \(worker) step \(step)"],
                ]
                for command in commands {
                    do {
                        let result = try homecrew.run(command)
                        if result.status != 0 { errors.add("\(command): \(result.stderr)") }
                    } catch { errors.add("\(command): \(error)") }
                }
            }
        }
        XCTAssertEqual(errors.all, [])
        XCTAssertEqual((try homecrew.json("doc", "list") as? [Any] ?? []).count, 40)
        let asha = try homecrew.jsonObject("staff", "show", "Asha")
        XCTAssertEqual((asha["salary_history"] as? [Any] ?? []).count, 41, "the first salary and 40 changes")
        XCTAssertEqual((try homecrew.json("leave", "list", "Asha") as? [Any] ?? []).count, 40)
        try verifyIsClean("after four writers")
    }

    func testAThousandMutatedFilesAreEachStoredOrRefusedWithAReason() throws {
        var random = Seeded(state: 1_000)
        // The project's own documents and fixtures always; the corpus's real files too when it is there.
        let corpus = ProcessInfo.processInfo.environment[Corpus.variable] == nil ? []
            : try ["png", "jpeg", "pdf", "heic", "broken"].flatMap { try Corpus.files(in: $0) }
        let sources = try (Samples.documents() + Samples.fixtures(matching: "") + corpus).filter { path in
            ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? .max) < 260_000
        }
        let folder = scratch.appendingPathComponent("mutants")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<1000 {
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sources[index % sources.count])))
            switch index % 4 {
            case 0: // flip bytes, sparing the first 8 so most files keep their type
                for _ in 0..<Int.random(in: 1...16, using: &random) {
                    bytes[Int.random(in: min(8, bytes.count - 1)..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                }
            case 1: // truncate
                bytes = Array(bytes.prefix(Int.random(in: 1..<max(2, bytes.count), using: &random)))
            case 2: // duplicate a chunk in place
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let chunk = bytes[start..<min(bytes.count, start + Int.random(in: 1...4096, using: &random))]
                bytes.insert(contentsOf: chunk, at: Int.random(in: 0...bytes.count, using: &random))
            default: // overwrite a run with random bytes
                let start = Int.random(in: 0..<bytes.count, using: &random)
                for offset in start..<min(bytes.count, start + 512) { bytes[offset] = UInt8.random(in: 0...255, using: &random) }
            }
            try Data(bytes).write(to: folder.appendingPathComponent("mutant-\(index)"))
        }
        let started = Date()
        let result = try homecrew.run(["doc", "add", "--recursive", folder.path, "--no-ocr", "--format", "json"],
                                      environment: ["HOMECREW_EXTRACT_TIMEOUT": "10"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 900, "no hang")
        XCTAssertTrue([0, 65].contains(result.status), "exit \(result.status): \(result.stderr.suffix(500))")
        let outcomes = try jsonArray(result.stdout)
        XCTAssertEqual(outcomes.count, 1000, "one outcome per file")
        var kinds: [String: Int] = [:]
        for outcome in outcomes {
            let kind = try XCTUnwrap(outcome["outcome"] as? String)
            kinds[kind, default: 0] += 1
            switch kind {
            case "refused": XCTAssertFalse((outcome["reason"] as? String ?? "").isEmpty, "\(outcome)")
            case "added":
                let extraction = (outcome["document"] as? [String: Any] ?? [:])["extraction"] as? [String: Any] ?? [:]
                if extraction["status"] as? String != "complete" {
                    XCTAssertFalse((extraction["note"] as? String ?? "").isEmpty, "a reason for \(outcome)")
                }
            default: XCTAssertEqual(kind, "already-present")
            }
        }
        XCTAssertGreaterThan(kinds["added", default: 0], 300, "\(kinds)")
        XCTAssertGreaterThan(kinds["refused", default: 0], 0, "\(kinds)")
        try verifyIsClean("after the mutants")
    }

    func testAFullDiskFailsWithAClearMessageAndKeepsTheVaultConsistent() throws {
        let mountPoint = scratch.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint.path]
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            return XCTFail("this test needs to mount a 2 MB tmpfs (run the suite as root, as .ci/run does)")
        }
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [mountPoint.path]
            try? umount.run()
            umount.waitUntilExit()
        }
        let small = HomeCrewProcess(vault: mountPoint.appendingPathComponent("vault"))
        try small.ok("household", "add", "Sea View")
        // Thirty distinct copies of the 140 kB scan: more than 2 MB in all.
        let files = try Samples.uniqueCopies(of: Samples.document("scan-ramesh-driving-licence.pdf"), count: 30,
                                             into: scratch.appendingPathComponent("scans"))
        let result = try small.run(["doc", "add"] + files + ["--no-ocr"])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertTrue(result.stderr.contains("is full; nothing was stored") || result.stderr.contains("disk is full"), result.stderr)
        let verify = try small.run(["vault", "verify"])
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        let listed = try small.jsonArray("doc", "list")
        XCTAssertGreaterThan(listed.count, 0, "the files that fitted are kept")
        for document in listed { XCTAssertEqual(try small.run(["doc", "text", document["id"] as? String ?? ""]).status, 0) }
    }

    func testAVaultWhoseInternalsAreLinksIsRefused() throws {
        let elsewhere = scratch.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let objects = homecrew.vault.appendingPathComponent("objects")
        try? FileManager.default.removeItem(at: objects)
        try FileManager.default.createSymbolicLink(at: objects, withDestinationURL: elsewhere)
        for command in [["doc", "list"], ["doc", "add", Samples.fixture("swatch-1.png")], ["vault", "gc"]] {
            let result = try homecrew.run(command)
            XCTAssertEqual(result.status, 65, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("objects is a symbolic link; HomeCrew refuses vaults whose internals point elsewhere"),
                          result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [], "nothing was written through it")
    }

    /// `vault gc` deletes only files named like objects (a path is made from the name): a stray
    /// file is left for a person, and `vault verify` names it.
    func testGarbageCollectionLeavesAFileNotNamedLikeAnObject() throws {
        _ = try homecrew.ok("doc", "add", Samples.fixture("swatch-1.png"), "--no-ocr")
        let stray = homecrew.vault.appendingPathComponent("objects/sha256/ab/abandoned notes.txt")
        try FileManager.default.createDirectory(at: stray.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: stray)
        let collected = try homecrew.ok("vault", "gc", "--grace-hours", "0")
        XCTAssertTrue(collected.contains("0 unused object(s)"), collected)
        XCTAssertTrue(FileManager.default.fileExists(atPath: stray.path), collected)
        let verify = try homecrew.run(["vault", "verify"])
        XCTAssertTrue(verify.stdout.contains("\(stray.path) is not named like an object"), verify.stdout + verify.stderr)
    }
}

final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.lock(); entries.append(entry); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return entries }
}
