import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

/// Reports a batch of `doc add`: each file's outcome as it completes (so an interrupted batch
/// still says what was stored), a progress line on a terminal, and a summary at the end.
final class BatchReporter: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let format: OutputFormat
    private let showsProgress: Bool
    private var done = 0
    private var outcomes: [Int: IngestOutcome] = [:]

    init(total: Int, format: OutputFormat) {
        self.total = total
        self.format = format
        self.showsProgress = total > 1 && isatty(STDERR_FILENO) == 1
    }

    func started(_ path: String) {
        guard showsProgress else { return }
        lock.withLock { progress("adding \((path as NSString).lastPathComponent)") }
    }

    func finished(_ index: Int, _ outcome: IngestOutcome) {
        lock.withLock {
            done += 1
            outcomes[index] = outcome
            if format == .table {
                if showsProgress { Terminal.writeStandardError("\r\u{1B}[K") }
                switch outcome {
                case .refused(let path, let error):
                    Terminal.printError(error.description.contains(path) ? error.description : "\(path): \(error.description)")
                default: print(Self.line(outcome))
                }
                fflush(nil)
            }
            if showsProgress { progress("") }
        }
    }

    private func progress(_ what: String) {
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        Terminal.writeStandardError("\r\u{1B}[K[\(bar)] \(done)/\(total) \(Terminal.sanitize(String(what.prefix(40))))")
    }

    /// The documents added, in the order of their files.
    var added: [DocumentDetails] {
        lock.withLock {
            (0..<total).compactMap { if case .added(let details) = outcomes[$0] { return details } else { return nil } }
        }
    }

    /// Prints the summary (or the JSON list) and fails the command when any file was refused.
    func finish() throws {
        if showsProgress { Terminal.writeStandardError("\r\u{1B}[K") }
        let ordered = (0..<total).compactMap { outcomes[$0] }
        var added = 0, present = 0, warned = 0
        var refusals: [any HomeCrewError] = []
        for outcome in ordered {
            switch outcome {
            case .added(let details):
                added += 1
                if details.object.content.status != .complete && details.object.content.status != .skipped { warned += 1 }
            case .alreadyPresent: present += 1
            case .refused(_, let error): refusals.append(error)
            }
        }
        switch format {
        case .json: print(try JSON.array(ordered.map(DocumentPresenter.outcomeJSON)).rendered())
        case .csv: print(DocumentPresenter.outcomeTable(ordered).renderCSV(), terminator: "")
        case .table:
            if total > 1 {
                print("\(added) added (\(warned) stored with warnings), \(present) already present, \(refusals.count) refused")
            }
        }
        if let first = refusals.first { throw ExitCode(ExitStatus.code(for: first.category)) }
    }

    static func line(_ outcome: IngestOutcome) -> String {
        switch outcome {
        case .added(let details):
            let object = details.object
            var text = "added \(details.document.id)  \(Terminal.sanitize(details.document.originalName))  (\(DocumentPresenter.summary(object)))"
            if !details.staff.isEmpty { text += ", linked to \(details.staff.map { Terminal.sanitize($0.displayName) }.joined(separator: ", "))" }
            if object.content.status == .partial || object.content.status == .failed {
                text += "\n  warning: \(Terminal.sanitize(object.content.note ?? object.content.status.rawValue))"
            }
            return text
        case .alreadyPresent(let document, let linked):
            var text = "already in vault as \(document.id)  \(Terminal.sanitize(document.originalName))"
            if !linked.isEmpty { text += ", now linked to \(linked.map { Terminal.sanitize($0.displayName) }.joined(separator: ", "))" }
            return text
        case .refused(let path, let error):
            return "refused \(Terminal.sanitize(path)): \(Terminal.sanitize(error.description))"
        }
    }
}
