import GRDB
import HomeCrewCore

/// One page of a list that a member's data can make long: the rows shown, and how many there
/// are in all (one COUNT query). A page never reads the rest of the list.
public struct Paged<Element: Sendable>: Sendable {
    public let rows: [Element]
    public let total: Int
    /// 1-based, within 1...pages.
    public let page: Int
    public let size: Int

    public var pages: Int { max(1, (total + size - 1) / size) }
    /// The position of the first row shown, 1-based.
    public var first: Int { (page - 1) * size + 1 }

    public func map<T: Sendable>(_ transform: (Element) throws -> T) rethrows -> Paged<T> {
        Paged<T>(rows: try rows.map(transform), total: total, page: page, size: size)
    }

    public init(rows: [Element], total: Int, page: Int, size: Int) {
        (self.rows, self.total, self.page, self.size) = (rows, total, page, size)
    }
}

/// Which page of a list is asked for: a page past the end shows the last one.
public struct PageRequest: Sendable {
    public let page: Int
    public let size: Int

    public init(page: Int, size: Int) {
        self.page = max(1, page)
        self.size = max(1, size)
    }
}

extension AppDatabase {
    /// Counts `request`, then fetches the rows of the asked page (the last one when it asks past the end).
    static func paged<Record: FetchableRecord>(_ request: QueryInterfaceRequest<Record>, _ asked: PageRequest,
                                               _ db: Database) throws -> Paged<Record> {
        let total = try request.fetchCount(db)
        let page = min(asked.page, max(1, (total + asked.size - 1) / asked.size))
        let rows = try request.limit(asked.size, offset: (page - 1) * asked.size).fetchAll(db)
        return Paged(rows: rows, total: total, page: page, size: asked.size)
    }

    /// One page of a household's staff with the given statuses on `asOf`, by name; the status
    /// is decided in SQL, as `StaffMember.status(asOf:)` decides it, so that only the page is read.
    public func staffPage(householdID: RecordID, statuses: Set<EmploymentStatus>, asOf: CalendarDate,
                          _ asked: PageRequest) throws -> Paged<StaffDetails> {
        try read { db in
            let request = StaffMember.all().inHousehold(householdID).filter(Self.status(in: statuses, asOf: asOf)).orderedByName()
            let members = try Self.paged(request, asked, db)
            let household = try Household.fetchOne(db, key: householdID.rawValue)!
            let ids = members.rows.map(\.id)
            var salaries = Dictionary(grouping: try SalaryEntry.filter(ids.contains(SalaryEntry.Columns.staffID)).fetchAll(db), by: \.staffID)
            return members.map { member in
                StaffDetails(member: member, household: household, salaryHistory: SalaryHistory(salaries.removeValue(forKey: member.id) ?? []))
            }
        }
    }

    static func status(in statuses: Set<EmploymentStatus>, asOf: CalendarDate) -> SQLExpression {
        typealias Columns = StaffMember.Columns
        let day = asOf.description
        let conditions = statuses.map { status -> SQLExpression in
            switch status {
            case .upcoming: Columns.startDate > day
            case .left: Columns.startDate <= day && Columns.leavingDate != nil && Columns.leavingDate < day
            case .active: Columns.startDate <= day && (Columns.leavingDate == nil || Columns.leavingDate >= day)
            }
        }
        return conditions.joined(operator: .or)
    }

    /// One page of a person's salary changes, the latest first.
    public func salaryPage(staff id: RecordID, _ asked: PageRequest) throws -> Paged<SalaryEntry> {
        try read { db in
            try Self.paged(SalaryEntry.all().forStaff(id).order(SalaryEntry.Columns.effectiveFrom.desc), asked, db)
        }
    }

    /// One page of a person's leave, the latest first.
    public func leavePage(staff id: RecordID, _ asked: PageRequest) throws -> Paged<LeaveEntry> {
        try read { db in
            try Self.paged(LeaveEntry.filter(LeaveEntry.Columns.staffID == id)
                .order(LeaveEntry.Columns.firstDay.desc, LeaveEntry.Columns.id), asked, db)
        }
    }

    /// One page of a person's pay adjustments, the latest month first.
    public func adjustmentPage(staff id: RecordID, _ asked: PageRequest) throws -> Paged<PayAdjustment> {
        try read { db in
            try Self.paged(PayAdjustment.filter(PayAdjustment.Columns.staffID == id)
                .order(PayAdjustment.Columns.month.desc, PayAdjustment.Columns.id), asked, db)
        }
    }

    /// One page of a person's payments (reversals too), the latest first, with their proof and reversals.
    public func paymentPage(staff id: RecordID, _ asked: PageRequest) throws -> Paged<PaymentEntry> {
        try read { db in
            let request = Payment.filter(Payment.Columns.staffID == id)
                .order(Payment.Columns.paidOn.desc, Payment.Columns.createdAt.desc, Payment.Columns.id.desc)
            let found = try Self.paged(request, asked, db)
            let payments = try Payment.withMonths(found.rows, db)
            let ids = payments.map(\.id)
            let reversals = Dictionary(try Payment.filter(ids.contains(Payment.Columns.reverses)).fetchAll(db)
                .compactMap { payment in payment.reverses.map { ($0, payment.id) } }) { first, _ in first }
            let proof = try Self.proof(of: ids, db)
            let member = try StaffMember.fetchOne(db, key: id.rawValue)!
            let household = try Household.fetchOne(db, key: member.householdID.rawValue)!
            return Paged(rows: payments.map { payment in
                PaymentEntry(payment: payment, member: member, household: household, proof: proof[payment.id] ?? [],
                             reversedBy: reversals[payment.id])
            }, total: found.total, page: found.page, size: found.size)
        }
    }

