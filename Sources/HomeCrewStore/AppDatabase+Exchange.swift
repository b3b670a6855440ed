import Foundation
import GRDB
import HomeCrewCore

// MARK: - Export

extension AppDatabase {
    /// Every household (or one), with its staff, salary history, leave, adjustments, closed
    /// months and document metadata.
    public func exportData(householdID: RecordID?) throws -> ExportFile {
        try read { db in
            var request = Household.all().orderedByName()
            if let householdID { request = request.filter(Household.Columns.id == householdID) }
            let households = try request.fetchAll(db)
            return ExportFile(exportedAt: Self.timestamp(Date()), households: try households.map { try Self.export($0, db) })
        }
    }

    private static func export(_ household: Household, _ db: Database) throws -> ExportHousehold {
        let staff = try StaffMember.all().inHousehold(household.id).orderedByName().fetchAll(db)
        let ids = staff.map(\.id)
        let salaries = Dictionary(grouping: try SalaryEntry.filter(ids.contains(SalaryEntry.Columns.staffID)).fetchAll(db), by: \.staffID)
        let leave = Dictionary(grouping: try LeaveEntry.all().forStaff(ids).fetchAll(db), by: \.staffID)
        let adjustments = Dictionary(grouping: try PayAdjustment.all().forStaff(ids).fetchAll(db), by: \.staffID)
        let closed = try ClosedMonth.filter(ClosedMonth.Columns.householdID == household.id).order(ClosedMonth.Columns.month).fetchAll(db)
        let documents = try Document.filter(Document.Columns.householdID == household.id).order(Document.Columns.id).fetchAll(db)
        let links = Dictionary(grouping: try DocumentStaffLink.filter(documents.map(\.id).contains(Column("document_id"))).fetchAll(db),
                               by: \.documentId)
        let ledger = try exportLedger(of: ids, db)
        var exported = ExportHousehold(
            id: household.id.rawValue, name: household.name, address: household.address, notes: household.notes,
            leaveCarryOverCap: household.leaveCarryOverCap.description, settlementRules: household.settlementRules,
            closedMonths: closed.map(\.month.description),
            staff: staff.map { member in
                var item = ExportStaff(
                    id: member.id.rawValue, legalName: member.legalName, knownAs: member.knownAs,
                    startDate: member.startDate.description, leavingDate: member.leavingDate?.description,
                    annualLeaveDays: member.annualLeave.description, duties: member.duties,
                    contractGratuityDays: member.contractGratuityDays, salaryHistory: SalaryHistory(salaries[member.id] ?? []).entries.map {
                        .init(effectiveFrom: $0.effectiveFrom.description, amount: $0.salary.plainAmount, currency: $0.salary.currency.code)
                    },
                    leave: (leave[member.id] ?? []).map {
                        .init(id: $0.id.rawValue, from: $0.range.start.description, to: $0.range.end.description,
                              halfDay: $0.isHalfDay, type: $0.type.rawValue, note: $0.note)
                    },
                    adjustments: (adjustments[member.id] ?? []).map {
                        .init(id: $0.id.rawValue, month: $0.month.description, amount: $0.amount.plainAmount,
                              currency: $0.amount.currency.code, reason: $0.reason)
                    },
                    advances: ledger.advances[member.id] ?? [], payments: ledger.payments[member.id] ?? [])
                item.language = member.language?.tag
                if member.contractGratuityDays != nil {
                    (item.contractGratuityMonthDays, item.contractGratuityMinimumYears) = (member.contractGratuityMonthDays, member.contractGratuityMinimumYears)
                }
                return item
            },
            documents: documents.map { document in
                ExportDocument(id: document.id.rawValue, title: document.title, kind: document.kind.rawValue,
                               originalName: document.originalName, number: document.number, issuedOn: document.issuedOn?.description,
                               expiresOn: document.expiresOn?.description, addedAt: timestamp(document.addedAt),
                               sha256: document.objectHash, staffIds: (links[document.id] ?? []).map(\.staffId.rawValue).sorted())
            },
            history: try Row.fetchAll(db, sql: "SELECT * FROM audit_entry WHERE household_id = ? ORDER BY seq", arguments: [household.id])
                .map { ExportHistoryEntry(auditEntry($0)) },
            ledgerOpenings: try LedgerOpening.filter(LedgerOpening.Columns.householdID == household.id)
                .order(LedgerOpening.Columns.createdAt, LedgerOpening.Columns.id).fetchAll(db).map { opening in
                    ExportOpening(id: opening.id.rawValue, staffId: opening.staffID?.rawValue, settledThrough: opening.settledThrough.description,
                                  recordedOn: opening.recordedOn.description, note: opening.note, reverses: opening.reverses?.rawValue)
                })
        exported.language = household.language?.tag
        return exported
    }

