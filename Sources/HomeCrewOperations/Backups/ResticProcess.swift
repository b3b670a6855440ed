import Foundation
import HomeCrewCore
import HomeCrewVault

/// Runs restic as a child process and turns what it prints on failure into one `BackupError`.
/// The repository and the password reach restic through its environment, never its command
/// line (which other users of the machine can read in /proc).
struct ResticProcess {
    struct Output {
        var stdout: Data
        var errorLines: [String]
    }

    let repository: String
    let passwordFile: String?
    var workingDirectory: String?

    /// After this many failed attempts to connect, restic (which retries for many minutes)
    /// is stopped and the repository reported unreachable.
    static let connectionRetries = 5

    static func executable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/restic" }.first { access($0, X_OK) == 0 }
    }

    var display: String { RepositoryName.display(repository) }

    func environment() throws -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["RESTIC_REPOSITORY"] = repository
        environment["RESTIC_REPOSITORY_FILE"] = nil
        if let passwordFile {
            guard access(passwordFile, R_OK) == 0 else { throw BackupError.passwordFileUnreadable(passwordFile) }
            environment["RESTIC_PASSWORD_FILE"] = passwordFile
            environment["RESTIC_PASSWORD"] = nil
            environment["RESTIC_PASSWORD_COMMAND"] = nil
        } else if ["RESTIC_PASSWORD", "RESTIC_PASSWORD_FILE", "RESTIC_PASSWORD_COMMAND"].allSatisfy({ (environment[$0] ?? "").isEmpty }) {
            throw BackupError.noPassword
        }
        return environment
    }

    /// How long a lock held by a restic that is still running is waited for, in tries 2 s apart.
    static let lockRetries = 5

    /// How long restic may go without reading or writing a byte (files, repository, network)
    /// before it is stopped and the repository reported unreachable: a server that accepts the
    /// connection and never answers would otherwise hold a backup, and the server's schedule,
    /// for ever. Any live backup, restore or prune moves bytes far more often. Set in seconds
    /// by `HOMECREW_RESTIC_STALL_SECONDS`; 10 minutes unless set.
    static var stallLimit: TimeInterval {
        ProcessInfo.processInfo.environment["HOMECREW_RESTIC_STALL_SECONDS"].flatMap(TimeInterval.init).flatMap { $0 > 0 ? $0 : nil } ?? 600
    }

    /// Runs `restic ARGUMENTS`; throws the failure's `BackupError` unless it exits 0. A lock
    /// in the way is tried again after `restic unlock`, which removes only stale locks (their
    /// restic gone from this machine, or older than 30 minutes), so a restic killed in the
    /// middle of a prune does not stop every later backup; a live one is waited for a while
    /// (restic 0.14 has no --retry-lock), as it may be one just killed and not yet reaped.
    @discardableResult
    func run(_ arguments: [String]) throws -> Output {
        var tries = 0
        while true {
            do {
                return try runOnce(arguments)
            } catch BackupError.repositoryLocked(let repository) where arguments.first != "unlock" {
                guard tries < Self.lockRetries else { throw BackupError.repositoryLocked(repository: repository) }
                if tries > 0 { Thread.sleep(forTimeInterval: 2) }
                tries += 1
                try runOnce(["unlock"])
            }
        }
    }

    @discardableResult
    private func runOnce(_ arguments: [String]) throws -> Output {
        guard let restic = Self.executable() else { throw BackupError.resticMissing }
        let process = Process()
        // setpriv stops restic when HomeCrew is killed, so no orphan keeps writing.
        if access("/usr/bin/setpriv", X_OK) == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--pdeathsig", "KILL", "--", restic] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: restic)
            process.arguments = arguments
        }
        process.environment = try environment()
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw BackupError.resticFailed("it could not be started (\(ErrorText.sentence(for: error)))") }
        let watcher = ErrorWatcher(handle: stderr.fileHandleForReading, process: process)
        let thread = Thread { watcher.read() }
        thread.start()
        let stall = StallWatch(process: process, limit: Self.stallLimit)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        stall.stop()
        let lines = watcher.finish().map { RepositoryName.scrub($0, repository: repository) }
        if watcher.gaveUp { throw BackupError.unreachable(repository: display, reason: Self.reason(lines)) }
        if stall.stalled { throw BackupError.unreachable(repository: display, reason: "restic had no answer from it for \(StallWatch.duration(Self.stallLimit))") }
        if process.terminationReason == .uncaughtSignal { throw BackupError.resticKilled(signal: process.terminationStatus) }
        guard process.terminationStatus == 0 else { throw classify(status: process.terminationStatus, lines: lines) }
        return Output(stdout: output, errorLines: lines)
    }

    /// restic 0.14 (Debian 12) reports every failure as status 1; later ones add codes
    /// (10 no repository, 11 locked, 12 wrong password). Its words decide.
    func classify(status: Int32, lines: [String]) -> BackupError {
        let text = lines.joined(separator: "\n").lowercased()
        if status == 12 || text.contains("wrong password") { return .wrongPassword(repository: display) }
        if text.contains("no space left on device") || text.contains("disk quota exceeded") { return .diskFull(Self.reason(lines)) }
        if status == 11 || text.contains("repository is already locked") { return .repositoryLocked(repository: display) }
        if Self.isConnectionFailure(text) { return .unreachable(repository: display, reason: Self.reason(lines)) }
        // The storage (a REST server, a bucket) refused the user and password or keys it was given.
        if ["401 unauthorized", "(401)", "403 forbidden", "(403)", "access denied", "accessdenied", "invalidaccesskeyid", "signaturedoesnotmatch"]
            .contains(where: text.contains) {
            return .credentialsRefused(repository: display)
        }
        if let damage = Self.damage(text, lines: lines) { return .damagedRepository(repository: display, reason: damage) }
        // A local location that is a file: restic cannot list its keys.
        let aFile = text.contains("unable to open repository at") && text.contains("not a directory")
        if status == 10 || aFile || text.contains("is there a repository at the following location") || text.contains("unable to open config file") {
            return .notARepository(repository: display)
        }
        return .resticFailed(Self.reason(lines))
    }

    /// What restic 0.14 says of a repository whose config (or key) it cannot read: a config it
    /// cannot decrypt, an empty one, or one so short that reading it panics.
    static func damage(_ text: String, lines: [String]) -> String? {
        if text.contains("panic:"), text.contains("loadconfig") {
            return "restic could not read its config file (" + (lines.first { $0.hasPrefix("panic:") } ?? "it stopped") + ")"
        }
        let words = ["is damaged", "config cannot be loaded", "config file has zero size", "invalid repository"]
        return words.contains { text.contains($0) } ? reason(lines.filter { !$0.hasPrefix("main.") && !$0.hasPrefix("\t") }) : nil
    }

    static func isConnectionFailure(_ text: String) -> Bool {
        ["connection refused", "no such host", "i/o timeout", "network is unreachable", "connection reset",
         "tls:", "x509:", "no route to host"].contains { text.contains($0) }
    }

    /// The last line restic printed that says something (its "Fatal: …"), shortened.
    static func reason(_ lines: [String]) -> String {
        let fatal = lines.last { $0.hasPrefix("Fatal:") } ?? lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "no message"
        var text = fatal.hasPrefix("Fatal: ") ? String(fatal.dropFirst(7)) : fatal
        text = text.replacingOccurrences(of: "\t", with: " ")
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}

