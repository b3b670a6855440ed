import Foundation
import HomeCrewCore
import HomeCrewStore

/// The staff page's ledger: payments, advances and loans, and the forms that add to them.
extension StaffPage {
    func paymentSection(_ today: CalendarDate) throws -> HTML {
        let payments = try app.database.paymentPage(staff: member.id, ListPager.asked(query, "payment_page"))
        // Every advance that stands is read (what is left of each depends on the ledger of all of them),
        // but one page of them is shown, the latest first, with the forms to hand money back on those.
        // A reversed one is not (thousands may lie behind): its payment and reversal are in the payments.
        let all = try app.database.advanceListing(staff: member.id.rawValue, householdID: nil, through: YearMonth(today))
        let advances = Self.page(Array(all.reversed()), ListPager.asked(query, "advance_page"))
        return """
            <h2 id="payments">\(t("Payments"))</h2>\(paymentTable(payments.rows))\(pager.controls(payments, parameter: "payment_page", anchor: "payments", label: t("Pages of payments"),
                                                                           items: tPlural("{count} payment", "{count} payments", count: payments.total)))
            <h2 id="advances">\(t("Advances and loans"))</h2>\(advanceTable(advances.rows, today))\(pager.controls(advances, parameter: "advance_page", anchor: "advances", label: t("Pages of advances and loans"),
                                                                                      items: tPlural("{count} advance or loan", "{count} advances and loans", count: advances.total)))
            \(canChange ? try paymentForms(today) : .empty)\(canChange ? repayForms(advances.rows, today) : .empty)
            """
    }

    private func paymentTable(_ entries: [PaymentEntry]) -> HTML {
        guard !entries.isEmpty else { return "<p class=\"note\">\(t("No payment recorded."))</p>" }
        let rows = entries.map { entry -> HTML in
            let payment = entry.payment
            let proof = entry.proof.map { "<a href=\"/documents/\($0.id.rawValue)\">\(bdi: $0.title)</a>" as HTML }
            let state: HTML = payment.reverses.map { "\(t("reverses {entry}", ["entry": $0.short]))" }
                ?? entry.reversedBy.map { "\(t("reversed by {entry}", ["entry": $0.short]))" }
                ?? (canChange ? reverseForm(payment) : .empty)
            return """
                <tr><td>\(payment.paidOn.description)</td><td class="num">\(payment.amount.description)</td><td>\(PaymentWords.method(payment.method))</td>
                <td>\(purpose(payment))</td><td>\(bdi: payment.reference)</td><td>\(proof.isEmpty ? "—" : HTML.join(proof, separator: ", "))</td>
                <td>\(payment.isReversal ? .empty : "<a href=\"\(base)/payments/\(payment.id.rawValue)/receipt\">\(t("Receipt"))</a> " as HTML)\(state)</td></tr>
                """
        }
        return """
            <div class="scroll"><table class="ledger"><thead><tr><th>\(t("Paid on"))</th><th class="num">\(t("Amount"))</th><th>\(t("Method"))</th><th>\(t("For"))</th>
            <th>\(t("Reference"))</th><th>\(t("Proof"))</th><th><span class="sr-only">\(t("Receipt or reversal"))</span></th></tr></thead><tbody>\(rows)</tbody></table></div>
            """
    }

    private func purpose(_ payment: Payment) -> String {
        switch payment.purpose {
        case .payroll: payment.months.map { payment.months.count == 1 ? $0.month.description : "\($0.month) (\($0.amount.plainAmount))" }.joined(separator: ", ")
        case .advance: t("advance {entry}", ["entry": payment.advanceID?.short ?? ""])
        case .repayment: t("handed back on {entry}", ["entry": payment.advanceID?.short ?? ""])
        case .settlement: t("final settlement")
        }
    }

    private func reverseForm(_ payment: Payment) -> HTML {
        """
        <form class="inline" method="post" action="\(base)/payments/\(payment.id.rawValue)/reverse" data-confirm="\(t("Reverse this payment of {amount}? Both entries stay in the ledger.", ["amount": payment.amount.description]))">\(csrf)
        <button type="submit" class="link">\(t("Reverse"))</button></form>
        """
    }

