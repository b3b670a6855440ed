import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// Every route of the table × every kind of person × {the shared household's record, another
/// household's record, a missing record}, each request on a fresh copy of one vault, asserting
/// the exact refusal (303 to sign in, 403, 404) or that the handler was reached. A new route is
/// in the matrix the moment it is registered, and one without a household rule shows as a
/// refusal that did not happen.
final class AuthorizationMatrixTests: XCTestCase {
    enum Persona: String, CaseIterable {
        case nobody, viewer, manager, owner, outsider, removed
        /// The vault's own user, signed in with the loopback token: every household, as owner.
        case machineUser
        /// The account's name in the fixture; nil: no account.
        var account: String? {
            switch self {
            case .nobody, .machineUser: nil
            case .viewer: "vera"
            case .manager: "manu"
            case .owner: "olga"
            case .outsider: "otto"
            case .removed: "remy"
            }
        }

        /// The role held in the shared household (Sea View) and in the other one (Hill House).
        var roleInShared: HouseholdRole? {
            switch self {
            case .viewer: .viewer
            case .manager: .manager
            case .owner, .machineUser: .owner
            default: nil
            }
        }

        var roleInOther: HouseholdRole? { self == .outsider || self == .machineUser ? .owner : nil }
    }

    enum Target: String, CaseIterable { case missing, other, shared }

    // (Extension below: `Access.isMemberRule`.)

    /// The records of one household that routes name.
    struct Records {
        let household: String
        let staff: String
        let document: String
        let thumbnail: String
        let leave: String
        let adjustment: String
        let payment: String
        let advance: String
        let invitation: String
        let member: String
    }

    enum Outcome: Equatable {
        case signIn, forbidden, notFound
        /// The handler ran: whatever it answered, it was not one of the refusals above.
        case reached
    }

    /// What a route needs.
    enum Need: Equatable {
        case open, signedIn, vaultUser
        case role(HouseholdRole)
    }

    /// What each route needs, written here from the issue's roles, not read from the code's
    /// table: a route the table has and this list lacks fails the suite, and so does a rule
    /// weaker than the one written here.
    static let needs: [String: Need] = [
        "GET /assets/site.css": .open, "GET /assets/site.js": .open, "GET /assets/icon.svg": .open,
        "GET /assets/icon-192.png": .open, "GET /assets/icon-512.png": .open, "GET /assets/manifest.webmanifest": .open, "GET /favicon.ico": .open, "GET /signin": .open, "POST /signin": .open,
        "GET /calendar/{token}": .open, "GET /invitations/{token}": .open, "POST /invitations/{token}/join": .open,
        "POST /signout": .signedIn, "GET /account": .signedIn, "POST /account/password": .signedIn, "POST /account/language": .signedIn, "GET /": .signedIn,
        "GET /households/new": .signedIn, "POST /households": .signedIn, "POST /invitations/{token}/accept": .signedIn,
        "GET /staff/new": .signedIn, "GET /upload": .signedIn, "GET /documents": .signedIn, "POST /documents/bulk": .role(.manager), "GET /search": .signedIn, "GET /reports/payroll": .signedIn,
        "GET /reports/tenure": .signedIn, "GET /reports/tenure.csv": .signedIn, "GET /reports/leave": .signedIn,
        "GET /reports/leave.csv": .signedIn, "GET /reports/payroll.csv": .signedIn, "GET /reports/due": .signedIn, "GET /reports/due.ics": .signedIn,
        "POST /households/{id}/primary": .vaultUser, "POST /reports/due/feed": .signedIn, "POST /reports/due/feed/revoke": .signedIn,
        "GET /households/{id}": .role(.viewer), "POST /households/{id}/edit": .role(.manager), "POST /households/{id}/remove": .role(.owner), "POST /households/{id}/opening": .role(.manager),
        "POST /households/{id}/invitations": .role(.owner), "POST /households/{id}/invitations/{invitation}/revoke": .role(.owner),
        "POST /households/{id}/members/{account}/role": .role(.owner), "POST /households/{id}/members/{account}/remove": .role(.owner),
        "POST /households/{id}/transfer": .role(.owner), "POST /households/{id}/dissolve": .role(.owner),
        "POST /households/{id}/leave": .role(.viewer), "POST /households/{id}/ownership/accept": .role(.viewer),
        "POST /staff": .role(.manager), "GET /staff/{id}": .role(.viewer), "POST /staff/{id}/edit": .role(.manager),
        "POST /staff/{id}/end": .role(.manager), "POST /staff/{id}/salary": .role(.manager), "POST /staff/{id}/leave": .role(.manager),
        "POST /staff/{id}/leave/{entry}/remove": .role(.manager), "POST /staff/{id}/adjustments": .role(.manager),
        "POST /staff/{id}/adjustments/{entry}/remove": .role(.manager), "POST /staff/{id}/remove": .role(.manager),
        "GET /staff/{id}/settlement": .role(.manager), "POST /staff/{id}/settlement": .role(.manager),
        "GET /documents/{id}": .role(.viewer), "GET /documents/{id}/original": .role(.viewer), "GET /documents/{id}/download": .role(.viewer),
        "GET /thumbnails/{hash}": .role(.viewer), "POST /documents/{id}/edit": .role(.manager), "POST /documents/{id}/link": .role(.manager),
        "POST /documents/{id}/unlink": .role(.manager), "POST /documents/{id}/reprocess": .role(.manager),
        "POST /documents/{id}/remove": .role(.manager), "POST /documents/{id}/apply": .role(.manager), "POST /upload": .role(.manager), "GET /payslips/{staff}/{month}": .role(.viewer),
        "POST /reports/payroll/close": .role(.manager), "POST /reports/payroll/reopen": .role(.manager),
        "POST /staff/{id}/payments": .role(.manager), "GET /staff/{id}/payments/{entry}/receipt": .role(.viewer), "POST /staff/{id}/payments/{entry}/reverse": .role(.manager),
        "POST /staff/{id}/advances": .role(.manager), "POST /staff/{id}/advances/{entry}/repay": .role(.manager),
    ]

