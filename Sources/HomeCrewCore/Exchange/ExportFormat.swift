import Foundation

/// The open JSON format of `homecrew export` (documented in the README). Plain values only:
/// dates as "YYYY-MM-DD", months as "YYYY-MM", amounts as exact decimal strings with their
/// currency, so any language can read it without HomeCrew.
public struct ExportFile: Codable, Equatable, Sendable {
    /// 2 added each person's advances and payments, 3 a household's settlement rules and a person's
    /// contract gratuity, 4 a household's ledger openings, 5 a document's number, 6 the days a contract
    /// gratuity counts a month as and the service it asks first, 7 the language a person reads, 8 a
    /// household's language; files of the earlier formats (without them) still import.
    public static let currentVersion = 8
    public static let readableVersions = 1...currentVersion

    public var homecrewExport: Int
    public var exportedAt: String
    public var households: [ExportHousehold]

    public init(exportedAt: String, households: [ExportHousehold]) {
        self.homecrewExport = Self.currentVersion
        self.exportedAt = exportedAt
        self.households = households
    }
}

public struct ExportHousehold: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var address: String?
    public var notes: String?
    public var leaveCarryOverCap: String
    /// Since format 3.
    public var settlementRules: String?
    public var closedMonths: [String]
    public var staff: [ExportStaff]
    public var documents: [ExportDocument]
    /// The household's audit trail, oldest first. Read for the record; an import does not
    /// replay it (the import's own changes are recorded as made by whoever imports).
    public var history: [ExportHistoryEntry]?
    /// Where its payment ledger begins, and their reversals, oldest first. Since format 4.
    public var ledgerOpenings: [ExportOpening]?
    /// Since format 8: a BCP 47 tag; absent: English. A file of an earlier format says nothing of
    /// it, and an import keeps what the vault has.
    public var language: String?

    public init(id: String, name: String, address: String?, notes: String?, leaveCarryOverCap: String, settlementRules: String? = nil,
                closedMonths: [String], staff: [ExportStaff], documents: [ExportDocument], history: [ExportHistoryEntry]? = nil,
                ledgerOpenings: [ExportOpening]? = nil) {
        self.ledgerOpenings = ledgerOpenings
        self.settlementRules = settlementRules
        self.id = id
        self.name = name
        self.address = address
        self.notes = notes
        self.leaveCarryOverCap = leaveCarryOverCap
        self.closedMonths = closedMonths
        self.staff = staff
        self.documents = documents
        self.history = history
    }
}

public struct ExportHistoryEntry: Codable, Equatable, Sendable {
    public var at: String
    public var actor: String
    public var recordType: String
    public var recordId: String
    public var action: String
    public var before: [String: String?]?
    public var after: [String: String?]?

    public init(_ entry: AuditEntry) {
        at = entry.at
        actor = entry.actor
        recordType = entry.recordType
        recordId = entry.recordID
        action = entry.action.rawValue
        before = entry.before
        after = entry.after
    }
}

public struct ExportStaff: Codable, Equatable, Sendable {
    public struct Salary: Codable, Equatable, Sendable {
        public var effectiveFrom: String
        public var amount: String
        public var currency: String
        public init(effectiveFrom: String, amount: String, currency: String) {
            self.effectiveFrom = effectiveFrom
            self.amount = amount
            self.currency = currency
        }
    }

    public struct Leave: Codable, Equatable, Sendable {
        public var id: String
        public var from: String
        public var to: String
        public var halfDay: Bool
        public var type: String
        public var note: String?
        public init(id: String, from: String, to: String, halfDay: Bool, type: String, note: String?) {
            self.id = id
            self.from = from
            self.to = to
            self.halfDay = halfDay
            self.type = type
            self.note = note
        }
    }

    public struct Adjustment: Codable, Equatable, Sendable {
        public var id: String
        public var month: String
        public var amount: String
        public var currency: String
        public var reason: String
        public init(id: String, month: String, amount: String, currency: String, reason: String) {
            self.id = id
            self.month = month
            self.amount = amount
            self.currency = currency
            self.reason = reason
        }
    }

    public var id: String
    public var legalName: String
    public var knownAs: String?
    public var startDate: String
    public var leavingDate: String?
    public var annualLeaveDays: String
    public var duties: String?
    /// Since format 3.
    public var contractGratuityDays: Int?
    /// Since format 6: 30 or 26 (absent: 30), and the years of service asked first (absent: 0).
    public var contractGratuityMonthDays: Int?
    public var contractGratuityMinimumYears: Int?
    /// Since format 7: a BCP 47 tag; absent: none, the household's language. A file of an earlier
    /// format says nothing of it, and an import keeps what the vault has.
    public var language: String?
    public var salaryHistory: [Salary]
    public var leave: [Leave]
    public var adjustments: [Adjustment]
    /// Since format 2.
    public var advances: [ExportAdvance]?
    /// Since format 2: every entry of the ledger, reversals included, in the order recorded.
    public var payments: [ExportPayment]?

