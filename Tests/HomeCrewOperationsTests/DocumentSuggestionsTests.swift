import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewTestSupport
import XCTest

/// A document's stored text suggests its kind, dates and person, within its own household, and
/// applying them changes the document in one audited transaction without overwriting what a person typed.
final class DocumentSuggestionsTests: XCTestCase {
    /// ICAO 9303 part 4's specimen passport (Anna Maria Eriksson, expires 2012-04-15).
    static let zone = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10"
    static let passportText = "REPUBLIC OF UTOPIA\nPASSPORT\n" + zone

    var database: AppDatabase!
    var sea: Household!
    var hill: Household!
    var suggestions: DocumentSuggestions!

    override func setUpWithError() throws {
        database = try AppDatabase.empty()
        sea = try database.addHousehold(Household(name: "Sea View")).household
        hill = try database.addHousehold(Household(name: "Hill House")).household
        suggestions = DocumentSuggestions(database: database, today: try CalendarDate(parsing: "2026-11-25"))
    }

    @discardableResult
    func hire(_ name: String, in household: Household) throws -> StaffMember {
        try database.addStaff(StaffMember(householdID: household.id, legalName: name, startDate: CalendarDate(parsing: "2024-01-10")),
                              salary: Money(parsing: "2000", currency: Currency(code: "AED"))).member
    }