    /// One page of a list already in memory.
    static func page<T: Sendable>(_ rows: [T], _ asked: PageRequest) -> Paged<T> {
        let page = min(asked.page, max(1, (rows.count + asked.size - 1) / asked.size))
        let start = (page - 1) * asked.size
        return Paged(rows: Array(rows[start..<min(rows.count, start + asked.size)]), total: rows.count, page: page, size: asked.size)
    }

    private func advanceTable(_ entries: [AdvanceEntry], _ today: CalendarDate) -> HTML {
        guard !entries.isEmpty else { return "<p class=\"note\">\(t("None."))</p>" }
        let month = YearMonth(today)
        let rows = entries.map { entry -> HTML in
            let statement = entry.statement, advance = statement.advance
            return """
                <tr><td>\(advance.givenOn.description)</td><td>\(t("{kind} {entry}", ["kind": PaymentWords.kind(advance.kind), "entry": advance.id.short]))</td><td class="num">\(advance.amount.description)</td>
                <td>\(PaymentWords.repayment(advance.repayment))</td><td class="num">\(statement.deducted(through: month).plainAmount)</td>
                <td class="num">\(statement.repaid(through: .latest).plainAmount)</td>
                <td class="num"><strong>\(entry.reversed ? t("reversed") : statement.left(through: month).description)</strong></td></tr>
                """
        }
        return """
            <div class="scroll"><table class="ledger"><thead><tr><th>\(t("Given"))</th><th>\(t("What"))</th><th class="num">\(t("Amount"))</th><th>\(t("Repaid"))</th>
            <th class="num">\(t("From pay"))</th><th class="num">\(t("Handed back"))</th><th class="num">\(t("Left"))</th></tr></thead><tbody>\(rows)</tbody></table></div>
            """
    }

    /// Recording a payment (with a photo of the receipt from a phone's camera) and giving an advance.
    private func paymentForms(_ today: CalendarDate) throws -> HTML {
        let methods = PaymentWords.methodOptions
        let year = Period(range: DateRange(YearMonth(today).first.adding(daysClamped: -365), YearMonth(today).last), label: "a year")
        let open = try app.database.payroll(year, householdID: nil, staffID: member.id, within: session?.reach ?? .everything).entries
            .filter { $0.outstanding.amount > 0 }
        let months = open.map { entry -> HTML in
            "<label><input type=\"checkbox\" name=\"paid_month\" value=\"\(entry.line.month.description)\"> \(t("{month}: {amount} owed", ["month": entry.line.month.description, "amount": entry.outstanding.description]))</label>"
        }
        let csrfQuery = URLComponent.encode(session?.csrfToken ?? "")
        return """
            <details id="record-payment"><summary>\(t("Record a payment"))</summary>
            <form method="post" action="\(base)/payments?csrf=\(csrfQuery)" enctype="multipart/form-data">
            \(Layout.field(t("Amount"), name: "paid_amount", required: true, hint: t("In the salary's currency unless you name another"),
                           attributes: "inputmode=\"decimal\""))
            \(Layout.field(t("Currency"), name: "paid_currency", hint: t("Leave empty for the salary's"), attributes: "maxlength=\"3\""))
            \(Layout.field(t("Paid on"), name: "paid_on", value: today.description, type: "date", required: true))
            \(Layout.select(t("Method"), name: "paid_method", options: methods, selected: "bank-transfer"))
            <fieldset class="field"><legend>\(t("For the months"))</legend>
            \(months.isEmpty ? "<p class=\"note\">\(t("No month in the last year is owed anything."))</p>" as HTML : HTML.join(months, separator: "<br>"))
            <small>\(t("None ticked: the oldest months still owed since the first payment recorded."))</small></fieldset>
            \(try openingOffer(today))
            \(Layout.field(t("Reference"), name: "paid_reference", hint: t("Transaction id, cheque or UPI number")))
            \(Layout.field(t("Note"), name: "paid_note"))
            <p class="field"><label><input type="checkbox" name="paid_receipt" value="yes"> \(t("Make a receipt to print and sign (kept with the payment)"))</label></p>
            <p class="field"><label for="f-proof-photo">\(t("Photo of the signed receipt"))</label>
            <input id="f-proof-photo" name="proof" type="file" accept="image/*" capture="environment"></p>
            <p class="field"><label for="f-proof-file">\(t("Or a file (a bank screenshot, a PDF)"))</label>
            <input id="f-proof-file" name="proof" type="file" accept="image/*,application/pdf" multiple></p>
            <p><button type="submit">\(t("Record payment"))</button></p></form></details>

            <details><summary>\(t("Give an advance or loan"))</summary>
            <form method="post" action="\(base)/advances">\(csrf)
            \(Layout.field(t("Amount"), name: "advance_amount", required: true, attributes: "inputmode=\"decimal\""))
            \(Layout.field(t("Given on"), name: "advance_on", value: today.description, type: "date", required: true))
            \(Layout.select(t("Kind"), name: "advance_kind", options: Advance.Kind.allCases.map { ($0.rawValue, PaymentWords.kind($0)) }))
            \(Layout.select(t("Repaid"), name: "advance_rule", options: [("per-month", t("a fixed amount each month")), ("instalments", t("in equal instalments"))]))
            \(Layout.field(t("Amount each month"), name: "advance_per_month", hint: t("With a fixed amount each month"), attributes: "inputmode=\"decimal\""))
            \(Layout.field(t("Number of instalments"), name: "advance_instalments", hint: t("With equal instalments"), attributes: "inputmode=\"numeric\""))
            \(Layout.field(t("First month repaid"), name: "advance_from", type: "month", hint: t("Empty: the month after it is given")))
            \(Layout.select(t("Handed over by"), name: "advance_method", options: methods, selected: "cash"))
            \(Layout.field(t("Note"), name: "advance_note"))
            <p><button type="submit">\(t("Give"))</button></p></form></details>
            """
    }

