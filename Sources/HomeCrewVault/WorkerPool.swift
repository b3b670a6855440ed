#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HomeCrewCore

/// Long-lived extraction workers, one per core, shared by every extraction in this process.
/// Starting `homecrew` costs about 30 ms (it loads 110 libraries), more than reading a typical
/// PDF, so a worker serves many files; a worker that crashes or overruns its time is killed
/// and replaced, which costs that one file and nothing else.
final class WorkerPool: @unchecked Sendable {
    enum Outcome {
        case answered(Data)
        case timedOut
        case died(signal: Int32?, status: Int32)
        case cannotStart(String)
    }

    final class Worker {
        let process: Process
        let input: Int32
        let output: Int32
        var served = 0

        init(process: Process, input: Pipe, output: Pipe) {
            self.process = process
            self.input = input.fileHandleForWriting.fileDescriptor
            self.output = output.fileHandleForReading.fileDescriptor
        }
    }

    /// After this many files a worker is replaced, so that memory a library kept is returned.
    static let requestsPerWorker = 200
    /// One worker per core.
    static var defaultSize: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
    private static let poolsLock = NSLock()
    nonisolated(unsafe) private static var pools: [String: WorkerPool] = [:]

    static func shared(_ executable: String) -> WorkerPool {
        poolsLock.withLock {
            if let pool = pools[executable] { return pool }
            signal(SIGPIPE, SIG_IGN)
            let pool = WorkerPool(executable: executable, size: defaultSize)
            pools[executable] = pool
            return pool
        }
    }

    private let executable: String
    private let lock = NSLock()
    private var idle: [Worker] = []
    // Pipes are kept alive with their worker.
    private var pipes: [ObjectIdentifier: (Pipe, Pipe)] = [:]
    let line: FairLine

    init(executable: String, size: Int) {
        self.executable = executable
        self.line = FairLine(size: size)
    }

    /// Extracts on a free worker, waiting for one in `FairLine`'s order; `owner` is whom the work
    /// is for (`ExtractionOwner.current` by default).
    func perform(_ request: ExtractionRequest, timeout: TimeInterval, owner: String? = ExtractionOwner.current) -> Outcome {
        let ticket = line.enter(owner: owner, ocr: request.ocrLanguages != nil)
        defer { line.leave(ticket) }
        let worker: Worker
        do { worker = try lock.withLock { idle.popLast() } ?? start() } catch { return .cannotStart(Self.cannotStart(executable, error)) }
        guard let body = try? JSONEncoder().encode(request), WorkerFrame.write(body, to: worker.input) else {
            return retire(worker, killing: true).map { .died(signal: $0.signal, status: $0.status) } ?? .cannotStart("no worker")
        }
        switch WorkerFrame.read(from: worker.output, deadline: Date().addingTimeInterval(timeout)) {
        case .frame(let data):
            worker.served += 1
            if worker.served >= Self.requestsPerWorker { _ = retire(worker, killing: false) } else { lock.withLock { idle.append(worker) } }
            return .answered(data)
        case .timedOut:
            _ = retire(worker, killing: true)
            return .timedOut
        case .closed:
            let end = retire(worker, killing: false)
            return .died(signal: end?.signal, status: end?.status ?? -1)
        }
    }

    /// Why the worker program did not start, as one sentence with the fix.
    static func cannotStart(_ executable: String, _ error: any Error) -> String {
        let fix = "build it with: swift build --product homecrew-extract (or install HomeCrew with: Scripts/install), then run: homecrew doc reprocess"
        guard FileManager.default.fileExists(atPath: executable) else {
            return "homecrew-extract, the program that reads documents, is missing: it was looked for at \(executable), beside homecrew; \(fix)"
        }
        return "homecrew-extract at \(executable) could not start (\(ErrorText.sentence(for: error))); \(fix)"
    }

    /// restic's variables and those of the backends it reaches (S3, B2, Azure, Google, Swift, rclone).
    static let secretPrefixes = ["RESTIC_", "AWS_", "B2_", "AZURE_", "GOOGLE_", "OS_", "ST_", "RCLONE_"]

    private func start() throws -> Worker {
        guard access(executable, X_OK) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOENT) }
        let process = Process(), input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = []
        // A worker parses files anyone uploaded: it is given no backup password or cloud key.
        var environment = ProcessInfo.processInfo.environment.filter { name, _ in
            !Self.secretPrefixes.contains { name.hasPrefix($0) }
        }
        // libgomp reads this only at load: it must be in the worker's environment from the start.
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let worker = Worker(process: process, input: input, output: output)
        lock.withLock { pipes[ObjectIdentifier(worker)] = (input, output) }
        return worker
    }

    /// Ends a worker (politely by closing its input, or with SIGKILL) and says how it ended.
    private func retire(_ worker: Worker, killing: Bool) -> (signal: Int32?, status: Int32)? {
        if killing { kill(worker.process.processIdentifier, SIGKILL) }
        let (input, output) = lock.withLock { pipes.removeValue(forKey: ObjectIdentifier(worker)) } ?? (Pipe(), Pipe())
        try? input.fileHandleForWriting.close()
        worker.process.waitUntilExit()
        try? output.fileHandleForReading.close()
        let status = worker.process.terminationStatus
        return worker.process.terminationReason == .uncaughtSignal ? (status, status) : (nil, status)
    }
}

