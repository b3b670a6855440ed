import HomeCrewCore
import HomeCrewStore

/// The reports' rows, built once for the command line's table and CSV and the report pages' CSV
/// downloads: a spreadsheet gets the same columns from either.
public enum ReportTables {
    /// `report tenure`: longest service first.
    public static func tenure(_ lines: [TenureLine], households: [RecordID: String], asOf day: CalendarDate) -> RecordTable {
        var table = RecordTable(headers: ["STAFF", "HOUSEHOLD", "START", "STATUS", "TENURE", "YEARS", "NEXT ANNIVERSARY", "IN DAYS"],
                                rightAligned: ["YEARS", "IN DAYS"])
        for line in lines {
            table.append([line.member.displayName, households[line.member.id] ?? "", line.member.startDate.description,
                          line.member.status(asOf: day).rawValue, line.summary, String(line.completedYears),
                          line.nextAnniversary?.description ?? "", line.daysUntilAnniversary.map(String.init) ?? ""])
        }
        return table
    }

    /// `leave balance`: a line per person for the year.
    public static func leaveBalances(_ lines: [LeaveBalanceLine]) -> RecordTable {
        var table = RecordTable(headers: ["STAFF", "HOUSEHOLD", "YEAR", "ALLOCATION", "CARRIED", "ANNUAL", "SICK", "UNPAID", "OTHER", "BALANCE"],
                                rightAligned: ["YEAR", "ALLOCATION", "CARRIED", "ANNUAL", "SICK", "UNPAID", "OTHER", "BALANCE"])
        for line in lines {
            let balance = line.balance
            let taken = [LeaveType.annual, .sick, .unpaid, .other].map { (balance.taken[$0] ?? LeaveDays(halfDays: 0)).description }
            table.append([line.member.displayName, line.household.name, String(balance.year), balance.allocation.description,
                          balance.carriedOver.description] + taken
                         + [balance.balance.description + (balance.isOvershoot ? " (overshoot)" : "")])
        }
        return table
    }

    /// `report payroll --format csv`: a line per person, month and currency, amounts without symbols.
    public static func payroll(_ report: PayrollReport) -> RecordTable {
        var table = RecordTable(headers: ["month", "household", "staff_id", "legal_name", "currency", "days_in_month",
                                          "days_employed", "monthly_salaries", "unpaid_days", "unpaid_deduction",
                                          "adjustments", "advance_deductions", "net", "paid", "outstanding"])
        for entry in report.entries {
            let line = entry.line
            table.append([line.month.description, entry.household.name, entry.member.id.rawValue, entry.member.legalName,
                          line.currency.code, String(line.daysInMonth), String(line.daysEmployed),
                          line.segments.map(\.monthlySalary.plainAmount).joined(separator: ";"), line.unpaidDays.description,
                          line.unpaidDeduction.rounded().plainAmount, line.adjustmentTotal.rounded().plainAmount,
                          line.deductionTotal.plainAmount, line.net.plainAmount, entry.paidTotal.plainAmount, entry.outstanding.plainAmount])
        }
        return table
    }
}