    public init(id: String, legalName: String, knownAs: String?, startDate: String, leavingDate: String?,
                annualLeaveDays: String, duties: String?, contractGratuityDays: Int? = nil, salaryHistory: [Salary], leave: [Leave],
                adjustments: [Adjustment], advances: [ExportAdvance]? = nil, payments: [ExportPayment]? = nil) {
        self.contractGratuityDays = contractGratuityDays
        self.advances = advances
        self.payments = payments
        self.id = id
        self.legalName = legalName
        self.knownAs = knownAs
        self.startDate = startDate
        self.leavingDate = leavingDate
        self.annualLeaveDays = annualLeaveDays
        self.duties = duties
        self.salaryHistory = salaryHistory
        self.leave = leave
        self.adjustments = adjustments
    }
}

public struct ExportAmount: Codable, Equatable, Sendable {
    public var month: String
    public var amount: String

    public init(month: String, amount: String) {
        self.month = month
        self.amount = amount
    }
}

public struct ExportAdvance: Codable, Equatable, Sendable {
    public var id: String
    public var kind: String
    public var givenOn: String
    public var amount: String
    public var currency: String
    /// One of these two says how it is repaid.
    public var repayPerMonth: String?
    public var instalments: Int?
    public var firstMonth: String
    public var note: String?
    /// Instalments taken in closed months, as they were when the month closed.
    public var closedMonthInstalments: [ExportAmount]

    public init(id: String, kind: String, givenOn: String, amount: String, currency: String, repayPerMonth: String?, instalments: Int?,
                firstMonth: String, note: String?, closedMonthInstalments: [ExportAmount]) {
        (self.id, self.kind, self.givenOn, self.amount, self.currency) = (id, kind, givenOn, amount, currency)
        (self.repayPerMonth, self.instalments, self.firstMonth, self.note) = (repayPerMonth, instalments, firstMonth, note)
        self.closedMonthInstalments = closedMonthInstalments
    }
}

public struct ExportPayment: Codable, Equatable, Sendable {
    public var id: String
    public var paidOn: String
    /// Negative for a reversal.
    public var amount: String
    public var currency: String
    public var method: String
    public var reference: String?
    public var note: String?
    /// payroll, advance, repayment or settlement.
    public var purpose: String
    public var advanceId: String?
    public var months: [ExportAmount]
    public var reverses: String?
    public var proofDocumentIds: [String]

    public init(id: String, paidOn: String, amount: String, currency: String, method: String, reference: String?, note: String?,
                purpose: String, advanceId: String?, months: [ExportAmount], reverses: String?, proofDocumentIds: [String]) {
        (self.id, self.paidOn, self.amount, self.currency, self.method, self.reference, self.note) = (id, paidOn, amount, currency, method, reference, note)
        (self.purpose, self.advanceId, self.months, self.reverses, self.proofDocumentIds) = (purpose, advanceId, months, reverses, proofDocumentIds)
    }
}

/// "Everything up to and including `settledThrough` was settled before HomeCrew", for the household
/// or for one person (`staffId`); a reversal names the opening it undoes.
public struct ExportOpening: Codable, Equatable, Sendable {
    public var id: String
    public var staffId: String?
    public var settledThrough: String
    public var recordedOn: String
    public var note: String?
    public var reverses: String?

    public init(id: String, staffId: String?, settledThrough: String, recordedOn: String, note: String?, reverses: String?) {
        (self.id, self.staffId, self.settledThrough, self.recordedOn, self.note, self.reverses) = (id, staffId, settledThrough, recordedOn, note, reverses)
    }
}

public struct ExportDocument: Codable, Equatable, Sendable {
    public var id: String
    public var title: String
    public var kind: String
    public var originalName: String
    /// Since format 5.
    public var number: String?
    public var issuedOn: String?
    public var expiresOn: String?
    public var addedAt: String
    public var sha256: String
    public var staffIds: [String]

    public init(id: String, title: String, kind: String, originalName: String, number: String? = nil, issuedOn: String?,
                expiresOn: String?, addedAt: String, sha256: String, staffIds: [String]) {
        self.id = id
        self.title = title
        self.kind = kind
        self.originalName = originalName
        self.number = number
        self.issuedOn = issuedOn
        self.expiresOn = expiresOn
        self.addedAt = addedAt
        self.sha256 = sha256
        self.staffIds = staffIds
    }
}

/// What an import added, changed and could not take.
public struct ImportSummary: Equatable, Sendable {
    public var added: [String: Int] = [:]
    public var changed: [String: Int] = [:]
    public var unchanged = 0
    /// Documents whose file is not in this vault (restore it from a backup first).
    public var documentsWithoutFile: [String] = []

    public init() {}

    public var isEmpty: Bool { added.isEmpty && changed.isEmpty }
}

public enum ImportError: HomeCrewError, Equatable {
    case unreadable(String)
    case unsupportedVersion(Int)
    case invalid(path: String, reason: String)

    public var category: ErrorCategory {
        switch self {
        case .unreadable, .unsupportedVersion: return .usage
        case .invalid: return .invalidData
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let reason): return "the file is not a HomeCrew export: \(reason)"
        case .unsupportedVersion(let version):
            return "the file is export format \(version); this HomeCrew reads formats \(ExportFile.readableVersions.lowerBound) to \(ExportFile.currentVersion); upgrade HomeCrew"
        case let .invalid(path, reason): return "\(path): \(reason); nothing was imported"
        }
    }
}
