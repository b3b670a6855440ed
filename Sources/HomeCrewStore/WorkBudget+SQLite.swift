import GRDB
import GRDBSQLite
import HomeCrewCore

extension AppDatabase {
    /// SQLite asks the budget every this many virtual-machine steps (about a tenth of a
    /// millisecond of work): often enough to stop promptly, rarely enough to cost nothing.
    static let budgetCheckInterval: Int32 = 4000

    /// Runs read work under `budget`: SQLite's progress handler interrupts the statement under
    /// way once the budget is spent, and the interruption is reported as the budget's error.
    static func bounded<T>(by budget: WorkBudget?, _ db: Database, _ work: () throws -> T) throws -> T {
        guard let budget else { return try work() }
        try budget.check()
        let connection = db.sqliteConnection
        sqlite3_progress_handler(connection, budgetCheckInterval, { context in
            guard let context else { return 0 }
            return Unmanaged<WorkBudget>.fromOpaque(context).takeUnretainedValue().isSpent ? 1 : 0
        }, Unmanaged.passUnretained(budget).toOpaque())
        defer { sqlite3_progress_handler(connection, 0, nil, nil) }
        return try withExtendedLifetime(budget) {
            do {
                return try work()
            } catch {
                // SQLite's "interrupted" (perhaps already put in the store's words): the budget's own reason.
                try budget.check()
                throw error
            }
        }
    }
}
