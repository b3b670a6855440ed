import HomeCrewCore

extension StaffPage {
    /// A contract gratuity field's bounds, as Core's rule has them.
    /// A contract's gratuity in the page's language; on an English page the domain's own reading.
    static func contractGratuity(_ rule: GratuityRule) -> String {
        guard WebText.current.language != "en" else { return rule.reading }
        let values = ["days": String(rule.daysPerYear), "month_days": String(rule.daysPerMonth)]
        guard rule.minimumYears > 0 else {
            return t("{days} days of the last monthly wage (a month counted as {month_days} days) for each year of service, part years pro rata", values)
        }
        return tPlural("{days} days of the last monthly wage (a month counted as {month_days} days) for each year of service, part years pro rata, once {count} year of service is completed",
                       "{days} days of the last monthly wage (a month counted as {month_days} days) for each year of service, part years pro rata, once {count} years of service are completed",
                       count: rule.minimumYears, values)
    }

    static let contractDaysBounds: HTML =
        "min=\"\(StaffMember.contractGratuityRange.lowerBound)\" max=\"\(StaffMember.contractGratuityRange.upperBound)\""

    /// A contract gratuity's month (30 or 26 days) and the service it asks first.
    static func contractTermFields(monthDays: Int?, minimumYears: Int?, form: String) -> HTML {
        let months = [30, 26].map { (value: String($0), label: tPlural("{count} day", "{count} days", count: $0)) }
        return """
            \(Layout.select(t("Contract gratuity, a month counted as"), name: "contract_month_days", options: months,
                            selected: monthDays.map(String.init) ?? "30", form: form))
            \(Layout.field(t("Contract gratuity, years of service first"), name: "contract_minimum_years", value: minimumYears.map(String.init),
                           type: "number", hint: t("{zero}: from the first year", ["zero": "0"]),
                           attributes: "min=\"0\" max=\"\(StaffMember.contractMinimumYearsRange.upperBound)\"", form: form))
            """
    }

    /// The month and minimum service a form gives, checked as the command line checks them; nil where empty.
    static func contractTerms(_ form: Form) throws -> (monthDays: Int?, minimumYears: Int?) {
        let monthDays = try form["contract_month_days"].map { text -> Int in
            guard let days = Int(text), GratuityRule.contractMonthDays.contains(days) else {
                throw FormProblem(description: t("A contract counts a month as {first} or {second} days.", ["first": "30", "second": "26"]))
            }
            return days
        }
        let minimumYears = try form["contract_minimum_years"].map { text -> Int in
            guard let years = Int(text), StaffMember.contractMinimumYearsRange.contains(years) else {
                throw FormProblem(description: t("A contract's gratuity may ask {least} to {most} years of service first.", ["least": "0", "most": "50"]))
            }
            return years
        }
        return (monthDays, minimumYears)
    }

    /// The language a person reads: none (the household's) or one of the accepted tags, each named in itself and in English.
    static func languageField(selected: String?, form: String? = nil) -> HTML {
        let options: [(value: String, label: String)] = [(value: "", label: t("None: the household's (English)"))] + languageOptions
        return Layout.select(t("Language the person reads"), name: "language", options: options, selected: selected ?? "", form: form)
    }

    /// The accepted languages, each named in itself and in English.
    static var languageOptions: [(value: String, label: String)] {
        StaffLanguage.accepted.map { (value: $0.tag, label: $0.own == $0.english ? "\($0.english) (\($0.tag))" : "\($0.own) — \($0.english) (\($0.tag))") }
    }

    /// The language a form gives: nil when it has none chosen; a tag not in the list is refused.
    static func language(_ form: Form) throws -> StaffLanguage? {
        try form["language"].map(StaffLanguage.init(parsing:))
    }

