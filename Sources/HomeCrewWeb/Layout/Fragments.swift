import HomeCrewCore
import HomeCrewStore

/// Pieces several pages show.
enum Fragments {
    static func thumbnail(_ details: DocumentDetails) -> HTML {
        guard let hash = details.object.thumbnailHash else {
            return "<span class=\"note\">\(t("{type}, no preview", ["type": details.object.mediaType.shortName]))</span>"
        }
        return "<img src=\"/thumbnails/\(hash)\" alt=\"\(t("Preview of {title}", ["title": details.document.title]))\" loading=\"lazy\">"
    }

    static func documentGrid(_ documents: [DocumentDetails], asOf: CalendarDate) -> HTML {
        guard !documents.isEmpty else { return "<p class=\"note\">\(t("No documents yet.")) <a href=\"/upload\">\(t("Upload some"))</a></p>" }
        let items = documents.map { details -> HTML in
            let expiry: HTML = details.document.expiresOn.map { date in
                let expired = date < asOf
                // On a right-to-left page the date stays one left-to-right word: wrapped at its hyphen it read 15-12 / 2026-.
                let shown: HTML = WebText.current.rightToLeft ? "<bdi dir=\"ltr\" class=\"date\">\(date.description)</bdi>" : "\(date.description)"
                return "<br><span class=\"marks\(expired ? " error" : "")\">\(HTML.filled(expired ? t("expired {date}") : t("expires {date}"), ["date": shown]))</span>"
            } ?? .empty
            return """
                <li><a href="/documents/\(details.document.id.rawValue)">\(thumbnail(details))\(bdi: details.document.title)</a>
                <br><span class="marks">\(Words.kind(details.document.kind)) · \(bdi: details.household.name)</span>\(expiry)</li>
                """
        }
        return "<ul class=\"grid\">\(items)</ul>"
    }

    /// The soonest `WebLimits.pageSize` items; `more` says where the rest are (a household of
    /// thousands of staff has thousands of anniversaries a year).
    static func dueTable(_ items: [DueItem], today: CalendarDate, more: HTML = .empty) -> HTML {
        guard !items.isEmpty else { return "<p class=\"note\">\(t("Nothing is due."))</p>" }
        let rest: HTML = items.count > WebLimits.pageSize
            ? "<p class=\"note\">\(t("The first {shown} of {count} are shown.", ["shown": String(WebLimits.pageSize), "count": String(items.count)])) \(more)</p>" : .empty
        let rows = items.prefix(WebLimits.pageSize).map { item -> HTML in
            let what = item.isExpired ? t("EXPIRED") : Words.due(item.kind)
            return """
                <tr><td class="num">\(item.date.description)</td><td class="num">\(today.days(until: item.date))</td>
                <td\(item.isExpired || item.kind == .backup ? " class=\"error\"" as HTML : .empty)>\(what)</td><td>\(bdi: item.staffNames)</td>
                <td>\(bdi: item.householdName)</td><td>\(bdi: Words.dueDetail(item))</td></tr>
                """
        }
        return """
            <div class="scroll"><table><thead><tr><th>\(t("Date"))</th><th class="num">\(t("In days"))</th><th>\(t("What"))</th><th>\(t("Staff"))</th>
            <th>\(t("Household"))</th><th>\(t("Details"))</th></tr></thead><tbody>\(rows)</tbody></table></div>\(rest)
            """
    }

    /// The History section: the latest changes, newest first, with who made them; a changed
    /// record lists its fields before and after.
    static func history(_ entries: [AuditEntry], shown: Int) -> HTML {
        guard !entries.isEmpty else { return "<p class=\"note\">\(t("No changes recorded."))</p>" }
        let rows = entries.map { entry -> HTML in
            let changes: [HTML] = entry.action == .update
                ? entry.changes.map { "<li>\(HistoryWords.field($0.field)): \(bdi: $0.before ?? "—") → \(bdi: $0.after ?? "—")</li>" } : []
            return """
                <tr><td class="num">\(entry.at.prefix(16).replacingOccurrences(of: "T", with: " "))</td><td>\(bdi: author(entry.actor))</td>
                <td>\(bdi: HistoryWords.summary(entry))\(changes.isEmpty ? HTML.empty : "<ul class=\"changes\">\(changes)</ul>")</td></tr>
                """
        }
        // `shown`: how many changes there are in all; a paged list says so with its pager.
        let more: HTML = entries.count < shown ? "<p class=\"note\">\(t("This command shows every change:")) <code>homecrew history</code></p>" : .empty
        return """
            <div class="scroll"><table class="history"><thead><tr><th>\(t("When (UTC)"))</th><th>\(t("Who"))</th><th>\(t("What"))</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>\(more)
            """
    }

    /// Who made a change: an account's name, or the vault's own user (from the command line or the token).
    private static func author(_ actor: String) -> String {
        guard WebText.current.language != "en", let user = ["cli:", "web:"].first(where: actor.hasPrefix).map({ String(actor.dropFirst($0.count)) }) else {
            return AuditActor.readable(actor)
        }
        return t("The vault's keeper ({user})", ["user": user])
    }

