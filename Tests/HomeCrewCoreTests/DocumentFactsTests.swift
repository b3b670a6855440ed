import HomeCrewTestSupport
import XCTest
@testable import HomeCrewCore

final class DocumentFactsTests: XCTestCase {
    let today = try! CalendarDate(year: 2026, month: 11, day: 25)
    let anna = PersonCandidate(id: RecordID(rawValue: "anna00000001"), names: ["Anna Maria Eriksson", "Anna"])
    let maria = PersonCandidate(id: RecordID(rawValue: "maria0000001"), names: ["Maria Luisa Santos", "Malou"])

    func values(_ reading: DocumentFacts.Reading) -> [String: String] {
        Dictionary(uniqueKeysWithValues: reading.facts.map { ($0.field.rawValue, $0.value.description) })
    }

    // MARK: - Reading a whole document

    func testAPassportPageGivesEveryFactWithItsEvidence() throws {
        let text = "REPUBLIC OF UTOPIA  PASSPORT\nDate of expiry 15 APR 2012\n\n" + ZoneReaderTests.td3.joined(separator: "\n")
        let reading = DocumentFacts.read(text: text, today: today, candidates: [anna, maria])
        XCTAssertEqual(values(reading), [
            "kind": "passport", "number": "L898902C3", "issuing-state": "UTO", "surname": "ERIKSSON",
            "given-names": "ANNA MARIA", "nationality": "UTO", "birth": "1974-08-12", "sex": "F", "expiry": "2012-04-15",
            "optional-data": "ZE184226B", "person": "Anna Maria Eriksson",
        ])
        XCTAssertEqual(reading.notes, [])
        let expiry = try XCTUnwrap(reading.fact(.expiry))
        XCTAssertEqual(expiry.evidence.map(\.description), [
            "the TD3 zone's line 2 (text line 5), check digits agree",
            "the label 'date of expiry' on line 2: 'Date of expiry 15 APR 2012'",
        ])
        XCTAssertEqual(reading.fact(.person)?.value, .person(anna.id, name: "Anna Maria Eriksson"))
        XCTAssertEqual(reading.fact(.surname)?.evidence.first?.checkDigits, .notCovered)
        XCTAssertEqual(reading.fact(.kind)?.value, .kind(.passport))
        XCTAssertEqual(DocumentFacts.Kind.passport.documentKind, .passport)
    }

    func testAnInventedResidentIdentityCardAsOCRReadsIt() throws {
        // A TD1 card of the United Arab Emirates for an invented person, « read for <<, spaces inserted.
        let text = """
        UNITED ARAB EMIRATES
        RESIDENT IDENTITY CARD
        ILARE1234567897 784199012345672
        8803171M2906047IND<<<<<<<<<<<4
        KUMAR«RAVI<SHANKAR<<<<<<<<<<<
        """
        let ravi = PersonCandidate(id: RecordID(rawValue: "ravi00000001"), names: ["Ravi Shankar Kumar", "Ravi"])
        let reading = DocumentFacts.read(text: text, today: today, candidates: [anna, maria, ravi])
        XCTAssertEqual(values(reading), [
            "kind": "id-card", "number": "123456789", "issuing-state": "ARE", "surname": "KUMAR", "given-names": "RAVI SHANKAR",
            "nationality": "IND", "birth": "1988-03-17", "sex": "M", "expiry": "2029-06-04", "optional-data": "784199012345672",
            "person": "Ravi Shankar Kumar",
        ])
        XCTAssertEqual(reading.fact(.person)?.evidence.first?.textLine, 5)
        XCTAssertEqual(reading.fact(.number)?.evidence.first?.description, "the TD1 zone's line 1 (text line 3), check digits agree")
    }

