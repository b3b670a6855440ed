import Foundation
import HomeCrewVault

/// Which snapshots of a vault to keep (`--keep daily=7,weekly=4,monthly=12`), handed to
/// `restic forget --prune` as its `--keep-*` options.
public struct RetentionPolicy: Sendable, Equatable {
    public static let periods = ["last", "hourly", "daily", "weekly", "monthly", "yearly"]

    /// In the order of `periods`; each count at least 1.
    public let counts: [(period: String, count: Int)]

    public init(parsing text: String) throws {
        var found: [String: Int] = [:]
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, !pair[0].isEmpty else { throw BackupError.badRetention("\"\(part)\" is not period=count") }
            let period = pair[0].lowercased()
            guard Self.periods.contains(period) else {
                throw BackupError.badRetention("\(pair[0]) is not one of \(Self.periods.joined(separator: ", "))")
            }
            guard pair[1].allSatisfy(\.isASCII), let count = Int(pair[1]), (1...100_000).contains(count) else {
                throw BackupError.badRetention("\(period) needs a whole number from 1 to 100000, not \"\(pair[1])\"")
            }
            guard found.updateValue(count, forKey: period) == nil else { throw BackupError.badRetention("\(period) is given twice") }
        }
        counts = Self.periods.compactMap { period in found[period].map { (period, $0) } }
    }

    /// `--keep-daily 7 --keep-weekly 4 …`
    public var resticArguments: [String] {
        counts.flatMap { ["--keep-\($0.period)", String($0.count)] }
    }

    /// `daily=7,weekly=4` as given (in the periods' order).
    public var text: String { counts.map { "\($0.period)=\($0.count)" }.joined(separator: ",") }

    public static func == (lhs: RetentionPolicy, rhs: RetentionPolicy) -> Bool { lhs.text == rhs.text }
}
