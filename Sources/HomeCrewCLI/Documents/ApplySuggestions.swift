import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct ApplySuggestions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply what a document's text says: its kind, issue and expiry dates, and the link to its person.",
        discussion: "A value a person gave the document is kept unless --overwrite. One transaction, in the history.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String
    @Option(help: ArgumentHelp("Only these facts, comma-separated: \(Self.fieldList).", valueName: "fields"),
            transform: Self.fields)
    var only: Set<FactField>?
    @Flag(help: "Replace values a person gave the document.") var overwrite = false

    static let fieldList = FactField.allCases.map(\.rawValue).joined(separator: ", ")

    @Sendable static func fields(_ text: String) throws -> Set<FactField> {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var fields = Set<FactField>()
        for name in names {
            guard let field = FactField(rawValue: name.lowercased()) else {
                throw ValidationError("--only: no field '\(Terminal.sanitize(name))'; the fields are \(fieldList)")
            }
            fields.insert(field)
        }
        if fields.isEmpty { throw ValidationError("--only: name at least one field of \(fieldList)") }
        return fields
    }

    func run() throws {
        let suggestions = DocumentSuggestions(database: try vault.openForWriting())
        let applied = try suggestions.apply(document: id, only: only, overwrite: overwrite)
        print(Self.text(applied))
    }

    static func text(_ applied: DocumentSuggestions.Applied) -> String {
        let document = applied.details.document
        var lines = ["\(document.id)  \(Terminal.sanitize(document.title))"]
        for (fact, replaced) in applied.set {
            lines.append("  set \(fact.field.rawValue) \(Terminal.sanitize(fact.value.description))"
                         + (replaced.map { " (replaced \(Terminal.sanitize($0)))" } ?? ""))
        }
        for (fact, current) in applied.kept {
            lines.append("  kept \(fact.field.rawValue) \(Terminal.sanitize(current)), not \(Terminal.sanitize(fact.value.description)) (--overwrite replaces it)")
        }
        for field in applied.notKept { lines.append("  \(field.rawValue): a document has no place for it; shown only") }
        for field in applied.missing { lines.append("  \(field.rawValue): the text does not give it") }
        if applied.set.isEmpty { lines.append("  nothing changed") }
        return lines.joined(separator: "\n")
    }
}