    func testRepairsAreEvidenceOfTheFactsOnTheirLine() throws {
        let reading = DocumentFacts.read(text: [ZoneReaderTests.td3[0], "L898902C36UTO7408122F12O4159ZE184226B<<<<<10"].joined(separator: "\n"),
                                         today: today)
        let evidence = try XCTUnwrap(reading.fact(.expiry)?.evidence.first)
        XCTAssertEqual(evidence.repairs, [ZoneRepair(zoneLine: 2, position: 24, read: "O", repaired: "0")])
        XCTAssertEqual(evidence.description,
                       "the TD3 zone's line 2 (text line 2), check digits agree, repaired 'O' as '0' at line 2 position 24")
        XCTAssertEqual(reading.fact(.issuingState)?.evidence.first?.repairs, [], "line 2's repairs are not line 1's evidence")
    }

    func testAZoneWhoseChecksDisagreeGivesNoFactsAndSaysWhy() {
        let reading = DocumentFacts.read(text: [ZoneReaderTests.td3[0], "L898902C36UTO7408122F1204158ZE184226B<<<<<10"].joined(separator: "\n"),
                                         today: today, candidates: [anna])
        XCTAssertEqual(values(reading), [:])
        XCTAssertEqual(reading.notes, ["the TD3 zone at line 1 gives no facts: the check digits of the date of expiry, composite do not agree"])
    }

    func testALabelThatDisagreesWithTheZoneRemovesBoth() {
        let text = "Date of expiry 15 APR 2013\n" + ZoneReaderTests.td3.joined(separator: "\n")
        let reading = DocumentFacts.read(text: text, today: today)
        XCTAssertNil(reading.fact(.expiry))
        XCTAssertEqual(reading.fact(.number)?.value, .text("L898902C3"))
        XCTAssertEqual(reading.notes, [
            "the zone gives expiry 2012-04-15 but a label gives 2013-04-15: neither is suggested",
            "the zone's name ANNA MARIA ERIKSSON is not printed elsewhere on the page and is no one's here; no check digit covers names, so it is not used",
        ])
    }

    // MARK: - The holder's name (no check digit covers it)

    func testAZonesNameIsGivenOnlyWhereThePageOrTheStaffConfirmIt() throws {
        let zone = ZoneReaderTests.td3.joined(separator: "\n")
        let alone = DocumentFacts.read(text: zone, today: today)
        XCTAssertNil(alone.fact(.surname))
        XCTAssertNil(alone.fact(.givenNames))
        XCTAssertEqual(alone.fact(.number)?.value, .text("L898902C3"), "the checked fields stand without the name")

        let printed = DocumentFacts.read(text: "Surname / Nom\nERIKSSON\nGiven names\nAnna Maria\n" + zone, today: today)
        XCTAssertEqual(printed.fact(.surname)?.value, .text("ERIKSSON"))
        XCTAssertEqual(printed.fact(.givenNames)?.value, .text("ANNA MARIA"))
        XCTAssertEqual(printed.fact(.surname)?.evidence.map(\.description), [
            "the TD3 zone's line 1 (text line 5), the zone's check digits agree; this field has none of its own",
            "the words 'ERIKSSON', 'ANNA', 'MARIA' from line 2",
        ])
        XCTAssertNil(DocumentFacts.read(text: "Surname ERIKSSON\nGiven names ANNA\n" + zone, today: today).fact(.givenNames),
                     "MARIA is not printed: the name is not given")

        let staff = DocumentFacts.read(text: zone, today: today, candidates: [anna, maria])
        XCTAssertEqual(values(staff)["given-names"], "ANNA MARIA")
        XCTAssertEqual(values(staff)["person"], "Anna Maria Eriksson")
        // A person whose name is part of the zone's is the person, but does not confirm the zone's other parts.
        let annaEriksson = PersonCandidate(id: RecordID(rawValue: "anna00000002"), names: ["Anna Eriksson"])
        let part = DocumentFacts.read(text: zone, today: today, candidates: [annaEriksson])
        XCTAssertEqual(values(part)["person"], "Anna Eriksson")
        XCTAssertNil(part.fact(.givenNames))
    }

