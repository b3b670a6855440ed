import HomeCrewCore
import HomeCrewVault
import XCTest
@testable import HomeCrewCLI

final class ExitStatusTests: XCTestCase {
    /// The README's table: a backup's failures map to sysexits' codes.
    func testBackupFailuresExitWithTheDocumentedCodes() {
        let expected: [(BackupError, Int32)] = [
            (.resticMissing, 69), (.unreachable(repository: "r", reason: "connection refused"), 69),
            (.wrongPassword(repository: "r"), 77), (.noPassword, 64), (.badRetention("x"), 64),
            (.diskFull("r"), 74), (.resticKilled(signal: 9), 74), (.resticFailed("x"), 74),
            (.repositoryLocked(repository: "r"), 75), (.anotherBackupRunning, 75),
            (.noSnapshots(repository: "r"), 66), (.unknownSnapshot("ab12"), 66),
            (.targetNotEmpty("/x"), 73), (.restoredDoesNotVerify("x"), 65),
            (.damagedRepository(repository: "r", reason: "x"), 65), (.notARepository(repository: "r"), 66),
            (.notMadeWithoutLooking(repository: "r"), 66), (.locationNotEmpty(repository: "r", names: ["a"]), 73),
            (.initialisationFailed(repository: "r", reason: "x", left: ["data"]), 74), (.credentialsRefused(repository: "r"), 77),
            (.repositoryFileUnreadable("/x", namedBy: "--backup-to-file"), 66),
        ]
        for (error, code) in expected {
            XCTAssertEqual(HomeCrewMain.report(error, arguments: []), code, error.description)
        }
    }
}
