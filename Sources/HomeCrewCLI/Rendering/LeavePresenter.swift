import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

enum LeavePresenter {
    static func json(_ record: StaffRecord<LeaveEntry>) -> JSON {
        let entry = record.value
        return .object([
            "id": .string(entry.id.rawValue), "staff": StaffPresenter.reference(record.member),
            "household": .string(record.household.name), "from": .string(entry.range.start.description),
            "to": .string(entry.range.end.description), "half_day": .bool(entry.isHalfDay), "type": .string(entry.type.rawValue),
            "days": .string(entry.days.description), "note": .optional(entry.note),
        ])
    }

    static func table(_ records: [StaffRecord<LeaveEntry>]) -> RecordTable {
        var table = RecordTable(headers: ["ID", "STAFF", "FROM", "TO", "DAYS", "TYPE", "NOTE"], rightAligned: ["DAYS"])
        for record in records {
            let entry = record.value
            table.append([entry.id.short, record.member.displayName, entry.range.start.description, entry.range.end.description,
                          entry.days.description, entry.type.rawValue, entry.note ?? ""])
        }
        return table
    }

    static func balanceJSON(_ line: LeaveBalanceLine) -> JSON {
        let balance = line.balance
        return .object([
            "staff": StaffPresenter.reference(line.member), "household": .string(line.household.name),
            "year": .int(balance.year), "allocation": .string(balance.allocation.description),
            "carried_over": .string(balance.carriedOver.description),
            "taken": .object(Dictionary(uniqueKeysWithValues: LeaveType.allCases.map {
                ($0.rawValue, JSON.string((balance.taken[$0] ?? LeaveDays(halfDays: 0)).description))
            })),
            "balance": .string(balance.balance.description), "overshoot": .bool(balance.isOvershoot),
        ])
    }
}
