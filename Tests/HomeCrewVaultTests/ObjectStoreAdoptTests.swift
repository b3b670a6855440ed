import Foundation
import HomeCrewVault
import XCTest

/// An upload's file, already in the vault's tmp/, moved into the store instead of copied.
final class ObjectStoreAdoptTests: XCTestCase {
    func testAFileInTmpIsMovedUnderItsHashReadOnlyAndADuplicateIsDropped() throws {
        let vault = FileManager.default.temporaryDirectory.appendingPathComponent("adopt-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: vault) }
        let store = ObjectStore(vaultDirectory: vault)
        try FileManager.default.createDirectory(atPath: store.temporaryDirectory + "/1-upload-x", withIntermediateDirectories: true)
        let first = store.temporaryDirectory + "/1-upload-x/a.pdf", second = store.temporaryDirectory + "/1-upload-x/b.pdf"
        try Data("the same bytes".utf8).write(to: URL(fileURLWithPath: first))
        try Data("the same bytes".utf8).write(to: URL(fileURLWithPath: second))
        let adopted = try store.adopt(fileAt: first)
        XCTAssertTrue(adopted.isNew)
        XCTAssertEqual(adopted.size, 14)
        XCTAssertEqual(adopted.hash, ObjectStore.hash(Array("the same bytes".utf8)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: first), "moved, not copied")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: store.path(for: adopted.hash))[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o400)
        let again = try store.adopt(fileAt: second)
        XCTAssertEqual(again.hash, adopted.hash)
        XCTAssertFalse(again.isNew)
        XCTAssertFalse(FileManager.default.fileExists(atPath: second), "a duplicate is dropped")
        // A file elsewhere is copied, never moved.
        let outside = vault + "-outside.pdf"
        defer { unlink(outside) }
        try Data("outside".utf8).write(to: URL(fileURLWithPath: outside))
        _ = try store.adopt(fileAt: outside)
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside))
    }
}
