import HomeCrewCore
import HomeCrewOperations

enum SettlementPresenter {
    static func print(_ settlement: Settlement, _ facts: SettlementFacts, _ household: Household, format: OutputFormat) throws {
        var table = RecordTable(headers: ["PART", "AMOUNT", "SOURCE"], rightAligned: ["AMOUNT"])
        for line in settlement.lines { table.append([line.part.rawValue, line.amount.plainAmount, line.source ?? ""]) }
        table.append(["TOTAL", settlement.total.description, ""])
        guard format == .table else { return try Output.print(format, table: table, json: json(settlement, facts)) }
        Swift.print("Final settlement of \(Terminal.sanitize(facts.member.legalName)) (\(Terminal.sanitize(household.name))), "
                    + "leaving \(facts.leaving) by \(facts.reason.rawValue), after \(settlement.service)")
        Swift.print("Rules: \(settlement.rules.name), checked \(settlement.rules.checkedOn)\n")
        for line in settlement.lines {
            Swift.print("\(line.part.rawValue): \(line.amount)")
            for text in line.arithmetic { Swift.print("  " + Terminal.sanitize(text)) }
            if let source = line.source { Swift.print("  source: " + source) }
        }
        Swift.print("\nTOTAL: \(settlement.total)\(settlement.total.isNegative ? " (owed by the worker)" : "")")
        for note in settlement.notes { Terminal.printNote(note) }
        Terminal.printNote("a preview: nothing was recorded")
    }

    static func json(_ settlement: Settlement, _ facts: SettlementFacts) -> JSON {
        .object([
            "staff": StaffPresenter.reference(facts.member), "leaving": .string(facts.leaving.description),
            "reason": .string(facts.reason.rawValue), "rules": .string(settlement.rules.id), "rules_checked_on": .string(settlement.rules.checkedOn),
            "service": settlement.service.json, "currency": .string(settlement.total.currency.code),
            "lines": .array(settlement.lines.map { line in
                .object(["part": .string(line.part.rawValue), "amount": .string(line.amount.plainAmount),
                         "arithmetic": .array(line.arithmetic.map(JSON.string)), "source": .optional(line.source)])
            }),
            "total": .string(settlement.total.plainAmount), "notes": .array(settlement.notes.map(JSON.string)),
        ])
    }
}