    func testPrintedNamesConfirmOnlyAsAWhole() {
        // A filler read twice inside DELA<CRUZ splits the surname; the page printing DELA CRUZ confirms neither part.
        let truth = ZoneReaderTests.passport(state: "PHL", name: "DELA<CRUZ<<JOSE", nationality: "PHL")
        let split = "SURNAME DELA CRUZ\n" + truth[0].replacingOccurrences(of: "DELA<CRUZ<<JOSE", with: "DELA<<CRUZ<JOSE") + "\n" + truth[1]
        XCTAssertNil(values(DocumentFacts.read(text: split, today: today, candidates: []))["surname"])
        // Printed on their own lines, the surname and given names confirm the zone's.
        let page = "SURNAME\nDELA CRUZ\nGIVEN NAMES\nJOSE\n" + truth.joined(separator: "\n")
        let facts = values(DocumentFacts.read(text: page, today: today, candidates: []))
        XCTAssertEqual([facts["surname"], facts["given-names"]], ["DELA CRUZ", "JOSE"])
    }

    func testANameFromAFirstLineOfTheWrongLengthIsConfirmedOnlyByTheStaff() {
        // As a hostile review found: an R lost before the names (MAO<BRIEN for MAR<O<BRIEN), and the page
        // printing O BRIEN, confirmed the surname BRIEN. A line of the wrong length may have moved its names.
        let line2 = ZoneReaderTests.passport(state: "MAR", name: "O<BRIEN<<SEAN", nationality: "MAR")[1]
        let text = "SURNAME O BRIEN  GIVEN NAMES SEAN\nP<MAO<BRIEN<<SEAN<<<<<<<<<<<<<<<<<<<<<<<<<<\n" + line2
        let printed = values(DocumentFacts.read(text: text, today: today, candidates: [anna]))
        XCTAssertNil(printed["surname"])
        XCTAssertEqual(printed["number"], "P1234567")
        // The names a staff member has, part for part, are still that person's.
        let brien = PersonCandidate(id: RecordID(rawValue: "brien0000001"), names: ["Sean Brien"])
        let staff = values(DocumentFacts.read(text: text, today: today, candidates: [anna, brien]))
        XCTAssertEqual([staff["surname"], staff["person"]], ["BRIEN", "Sean Brien"])
    }

    func testAZoneWithoutAGivenNameSeparatorNamesThePersonButNotWhichPartIsWhich() throws {
        // "NAKAMURA<<YUKI" with its << read as <: the surname would be NAKAMURA YUKI.
        let yuki = PersonCandidate(id: RecordID(rawValue: "yuki00000001"), names: ["Yuki Nakamura"])
        let zone = ZoneReaderTests.passport(state: "JPN", name: "NAKAMURA<YUKI", nationality: "JPN").joined(separator: "\n")
        let reading = DocumentFacts.read(text: "NAKAMURA\nYUKI\n" + zone, today: today, candidates: [yuki])
        XCTAssertEqual(values(reading)["person"], "Yuki Nakamura")
        XCTAssertNil(reading.fact(.surname))
        XCTAssertNil(reading.fact(.givenNames))
    }

