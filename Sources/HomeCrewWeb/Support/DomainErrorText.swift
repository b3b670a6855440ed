import HomeCrewCore
import HomeCrewStore

/// The domain's refusals that forms show most, in the page's language. The domain's sentences are
/// the CLI's (English, one line); an English page shows them as they are, and a refusal not listed
/// here is shown in the CLI's words on every page.
enum DomainErrorText {
    static func message(_ error: any Error) -> String {
        translated(error) ?? String(describing: error)
    }

    static func translated(_ error: any Error) -> String? {
        guard WebText.current.language != "en" else { return nil }
        return switch error {
        case let problem as AccountProblem: account(problem)
        case let violation as RuleViolation: rule(violation)
        case let violation as LeaveRuleViolation: leave(violation)
        case let problem as DateError: date(problem)
        case let problem as MoneyError: money(problem)
        case let problem as StaffLanguageError:
            t("Language \u{201C}{typed}\u{201D} is not one HomeCrew accepts; the accepted tags are: {tags}.",
              ["typed": problem.typed, "tags": StaffLanguage.accepted.map(\.tag).joined(separator: ", ")])
        case let problem as PeriodError: period(problem)
        case let violation as ClosedMonthViolation:
            t("This changes the payroll of {month}, which is closed for {household}; reopen that month on the Payroll page first.",
              ["month": violation.month.description, "household": violation.household])
        case let violation as AdvanceViolation: advance(violation)
        case let violation as PaymentViolation: payment(violation)
        case let problem as SharingProblem: sharing(problem)
        case let violation as OpeningViolation: opening(violation)
        case let problem as ListingError: listing(problem)
        case let problem as SettlementError: settlement(problem)
        case let problem as StoreError: store(problem)
        case let problem as DueWindowError:
            t("\u{201C}{text}\u{201D} is not a number of days ahead; give a whole number from {lowest} to {highest}.",
              ["text": problem.text, "lowest": String(DueList.windowDays.lowerBound), "highest": String(DueList.windowDays.upperBound)])
        default: nil
        }
    }

    private static func listing(_ problem: ListingError) -> String {
        switch problem {
        case .unknownKind(let text):
            t("Unknown document kind \u{201C}{text}\u{201D}; use one of: {kinds}.", ["text": text, "kinds": DocumentKind.allCases.map(\.rawValue).joined(separator: ", ")])
        case .unknownOrder(let text):
            t("Documents cannot be sorted by \u{201C}{text}\u{201D}; use one of: {orders}.", ["text": text, "orders": DocumentOrder.allCases.map(\.rawValue).joined(separator: ", ")])
        case .expiryWindow(let text):
            t("\u{201C}{text}\u{201D} is not an expiry window; give \u{201C}expired\u{201D} or a whole number of days from {lowest} to {highest}.",
              ["text": text, "lowest": String(DueList.windowDays.lowerBound), "highest": String(DueList.windowDays.upperBound)])
        case let .reversed(field, from, to):
            field == "issued" ? t("The dates of issue run backwards: {from} is after {to}.", ["from": from.description, "to": to.description])
                : t("The dates added run backwards: {from} is after {to}.", ["from": from.description, "to": to.description])
        }
    }