    /// Each person's advances (with their closed months' instalments) and payments (with their
    /// months and proof), in the order recorded.
    private static func exportLedger(of staff: [RecordID], _ db: Database)
        throws -> (advances: [RecordID: [ExportAdvance]], payments: [RecordID: [ExportPayment]]) {
        let advances = try Advance.all().forStaff(staff).fetchAll(db)
        let frozen = Dictionary(grouping: try FrozenDeduction.filter(advances.map(\.id).contains(Column("advance_id"))).order(Column("month")).fetchAll(db),
                                by: \.advanceId)
        let payments = try Payment.withMonths(Payment.filter(staff.contains(Payment.Columns.staffID))
            .order(Column("rowid")).fetchAll(db), db)
        let proof = Dictionary(grouping: try PaymentProof.filter(payments.map(\.id).contains(Column("payment_id"))).fetchAll(db), by: \.paymentId)
        return (
            Dictionary(grouping: advances, by: \.staffID).mapValues { list in
                list.map { advance in
                    var perMonth: String?, count: Int?
                    switch advance.repayment {
                    case .perMonth(let money, _): perMonth = money.plainAmount
                    case .instalments(let number, _): count = number
                    }
                    return ExportAdvance(id: advance.id.rawValue, kind: advance.kind.rawValue, givenOn: advance.givenOn.description,
                                         amount: advance.amount.plainAmount, currency: advance.amount.currency.code, repayPerMonth: perMonth,
                                         instalments: count, firstMonth: advance.repayment.firstMonth.description, note: advance.note,
                                         closedMonthInstalments: (frozen[advance.id] ?? []).map { ExportAmount(month: $0.month, amount: $0.amount) })
                }
            },
            Dictionary(grouping: payments, by: \.staffID).mapValues { list in
                list.map { payment in
                    ExportPayment(id: payment.id.rawValue, paidOn: payment.paidOn.description, amount: payment.amount.plainAmount,
                                  currency: payment.amount.currency.code, method: payment.method.rawValue, reference: payment.reference,
                                  note: payment.note, purpose: payment.purpose.rawValue, advanceId: payment.advanceID?.rawValue,
                                  months: payment.months.map { ExportAmount(month: $0.month.description, amount: $0.amount.plainAmount) },
                                  reverses: payment.reverses?.rawValue, proofDocumentIds: (proof[payment.id] ?? []).map(\.documentId.rawValue).sorted())
                }
            })
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

// MARK: - Import

extension AppDatabase {
    /// Merges an export by id in one transaction: everything or nothing. With `dryRun` the
    /// transaction is rolled back, so the summary says what would happen.
    /// `today`: what a ledger opening of the file may not be after (as `pay opening` checks it).
    public func importData(_ file: ExportFile, dryRun: Bool, today: CalendarDate) throws -> ImportSummary {
        guard ExportFile.readableVersions.contains(file.homecrewExport) else { throw ImportError.unsupportedVersion(file.homecrewExport) }
        let actor = AuditActor.current
        return try Self.perform {
            try writer.writeWithoutTransaction { db in
                var summary = ImportSummary()
                try db.inTransaction(.immediate) {
                    try Self.recordingActor(actor, db) {
                        var merger = ImportMerger(db: db, summary: summary, today: today, version: file.homecrewExport)
                        for (index, household) in file.households.enumerated() {
                            try merger.merge(household, path: "households[\(index)]")
                        }
                        try db.execute(sql: """
                            UPDATE vault SET primary_household_id = (SELECT id FROM household ORDER BY created_at, id LIMIT 1)
                            WHERE primary_household_id IS NULL
                            """)
                        summary = merger.summary
                    }
                    return dryRun ? .rollback : .commit
                }
                return summary
            }
        }
    }
}

/// One import's merging, record by record; every value is parsed and validated by the domain.
struct ImportMerger {
    let db: Database
    var summary: ImportSummary
    let today: CalendarDate
    /// The file's export format: a value it cannot hold (a document's number before 5) is kept as the vault has it.
    let version: Int

    /// Inserts a record that is new, updates one that differs, counts one that is the same;
    /// true when it wrote.
    @discardableResult
    mutating func upsert<Record: PersistableRecord & FetchableRecord & Equatable>(
        _ record: Record, existing: Record?, kind: String
    ) throws -> Bool {
        if let existing {
            if existing == record { summary.unchanged += 1; return false }
            try record.update(db)
            summary.changed[kind, default: 0] += 1
        } else {
            try record.insert(db)
            summary.added[kind, default: 0] += 1
        }
        return true
    }

    /// An import follows the closed-month rule like any other change. Only months closed in
    /// this vault count: the file's own closed months are merged after its staff, as history.
    func guardClosedMonths(_ affected: DateRange?, householdID: RecordID, change: String, path: String) throws {
        guard let affected, let household = try Household.fetchOne(db, key: householdID.rawValue) else { return }
        do {
            try AppDatabase.guardClosedMonths(affected, household: household, change: change, db)
        } catch let violation as ClosedMonthViolation {
            throw ImportError.invalid(path: path, reason: violation.description)
        }
    }

    func value<T>(_ path: String, _ parse: () throws -> T) throws -> T {
        do { return try parse() } catch { throw ImportError.invalid(path: path, reason: ErrorText.sentence(for: error)) }
    }

    mutating func merge(_ item: ExportHousehold, path: String) throws {
        let id = RecordID(rawValue: item.id)
        let existing = try Household.fetchOne(db, key: item.id)
        var household = try value(path) {
            try Household(id: id, name: item.name, address: item.address, notes: item.notes,
                          leaveCarryOverCap: LeaveDays(parsing: item.leaveCarryOverCap),
                          // A file from before format 3 says nothing of the rules: what the vault has stays.
                          settlementRules: item.settlementRules ?? existing?.settlementRules,
                          // From format 8 the file says the language (absent: English); before it, what the vault has stays.
                          language: version >= 8 ? item.language.map(StaffLanguage.init(parsing:)) : existing?.language,
                          createdAt: existing?.createdAt ?? Date()).validated()
        }
        if let clash = try Household.all().named(household.name).fetchOne(db), clash.id != id {
            throw ImportError.invalid(path: path, reason: "a different household named '\(household.name)' is already in this vault")
        }
        household.createdAt = existing?.createdAt ?? household.createdAt
        try upsert(household, existing: existing, kind: "households")
        for (index, member) in item.staff.enumerated() { try merge(member, householdID: id, path: "\(path).staff[\(index)]") }
        for month in item.closedMonths {
            let parsed = try value("\(path).closed_months") { try YearMonth(parsing: month) }
            if try ClosedMonth.fetchOne(db, key: ["household_id": item.id, "month": parsed.description]) == nil {
                try ClosedMonth(householdID: id, month: parsed).insert(db)
                summary.added["closed months", default: 0] += 1
            }
        }
        for (index, document) in item.documents.enumerated() { try merge(document, householdID: id, path: "\(path).documents[\(index)]") }
        // The ledger last: its proof points at documents, its closed months' instalments at closed months.
        for (index, member) in item.staff.enumerated() { try mergeLedger(member, path: "\(path).staff[\(index)]") }
        for (index, opening) in (item.ledgerOpenings ?? []).enumerated() {
            let place = "\(path).ledger_openings[\(index)]"
            let entry = try value(place) {
                try LedgerOpening(id: RecordID(rawValue: opening.id), householdID: id, staffID: opening.staffId.map(RecordID.init(rawValue:)),
                                  settledThrough: YearMonth(parsing: opening.settledThrough), recordedOn: CalendarDate(parsing: opening.recordedOn),
                                  note: opening.note, reverses: opening.reverses.map(RecordID.init(rawValue:)))
            }
            // As the command checks it: not in the future, not before the people it covers started.
            if !entry.isReversal {
                let people = try entry.staffID.map { try StaffMember.fetchOne(db, key: $0.rawValue).map { [$0] } ?? [] }
                    ?? StaffMember.all().inHousehold(id).fetchAll(db)
                _ = try value(place) { try entry.validated(today: today, people: people) }
            }
            try appendOnly(entry, existing: try LedgerOpening.fetchOne(db, key: opening.id), kind: "ledger openings", path: place)
        }
        // Openings imported over payments already here, or payments imported under openings: refused alike.
        try value("\(path).ledger_openings") { try AppDatabase.guardCoveredMonthsUnpaid(householdID: id, db) }
    }

    mutating func merge(_ item: ExportStaff, householdID: RecordID, path: String) throws {
        let existing = try StaffMember.fetchOne(db, key: item.id)
        if let existing, existing.householdID != householdID {
            throw ImportError.invalid(path: path, reason: "staff \(item.id) belongs to another household in this vault")
        }
        let member = try value(path) {
            var member = try StaffMember(
                id: RecordID(rawValue: item.id), householdID: householdID, legalName: item.legalName, knownAs: item.knownAs,
                startDate: CalendarDate(parsing: item.startDate), leavingDate: item.leavingDate.map { try CalendarDate(parsing: $0) },
                annualLeave: LeaveDays(parsing: item.annualLeaveDays), duties: item.duties,
                contractGratuityDays: item.contractGratuityDays ?? existing?.contractGratuityDays, createdAt: existing?.createdAt ?? Date())
            // A file from before format 6 says nothing of them: the vault's own stand.
            member.contractGratuityMonthDays = item.contractGratuityMonthDays ?? existing?.contractGratuityMonthDays ?? 30
            member.contractGratuityMinimumYears = item.contractGratuityMinimumYears ?? existing?.contractGratuityMinimumYears ?? 0
            // From format 7 the file says the language (absent: none); before it, what the vault has stays.
            member.language = try version >= 7 ? item.language.map(StaffLanguage.init(parsing:)) : existing?.language
            return try member.validated()
        }
        if try upsert(member, existing: existing, kind: "staff") {
            let affected = existing.map { ClosedMonthGuard.difference($0.employment, member.employment) } ?? member.employment
            try guardClosedMonths(affected, householdID: householdID, change: "the employment dates of \(member.legalName)", path: path)
        }
        try mergePayroll(item, of: member, path: path)
    }

    /// Salary history, leave and adjustments of one person, each checked against closed months.
    mutating func mergePayroll(_ item: ExportStaff, of member: StaffMember, path: String) throws {
        for (index, salary) in item.salaryHistory.enumerated() {
            let entry = try value("\(path).salary_history[\(index)]") {
                try SalaryEntry(staffID: member.id, effectiveFrom: CalendarDate(parsing: salary.effectiveFrom),
                                salary: Money(parsing: salary.amount, currency: Currency(code: salary.currency))).validated()
            }
            let current = try SalaryEntry.fetchOne(db, key: ["staff_id": member.id.rawValue, "effective_from": entry.effectiveFrom.description])
            if try upsert(entry, existing: current, kind: "salary entries") {
                let next = try SalaryEntry.all().forStaff(member.id).filter(SalaryEntry.Columns.effectiveFrom > entry.effectiveFrom)
                    .order(SalaryEntry.Columns.effectiveFrom).fetchOne(db)?.effectiveFrom
                let days = ClosedMonthGuard.salaryDays(from: entry.effectiveFrom, nextChange: next, employment: member.employment)
                try guardClosedMonths(days, householdID: member.householdID, change: "a salary from \(entry.effectiveFrom)",
                                      path: "\(path).salary_history[\(index)]")
            }
        }
        for (index, leave) in item.leave.enumerated() {
            let others = try LeaveEntry.all().forStaff([member.id]).fetchAll(db)
            let entry = try value("\(path).leave[\(index)]") {
                try LeaveEntry(id: RecordID(rawValue: leave.id), staffID: member.id,
                               range: DateRange(CalendarDate(parsing: leave.from), CalendarDate(parsing: leave.to)),
                               isHalfDay: leave.halfDay, type: LeaveType(rawValue: leave.type) ?? { throw ImportError.unreadable("leave type \(leave.type)") }(),
                               note: leave.note).validated(for: member, existing: others)
            }
            let before = others.first { $0.id == entry.id }
            if try upsert(entry, existing: before, kind: "leave entries") {
                for unpaid in [before, entry].compactMap({ $0 }) where unpaid.type == .unpaid {
                    try guardClosedMonths(unpaid.range, householdID: member.householdID, change: "unpaid leave \(unpaid.range)",
                                          path: "\(path).leave[\(index)]")
                }
            }
        }
        for (index, adjustment) in item.adjustments.enumerated() {
            let entry = try value("\(path).adjustments[\(index)]") {
                try PayAdjustment(id: RecordID(rawValue: adjustment.id), staffID: member.id, month: YearMonth(parsing: adjustment.month),
                                  amount: Money(parsing: adjustment.amount, currency: Currency(code: adjustment.currency)),
                                  reason: adjustment.reason).validated()
            }
            let before = try PayAdjustment.fetchOne(db, key: adjustment.id)
            if try upsert(entry, existing: before, kind: "adjustments") {
                for month in Set([before?.month, entry.month].compactMap { $0 }) {
                    try guardClosedMonths(DateRange(month.first, month.last), householdID: member.householdID,
                                          change: "an adjustment for \(month)", path: "\(path).adjustments[\(index)]")
                }
            }
        }
    }

    /// Advances and payments are only ever added: one already here must be the same entry.
    mutating func mergeLedger(_ item: ExportStaff, path: String) throws {
        guard let member = try StaffMember.fetchOne(db, key: item.id) else { return }
        for (index, advance) in (item.advances ?? []).enumerated() {
            let place = "\(path).advances[\(index)]"
            let entry = try value(place) { try advance.advance(of: member) }
            try appendOnly(entry, existing: try Advance.fetchOne(db, key: advance.id), kind: "advances", path: place)
            for instalment in advance.closedMonthInstalments
            where try FrozenDeduction.fetchOne(db, key: ["advance_id": advance.id, "month": instalment.month]) == nil {
                _ = try value(place) { (try YearMonth(parsing: instalment.month), try Money(parsing: instalment.amount, currency: entry.amount.currency)) }
                try FrozenDeduction(advanceId: entry.id, month: instalment.month, amount: instalment.amount).insert(db)
            }
        }
        for (index, payment) in (item.payments ?? []).enumerated() {
            let place = "\(path).payments[\(index)]"
            let entry = try value(place) { try payment.payment(of: member) }
            let existing = try Payment.fetchOne(db, key: payment.id).map { try Payment.withMonths([$0], db)[0] }
            let database = db
            try appendOnly(entry, existing: existing, kind: "payments", path: place) { try entry.insertWithMonths(database) }
            for documentID in payment.proofDocumentIds
            where try PaymentProof.fetchOne(db, key: ["payment_id": payment.id, "document_id": documentID]) == nil {
                guard try Document.fetchOne(db, key: documentID) != nil else { continue }
                try PaymentProof(paymentId: entry.id, documentId: RecordID(rawValue: documentID), addedAt: Date()).insert(db)
            }
        }
    }

    /// Inserts a ledger entry that is new, counts one that is the same, refuses one that differs.
    mutating func appendOnly<Record: PersistableRecord & Equatable>(_ record: Record, existing: Record?, kind: String, path: String,
                                                                    insert: (() throws -> Void)? = nil) throws {
        guard let existing else {
            try insert?() ?? record.insert(db)
            summary.added[kind, default: 0] += 1
            return
        }
        guard existing == record else {
            throw ImportError.invalid(path: path, reason: "this vault holds a different entry with the same id, and the ledger is never changed")
        }
        summary.unchanged += 1
    }

    mutating func merge(_ item: ExportDocument, householdID: RecordID, path: String) throws {
        guard try StoredObject.fetchOne(db, key: item.sha256) != nil else {
            summary.documentsWithoutFile.append(item.id)
            return
        }
        let existing = try Document.fetchOne(db, key: item.id)
        let document = try value(path) {
            try Document(id: RecordID(rawValue: item.id), householdID: householdID, objectHash: item.sha256,
                         kind: DocumentKind(rawValue: item.kind) ?? { throw ImportError.unreadable("document kind \(item.kind)") }(),
                         title: item.title, originalName: item.originalName, number: version >= 5 ? item.number : existing?.number,
                         issuedOn: item.issuedOn.map { try CalendarDate(parsing: $0) },
                         expiresOn: item.expiresOn.map { try CalendarDate(parsing: $0) },
                         addedAt: existing?.addedAt ?? ISO8601DateFormatter.withFractions.date(from: item.addedAt) ?? Date()).validated()
        }
        try upsert(document, existing: existing, kind: "documents")
        for staffID in item.staffIds
        where try DocumentStaffLink.fetchOne(db, key: ["document_id": item.id, "staff_id": staffID]) == nil {
            try DocumentStaffLink(documentId: document.id, staffId: RecordID(rawValue: staffID)).insert(db)
            summary.added["document links", default: 0] += 1
        }
    }
}

extension ISO8601DateFormatter {
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}

// MARK: - Staff from a spreadsheet

public struct StaffImportResult: Sendable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
}

extension AppDatabase {
    /// Adds or updates staff from checked CSV rows in one transaction. A row names its
    /// household (or `defaultHousehold` is used); a row with the id of someone already in the
    /// vault updates that person's fields (not their salary history). Any problem: nothing.
    public func importStaff(_ rows: [StaffCSVRow], defaultHousehold: RecordID?, dryRun: Bool) throws -> StaffImportResult {
        let actor = AuditActor.current
        return try Self.perform {
            try writer.writeWithoutTransaction { db in
                var result = StaffImportResult()
                try db.inTransaction(.immediate) {
                    try Self.recordingActor(actor, db) {
                        var problems: [StaffCSVRow.RowError] = []
                        for row in rows {
                            do {
                                try Self.importStaffRow(row, defaultHousehold: defaultHousehold, &result, db)
                            } catch let error as StaffCSVRow.RowError {
                                problems.append(error)
                            }
                        }
                        if !problems.isEmpty { throw StaffImportFailure(problems: problems) }
                    }
                    return dryRun ? .rollback : .commit
                }
                return result
            }
        }
    }