    /// Found by a hostile review: each gave a wrong person or a wrong name.
    func testANameIsNeverMadeToFitSomeoneElse() throws {
        func passport(_ name: String) -> String {
            ZoneReaderTests.passport(state: "GBR", name: name, number: "123456789", nationality: "GBR").joined(separator: "\n")
        }
        // FRANK's own K is not a misread filler: Fran Smith is not Frank.
        let fran = PersonCandidate(id: RecordID(rawValue: "fran00000001"), names: ["Fran Smith"])
        let frank = DocumentFacts.read(text: "PASSPORT\n" + passport("SMITH<<FRANK"), today: today, candidates: [fran])
        XCTAssertNil(frank.fact(.person))
        XCTAssertNil(frank.fact(.givenNames))
        // A name as read that fits two people gives nobody, whatever another reading would fit.
        let annaSmith = PersonCandidate(id: RecordID(rawValue: "anna00000003"), names: ["Anna Smith"])
        let kateSmith = PersonCandidate(id: RecordID(rawValue: "kate00000003"), names: ["Kate Smith"])
        let both = DocumentFacts.read(text: passport("SMITH<<ANNA<KATE"), today: today, candidates: [annaSmith, kateSmith])
        XCTAssertNil(both.fact(.person))
        XCTAssertTrue(both.notes.contains("the zone's name matches 2 people"), "\(both.notes)")
        // A zone twice on a page (text layer and OCR) does not confirm its own name.
        let td1 = ["I<DEUT220001293<<<<<<<<<<<<<<<", "6408125F3101012DEU<<<<<<<<<<<6", "SMYTH<<JON<<<<<<<<<<<<<<<<<<<<"].joined(separator: "\n")
        let twice = DocumentFacts.read(text: td1 + "\n\n" + td1, today: today)
        XCTAssertNotNil(twice.fact(.number))
        XCTAssertNil(twice.fact(.surname))
        // The page's words confirm a surname and given names each as printed, not as a bag of parts.
        let split = DocumentFacts.read(text: "Name: Anna der Berg\n" + passport("DER<<BERG<ANNA"), today: today)
        XCTAssertNil(split.fact(.surname), "DER BERG is the surname, not DER")
        // Nor does a name printed whole on one line: where its surname ends, only parts printed apart say.
        XCTAssertNil(DocumentFacts.read(text: "Name: Anna der Berg\n" + passport("DER<BERG<<ANNA"), today: today).fact(.surname))
        let right = DocumentFacts.read(text: "Surname: der Berg\nGiven names: Anna\n" + passport("DER<BERG<<ANNA"), today: today)
        XCTAssertEqual([values(right)["surname"], values(right)["given-names"]], ["DER BERG", "ANNA"])
    }

    func testTwoPassportsReadFromTheirCheckedLinesAreTwoZones() {
        let first = ZoneReaderTests.passport(state: "GBR", name: "SMITH<<JOHN", number: "123456789", nationality: "GBR", sex: "M")[1]
        let second = ZoneReaderTests.passport(state: "GBR", name: "SMITH<<JANE", number: "987654321", nationality: "GBR", expiry: "290505")[1]
        let reading = DocumentFacts.read(text: "PASSPORT\nPKGBRSMITHKKJOHN<<<x\n\(first)\nP<GBRSMITH<<JANE<<<<###\n\(second)", today: today)
        XCTAssertNil(reading.fact(.number))
        XCTAssertNil(reading.fact(.expiry))
        XCTAssertTrue(reading.notes.contains { $0.hasPrefix("2 different zones read") }, "\(reading.notes)")
    }

    func testAZoneReadWithoutItsFirstLineTakesItsKindFromTheWords() {
        let reading = DocumentFacts.read(text: "REPUBLIC OF UTOPIA PASSPORT\nP<UTO ERIKSSON c ANNA\n" + ZoneReaderTests.td3[1], today: today, candidates: [anna])
        XCTAssertEqual(values(reading)["kind"], "passport", "from the word")
        XCTAssertEqual(values(reading)["expiry"], "2012-04-15")
        XCTAssertNil(reading.fact(.person), "no names, no person")
        XCTAssertNil(reading.fact(.issuingState))
    }

    func testANameWithAKBesideAFillerIsReadBothWays() throws {
        // tesseract reads OCR-B's '<' as K, <K or K<: "ANNA<KMARIA" is ANNA MARIA with a filler misread.
        let misread = ZoneReaderTests.passport(state: "UTO", name: "ERIKSSON<<ANNA<KMARIAK<K", number: "L898902C3",
                                               nationality: "UTO", birth: "740812", expiry: "320415").joined(separator: "\n")
        // The staff alone do not decide which letters were fillers: the page must print the name so read.
        let staff = DocumentFacts.read(text: misread, today: today, candidates: [anna, maria])
        XCTAssertNil(staff.fact(.person))
        XCTAssertNil(staff.fact(.givenNames))
        let printed = DocumentFacts.read(text: "ERIKSSON\nANNA MARIA\n" + misread, today: today, candidates: [anna, maria])
        XCTAssertEqual(values(printed)["given-names"], "ANNA MARIA")
        XCTAssertEqual(values(printed)["person"], "Anna Maria Eriksson")
        let unconfirmed = DocumentFacts.read(text: misread, today: today)
        XCTAssertNil(unconfirmed.fact(.givenNames))
        XCTAssertTrue(unconfirmed.notes.contains { $0.hasPrefix("the zone's name ANNA KMARIAK ERIKSSON is not printed elsewhere") }, "\(unconfirmed.notes)")

        // A K that is a name's own: the name as read is the one that matches.
        let kate = PersonCandidate(id: RecordID(rawValue: "kate00000001"), names: ["Kate Smith"])
        let kateZone = ZoneReaderTests.passport(state: "GBR", name: "SMITH<<KATE", nationality: "GBR").joined(separator: "\n")
        let read = DocumentFacts.read(text: kateZone, today: today, candidates: [kate, anna])
        XCTAssertEqual(values(read)["given-names"], "KATE")
        XCTAssertEqual(values(read)["person"], "Kate Smith")
    }