/// Reads restic's standard error line by line while it runs, and stops restic when it keeps
/// retrying a connection that fails.
private final class ErrorWatcher: @unchecked Sendable {
    private let handle: FileHandle
    private let process: Process
    private let done = DispatchSemaphore(value: 0)
    private var lines: [String] = []
    private(set) var gaveUp = false

    init(handle: FileHandle, process: Process) {
        self.handle = handle
        self.process = process
    }

    func read() {
        var pending = Data()
        var failedConnections = 0
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if lines.count < 200 { lines.append(line) } else { lines[199] = line }
                let lower = line.lowercased()
                if lower.contains("retrying after"), ResticProcess.isConnectionFailure(lower) {
                    failedConnections += 1
                    if failedConnections >= ResticProcess.connectionRetries, !gaveUp {
                        gaveUp = true
                        lines.append(line)
                        process.terminate()
                    }
                }
            }
        }
        if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
        done.signal()
    }

    func finish() -> [String] {
        done.wait()
        return lines
    }
}

/// Stops restic when it has moved no byte for `limit` seconds: its reads and writes, counted by
/// the kernel in /proc/PID/io (files and sockets alike), have not changed.
final class StallWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var sawStall = false

    var stalled: Bool { lock.withLock { sawStall } }

    init(process: Process, limit: TimeInterval) {
        let pid = process.processIdentifier
        let interval = min(5, max(0.2, limit / 5))
        let thread = Thread { [self] in
            var last = Self.bytesMoved(pid), unchangedSince = Date()
            while lock.withLock({ running }) {
                Thread.sleep(forTimeInterval: interval)
                let now = Self.bytesMoved(pid)
                if now != last { last = now; unchangedSince = Date(); continue }
                guard Date().timeIntervalSince(unchangedSince) >= limit, lock.withLock({ running }) else { continue }
                lock.withLock { sawStall = true }
                process.terminate()
                // restic removes its lock on SIGTERM; one that does not stop is killed.
                Thread.sleep(forTimeInterval: 10)
                if process.isRunning { kill(pid, SIGKILL) }
                return
            }
        }
        thread.start()
    }

    func stop() { lock.withLock { running = false } }

    /// rchar + wchar of the process, nil once it is gone.
    static func bytesMoved(_ pid: Int32) -> Int64? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").reduce(Int64(0)) { total, line in
            guard line.hasPrefix("rchar:") || line.hasPrefix("wchar:") else { return total }
            return total + (Int64(line.split(separator: " ").last ?? "") ?? 0)
        }
    }

    static func duration(_ seconds: TimeInterval) -> String {
        seconds >= 120 ? "\(Int(seconds / 60)) minutes" : "\(Int(seconds)) seconds"
    }
}
