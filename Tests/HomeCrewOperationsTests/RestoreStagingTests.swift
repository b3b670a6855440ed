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
