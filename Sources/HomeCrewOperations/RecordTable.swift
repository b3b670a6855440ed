import Foundation

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Rows of named columns: the one shape a report takes before it is a terminal table, a CSV file
/// (from `--format csv` or a report page's download) or JSON.
public struct RecordTable: Sendable {
    public struct Column: Sendable {
        public let header: String
        public var alignRight = false
    }

    public let columns: [Column]
    public private(set) var rows: [[String]] = []
    /// About the bytes of the CSV so far (each cell, a separator after it, unquoted): what a
    /// caller with a size limit compares before it lets the table grow further.
    public private(set) var approximateBytes = 0

    public init(headers: [String], rightAligned: Set<String> = []) {
        self.columns = headers.map { Column(header: $0, alignRight: rightAligned.contains($0)) }
    }

    public mutating func append(_ row: [String]) {
        precondition(row.count == columns.count, "row does not fit the table")
        rows.append(row)
        approximateBytes += row.reduce(0) { $0 + $1.utf8.count + 1 } + 1
    }

    /// RFC 4180: CRLF line ends; fields with a comma, quote, CR or LF are quoted, quotes doubled.
    /// `cell` prepares each value first (the CLI makes it safe for a terminal).
    public func csv(cell: (String) -> String = { $0 }) -> String {
        ([columns.map(\.header)] + rows).map { row in
            row.map { CSV.field(cell($0)) }.joined(separator: ",")
        }.joined(separator: "\r\n") + "\r\n"
    }
}

public enum CSV {
    public static func field(_ value: String) -> String {
        let value = inert(value)
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A typed name such as `=HYPERLINK(…)` would be a formula in a spreadsheet that opens the file:
    /// a text value starting with `=`, `+`, `-`, `@`, tab or CR gets a leading apostrophe (OWASP's
    /// advice). Numbers (`-2000.00`) stay numbers.
    static func inert(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return value }
        let rest = value.dropFirst()
        if first != "@", rest.contains(where: \.isASCIIDigit), rest.allSatisfy({ $0.isASCIIDigit || $0 == "." }) { return value }
        return "'" + value
    }
}
