import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

// How records look in each output format. The JSON keys here are documented in the
// README; change them only with a note there.

extension Money {
    var json: JSON { .object(["amount": .string(plainAmount), "currency": .string(currency.code)]) }
}

extension Tenure {
    var json: JSON { .object(["years": .int(years), "months": .int(months), "days": .int(days)]) }
}

enum HouseholdPresenter {
    static func json(_ summary: HouseholdSummary) -> JSON {
        let household = summary.household
        return .object([
            "id": .string(household.id.rawValue),
            "name": .string(household.name),
            "address": .optional(household.address),
            "notes": .optional(household.notes),
            "language": .optional(household.language?.tag),
            "primary": .bool(summary.isPrimary),
            "active": .bool(summary.isActive),
            "staff_count": .int(summary.staffCount),
        ])
    }

    static func table(_ summaries: [HouseholdSummary]) -> RecordTable {
        var table = RecordTable(headers: ["ID", "NAME", "MARKS", "STAFF", "ADDRESS"], rightAligned: ["STAFF"])
        for summary in summaries {
            let marks = [summary.isPrimary ? "primary" : nil, summary.isActive ? "active" : nil].compactMap { $0 }
            table.append([summary.household.id.short, summary.household.name, marks.joined(separator: ","),
                          String(summary.staffCount), summary.household.address ?? ""])
        }
        return table
    }

    /// CSV keeps full ids and every field.
    static func csv(_ summaries: [HouseholdSummary]) -> RecordTable {
        var table = RecordTable(headers: ["id", "name", "primary", "active", "staff_count", "address", "notes"])
        for summary in summaries {
            let household = summary.household
            table.append([household.id.rawValue, household.name, String(summary.isPrimary), String(summary.isActive),
                          String(summary.staffCount), household.address ?? "", household.notes ?? ""])
        }
        return table
    }
}

enum StaffPresenter {
    static func json(_ details: StaffDetails, asOf: CalendarDate, withHistory: Bool = true) -> JSON {
        let member = details.member
        var object: [String: JSON] = [
            "id": .string(member.id.rawValue),
            "household": .object(["id": .string(details.household.id.rawValue), "name": .string(details.household.name)]),
            "legal_name": .string(member.legalName),
            "known_as": .optional(member.knownAs),
            "start_date": .string(member.startDate.description),
            "leaving_date": .optional(member.leavingDate?.description),
            "status": .string(member.status(asOf: asOf).rawValue),
            "annual_leave_days": .string(member.annualLeave.description),
            "duties": .optional(member.duties),
            "language": .optional(member.language?.tag),
            "current_salary": details.salaryHistory.current(asOf: asOf)?.json ?? .null,
            "tenure": member.tenure(asOf: asOf).json,
            "as_of": .string(asOf.description),
        ]
        if withHistory { object["salary_history"] = .array(details.salaryHistory.entries.map(salaryJSON)) }
        return .object(object)
    }

    static func salaryJSON(_ entry: SalaryEntry) -> JSON {
        .object(["effective_from": .string(entry.effectiveFrom.description), "salary": entry.salary.json])
    }

    static func table(_ staff: [StaffDetails], asOf: CalendarDate, showHousehold: Bool) -> RecordTable {
        var headers = ["ID", "NAME", "KNOWN AS", "STATUS", "START", "LEAVING", "TENURE", "SALARY"]
        if showHousehold { headers.insert("HOUSEHOLD", at: 1) }
        var table = RecordTable(headers: headers, rightAligned: ["SALARY"])
        for details in staff {
            let member = details.member
            var row = [member.id.short, member.legalName, member.knownAs ?? "", member.status(asOf: asOf).rawValue,
                       member.startDate.description, member.leavingDate?.description ?? "",
                       member.serviceCompact(asOf: asOf), details.salaryHistory.current(asOf: asOf)?.description ?? ""]
            if showHousehold { row.insert(details.household.name, at: 1) }
            table.append(row)
        }
        return table
    }

    /// The columns `staff list --format csv` prints; they are also a valid staff import file.
    static func csv(_ staff: [StaffDetails], asOf: CalendarDate) -> RecordTable {
        var table = RecordTable(headers: [
            "id", "household", "legal_name", "known_as", "status", "start_date", "leaving_date",
            "annual_leave_days", "salary", "currency", "duties", "language",
        ])
        for details in staff {
            let member = details.member
            let salary = details.salaryHistory.current(asOf: asOf)
            table.append([member.id.rawValue, details.household.name, member.legalName, member.knownAs ?? "",
                          member.status(asOf: asOf).rawValue, member.startDate.description,
                          member.leavingDate?.description ?? "", member.annualLeave.description,
                          salary?.plainAmount ?? "", salary?.currency.code ?? "", member.duties ?? "", member.language?.tag ?? ""])
        }
        return table
    }

    static func salaryTable(_ history: SalaryHistory) -> RecordTable {
        var table = RecordTable(headers: ["FROM", "AMOUNT", "CURRENCY"], rightAligned: ["AMOUNT"])
        for entry in history.entries {
            table.append([entry.effectiveFrom.description, entry.salary.plainAmount, entry.salary.currency.code])
        }
        return table
    }

    /// `{id, legal_name, known_as}`: a staff member named inside another record.
    static func reference(_ member: StaffMember) -> JSON {
        .object(["id": .string(member.id.rawValue), "legal_name": .string(member.legalName), "known_as": .optional(member.knownAs)])
    }

    static func label(_ member: StaffMember) -> String {
        member.knownAs.map { "\(member.legalName) (\($0))" } ?? member.legalName
    }
}