/// Whom an extraction is for (a household's id, set by the server around a web upload's filing),
/// so that the workers are shared fairly between households. Nil for the command line's own work.
public enum ExtractionOwner {
    @TaskLocal public static var current: String?
}

/// The order in which extractions get a worker. Round robin between owners: a free worker goes to
/// the owner whose last extraction started longest ago (arrival order within an owner), so one
/// household's hundred files do not keep another's one file waiting behind all of them. And one
/// owner's OCR, which can take a worker for a minute or more a document, holds at most all workers
/// but one (`ocrShare`): another household's upload always finds a worker that no long OCR of
/// the first holds. Work of no owner (the command line) is not held back: it is the only owner.
final class FairLine: @unchecked Sendable {
    final class Ticket {
        let owner: String?
        let ocr: Bool
        init(owner: String?, ocr: Bool) { self.owner = owner; self.ocr = ocr }
        var key: String { owner ?? "" }
        var countsAsOwnersOCR: Bool { ocr && owner != nil }
    }

    let size: Int
    /// The most workers one owner's OCR may hold at once.
    var ocrShare: Int { max(1, size - 1) }
    private let condition = NSCondition()
    private var waiting: [Ticket] = []
    private var busy = 0
    private var ocrBusy: [String: Int] = [:]
    private var lastStarted: [String: Int] = [:]
    private var starts = 0

    init(size: Int) { self.size = max(1, size) }

    /// Waits until this extraction's turn has come and a worker is free for it.
    func enter(owner: String?, ocr: Bool) -> Ticket {
        let ticket = Ticket(owner: owner, ocr: ocr)
        condition.withLock {
            waiting.append(ticket)
            while next() !== ticket { condition.wait() }
            waiting.removeAll { $0 === ticket }
            busy += 1
            if ticket.countsAsOwnersOCR { ocrBusy[ticket.key, default: 0] += 1 }
            starts += 1
            lastStarted[ticket.key] = starts
            // Another worker may be free for the next in line.
            condition.broadcast()
        }
        return ticket
    }

    func leave(_ ticket: Ticket) {
        condition.withLock {
            busy -= 1
            if ticket.countsAsOwnersOCR {
                let left = ocrBusy[ticket.key, default: 1] - 1
                ocrBusy[ticket.key] = left > 0 ? left : nil
            }
            condition.broadcast()
        }
    }

    /// How many extractions run and wait now (for tests and the load check).
    var counts: (running: Int, waiting: Int) { condition.withLock { (busy, waiting.count) } }

    /// The ticket that may start now: of those a free worker may take, the first one of the owner
    /// who started least recently (an owner never seen first).
    private func next() -> Ticket? {
        guard busy < size else { return nil }
        var best: Ticket?
        for ticket in waiting where !ticket.countsAsOwnersOCR || ocrBusy[ticket.key, default: 0] < ocrShare {
            if let chosen = best, lastStarted[chosen.key, default: 0] <= lastStarted[ticket.key, default: 0] { continue }
            best = ticket
        }
        return best
    }
}

/// A message between the command and a worker: a 4-byte big-endian length, then the bytes.
public enum WorkerFrame {
    public enum Read { case frame(Data), timedOut, closed }

    public static func write(_ data: Data, to descriptor: Int32) -> Bool {
        var length = UInt32(data.count).bigEndian
        let header = Data(bytes: &length, count: 4)
        for part in [header, data] {
            let ok = part.withUnsafeBytes { bytes -> Bool in
                var offset = 0
                while offset < bytes.count {
                    let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 { if errno == EINTR { continue }; return false }
                    offset += written
                }
                return true
            }
            if !ok { return false }
        }
        return true
    }

    /// Blocking read, for the worker's side.
    public static func read(from descriptor: Int32) -> Data? {
        if case .frame(let data) = read(from: descriptor, deadline: nil) { return data }
        return nil
    }

    public static func read(from descriptor: Int32, deadline: Date?) -> Read {
        let first = exactly(4, from: descriptor, deadline: deadline)
        guard case .frame(let header) = first else { return first }
        let length = header.reduce(0) { $0 << 8 | Int($1) }
        guard length <= 1 << 30 else { return .closed }
        return exactly(length, from: descriptor, deadline: deadline)
    }

    private static func exactly(_ count: Int, from descriptor: Int32, deadline: Date?) -> Read {
        var data = Data(count: count)
        var offset = 0
        while offset < count {
            if let deadline {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(max(0, min(Double(Int32.max), deadline.timeIntervalSinceNow * 1000)).rounded(.up))
                let ready = poll(&poller, 1, milliseconds)
                if ready == 0 { return .timedOut }
                if ready < 0 { if errno == EINTR { continue }; return .closed }
            }
            let got = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + offset, count - offset) }
            if got < 0 { if errno == EINTR { continue }; return .closed }
            if got == 0 { return .closed }
            offset += got
        }
        return .frame(data)
    }
}