    func testTwoDifferentZonesGiveNoZoneFacts() {
        let text = (ZoneReaderTests.td3 + ["", "some words"] + ZoneReaderTests.passport()).joined(separator: "\n")
        let reading = DocumentFacts.read(text: text, today: today)
        XCTAssertNil(reading.fact(.number))
        XCTAssertEqual(reading.notes, ["2 different zones read (lines 1, 5); which one is the document's is for a person to say"])
        // The same zone twice (a PDF's text layer and its OCR) is one zone.
        let twice = (ZoneReaderTests.td3 + ["page 2"] + ZoneReaderTests.td3).joined(separator: "\n")
        XCTAssertEqual(DocumentFacts.read(text: twice, today: today).fact(.number)?.value, .text("L898902C3"))
    }

    // MARK: - Kind

    func testTheZoneDecidesTheKind() {
        XCTAssertEqual(values(DocumentFacts.read(text: ZoneReaderTests.mrvB.joined(separator: "\n"), today: today))["kind"], "visa")
        XCTAssertEqual(values(DocumentFacts.read(text: ZoneReaderTests.td1.joined(separator: "\n"), today: today))["kind"], "id-card")
        let passportWithWords = "Visa page\nvisa\n" + ZoneReaderTests.td3.joined(separator: "\n")
        XCTAssertEqual(values(DocumentFacts.read(text: passportWithWords, today: today))["kind"], "passport")
    }

    func testWithoutAZoneTheWordsDecideTheKind() {
        func kind(_ text: String) -> String? { values(DocumentFacts.read(text: text, today: today))["kind"] }
        XCTAssertEqual(kind("EMPLOYMENT CONTRACT\nThis contract of employment is made between"), "employment-contract")
        XCTAssertEqual(kind("Payslip for March 2026\nBasic salary"), "payslip")
        XCTAssertEqual(kind("RECEIPT\nReceived with thanks"), "receipt")
        XCTAssertEqual(kind("UNITED ARAB EMIRATES\nRESIDENT IDENTITY CARD\nبطاقة الهوية"), "id-card")
        XCTAssertEqual(kind("DRIVING LICENCE\nUnited Kingdom"), "driving-licence")
        XCTAssertEqual(kind("運転免許証\n氏名 山田花子"), "driving-licence")
        XCTAssertEqual(kind("आधार - आम आदमी का अधिकार"), "id-card")
        XCTAssertEqual(kind("عقد عمل"), "employment-contract")
        XCTAssertNil(kind("passport number and visa number"), "a tie is no kind")
        XCTAssertNil(kind("a letter about visages and passports"))   // whole words only: "passports" is not "passport"
        XCTAssertNil(kind("nothing to see"))
        XCTAssertEqual(DocumentFacts.Kind.drivingLicence.documentKind, .permit)
        XCTAssertEqual(DocumentFacts.Kind.receipt.documentKind, .other)
    }

    // MARK: - The person

