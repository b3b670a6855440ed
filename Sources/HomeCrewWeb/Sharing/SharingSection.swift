import HomeCrewCore
import HomeCrewStore
import Hummingbird

/// The Members section of a household's page: the owner, the members and their roles; for
/// the owner the forms to invite, change roles, remove, transfer and dissolve; for a member,
/// leaving (and accepting an offered ownership).
struct SharingSection {
    let app: WebApp
    let household: Household
    let context: WebContext
    /// Which page of the members and of the pending invitations is shown (`members_page`, `invitations_page`).
    let pager: ListPager

    var base: String { "/households/\(household.id.rawValue)" }
    var csrf: HTML { Layout.csrfField(context.session) }
    var isOwner: Bool { context.may(.owner, in: household.id) }

    func render() throws -> HTML {
        let sharing = try app.database.sharingPage(of: household.id, members: ListPager.asked(pager.query, "members_page"),
                                                   invitations: ListPager.asked(pager.query, "invitations_page"),
                                                   offeredTo: context.session?.account?.id)
        let ownerName = sharing.ownerAccount ?? t("the vault's own user ({user})", ["user": AuditActor.unixUser])
        let owner: HTML = "<p>\(HTML.filled(t("Owner: {name}"), ["name": "<strong>\(ownerName)</strong>"]))</p>"
        return owner + members(sharing) + invitations(sharing) + ownerForms(sharing) + memberForms(sharing)
    }

    private func members(_ sharing: SharingPage) -> HTML {
        guard !sharing.members.rows.isEmpty else { return "<p class=\"note\">\(t("Not shared with anyone."))</p>" }
        let rows = sharing.members.rows.map { member -> HTML in
            let path = "\(base)/members/\(member.accountName)"
            let other: HouseholdRole = member.role == .viewer ? .manager : .viewer
            let actions: HTML = !isOwner ? .empty : """
                <form class="inline" method="post" action="\(path)/role">\(csrf)<input type="hidden" name="role" value="\(other.rawValue)">
                <button type="submit" class="link">\(other == .viewer ? t("Make viewer") : t("Make manager"))</button></form>
                <form class="inline" method="post" action="\(path)/remove" data-confirm="\(t("Remove this member?"))">\(csrf)
                <button type="submit" class="link">\(t("Remove", context: "household member"))</button></form>
                """
            return "<tr><td>\(bdi: member.accountName)</td><td>\(Words.role(member.role))</td><td>\(member.since.prefix(10))</td><td>\(actions)</td></tr>"
        }
        return """
            <div class="scroll"><table><thead><tr><th>\(t("Member"))</th><th>\(t("Role"))</th><th>\(t("Since"))</th><th><span class="sr-only">\(t("Change"))</span></th></tr></thead>
            <tbody>\(rows)</tbody></table></div>\(pager.controls(sharing.members, parameter: "members_page", anchor: "members", label: t("Pages of members"),
                                             items: tPlural("{count} member", "{count} members", count: sharing.members.total)))
            """
    }

    private func invitations(_ sharing: SharingPage) -> HTML {
        guard isOwner, !sharing.invitations.rows.isEmpty else { return .empty }
        let rows = sharing.invitations.rows.map { invitation -> HTML in
            let what: HTML = invitation.isTransfer ? HTML.filled(t("ownership, for {name}"), ["name": "\(bdi: invitation.forAccount)"])
                : "\(Words.role(invitation.role))"
            return """
                <tr><td>\(invitation.id.short)</td><td>\(what)</td><td>\(bdi: invitation.createdBy)</td><td>\(invitation.expiresAt.prefix(16))</td>
                <td><form class="inline" method="post" action="\(base)/invitations/\(invitation.id.rawValue)/revoke">\(csrf)
                <button type="submit" class="link">\(t("Withdraw"))</button></form></td></tr>
                """
        }
        return """
            <h3>\(t("Pending"))</h3>
            <div class="scroll"><table><thead><tr><th>\(t("Invitation"))</th><th>\(t("For"))</th><th>\(t("By"))</th><th>\(t("Until (UTC)"))</th><th><span class="sr-only">\(t("Withdraw"))</span></th></tr></thead>
            <tbody>\(rows)</tbody></table></div>\(pager.controls(sharing.invitations, parameter: "invitations_page", anchor: "members", label: t("Pages of invitations"),
                                                 items: tPlural("{count} invitation", "{count} invitations", count: sharing.invitations.total)))
            """
    }

    private func ownerForms(_ sharing: SharingPage) -> HTML {
        guard isOwner else { return .empty }
        let roles = [(value: "viewer", label: t("viewer: reads everything, changes nothing")),
                     (value: "manager", label: t("manager: changes records, documents, leave and payroll"))]
        // The members of the page shown: one of thousands is found by paging the list above.
        let transfer: HTML = sharing.members.rows.isEmpty ? .empty : """
            <form method="post" action="\(base)/transfer">\(csrf)
            \(Layout.select(t("Offer ownership to"), name: "account", options: sharing.members.rows.map { ($0.accountName, $0.accountName) }))
            <p><button type="submit">\(t("Offer ownership"))</button></p></form>
            <form method="post" action="\(base)/dissolve" data-confirm="\(t("Remove every member of this household?"))">\(csrf)
            <p><button type="submit">\(t("Dissolve the sharing"))</button> <small>\(t("Every member loses access at once; the records stay."))</small></p></form>
            """
        return """
            <form method="post" action="\(base)/invitations">\(csrf)
            \(Layout.select(t("Invite someone as"), name: "role", options: roles, selected: "viewer"))
            \(Layout.field(t("The link works for (days)"), name: "days", value: "7", type: "number", attributes: "min=\"1\" max=\"30\""))
            <p><button type="submit">\(t("Make an invitation link"))</button></p></form>
            \(transfer)
            """
    }

    private func memberForms(_ sharing: SharingPage) -> HTML {
        // A member is an account the household is within reach of (the vault's own user has no account).
        guard context.session?.account != nil, !isOwner, context.may(.viewer, in: household.id) else { return .empty }
        let accept: HTML = !sharing.isOfferedOwnership ? .empty : """
            <form method="post" action="\(base)/ownership/accept">\(csrf)
            <p>\(t("You are offered the ownership of this household.")) <button type="submit">\(t("Accept ownership"))</button></p></form>
            """
        return """
            \(accept)
            <form method="post" action="\(base)/leave" data-confirm="\(t("Leave this household?"))">\(csrf)
            <p><button type="submit">\(t("Leave this household"))</button></p></form>
            """
    }
}
