import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// A vault in a temporary folder with a household, two staff members and a PDF, the web
/// application over it, and a signed-in session; requests go through the whole router in process.
final class WebHarness: @unchecked Sendable {
    let folder: URL
    let app: WebApp
    let routes: RouteTable
    var household: Household!
    var maria: StaffMember!
    var document: DocumentDetails!
    private(set) var cookie = ""
    private(set) var csrf = ""

    static let today = try! CalendarDate(parsing: "2026-11-22")
    static var samples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples")
    }

    /// `answersToLocalhost` false: the server answers only to its real address, so the test
    /// client's `Host: localhost` is a foreign host.
    /// `trustedProxies`: peers whose `X-Forwarded-*` headers are believed (a live test saying it came over HTTPS).
    init(uploadLimit: Int64 = 64 << 20, answersToLocalhost: Bool = true, requestSeconds: Double = WebLimits.requestSeconds,
         trustedProxies: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID().uuidString)")
        let settings = ServeSettings(vault: VaultLocation(directory: folder.path), listen: ListenAddress(host: "127.0.0.1", port: 0),
                                     today: Self.today, uploadLimit: uploadLimit, trustedProxies: trustedProxies)
        var app = try WebApp.open(settings, tokenFile: nil)
        app.requestSeconds = requestSeconds
        self.app = app
        if answersToLocalhost { app.identity.accept(authority: "localhost") }
        routes = WebRoutes.build(app)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Records to look at: a household, Maria (paid in INR since 2022), and the sample contract PDF.
    func seed(householdName: String = "Sea View", staffName: String = "Maria Fernandes", title: String? = nil) throws {
        household = try app.database.addHousehold(Household(name: householdName, address: "12 Shore Road")).household
        maria = try app.database.addStaff(StaffMember(householdID: household.id, legalName: staffName, knownAs: "Maria",
                                                      startDate: CalendarDate(parsing: "2022-01-10"), annualLeave: LeaveDays(parsing: "21")),
                                          salary: Money(parsing: "30000", currency: Currency(code: "INR"))).member
        let pdf = Self.samples.appendingPathComponent("fixtures/hello.pdf").path
        guard case .added(let details) = app.ingestor.ingest(pdf, IngestRequest(household: household, staff: [maria.id.rawValue],
                                                                                 kind: .contract, title: title)) else {
            throw XCTSkip("unreachable: the sample PDF was not added")
        }
        document = details
    }

    func signIn() async throws {
        let token = await app.sessions.signInToken
        guard let session = try await app.sessions.signIn(with: token) else { return XCTFail("the printed token signs in") }
        cookie = "\(SiteGuard.sessionCookie)=\(session.id)"
        csrf = session.csrfToken
    }

    /// Runs requests against the router. `signedIn` adds the session cookie; non-GET requests
    /// carry this site's Origin unless `origin` says otherwise. `live`: over a loopback socket, so
    /// that requests have a client address (in process they have none).
    func test(live: Bool = false, _ body: @escaping @Sendable (Client) async throws -> Void) async throws {
        let application = Application(router: routes.router)
        let client = Client(cookie: cookie, csrf: csrf)
        try await application.test(live ? .live : .router) { testClient in
            client.inner = testClient
            try await body(client)
        }
    }

    final class Client: @unchecked Sendable {
        let cookie: String
        let csrf: String
        var inner: (any TestClientProtocol)!
        init(cookie: String, csrf: String) { self.cookie = cookie; self.csrf = csrf }

        func get(_ uri: String, signedIn: Bool = true, headers: HTTPFields = [:]) async throws -> TestResponse {
            var fields = headers
            if signedIn { fields[.cookie] = cookie }
            return try checked(try await inner.execute(uri: uri, method: .get, headers: fields, body: nil), uri)
        }

        /// A form post; `csrf` nil sends this session's token.
        func post(_ uri: String, _ fields: [String: String] = [:], csrf: String? = nil, signedIn: Bool = true,
                  origin: String? = "http://localhost", headers extra: HTTPFields = [:]) async throws -> TestResponse {
            var form = fields
            form["csrf"] = csrf ?? self.csrf
            let body = form.map { "\(URLComponent.encode($0.key))=\(URLComponent.encode($0.value))" }.joined(separator: "&")
            var headers = extra
            headers[.contentType] = "application/x-www-form-urlencoded"
            if signedIn { headers[.cookie] = cookie }
            if let origin { headers[.origin] = origin }
            return try checked(try await inner.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body)), uri)
        }

        /// Every page any test reads is checked for what a screen reader and a label need: no id
        /// twice, and every label's `for` naming a field of the page.
        private func checked(_ response: TestResponse, _ uri: String) throws -> TestResponse {
            guard response.headers[.contentType]?.hasPrefix("text/html") == true else { return response }
            for problem in PageStructure.problems(in: response.text) { XCTFail("\(uri): \(problem)") }
            return response
        }

        func raw(_ uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
            var fields = headers
            fields[.cookie] = cookie
            return try await inner.execute(uri: uri, method: method, headers: fields, body: body)
        }
    }
}

extension TestResponse {
    /// The body without the left-to-right marks a right-to-left page puts before a date or a figure
    /// in a sentence: the tests compare words; `raw` keeps them (PageWordsLanguageTests).
    var text: String { raw.replacingOccurrences(of: "\u{200E}", with: "") }
    var raw: String { String(buffer: body) }
}

/// What is wrong with a page's ids and labels, one line per problem.
enum PageStructure {
    static func problems(in html: String) -> [String] {
        let ids = values(of: "id", in: html)
        var seen: Set<String> = [], problems: [String] = []
        for id in ids where !seen.insert(id).inserted { problems.append("the id \(id) is used twice") }
        for target in values(of: "for", in: html) where !seen.contains(target) {
            problems.append("a label is for \(target), which is not on the page")
        }
        // A column without a name leaves a phone's card cell unlabelled and a screen reader silent.
        if html.contains("<th></th>") || html.contains("<th class=\"num\"></th>") { problems.append("a table column has no heading") }
        return problems
    }

    private static func values(of attribute: String, in html: String) -> [String] {
        let pattern = try! Regex("\\s\(attribute)=\"([^\"]*)\"")
        return html.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
    }
}
