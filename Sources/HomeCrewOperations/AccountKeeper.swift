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

    /// Makes an account from an invitation's page and accepts the invitation with it, signed in at
    /// once: the name and password rules and the hash first, then one store transaction, so that an
    /// invitation used meanwhile leaves no account. The new account is the author of its own making
    /// and joining.
    public func join(token: String, name: String, password: String, address: String?) throws -> Joined {
        let name = try Account.validName(name)
        try PasswordPolicy.check(password, accountName: name)
        let passwordHash = try PasswordHasher.hash(password)
        return try AuditActor.$current.withValue(name) {
            try database.join(token: token, name: name, passwordHash: passwordHash, address: address)
        }
    }

    /// Sets a new password and ends every session of the account; how many were ended.
    public func changePassword(of name: String, to password: String) throws -> Int {
        let account = try database.account(named: name)
        try PasswordPolicy.check(password, accountName: account.name)
        return try database.changePassword(of: account.name, passwordHash: try PasswordHasher.hash(password))
    }
}

/// What a sign-in with a name and password came to.
public enum SignInOutcome: Sendable, Equatable {
    case signedIn(account: Account, token: String, csrfToken: String)
    /// The name and password do not match an account: the same for an unknown name and a wrong password.
    case refused
    /// Too many failures for this account or address: try again after this many seconds.
    case wait(seconds: Int)
}

extension AccountKeeper {
    /// Checks a name and password, throttled by account and by address. The password is
    /// checked against a decoy hash when the account does not exist, so that both answers
    /// take the same time.
    ///
    /// Every failure counts three times: against the address (whatever name it tried), against
    /// the name from that address, and against the name from anywhere. The first two always
    /// hold: one address guessing, at one name or many, waits longer and longer. The third is
    /// what slows a guesser who spreads tries over many addresses, but if it held for everyone
    /// anyone could lock the owner out by failing at her name from elsewhere. So it holds only at
    /// places the account has never signed in from (`known_place`: an IPv4 address or an IPv6 /64,
    /// remembered until the account is removed), and there only for an address that has itself
    /// failed at this name more than `typosForgiven` times, or once such places together have
    /// failed at it `strangerFailuresAllowed` times in a day. The owner at home or on her known
    /// browser is never held back by anybody else's failures, whether she signed out or changed her
    /// password since; a guesser holding many addresses (a botnet, the /64s of an IPv6 /48) gets two
    /// tries from each until the strangers' budget is spent, and then waits at every new place as
    /// long as all the name's failures say. So may the owner at a new place while her name is under
    /// attack: `user unlock` clears the name's counts.
    /// A success clears the counts of the place or browser it came from, never the name's from
    /// anywhere nor the address's (they fade a day after their last failure): a guesser must not learn
    /// from his wait that the owner signed in, nor that the name is an account's, and signing in as
    /// oneself between guesses at other names must not clear them.
    ///
    /// `device`: the id of a known device the name has signed in from (a browser's signed cookie,
    /// checked by the caller). Its tries are counted against the name on that device instead of
    /// the address, so that a neighbour at the owner's address (one Wi-Fi, one NAT) failing at
    /// other names cannot lock her out; the device's own count still makes a guesser holding it wait.
    public func signIn(name: String, password: String, address: String?, device: String? = nil) throws -> SignInOutcome {
        // A typed name is free text: "asha from:203.0.113.5" would be asha's own count at her home. A name
        // no account can have is counted under one key that no account has (an account name holds no space).
        let typed = NameKey.of(name)
        let key = (try? Account.validName(typed)) != nil ? typed : Self.notAnAccountName
        let accountSubject = "account:" + key
        // Counted by `ClientKey` (an IPv6 /64); "?" stands for a request without a peer address (in-process tests).
        let place = address.map(ClientKey.of)
        let pairSubject = "account:\(key) from:\(place ?? "?")"
        let ownSubjects = device.map { ["account:\(key) device:\($0)"] } ?? [pairSubject] + (place.map { ["address:" + $0] } ?? [])
        let strangersSubject = "account:\(key) strangers"
        let stranger = try device == nil && !(try address.map { try database.hasSignedIn(name: name, from: $0) } ?? false)
        let suspect = try stranger && (database.signInFailures(for: pairSubject) > Self.typosForgiven
                                       || database.signInFailures(for: strangersSubject) >= Self.strangerFailuresAllowed)
        let wait = try database.signInWait(for: ownSubjects + (suspect ? [accountSubject] : []))
        guard wait == 0 else { return .wait(seconds: wait) }
        let credentials = try database.credentials(of: name)
        let matches = PasswordHasher.verify(password, against: credentials?.passwordHash ?? PasswordHasher.decoy)
        guard matches, let account = credentials?.account else {
            try database.recordSignInFailure(for: [accountSubject] + ownSubjects + (stranger ? [strangersSubject] : []))
            return .refused
        }
        try database.clearSignInFailures(for: ownSubjects.filter { !$0.hasPrefix("address:") })
        if let stored = credentials?.passwordHash, !PasswordHasher.isCurrent(stored) {
            // The password is at hand only now: its hash is made again with today's cost.
            try database.replacePasswordHash(of: account.name, with: try PasswordHasher.hash(password))
        }
        let (token, csrf) = try database.openSession(for: account, address: address)
        return .signedIn(account: account, token: token, csrfToken: csrf)
    }

    /// What failures at names no account can have are counted under: `~` is no account name's character.
    /// (Subjects: `account:KEY`, `account:KEY from:PLACE`, `account:KEY device:ID`, `account:KEY strangers`,
    /// `address:PLACE`, `password-change:SHA256`.)
    static let notAnAccountName = "~"

    /// Failures at a name in a day, from places it never signed in from and without its known
    /// browser, after which every such place waits as long as the name's failures say.
    public static let strangerFailuresAllowed = 20

    /// Failures at a name from an address that are taken for the owner's typos, not a guesser's
    /// tries: one. Each forgiven typo is one more free guess for every address a guesser uses.
    public static let typosForgiven = 1

    /// What one session's failed tries at its account's current password, when changing it, are
    /// counted under: a name of its own (sign-in's subjects begin `account:` or `address:`, and a
    /// name typed at sign-in cannot make this one), by the SHA-256 of the session's token.
    public static func passwordChangeSubject(session token: String) -> String {
        "password-change:" + Secret.sha256(token)
    }

    /// Wrong current passwords after which the session that typed them ends.
    public static let currentPasswordTries = 3

    /// A signed-in person's own password change: the current password is checked first, and
    /// every other session of the account ends.
    public func changeOwnPassword(of account: Account, current: String, new: String, keeping token: String) throws -> Int? {
        guard let credentials = try database.credentials(of: account.name),
              PasswordHasher.verify(current, against: credentials.passwordHash) else { return nil }
        try PasswordPolicy.check(new, accountName: account.name)
        return try database.changePassword(of: account.name, passwordHash: try PasswordHasher.hash(new), keeping: token)
    }
}

extension AccountKeeper {
    /// Clears the failed sign-in counts of the account's name, so that it may sign in at once from
    /// anywhere (`homecrew user unlock`); how many counts were cleared. An address's counts are kept.
    public func unlock(name: String) throws -> Int {
        try database.clearSignInFailures(ofAccount: name)
    }
}
