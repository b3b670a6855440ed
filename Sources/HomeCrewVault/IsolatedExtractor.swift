import Foundation
import HomeCrewCore

/// Runs an extractor in a child process (`homecrew-extract`), so that a crash, a hang or a
/// memory blow-up inside poppler, libheif or libjpeg costs one file's extraction, never the
/// command or the vault. The child gets a time limit (killed after it) and an address-space
/// limit; the request, password included, goes through its standard input, never its
/// arguments or environment.
public struct IsolatedExtractor: Sendable {
    public let executable: String
    public var timeout: TimeInterval
    public var memoryLimit: Int
    /// What OCR of one document may take (`OCRLimits`).
    public var ocrLimits: OCRLimits

    /// The time limit is `HOMECREW_EXTRACT_TIMEOUT` seconds when set, else 60.
    public init(executable: String = IsolatedExtractor.currentExecutable(), timeout: TimeInterval? = nil,
                memoryLimit: Int = 1 << 30, ocrLimits: OCRLimits = .standard) {
        self.executable = executable
        let configured = ProcessInfo.processInfo.environment["HOMECREW_EXTRACT_TIMEOUT"].flatMap(TimeInterval.init)
        self.timeout = timeout ?? configured.flatMap { $0 > 0 ? $0 : nil } ?? 60
        self.memoryLimit = memoryLimit
        self.ocrLimits = ocrLimits
    }

    /// The worker program, `homecrew-extract`, installed next to this one. It is a separate
    /// program so that `homecrew` itself never loads a PDF, image or OCR library (and starts
    /// in a few milliseconds instead of thirty).
    public static func currentExecutable() -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (own as NSString).deletingLastPathComponent + "/homecrew-extract"
    }

    /// Reads a file in a worker; with `ocrLanguages`, pages and images with no text are
    /// OCR'd too, within `ocrLimits` (the worker stops OCR itself; the time limit, after which it
    /// is killed, grows by OCR's time and a margin for the page being read when it ran out).
    public func extract(path: String, type: MediaType, password: String?, ocrLanguages: String? = nil) -> Extraction {
        let limit = ocrLanguages == nil ? timeout : timeout + ocrLimits.seconds * 1.5 + 10
        let request = ExtractionRequest(path: path, mediaType: type, password: password, ocrLanguages: ocrLanguages,
                                        memoryLimit: memoryLimit, cpuSeconds: Int(limit.rounded(.up)) + 5, ocrLimits: ocrLimits)
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
            return Extraction(content: .failed(reason))
        }
    }
}

public struct ExtractionRequest: Codable, Sendable {
    public var path: String
    public var mediaType: MediaType
    public var password: String?
    public var ocrLanguages: String?
    public var memoryLimit: Int
    public var cpuSeconds: Int
    public var ocrLimits: OCRLimits
}

/// What OCR of one document may take: at most `pages` pages and `seconds` of reading. A scan of a
/// hundred pages would otherwise keep a worker for many minutes; what was not read is said in the
/// document's note (its status partial), and its text layer is searched as far as it was read.
public struct OCRLimits: Codable, Sendable, Equatable {
    public var pages: Int
    public var seconds: Double

    public init(pages: Int, seconds: Double) {
        self.pages = pages
        self.seconds = seconds
    }

    /// 20 pages, 90 s: a page of the sample scan (300 dpi) took about 1 s here and a noisy scanned
    /// page up to 13 s (issue 35), so a clean 20-page scan is read whole and a noisy one in part.
    public static let standard = OCRLimits(pages: 20, seconds: 90)
}

/// The worker's answer on its standard output.
public struct ExtractionWire: Codable {
    public var content: ExtractedContent
    public var thumbnail: Data?

    public init(_ extraction: Extraction) {
        content = extraction.content
        thumbnail = extraction.thumbnailPNG.map { Data($0) }
    }

    public var extraction: Extraction { Extraction(content: content, thumbnailPNG: thumbnail.map { [UInt8]($0) }) }
}


/// What an extractor produced: the content to keep and the thumbnail PNG, if one was made.
public struct Extraction: Sendable, Codable {
    public var content: ExtractedContent
    public var thumbnailPNG: [UInt8]?

    public init(content: ExtractedContent, thumbnailPNG: [UInt8]? = nil) {
        self.content = content
        self.thumbnailPNG = thumbnailPNG
    }
}