    /// With a household's first payment: the months before it were most likely settled before HomeCrew.
    private func openingOffer(_ today: CalendarDate) throws -> HTML {
        guard try app.database.mayOfferOpening(householdID: member.householdID) else { return .empty }
        return """
            <fieldset class="field"><legend>\(t("Before HomeCrew"))</legend>
            <label><input type="checkbox" name="paid_opening" value="yes"> \(t("Everything up to the month below was settled before HomeCrew (this is the household's first payment: without this, every month since each person started counts as owed)"))</label>
            \(Layout.field(t("Settled through"), name: "paid_settled_through", value: YearMonth(today).previous.description, type: "month"))
            </fieldset>
            """
    }

    private func repayForms(_ entries: [AdvanceEntry], _ today: CalendarDate) -> HTML {
        let methods = PaymentMethod.allCases.map { method -> HTML in "<option value=\"\(method.rawValue)\">\(PaymentWords.method(method))</option>" }
        let forms = entries.filter { !$0.reversed && $0.statement.left.amount > 0 }.map { entry -> HTML in
            let advance = entry.statement.advance, id = advance.id.rawValue
            return """
                <details><summary>\(moneyHandedBack(advance))</summary>
                <form method="post" action="\(base)/advances/\(id)/repay">\(csrf)
                <p class="field"><label for="f-repay-amount-\(id)">\(t("Amount"))</label>
                <input id="f-repay-amount-\(id)" name="repay_amount" inputmode="decimal" required></p>
                <p class="field"><label for="f-repay-on-\(id)">\(t("On", context: "date"))</label>
                <input id="f-repay-on-\(id)" name="repay_on" type="date" value="\(today.description)" required></p>
                <p class="field"><label for="f-repay-method-\(id)">\(t("Method"))</label>
                <select id="f-repay-method-\(id)" name="repay_method">\(methods)</select></p>
                <p><button type="submit">\(t("Record"))</button></p></form></details>
                """
        }
        return HTML.join(forms, separator: "\n")
    }

    /// "Money handed back on the loan of AED 5,000.00 (1a2b3c4d)": one sentence a kind, for the languages whose words agree with it.
    private func moneyHandedBack(_ advance: Advance) -> String {
        let values = ["amount": advance.amount.description, "entry": advance.id.short]
        return switch advance.kind {
        case .advance: t("Money handed back on the advance of {amount} ({entry})", values)
        case .loan: t("Money handed back on the loan of {amount} ({entry})", values)
        }
    }
}
