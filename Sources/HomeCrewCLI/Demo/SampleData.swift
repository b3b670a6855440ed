import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

/// `Samples/demo.json`: the households and staff the demo vault is built from.
struct SampleData: Decodable {
    struct SampleHousehold: Decodable {
        let name: String
        let address: String?
        let notes: String?
        let settlementRules: String?
        let use: Bool?
        /// Where its payment ledger opens: the months up to it were settled before HomeCrew.
        let settledThrough: String?
        let staff: [SampleStaff]
        let documents: [SampleDocument]?
    }

    struct SampleDocument: Decodable {
        let file: String
        let kind: String
        let title: String
        let staff: [String]
        let issued: String?
        let expires: String?
        /// Applies what the document's text says once it is filed, as `doc add --apply-suggestions` does.
        let applySuggestions: Bool?
    }

    struct SampleStaff: Decodable {
        let legalName: String
        let knownAs: String?
        let start: String
        let leaving: String?
        let leaveDays: String
        let duties: String?
        let contractGratuityDays: Int?
        /// The language the person reads (a tag of StaffLanguage.accepted).
        let language: String?
        let salary: [SampleSalary]
        let leave: [SampleLeave]?
        let adjustments: [SampleAdjustment]?
        let payments: [SamplePayment]?
        let advances: [SampleAdvance]?
    }

    struct SamplePayment: Decodable {
        let on: String
        let amount: String
        let method: String
        let `for`: [String]
        let reference: String?
    }

    struct SampleAdvance: Decodable {
        let given: String
        let amount: String
        let repayPerMonth: String
        let from: String
        let method: String
        let note: String?
    }

    struct SampleLeave: Decodable {
        let from: String
        let to: String
        let type: String
        let halfDay: Bool?
        let note: String?
    }

    struct SampleAdjustment: Decodable {
        let month: String
        let amount: String
        let reason: String
    }

    struct SampleSalary: Decodable {
        let from: String
        let amount: String
        let currency: String
    }

    let households: [SampleHousehold]

    static func load(from directory: URL) throws -> SampleData {
        let url = directory.appendingPathComponent("demo.json")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(SampleData.self, from: Data(contentsOf: url))
        } catch {
            throw DemoError.unreadableSamples(url.path, ErrorText.sentence(for: error))
        }
    }

    /// Writes every household, staff member, salary entry and document through the usual
    /// writes and the usual ingest, so the demo obeys exactly the rules a user's data does.
    func seed(_ database: AppDatabase, ingestor: DocumentIngestor, samples: URL, today: CalendarDate) throws {
        let suggestions = DocumentSuggestions(database: database, today: today)
        for sample in households {
            let household = try database.addHousehold(
                Household(name: sample.name, address: sample.address, notes: sample.notes, settlementRules: sample.settlementRules)).household
            if sample.use == true { _ = try database.useHousehold(named: household.id.rawValue) }
            for person in sample.staff { try seed(person, in: household, database) }
            // The ledger opens where the household's recorded payments begin.
            if let month = sample.settledThrough {
                _ = try database.openLedger(householdID: household.id, staff: nil, settledThrough: YearMonth(parsing: month), today: today,
                                            note: "the demo's payments begin in the month after")
            }
            for document in sample.documents ?? [] {
                let filed = try seed(document, in: household, ingestor: ingestor, samples: samples)
                if document.applySuggestions == true, let filed { _ = try suggestions.apply(document: filed.rawValue) }
            }
        }
    }

    /// The document filed (nil when the same file was there already).
    private func seed(_ document: SampleDocument, in household: Household, ingestor: DocumentIngestor, samples: URL) throws -> RecordID? {
        let request = IngestRequest(
            household: household, staff: document.staff, kind: DocumentKind(rawValue: document.kind) ?? .other,
            title: document.title, issuedOn: try document.issued.map { text throws(DateError) in try CalendarDate(parsing: text) },
            expiresOn: try document.expires.map { text throws(DateError) in try CalendarDate(parsing: text) },
            password: nil, allowOther: false, ocrLanguages: "eng")
        switch ingestor.ingest(samples.appendingPathComponent(document.file).path, request) {
        case .added(let details): return details.document.id
        case .alreadyPresent: return nil
        case .refused(_, let error): throw error
        }
    }

    private func seed(_ person: SampleStaff, in household: Household, _ database: AppDatabase) throws {
        guard let first = person.salary.first else { throw DemoError.unreadableSamples(person.legalName, "no salary") }
        let member = StaffMember(
            householdID: household.id, legalName: person.legalName, knownAs: person.knownAs,
            startDate: try CalendarDate(parsing: person.start),
            leavingDate: try person.leaving.map { text throws(DateError) in try CalendarDate(parsing: text) },
            annualLeave: try LeaveDays(parsing: person.leaveDays), duties: person.duties, contractGratuityDays: person.contractGratuityDays,
            language: try person.language.map(StaffLanguage.init(parsing:)))
        let details = try database.addStaff(
            member, salary: try Money(parsing: first.amount, currency: Currency(code: first.currency)))
        for change in person.salary.dropFirst() {
            _ = try database.setSalary(details.member.id.rawValue, amount: change.amount,
                                       currency: try Currency(code: change.currency),
                                       from: try CalendarDate(parsing: change.from))
        }
        let id = details.member.id.rawValue
        for leave in person.leave ?? [] {
            _ = try database.addLeave(id, range: DateRange(CalendarDate(parsing: leave.from), CalendarDate(parsing: leave.to)),
                                      halfDay: leave.halfDay ?? false, type: LeaveType(rawValue: leave.type) ?? .other, note: leave.note)
        }
        for adjustment in person.adjustments ?? [] {
            _ = try database.addAdjustment(id, month: YearMonth(parsing: adjustment.month), amount: adjustment.amount,
                                           reason: adjustment.reason)
        }
        for payment in person.payments ?? [] {
            _ = try database.recordPayment(PaymentRequest(staff: id, amount: payment.amount, paidOn: CalendarDate(parsing: payment.on),
                                                          method: PaymentMethod(parsing: payment.method),
                                                          months: payment.for.map { try YearMonth(parsing: $0) }, reference: payment.reference))
        }
        for advance in person.advances ?? [] {
            _ = try database.addAdvance(AdvanceRequest(staff: id, amount: advance.amount, givenOn: CalendarDate(parsing: advance.given),
                                                       repay: .perMonth(advance.repayPerMonth), firstMonth: YearMonth(parsing: advance.from),
                                                       method: PaymentMethod(parsing: advance.method), note: advance.note))
        }
    }
}

enum DemoError: HomeCrewError {
    case samplesNotFound
    case unreadableSamples(String, String)
    case vaultNotEmpty(String)
    case documentsNotRead(Int, of: Int)

    var category: ErrorCategory {
        switch self {
        case .samplesNotFound: return .notFound
        case .unreadableSamples: return .invalidData
        case .vaultNotEmpty: return .cannotCreate
        case .documentsNotRead: return .internal
        }
    }

    var description: String {
        switch self {
        case .samplesNotFound:
            return "cannot find the Samples folder; run from the HomeCrew checkout or pass --samples DIR"
        case let .unreadableSamples(path, reason):
            return "cannot read the sample data \(path): \(reason)"
        case .vaultNotEmpty(let path):
            return "\(path) already holds a vault; the demo builds a fresh one (choose another --vault)"
        case let .documentsNotRead(count, total):
            return "the demo failed: \(count) of its \(total) sample documents were not read completely (reasons above)"
        }
    }
}
