import ArgumentParser
import HomeCrewCore

struct LeaveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leave", abstract: "Record leave and see what is left of each person's allocation.",
        subcommands: [AddLeave.self, ListLeave.self, RemoveLeave.self, ShowLeaveBalance.self])
}

extension LeaveType: ExpressibleByArgument {}
