import Foundation
import GRDB
import HomeCrewCore
@testable import HomeCrewStore
import XCTest

/// A restic snapshot's database is copied without the text of pages, which the text mirror keeps
/// in files that never change; a restore puts that text and the search rows back exactly.
final class BackupCopyTests: XCTestCase {
    var folder: URL!
    var database: AppDatabase!
    var sea: Household!
    var mirror: TextMirror { TextMirror(directory: folder.appendingPathComponent("vault/backup-text").path) }
    var copyPath: String { folder.appendingPathComponent("copy.sqlite").path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("backup-copy-\(UUID().uuidString)")
        database = try AppDatabase.open(VaultLocation(directory: folder.appendingPathComponent("vault").path), create: true)
        sea = try database.addHousehold(Household(name: "Sea View")).household
        let pages = [[PageText(number: 1, text: "the gardener's lease, ٢٠٢٦ مارس", source: .pdfText), PageText(number: 2, text: "", source: .none)],
                     [PageText(number: 1, text: "passport\nP<INDSANTOS<<MARIA", source: .ocr)], [],
                     [PageText(number: 1, text: "a visa, in the same file as the lease", source: .pdfText)]]
        for (index, text) in pages.enumerated() {
            let sha = [String(repeating: "ab", count: 32), String(repeating: "cd", count: 32), String(repeating: "ef", count: 32),
                       "ab" + String(repeating: "01", count: 31)][index]
            let object = StoredObject(hash: sha, size: 10, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: text.count))
            _ = try database.addDocument(Document(householdID: sea.id, objectHash: sha, kind: .other, title: "Paper \(index)", originalName: "\(index).pdf"),
                                         object: object, pages: text, thumbnail: nil, staff: [])
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func sqlite(_ path: String, _ sql: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in try Row.fetchAll(db, sql: sql).map(\.description) }
    }

    var live: String { database.writer.path }

    func testTheCopyHoldsEveryRowButThePagesTextWhichTheMirrorHoldsOncePerGeneration() throws {
        let summary = try database.snapshotWithoutText(to: copyPath, mirror: mirror)
        XCTAssertEqual(summary.files, 2, "the files of the three objects that have pages: two share the file of ab, one in cd; one never had a page")
        XCTAssertEqual(summary.written, 2)
        XCTAssertEqual(try sqlite(copyPath, "SELECT count(*) FROM object_page"), ["[count(*):0]"])
        XCTAssertEqual(try sqlite(copyPath, "SELECT rowid, document_id, page_number, body FROM search_row ORDER BY rowid"),
                       try sqlite(live, "SELECT rowid, document_id, page_number, NULL AS body FROM search_row ORDER BY rowid"),
                       "the search rows' keys in their rowids, nothing of their text")
        XCTAssertEqual(try sqlite(copyPath, "SELECT * FROM sqlite_sequence ORDER BY name"), try sqlite(live, "SELECT * FROM sqlite_sequence ORDER BY name"))
        for table in ["document", "household", "audit_entry"] {
            XCTAssertEqual(try sqlite(copyPath, "SELECT rowid, * FROM \(table) ORDER BY rowid"), try sqlite(live, "SELECT rowid, * FROM \(table) ORDER BY rowid"), table)
        }
        XCTAssertEqual(try sqlite(copyPath, "SELECT * FROM object ORDER BY sha256"), try sqlite(live, "SELECT * FROM object ORDER BY sha256"))
        XCTAssertEqual(try sqlite(copyPath, "SELECT type, name, sql FROM sqlite_master ORDER BY name"),
                       try sqlite(live, "SELECT type, name, sql FROM sqlite_master ORDER BY name"), "the same schema")
        XCTAssertEqual(try AppDatabase.snapshotFacts(ofDatabaseAt: copyPath).recordDigest, try database.backupRecordDigest())
        // Nothing changed: nothing is written again.
        let again = try database.snapshotWithoutText(to: folder.appendingPathComponent("copy2.sqlite").path, mirror: mirror)
        XCTAssertEqual(again.written, 0)
        XCTAssertEqual(again.digest, summary.digest)
        XCTAssertEqual(try sqlite(live, "SELECT text_generation FROM object ORDER BY sha256"),
                       ["[text_generation:5]", "[text_generation:3]", "[text_generation:4]", "[text_generation:0]"],
                       "generations drawn from the vault's one clock: 2 and 3 for the first object's pages, 4 for the second's, 5 for the last's")
        XCTAssertEqual(mirror.files().map { String($0.prefix(3)) }.sorted(), ["ab-", "cd-"])
    }

