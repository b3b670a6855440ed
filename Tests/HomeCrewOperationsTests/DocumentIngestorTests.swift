import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault
import XCTest

/// The ingest both front ends call, in process. Only files HomeCrew does not read are used, so
/// no extraction worker runs: the extractor points at a program that does not exist, and any
/// attempt to start it would show as a failed extraction.
final class DocumentIngestorTests: XCTestCase {
    var folder: URL!
    var ingestor: DocumentIngestor!
    var household: Household!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingestor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("vault"), withIntermediateDirectories: true)
        let database = try AppDatabase.empty()
        household = try database.addHousehold(Household(name: "Sea View")).household
        ingestor = DocumentIngestor(database: database, objects: ObjectStore(vaultDirectory: folder.appendingPathComponent("vault").path),
                                    extractor: IsolatedExtractor(executable: "/nonexistent/homecrew-extract"))
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(at: folder) }

    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testAnUnreadTypeIsRefusedUnlessAllowedAndNothingIsStored() throws {
        let notes = try file("notes.txt", "the gardener's rota")
        guard case .refused(_, let error) = ingestor.ingest(notes, IngestRequest(household: household, staff: [], kind: .other)) else {
            return XCTFail("a text file is not a document type HomeCrew reads")
        }
        XCTAssertTrue(error.description.contains("notes.txt"), error.description)
        let hash = try ObjectStore.hash(fileAt: notes)
        XCTAssertFalse(ingestor.objects.contains(hash), "a refused file leaves no object")

        let allowed = IngestRequest(household: household, staff: [], kind: .other, allowOther: true)
        guard case .added(let details) = ingestor.ingest(notes, allowed) else { return XCTFail("--allow-other keeps it") }
        XCTAssertEqual(details.object.hash, hash)
        XCTAssertEqual(details.object.content.status, .skipped, "no worker was asked to read it")
        XCTAssertTrue(ingestor.objects.contains(hash), "the object is in the store once its row exists")
    }

    /// Copies of one file in one batch run on several threads at once and race to record the
    /// same object: every copy ends as the one document, none as a refusal.
    func testABatchReportsEveryFileOnceAndTheSameBytesAreOneDocument() throws {
        let copies = try (1...8).map { try file("copy-\($0).bin", "same bytes") }
        let missing = folder.appendingPathComponent("missing.bin").path
        let outcomes = Outcomes()
        ingestor.ingest(copies + [missing], IngestRequest(household: household, staff: [], kind: .other, allowOther: true)) {
            outcomes.add($0, $1)
        }
        let byIndex = outcomes.all
        XCTAssertEqual(byIndex.keys.sorted(), Array(0...8))
        guard case .refused(let path, _) = byIndex[8] else { return XCTFail("a missing file is refused") }
        XCTAssertEqual(path, missing)
        let documents = (0..<8).map { index -> String in
            switch byIndex[index] {
            case .added(let details): return details.document.id.rawValue
            case .alreadyPresent(let document, _): return document.id.rawValue
            default: return "not filed: \(String(describing: byIndex[index]))"
            }
        }
        XCTAssertEqual(Set(documents).count, 1, "\(documents)")
    }

    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [Int: IngestOutcome] = [:]
        func add(_ index: Int, _ outcome: IngestOutcome) { lock.withLock { outcomes[index] = outcome } }
        var all: [Int: IngestOutcome] { lock.withLock { outcomes } }
    }
}