    private static func importStaffRow(_ row: StaffCSVRow, defaultHousehold: RecordID?, _ result: inout StaffImportResult,
                                       _ db: Database) throws {
        let householdID: RecordID
        if let defaultHousehold {
            householdID = defaultHousehold
        } else if let name = row.household {
            do {
                householdID = try Self.household(named: name, db).id
            } catch let error as StoreError {
                throw StaffCSVRow.RowError(line: row.line, reason: error.description)
            }
        } else {
            throw StaffCSVRow.RowError(line: row.line, reason: "no household: fill the household column or pass --household")
        }
        var member = row.member
        member.householdID = householdID
        if let existing = try StaffMember.fetchOne(db, key: member.id.rawValue) {
            guard existing.householdID == householdID else {
                throw StaffCSVRow.RowError(line: row.line, reason: "\(existing.legalName) (\(existing.id.short)) works for another household")
            }
            member = try row.updating(existing)
            guard member != existing else { result.unchanged += 1; return }
            guard member.startDate == existing.startDate else {
                throw StaffCSVRow.RowError(line: row.line, reason: "the start date differs from \(existing.startDate); change it with staff edit")
            }
            try guardClosedMonths(ClosedMonthGuard.difference(existing.employment, member.employment), row: row, member: member, db)
            try member.update(db)
            result.updated += 1
        } else {
            try guardClosedMonths(member.employment, row: row, member: member, db)
            try member.insert(db)
            try SalaryEntry(staffID: member.id, effectiveFrom: member.startDate, salary: row.salary).insert(db)
            result.added += 1
        }
    }
}

extension AppDatabase {
    /// A spreadsheet row that would change a closed month's payroll is a row error.
    private static func guardClosedMonths(_ affected: DateRange?, row: StaffCSVRow, member: StaffMember, _ db: Database) throws {
        let household = try Household.fetchOne(db, key: member.householdID.rawValue)!
        do {
            try guardClosedMonths(affected, household: household, change: "the employment of \(member.legalName)", db)
        } catch let violation as ClosedMonthViolation {
            throw StaffCSVRow.RowError(line: row.line, reason: violation.description)
        }
    }
}

/// Every row that could not be imported, each with its line number.
public struct StaffImportFailure: Error, Sendable {
    public let problems: [StaffCSVRow.RowError]
}

extension ExportAdvance {
    func advance(of member: StaffMember) throws -> Advance {
        let currency = try Currency(code: currency)
        let first = try YearMonth(parsing: firstMonth)
        let rule: RepaymentRule
        switch (repayPerMonth, instalments) {
        case (let perMonth?, nil): rule = .perMonth(try Money(parsing: perMonth, currency: currency), from: first)
        case (nil, let count?): rule = .instalments(count, from: first)
        default: throw ImportError.unreadable("an advance is repaid either per month or in instalments")
        }
        return try Advance(id: RecordID(rawValue: id), staffID: member.id,
                           kind: Advance.Kind(rawValue: kind) ?? { throw ImportError.unreadable("advance kind \(kind)") }(),
                           givenOn: CalendarDate(parsing: givenOn), amount: Money(parsing: amount, currency: currency),
                           repayment: rule, note: note).validated(for: member)
    }
}

extension ExportPayment {
    func payment(of member: StaffMember) throws -> Payment {
        let currency = try Currency(code: currency)
        return try Payment(id: RecordID(rawValue: id), staffID: member.id, paidOn: CalendarDate(parsing: paidOn),
                           amount: Money(parsing: amount, currency: currency),
                           method: PaymentMethod(rawValue: method) ?? { throw ImportError.unreadable("payment method \(method)") }(),
                           reference: reference, note: note,
                           purpose: Payment.Purpose(rawValue: purpose) ?? { throw ImportError.unreadable("payment purpose \(purpose)") }(),
                           advanceID: advanceId.map(RecordID.init(rawValue:)),
                           months: months.map { MonthShare(month: try YearMonth(parsing: $0.month), amount: try Money(parsing: $0.amount, currency: currency)) },
                           reverses: reverses.map(RecordID.init(rawValue:))).validated()
    }
}
