import Foundation

/// RFC 4180 records: fields separated by commas, quoted with double quotes (doubled inside),
/// records ending with CRLF or LF. Returns each record with the line it starts on.
public enum CSVReader {
    public struct Malformed: Error, Equatable { public let line: Int; public let reason: String }

    public static func records(_ text: String) throws(Malformed) -> [(line: Int, fields: [String])] {
        var records: [(Int, [String])] = []
        var fields: [String] = [], field = "", quoted = false, afterQuote = false
        var line = 1, recordLine = 1
        var characters = Array(text.unicodeScalars)[...]
        if characters.first == "\u{FEFF}" { characters = characters.dropFirst() }
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) { records.append((recordLine, fields)) }
            fields = []; field = ""; afterQuote = false
            recordLine = line
        }
        var index = characters.startIndex
        while index < characters.endIndex {
            let scalar = characters[index]
            index = characters.index(after: index)
            if quoted {
                if scalar == "\"" {
                    if index < characters.endIndex, characters[index] == "\"" { field.unicodeScalars.append("\""); index = characters.index(after: index) }
                    else { quoted = false; afterQuote = true }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty, !afterQuote else { throw Malformed(line: line, reason: "a quote in the middle of a field") }
                quoted = true
            case ",": fields.append(field); field = ""; afterQuote = false
            case "\r": continue
            case "\n": line += 1; endRecord()
            default:
                guard !afterQuote else { throw Malformed(line: line, reason: "text after a closing quote") }
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted { throw Malformed(line: recordLine, reason: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}

/// One row of a staff CSV file, checked like `staff add`.
public struct StaffCSVRow: Sendable {
    /// The columns `staff list --format csv` writes; `legal_name`, `start_date`, `salary` and
    /// `currency` are required, the rest optional (`status` is derived and ignored).
    public static let columns = ["id", "household", "legal_name", "known_as", "status", "start_date", "leaving_date",
                                 "annual_leave_days", "salary", "currency", "duties", "language"]
    public static let required = ["legal_name", "start_date", "salary", "currency"]

    public let line: Int
    public let id: RecordID?
    public let household: String?
    public let member: StaffMember
    public let salary: Money
    /// The columns the file has. Importing over a person changes only the fields it has a column
    /// for (an empty cell clears one): a column it lacks, and what a spreadsheet never holds (a
    /// contract's gratuity), stay as they are.
    public let columns: Set<String>

    /// Checks the header; the result maps each known column to its index.
    public static func header(_ fields: [String]) throws(RowError) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, name) in fields.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard columns.contains(key) else { throw RowError(line: 1, reason: "unknown column '\(name)'; the columns are: \(columns.joined(separator: ", "))") }
            guard index.updateValue(position, forKey: key) == nil else { throw RowError(line: 1, reason: "column '\(key)' appears twice") }
        }
        if let missing = required.first(where: { index[$0] == nil }) { throw RowError(line: 1, reason: "the required column '\(missing)' is missing") }
        return index
    }

    public struct RowError: HomeCrewError, Equatable {
        public let line: Int
        public let reason: String
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
        public var category: ErrorCategory { .invalidData }
        public var description: String { "line \(line): \(reason)" }
    }

    /// Parses one record; `householdID` is filled in by the caller once names are resolved.
    public init(line: Int, fields: [String], header: [String: Int], householdID: RecordID) throws(RowError) {
        guard fields.count == header.count else {
            throw RowError(line: line, reason: "\(fields.count) fields where the header has \(header.count)")
        }
        func value(_ column: String) -> String? {
            header[column].map { fields[$0].trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        do {
            let currency = try Currency(code: value("currency") ?? "")
            self.columns = Set(header.keys)
            self.line = line
            self.id = value("id").map(RecordID.init(rawValue:))
            self.household = value("household")
            self.salary = try Money(parsing: value("salary") ?? "", currency: currency)
            let member = StaffMember(
                id: id ?? .random(), householdID: householdID, legalName: value("legal_name") ?? "", knownAs: value("known_as"),
                startDate: try CalendarDate(parsing: value("start_date") ?? ""),
                leavingDate: try value("leaving_date").map { text throws(DateError) in try CalendarDate(parsing: text) },
                annualLeave: try value("annual_leave_days").map(LeaveDays.init(parsing:)) ?? LeaveDays(halfDays: 0),
                duties: value("duties"), language: try value("language").map(StaffLanguage.init(parsing:)))
            self.member = try member.validated()
            _ = try SalaryEntry(staffID: member.id, effectiveFrom: member.startDate, salary: salary).validated()
            if let id, id.rawValue.count != RecordID.length || !id.rawValue.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
                throw RowError(line: line, reason: "id '\(id)' is not 12 lowercase hex digits (leave it empty for a new person)")
            }
        } catch let error as RowError {
            throw error
        } catch {
            throw RowError(line: line, reason: ErrorText.sentence(for: error))
        }
    }

    /// `existing` with the fields this row has columns for taken from the row.
    public func updating(_ existing: StaffMember) throws(RowError) -> StaffMember {
        var updated = existing
        func take<Value>(_ column: String, _ field: WritableKeyPath<StaffMember, Value>) {
            if columns.contains(column) { updated[keyPath: field] = member[keyPath: field] }
        }
        take("legal_name", \.legalName)
        take("known_as", \.knownAs)
        take("start_date", \.startDate)
        take("leaving_date", \.leavingDate)
        take("annual_leave_days", \.annualLeave)
        take("duties", \.duties)
        take("language", \.language)
        do { return try updated.validated() } catch { throw RowError(line: line, reason: ErrorText.sentence(for: error)) }
    }
}
