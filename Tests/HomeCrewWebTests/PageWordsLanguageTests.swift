import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HTTPTypes
import XCTest
@testable import HomeCrewWeb

/// The places that spoke only English on every page (#51): the payroll's working, the History
/// sections, the backups' times, the domain's refusals and the calendar feed now speak the page's
/// (or the feed's account's) language, and say on an English page what they said before.
final class PageWordsLanguageTests: XCTestCase {
    func testThePayrollsWorkingSpeaksThePageLanguageAndItsEnglishIsTheCommandLines() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            let arabic = try await client.get("/reports/payroll?period=2026-11", headers: [.acceptLanguage: "ar"])
            XCTAssertTrue(arabic.text.contains("يومًا؛ يُدفع الأجر عن"), "the month's line in Arabic")
            XCTAssertTrue(arabic.text.contains("الصافي: "), "the net's line in Arabic")
            XCTAssertFalse(arabic.text.contains("has 30 days; paid for") || arabic.text.contains("(the exact sum"), "no English working")
            let japanese = try await client.get("/reports/payroll?period=2026-11", headers: [.acceptLanguage: "ja"])
            XCTAssertTrue(japanese.text.contains("日あり、そのうち30日分を支払います。"), "the month's line in Japanese")
            XCTAssertTrue(japanese.text.contains("30日 × "), "a salary's days in Japanese")
            // After Arabic words a date's digits would be taken for Arabic ones and shown reversed (11-2026).
            XCTAssertTrue(arabic.raw.contains("\u{200E}2026-11"), "the period in the heading marked left to right")
            XCTAssertFalse(japanese.raw.contains("\u{200E}"), "a left-to-right page needs no mark")
            // The mark comes along when a date or an example is copied from the page and pasted back.
            let pasted = try await client.get("/reports/payroll?period=%E2%80%8E2026-11", headers: [.acceptLanguage: "ar"])
            XCTAssertEqual(pasted.status, .ok, "a period pasted with its left-to-right mark is read")
            XCTAssertTrue(pasted.text.contains("يومًا؛ يُدفع الأجر عن"), "and shows its payroll")
            let english = try await client.get("/reports/payroll?period=2026-11")
            XCTAssertTrue(english.text.contains("<li>November 2026 has 30 days; paid for 30 of them.</li>"), "the command line's English")
        }
    }

    /// Each step of a payroll line's working the web words says, on an English page, exactly
    /// what `report payroll --explain` prints (the page's literals and the domain's templates agree).
    func testEveryPayrollStepsEnglishOnThePageIsTheDomains() {
        let kinds: [WorkedStep.Kind] = [.payrollMonth, .payrollSegment, .payrollUnpaid, .payrollUnpaidHalves, .payrollAdjustment,
                                        .payrollNetRounded, .payrollEarnedRounded, .payrollAdvanceInstalment, .payrollLoanInstalment, .payrollNet]
        for kind in kinds {
            let names = PageWordsLanguageTests.placeholders(kind.template.one).subtracting(["count"])
            let values = Dictionary(uniqueKeysWithValues: names.map { ($0, WorkedStep.Value.text("<\($0)>")) })
            for count in kind.template.other == nil ? [nil] : [1, 3] as [Int?] {
                let step = WorkedStep(kind, values, count: count)
                XCTAssertEqual(ReportWords.payrollStep(step), step.description, "\(kind)")
                let arabic = WebText.$current.withValue(WebText(language: "ar")) { ReportWords.payrollStep(step) }
                XCTAssertNotEqual(arabic, step.description, "\(kind) in Arabic")
            }
        }
    }

    func testTheHistorySpeaksThePageLanguage() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let maria = try XCTUnwrap(harness.maria).id.rawValue
        var changes = StaffChanges()
        changes.knownAs = "Mari"
        _ = try harness.app.database.editStaff(maria, changes)
        try await harness.test { client in
            let arabic = try await client.get("/staff/\(maria)", headers: [.acceptLanguage: "ar"])
            XCTAssertTrue(arabic.text.contains("إضافة عامل"), "added staff member, in Arabic")
            XCTAssertTrue(arabic.text.contains("تعديل عامل"), "changed staff member, in Arabic")
            XCTAssertTrue(arabic.text.contains("<li>يُعرف باسم: "), "the changed field's name in Arabic")
            XCTAssertFalse(arabic.text.contains("added staff member") || arabic.text.contains("changed staff member") || arabic.text.contains("<li>known_as:"))
            let hindi = try await client.get("/households/\(harness.household.id.rawValue)", headers: [.acceptLanguage: "hi"])
            XCTAssertTrue(hindi.text.contains("जोड़ा गया: घर"), "added household, in Hindi")
            XCTAssertFalse(hindi.text.contains("added household"))
            let document = try await client.get("/documents/\(harness.document.document.id.rawValue)", headers: [.acceptLanguage: "ja"])
            XCTAssertTrue(document.text.contains("書類を追加"), "added document, in Japanese")
            XCTAssertFalse(document.text.contains("added document"))
            let english = try await client.get("/staff/\(maria)")
            XCTAssertTrue(english.text.contains("added staff member<") && english.text.contains("<li>known_as: "), "the English page as before")
        }
    }

    /// In English, the page's summary of every audited table's change is the domain's (the CLI's `history`).
    func testTheHistorysEnglishIsTheDomains() {
        let tables = ["household", "staff", "salary_entry", "leave", "pay_adjustment", "closed_month", "document", "document_staff", "vault",
                      "advance", "payment", "payment_month", "payment_proof", "advance_deduction", "ledger_opening", "household_member",
                      "invitation", "setting", "account", "some_future_table"]
        for table in tables {
            for action in AuditEntry.Action.allCases {
                let entry = AuditEntry(sequence: 1, at: "2026-11-22T10:00:00.000Z", actor: "cli:test", householdID: nil, recordType: table,
                                       recordID: "1", action: action, before: nil, after: nil)
                XCTAssertEqual(HistoryWords.summary(entry), entry.summary, "\(table) \(action)")
                if table != "some_future_table" {
                    let arabic = WebText.$current.withValue(WebText(language: "ar")) { HistoryWords.summary(entry) }
                    XCTAssertNotEqual(arabic, entry.summary, "\(table) \(action) in Arabic")
                }
            }
        }
    }

    func testTheBackupsTimesSpeakThePageLanguage() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        // Noon on 5 November 2026, in the server's time zone: "Nov" in English, the month's own name elsewhere.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let finished = try XCTUnwrap(calendar.date(from: DateComponents(year: 2026, month: 11, day: 5, hour: 12)))
        try harness.app.database.recordBackupRun(BackupRun(kind: .backup, repository: "/srv/backup", startedAt: finished.addingTimeInterval(-60),
                                                           finishedAt: finished, succeeded: true, snapshotID: "4f2a9c1e", message: nil))
        try harness.app.database.recordBackupRun(BackupRun(kind: .drill, repository: "/srv/backup", startedAt: finished,
                                                           finishedAt: finished.addingTimeInterval(60), succeeded: false, snapshotID: nil,
                                                           message: "a pack differs"))
        let household = "/households/\(harness.household.id.rawValue)"
        try await harness.test { client in
            let english = try await client.get(household)
            XCTAssertTrue(english.text.contains("Last backup: 5 Nov 2026 12:00, passed"), english.text)
            let arabic = try await client.get(household, headers: [.acceptLanguage: "ar"])
            XCTAssertTrue(arabic.text.contains("نوفمبر"), "the month's name in Arabic")
            XCTAssertFalse(arabic.text.contains("Nov 2026"))
            let chinese = try await client.get(household, headers: [.acceptLanguage: "zh-TW"])
            XCTAssertTrue(chinese.text.contains("2026年11月5日"), "the date as Traditional Chinese writes it")
            XCTAssertFalse(chinese.text.contains("Nov 2026"))
            let due = try await client.get("/reports/due", headers: [.acceptLanguage: "ar"])
            XCTAssertTrue(due.text.contains("نوفمبر"), "the failed drill's time on the due list in Arabic")
            XCTAssertFalse(due.text.contains("Nov 2026"))
            let dueInEnglish = try await client.get("/reports/due")
            XCTAssertTrue(dueInEnglish.text.contains("5 Nov 2026 12:01"), "the command line's time on an English page")
        }
    }

    func testTheDomainsOtherRefusalsSpeakThePageLanguage() async throws {
        let day = try CalendarDate(parsing: "2026-11-01"), later = try CalendarDate(parsing: "2026-11-30")
        let refusals: [any Error] = [
            ListingError.unknownKind("scroll"), ListingError.unknownOrder("colour"), ListingError.expiryWindow("soon"),
            ListingError.reversed(field: "added", from: later, to: day), ListingError.reversed(field: "issued", from: later, to: day),
            SettlementError.unknownRules("xx", known: ["ae-domestic-2022"]), SettlementError.noRulesChosen("Sea View"),
            SettlementError.noticeAfterLeaving(notice: later, leaving: day), SettlementError.capInOtherCurrency(rules: "UAE", cap: "AED", wage: "INR"),
            SettlementError.currencyMismatch("INR", "AED"), SettlementError.nothingToPay("INR"),
            SettlementError.alreadySettled("Maria", paidOn: day, entry: "abc"), SettlementError.workerOwes(try Money(parsing: "10", currency: Currency(code: "INR"))),
            SettlementError.contractTermsWithoutGratuity, SettlementError.noWageBeforeSplit(split: day, name: "Maria"),
            SettlementError.reasonNotSettled("redundancy", rules: "UAE"),
            StoreError.noSuchHousehold("X"), StoreError.householdExists("X"), StoreError.accountExists("x"), StoreError.householdHasStaff(name: "X", count: 2),
            StoreError.noSuchStaff("x"), StoreError.salaryEntryExists(staff: "Maria", on: day), StoreError.noSuchDocument("x"),
            StoreError.staffInOtherHousehold(staff: "Maria", household: "X"), StoreError.notLinked(document: "d", staff: "Maria"),
            StoreError.staffHasDocuments(name: "Maria", count: 1), StoreError.householdHasDocuments(name: "X", count: 3),
            StoreError.hasPayments(name: "Maria", count: 2), StoreError.isProofOfPayment(document: "d", payment: "p"), StoreError.busy,
            RuleViolation.negativeSalary(try Money(parsing: "1", currency: Currency(code: "INR"))),
            RuleViolation.startAfterSalaryChange(start: later, change: day), RuleViolation.expiresBeforeIssued(issued: later, expires: day),
            RuleViolation.contractGratuityOutOfRange(400), RuleViolation.contractMonthDaysUnknown(28), RuleViolation.contractTermsWithoutGratuity,
            RuleViolation.contractMinimumYearsOutOfRange(60), RuleViolation.nameLooksLikeID(field: "household name", name: "0123456789ab"),
        ]
        for refusal in refusals {
            XCTAssertNil(DomainErrorText.translated(refusal), "an English page keeps the CLI's sentence: \(refusal)")
            for language in ["ar", "hi"] {
                let said = WebText.$current.withValue(WebText(language: language)) { DomainErrorText.translated(refusal) }
                XCTAssertNotNil(said, "\(language): \(refusal)")
                XCTAssertTrue(said?.unicodeScalars.contains { !$0.isASCII && $0.properties.isAlphabetic } == true, "\(language): in its words: \(said ?? "")")
            }
        }
        // And on a page: a document list's filter refused in Arabic.
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            let arabic = try await client.get("/documents?kind=scroll", headers: [.acceptLanguage: "ar"])
            XCTAssertTrue(arabic.text.contains("نوع مستند غير معروف «scroll»"), arabic.text)
            XCTAssertFalse(arabic.text.contains("unknown kind"))
        }
    }

    func testTheCalendarFeedSpeaksItsAccountsLanguage() async throws {
        let harness = try WebHarness()
        try harness.seed()
        let database = harness.app.database
        let account = try AccountKeeper(database: database).add(name: "amira", password: "a long and unusual passphrase 42")
        try database.acceptInvitation(token: database.invite(to: harness.household.id, role: .viewer).token, by: account)
        let arabic = try database.setLanguage(ofAccount: "amira", to: StaffLanguage(parsing: "ar"))
        let token = Secret.make()
        try database.setCalendarFeedToken(token, for: arabic)
        let vaultToken = Secret.make()
        try database.setCalendarFeedToken(vaultToken)
        try await harness.test { client in
            let feed = try await client.get("/calendar/\(token).ics", signedIn: false, headers: [.acceptLanguage: "en"])
            XCTAssertEqual(feed.status, .ok)
            let text = feed.text.replacingOccurrences(of: "\r\n ", with: "")
            XCTAssertTrue(text.contains("DESCRIPTION:الأسرة: Sea View"), text)
            XCTAssertTrue(text.contains("SUMMARY:ذكرى سنوية للعمل: "), text)
            XCTAssertFalse(text.contains("Household:") || text.contains("Work anniversary"), text)
            let keepers = try await client.get("/calendar/\(vaultToken).ics", signedIn: false, headers: [.acceptLanguage: "ar"])
            let english = keepers.text.replacingOccurrences(of: "\r\n ", with: "")
            XCTAssertTrue(english.contains("DESCRIPTION:Household: Sea View") && english.contains("SUMMARY:Work anniversary: "),
                          "the vault's own feed has no account's language: English, as before")
        }
    }

    /// The staff page's recent pay and its contract gratuity spoke the domain's English.
    func testTheStaffPagesPayAndContractGratuitySpeakThePageLanguage() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let maria = try XCTUnwrap(harness.maria).id.rawValue
        var changes = StaffChanges()
        changes.contractGratuityDays = 15
        changes.contractGratuityMinimumYears = 2
        _ = try harness.app.database.editStaff(maria, changes)
        try await harness.test { client in
            let arabic = try await client.get("/staff/\(maria)", headers: [.acceptLanguage: "ar"])
            XCTAssertTrue(arabic.text.contains("<td>غير مدفوع</td>"), "a month's pay unpaid, in Arabic")
            XCTAssertTrue(arabic.text.contains("15 يومًا من آخر أجر شهري (يُحسب الشهر 30 يومًا) عن كل سنة خدمة، وأجزاء السنة بالتناسب، بعد إتمام سنتَي خدمة"),
                          "the contract's gratuity in Arabic")
            XCTAssertFalse(arabic.text.contains("<td>unpaid</td>") || arabic.text.contains("days of the last monthly wage"))
            let hindi = try await client.get("/staff/\(maria)", headers: [.acceptLanguage: "hi"])
            XCTAssertTrue(hindi.text.contains("<td>बकाया</td>") && hindi.text.contains("2 साल की सेवा पूरी होने के बाद"))
            let english = try await client.get("/staff/\(maria)")
            XCTAssertTrue(english.text.contains("<td>unpaid</td>")
                          && english.text.contains("15 days of the last monthly wage (a month counted as 30 days) for each year of service, part years pro rata, once 2 years of service are completed"))
        }
    }

    static func placeholders(_ text: String) -> Set<String> { WebCatalogTests.placeholders(text) }
}
