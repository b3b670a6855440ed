import Foundation
import HomeCrewTestSupport
import XCTest
@testable import HomeCrewVault
@testable import HomeCrewMedia

final class ObjectStoreTests: XCTestCase {
    var root: String!
    var store: ObjectStore!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "homecrew-objects-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        store = ObjectStore(vaultDirectory: root)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    func testObjectsAreNamedByTheirSHA256AndReadOnly() throws {
        let stored = try store.store(bytes: Array("abc".utf8))
        // FIPS 180-2's example: SHA-256("abc").
        XCTAssertEqual(stored.hash, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertTrue(stored.isNew)
        XCTAssertEqual(store.path(for: stored.hash), root + "/objects/sha256/ba/" + stored.hash)
        let mode = try FileManager.default.attributesOfItem(atPath: store.path(for: stored.hash))[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o400)
        XCTAssertEqual(try store.read(stored.hash), Array("abc".utf8))
        XCTAssertEqual(try ObjectStore.hash(fileAt: store.path(for: stored.hash)), stored.hash)
    }

    func testStoringTheSameBytesTwiceStoresNothingNew() throws {
        let corpusFile = Samples.document("contract-maria-santos.pdf")
        let first = try store.store(fileAt: corpusFile)
        let second = try store.store(fileAt: corpusFile)
        XCTAssertTrue(first.isNew)
        XCTAssertFalse(second.isNew)
        XCTAssertEqual(first.hash, try Self.sha256sum(corpusFile), "coreutils' sha256sum agrees")
        XCTAssertEqual(first.size, Int64(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: corpusFile)[.size] as? Int)))
        XCTAssertEqual(store.allHashes(), [first.hash])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.temporaryDirectory), [], "no temporary file left")
    }

    static func sha256sum(_ path: String) throws -> String {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }

    func testEveryCorpusFileHashMatchesTheManifest() throws {
        let text = try String(contentsOfFile: try Corpus.file("MANIFEST.tsv"), encoding: .utf8)
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t").map(String.init)
            XCTAssertEqual(try ObjectStore.hash(fileAt: Corpus.file(fields[0])), fields[1], fields[0])
        }
    }

    func testLeftoverTemporaryFilesOfDeadProcessesAreCleanedUp() throws {
        try store.makeDirectory(store.temporaryDirectory)
        // A process id that cannot be alive, and one of a process that is (this one's parent).
        let dead = store.temporaryDirectory + "/999999999-1.part"
        let alive = store.temporaryDirectory + "/\(getppid())-2.part"
        XCTAssertTrue(FileManager.default.createFile(atPath: dead, contents: Data("half an object".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: alive, contents: Data("being written".utf8)))
        XCTAssertEqual(store.staleTemporaryFiles(), [dead])
        XCTAssertEqual(store.removeStaleTemporaryFiles(), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead))
        XCTAssertTrue(FileManager.default.fileExists(atPath: alive), "another process's write in progress is left alone")
    }

    /// At a server's start nothing of its own is being written yet: an upload folder or `.part` file
    /// under its own pid was left by an earlier process that had the same pid (a container restarted).
    func testAtStartUploadFoldersAndPartsOfEarlierProcessesGoEvenUnderThisPid() throws {
        try store.makeDirectory(store.temporaryDirectory)
        let ownPart = store.temporaryDirectory + "/\(getpid())-3.part"
        let ownUpload = store.temporaryDirectory + "/\(getpid())-upload-ABC"
        let deadUpload = store.temporaryDirectory + "/999999999-upload-DEF"
        let alive = store.temporaryDirectory + "/\(getppid())-upload-GHI"
        for folder in [ownUpload, deadUpload, alive] {
            try FileManager.default.createDirectory(atPath: folder + "/0", withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/0/scan.pdf", contents: Data("half a scan".utf8)))
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: ownPart, contents: Data("half an object".utf8)))
        XCTAssertEqual(store.staleTemporaryFiles().sorted(), [deadUpload], "while running, this process's own files are in use")
        XCTAssertEqual(store.removeStaleTemporaryFiles(startingUp: true), 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.temporaryDirectory), [(alive as NSString).lastPathComponent],
                       "a live process's upload is left alone")
    }

    func testAFailedWriteLeavesNothingUnderARealName() throws {
        XCTAssertThrowsError(try store.store(fileAt: root + "/does-not-exist"))
        XCTAssertThrowsError(try store.store(fileAt: root)) { error in
            XCTAssertEqual("\(error)", "\(self.root!) is not a regular file")
        }
        XCTAssertEqual(store.allHashes(), [])
    }

    func testDeleteRemovesTheFileAndItsEmptyDirectory() throws {
        let stored = try store.store(bytes: [1, 2, 3])
        try store.delete(stored.hash)
        XCTAssertFalse(store.contains(stored.hash))
        XCTAssertFalse(FileManager.default.fileExists(atPath: (store.path(for: stored.hash) as NSString).deletingLastPathComponent))
    }
}

