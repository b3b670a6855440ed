import Foundation
import HomeCrewCore

/// Runs an extractor in a child process (`homecrew __extract`), so that a crash, a hang or a
/// memory blow-up inside poppler, libheif or libjpeg costs one file's extraction, never the
/// command or the vault. The child gets a time limit (killed after it) and an address-space
/// limit; the request, password included, goes through its standard input, never its
/// arguments or environment.
public struct IsolatedExtractor: Sendable {
    public let executable: String
    public var timeout: TimeInterval
    public var memoryLimit: Int

    /// The time limit is `HOMECREW_EXTRACT_TIMEOUT` seconds when set, else 60.
    public init(executable: String = IsolatedExtractor.currentExecutable(), timeout: TimeInterval? = nil,
                memoryLimit: Int = 1 << 30) {
        self.executable = executable
        let configured = ProcessInfo.processInfo.environment["HOMECREW_EXTRACT_TIMEOUT"].flatMap(TimeInterval.init)
        self.timeout = timeout ?? configured.flatMap { $0 > 0 ? $0 : nil } ?? 60
        self.memoryLimit = memoryLimit
    }

    /// This program's own binary, to re-execute as the worker.
    public static func currentExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Reads a file in the worker; with `ocrLanguages`, pages and images with no text are
    /// OCR'd too (and the time limit is ten times longer).
    public func extract(path: String, type: MediaType, password: String?, ocrLanguages: String? = nil) -> Extraction {
        let limit = ocrLanguages == nil ? timeout : timeout * 10
        let request = ExtractionRequest(path: path, mediaType: type, password: password, ocrLanguages: ocrLanguages,
                                        memoryLimit: memoryLimit, cpuSeconds: Int(limit.rounded(.up)) + 5)
        do {
            let (status, reason, output) = try run(request, timeout: limit)
            if reason == .uncaughtSignal {
                return Extraction(content: .failed(status == SIGKILL
                    ? "reading the \(type.shortName) took longer than \(limit.formatted()) s and was stopped; retry with: homecrew doc reprocess"
                    : "the \(type.shortName) reader crashed (signal \(status)) on this file; retry with: homecrew doc reprocess"))
            }
            guard status == 0, let wire = try? JSONDecoder().decode(ExtractionWire.self, from: output) else {
                return Extraction(content: .failed("the \(type.shortName) reader failed (exit status \(status))"))
            }
            return wire.extraction
        } catch {
            return Extraction(content: .failed("the extraction worker could not start: \(error)"))
        }
    }

    private func run(_ request: ExtractionRequest, timeout: TimeInterval) throws -> (Int32, Process.TerminationReason, Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["__extract"]
        var environment = ProcessInfo.processInfo.environment
        // libgomp reads this only at load: it must be in the worker's environment from the start.
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        input.fileHandleForWriting.write(try JSONEncoder().encode(request))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, process.terminationReason, data)
    }
}

struct ExtractionRequest: Codable {
    var path: String
    var mediaType: MediaType
    var password: String?
    var ocrLanguages: String?
    var memoryLimit: Int
    var cpuSeconds: Int
}

/// The worker's answer on its standard output.
struct ExtractionWire: Codable {
    var content: ExtractedContent
    var thumbnail: Data?

    init(_ extraction: Extraction) {
        content = extraction.content
        thumbnail = extraction.thumbnailPNG.map { Data($0) }
    }

    var extraction: Extraction { Extraction(content: content, thumbnailPNG: thumbnail.map { [UInt8]($0) }) }
}

/// The child's side: `homecrew __extract`.
public enum ExtractionWorker {
    public static func serve() -> Int32 {
        let input = FileHandle.standardInput.readDataToEndOfFile()
        guard let request = try? JSONDecoder().decode(ExtractionRequest.self, from: input) else { return 2 }
        limit(RLIMIT_CORE, 0)
        limit(RLIMIT_AS, request.memoryLimit)
        limit(RLIMIT_CPU, request.cpuSeconds)
        var extraction = extractInProcess(path: request.path, type: request.mediaType, password: request.password)
        if let languages = request.ocrLanguages {
            recognizeText(&extraction, path: request.path, type: request.mediaType, password: request.password, languages: languages)
        }
        guard let output = try? JSONEncoder().encode(ExtractionWire(extraction)) else { return 3 }
        FileHandle.standardOutput.write(output)
        return 0
    }

    /// Runs the extractor for `type` in this process. Only the worker and tests call it.
    public static func extractInProcess(path: String, type: MediaType, password: String?) -> Extraction {
        guard let extractor = ExtractorRegistry.extractor(for: type) else {
            return Extraction(content: ExtractedContent(status: .skipped, note: "HomeCrew does not read this type of file"))
        }
        return extractor.extract(path: path, password: password)
    }

    private static func limit(_ resource: __rlimit_resource, _ value: Int) {
        var limits = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
        setrlimit(__rlimit_resource_t(resource.rawValue), &limits)
    }
}
