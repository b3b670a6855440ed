import Foundation

/// How often the server backs up or drills: `30m`, `6h`, `24h`, `7d` (`serve --backup-every`).
public struct BackupInterval: Sendable, Equatable, CustomStringConvertible {
    public let seconds: TimeInterval
    /// As the person wrote it, for messages.
    public let text: String

    /// From a minute (a vault that changes by the minute) to a year.
    public static let allowed: ClosedRange<TimeInterval> = 60...(366 * 86_400)

    public init(parsing given: String) throws(BackupIntervalError) {
        let text = given.trimmingCharacters(in: .whitespaces)
        let units: [Character: TimeInterval] = ["m": 60, "h": 3_600, "d": 86_400]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int(text.dropLast()), count > 0,
              Self.allowed.contains(Double(count) * unit) else { throw BackupIntervalError(text: given) }
        self.seconds = Double(count) * unit
        self.text = text
    }

    public var description: String { text }
}

public struct BackupIntervalError: HomeCrewError, Equatable {
    public let text: String
    public var category: ErrorCategory { .usage }
    public var description: String {
        "'\(text)' is not an interval; give a whole number of minutes, hours or days, such as 30m, 6h, 24h or 7d (1m to 366d)"
    }
}

/// What the server's backups and drills should run, and when: the rules of the scheduler,
/// apart from its clock and its jobs, so that they are tested without waiting.
public struct BackupTimetable: Sendable, Equatable {
    public enum Job: String, Sendable, Equatable { case backup, drill }

    /// When each job last ran and whether it passed; nil: never (as the vault recorded it, then
    /// as the scheduler ran them).
    public struct Past: Sendable, Equatable {
        public var backup: (at: Date, passed: Bool)?
        public var drill: (at: Date, passed: Bool)?
        /// A backup into the repository has passed: there is a snapshot for a drill to restore.
        public var backedUp: Bool

        /// `backedUp` unless said: whether the last backup or drill passed.
        public init(backup: (at: Date, passed: Bool)? = nil, drill: (at: Date, passed: Bool)? = nil, backedUp: Bool? = nil) {
            self.backup = backup
            self.drill = drill
            self.backedUp = backedUp ?? (backup?.passed == true || drill?.passed == true)
        }

        public static func == (lhs: Past, rhs: Past) -> Bool {
            lhs.backup?.at == rhs.backup?.at && lhs.backup?.passed == rhs.backup?.passed
                && lhs.drill?.at == rhs.drill?.at && lhs.drill?.passed == rhs.drill?.passed && lhs.backedUp == rhs.backedUp
        }

        /// Runs recorded later than `now` (the clock was wrong when they ran, and is right now)
        /// count as run at `now`: one recorded a year ahead must not put the next backup off a year.
        public func clamped(notAfter now: Date) -> Past {
            Past(backup: backup.map { (min($0.at, now), $0.passed) }, drill: drill.map { (min($0.at, now), $0.passed) }, backedUp: backedUp)
        }

        public mutating func record(_ job: Job, at date: Date, passed: Bool) {
            switch job {
            case .backup:
                backup = (date, passed)
                backedUp = backedUp || passed
            case .drill: drill = (date, passed)
            }
        }
    }

    public let backupEvery: TimeInterval
    public let drillEvery: TimeInterval?
    /// The first run waits this long after the server starts (10 s), so that starting stays quick.
    public let startDelay: TimeInterval

    public init(backupEvery: TimeInterval, drillEvery: TimeInterval?, startDelay: TimeInterval = 10) {
        self.backupEvery = backupEvery
        self.drillEvery = drillEvery
        self.startDelay = startDelay
    }

    /// A failed run is tried again within the hour (or the interval, when that is shorter),
    /// not a whole interval later.
    public var retryAfter: TimeInterval { min(backupEvery, 3_600) }

    /// The next job and when it is due. A job that is overdue at start runs `startDelay` after it;
    /// when both are due the backup goes first, so that a drill restores the newest snapshot. No
    /// drill before a backup has passed: there would be nothing to restore.
    public func next(after past: Past, startedAt start: Date) -> (job: Job, at: Date) {
        let earliest = start.addingTimeInterval(startDelay)
        let backupAt = max(earliest, due(past.backup, every: backupEvery))
        guard let drillEvery, past.backedUp else { return (.backup, backupAt) }
        let drillAt = max(earliest, due(past.drill, every: drillEvery))
        return drillAt < backupAt ? (.drill, drillAt) : (.backup, backupAt)
    }

    private func due(_ last: (at: Date, passed: Bool)?, every: TimeInterval) -> Date {
        guard let last else { return .distantPast }
        return last.at.addingTimeInterval(last.passed ? every : min(every, retryAfter))
    }
}
