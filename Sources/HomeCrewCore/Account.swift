import Foundation

/// A person who signs in to `homecrew serve`. The password itself is never kept: only its
/// Argon2id hash, made below the front ends.
public struct Account: Hashable, Sendable {
    public let id: RecordID
    public let name: String
    public let createdAt: String
    public let passwordChangedAt: String
    /// Sessions not yet ended or expired.
    public let openSessions: Int
    /// The language the account reads the web pages in; nil: the browser's choice.
    public let language: StaffLanguage?

    public init(id: RecordID, name: String, createdAt: String, passwordChangedAt: String, openSessions: Int,
                language: StaffLanguage? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.passwordChangedAt = passwordChangedAt
        self.openSessions = openSessions
        self.language = language
    }

    /// An account name: 1 to 64 characters, letters, digits and `. _ -` only, so that it
    /// reads the same in a terminal, a log line and an audit entry. Compared ignoring case.
    /// At most 256 bytes: a character may carry any number of marks, and sign-in reads no name
    /// longer than a few such.
    public static func validName(_ text: String) throws(AccountProblem) -> String {
        let name = text.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        guard (1...64).contains(name.count), name.utf8.count <= 256,
              name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0) })
        else { throw .badName(text) }
        return name
    }
}

/// One signed-in browser of an account, as `user sessions` lists it.
public struct AccountSession: Hashable, Sendable {
    public let id: String
    public let createdAt: String
    public let lastSeenAt: String
    public let address: String?

    public init(id: String, createdAt: String, lastSeenAt: String, address: String?) {
        self.id = id
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.address = address
    }
}

/// What a new password must be: at least 12 characters, not one of the most common passwords
/// (ignoring case), and not the account's own name.
public enum PasswordPolicy {
    public static let minimumLength = 12

    public static func check(_ password: String, accountName: String, common: CommonPasswords) throws(AccountProblem) {
        guard password.count >= minimumLength else { throw .passwordTooShort(minimum: minimumLength) }
        let key = password.lowercased()
        guard !common.contains(key) else { throw .passwordTooCommon }
        guard key != accountName.lowercased() else { throw .passwordIsName }
    }
}

/// A list of passwords too common to accept, one per line, compared ignoring case. The list
/// itself is data the program ships beside it, read once by whoever checks passwords.
public struct CommonPasswords: Sendable {
    private let keys: Set<String>
    /// The list's lines, in their order (most common first).
    public let ranked: [String]

    public init(lines text: String) {
        ranked = text.split(separator: "\n").map { String($0) }
        keys = Set(ranked.map { $0.lowercased() })
    }

    public func contains(_ password: String) -> Bool { keys.contains(password.lowercased()) }
}

public enum AccountProblem: HomeCrewError, Equatable {
    case badName(String)
    case passwordTooShort(minimum: Int)
    case passwordTooCommon
    case passwordIsName
    case passwordsDiffer
    case noPassword
    /// The shipped list of common passwords is not beside the program (a broken installation).
    case commonPasswordsMissing(expectedAt: String)

    public var category: ErrorCategory {
        switch self {
        case .badName: .usage
        case .commonPasswordsMissing: .internal
        default: .invalidData
        }
    }

    public var description: String {
        switch self {
        case .badName(let text):
            "\"\(text)\" cannot be an account name: use 1 to 64 letters, digits, dots, underscores or hyphens"
        case .passwordTooShort(let minimum):
            "the password is too short: use at least \(minimum) characters (a few unrelated words make a good one)"
        case .passwordTooCommon:
            "that password is one of the 10,000 most common ones; choose another"
        case .passwordIsName:
            "the password must not be the account's name"
        case .passwordsDiffer:
            "the two passwords typed differ; nothing was changed"
        case .noPassword:
            "no password was given: type it when asked, or give --password-file FILE, or send it on standard input"
        case .commonPasswordsMissing(let place):
            "the list of common passwords is missing (\(place)); install HomeCrew again with Scripts/install; nothing was changed"
        }
    }
}