    static func isRole(_ need: Need) -> Bool {
        if case .role = need { return true }
        return false
    }

    static func key(_ rule: RouteRule) -> String { "\(rule.method) \(rule.path)" }

    /// Routes whose household is named in the body: refused before the body is read when the person
    /// has the role in no household at all, so the answer is the same whichever household is named.
    static let namedInBody: Set<String> = ["POST /staff", "POST /documents/bulk", "POST /upload",
                                           "POST /reports/payroll/close", "POST /reports/payroll/reopen"]

    static func expected(_ need: Need, _ persona: Persona, _ target: Target, namedInBody: Bool = false) -> Outcome {
        if namedInBody, case .role(let needed) = need, persona != .nobody,
           let best = [persona.roleInShared, persona.roleInOther].compactMap({ $0 }).max(), best < needed {
            return .forbidden
        }
        switch need {
        case .open: return .reached
        case .signedIn: return persona == .nobody ? .signIn : .reached
        case .vaultUser: return persona == .nobody ? .signIn : persona == .machineUser ? .reached : .forbidden
        case .role(let needed):
            if persona == .nobody { return .signIn }
            let held: HouseholdRole?
            switch target {
            case .missing: held = nil
            case .other: held = persona.roleInOther
            case .shared: held = persona.roleInShared
            }
            guard let held else { return .notFound }
            return held >= needed ? .reached : .forbidden
        }
    }

    // MARK: - The fixture, made once and copied for every request

    final class Fixture: @unchecked Sendable {
        let folder: URL
        let shared: Records
        let other: Records
        var sessions: [Persona: (token: String, csrf: String)] = [:]
        let rules: [RouteRule]