    private static func settlement(_ problem: SettlementError) -> String? {
        switch problem {
        case let .unknownRules(id, known):
            t("No settlement rules are named \u{201C}{id}\u{201D}; the known ones are: {known}.", ["id": id, "known": known.joined(separator: ", ")])
        case .noRulesChosen(let household):
            t("{household} has no settlement rules: choose the rules here, or choose the household's on its page.", ["household": household])
        case let .noticeAfterLeaving(notice, leaving):
            t("Notice given on {notice} is after the last day of work, {leaving}.", ["notice": notice.description, "leaving": leaving.description])
        case let .capInOtherCurrency(rules, cap, wage):
            t("The {rules} rules cap the gratuity in {cap}, but the wage is paid in {wage}; settle by a contract term instead.",
              ["rules": rules, "cap": cap, "wage": wage])
        case let .currencyMismatch(wage, other):
            t("The wage is paid in {wage} but the ledger holds {other}; settle them separately.", ["wage": wage, "other": other])
        case .nothingToPay(let currency):
            t("Nothing is owed in {currency}, so there is no settlement to record; record the last day of work on the staff page instead.", ["currency": currency])
        case let .alreadySettled(name, paidOn, entry):
            t("{name} was already settled on {date} (entry {entry}); reverse that settlement's payments first.",
              ["name": name, "date": paidOn.description, "entry": entry])
        case .workerOwes(let amount):
            t("The worker owes {amount} (notice not given); HomeCrew records only settlements the employer pays: record the last day of work on the staff page and settle this by hand.",
              ["amount": amount.description])
        case .contractTermsWithoutGratuity:
            t("The person's contract gives no gratuity: give its days a year with its month or minimum service.")
        case let .noWageBeforeSplit(split, name):
            t("The payment splits service at {date} and needs {name}'s monthly wage on {day_before} in the same currency as the last; add that salary to the salary history first.",
              ["date": split.description, "name": name, "day_before": split.adding(daysClamped: -1).description])
        case let .reasonNotSettled(reason, rules):
            t("The {rules} rules do not distinguish {reason}; settle it as a resignation or a termination, or by hand.",
              ["rules": rules, "reason": LeavingReason(rawValue: reason).map(PaymentWords.reason) ?? reason])
        case .rulesUnreadable: nil
        }
    }

    private static func store(_ problem: StoreError) -> String? {
        switch problem {
        case .noSuchHousehold(let name): t("No household is named \u{201C}{name}\u{201D}.", ["name": name])
        case .householdExists(let name):
            t("A household named \u{201C}{name}\u{201D} already exists (names are compared ignoring case).", ["name": name])
        case .accountExists(let name):
            t("An account named \u{201C}{name}\u{201D} already exists (names are compared ignoring case).", ["name": name])
        case let .householdHasStaff(name, count):
            tPlural("{household} still has {count} staff member; remove them first, or choose to remove them with the household.",
                    "{household} still has {count} staff members; remove them first, or choose to remove them with the household.",
                    count: count, ["household": name])
        case .noSuchStaff(let reference): t("No staff member matches \u{201C}{reference}\u{201D}.", ["reference": reference])
        case let .salaryEntryExists(staff, date):
            t("{name} already has a salary taking effect on {date}.", ["name": staff, "date": date.description])
        case .noSuchDocument(let reference): t("No document matches \u{201C}{reference}\u{201D}.", ["reference": reference])
        case let .staffInOtherHousehold(staff, household):
            t("{name} works for {household}; a document links only to staff of its own household.", ["name": staff, "household": household])
        case let .notLinked(document, staff): t("Document {document} is not linked to {name}.", ["document": document, "name": staff])
        case let .staffHasDocuments(name, count):
            tPlural("{name} is linked to {count} document; unlink it first.", "{name} is linked to {count} documents; unlink them first.",
                    count: count, ["name": name])
        case let .householdHasDocuments(name, count):
            tPlural("{household} still has {count} document; remove it first, or choose to remove it with the household.",
                    "{household} still has {count} documents; remove them first, or choose to remove them with the household.",
                    count: count, ["household": name])
        case let .hasPayments(name, count):
            tPlural("{name} has {count} payment or advance in the ledger, which keeps it; record a leaving date instead.",
                    "{name} has {count} payments or advances in the ledger, which keeps them; record a leaving date instead.",
                    count: count, ["name": name])
        case let .isProofOfPayment(document, payment):
            t("Document {document} is the proof of payment {payment}, which keeps it.", ["document": document, "payment": payment])
        case .busy: t("The vault is busy: another HomeCrew process held it for too long; try again.")
        default: nil
        }
    }

    private static func period(_ problem: PeriodError) -> String {
        switch problem {
        case .malformed(let text):
            t("\u{201C}{text}\u{201D} is not a period; use 2026-11, 2026-Q4, 2026, this month, last month or 2026-11-01..2026-11-15.", ["text": text])
        case let .backwards(from, to): t("The period {from}..{to} ends before it starts.", ["from": from.description, "to": to.description])
        case .tooLong(let days):
            t("The period is {days} days long; a report covers at most {limit} days (ten years).", ["days": String(days), "limit": String(Period.longestDays)])
        }
    }

