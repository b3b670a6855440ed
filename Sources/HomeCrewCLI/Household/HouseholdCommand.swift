import ArgumentParser

struct HouseholdCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "household",
        abstract: "Add, list, change and remove households.",
        subcommands: [AddHousehold.self, ListHouseholds.self, ShowHousehold.self, EditHousehold.self,
                      RemoveHousehold.self, MakePrimaryHousehold.self, UseHousehold.self,
                      ListMembers.self, InviteMember.self, RevokeInvitation.self, SetMemberRole.self, RemoveMember.self,
                      TransferHousehold.self, DissolveSharing.self]
    )
}
