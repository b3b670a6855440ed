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

    var base: String { "/households/\(household.id.rawValue)" }
    var csrf: HTML { Layout.csrfField(context.session) }
    var isOwner: Bool { context.may(.owner, in: household.id) }

    func render() throws -> HTML {
        let sharing = try app.database.sharing(of: household.id)
        let owner: HTML = "<p>Owner: <strong>\(sharing.ownerAccount ?? "the vault's own user (" + AuditActor.unixUser + ")")</strong></p>"
        return owner + members(sharing) + invitations(sharing) + ownerForms(sharing) + memberForms(sharing)
    }

    private func members(_ sharing: HouseholdSharing) -> HTML {
        guard !sharing.members.isEmpty else { return "<p class=\"note\">Not shared with anyone.</p>" }
        let rows = sharing.members.map { member -> HTML in
            let path = "\(base)/members/\(member.accountName)"
            let other: HouseholdRole = member.role == .viewer ? .manager : .viewer
            let actions: HTML = !isOwner ? .empty : """
                <form class="inline" method="post" action="\(path)/role">\(csrf)<input type="hidden" name="role" value="\(other.rawValue)">
                <button type="submit" class="link">Make \(other.rawValue)</button></form>
                <form class="inline" method="post" action="\(path)/remove" data-confirm="Remove this member?">\(csrf)
                <button type="submit" class="link">Remove</button></form>
                """
            return "<tr><td>\(bdi: member.accountName)</td><td>\(member.role.rawValue)</td><td>\(member.since.prefix(10))</td><td>\(actions)</td></tr>"
        }
        return """
            <div class="scroll"><table><thead><tr><th>Member</th><th>Role</th><th>Since</th><th><span class="sr-only">Change</span></th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
    }

    private func invitations(_ sharing: HouseholdSharing) -> HTML {
        guard isOwner, !sharing.pendingInvitations.isEmpty else { return .empty }
        let rows = sharing.pendingInvitations.map { invitation -> HTML in
            let what: HTML = invitation.isTransfer ? "ownership, for \(bdi: invitation.forAccount)" : "\(invitation.role.rawValue)"
            return """
                <tr><td>\(invitation.id.short)</td><td>\(what)</td><td>\(bdi: invitation.createdBy)</td><td>\(invitation.expiresAt.prefix(16))</td>
                <td><form class="inline" method="post" action="\(base)/invitations/\(invitation.id.rawValue)/revoke">\(csrf)
                <button type="submit" class="link">Withdraw</button></form></td></tr>
                """
        }
        return """
            <h3>Pending</h3>
            <div class="scroll"><table><thead><tr><th>Invitation</th><th>For</th><th>By</th><th>Until (UTC)</th><th><span class="sr-only">Withdraw</span></th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
    }

    private func ownerForms(_ sharing: HouseholdSharing) -> HTML {
        guard isOwner else { return .empty }
        let roles = [(value: "viewer", label: "viewer: reads everything, changes nothing"),
                     (value: "manager", label: "manager: changes records, documents, leave and payroll")]
        let transfer: HTML = sharing.members.isEmpty ? .empty : """
            <form method="post" action="\(base)/transfer">\(csrf)
            \(Layout.select("Offer ownership to", name: "account", options: sharing.members.map { ($0.accountName, $0.accountName) }))
            <p><button type="submit">Offer ownership</button></p></form>
            <form method="post" action="\(base)/dissolve" data-confirm="Remove every member of this household?">\(csrf)
            <p><button type="submit">Dissolve the sharing</button> <small>Every member loses access at once; the records stay.</small></p></form>
            """
        return """
            <form method="post" action="\(base)/invitations">\(csrf)
            \(Layout.select("Invite someone as", name: "role", options: roles, selected: "viewer"))
            \(Layout.field("The link works for (days)", name: "days", value: "7", type: "number", attributes: "min=\"1\" max=\"30\""))
            <p><button type="submit">Make an invitation link</button></p></form>
            \(transfer)
            """
    }

    private func memberForms(_ sharing: HouseholdSharing) -> HTML {
        guard let account = context.session?.account, !isOwner,
              sharing.members.contains(where: { $0.accountID == account.id }) else { return .empty }
        let offered = sharing.pendingInvitations.contains { $0.isTransfer && $0.forAccount == account.name }
        let accept: HTML = !offered ? .empty : """
            <form method="post" action="\(base)/ownership/accept">\(csrf)
            <p>You are offered the ownership of this household. <button type="submit">Accept ownership</button></p></form>
            """
        return """
            \(accept)
            <form method="post" action="\(base)/leave" data-confirm="Leave this household?">\(csrf)
            <p><button type="submit">Leave this household</button></p></form>
            """
    }
}
