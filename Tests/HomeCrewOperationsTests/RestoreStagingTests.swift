import Foundation
import HomeCrewStore
import XCTest
@testable import HomeCrewOperations

/// Which hidden restore folders the next restore removes: only those whose restore is gone.
final class RestoreStagingTests: XCTestCase {
    private var parent = ""

    override func setUpWithError() throws {
        parent = NSTemporaryDirectory() + "restore-staging-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: parent)
    }

    private func staging(_ name: String) -> String { parent + "/" + VaultLocation.restoreStagingPrefix + name }

    private func left() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: parent))
    }

    func testRemovesFoldersOfGoneRestoresAndKeepsRunningAndYoungLocklessOnes() throws {
        // A running restore: its claim holds the lock.
        let running = staging("1-1")
        let claim = try RestoreStaging.create(at: running)
        // A killed restore: its lock file is there, nobody holds it.
        let killed = staging("2-2")
        do { _ = try RestoreStaging.create(at: killed) }
        XCTAssertTrue(FileManager.default.createFile(atPath: killed + "/homecrew.sqlite", contents: Data("x".utf8)))
        // A restore killed while removing a killed one's folder: renamed, its lock file already gone.
        let halfRemoved = staging("3-3" + RestoreStaging.abandonedSuffix)
        try FileManager.default.createDirectory(atPath: halfRemoved + "/objects/ab", withIntermediateDirectories: true)
        // A restore stopped between making its folder and its lock file, moments ago.
        let young = staging("4-4")
        try FileManager.default.createDirectory(atPath: young, withIntermediateDirectories: false)

        RestoreStaging.removeAbandoned(in: parent)

        XCTAssertEqual(try left(), [(running as NSString).lastPathComponent, (young as NSString).lastPathComponent])
        withExtendedLifetime(claim) {}
    }

    func testAFolderWhoseRestoreEndsIsRemovedByTheNextOne() throws {
        let path = staging("5-5")
        var claim: RestoreStaging.Claim? = try RestoreStaging.create(at: path)
        RestoreStaging.removeAbandoned(in: parent)
        XCTAssertEqual(try left(), [(path as NSString).lastPathComponent], "kept while its lock is held")
        claim = nil
        _ = claim
        RestoreStaging.removeAbandoned(in: parent)
        XCTAssertEqual(try left(), [])
    }
}

/// What a backup and a restore refuse under `objects/`: anything but plain files and folders, however deep.
final class PlainFilesAndFoldersTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "plain-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/sha256/ab", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/sha256/ab/" + String(repeating: "ab", count: 32), contents: Data("x".utf8)))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func refusal() -> String? {
        do { try RestoredVault.requirePlainFilesAndFolders(root); return nil } catch { return "\(error)" }
    }

    func testPlainFilesAndFoldersPass() {
        XCTAssertNil(refusal())
        XCTAssertNoThrow(try RestoredVault.requirePlainFilesAndFolders(root + "/missing"), "nothing there: nothing to refuse")
    }

    func testALinkAFIFOAndANameNotUTF8AreRefused() throws {
        let deep = root + "/sha256/ab/"
        try FileManager.default.createSymbolicLink(atPath: deep + "link", withDestinationPath: NSTemporaryDirectory())
        XCTAssertEqual(refusal().map { $0.contains("/sha256/ab/link is a link or a special file") }, true, refusal() ?? "accepted")
        try FileManager.default.removeItem(atPath: deep + "link")
        XCTAssertEqual(mkfifo(deep + "fifo", 0o600), 0)
        XCTAssertEqual(refusal().map { $0.contains("/sha256/ab/fifo is a link or a special file") }, true, refusal() ?? "accepted")
        try FileManager.default.removeItem(atPath: deep + "fifo")
        XCTAssertNil(refusal())
        // A folder named 0xFF would be walked under its repaired name, U+FFFD, which is another folder's here.
        try FileManager.default.createDirectory(atPath: deep + "\u{FFFD}", withIntermediateDirectories: false)
        XCTAssertNil(refusal())
        let odd = (deep.utf8CString.dropLast() + [CChar(bitPattern: 0xFF), 0]).withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o700) }
        XCTAssertEqual(odd, 0)
        XCTAssertNotNil(refusal())
    }
}
