import HomeCrewCore
import HomeCrewOperations

enum SettlementPresenter {
    static func print(_ settlement: Settlement, _ facts: SettlementFacts, _ household: Household, format: OutputFormat) throws {
        var table = RecordTable(headers: ["PART", "AMOUNT", "SOURCE"], rightAligned: ["AMOUNT"])
        for line in settlement.lines { table.append([line.heading, line.amount.plainAmount, line.source ?? ""]) }
        table.append(["TOTAL", settlement.total.description, ""])
        guard format == .table else { return try Output.print(format, table: table, json: json(settlement, facts)) }
        Swift.print("Final settlement of \(Terminal.sanitize(facts.member.legalName)) (\(Terminal.sanitize(household.name))), "
                    + "leaving \(facts.leaving) by \(facts.reason.rawValue), after \(settlement.service)")
        Swift.print("Rules: \(settlement.rules.name), the version \(settlement.rules.versionName), checked \(settlement.rules.checkedOn)")
        if let payBy = settlement.payBy { Swift.print("To be paid by: \(payBy)") }
        Swift.print("")
        for line in settlement.lines {
            Swift.print("\(line.heading): \(line.amount)")
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
            "rules_version": .string(settlement.rules.versionName), "pay_by": .optional(settlement.payBy?.description),
            "service": settlement.service.json, "currency": .string(settlement.total.currency.code),
            "lines": .array(settlement.lines.map { line in
                .object(["part": .string(line.part.rawValue), "title": .string(line.heading), "amount": .string(line.amount.plainAmount),
                         "arithmetic": .array(line.arithmetic.map(JSON.string)), "source": .optional(line.source)])
            }),
            "total": .string(settlement.total.plainAmount), "notes": .array(settlement.notes.map(JSON.string)),
        ])
    }

    /// `settle --list-rules`: each set, each version with the days it settles and when it was read.
    static func printRuleSets(_ book: SettlementRuleBook, format: OutputFormat) throws {
        var table = RecordTable(headers: ["RULES", "VERSION", "LEAVING DAYS", "CHECKED", "NAME"])
        for set in book.ruleSets {
            for (version, next) in set.versionsWithEnds {
                let days = [version.inForceFrom.map { "from \($0)" }, next.map { "before \($0)" }].compactMap { $0 }.joined(separator: ", ")
                table.append([set.id, version.versionName, days.isEmpty ? "every day" : days, version.checkedOn, set.name])
            }
        }
        try Output.print(format, table: table, json: .array(book.ruleSets.map { set in
            .object(["id": .string(set.id), "name": .string(set.name), "versions": .array(set.versionsWithEnds.map { version, next in
                .object(["version": .string(version.versionName), "in_force_from": .optional(version.inForceFrom?.description),
                         "until_before": .optional(next?.description), "checked_on": .string(version.checkedOn),
                         "readings": .array(version.readings.map(JSON.string)), "unsettled": .array(version.unsettled.map(JSON.string)),
                         "pay_within_days": version.paymentDeadline.map { .int($0.days) } ?? .null])
            })])
        }))
    }
}