    func testNamesMatchInAnyOrderCaseAndDiacritics() {
        let jurgen = PersonCandidate(id: RecordID(rawValue: "jurgen000001"), names: ["Jürgen Müller"])
        let arabic = PersonCandidate(id: RecordID(rawValue: "arabic000001"), names: ["محمد علي"])
        let candidates = [anna, maria, jurgen, arabic]
        XCTAssertEqual(PersonMatch.match("SANTOS MARIA LUISA", among: candidates), .one(maria.id, matched: "Maria Luisa Santos"))
        XCTAssertEqual(PersonMatch.match("maria luisa santos", among: candidates), .one(maria.id, matched: "Maria Luisa Santos"))
        XCTAssertEqual(PersonMatch.match("MUELLER JUERGEN", among: candidates), .one(jurgen.id, matched: "Jürgen Müller"))
        XCTAssertEqual(PersonMatch.match("MULLER JURGEN", among: candidates), .one(jurgen.id, matched: "Jürgen Müller"))
        XCTAssertEqual(PersonMatch.match("علي محمد", among: candidates), .one(arabic.id, matched: "محمد علي"))
        // A document's extra middle name still matches; a known-as name of one word does not match alone.
        XCTAssertEqual(PersonMatch.match("ERIKSSON ANNA MARIA SOFIA", among: candidates), .one(anna.id, matched: "Anna Maria Eriksson"))
        XCTAssertEqual(PersonMatch.match("ANNA LINDQVIST", among: candidates), .none)
        XCTAssertEqual(PersonMatch.match("MALOU", among: candidates), .one(maria.id, matched: "Malou"))
    }

    func testAMatchCountsOnlyWhenUnique() {
        let namesake = PersonCandidate(id: RecordID(rawValue: "namesake0001"), names: ["Anna Eriksson"])
        XCTAssertEqual(PersonMatch.match("ERIKSSON ANNA MARIA", among: [anna, namesake]), .several(2))
        let reading = DocumentFacts.read(text: ZoneReaderTests.td3.joined(separator: "\n"), today: today, candidates: [anna, namesake])
        XCTAssertNil(reading.fact(.person))
        XCTAssertEqual(reading.notes, ["the zone's name matches 2 people"])
        // Nobody outside the candidates given (the document's household) is ever suggested.
        XCTAssertNil(DocumentFacts.read(text: ZoneReaderTests.td3.joined(separator: "\n"), today: today, candidates: [maria]).fact(.person))
    }

    // MARK: - Hostile input: bounded work, proved by counts

    func testAMegabyteOfZoneShapedLinesReadsAtMostTheZoneLimit() {
        let fakeName = "P<UTOFAKE<<ZONE".padding(toLength: 44, withPad: "<", startingAt: 0)
        let fake = Array(repeating: ZoneReaderTests.td3.joined(separator: "\n") + "\n\(fakeName)\nL898902C37UTO7408122F1204159ZE184226B<<<<<10", count: 12_000)
            .joined(separator: "\n")
        XCTAssertGreaterThan(fake.utf8.count, 1_000_000)
        let reading = DocumentFacts.read(text: fake, today: today)
        XCTAssertEqual(reading.work.zonesExamined, DocumentFacts.Limits.standard.zones)
        XCTAssertEqual(reading.zones.count, DocumentFacts.Limits.standard.zones)
        XCTAssertEqual(reading.work.linesScanned, 48_000)
    }

    func testTextBeyondTheByteLimitIsNotRead() {
        var limits = DocumentFacts.Limits()
        limits.textBytes = 100_000
        let text = String(repeating: "Date of expiry 14/03/2031 and some words\n", count: 10_000) + ZoneReaderTests.td3.joined(separator: "\n")
        let reading = DocumentFacts.read(text: text, today: today, limits: limits)
        XCTAssertLessThanOrEqual(reading.work.scalarsFolded, 100_000)
        XCTAssertLessThanOrEqual(reading.work.linesScanned, 100_000 / 41 + 1)
        XCTAssertEqual(reading.zones, [], "the zone lies beyond the limit")
        XCTAssertEqual(reading.work.labelHits, limits.labelHits)
        XCTAssertEqual(reading.notes.first, "only the first 100000 bytes of the text were read")
        XCTAssertEqual(reading.fact(.expiry)?.value, .date(try! CalendarDate(year: 2031, month: 3, day: 14)))
    }