final class SafeFileTests: XCTestCase {
    func testNeverOverwritesWithoutForceAndNeverFollowsLinks() throws {
        let directory = NSTemporaryDirectory() + "homecrew-safe-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/out.pdf"
        try SafeFile.write([1], to: target, overwrite: false)
        XCTAssertThrowsError(try SafeFile.write([2], to: target, overwrite: false))
        XCTAssertEqual(FileManager.default.contents(atPath: target), Data([1]))
        try SafeFile.write([3], to: target, overwrite: true)
        XCTAssertEqual(FileManager.default.contents(atPath: target), Data([3]))

        let victim = directory + "/victim"
        XCTAssertTrue(FileManager.default.createFile(atPath: victim, contents: Data("keep".utf8)))
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: victim)
        XCTAssertThrowsError(try SafeFile.write([4], to: directory + "/link", overwrite: true))
        XCTAssertEqual(FileManager.default.contents(atPath: victim), Data("keep".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["link", "out.pdf", "victim"])
    }

    /// What clears a restore's staging: read-only folders and files go, a name that is not UTF-8
    /// goes, and a link (at the top or inside) is removed as a link, its target untouched.
    func testRemovingATreeRemovesLinksAsLinksNeverWhatTheyPointTo() throws {
        let directory = NSTemporaryDirectory() + "homecrew-tree-\(UUID().uuidString)"
        let outside = directory + "/outside", tree = directory + "/tree"
        for folder in [outside + "/inner", tree + "/objects/ab", tree + "/locked"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        XCTAssertTrue(FileManager.default.createFile(atPath: outside + "/inner/keep", contents: Data("keep".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: tree + "/objects/ab/abc", contents: Data("object".utf8)))
        let odd = open(Array((tree + "/").utf8CString.dropLast()) + [-1, 0], O_WRONLY | O_CREAT | O_EXCL, 0o600)
        XCTAssertGreaterThanOrEqual(odd, 0)
        close(odd)
        chmod(tree + "/objects/ab/abc", 0o400)
        chmod(tree + "/objects/ab", 0o500)
        chmod(tree + "/locked", 0o000)
        chmod(outside, 0o755)
        try FileManager.default.createSymbolicLink(atPath: tree + "/objects/link", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: directory + "/top-link", withDestinationPath: outside)
        for path in [directory + "/top-link", tree] { try SafeFile.removeTree(path) }
        XCTAssertNoThrow(try SafeFile.removeTree(tree), "a path that is not there is nothing to do")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["outside"])
        XCTAssertEqual(FileManager.default.contents(atPath: outside + "/inner/keep"), Data("keep".utf8))
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: outside)[.posixPermissions] as? NSNumber)?.intValue, 0o755)
    }
}

