import Foundation
import HomeCrewCore

/// Which OCR languages are installed, and the Debian package for one that is not.
public enum OCRLanguages {
    public static let dataDirectory = "/usr/share/tesseract-ocr/5/tessdata"

    public static func installed() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dataDirectory)) ?? [])
            .filter { $0.hasSuffix(".traineddata") }.map { String($0.dropLast(".traineddata".count)) }.sorted()
    }

    /// Checks "eng+hin": every language must have its data installed.
    public static func validate(_ specification: String) throws -> String {
        let languages = specification.split(separator: "+", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !languages.isEmpty, languages.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "_" } }) else {
            throw OCRLanguageError.malformed(specification)
        }
        for language in languages where !FileManager.default.fileExists(atPath: "\(dataDirectory)/\(language).traineddata") {
            throw OCRLanguageError.notInstalled(language)
        }
        return languages.joined(separator: "+")
    }
}

public enum OCRLanguageError: HomeCrewError {
    case malformed(String)
    case notInstalled(String)

    public var category: ErrorCategory {
        switch self {
        case .malformed: return .usage
        case .notInstalled: return .notFound
        }
    }

    public var description: String {
        switch self {
        case .malformed(let text):
            return "'\(text)' is not a list of OCR languages; write tesseract codes joined by +, such as eng+hin"
        case .notInstalled(let language):
            let package = "tesseract-ocr-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
            return "OCR language '\(language)' is not installed; install it with: sudo apt-get install \(package)"
        }
    }
}
