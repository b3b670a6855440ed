import GRDB
import HomeCrewCore

/// Failures of the store, each one line a person can act on.
public enum StoreError: HomeCrewError {
    case newerFormat(found: Int, supported: Int)
    case unknownMigrations
    case notAVault(path: String, reason: String)
    case cannotCreateVault(path: String, reason: String)
    case noHouseholds
    case noSuchHousehold(String)
    case householdExists(String)
    case ambiguousHousehold(String, ids: [RecordID])
    case accountExists(String)
    case householdHasStaff(name: String, count: Int)
    case noSuchStaff(String)
    case ambiguousStaff(String, candidates: [StaffCandidate])
    case salaryEntryExists(staff: String, on: CalendarDate)
    case noSuchDocument(String)
    case ambiguousDocument(String, candidates: [RecordID])
    case staffInOtherHousehold(staff: String, household: String)
    case notLinked(document: String, staff: String)
    case staffHasDocuments(name: String, count: Int)
    case householdHasDocuments(name: String, count: Int)
    case noSuchRecord(what: String, reference: String, list: String)
    case noSuchVault(String)
    /// A folder holding a vault's objects or text files but no database: its records are lost.
    case databaseMissing(path: String, objects: Int)
    case upgradeFailed(from: Int, reason: String, copy: String?)
    case ambiguousRecord(what: String, reference: String)
    case hasPayments(name: String, count: Int)
    case isProofOfPayment(document: String, payment: String)
    case busy
    case constraint(String)
    /// A backup's text files (`TextMirror`) are not what its manifest says.
    case backupText(String)
    case database(String)

    public var category: ErrorCategory {
        switch self {
        case .newerFormat, .unknownMigrations, .notAVault, .upgradeFailed: return .invalidData
        case .cannotCreateVault: return .cannotCreate
        case .noHouseholds, .noSuchHousehold, .noSuchStaff, .noSuchDocument, .noSuchRecord, .noSuchVault, .databaseMissing: return .notFound
        case .ambiguousRecord, .ambiguousHousehold: return .usage
        case .ambiguousDocument: return .usage
        case .staffInOtherHousehold, .notLinked, .staffHasDocuments, .householdHasDocuments: return .invalidData
        case .hasPayments, .isProofOfPayment: return .invalidData
        case .householdExists, .accountExists, .householdHasStaff, .salaryEntryExists, .constraint, .backupText: return .invalidData
        case .ambiguousStaff: return .usage
        case .busy: return .busy
        case .database: return .io
        }
    }

    public var description: String {
        switch self {
        case let .newerFormat(found, supported):
            return "this vault has format version \(found), but this HomeCrew only knows versions up to \(supported); upgrade HomeCrew to open it"
        case .unknownMigrations:
            return "this vault was changed by a newer HomeCrew; upgrade HomeCrew to open it"
        case let .notAVault(path, reason):
            return "\(path) is not a usable HomeCrew vault: \(reason)"
        case let .cannotCreateVault(path, reason):
            return "cannot create the vault at \(path): \(reason)"
        case .noHouseholds:
            return "there are no households yet; add one with: homecrew household add NAME"
        case .noSuchHousehold(let name):
            return "no household named '\(name)'; see: homecrew household list"
        case .accountExists(let name):
            return "an account named \"\(name)\" already exists (names are compared ignoring case)"
        case .householdExists(let name):
            return "a household named '\(name)' already exists (names are compared ignoring case)"
        case let .ambiguousHousehold(name, ids):
            return "\(ids.count) households are named '\(name)' (ids \(ids.map(\.rawValue).joined(separator: ", "))); name one by its id, e.g. --household \(ids[0].rawValue)"
        case let .householdHasStaff(name, count):
            return "household '\(name)' still has \(counted(count, "staff member")); remove them first or pass --cascade"
        case .noSuchStaff(let reference):
            return "no staff member matches '\(reference)'; see: homecrew staff list --all-households --status all"
        case let .ambiguousStaff(reference, candidates):
            let list = candidates.map { "\($0.id.short) \($0.legalName)\($0.knownAs.map { " (\($0))" } ?? "") in \($0.householdName)" }
            return "'\(reference)' matches \(candidates.count) staff members: \(list.joined(separator: "; ")); use an id"
        case let .salaryEntryExists(staff, date):
            return "\(staff) already has a salary entry taking effect on \(date)"
        case .noSuchDocument(let reference):
            return "no document matches '\(reference)'; see: homecrew doc list --all-households"
        case let .ambiguousDocument(reference, candidates):
            return "'\(reference)' matches \(candidates.count) documents (\(candidates.map(\.short).joined(separator: ", "))); give more of the id"
        case let .staffInOtherHousehold(staff, household):
            return "\(staff) works for \(household); a document links only to staff of its own household"
        case let .notLinked(document, staff):
            return "document \(document) is not linked to \(staff)"
        case let .staffHasDocuments(name, count):
            return "\(name) is linked to \(counted(count, "document")); pass --cascade to unlink them and remove the staff member"
        case let .householdHasDocuments(name, count):
            return "household '\(name)' still has \(counted(count, "document")); remove them first or pass --cascade"
        case let .upgradeFailed(from, reason, copy):
            return "upgrading this vault from format \(from) failed (\(reason)); the failed step was rolled back"
                + (copy.map { " and the database as it was is kept at \($0)" } ?? "")
        case .noSuchVault(let path):
            return "there is no vault at \(path); see: homecrew init"
        case let .databaseMissing(path, objects):
            return "\(path) has no database (homecrew.sqlite) beside its \(counted(objects, "object")): the vault's records are lost; "
                + "restore it from a backup (homecrew vault restore) into a new folder, and do not run homecrew init there"
        case let .noSuchRecord(what, reference, list):
            return "no \(what) matches '\(reference)'; see: \(list)"
        case let .ambiguousRecord(what, reference):
            return "'\(reference)' matches more than one \(what); give more of the id"
        case let .hasPayments(name, count):
            return "\(name) has \(counted(count, "payment")) or advance\(count == 1 ? "" : "s") in the ledger, which keeps them; "
                + "record a leaving date instead (homecrew staff end)"
        case let .isProofOfPayment(document, payment):
            return "document \(document) is the proof of payment \(payment), which keeps it"
        case .busy:
            return "the vault is busy: another homecrew process held it for too long; try again"
        case .constraint(let message):
            return "the vault refused the change: \(message)"
        case .backupText(let message):
            return message
        case .database(let message):
            return "database error: \(message)"
        }
    }
}

public struct StaffCandidate: Hashable, Sendable {
    public let id: RecordID
    public let legalName: String
    public let knownAs: String?
    public let householdName: String
}

extension StoreError {
    /// What `wrap` calls a database it cannot name; `AppDatabase.open` names it.
    static let unnamedDatabase = "the database"

    /// Turns whatever a database access threw into an error of the right category.
    static func wrap(_ error: any Error) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError.busy
        case .SQLITE_ERROR where (error.message ?? "").hasPrefix("fts5"):
            // The query compiler quotes every word, so this is a bug, not the user's fault.
            return StoreError.database("the search index could not run the query (\(error.message ?? ""))")
        case .SQLITE_CONSTRAINT:
            return StoreError.constraint(error.message ?? "constraint failed")
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return StoreError.notAVault(path: unnamedDatabase, reason: error.message ?? "damaged")
        default:
            return StoreError.database(error.message ?? "\(error.resultCode)")
        }
    }
}
