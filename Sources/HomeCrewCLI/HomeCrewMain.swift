import ArgumentParser
import Foundation
import HomeCrewCore

/// Runs the command tree and turns every failure into one line on standard error and a
/// documented exit code.
public enum HomeCrewMain {
    /// `server` starts `homecrew serve`; the program passes the web target's.
    public static func run(arguments: [String] = Array(CommandLine.arguments.dropFirst()),
                           server: WebServerHook.Start? = nil) -> Never {
        WebServerHook.start = server
        do {
            var command = try HomeCrewCommand.parseAsRoot(arguments)
            try command.run()
            exit(ExitStatus.success)
        } catch {
            exit(report(error, arguments: arguments))
        }
    }

    /// Prints what went wrong and returns the exit code.
    static func report(_ error: any Error, arguments: [String]) -> Int32 {
        if let error = error as? any HomeCrewError {
            Terminal.printError(error.description)
            return ExitStatus.code(for: error.category)
        }
        if let exit = error as? ExitCode { return exit.rawValue }
        let code = HomeCrewCommand.exitCode(for: error).rawValue
        if code == ExitCode.success.rawValue {
            // --help and --version: argument-parser prints them in full.
            let text = HomeCrewCommand.fullMessage(for: error)
            if !text.isEmpty { print(text) }
            return code
        }
        if code == ExitCode.validationFailure.rawValue {
            let message = HomeCrewCommand.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            let path = arguments.prefix { !$0.hasPrefix("-") }.prefix(2).joined(separator: " ")
            Terminal.printError("\(Terminal.lowercasingFirst(message)) (see: homecrew \(path.isEmpty ? "" : path + " ")--help)")
            return ExitStatus.usage
        }
        Terminal.printError("internal error: \(ErrorText.sentence(for: error))")
        return ExitStatus.internalError
    }
}

/// The exit codes, from BSD's sysexits.h; the README lists them.
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let usage: Int32 = 64
    public static let invalidData: Int32 = 65
    public static let notFound: Int32 = 66
    public static let unavailable: Int32 = 69
    public static let internalError: Int32 = 70
    public static let cannotCreate: Int32 = 73
    public static let io: Int32 = 74
    public static let busy: Int32 = 75
    public static let denied: Int32 = 77

    static func code(for category: ErrorCategory) -> Int32 {
        switch category {
        case .usage: return usage
        case .invalidData: return invalidData
        case .notFound: return notFound
        case .cannotCreate: return cannotCreate
        case .io: return io
        case .busy: return busy
        case .unavailable: return unavailable
        case .denied: return denied
        case .internal: return internalError
        }
    }
}