    func testAChangeOfTextIsANewGenerationAndTheOldFileGoes() throws {
        _ = try database.snapshotWithoutText(to: copyPath, mirror: mirror)
        let sha = String(repeating: "cd", count: 32)
        try database.writer.write { db in
            try db.execute(sql: "UPDATE object_page SET text = 'read again' WHERE object_sha256 = ?", arguments: [sha])
        }
        let next = try database.snapshotWithoutText(to: folder.appendingPathComponent("copy2.sqlite").path, mirror: mirror)
        XCTAssertEqual(next.written, 1, "the one file that holds it")
        XCTAssertEqual(mirror.files().filter { $0.hasPrefix("cd-") }.count, 1, "its old file is gone")
        XCTAssertEqual(mirror.pages(of: [TextMirror.Entry(object: sha, generation: 6)]).pages.map { $0.1.map(\.text) }, [["read again"]])
    }

    /// An object removed and filed again starts a new row, yet its pages never get a generation
    /// an earlier text of the same bytes had: the file written for that one is not taken for it.
    func testAnObjectFiledAgainNeverReusesAGeneration() throws {
        let sha = String(repeating: "cd", count: 32)
        _ = try database.snapshotWithoutText(to: copyPath, mirror: mirror)
        try database.writer.write { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "DELETE FROM document WHERE object_sha256 = ?; DELETE FROM object WHERE sha256 = ?", arguments: [sha, sha])
        }
        let object = StoredObject(hash: sha, size: 10, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: 1))
        _ = try database.addDocument(Document(householdID: sea.id, objectHash: sha, kind: .other, title: "Again", originalName: "again.pdf"),
                                     object: object, pages: [PageText(number: 1, text: "read with OCR now", source: .ocr)], thumbnail: nil, staff: [])
        let generation = try XCTUnwrap(try sqlite(live, "SELECT text_generation FROM object WHERE sha256 = '\(sha)'").first)
        XCTAssertNotEqual(generation, "[text_generation:4]")
        _ = try database.snapshotWithoutText(to: folder.appendingPathComponent("copy2.sqlite").path, mirror: mirror)
        let entry = TextMirror.Entry(object: sha, generation: try XCTUnwrap(Int64(generation.filter(\.isNumber))))
        XCTAssertEqual(mirror.pages(of: [entry]).pages.map { $0.1.map(\.text) }, [["read with OCR now"]])
    }

    func testARestoredCopyGetsItsTextAndSearchRowsBackExactly() throws {
        let summary = try database.snapshotWithoutText(to: copyPath, mirror: mirror)
        let restoredFolder = folder.appendingPathComponent("restored").path
        try FileManager.default.createDirectory(atPath: restoredFolder, withIntermediateDirectories: true)
        let path = restoredFolder + "/homecrew.sqlite"
        try FileManager.default.copyItem(atPath: copyPath, toPath: path)
        XCTAssertThrowsError(try AppDatabase.refillText(ofDatabaseAt: path, from: mirror, expected: (summary.files + 1, summary.digest)))
        try AppDatabase.refillText(ofDatabaseAt: path, from: mirror, expected: (summary.files, summary.digest))
        let restored = try AppDatabase.open(VaultLocation(directory: restoredFolder), create: false)
        for query in ["SELECT * FROM object_page ORDER BY 1, 2", "SELECT sha256, text_generation FROM object ORDER BY 1", "SELECT * FROM text_clock",
                      "SELECT rowid, * FROM search_row ORDER BY rowid", "SELECT name, sql FROM sqlite_master ORDER BY name"] {
            XCTAssertEqual(try sqlite(path, query), try sqlite(live, query), query)
        }
        XCTAssertEqual(try restored.search(try SearchQuery.parse("gardener"), SearchFilter()).hits.map(\.title), ["Paper 0"])
        XCTAssertEqual(try restored.search(try SearchQuery.parse("Paper"), SearchFilter()).hits.count, 4, "a document without pages is found by its title")
        XCTAssertEqual(try restored.search(try SearchQuery.parse("visa"), SearchFilter()).hits.map(\.title), ["Paper 3"])
        XCTAssertEqual(try restored.integrityProblems(), [])
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "INSERT INTO search_index (search_index) VALUES ('integrity-check')") }
        XCTAssertThrowsError(try AppDatabase.refillText(ofDatabaseAt: path, from: mirror, expected: (summary.files, summary.digest)),
                             "only a copy without text is filled")
    }

    /// The text is the one part of a snapshot that can be read again from what else it holds (the
    /// documents' files): a damaged text file costs the restore that text, not every record.
    func testARestoreWithADamagedTextFileKeepsEveryRecordAndMarksItsDocumentsToBeReadAgain() throws {
        let summary = try database.snapshotWithoutText(to: copyPath, mirror: mirror)
        let damaged = try XCTUnwrap(mirror.files().first { $0.hasPrefix("ab-") })
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: mirror.directory + "/" + damaged)))
        bytes[bytes.count - 3] ^= 1
        try Data(bytes).write(to: URL(fileURLWithPath: mirror.directory + "/" + damaged))
        let restoredFolder = folder.appendingPathComponent("restored").path
        try FileManager.default.createDirectory(atPath: restoredFolder, withIntermediateDirectories: true)
        let path = restoredFolder + "/homecrew.sqlite"
        try FileManager.default.copyItem(atPath: copyPath, toPath: path)
        XCTAssertEqual(try AppDatabase.refillText(ofDatabaseAt: path, from: mirror, expected: (summary.files, summary.digest)), [damaged])
        let restored = try AppDatabase.open(VaultLocation(directory: restoredFolder), create: false)
        XCTAssertEqual(try sqlite(path, "SELECT substr(sha256, 1, 4), text_generation, extraction_status FROM object ORDER BY sha256"),
                       ["[substr(sha256, 1, 4):\"ab01\" text_generation:0 extraction_status:\"partial\"]",
                        "[substr(sha256, 1, 4):\"abab\" text_generation:0 extraction_status:\"partial\"]",
                        "[substr(sha256, 1, 4):\"cdcd\" text_generation:4 extraction_status:\"complete\"]",
                        "[substr(sha256, 1, 4):\"efef\" text_generation:0 extraction_status:\"complete\"]"])
        XCTAssertTrue(try sqlite(path, "SELECT extraction_note FROM object WHERE sha256 LIKE 'abab%'")[0].contains("homecrew doc reprocess reads it again"))
        XCTAssertEqual(try sqlite(path, "SELECT count(*) FROM document"), try sqlite(live, "SELECT count(*) FROM document"), "every record")
        XCTAssertEqual(try restored.search(try SearchQuery.parse("passport"), SearchFilter()).hits.map(\.title), ["Paper 1"], "the whole file's text is back")
        XCTAssertEqual(try restored.search(try SearchQuery.parse("gardener"), SearchFilter()).hits.count, 0, "the damaged file's is not")
        XCTAssertEqual(try restored.search(try SearchQuery.parse("Paper"), SearchFilter()).hits.count, 4, "each document is found by its title")
        XCTAssertEqual(try restored.integrityProblems(), [])
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "INSERT INTO search_index (search_index) VALUES ('integrity-check')") }
    }

    func testADamagedOrMissingTextFileIsNamedAndNotRead() throws {
        _ = try database.snapshotWithoutText(to: copyPath, mirror: mirror)
        let entry = TextMirror.Entry(object: String(repeating: "ab", count: 32), generation: 3)
        let file = mirror.directory + "/" + (try XCTUnwrap(mirror.files().first { $0.hasPrefix("ab-") }))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        bytes[bytes.count - 3] ^= 1
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let neighbour = TextMirror.Entry(object: "ab" + String(repeating: "01", count: 31), generation: 5)
        let read = mirror.pages(of: [neighbour, entry, TextMirror.Entry(object: String(repeating: "cd", count: 32), generation: 4)])
        XCTAssertEqual(read.unreadable.map(\.file), [(file as NSString).lastPathComponent])
        XCTAssertEqual(read.unreadable.map(\.entries), [[neighbour, entry]])
        XCTAssertEqual(read.pages.map(\.0.object), [String(repeating: "cd", count: 32)], "the other file is read")
        let missing = TextMirror.Entry(object: entry.object, generation: 9)
        XCTAssertEqual(mirror.pages(of: [missing]).unreadable.map(\.entries), [[missing]], "a file that is not there")
        let one = TextMirror.Entry(object: entry.object, generation: 1), two = TextMirror.Entry(object: String(repeating: "a0", count: 32), generation: 7)
        let content = [(one, [TextMirror.Page(number: 3, source: "pdf-text", text: "a\nb 7 c\n"), TextMirror.Page(number: 4, source: "none", text: "")]), (two, [])]
        let decoded = try XCTUnwrap(TextMirror.decode(TextMirror.encode(content)))
        XCTAssertEqual(decoded.map { $0.0 }, [one, two])
        XCTAssertEqual(decoded.map { $0.1 }, content.map { $0.1 })
        XCTAssertNil(TextMirror.decode(Array(TextMirror.encode(content).dropLast(2))), "a cut file")
    }

    func testTextFilesAreCompressedAndTheUncompressedOnesWrittenBeforeAreStillRead() throws {
        let entry = TextMirror.Entry(object: String(repeating: "cd", count: 32), generation: 2)
        let text = (1...400).map { "Clause \($0). The employee shall receive a monthly salary of AED 2,500.00." }.joined(separator: "\n")
        let content = [(entry, [TextMirror.Page(number: 1, source: "pdf-text", text: text), TextMirror.Page(number: 2, source: "ocr", text: "ٹیکسٹ 文字")])]
        let compressed = TextMirror.encode(content), plain = TextMirror.encode(content, compressed: false)
        XCTAssertTrue(compressed.starts(with: Array("homecrew-text 3 ".utf8)))
        XCTAssertTrue(plain.starts(with: Array("homecrew-text 2 ".utf8)))
        XCTAssertLessThan(compressed.count * 4, plain.count, "repetitive text compresses to under a quarter")
        for bytes in [compressed, plain] {
            let decoded = try XCTUnwrap(TextMirror.decode(bytes))
            XCTAssertEqual(decoded.map { $0.0 }, [entry])
            XCTAssertEqual(decoded.map { $0.1 }, content.map { $0.1 })
        }
        // A header whose length is not the frame's, or absurd, is damage: nothing is allocated for it.
        let newline = try XCTUnwrap(compressed.firstIndex(of: 10))
        let fields = String(decoding: compressed[..<newline], as: UTF8.self).split(separator: " ")
        for length in ["\(Int(fields[3])! + 1)", "99999999999999", "-1", "x"] {
            let header = Array("homecrew-text 3 \(fields[2]) \(length)".utf8)
            XCTAssertNil(TextMirror.decode(header + compressed[newline...]), length)
        }
        XCTAssertNil(TextMirror.decode(Array("homecrew-text 3 \(fields[2])".utf8) + compressed[newline...]), "no length")
        XCTAssertNil(TextMirror.decode(Array(compressed.prefix(newline + 1)) + plain[(plain.firstIndex(of: 10)! + 1)...]), "an uncompressed body under a compressed header")
    }

    func testAMirrorOfOldUncompressedFilesIsKeptAndRestoresTheSame() throws {
        let summary = try database.snapshotWithoutText(to: copyPath, mirror: mirror)
        // Rewrite every file as the previous version wrote it, under the same name.
        for name in mirror.files() {
            let path = mirror.directory + "/" + name
            let content = try XCTUnwrap(TextMirror.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
            try Data(TextMirror.encode(content, compressed: false)).write(to: URL(fileURLWithPath: path))
        }
        try FileManager.default.removeItem(atPath: copyPath)
        let again = try database.snapshotWithoutText(to: copyPath, mirror: mirror)
        XCTAssertEqual(again.written, 0, "files under their names are whole, whatever their encoding")
        XCTAssertEqual(again.digest, summary.digest)
        try AppDatabase.refillText(ofDatabaseAt: copyPath, from: mirror, expected: (again.files, again.digest))
    }
}