    private static func advance(_ violation: AdvanceViolation) -> String {
        switch violation {
        case .notPositive(let money): t("An advance is a positive amount, not {amount}.", ["amount": money.description])
        case let .badMonthlyAmount(money, advance):
            t("The monthly repayment must be more than nothing and at most the advance ({advance}), not {amount}.",
              ["advance": advance.description, "amount": money.description])
        case .badInstalmentCount(let count): t("Instalments must be 1 to 600, not {count}.", ["count": String(count)])
        case let .instalmentsTooSmall(money, count):
            t("{amount} cannot be repaid in {count} instalments of at least the currency's smallest unit.", ["amount": money.description, "count": String(count)])
        case let .repaidBeforeGiven(month, givenOn):
            t("Repayment cannot start in {month}, before the advance is given on {date}.", ["month": month.description, "date": givenOn.description])
        case let .givenAfterLeaving(day, leaving):
            t("{date} is after the leaving date {leaving}.", ["date": day.description, "leaving": leaving.description])
        case .currencyNotPaid(let currency):
            t("This person is not paid in {currency}; an advance is repaid from pay in the salary's currency.", ["currency": currency.code])
        }
    }

    private static func payment(_ violation: PaymentViolation) -> String? {
        let months = { (months: [YearMonth]) in months.map(\.description).joined(separator: t(", ", context: "list")) }
        return switch violation {
        case .unknownMethod(let text):
            t("Unknown payment method \u{201C}{text}\u{201D}; use one of: {methods}.",
              ["text": text, "methods": PaymentMethod.allCases.map(\.rawValue).joined(separator: ", ")])
        case .notPositive(let money): t("A payment is a positive amount, not {amount}.", ["amount": money.description])
        case let .monthAlreadyPaid(month, due): t("{month} is already paid in full ({due} was due).", ["month": month.description, "due": due.description])
        case let .moreThanOwed(amount, owed, owedMonths):
            t("{amount} is more than the {owed} still owed for {months}; a bonus is recorded as an adjustment first, and an advance as an advance.",
              ["amount": amount.description, "owed": owed.description, "months": months(owedMonths)])
        case let .nothingOwed(month, currency):
            t("Nothing is owed in {currency} up to {month}; say which month the payment is for.", ["currency": currency.code, "month": month.description])
        case .firstPaymentNamesMonths(let name):
            t("This is the first payment recorded for {name}: say which months it pays, or record where HomeCrew's ledger begins; later payments follow on.",
              ["name": name])
        case .alreadyReversed(let id): t("Payment {id} is already reversed.", ["id": id])
        case .reversalOfReversal(let id): t("{id} is itself a reversal; record the payment again instead.", ["id": id])
        case let .repaymentExceedsBalance(amount, balance):
            t("{amount} is more than the {balance} left to repay.", ["amount": amount.description, "balance": balance.description])
        case .advanceHasRepayments(let id): t("Advance {id} has repayments; reverse them first.", ["id": id])
        case let .advanceHasClosedDeductions(id, closed):
            t("Advance {id} was deducted from closed months ({months}); reopen them first.", ["id": id, "months": months(closed)])
        case .advanceReversed(let id): t("Advance {id} is reversed.", ["id": id])
        case let .currencyNotPaid(currency, month):
            t("No pay in {currency} is due for {month}.", ["currency": currency.code, "month": month.description])
        case .advanceMissing, .monthsOutsidePayroll, .sharesDoNotAddUp: nil
        }
    }

