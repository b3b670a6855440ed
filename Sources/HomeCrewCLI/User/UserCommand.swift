import ArgumentParser
import HomeCrewCore

struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Accounts that sign in to homecrew serve: add, list, change a password, end sessions, clear failed sign-ins, remove.",
        subcommands: [AddUser.self, ListUsers.self, ChangePassword.self, ListSessions.self, UnlockUser.self, RemoveUser.self]
    )
}

/// Where a password comes from: never the command line, where other users can read it.
struct PasswordSource: ParsableArguments {
    @Option(help: ArgumentHelp("Read the password from the first line of this file (else it is asked for on a terminal, or read from standard input).",
                               valueName: "file"))
    var passwordFile: String?

    func read(for name: String) throws -> String {
        if let passwordFile { return try PasswordInput.firstLine(ofFile: passwordFile) }
        guard Terminal.stdinIsTerminal else { return try PasswordInput.firstLineOfStandardInput() }
        let first = try PasswordInput.ask("New password for \(name): ")
        let again = try PasswordInput.ask("The same password again: ")
        guard first == again else { throw AccountProblem.passwordsDiffer }
        return first
    }
}