        init() async throws {
            let harness = try WebHarness()
            let database = harness.app.database
            let hash = "$argon2id$v=19$m=19456,t=5,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g"
            var accounts: [String: Account] = [:]
            for name in ["vera", "manu", "olga", "otto", "remy", "mira", "mick"] {
                accounts[name] = try database.addAccount(name: name, passwordHash: hash)
            }
            // Sea View, shared: owned by olga through a transfer, with a viewer, a manager, a removed viewer.
            try harness.seed()
            let sea = harness.household!
            for (name, role) in [("olga", HouseholdRole.manager), ("vera", .viewer), ("manu", .manager), ("remy", .viewer), ("mira", .viewer)] {
                try database.acceptInvitation(token: database.invite(to: sea.id, role: role).token, by: accounts[name]!)
            }
            try database.acceptInvitation(token: database.offerOwnership(of: sea.id, to: "olga").token, by: accounts["olga"]!)
            try database.removeMember("remy", from: sea.id)
            shared = try Self.records(harness, sea, harness.maria, harness.document, member: "mira")
            // Hill House: otto's own, with its own staff, document and member.
            let hill = try database.addHousehold(Household(name: "Hill House"), owner: accounts["otto"]!).household
            let ravi = try database.addStaff(StaffMember(householdID: hill.id, legalName: "Ravi Kumar", startDate: CalendarDate(parsing: "2023-03-01")),
                                             salary: Money(parsing: "2000", currency: Currency(code: "AED"))).member
            let png = WebHarness.samples.appendingPathComponent("fixtures/swatch-1.png").path
            guard case .added(let swatch) = harness.app.ingestor.ingest(png, IngestRequest(household: hill, staff: [ravi.id.rawValue], kind: .other)) else {
                throw XCTSkip("unreachable: the sample PNG was not added")
            }
            try database.acceptInvitation(token: database.invite(to: hill.id, role: .viewer).token, by: accounts["mick"]!)
            other = try Self.records(harness, hill, ravi, swatch, member: "mick")
            for persona in Persona.allCases {
                guard let name = persona.account else { continue }
                let opened = try database.openSession(for: accounts[name]!, address: nil)
                sessions[persona] = (opened.token, opened.csrfToken)
            }
            rules = harness.routes.rules
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: harness.folder, to: folder)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        static func records(_ harness: WebHarness, _ household: Household, _ staff: StaffMember, _ document: DocumentDetails,
                            member: String) throws -> Records {
            let database = harness.app.database
            let leave = try database.addLeave(staff.id.rawValue, range: DateRange(CalendarDate(parsing: "2026-10-05"), CalendarDate(parsing: "2026-10-06")),
                                              halfDay: false, type: .annual, note: nil)
            let adjustment = try database.addAdjustment(staff.id.rawValue, month: YearMonth(parsing: "2026-10"), amount: "100", reason: "Diwali bonus")
            let payment = try database.recordPayment(PaymentRequest(staff: staff.id.rawValue, amount: "100", paidOn: CalendarDate(parsing: "2026-10-31"),
                                                                    method: .cash, months: [YearMonth(parsing: "2026-10")]))
            let advance = try database.addAdvance(AdvanceRequest(staff: staff.id.rawValue, amount: "300", givenOn: CalendarDate(parsing: "2026-10-10"),
                                                                 repay: .instalments(3)))
            let invitation = try database.invite(to: household.id, role: .viewer).invitation
            return Records(household: household.id.rawValue, staff: staff.id.rawValue, document: document.document.id.rawValue,
                           thumbnail: try XCTUnwrap(document.object.thumbnailHash), leave: leave.value.id.rawValue,
                           adjustment: adjustment.value.id.rawValue, payment: payment.payment.id.rawValue,
                           advance: advance.statement.advance.id.rawValue, invitation: invitation.id.rawValue, member: member)
        }