    private static func opening(_ violation: OpeningViolation) -> String {
        let months = { (months: [YearMonth]) in months.map(\.description).joined(separator: t(", ", context: "list")) }
        return switch violation {
        case let .inFuture(month, today):
            t("{month} is in the future: an opening settles months up to this one ({today}) at most.", ["month": month.description, "today": today.description])
        case let .beforeStart(month, started, who):
            who.map { t("{month} is before {name} started ({started}): nothing was owed then.", ["month": month.description, "name": $0, "started": started.description]) }
                ?? t("{month} is before anyone in the household started ({started}): nothing was owed then.", ["month": month.description, "started": started.description])
        case let .alreadyOpened(scope, through, id):
            t("{name} already has an opening (settled through {through}, {id}); reverse it first.", ["name": scope, "through": through.description, "id": id])
        case .alreadyReversed(let id): t("Opening {id} is already reversed.", ["id": id])
        case .reversalOfReversal(let id): t("{id} is itself a reversal; record the opening again instead.", ["id": id])
        case let .paymentsInCoveredMonths(month, paid):
            t("Payments of pay are recorded for {months}, up to {month}; choose an earlier month or reverse those payments first.",
              ["months": months(paid), "month": month.description])
        case let .monthSettledBefore(month, through):
            t("{month} was settled before HomeCrew (the ledger opens after {through}); reverse the opening to record pay for it.",
              ["month": month.description, "through": through.description])
        }
    }

    private static func sharing(_ problem: SharingProblem) -> String {
        switch problem {
        case .badRole(let text):
            t("\u{201C}{text}\u{201D} is not a role a member can be given: choose viewer or manager (ownership moves with a transfer).", ["text": text])
        case .badExpiry(let days): t("An invitation lasts 1 to 30 days, not {days}.", ["days": String(days)])
        case .invitationUnknown: t("This invitation link is not valid: ask the household's owner for a new one.")
        case .invitationUsed: t("This invitation has already been accepted; an invitation works once.")
        case .invitationRevoked: t("This invitation was withdrawn by the household's owner.")
        case .invitationExpired: t("This invitation has expired: ask the household's owner for a new one.")
        case .invitationForSomeoneElse: t("This offer of ownership is for another account: sign in as the member it names.")
        case let .alreadyMember(account, household): t("{account} already belongs to {household}.", ["account": account, "household": household])
        case let .notMember(account, household): t("{account} is not a member of {household}.", ["account": account, "household": household])
        case .ownerCannotLeave(let household):
            t("The owner cannot leave {household}: transfer it to a member first, or dissolve the sharing.", ["household": household])
        case .ownerRoleChanges: t("The owner's role does not change here: ownership moves with a transfer the member accepts.")
        case .vaultUserAccepts: t("The vault's own user already reaches every household; sign in with an account to accept an invitation.")
        case .noOwnershipOffer(let household): t("Nobody has offered you the ownership of {household} (or the offer was withdrawn).", ["household": household])
        case .noSuchInvitation(let reference): t("No pending invitation matches \u{201C}{reference}\u{201D}.", ["reference": reference])
        }
    }

    private static func account(_ problem: AccountProblem) -> String? {
        switch problem {
        case .badName(let text):
            t("\u{201C}{name}\u{201D} cannot be an account name: use 1 to 64 letters, digits, dots, underscores or hyphens.", ["name": text])
        case .passwordTooShort(let minimum):
            t("The password is too short: use at least {minimum} characters (a few unrelated words make a good one).", ["minimum": String(minimum)])
        case .passwordTooCommon: t("That password is one of the 10,000 most common ones; choose another.")
        case .passwordIsName: t("The password must not be the account's name.")
        case .passwordsDiffer: t("The two passwords typed differ; nothing was changed.")
        case .noPassword, .commonPasswordsMissing: nil
        }
    }

