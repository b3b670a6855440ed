import Foundation
import XCTest
@testable import HomeCrewStore

final class FolderEntriesTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("folder-entries-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testEachEntryHasItsKindAndLinksAreNotFollowed() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
        XCTAssertTrue(manager.createFile(atPath: folder + "/file", contents: Data("x".utf8)))
        try manager.createSymbolicLink(atPath: folder + "/to-folder", withDestinationPath: folder + "/sub")
        try manager.createSymbolicLink(atPath: folder + "/to-file", withDestinationPath: folder + "/file")
        try manager.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nowhere")
        XCTAssertEqual(mkfifo(folder + "/fifo", 0o600), 0)
        var seen: [String: FolderEntries.Kind] = [:]
        XCTAssertTrue(FolderEntries.forEach(in: folder) { path, kind in seen[(path as NSString).lastPathComponent] = kind })
        XCTAssertEqual(seen, ["sub": .folder, "file": .file, "to-folder": .link, "to-file": .link, "dangling": .link, "fifo": .other])
        XCTAssertTrue(FolderEntries.forEach(in: folder + "/sub") { path, _ in XCTFail("an empty folder has no entries: \(path)") })
        // A name that is not UTF-8 (0xFF) is "other" whatever it is: its path, repaired, would name another entry.
        let notUTF8 = folder + "/sub/"
        let descriptor = (notUTF8.utf8CString.dropLast() + [CChar(bitPattern: 0xFF), 0]).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o600) }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        close(descriptor)
        var odd: [FolderEntries.Kind] = []
        FolderEntries.forEach(in: folder + "/sub") { _, kind in odd.append(kind) }
        XCTAssertEqual(odd, [.other])
        XCTAssertFalse(FolderEntries.forEach(in: folder + "/nowhere") { _, _ in })
        XCTAssertFalse(FolderEntries.forEach(in: folder + "/file") { _, _ in }, "a file is not a folder")
    }

    /// Every command checks the vault's internals; one of the 256 folders under objects/sha256
    /// turned into a link (to anywhere) refuses the vault, an ordinary folder does not.
    func testAVaultWithALinkAmongItsObjectFoldersIsRefused() throws {
        let vault = VaultLocation(directory: folder + "/vault")
        let manager = FileManager.default
        try vault.create()
        for name in ["00", "7f", "ff"] { try manager.createDirectory(atPath: vault.directory + "/objects/sha256/" + name, withIntermediateDirectories: true) }
        XCTAssertNoThrow(try vault.checkInternals())
        try manager.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: false)
        try manager.createSymbolicLink(atPath: vault.directory + "/objects/sha256/ab", withDestinationPath: folder + "/elsewhere")
        XCTAssertThrowsError(try vault.checkInternals()) { error in
            XCTAssertEqual("\(error)", "\(StoreError.notAVault(path: vault.directory, reason: "\(vault.directory)/objects/sha256/ab is a symbolic link; HomeCrew refuses vaults whose internals point elsewhere"))")
        }
    }
}
