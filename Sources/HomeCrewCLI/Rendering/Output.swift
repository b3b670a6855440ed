import HomeCrewOperations
import Foundation

extension RecordTable {
    /// Aligned columns for a terminal; cells are sanitised, widths counted in columns. Search
    /// highlights (U+E000…U+E001) become bold on a terminal and [brackets] elsewhere.
    func renderTable() -> String {
        let bold = Terminal.highlights
        let cells = rows.map { $0.map { SearchPresenter.marked(Terminal.sanitize($0), bold: bold) } }
        let headers = columns.map(\.header)
        let widths = columns.indices.map { index in
            ([headers[index]] + cells.map { $0[index] }).map(DisplayWidth.visible).max() ?? 0
        }
        func line(_ values: [String]) -> String {
            values.enumerated().map { index, value in
                let isLast = index == values.count - 1
                if isLast && !columns[index].alignRight { return value }
                return DisplayWidth.padded(value, to: widths[index], alignRight: columns[index].alignRight)
            }.joined(separator: "  ")
        }
        return ([line(headers)] + cells.map(line)).joined(separator: "\n")
    }

    /// CSV; printed on a terminal, its cells are sanitised like everything else shown there.
    func renderCSV() -> String {
        Terminal.stdoutIsTerminal ? csv { Terminal.sanitize($0, keepNewlines: true) } : csv()
    }
}

/// A JSON value built explicitly, so that every documented key is always present (null
/// when empty) and printed in a stable, sorted order.
enum JSON: Encodable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSON])
    case object([String: JSON])

    static func optional(_ text: String?) -> JSON { text.map(JSON.string) ?? .null }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    /// Keys sorted, two-space indentation, no escaped slashes.
    func rendered() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// Prints records in the chosen format: the table for people, JSON and CSV for scripts.
enum Output {
    static func print(_ format: OutputFormat, table: RecordTable, json: JSON) throws {
        switch format {
        case .table: Swift.print(table.rows.isEmpty ? "(none)" : table.renderTable())
        case .csv: Swift.print(table.renderCSV(), terminator: "")
        case .json: Swift.print(try json.rendered())
        }
    }

    /// "label: value" lines for one record, labels aligned.
    static func printFields(_ fields: [(String, String?)]) {
        let present = fields.compactMap { label, value in value.map { (label, $0) } }
        let width = present.map { DisplayWidth.of($0.0) }.max() ?? 0
        for (label, value) in present {
            Swift.print(DisplayWidth.padded(label + ":", to: width + 1) + " " + Terminal.sanitize(value))
        }
    }
}
