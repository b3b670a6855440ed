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

    /// Reads a file in a worker; with `ocrLanguages`, pages and images with no text are
    /// OCR'd too (and the time limit is ten times longer).
    public func extract(path: String, type: MediaType, password: String?, ocrLanguages: String? = nil) -> Extraction {
        let limit = ocrLanguages == nil ? timeout : timeout * 10
        let request = ExtractionRequest(path: path, mediaType: type, password: password, ocrLanguages: ocrLanguages,
                                        memoryLimit: memoryLimit, cpuSeconds: Int(limit.rounded(.up)) + 5)
        switch WorkerPool.shared(executable).perform(request, timeout: limit) {
        case .answered(let data):
            guard let wire = try? JSONDecoder().decode(ExtractionWire.self, from: data) else {
                return Extraction(content: .failed("the \(type.shortName) reader gave an answer that cannot be read"))
            }
            return wire.extraction
        case .timedOut:
            return Extraction(content: .failed(
                "reading the \(type.shortName) took longer than \(limit.formatted()) s and was stopped; retry with: homecrew doc reprocess"))
        case .died(let signal, let status):
            return Extraction(content: .failed(signal.map {
                "the \(type.shortName) reader crashed (signal \($0)) on this file; retry with: homecrew doc reprocess"
            } ?? "the \(type.shortName) reader failed (exit status \(status))"))
        case .cannotStart(let reason):
            return Extraction(content: .failed("the extraction worker could not start: \(reason)"))
        }
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

/// The child's side: `homecrew __extract`. It answers requests one after another on its
/// standard input and output (each a 4-byte length and JSON), until its input closes.
public enum ExtractionWorker {
    public static func serve() -> Int32 {
        limit(RLIMIT_CORE, 0)
        var limited = false
        while let frame = WorkerFrame.read(from: 0) {
            guard let request = try? JSONDecoder().decode(ExtractionRequest.self, from: frame) else { return 2 }
            // The address-space limit holds for the worker's whole life; time is the parent's
            // watch (RLIMIT_CPU would add up across requests).
            if !limited { limit(RLIMIT_AS, request.memoryLimit); limited = true }
            var extraction = extractInProcess(path: request.path, type: request.mediaType, password: request.password)
            if let languages = request.ocrLanguages {
                recognizeText(&extraction, path: request.path, type: request.mediaType, password: request.password, languages: languages)
            }
            guard let output = try? JSONEncoder().encode(ExtractionWire(extraction)), WorkerFrame.write(output, to: 1) else { return 3 }
        }
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
