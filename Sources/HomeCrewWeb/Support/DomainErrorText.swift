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
        default: nil
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
