import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// An upload or form is read only as far as the session's reach allows: nothing of a body is read
/// for a person who may not send it, reading stops at a household outside reach, and the number of
/// fields, files and header lines is bounded.
final class UploadReachTests: XCTestCase {
    /// Sea View (the harness's, with hello.pdf filed as a contract) and Hill House; `nadia` views Sea
    /// View and manages Hill House, `lone` belongs to no household.
    struct Setup {
        let harness: WebHarness
        let hill: Household
        let sessions: [String: (token: String, csrf: String)]
    }

    static func setUp() async throws -> Setup {
        let harness = try WebHarness()
        try harness.seed(title: "Sea View's secret contract")
        let database = harness.app.database
        let hash = "$argon2id$v=19$m=19456,t=5,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g"
        let nadia = try database.addAccount(name: "nadia", passwordHash: hash)
        let otto = try database.addAccount(name: "otto", passwordHash: hash)
        let lone = try database.addAccount(name: "lone", passwordHash: hash)
        let hill = try database.addHousehold(Household(name: "Hill House"), owner: otto).household
        try database.acceptInvitation(token: database.invite(to: harness.household.id, role: .viewer).token, by: nadia)
        try database.acceptInvitation(token: database.invite(to: hill.id, role: .manager).token, by: nadia)
        var sessions: [String: (token: String, csrf: String)] = [:]
        for account in [nadia, lone] {
            let opened = try database.openSession(for: account, address: nil)
            sessions[account.name] = (opened.token, opened.csrfToken)
        }
        return Setup(harness: harness, hill: hill, sessions: sessions)
    }

    static func send(_ setup: Setup, as name: String, _ uri: String, method: HTTPRequest.Method = .post, body: ByteBuffer?,
                     contentType: String = "multipart/form-data; boundary=\(UploadTests.boundary)") async throws -> TestResponse {
        let session = setup.sessions[name]!
        let application = Application(router: setup.harness.routes.router)
        let answer = Answer()
        try await application.test(.router) { client in
            let separator = uri.contains("?") ? "&" : "?"
            let query = method == .post && contentType.hasPrefix("multipart") ? "\(separator)csrf=\(session.csrf)" : ""
            answer.response = try await client.execute(uri: uri + query, method: method,
                                              headers: [.cookie: "\(SiteGuard.sessionCookie)=\(session.token)", .origin: "http://localhost",
                                                        .contentType: contentType],
                                              body: body)
        }
        return try XCTUnwrap(answer.response)
    }

    final class Answer: @unchecked Sendable { var response: TestResponse? }