    /// A document whose stored text (as the PDF text layer gave it) is `text`.
    func file(_ text: String, in household: Household, kind: DocumentKind = .other, expires: CalendarDate? = nil) throws -> DocumentDetails {
        let hash = (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
        let object = StoredObject(hash: hash, size: Int64(text.utf8.count), mediaType: .pdf,
                                  content: ExtractedContent(status: .complete, pageCount: 1))
        let document = Document(householdID: household.id, objectHash: hash, kind: kind, title: "scan", originalName: "scan.pdf",
                                expiresOn: expires)
        return try database.addDocument(document, object: object, pages: [PageText(number: 1, text: text, source: .pdfText)],
                                        thumbnail: nil, staff: [])
    }

    /// The web reads a document on every view: its work is bounded by 8 labels and by the
    /// number of people, whatever the text holds or the household employs.
    func testTheWebsReadingComparesAtMostEightLabelsAndNoPersonPastItsPeopleLimit() throws {
        let anna = try hire("Anna Maria Eriksson", in: sea)
        try hire("Ravi Kumar", in: sea)
        try hire("Zed Nobody", in: sea)
        let labels = (1...150).map { "Name: Zed Nobody\($0) Q" }.joined(separator: "\n") + "\nName: Anna Maria Eriksson"
        let document = try file(labels, in: sea)
        let web = DocumentSuggestions.web(database: database, today: try CalendarDate(parsing: "2026-11-25"), people: 3)
        let bounded = try web.report(document.document.id.rawValue)
        XCTAssertEqual(bounded.reading.work.labelHits, 8, "8 labels of 151 read")
        XCTAssertLessThanOrEqual(bounded.reading.work.nameComparisons, 8 * 3, "each against the 3 people's names")
        let crowded = DocumentSuggestions.web(database: database, today: try CalendarDate(parsing: "2026-11-25"), people: 2)
        let none = try crowded.report(document.document.id.rawValue)
        XCTAssertEqual(none.reading.work.nameComparisons, 0, "3 people are more than 2: nobody is compared")
        XCTAssertNil(none.suggestion(.person))
        // The command line reads every label and everyone: Anna's label is the 151st.
        XCTAssertEqual(try suggestions.report(document.document.id.rawValue).suggestion(.person)?.fact.value, .person(anna.id, name: "Anna Maria Eriksson"))
    }

    /// 200 staff with long Devanagari names and a document of 200 name labels (a view of its page
    /// took 470 ms, then 422 for everyone): its facts are read once and kept, and every later report
    /// (the page's, Apply's, `doc suggestions`') uses them as they were, comparing no name.
    func testAHostileDocumentsFactsAreReadOnceAndKept() throws {
        var staff: [StaffMember] = []
        for number in 0..<200 { staff.append(try hire(HostileNames.devanagari(number), in: sea)) }
        let named = staff[150]
        let labels = (0..<199).map { "Name: \(HostileNames.devanagari($0 + 500))" } + ["नाम: \(named.legalName)"]
        let id = try file(labels.joined(separator: "\n"), in: sea).document.id.rawValue
        let first = try suggestions.report(id)
        XCTAssertTrue(first.readNow)
        XCTAssertEqual(first.suggestion(.person)?.fact.value, .person(named.id, name: named.legalName))
        XCTAssertEqual(first.reading.work.namesSpelt, 200, "each name spelt once, not once a label")
        let again = try suggestions.report(id)
        XCTAssertFalse(again.readNow, "the kept facts, no name compared")
        XCTAssertEqual(again.suggestions, first.suggestions)
        XCTAssertEqual(again.reading.notes, first.reading.notes)
        XCTAssertEqual(try suggestions.pendingReports().map(\.readNow), [false])
        // The web's reading (8 labels, at most 200 people) is kept apart from the command line's, and read once too.
        let web = DocumentSuggestions.web(database: database, today: try CalendarDate(parsing: "2026-11-25"), people: 200)
        XCTAssertTrue(try web.report(id).readNow)
        XCTAssertFalse(try web.report(id).readNow)
        let applied = try suggestions.apply(document: id, only: [.person])
        XCTAssertEqual(applied.set.map(\.fact.field), [.person])
        XCTAssertEqual(applied.details.staff.map(\.id), [named.id])
        XCTAssertFalse(try suggestions.report(id).readNow, "linking a person changes nothing a reading reads")
    }

    /// A household's staff changing (hired, renamed) reads its documents' facts again, once; another
    /// household's staff, another day or the household's country changing too, as they may change what is read.
    func testChangingTheHouseholdsStaffReadsItsDocumentsFactsAgain() throws {
        let id = try file("EMPLOYMENT CONTRACT\nEmployee name: Ravi Kumar\nValid until 04/03/2031", in: sea).document.id.rawValue
        XCTAssertNil(try suggestions.report(id).suggestion(.person))
        XCTAssertFalse(try suggestions.report(id).readNow)
        try hire("Ravi Kumar", in: hill)
        XCTAssertFalse(try suggestions.report(id).readNow, "another household's staff")
        let ravi = try hire("Ravi Kumar", in: sea)
        let hired = try suggestions.report(id)
        XCTAssertTrue(hired.readNow)
        XCTAssertEqual(hired.suggestion(.person)?.fact.value, .person(ravi.id, name: "Ravi Kumar"))
        XCTAssertFalse(try suggestions.report(id).readNow)
        var changes = StaffChanges()
        changes.legalName = "Ravi Shankar"
        _ = try database.editStaff(ravi.id.rawValue, changes)
        let renamed = try suggestions.report(id)
        XCTAssertTrue(renamed.readNow)
        XCTAssertNil(renamed.suggestion(.person), "nobody here is called Ravi Kumar now")
        XCTAssertNil(renamed.suggestion(.expiry), "04/03/2031 is ambiguous without a country")
        _ = try database.editHousehold(named: "Sea View", HouseholdChanges(settlementRules: "ae-domestic-2022"))
        let country = try database.findDocument(id)
        XCTAssertEqual(try suggestions.report(country).suggestion(.expiry)?.fact.value, .date(try CalendarDate(parsing: "2031-03-04")))
        let tomorrow = DocumentSuggestions(database: database, today: try CalendarDate(parsing: "2026-11-26"))
        XCTAssertTrue(try tomorrow.report(id).readNow)
    }

    /// A reading made before a change it did not see is never taken for current: the stamp it is kept
    /// with was drawn before the change, which drew a newer one.
    func testAReadingOfStaffSinceChangedIsNotKeptAsCurrent() throws {
        let details = try file("Name: Ravi Kumar", in: sea)
        let stamp = try database.factsStamp(householdID: sea.id)
        let reading = DocumentFacts.read(text: "Name: Ravi Kumar", today: try CalendarDate(parsing: "2026-11-25"))
        try hire("Ravi Kumar", in: sea)
        try database.keepFacts(reading, of: details.document.id, reader: "r", inputs: "i", stamp: stamp)
        XCTAssertNil(try database.keptFacts(of: details.document.id, reader: "r", inputs: "i"))
        try database.keepFacts(reading, of: details.document.id, reader: "r", inputs: "i", stamp: try database.factsStamp(householdID: sea.id))
        XCTAssertNotNil(try database.keptFacts(of: details.document.id, reader: "r", inputs: "i"))
        XCTAssertNil(try database.keptFacts(of: details.document.id, reader: "r", inputs: "other day"))
    }

    /// `doc add`'s batch: each household's staff read once and the texts read on several threads give
    /// every document the report `report` gives it, in the batch's order, and keep the same facts.
    func testABatchsReportsAreEachDocumentsOwnKeptAlike() throws {
        let anna = try hire("Anna Maria Eriksson", in: sea)
        let ravi = try hire("Ravi Kumar", in: hill)
        var batch: [DocumentDetails] = []
        for number in 0..<12 {
            batch.append(try file(Self.passportText, in: number % 3 == 0 ? hill : sea))
            batch.append(try file("EMPLOYMENT CONTRACT \(number)\nEmployee name: Ravi Kumar\nValid until 2031-03-04", in: number % 2 == 0 ? hill : sea))
        }
        let reports = try suggestions.reports(batch).map { try $0.get() }
        XCTAssertEqual(reports.map(\.details.document.id), batch.map(\.document.id))
        XCTAssertTrue(reports.allSatisfy(\.readNow))
        XCTAssertEqual(Set(reports.compactMap { $0.suggestion(.person)?.fact.value }), [.person(anna.id, name: "Anna Maria Eriksson"),
                                                                                      .person(ravi.id, name: "Ravi Kumar")])
        for (details, batched) in zip(batch, reports) {
            let kept = try suggestions.report(details)
            XCTAssertFalse(kept.readNow, "the batch kept its reading as current")
            XCTAssertEqual(kept.suggestions, batched.suggestions)
            XCTAssertEqual(kept.reading.notes, batched.reading.notes)
        }
    }

    func testThePassportsZoneAppliesKindNumberExpiryAndPersonInOneAuditedChange() throws {
        let anna = try hire("Anna Maria Eriksson", in: sea)
        try hire("Anna Maria Eriksson", in: hill)
        let passport = try file(Self.passportText, in: sea)
        let report = try suggestions.report(passport.document.id.rawValue)
        XCTAssertEqual(report.suggestion(.person)?.fact.value, .person(anna.id, name: "Anna Maria Eriksson"), "Sea View's Anna, not Hill House's")
        XCTAssertEqual(report.suggestion(.expiry)?.status, .new)
        XCTAssertEqual(report.suggestion(.number)?.status, .new)
        XCTAssertEqual(report.suggestion(.birth)?.status, .notKept, "the birth date is the person's, not the document's")
        XCTAssertEqual(report.summary, "passport of Anna Maria Eriksson, number L898902C3, expires 2012-04-15; "
                       + "evidence: the TD3 zone's line 2 (text line 4), check digits agree")
        XCTAssertEqual(try suggestions.pendingReports().map(\.details.document.id), [passport.document.id])

        let before = try database.recentHistory(.document(passport.document.id), count: 50).count
        let applied = try suggestions.apply(document: passport.document.id.rawValue)
        XCTAssertEqual(applied.set.map { $0.fact.field }, [.kind, .number, .expiry, .person])
        XCTAssertEqual(applied.details.document.kind, .passport)
        XCTAssertEqual(applied.details.document.number, "L898902C3")
        XCTAssertEqual(applied.details.document.expiresOn?.description, "2012-04-15")
        XCTAssertEqual(applied.details.staff.map(\.id), [anna.id])
        let entries = try database.recentHistory(.document(passport.document.id), count: 50)
        XCTAssertEqual(entries.count - before, 2, "the document's update and its link, in the audit trail")
        XCTAssertEqual(Set(entries.prefix(2).map(\.recordType)), ["document", "document_staff"])
        XCTAssertEqual(try suggestions.pendingReports().count, 0, "nothing left to apply")
        XCTAssertEqual(try suggestions.apply(document: passport.document.id.rawValue).set.count, 0, "applying again changes nothing")
    }

    func testAPersonOfAnotherHouseholdIsNeverSuggested() throws {
        let ravi = try hire("Anna Maria Eriksson", in: hill)
        let passport = try file(Self.passportText, in: sea)
        XCTAssertNil(try suggestions.report(passport.document.id.rawValue).suggestion(.person))
        let applied = try suggestions.apply(document: passport.document.id.rawValue, only: [.person, .expiry])
        XCTAssertEqual(applied.missing, [.person])
        XCTAssertEqual(applied.details.staff, [])
        XCTAssertEqual(try database.documentCount(linkedTo: ravi.id), 0)
    }

    func testATypedNumberIsKeptUnlessOverwriteIsChosen() throws {
        let passport = try file(Self.passportText, in: sea)
        var changes = DocumentChanges()
        changes.number = "L898902C"
        _ = try database.editDocument(passport.document.id.rawValue, changes)
        XCTAssertEqual(try suggestions.report(passport.document.id.rawValue).suggestion(.number)?.status, .differs(current: "L898902C"))
        let kept = try suggestions.apply(document: passport.document.id.rawValue, only: [.number])
        XCTAssertEqual(kept.kept.map(\.current), ["L898902C"])
        XCTAssertEqual(kept.details.document.number, "L898902C", "what a person typed stays")
        let replaced = try suggestions.apply(document: passport.document.id.rawValue, only: [.number], overwrite: true)
        XCTAssertEqual(replaced.set.map(\.replaced), ["L898902C"])
        XCTAssertEqual(replaced.details.document.number, "L898902C3")
        // A number is one short line: control characters and 61 characters are refused, the document unchanged.
        for bad in ["P123\u{202E}4567", String(repeating: "9", count: 61)] {
            var typed = DocumentChanges()
            typed.number = bad
            XCTAssertThrowsError(try database.editDocument(passport.document.id.rawValue, typed))
        }
        XCTAssertEqual(try database.findDocument(passport.document.id.rawValue).document.number, "L898902C3")
    }

    func testATypedExpiryIsKeptUnlessOverwriteIsChosen() throws {
        let typed = try CalendarDate(parsing: "2030-01-01")
        let passport = try file(Self.passportText, in: sea, kind: .visa, expires: typed)
        let id = passport.document.id.rawValue
        XCTAssertEqual(try suggestions.report(id).suggestion(.expiry)?.status, .differs(current: "2030-01-01"))
        let kept = try suggestions.apply(document: id, only: [.expiry, .kind])
        XCTAssertEqual(kept.set.count, 0)
        XCTAssertEqual(kept.kept.map { $0.fact.field }, [.kind, .expiry])
        XCTAssertEqual(kept.kept.map { $0.current }, ["visa", "2030-01-01"])
        XCTAssertEqual(try database.findDocument(id).document.expiresOn, typed)
        XCTAssertEqual(try database.findDocument(id).document.kind, .visa)

        let replaced = try suggestions.apply(document: id, only: [.expiry], overwrite: true)
        XCTAssertEqual(replaced.set.map { $0.replaced }, ["2030-01-01"], "says which value it replaced")
        XCTAssertEqual(try database.findDocument(id).document.expiresOn?.description, "2012-04-15")
        XCTAssertEqual(try database.findDocument(id).document.kind, .visa, "only what was asked for")
    }

    func testADocumentOutsideReachIsNotFound() throws {
        let passport = try file(Self.passportText, in: sea)
        let reach = Reach(roles: [hill.id: .owner])
        XCTAssertThrowsError(try suggestions.report(passport.document.id.rawValue, within: reach))
        XCTAssertThrowsError(try suggestions.apply(document: passport.document.id.rawValue, within: reach))
        XCTAssertEqual(try database.findDocument(passport.document.id.rawValue).document.kind, .other, "nothing written")
        XCTAssertEqual(try suggestions.pendingReports(within: reach).count, 0)
    }
}