    func testLabelsWithoutEndAreCountedToTheirLimit() {
        let text = String(repeating: "Date of expiry Date of issue ", count: 100_000)
        let reading = DocumentFacts.read(text: text, today: today)
        XCTAssertEqual(reading.work.labelHits, DocumentFacts.Limits.standard.labelHits)
        XCTAssertLessThanOrEqual(reading.work.dateSegments, 2 * DocumentFacts.Limits.standard.labelHits)
        XCTAssertEqual(values(reading), [:])
    }

    func testTheWordsThatConfirmAZonesNameAreReadToTheirLimit() {
        let zone = ZoneReaderTests.td3.joined(separator: "\n")
        let crowded = String(repeating: "ANNA MARIA someone else ERIKSSON\n\n", count: 50_000) + zone
        let reading = DocumentFacts.read(text: crowded, today: today)
        XCTAssertEqual(reading.work.printedLinesRead, DocumentFacts.Limits.standard.printedLines, "blank lines are not counted, nor read past the limit")
        XCTAssertEqual(reading.fact(.givenNames)?.value, .text("ANNA MARIA"))
        var tight = DocumentFacts.Limits()
        tight.printedLines = 1
        let late = DocumentFacts.read(text: "Passport\nERIKSSON\nANNA MARIA\n" + zone, today: today, limits: tight)
        XCTAssertNil(late.fact(.givenNames), "the name printed past the limit is not looked at")
    }

    func testNamesOfTenThousandCharactersMatchNobody() {
        let long = String(repeating: "Anna ", count: 2_000)
        let giant = PersonCandidate(id: RecordID(rawValue: "giant0000001"), names: [long, long, long, long, long, long])
        XCTAssertEqual(PersonMatch.match(long, among: [anna]), .none)
        var work = DocumentFacts.Work()
        XCTAssertEqual(PersonMatch.match("ERIKSSON ANNA MARIA", among: [giant], limits: .standard, work: &work), .none)
        XCTAssertEqual(work.nameComparisons, DocumentFacts.Limits.standard.namesPerPerson)
        let many = (0..<10_000).map { PersonCandidate(id: RecordID(rawValue: String(format: "p%011d", $0)), names: ["Person \($0) Lastname"]) }
        let reading = DocumentFacts.read(text: ZoneReaderTests.td3.joined(separator: "\n"), today: today, candidates: many + [anna])
        XCTAssertEqual(reading.work.nameComparisons, 10_001)
        XCTAssertEqual(reading.fact(.person)?.value, .person(anna.id, name: "Anna Maria Eriksson"))
    }

    /// 200 staff with long Devanagari names, 200 name labels: each staff name is spelt once for the
    /// whole reading, not once for every label (a household page took 470 ms a view so).
    func testEachStaffNameIsSpeltOnceWhateverTheNumberOfLabels() {
        let staff = Self.devanagariStaff(200)
        let labels = (0..<199).map { "Name: \(HostileNames.devanagari($0 + 500))" } + ["नाम: \(staff[150].names[0])"]
        let reading = DocumentFacts.read(text: labels.joined(separator: "\n"), today: today, candidates: staff)
        XCTAssertEqual(reading.fact(.person)?.value, .person(staff[150].id, name: staff[150].names[0]))
        XCTAssertEqual(reading.work.labelHits, 200)
        XCTAssertEqual(reading.work.namesSpelt, 200, "once per name")
        XCTAssertEqual(reading.work.nameComparisons, 200 * 200, "every label against everyone, as before")
    }

    /// Past the request's budget a reading stops and suggests nothing: a person found among the
    /// people compared so far might not be the only one who matches.
    func testAReadingPastItsBudgetSuggestsNoPerson() {
        let staff = Self.devanagariStaff(200)
        let text = "Name: \(staff[0].names[0])\nExpiry date 14/03/2031"
        XCTAssertEqual(DocumentFacts.read(text: text, today: today, candidates: staff).fact(.person)?.value,
                       .person(staff[0].id, name: staff[0].names[0]))
        let spent = WorkBudget.$current.withValue(WorkBudget(seconds: 0)) {
            DocumentFacts.read(text: text, today: today, candidates: staff)
        }
        XCTAssertTrue(spent.work.stopped)
        XCTAssertEqual(spent.facts, [], "not the person, and not the date read beside it either")
        XCTAssertLessThan(spent.work.nameComparisons, 200)
    }