    static func leftovers(_ setup: Setup) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: setup.harness.app.objects.temporaryDirectory)
    }

    /// The body after the fields is not multipart at all: a reader that went on would answer 400.
    static let garbage = ByteBuffer(string: "this is not part of any form\r\n")
    /// A delimiter that ends the field before it and then goes wrong: read on, the form is malformed (400).
    static let brokenDelimiter = "--\(UploadTests.boundary)XX this is not part of any form\r\n"

    func testAnAccountOfNoHouseholdIsRefusedBeforeAByteOfItsUploadOrFormIsRead() async throws {
        let setup = try await Self.setUp()
        let upload = try await Self.send(setup, as: "lone", "/upload", body: Self.garbage)
        XCTAssertEqual(upload.status, .notFound, upload.text)
        let form = try await Self.send(setup, as: "lone", "/staff", body: ByteBuffer(string: String(repeating: "x=1&", count: 5000)),
                                       contentType: "application/x-www-form-urlencoded")
        XCTAssertEqual(form.status, .notFound, "refused before the form is read: \(form.text.prefix(300))")
        XCTAssertEqual(try Self.leftovers(setup), [])
    }

    func testAHouseholdOutsideReachStopsTheUploadAtItsField() async throws {
        let setup = try await Self.setUp()
        // nadia only views Sea View: the upload stops at its household field, before the malformed rest.
        var body = UploadTests.multipart([("household", setup.harness.household.id.rawValue)], files: [], end: false)
        body.writeString(Self.brokenDelimiter)
        let viewed = try await Self.send(setup, as: "nadia", "/upload", body: body)
        XCTAssertEqual(viewed.status, .forbidden, viewed.text)
        var foreign = UploadTests.multipart([("household", "zzzzzzzzzzzz")], files: [], end: false)
        foreign.writeString(Self.brokenDelimiter)
        let absent = try await Self.send(setup, as: "nadia", "/upload", body: foreign)
        XCTAssertEqual(absent.status, .notFound, absent.text)
        XCTAssertEqual(try Self.leftovers(setup), [])
    }

    func testAFileBeforeTheHouseholdFieldIsRefusedAndNotKept() async throws {
        let setup = try await Self.setUp()
        var body = UploadTests.multipart([], files: [("early.txt", Array("early".utf8))], end: false)
        body.writeString("--\(UploadTests.boundary)\r\nContent-Disposition: form-data; name=\"household\"\r\n\r\n\(setup.hill.id.rawValue)\r\n")
        body.writeString("--\(UploadTests.boundary)--\r\n")
        let response = try await Self.send(setup, as: "nadia", "/upload", body: body)
        XCTAssertEqual(response.status, .badRequest)
        XCTAssertTrue(response.text.contains("must come before its files"), response.text)
        XCTAssertEqual(try setup.harness.app.database.documentListing(DocumentFilter(householdID: setup.hill.id)).count, 0)
        XCTAssertEqual(try Self.leftovers(setup), [])
    }

    func testFieldsFilesAndHeaderLinesAreBounded() async throws {
        let setup = try await Self.setUp()
        let household = ("household", setup.hill.id.rawValue)
        let fields = UploadTests.multipart([household] + (0..<WebLimits.formFields + 1).map { ("f\($0)", "v") }, files: [])
        let tooManyFields = try await Self.send(setup, as: "nadia", "/upload", body: fields)
        XCTAssertEqual(tooManyFields.status, .badRequest)
        XCTAssertTrue(tooManyFields.text.contains("more than \(WebLimits.formFields) fields"), tooManyFields.text)

        let files = (0...WebLimits.uploadFiles).map { (name: "n\($0).txt", bytes: Array("n".utf8)) }
        let tooManyFiles = try await Self.send(setup, as: "nadia", "/upload", body: UploadTests.multipart([household], files: files))
        XCTAssertEqual(tooManyFiles.status, .badRequest)
        XCTAssertTrue(tooManyFiles.text.contains("At most \(WebLimits.uploadFiles) files"), tooManyFiles.text)

        var headers = UploadTests.multipart([household], files: [], end: false)
        headers.writeString("--\(UploadTests.boundary)\r\nContent-Disposition: form-data; name=\"kind\"\r\n")
        for line in 0..<WebLimits.partHeaderLines { headers.writeString("X-Line-\(line): y\r\n") }
        headers.writeString("\r\nother\r\n--\(UploadTests.boundary)--\r\n")
        let tooManyHeaders = try await Self.send(setup, as: "nadia", "/upload", body: headers)
        XCTAssertEqual(tooManyHeaders.status, .badRequest)
        XCTAssertTrue(tooManyHeaders.text.contains("header lines"), tooManyHeaders.text)

        let form = (0..<WebLimits.formFields).map { "f\($0)=v" }.joined(separator: "&") + "&household=\(setup.hill.id.rawValue)&csrf=\(setup.sessions["nadia"]!.csrf)"
        let tooManyFormFields = try await Self.send(setup, as: "nadia", "/staff", body: ByteBuffer(string: form),
                                                    contentType: "application/x-www-form-urlencoded")
        XCTAssertEqual(tooManyFormFields.status, .badRequest)
        XCTAssertEqual(try setup.harness.app.database.documentListing(DocumentFilter(householdID: setup.hill.id)).count, 0)
        XCTAssertEqual(try Self.leftovers(setup), [])
    }

    /// Fields are held in memory: all of an upload's together are bounded, not only each (a thousand
    /// fields of 64 KB each held 64 MB a request).
    func testTheFieldsOfAnUploadAreBoundedTogether() async throws {
        let setup = try await Self.setUp()
        let large = String(repeating: "x", count: UploadReceiver.fieldLimit - 1)
        let count = WebLimits.uploadFieldBytes / large.utf8.count + 1
        let body = UploadTests.multipart([("household", setup.hill.id.rawValue)] + (0..<count).map { ("f\($0)", large) }, files: [])
        let response = try await Self.send(setup, as: "nadia", "/upload", body: body)
        XCTAssertEqual(response.status, .badRequest)
        XCTAssertTrue(response.text.contains("hold more than \(WebLimits.uploadFieldBytes / 1024) KB together"), response.text)
        XCTAssertEqual(try Self.leftovers(setup), [])
    }

    /// A household is found by id before name: a name in an id's form is refused, so nobody names
    /// her own household after another's id and then removes "it" (which removed the other one).
    func testAHouseholdCannotBeNamedLikeAnotherHouseholdsID() async throws {
        let setup = try await Self.setUp()
        let victim = setup.harness.household.id.rawValue
        let form = "name=\(victim)&csrf=\(setup.sessions["lone"]!.csrf)"
        let made = try await Self.send(setup, as: "lone", "/households", body: ByteBuffer(string: form), contentType: "application/x-www-form-urlencoded")
        XCTAssertEqual(made.status, .unprocessableContent, made.text)
        XCTAssertTrue(made.text.contains("the form of a record&#39;s id") || made.text.contains("the form of a record's id"), made.text)
        XCTAssertThrowsError(try setup.harness.app.database.addHousehold(Household(name: victim.uppercased())))
        // Removing a household names it by id: the one in the address, whatever its name.
        let decoy = try setup.harness.app.database.addHousehold(Household(name: "Decoy \(victim)")).household
        let removed = try await Self.send(setup, as: "nadia", "/households/\(setup.hill.id.rawValue)/remove",
                                          body: ByteBuffer(string: "csrf=\(setup.sessions["nadia"]!.csrf)"), contentType: "application/x-www-form-urlencoded")
        XCTAssertNotEqual(removed.status, .seeOther, "a manager is not the owner: \(removed.text)")
        XCTAssertNoThrow(try setup.harness.app.database.householdSummary(id: setup.harness.household.id))
        XCTAssertNoThrow(try setup.harness.app.database.householdSummary(id: decoy.id))
    }

    /// Each field is added in place: a form of the most fields allowed keeps every one of them.
    func testTheReceiverKeepsEveryFieldOfAFormAtTheLimit() async throws {
        let setup = try await Self.setUp()
        let receiver = try UploadReceiver(objects: setup.harness.app.objects, limit: 64 << 20)
        defer { receiver.removeFolder() }
        let body = UploadTests.multipart((0..<WebLimits.formFields).map { ("f\($0 % 10)", "\($0)") }, files: [])
        let stream = AsyncStream<ByteBuffer> { continuation in continuation.yield(body); continuation.finish() }
        try await receiver.receive(RequestBody(asyncSequence: stream), boundary: UploadTests.boundary)
        XCTAssertEqual(receiver.fields.fields.values.map(\.count).reduce(0, +), WebLimits.formFields)
        XCTAssertEqual(receiver.fields.all("f3").count, WebLimits.formFields / 10)
    }

    /// The payments form is authorized by its path: a person outside the staff's household gets 404
    /// for a body that is not even a form, as nothing of it is read.
    func testAPaymentToStaffOutsideReachIsRefusedBeforeItsBodyIsRead() async throws {
        let setup = try await Self.setUp()
        let response = try await Self.send(setup, as: "lone", "/staff/\(setup.harness.maria.id.rawValue)/payments", body: Self.garbage)
        XCTAssertEqual(response.status, .notFound)
        let viewer = try await Self.send(setup, as: "nadia", "/staff/\(setup.harness.maria.id.rawValue)/payments", body: Self.garbage)
        XCTAssertEqual(viewer.status, .forbidden)
    }

    /// A viewer of Sea View who manages Hill House uploads Sea View's file as Hill House's: it becomes
    /// Hill House's own document, Sea View's title never appears, nothing of Sea View is linked; and
    /// a file named `.exe` that is a PDF downloads as `.pdf`.
    func testAnotherHouseholdsFileUploadedIsFiledAsTheUploadersOwnAndNamedByItsType() async throws {
        let setup = try await Self.setUp()
        let sea = setup.harness.document!
        let body = UploadTests.multipart([("household", setup.hill.id.rawValue), ("kind", "other")],
                                         files: [("invoice.exe", try UploadTests.sample("fixtures/hello.pdf"))])
        let response = try await Self.send(setup, as: "nadia", "/upload", body: body)
        XCTAssertEqual(response.status, .ok, response.text)
        XCTAssertTrue(response.text.contains("data-verdict=\"added\""), response.text)
        XCTAssertFalse(response.text.contains("secret contract"), "Sea View's title is not told")
        XCTAssertFalse(response.text.contains(sea.document.id.rawValue), "nor its id")
        let database = setup.harness.app.database
        let own = try database.documentListing(DocumentFilter(householdID: setup.hill.id))
        XCTAssertEqual(own.map(\.document.originalName), ["invoice.exe"])
        XCTAssertEqual(own.first?.object.hash, sea.object.hash, "the object is shared, the document is not")
        XCTAssertEqual(try database.findDocument(sea.document.id.rawValue).staff.map(\.id), [setup.harness.maria.id])
        XCTAssertEqual(try database.documentListing(DocumentFilter(householdID: setup.harness.household.id)).count, 1)

        let id = try XCTUnwrap(own.first?.document.id.rawValue)
        let download = try await Self.send(setup, as: "nadia", "/documents/\(id)/download", method: .get, body: nil)
        XCTAssertEqual(download.status, .ok)
        XCTAssertEqual(download.headers[.contentType], "application/pdf")
        XCTAssertTrue(download.headers[.contentDisposition]?.contains("filename=\"invoice.pdf\"") ?? false,
                      download.headers[.contentDisposition] ?? "no Content-Disposition")
    }

    /// A taken name must be refused when joining by invitation (names sign in), but the answer does
    /// not confirm that an account of that name exists, and the invitation stays usable.
    func testJoiningWithATakenNameDoesNotConfirmTheAccount() async throws {
        let setup = try await Self.setUp()
        let token = try setup.harness.app.database.invite(to: setup.harness.household.id, role: .viewer).token
        try await setup.harness.test { client in
            let taken = try await AccountSignInTests.send(client, "/invitations/\(token)/join", cookie: nil,
                                                          form: ["name": "Nadia", "password": SharingPageTests.password, "again": SharingPageTests.password])
            XCTAssertEqual(taken.status, .unprocessableContent)
            XCTAssertFalse(taken.text.contains("already exists"), taken.text)
            XCTAssertTrue(taken.text.contains("This name cannot be used for a new account"), taken.text)
        }
        XCTAssertEqual(try setup.harness.app.database.invitation(token: token).state, .pending)
    }
}
