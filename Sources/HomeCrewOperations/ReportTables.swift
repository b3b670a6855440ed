import HomeCrewCore
import HomeCrewStore

/// The reports' rows, built once for the command line's table and CSV and the report pages' CSV
/// downloads: a spreadsheet gets the same columns from either. A caller with a limit
/// (`maxBytes`, the web) is refused once the table would pass it, before the rest is built;
/// a long report asks the request's budget as it goes.
public enum ReportTables {
    /// Appends `row`, refusing when the table passes `maxBytes`.
    static func append(_ row: [String], to table: inout RecordTable, meter: inout WorkMeter, maxBytes: Int?) throws(WorkBudgetError) {
        try meter.tick()
        table.append(row)
        if let maxBytes, table.approximateBytes > maxBytes { throw .tooLarge(limit: maxBytes) }
    }

    /// `report tenure`: longest service first.
    public static func tenure(_ lines: [TenureLine], households: [RecordID: String], asOf day: CalendarDate, maxBytes: Int? = nil) throws(WorkBudgetError) -> RecordTable {
        var table = RecordTable(headers: ["STAFF", "HOUSEHOLD", "START", "STATUS", "TENURE", "YEARS", "NEXT ANNIVERSARY", "IN DAYS"],
                                rightAligned: ["YEARS", "IN DAYS"])
        var meter = WorkMeter()
        for line in lines {
            try append([line.member.displayName, households[line.member.id] ?? "", line.member.startDate.description,
                          line.member.status(asOf: day).rawValue, line.summary, String(line.completedYears),
                          line.nextAnniversary?.description ?? "", line.daysUntilAnniversary.map(String.init) ?? ""], to: &table, meter: &meter, maxBytes: maxBytes)
        }
        return table
    }

    /// `leave balance`: a line per person for the year.
    public static func leaveBalances(_ lines: [LeaveBalanceLine], maxBytes: Int? = nil) throws(WorkBudgetError) -> RecordTable {
        var table = RecordTable(headers: ["STAFF", "HOUSEHOLD", "YEAR", "ALLOCATION", "CARRIED", "ANNUAL", "SICK", "UNPAID", "OTHER", "BALANCE"],
                                rightAligned: ["YEAR", "ALLOCATION", "CARRIED", "ANNUAL", "SICK", "UNPAID", "OTHER", "BALANCE"])
        var meter = WorkMeter()
        for line in lines {
            let balance = line.balance
            let taken = [LeaveType.annual, .sick, .unpaid, .other].map { (balance.taken[$0] ?? LeaveDays(halfDays: 0)).description }
            try append([line.member.displayName, line.household.name, String(balance.year), balance.allocation.description,
                          balance.carriedOver.description] + taken
                         + [balance.balance.description + (balance.isOvershoot ? " (overshoot)" : "")], to: &table, meter: &meter, maxBytes: maxBytes)
        }
        return table
    }

    /// `report payroll --format csv`: a line per person, month and currency, amounts without symbols.
    public static func payroll(_ report: PayrollReport, maxBytes: Int? = nil) throws(WorkBudgetError) -> RecordTable {
        var table = RecordTable(headers: ["month", "household", "staff_id", "legal_name", "currency", "days_in_month",
                                          "days_employed", "monthly_salaries", "unpaid_days", "unpaid_deduction",
                                          "adjustments", "advance_deductions", "net", "paid", "outstanding"])
        var meter = WorkMeter()
        for entry in report.entries {
            let line = entry.line
            try append([line.month.description, entry.household.name, entry.member.id.rawValue, entry.member.legalName,
                          line.currency.code, String(line.daysInMonth), String(line.daysEmployed),
                          line.segments.map(\.monthlySalary.plainAmount).joined(separator: ";"), line.unpaidDays.description,
                          line.unpaidDeduction.rounded().plainAmount, line.adjustmentTotal.rounded().plainAmount,
                          line.deductionTotal.plainAmount, line.net.plainAmount, entry.paidTotal.plainAmount, entry.outstanding.plainAmount],
                       to: &table, meter: &meter, maxBytes: maxBytes)
        }
        return table
    }
}
