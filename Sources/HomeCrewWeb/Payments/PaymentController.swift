import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import Hummingbird

/// Payments and advances of one person, recorded from their page: the same operations as
/// `pay record`, `pay reverse`, `advance add` and `advance repay`.
struct PaymentController: Sendable {
    let app: WebApp

    /// A payment with its proof: a multipart form, so that a phone sends the receipt's photo with it.
    @Sendable func record(_ request: Request, _ context: WebContext) async throws -> Response {
        let current = try app.database.findStaff(context.recordID("id"), within: context.reach)
        let (receiver, boundary) = try UploadReceiver.opening(request, app)
        defer { receiver.removeFolder() }
        try await receiver.receive(request.body, boundary: boundary)
        let fields = receiver.fields
        // A file input left empty still sends a part: one without a name or a byte.
        let files = receiver.files.filter { $0.complete && $0.size > 0 }.map(\.path)
        do {
            var payment = PaymentRequest(
                staff: current.member.id.rawValue, amount: try fields.required("paid_amount", t("The amount")),
                currency: try fields["paid_currency"].map { try Currency(code: $0) }, paidOn: try fields.date("paid_on", t("The day paid")),
                method: try PaymentMethod(parsing: fields.required("paid_method", t("The method"))),
                months: try fields.all("paid_month").map { try YearMonth(parsing: $0) }, reference: fields["paid_reference"],
                note: fields["paid_note"], reach: context.reach)
            if fields["paid_opening"] == "yes" {
                payment.openingThrough = try YearMonth(parsing: fields.required("paid_settled_through", t("The month")))
                payment.openingOn = app.today
            }
            let recorder = PaymentRecorder(database: app.database, ingestor: app.ingestor)
            let receipt = fields["paid_receipt"] == "yes"
            let request = payment
            _ = try await offload { try recorder.record(request, files: files, receipt: receipt) }
            return Redirect.to("/staff/\(current.member.id.rawValue)#payments")
        } catch {
            return try refusal(error, context)
        }
    }

    /// The payment's receipt to print and sign, drawn afresh (the same bytes as the one kept).
    @Sendable func receipt(_ request: Request, _ context: WebContext) async throws -> Response {
        let staff = try context.recordID("id")
        let entry = try app.database.payment(context.recordID("entry"), within: context.reach)
        guard entry.member.id.rawValue == staff else { throw WebError.notFound }
        return Response(status: .ok, headers: [
            .contentType: "application/pdf",
            .contentDisposition: ContentDisposition.value(inline: true, fileName: PaymentReceipt.fileName(entry.payment, member: entry.member)),
        ], body: .init(byteBuffer: ByteBuffer(bytes: PaymentRecorder.receiptPDF(entry))))
    }

    @Sendable func reverse(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in
            let entry = try context.recordID("entry")
            guard try app.database.payment(entry, within: context.reach).member.id.rawValue == id else { throw WebError.notFound }
            _ = try app.database.reversePayment(entry, on: app.today, note: form["note"], within: context.reach)
        }
    }

    @Sendable func giveAdvance(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in
            let repay: AdvanceRequest.Repay
            switch form["advance_rule"] ?? "per-month" {
            case "instalments":
                guard let count = Int(try form.required("advance_instalments", t("The number of instalments"))) else {
                    throw FormProblem(description: t("the number of instalments is a whole number"))
                }
                repay = .instalments(count)
            default: repay = .perMonth(try form.required("advance_per_month", t("The amount repaid each month")))
            }
            _ = try app.database.addAdvance(AdvanceRequest(
                staff: id, kind: form["advance_kind"] == "loan" ? .loan : .advance, amount: form.required("advance_amount", t("The amount")),
                givenOn: form.date("advance_on", t("The day given")), repay: repay,
                firstMonth: try form["advance_from"].map { try YearMonth(parsing: $0) },
                method: try PaymentMethod(parsing: form["advance_method"] ?? "cash"), note: form["advance_note"], reach: context.reach))
        }
    }

    @Sendable func repayAdvance(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in
            let entry = try context.recordID("entry")
            guard try app.database.advance(entry, within: context.reach).staffID.rawValue == id else { throw WebError.notFound }
            _ = try app.database.repayAdvance(entry, amount: form.required("repay_amount", t("The amount")), on: form.date("repay_on", t("The day")),
                                              method: PaymentMethod(parsing: form["repay_method"] ?? "cash"), within: context.reach)
        }
    }

    /// A change to this person's ledger: back to their page, or their page with the refusal.
    private func change(_ context: WebContext, _ work: (String) throws -> Void) throws -> Response {
        let current = try app.database.findStaff(context.recordID("id"), within: context.reach)
        return try attempt({
            try work(current.member.id.rawValue)
            return Redirect.to("/staff/\(current.member.id.rawValue)#payments")
        }, orShow: { try StaffPage(app: app, details: current, session: context.session, problem: $0).render() })
    }

    private func refusal(_ error: any Error, _ context: WebContext) throws -> Response {
        let (status, message) = WebError.presentation(of: error)
        guard status == .unprocessableContent else { throw error }
        let current = try app.database.findStaff(context.recordID("id"), within: context.reach)
        var response = try StaffPage(app: app, details: current, session: context.session, problem: message).render()
        response.status = status
        return response
    }
}