    private static func rule(_ violation: RuleViolation) -> String? {
        switch violation {
        case .emptyName(let field): t("The {field} must not be empty.", ["field": fieldName(field)])
        case let .leavingBeforeStart(start, leaving):
            t("The leaving date {leaving} is before the start date {start}.", ["leaving": leaving.description, "start": start.description])
        case .leaveDaysOutOfRange(let text):
            t("Leave days a year must be 0 to 366, in steps of 0.5 (not {text}).", ["text": text])
        case let .salaryBeforeStart(from, start):
            t("A salary cannot take effect on {date}, before the start date {start}.", ["date": from.description, "start": start.description])
        case .zeroAdjustment: t("An adjustment of zero changes nothing; give a positive or negative amount.")
        case let .tooLong(field, limit, length):
            t("The {field} is {length} characters long; at most {limit} are kept.",
              ["field": fieldName(field), "length": String(length), "limit": String(limit)])
        case let .controlCharacter(field, _), let .bidiControl(field, _):
            t("The {field} holds an invisible control character; remove it.", ["field": fieldName(field)])
        case .negativeSalary(let money): t("A salary must not be negative (not {amount}).", ["amount": money.description])
        case let .startAfterSalaryChange(start, change):
            t("The start date cannot move to {start}: a later salary change takes effect on {date}; remove or move it first.",
              ["start": start.description, "date": change.description])
        case let .expiresBeforeIssued(issued, expires):
            t("The expiry date {expires} is before the issue date {issued}.", ["expires": expires.description, "issued": issued.description])
        case .contractGratuityOutOfRange(let days): t("A contract's gratuity is 1 to 365 days of wage a year, not {days}.", ["days": String(days)])
        case .contractMonthDaysUnknown(let days): t("A contract counts a month as 30 or 26 days, not {days}.", ["days": String(days)])
        case .contractTermsWithoutGratuity:
            t("A contract's month and minimum service go with its gratuity's days a year: give those too.")
        case .contractMinimumYearsOutOfRange(let years):
            t("A contract's gratuity may ask 0 to 50 years of service first, not {years}.", ["years": String(years)])
        case let .nameLooksLikeID(field, name):
            t("The {field} \u{201C}{name}\u{201D} is 12 hexadecimal digits, the form of a record's id: add a word or a space.",
              ["field": fieldName(field), "name": name])
        }
    }

    private static func leave(_ violation: LeaveRuleViolation) -> String? {
        switch violation {
        case let .outsideEmployment(range, start, leaving):
            leaving.map { t("The leave {dates} falls outside the employment, from {start} to {leaving}.",
                            ["dates": range.description, "start": start.description, "leaving": $0.description]) }
                ?? t("The leave {dates} falls before the employment, which starts on {start}.", ["dates": range.description, "start": start.description])
        case let .overlaps(range, existing, _):
            t("The leave {dates} overlaps leave already recorded ({existing}); remove that first.",
              ["dates": range.description, "existing": existing.description])
        case .text(let violation): rule(violation)
        case .halfDayRange: t("A half day is one day: leave the last day empty or equal to the first.")
        }
    }

    private static func date(_ problem: DateError) -> String? {
        switch problem {
        case .notADate(let text): t("\u{201C}{text}\u{201D} is not a date; expected YYYY-MM-DD, for example 2026-03-01.", ["text": text])
        case .notAMonth(let text): t("\u{201C}{text}\u{201D} is not a month; expected YYYY-MM, for example 2026-11.", ["text": text])
        default: nil
        }
    }

    private static func money(_ problem: MoneyError) -> String? {
        switch problem {
        case .unknownCurrency(let code):
            t("Unknown currency \u{201C}{code}\u{201D}; use an ISO 4217 code such as INR, AED, USD or EUR.", ["code": code])
        case .notAnAmount(let text):
            t("\u{201C}{text}\u{201D} is not an amount; write digits with an optional decimal point, such as 25000 or 1250.50.", ["text": text])
        case let .tooManyDecimals(text, currency):
            tPlural("\u{201C}{text}\u{201D} has too many decimals: {currency} allows at most {count} decimal.",
                    "\u{201C}{text}\u{201D} has too many decimals: {currency} allows at most {count} decimals.",
                    count: currency.minorUnits, ["text": text, "currency": currency.code])
        case .currencyMismatch: nil
        }
    }

    /// The domain's names of the text fields it checks, as the forms call them.
    private static func fieldName(_ field: String) -> String {
        switch field {
        case "household name": t("household name")
        case "address": t("address", context: "postal")
        case "note": t("note")
        case "leave note": t("leave note")
        case "full legal name": t("full legal name")
        case "known-as name": t("known-as name")
        case "list of duties": t("list of duties")
        case "document title": t("document title")
        case "document number": t("document number")
        default: field
        }
    }
}
