import CCairo
import Foundation
import HomeCrewCore
import HomeCrewVault

/// PDF through poppler's C++ binding, parsed once (`PopplerPDF`): page count and metadata, the
/// text of every page in poppler's own layout, and page 1 drawn on white as the thumbnail.
/// Encrypted files open only with their password.
struct PDFExtractor: Extractor {
    func extract(path: String, password: String?) -> Extraction {
        let pdf: PopplerPDF
        do {
            pdf = try PopplerPDF(path: path, password: password)
        } catch {
            return Extraction(content: Self.openFailure(error, path: path, passwordGiven: password != nil))
        }
        let count = pdf.pageCount
        guard count > 0 else {
            return Extraction(content: .failed("the PDF has no readable pages (its page tree is damaged)"))
        }
        var content = ExtractedContent(status: .complete, pageCount: count, encrypted: pdf.isEncrypted)
        content.metadataTitle = pdf.info("Title")
        content.metadataAuthor = pdf.info("Author")
        content.metadataCreated = pdf.date("CreationDate").map { ISO8601DateFormatter().string(from: $0) }
        let missing = pdf.missingFonts
        if !missing.isEmpty { content.note = Self.missingFontsNote(missing) }
        for index in 0..<count {
            guard let text = pdf.text(ofPage: index) else {
                content.status = .partial
                content.note = "page \(index + 1) could not be read"
                continue
            }
            content.pages.append(PageText(number: index + 1, text: text, source: text.isEmpty ? .none : .pdfText))
        }
        return Extraction(content: content, thumbnailPNG: try? Self.thumbnail(of: pdf))
    }

    static func missingFontsNote(_ fonts: [(name: String, substitute: String)]) -> String {
        let names = fonts.map { $0.substitute.isEmpty ? $0.name : "\($0.name) (drawn with \($0.substitute))" }
        return "font\(fonts.count == 1 ? "" : "s") of page 1 not in the PDF and not on this machine: \(names.joined(separator: ", ")); "
            + "the text is read in full, the thumbnail shows a substitute"
    }

    /// Page 1 drawn at the resolution that makes its long edge the thumbnail's.
    static func thumbnail(of pdf: PopplerPDF) throws -> [UInt8] {
        guard let size = pdf.size(ofPage: 0) else { throw ExtractionFailure("page 1 has no size") }
        let dpi = 72 * Double(Thumbnail.longEdge) / max(size.width, size.height)
        guard let page = pdf.render(page: 0, dpi: dpi) else { throw ExtractionFailure("page 1 could not be drawn") }
        defer { cairo_surface_destroy(page) }
        return try Thumbnail.png(from: page, width: Int(cairo_image_surface_get_width(page)),
                                 height: Int(cairo_image_surface_get_height(page)))
    }

    static func openFailure(_ failure: PopplerPDF.OpenFailure, path: String, passwordGiven: Bool) -> ExtractedContent {
        switch failure {
        case .locked:
            let note = passwordGiven
                ? "encrypted: the password given does not open it"
                : "encrypted: add it again or reprocess it with --password to read its text"
            return ExtractedContent(status: .partial, note: note, encrypted: true)
        case .unreadable(let complaint):
            let reason = complaint.map { "poppler says: \($0)" } ?? "it is not a PDF poppler can read"
            return ExtractedContent(status: .failed, note: "poppler cannot open the PDF: \(reason)", encrypted: looksEncrypted(path))
        }
    }

    /// Whether the file declares an /Encrypt dictionary (mapped, not read into memory).
    static func looksEncrypted(_ path: String) -> Bool {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return false }
        return data.range(of: Data("/Encrypt".utf8)) != nil
    }
}
