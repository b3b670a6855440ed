#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HomeCrewCore
import HomeCrewVault

/// The child's side: the `homecrew-extract` program. It answers requests one after another on its
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
                recognizeText(&extraction, path: request.path, type: request.mediaType, password: request.password, languages: languages,
                               limits: request.ocrLimits)
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
