import GRDB
import GRDBSQLite
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore

/// The command line's reads leave the connection's compiled statements alone, and still write nothing.
final class ReadTransactionTests: XCTestCase {
    /// How often SQLite compiled the cached statement of `sql` again since it was first prepared.
    private func reprepares(_ database: AppDatabase, _ sql: String) throws -> Int32 {
        try database.write { db in
            let statement = try db.cachedStatement(sql: sql)
            try statement.execute()
            return sqlite3_stmt_status(statement.sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
        }
    }

    func testAReadBetweenTwoWritesDoesNotMakeSQLiteCompileTheWritesAgain() throws {
        let database = try AppDatabase.empty()
        let write = "UPDATE facts_clock SET value = value + 1"
        XCTAssertEqual(try reprepares(database, write), 0)
        XCTAssertEqual(try database.read { db in try Int.fetchOne(db, sql: "SELECT value FROM facts_clock") }, 2)
        XCTAssertEqual(try reprepares(database, write), 0, "GRDB's PRAGMA query_only expired every statement of the connection")
        // The way reads went before (GRDB's read, with PRAGMA query_only): the check above fails on it.
        _ = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
        XCTAssertEqual(try reprepares(database, write), 1, "compiled again after GRDB's own read")
    }

    func testAReadThatChangesARowIsRolledBackAndRefused() throws {
        let database = try AppDatabase.empty()
        XCTAssertThrowsError(try database.read { db in try db.execute(sql: "UPDATE facts_clock SET value = 41") }) {
            XCTAssertEqual(($0 as? StoreError)?.category, .io, "\($0)")
        }
        XCTAssertEqual(try database.read { db in try Int.fetchOne(db, sql: "SELECT value FROM facts_clock") }, 1)
    }
}
