import HomeCrewCore

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
        case let problem as DueWindowError:
            t("\u{201C}{text}\u{201D} is not a number of days ahead; give a whole number from {lowest} to {highest}.",
              ["text": problem.text, "lowest": String(DueList.windowDays.lowerBound), "highest": String(DueList.windowDays.upperBound)])
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
        default: nil
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
