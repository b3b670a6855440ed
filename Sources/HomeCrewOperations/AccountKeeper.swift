import HomeCrewCore
import HomeCrewStore

/// Creating accounts and changing passwords, for the command line and (later) the web:
/// the name and password rules, then the Argon2id hash, then the store.
public struct AccountKeeper: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    public func add(name: String, password: String) throws -> Account {
        let name = try Account.validName(name)
        try PasswordPolicy.check(password, accountName: name)
        return try database.addAccount(name: name, passwordHash: try PasswordHasher.hash(password))
    }

    /// Sets a new password and ends every session of the account; how many were ended.
    public func changePassword(of name: String, to password: String) throws -> Int {
        let account = try database.account(named: name)
        try PasswordPolicy.check(password, accountName: account.name)
        return try database.changePassword(of: account.name, passwordHash: try PasswordHasher.hash(password))
    }
}