final class ExifOrientationTests: XCTestCase {
    func testReadsTheOrientationOfEveryCorpusJPEG() throws {
        let expected = ["Landscape_1": 1, "Landscape_3": 3, "Landscape_6": 6, "Landscape_8": 8,
                        "Portrait_2": 2, "Portrait_4": 4, "Portrait_5": 5, "Portrait_7": 7, "simple": 1]
        for (name, orientation) in expected {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Corpus.file("jpeg/\(name).jpg"))))
            XCTAssertEqual(ExifOrientation.read(jpeg: bytes), orientation, name)
        }
    }

    func testReadsTheOrientationOfTheSampleJPEGs() throws {
        for (path, orientation) in [(Samples.document("fatima-residence-visa-sideways.jpg"), 6), (Samples.fixture("receipt-photo.jpg"), 1)] {
            XCTAssertEqual(ExifOrientation.read(jpeg: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))), orientation, path)
        }
    }

    func testSurvivesTruncatedAndHostileExif() {
        XCTAssertEqual(ExifOrientation.read(jpeg: [0xFF, 0xD8]), 1)
        XCTAssertEqual(ExifOrientation.read(jpeg: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45]), 1)
        // IFD offset pointing far outside the data.
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F]
        XCTAssertNil(ExifOrientation.fromTIFF(tiff))
        // A big-endian IFD with Orientation = 6.
        let bigEndian: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        XCTAssertEqual(ExifOrientation.fromTIFF(bigEndian), 6)
    }
}

final class ParallelWorkTests: XCTestCase {
    func testEveryIndexRunsExactlyOnceOnTheThreadsAsked() {
        final class Tally: @unchecked Sendable {
            let lock = NSLock()
            var counts = [Int](repeating: 0, count: 1000)
            var running = 0, mostAtOnce = 0
        }
        let tally = Tally()
        ParallelWork.forEach(1000, width: 3) { index in
            tally.lock.withLock { tally.counts[index] += 1; tally.running += 1; tally.mostAtOnce = max(tally.mostAtOnce, tally.running) }
            usleep(100)
            tally.lock.withLock { tally.running -= 1 }
        }
        XCTAssertEqual(tally.counts, [Int](repeating: 1, count: 1000))
        XCTAssertLessThanOrEqual(tally.mostAtOnce, 3)
        XCTAssertGreaterThan(tally.mostAtOnce, 1, "the work ran on more than one thread")
        ParallelWork.forEach(0, width: 4) { _ in XCTFail("no items, no calls") }
    }

    /// Jobs that wait (as an ingest waits for its extraction worker) still run `width` at once,
    /// more than this machine's cores: an `OperationQueue` here ran no more than the cores.
    func testAQueueRunsItsWidthOfWaitingJobsAtOnceWhateverTheCores() {
        final class Meeting: @unchecked Sendable {
            let condition = NSCondition()
            var running = 0, mostAtOnce = 0, ran = 0
        }
        let width = ProcessInfo.processInfo.activeProcessorCount + 2
        let meeting = Meeting(), queue = WorkQueue(width: width)
        let deadline = Date().addingTimeInterval(1)
        for _ in 0..<(3 * width) {
            queue.add {
                // Each job waits (one second at most) for `width` jobs to have run together; Dispatch
                // took two seconds to start that many threads for waiting jobs.
                meeting.condition.withLock {
                    meeting.running += 1
                    meeting.mostAtOnce = max(meeting.mostAtOnce, meeting.running)
                    meeting.condition.broadcast()
                    while meeting.mostAtOnce < width && meeting.condition.wait(until: deadline) {}
                    meeting.running -= 1
                    meeting.ran += 1
                }
            }
            usleep(1000)  // the jobs arrive over time, as an upload's files do
        }
        queue.finish()
        XCTAssertEqual(meeting.ran, 3 * width, "every job ran before finish() returned")
        XCTAssertEqual(meeting.mostAtOnce, width, "\(width) waiting jobs ran at once")
    }
}