        /// A fresh copy of the vault, served by a new application.
        func copy() throws -> (WebApp, URL) {
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-copy-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: folder, to: copy)
            try? FileManager.default.removeItem(at: copy.appendingPathComponent("homecrew.sqlite-shm"))
            let settings = ServeSettings(vault: VaultLocation(directory: copy.path), listen: ListenAddress(host: "127.0.0.1", port: 0),
                                         today: WebHarness.today, uploadLimit: 1 << 20)
            let app = try WebApp.open(settings, tokenFile: nil)
            app.identity.accept(authority: "localhost")
            return (app, copy)
        }
    }

    /// The route's path with the target's records in it, and the form that goes with it.
    static func request(_ rule: RouteRule, _ target: Target, _ fixture: Fixture) -> (uri: String, form: [(String, String)]) {
        let records: Records? = switch target {
        case .missing: nil
        case .other: fixture.other
        case .shared: fixture.shared
        }
        let missing = "0123456789ab"
        let kind = rule.path.hasPrefix("/staff/") ? "staff" : rule.path.hasPrefix("/documents/") ? "document" : "household"
        let path = rule.path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            let name = segment.trimmingCharacters(in: CharacterSet(charactersIn: ":{}"))
            guard segment.hasPrefix(":") || segment.hasPrefix("{") else { return String(segment) }
            switch name {
            case "id": return kind == "staff" ? records?.staff ?? missing : kind == "document" ? records?.document ?? missing : records?.household ?? missing
            case "staff": return records?.staff ?? missing
            case "hash": return records?.thumbnail ?? String(repeating: "ab", count: 32)
            case "entry":
                let entry = rule.path.contains("/leave/") ? records?.leave : rule.path.contains("/payments/") ? records?.payment
                    : rule.path.contains("/advances/") ? records?.advance : records?.adjustment
                return entry ?? missing
            case "invitation": return records?.invitation ?? missing
            case "account": return records?.member ?? "nobody"
            case "month": return "2026-10"
            default: return String(repeating: "cd", count: 32)
            }
        }.joined(separator: "/")
        let form = [("household", records?.household ?? missing), ("staff", records?.staff ?? missing), ("month", "2026-10"),
                    ("role", "manager"), ("account", records?.member ?? "nobody"), ("kind", "other"),
                    ("document", records?.document ?? missing), ("action", "link")]
        return (path, form)
    }

    static func outcome(_ response: TestResponse) -> Outcome {
        if response.status == .seeOther, response.headers[.location]?.hasPrefix("/signin") == true { return .signIn }
        if response.status == .forbidden { return .forbidden }
        if response.status == .notFound { return .notFound }
        return .reached
    }

    func testEveryRouteAnswersEachPersonAsItsRuleSays() async throws {
        let fixture = try await Fixture()
        XCTAssertEqual(Set(fixture.rules.map(Self.key)), Set(Self.needs.keys), "every route has a written expectation, and only routes that exist")
        let checked = Counter()
        for rule in fixture.rules where !rule.path.hasPrefix("/assets") {
            for persona in Persona.allCases {
                // One vault per route and person: a step that removes something cannot hide the next answer.
                let (app, copy) = try fixture.copy()
                defer { try? FileManager.default.removeItem(at: copy) }
                var opened = fixture.sessions[persona]
                if persona == .machineUser, let signedIn = try await app.sessions.signIn(with: await app.sessions.signInToken) {
                    opened = (signedIn.id, signedIn.csrfToken)
                }
                let session = opened
                let application = Application(router: WebRoutes.build(app).router)
                try await application.test(.router) { client in
                    for target in Target.allCases {
                        let (uri, form) = Self.request(rule, target, fixture)
                        let response = try await Self.send(client, rule, uri, form, session)
                        let need = try XCTUnwrap(Self.needs[Self.key(rule)], "\(rule) is not in the matrix's list of what routes need")
                        let want = Self.expected(need, persona, target, namedInBody: Self.namedInBody.contains(Self.key(rule)))
                        let got = Self.outcome(response)
                        // A route without a household rule may answer 404 itself (an unknown invitation or feed token).
                        let handlerOwnAnswer = want == .reached && !Self.isRole(need)
                            && (got == .notFound || got == .signIn && rule.path == "/signout")  // signing out shows the sign-in page
                        XCTAssertEqual(handlerOwnAnswer ? .reached : got, want, "\(rule) as \(persona) on the \(target) record: \(response.status) \(response.headers[.location] ?? "") \(rule.body == .upload ? response.text.suffix(1500) : "")")
                        checked.value += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked.value, 800)
    }

    static func send(_ client: some TestClientProtocol, _ rule: RouteRule, _ uri: String, _ form: [(String, String)],
                     _ session: (token: String, csrf: String)?,
                     files: [(name: String, bytes: [UInt8])] = [("note.txt", Array("not a document".utf8))]) async throws -> TestResponse {
        var headers: HTTPFields = [.origin: "http://localhost"]
        if let session { headers[.cookie] = "\(SiteGuard.sessionCookie)=\(session.token)" }
        switch rule.body {
        case .none:
            return try await client.execute(uri: uri, method: rule.method, headers: headers, body: nil)
        case .form:
            headers[.contentType] = "application/x-www-form-urlencoded"
            let fields = form + [("csrf", session?.csrf ?? "")]
            let body = fields.map { "\(URLComponent.encode($0.0))=\(URLComponent.encode($0.1))" }.joined(separator: "&")
            return try await client.execute(uri: uri, method: rule.method, headers: headers, body: ByteBuffer(string: body))
        case .upload:
            headers[.contentType] = "multipart/form-data; boundary=\(UploadTests.boundary)"
            let body = UploadTests.multipart(form.filter { ["household", "kind", "staff"].contains($0.0) }, files: files)
            return try await client.execute(uri: uri + "?csrf=\(session?.csrf ?? "")", method: rule.method, headers: headers, body: body)
        }
    }
}

final class Counter: @unchecked Sendable { var value = 0 }

extension AuthorizationMatrixTests {
    /// The routes whose form names a record by a field, and the field.
    static let recordFields: [String: [String]] = [
        "POST /documents/{id}/link": ["staff"], "POST /documents/{id}/unlink": ["staff"], "POST /staff": ["household"],
        "POST /reports/payroll/close": ["household"], "POST /reports/payroll/reopen": ["household"], "POST /upload": ["household", "staff"],
        "POST /documents/bulk": ["document", "staff"],
    ]

    /// A field that names another household's record (by id, id prefix, name or a word of it)
    /// gets exactly the answer a record that does not exist gets: the status and the page, with
    /// only the name that was typed differing. A field that resolved outside the person's
    /// households (the leak the matrix is for) fails here.
    func testAFieldNamingAnotherHouseholdsRecordIsAnsweredAsIfItDidNotExist() async throws {
        let fixture = try await Fixture()
        var compared = 0
        for (key, fields) in Self.recordFields.sorted(by: { $0.key < $1.key }) {
            let rule = try XCTUnwrap(fixture.rules.first { Self.key($0) == key }, key)
            for persona in [Persona.viewer, .manager, .owner] {
                for field in fields {
                    let foreign = field == "staff"
                        ? [fixture.other.staff, String(fixture.other.staff.prefix(4)), "Ravi Kumar", "ravi"]
                        : field == "document" ? [fixture.other.document] : [fixture.other.household, "Hill House"]
                    for reference in foreign {
                        let missing = field == "staff" ? "Zed Nobody" : "0123456789ab"
                        let (app, copy) = try fixture.copy()
                        defer { try? FileManager.default.removeItem(at: copy) }
                        let application = Application(router: WebRoutes.build(app).router)
                        try await application.test(.router) { client in
                            let (uri, form) = Self.request(rule, .shared, fixture)
                            func with(_ value: String) -> [(String, String)] { form.map { $0.0 == field ? ($0.0, value) : $0 } }
                            // A real PDF, so that the upload gets as far as naming its staff.
                            let pdf = [(name: "scan.pdf", bytes: try UploadTests.sample("fixtures/hello.pdf"))]
                            let got = try await Self.send(client, rule, uri, with(reference), fixture.sessions[persona], files: pdf)
                            let none = try await Self.send(client, rule, uri, with(missing), fixture.sessions[persona], files: pdf)
                            let what = "\(key) as \(persona) with \(field)=\(reference)"
                            XCTAssertEqual(got.status, none.status, what)
                            XCTAssertEqual(Self.normalized(got.text, reference), Self.normalized(none.text, missing), what)
                            for name in ["Hill House", "Ravi Kumar"] where !reference.contains(name) {
                                XCTAssertFalse(got.text.contains(name), "\(what) names \(name)")
                            }
                        }
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, 3 * (4 + 4 + 2 + 2 + 2 + 2 + 4 + 1 + 4))
    }

    /// A file another household holds, uploaded by a manager to her own household, is answered as a
    /// new file is: added, as her household's own document, with nothing of the other household.
    func testAFileAnotherHouseholdHoldsIsAnsweredAsANewFileIs() async throws {
        let fixture = try await Fixture()
        let rule = try XCTUnwrap(fixture.rules.first { $0.path == "/upload" && $0.method == .post })
        let (app, copy) = try fixture.copy()
        defer { try? FileManager.default.removeItem(at: copy) }
        let application = Application(router: WebRoutes.build(app).router)
        try await application.test(.router) { client in
            let (uri, form) = Self.request(rule, .shared, fixture)
            let held = try await Self.send(client, rule, uri, form, fixture.sessions[.manager],
                                           files: [("scan.png", try UploadTests.sample("fixtures/swatch-1.png"))])
            let fresh = try await Self.send(client, rule, uri, form, fixture.sessions[.manager],
                                            files: [("scan.png", try UploadTests.sample("fixtures/swatch-3.png"))])
            XCTAssertEqual(held.status, fresh.status)
            for response in [held, fresh] {
                XCTAssertEqual(response.text.components(separatedBy: "data-verdict=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }, ["added"],
                               "\(response.status) \(response.text.components(separatedBy: "<form").first?.suffix(800) ?? "")")
            }
            XCTAssertFalse(held.text.contains(fixture.other.document), "the other household's document is not named")
            for name in ["Hill House", "Ravi Kumar"] { XCTAssertFalse(held.text.contains(name), "names \(name)") }
        }
        let filed = try app.database.documentListing(DocumentFilter(householdID: RecordID(rawValue: fixture.shared.household)))
        XCTAssertEqual(filed.filter { $0.document.originalName == "scan.png" }.count, 2, "both are the shared household's own")
        XCTAssertEqual(try app.database.findDocument(fixture.other.document).staff.map(\.legalName), ["Ravi Kumar"], "nothing linked to the other's document")
    }

    /// The page with the typed name (as the page escapes it) and the per-request tokens taken out.
    static func normalized(_ text: String, _ typed: String) -> String {
        text.replacingOccurrences(of: HTML.escape(typed), with: "…")
            .replacingOccurrences(of: #"value="[0-9a-f]{64}""#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"csrf=[0-9a-f]{64}"#, with: "", options: .regularExpression)
    }
}
