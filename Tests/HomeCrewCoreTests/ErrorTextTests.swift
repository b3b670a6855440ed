import Foundation
import HomeCrewCore
import XCTest

/// Foundation's own errors become one plain sentence; none of their dump reaches a person.
final class ErrorTextTests: XCTestCase {
    func testFileErrorsReadAsTheSystemsWords() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/file"
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: missing))
            XCTFail("reading a missing file should throw")
        } catch {
            XCTAssertEqual(ErrorText.sentence(for: error), "No such file or directory")
        }
        do {
            _ = try FileManager.default.contentsOfDirectory(atPath: missing)
            XCTFail("listing a missing folder should throw")
        } catch {
            let sentence = ErrorText.sentence(for: error)
            XCTAssertEqual(sentence, "No such file or directory")
        }
        XCTAssertEqual(ErrorText.sentence(for: CocoaError(.fileWriteOutOfSpace)), "No space left on device")
        XCTAssertEqual(ErrorText.sentence(for: POSIXError(.EACCES)), "Permission denied")
    }

    func testDecodingErrorsNameThePlace() throws {
        struct Row: Decodable { let amount: String; let days: Int }
        func sentence(_ json: String) -> String {
            switch Result(catching: { try JSONDecoder().decode([Row].self, from: Data(json.utf8)) }) {
            case .success: return "decoded"
            case .failure(let error): return ErrorText.sentence(for: error)
            }
        }
        XCTAssertEqual(sentence("[{\"amount\": \"1\", \"days\": 2}]"), "decoded")
        XCTAssertEqual(sentence("not json"), "it is not valid JSON")
        XCTAssertEqual(sentence("[{\"amount\": \"1\"}]"), "[0].days is missing")
        XCTAssertEqual(sentence("[{\"amount\": 1, \"days\": 2}]"), "[0].amount should be text")
    }

    func testOwnErrorsKeepTheirSentence() {
        XCTAssertEqual(ErrorText.sentence(for: DateError.notADate("2026-02-30x")), DateError.notADate("2026-02-30x").description)
        for error in [ErrorText.sentence(for: CocoaError(.fileReadCorruptFile)), ErrorText.sentence(for: CocoaError(.coderInvalidValue))] {
            XCTAssertFalse(error.contains("Domain="), error)
            XCTAssertFalse(error.contains("NSCocoaErrorDomain"), error)
        }
    }
}