    static func staffTable(_ staff: [StaffDetails], asOf: CalendarDate) -> HTML {
        guard !staff.isEmpty else { return "<p class=\"note\">\(t("No staff."))</p>" }
        let rows = staff.map { details -> HTML in
            let member = details.member
            return """
                <tr><td><a href="/staff/\(member.id.rawValue)">\(bdi: member.legalName)</a></td><td>\(bdi: member.knownAs)</td>
                <td>\(Words.status(member.status(asOf: asOf)))</td><td class="num">\(member.startDate.description)</td>
                <td class="num">\(member.leavingDate?.description)</td><td class="num">\(details.salaryHistory.current(asOf: asOf)?.description)</td></tr>
                """
        }
        return """
            <div class="scroll"><table><thead><tr><th>\(t("Name"))</th><th>\(t("Known as"))</th><th>\(t("Status"))</th><th>\(t("Start"))</th><th>\(t("Leaving"))</th>
            <th class="num">\(t("Salary"))</th></tr></thead><tbody>\(rows)</tbody></table></div>
            """
    }

    static func householdOptions(_ summaries: [HouseholdSummary]) -> [(value: String, label: String)] {
        summaries.map { ($0.household.id.rawValue, $0.household.name) }
    }

    /// Why a form that changes a household offers none: there is none yet, or the person only reads the ones they belong to.
    static func noHouseholdToChange(_ reach: Reach, _ readOnly: String) -> HTML {
        reach.isEverything || reach.households()?.isEmpty == true
            ? "<p>\(t("Add a household first:")) <a href=\"/households/new\">\(t("add a household"))</a></p>"
            : "<p>\(readOnly)</p>"
    }

    /// The household preselected in forms: the active one, else the primary one.
    static func defaultHousehold(_ summaries: [HouseholdSummary]) -> String? {
        (summaries.first(where: \.isActive) ?? summaries.first(where: \.isPrimary))?.household.id.rawValue
    }
}

extension Fragments {
    /// What is owed per person and currency: due, paid, outstanding, open months, advances left.
    /// " (2026-01 to 2026-09: settled before HomeCrew)" for months a ledger's opening covers.
    private static func settled(_ months: [YearMonth]) -> HTML {
        guard let first = months.first, let last = months.last else { return .empty }
        let span = first == last ? first.description : t("{start} to {end}", ["start": first.description, "end": last.description])
        return " <small class=\"settled\">(\(span): \(Words.settledBeforeHomeCrew))</small>"
    }

    /// `partial`: the report covers one page of the staff, and its totals say so.
    static func owed(_ report: OwedReport, partial: Bool = false) -> HTML {
        guard !report.rows.isEmpty else { return "<p class=\"note\">\(t("Nobody is owed anything in this period."))</p>" }
        let rows = report.rows.map { row -> HTML in
            """
            <tr><td><a href="/staff/\(row.member.id.rawValue)#payments">\(bdi: row.member.displayName)</a></td>
            <td class="num">\(row.due.description)</td><td class="num">\(row.paid.plainAmount)</td>
            <td class="num"><strong>\(row.outstanding.plainAmount)</strong></td>
            <td>\(row.openMonths.map(\.description).joined(separator: " "))\(settled(row.settledMonths))</td><td class="num">\(row.advancesLeft.plainAmount)</td></tr>
            """
        }
        let totals = report.totals.map { total -> HTML in
            """
            <tr class="total"><td>\(partial ? t("Total of these staff") : t("Total"))</td><td class="num">\(total.due.description)</td><td class="num">\(total.paid.plainAmount)</td>
            <td class="num"><strong>\(total.outstanding.plainAmount)</strong></td><td></td><td class="num">\(total.advancesLeft.plainAmount)</td></tr>
            """
        }
        return """
            <div class="scroll"><table class="owed"><thead><tr><th>\(t("Staff"))</th><th class="num">\(t("Due", context: "amount"))</th><th class="num">\(t("Paid"))</th>
            <th class="num">\(t("Outstanding"))</th><th>\(t("Months open"))</th><th class="num">\(t("Advances left"))</th></tr></thead>
            <tbody>\(rows)\(totals)</tbody></table></div>
            """
    }
}

extension Fragments {
    /// A list of people to choose from, or (when there are too many to list: `choices` nil) a
    /// field for the person's id, under the same name, so the form reads the same either way.
    static func staffChooser(_ label: String, name: String, choices: [StaffMember]?, first: (value: String, label: String)? = nil,
                             selected: String? = nil, form: String? = nil) -> HTML {
        guard let choices else {
            return Layout.field(label, name: name, value: selected, hint: t("The person's id, as their page shows it: there are too many people to list"),
                                form: form)
        }
        let options = (first.map { [$0] } ?? []) + choices.map { (value: $0.id.rawValue, label: $0.legalName) }
        return Layout.select(label, name: name, options: options, selected: selected, form: form)
    }
}