    /// The forms that change this person's records, each posting to its own route.
    func forms() -> HTML {
        let types = LeaveType.allCases.map { (value: $0.rawValue, label: Words.leave($0)) }
        return """
            <details><summary>\(t("Edit details"))</summary>
            <form method="post" action="\(base)/edit">\(csrf)
            \(Layout.field(t("Full legal name"), name: "legal_name", value: member.legalName, required: true, form: "edit"))
            \(Layout.field(t("Known as"), name: "known_as", value: member.knownAs, form: "edit"))
            \(Layout.field(t("Start date"), name: "start", value: member.startDate.description, type: "date", form: "edit"))
            \(Layout.field(t("Annual leave days"), name: "leave_days", value: member.annualLeave.description, attributes: "inputmode=\"decimal\"", form: "edit"))
            \(Layout.textArea(t("Agreed duties"), name: "duties", value: member.duties, form: "edit"))
            \(Self.languageField(selected: member.language?.tag, form: "edit"))
            \(Layout.field(t("Contract gratuity, days of wage a year"), name: "contract_days", value: member.contractGratuityDays.map(String.init),
                           type: "number", hint: t("Only when the contract gives its own; empty: the household's rules decide"),
                           attributes: Self.contractDaysBounds, form: "edit"))
            \(Self.contractTermFields(monthDays: member.contractGratuityMonthDays, minimumYears: member.contractGratuityMinimumYears, form: "edit"))
            <p><button type="submit">\(t("Save changes"))</button></p></form></details>

            <details><summary>\(t("Change the salary from a date"))</summary>
            <form method="post" action="\(base)/salary">\(csrf)
            \(Layout.field(t("New monthly salary"), name: "amount", required: true, attributes: "inputmode=\"decimal\"", form: "salary"))
            \(Layout.field(t("Currency"), name: "currency", hint: t("Leave empty to keep the current one"), attributes: "maxlength=\"3\"", form: "salary"))
            \(Layout.field(t("Takes effect on"), name: "from", type: "date", required: true, form: "salary"))
            <p><button type="submit">\(t("Change salary"))</button></p></form></details>

            <details><summary>\(t("Record leave"))</summary>
            <form method="post" action="\(base)/leave">\(csrf)
            \(Layout.field(t("First day"), name: "from", type: "date", required: true, form: "leave"))
            \(Layout.field(t("Last day"), name: "to", type: "date", hint: t("Empty for one day"), form: "leave"))
            <p class="field"><label><input type="checkbox" name="half_day" value="yes"> \(t("Half a day"))</label></p>
            \(Layout.select(t("Type"), name: "type", options: types, selected: "annual", form: "leave"))
            \(Layout.field(t("Note"), name: "note", form: "leave"))
            <p><button type="submit">\(t("Record leave"))</button></p></form></details>

            <details><summary>\(t("Adjust a month's pay"))</summary>
            <form method="post" action="\(base)/adjustments">\(csrf)
            \(Layout.field(t("Month"), name: "month", type: "month", required: true, hint: "yyyy-mm", form: "adjust"))
            \(Layout.field(t("Amount"), name: "amount", required: true, hint: t("+AMOUNT adds, -AMOUNT deducts, in the salary's currency"), form: "adjust"))
            \(Layout.field(t("Reason"), name: "reason", required: true, form: "adjust"))
            <p><button type="submit">\(t("Add adjustment"))</button></p></form></details>

            <details><summary>\(t("End employment"))</summary>
            <form method="get" action="\(base)/settlement">
            <p>\(t("Work out the final settlement first: final pay, leave not taken, notice and gratuity, each with its source."))</p>
            \(SettlementPage.fields(member, Form(), household: details.household, form: "settle"))
            <p><button type="submit">\(t("Work out the settlement"))</button></p></form>
            <form method="post" action="\(base)/end">\(csrf)
            <p>\(t("Or only record the last day, with no settlement:"))</p>
            \(Layout.field(t("Last day of work"), name: "leaving", value: member.leavingDate?.description, type: "date", required: true, form: "end"))
            <p><button type="submit">\(t("End employment"))</button></p></form></details>

            <details><summary>\(t("Remove this person's records"))</summary>
            <form method="post" action="\(base)/remove" data-confirm="\(t("Remove {name} and their records?", ["name": member.legalName]))">\(csrf)
            <p class="field"><label><input type="checkbox" name="cascade" value="yes"> \(t("Also remove their leave, pay adjustments and links to documents"))</label><small>\(t("Without this, a person with such records is not removed. Ending the employment keeps them."))</small></p>
            <p><button type="submit">\(t("Remove"))</button></p></form></details>
            """
    }
}
