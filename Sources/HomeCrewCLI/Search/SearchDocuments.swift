import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct SearchDocuments: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find documents by the words in them, their titles and the people they concern.",
        discussion: """
            Words must all match. Also: "exact phrase", prefix*, a OR b, -word or NOT word, (parentheses),
            and the fields staff:NAME, kind:KIND, household:NAME, title:WORD.
            """)

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var target: HouseholdOption
    @Argument(help: "The query (several arguments are joined with spaces).") var query: [String]
    @Flag(help: "Search every household.") var allHouseholds = false
    @Option(help: "Only documents linked to this staff member.") var staff: String?
    @Option(help: "Only documents of this kind.", transform: Parse.kind) var kind: DocumentKind?
    @Option(help: ArgumentHelp("Only documents added on or after this day.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var addedFrom: CalendarDate?
    @Option(help: ArgumentHelp("Only documents added on or before this day.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var addedTo: CalendarDate?
    @Option(help: "At most this many results (default 20).") var limit = 20

    func validate() throws {
        if allHouseholds && target.household != nil { throw ValidationError("give either --household or --all-households, not both") }
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let parsed = try SearchQuery.parse(query.joined(separator: " "))
        let database = try vault.openForReading()
        var filter = SearchFilter(kind: kind, addedFrom: addedFrom, addedTo: addedTo, limit: limit)
        if let staff { filter.staffID = try database.findStaff(staff).member.id }
        if !allHouseholds && staff == nil {
            let choice = try database.chooseHousehold(target.household)
            choice.announceIfImplicit()
            filter.householdID = choice.household.id
        }
        let results = try database.search(parsed, filter)
        if results.rankedRecentPagesOnly {
            Terminal.printNote("more than \(AppDatabase.rankingWindow) pages match; these are the best of the \(AppDatabase.rankingWindow) most recently added (add a word to narrow the search)")
        }
        try Output.print(output.format, table: SearchPresenter.table(results.hits, format: output.format),
                         json: .array(results.hits.map(SearchPresenter.json)))
    }
}

enum SearchPresenter {
    static func table(_ hits: [SearchHit], format: OutputFormat) -> RecordTable {
        var table = RecordTable(headers: format == .csv
            ? ["document_id", "title", "kind", "household", "staff", "page", "snippet"]
            : ["ID", "TITLE", "STAFF", "PAGE", "MATCH"])
        for hit in hits {
            if format == .csv {
                table.append([hit.documentID.rawValue, hit.title, hit.kind.rawValue, hit.household,
                              hit.staff.joined(separator: "; "), hit.page.map(String.init) ?? "", marked(hit.snippet, bold: false)])
            } else {
                table.append([hit.documentID.short, hit.title, hit.staff.joined(separator: ", "),
                              hit.page.map(String.init) ?? "–", hit.page == nil ? "(title, staff or file name)" : flat(hit.snippet)])
            }
        }
        return table
    }

    static func json(_ hit: SearchHit) -> JSON {
        .object([
            "document_id": .string(hit.documentID.rawValue), "title": .string(hit.title), "kind": .string(hit.kind.rawValue),
            "household": .string(hit.household), "staff": .array(hit.staff.map(JSON.string)),
            "page": hit.page.map(JSON.int) ?? .null, "snippet": .string(marked(hit.snippet, bold: false)),
        ])
    }

    static func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Matched words in [brackets], or bold on a terminal. Runs after the text is sanitised,
    /// so the only escape sequences are the ones added here. One pass over the scalars: this
    /// runs for every cell of every table (10,000-row payroll reports included).
    static func marked(_ text: String, bold: Bool) -> String {
        let start = SearchHit.highlightStart, end = SearchHit.highlightEnd
        guard text.unicodeScalars.contains(where: { $0 == start || $0 == end || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in flat(text).unicodeScalars {
            switch scalar {
            case start: result.append(contentsOf: (bold ? "\u{1B}[1m" : "[").unicodeScalars)
            case end: result.append(contentsOf: (bold ? "\u{1B}[0m" : "]").unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