    /// What is owed to one page of a household's staff (by name), and how many staff there are in all.
    public func owedPage(_ period: Period, householdID: RecordID, _ asked: PageRequest) throws -> (report: OwedReport, staff: Paged<StaffMember>) {
        try read { db in
            let members = try Self.paged(StaffMember.all().inHousehold(householdID).orderedByName(), asked, db)
            let household = try Household.fetchOne(db, key: householdID.rawValue)!
            let report = try Self.payrollReport(period, people: members.rows.map { ($0, household) }, alsoAdvanceHolders: true, db)
            return (OwedReport(payroll: report), members)
        }
    }

    /// One page of what happened to a record, the latest first.
    public func historyPage(_ scope: HistoryScope, _ asked: PageRequest) throws -> Paged<AuditEntry> {
        try read { db in
            let (condition, arguments) = scope.filter
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_entry WHERE \(condition)", arguments: StatementArguments(arguments)) ?? 0
            let page = min(asked.page, max(1, (total + asked.size - 1) / asked.size))
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM audit_entry WHERE \(condition) ORDER BY seq DESC LIMIT ? OFFSET ?",
                                        arguments: StatementArguments(arguments + [asked.size, (page - 1) * asked.size])).map(Self.auditEntry)
            return Paged(rows: rows, total: total, page: page, size: asked.size)
        }
    }

    /// The Members section of a household's page: its owner, one page of its other members
    /// (managers first, by name), one page of its pending invitations, and whether `account` is
    /// offered its ownership. A household with thousands of invitations costs what one with two does.
    public func sharingPage(of householdID: RecordID, members askedMembers: PageRequest, invitations askedInvitations: PageRequest,
                            offeredTo account: RecordID?) throws -> SharingPage {
        try read { db in
            let household = try Self.household(id: householdID, db)
            let owner = try Row.fetchOne(db, sql: "\(Self.memberSelect) WHERE m.household_id = ? AND m.role = 'owner'", arguments: [householdID])
            let memberCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM household_member WHERE household_id = ? AND role <> 'owner'",
                                               arguments: [householdID]) ?? 0
            let memberPage = min(askedMembers.page, max(1, (memberCount + askedMembers.size - 1) / askedMembers.size))
            let members = try Row.fetchAll(db, sql: """
                \(Self.memberSelect) WHERE m.household_id = ? AND m.role <> 'owner' ORDER BY m.role = 'manager' DESC, a.name_key, m.account_id LIMIT ? OFFSET ?
                """, arguments: [householdID, askedMembers.size, (memberPage - 1) * askedMembers.size]).map(Self.member)
            let pending = "i.household_id = ? AND \(Self.isPending("i"))"
            let invitationCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM invitation i WHERE \(pending)", arguments: [householdID]) ?? 0
            let invitationPage = min(askedInvitations.page, max(1, (invitationCount + askedInvitations.size - 1) / askedInvitations.size))
            let invitations = try Self.invitations(pending, [householdID],
                                                   page: (askedInvitations.size, (invitationPage - 1) * askedInvitations.size), db)
            let offered = try account.map { account in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM invitation i WHERE \(pending) AND i.role = 'owner' AND i.for_account_id = ?)",
                                  arguments: [householdID, account]) ?? false
            } ?? false
            return SharingPage(household: household, ownerAccount: owner.map(Self.member)?.accountName,
                               members: Paged(rows: members, total: memberCount, page: memberPage, size: askedMembers.size),
                               invitations: Paged(rows: invitations, total: invitationCount, page: invitationPage, size: askedInvitations.size),
                               isOfferedOwnership: offered)
        }
    }
}

public struct SharingPage: Sendable {
    public let household: Household
    /// The owning account; nil when the vault's own user owns it.
    public let ownerAccount: String?
    public let members: Paged<HouseholdMember>
    public let invitations: Paged<Invitation>
    public let isOfferedOwnership: Bool
}

extension AppDatabase {
    /// The people a form may offer in a list (by name), or nil when there are more than `limit`:
    /// the form then asks for a person's id instead of listing thousands of names.
    public func staffChoices(householdID: RecordID?, within reach: Reach, limit: Int) throws -> [StaffMember]? {
        try read { db in
            var request = StaffMember.all().orderedByName()
            if let householdID { request = request.inHousehold(householdID) }
            if let visible = reach.households() { request = request.filter(visible.map(\.rawValue).contains(StaffMember.Columns.householdID)) }
            guard try request.fetchCount(db) <= limit else { return nil }
            return try request.fetchAll(db)
        }
    }
}