    /// A reading is kept in the database as JSON (format 20) and must come back as it was.
    func testAReadingComesBackFromItsJSONAsItWas() throws {
        let zone = ZoneReaderTests.td3.joined(separator: "\n")
        let reading = DocumentFacts.read(text: "PASSPORT\nDate of expiry 15 APR 2012\n" + zone, today: today, candidates: [anna])
        XCTAssertFalse(reading.facts.isEmpty)
        let again = try JSONDecoder().decode(DocumentFacts.Reading.self, from: JSONEncoder().encode(reading))
        XCTAssertEqual(again.facts, reading.facts)
        XCTAssertEqual(again.notes, reading.notes)
        XCTAssertEqual(again.zones, reading.zones)
        XCTAssertEqual(again.work, reading.work)
        let repair = ZoneRepair(zoneLine: 2, position: 3, read: "O", repaired: "0")
        XCTAssertEqual(try JSONDecoder().decode(ZoneRepair.self, from: JSONEncoder().encode(repair)), repair)
    }

    static func devanagariStaff(_ count: Int) -> [PersonCandidate] {
        (0..<count).map { PersonCandidate(id: RecordID(rawValue: String(format: "d%011d", $0)), names: [HostileNames.devanagari($0)]) }
    }

    func testKindWordsAreCountedToTheirLimit() {
        let reading = DocumentFacts.read(text: String(repeating: "passport ", count: 50_000), today: today)
        XCTAssertEqual(reading.work.kindWordHits, DocumentFacts.Limits.standard.kindWords)
        XCTAssertEqual(reading.fact(.kind)?.value, .kind(.passport))
    }
}

final class LabelledNamesTests: XCTestCase {
    let today = try! CalendarDate(year: 2026, month: 11, day: 25)
    let maria = PersonCandidate(id: RecordID(rawValue: "maria0000001"), names: ["Maria Luisa Santos", "Malou"])
    let ahmed = PersonCandidate(id: RecordID(rawValue: "ahmed0000001"), names: ["أحمد حسن"])
    let hanako = PersonCandidate(id: RecordID(rawValue: "hanako000001"), names: ["山田 花子"])

    func person(_ text: String) -> DocumentFacts.Reading {
        DocumentFacts.read(text: text, today: today, candidates: [maria, ahmed, hanako])
    }

    func testANameLabelNamesThePersonInAnyScript() throws {
        XCTAssertEqual(person("EMPLOYMENT CONTRACT\nEmployee name: SANTOS, Maria Luisa\nSalary 2,000").fact(.person)?.value,
                       .person(maria.id, name: "Maria Luisa Santos"))
        XCTAssertEqual(person("عقد عمل\nالاسم: احمد حسن").fact(.person)?.value, .person(ahmed.id, name: "أحمد حسن"))
        XCTAssertEqual(person("運転免許証\n氏名 山田花子").fact(.person)?.value, .person(hanako.id, name: "山田 花子"))
        let evidence = try XCTUnwrap(person("Payslip\nName\n\nMaria Luisa Santos").fact(.person)?.evidence.first)
        XCTAssertEqual(evidence.textLine, 4)
        XCTAssertEqual(evidence.source, .name(matched: "Maria Luisa Santos"))
    }

    func testNamesOfTwoPeopleOrOfNobodyGiveNoPerson() {
        let both = person("Name: Maria Luisa Santos\nName: Ahmed Hassan\nالاسم: أحمد حسن")
        XCTAssertNil(both.fact(.person))
        XCTAssertEqual(both.notes, ["the names on the document match 2 different people"])
        XCTAssertNil(person("Name: Maria Garcia").fact(.person))
        XCTAssertNil(person("Maria Luisa Santos signed here").fact(.person), "a name without its label is not read")
        XCTAssertNil(person("Name: " + String(repeating: "Maria Luisa Santos ", count: 600)).fact(.person))
    }
}
