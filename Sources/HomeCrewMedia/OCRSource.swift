import CCairo
import CHeif
import CTurboJPEG
import Foundation
import HomeCrewCore
import HomeCrewVault

/// Reads what OCR needs from a file: full-resolution grey images, upright. PDF pages are
/// rendered at 300 dpi; only pages with no text layer are read.
enum OCRSource {
    static let pdfDPI = 300
    /// Larger images are scaled down first: past this, OCR gets slower, not better.
    static let maximumEdge = 5000

    /// The pages OCR would read, in order, and how to get each one's image (rendered only
    /// when its turn comes: a long scan is never held in memory whole).
    static func pages(path: String, type: MediaType, content: ExtractedContent,
                      password: String?) throws -> (numbers: [Int], image: (Int) throws -> GrayImage?) {
        switch type {
        case .pdf:
            let empty = content.pages.filter { $0.text.isEmpty }.map(\.number)
            guard !empty.isEmpty else { return ([], { _ in nil }) }
            guard let pdf = try? PopplerPDF(path: path, password: password) else {
                throw ExtractionFailure("the PDF could not be opened for OCR")
            }
            return (empty, { number in pdfPage(pdf, number: number) })
        case .jpeg: return ([1], { _ in try jpeg(path: path) })
        case .png: return ([1], { _ in try png(path: path) })
        case .heic: return ([1], { _ in try heic(path: path) })
        case .other: return ([], { _ in nil })
        }
    }

    static func pdfPage(_ pdf: PopplerPDF, number: Int) -> GrayImage? {
        guard let size = pdf.size(ofPage: number - 1) else { return nil }
        let dpi = min(Double(pdfDPI), 72 * Double(maximumEdge) / max(size.width, size.height))
        guard let page = pdf.render(page: number - 1, dpi: dpi) else { return nil }
        defer { cairo_surface_destroy(page) }
        return gray(of: page)
    }

    static func jpeg(path: String) throws -> GrayImage {
        guard let data = FileManager.default.contents(atPath: path) else { throw ExtractionFailure("the file could not be read") }
        let bytes = [UInt8](data)
        if let frame = JPEGMarkers.frame(bytes), frame.precision != 8 {
            throw ExtractionFailure("the picture's \(frame.precision)-bit samples cannot be decoded here")
        }
        guard let handle = tjInitDecompress() else { throw ExtractionFailure("libturbojpeg did not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0 else {
            throw ExtractionFailure("the JPEG header is damaged")
        }
        var (w, h) = (Int(width), Int(height))
        while max(w, h) > maximumEdge { (w, h) = ((w + 1) / 2, (h + 1) / 2) }
        var pixels = [UInt8](repeating: 255, count: w * h)
        // A damaged file may decode in part (a warning): what was decoded is still read.
        if tjDecompress2(handle, bytes, UInt(bytes.count), &pixels, Int32(w), 0, Int32(h), Int32(TJPF_GRAY.rawValue), 0) != 0,
           tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
            throw ExtractionFailure("the JPEG data could not be decoded for OCR")
        }
        return GrayImage(width: w, height: h, pixels: pixels).oriented(ExifOrientation.read(jpeg: bytes))
    }

    static func png(path: String) throws -> GrayImage {
        guard let data = FileManager.default.contents(atPath: path) else { throw ExtractionFailure("the file could not be read") }
        let surface = try CairoPNG.decode([UInt8](data))
        defer { cairo_surface_destroy(surface) }
        // Composite on white (transparent text backgrounds would read as black).
        let canvas = Canvas(width: Int(cairo_image_surface_get_width(surface)), height: Int(cairo_image_surface_get_height(surface)))
        cairo_set_source_surface(canvas.context, surface, 0, 0)
        cairo_paint(canvas.context)
        return gray(of: canvas.surface)
    }

    static func heic(path: String) throws -> GrayImage {
        let context = heif_context_alloc()
        defer { heif_context_free(context) }
        guard heif_context_read_from_file(context, path, nil).code == heif_error_Ok else { throw ExtractionFailure("the HEIF file is damaged") }
        var handle: OpaquePointer?
        guard heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else {
            throw ExtractionFailure("the HEIF file has no primary image")
        }
        defer { heif_image_handle_release(handle) }
        var image: OpaquePointer?
        guard heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil).code == heif_error_Ok,
              let image else { throw ExtractionFailure("the HEIF image could not be decoded for OCR") }
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else { throw ExtractionFailure("no pixels") }
        var pixels = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                let p = plane + row * Int(stride) + column * 4
                let alpha = Int(p[3])
                let luma = (Int(p[0]) * 299 + Int(p[1]) * 587 + Int(p[2]) * 114) / 1000
                pixels[row * width + column] = UInt8((luma * alpha + 255 * (255 - alpha)) / 255)
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    static func gray(of surface: OpaquePointer) -> GrayImage {
        cairo_surface_flush(surface)
        return GrayImage.fromBGRX(cairo_image_surface_get_data(surface), width: Int(cairo_image_surface_get_width(surface)),
                                  height: Int(cairo_image_surface_get_height(surface)), stride: Int(cairo_image_surface_get_stride(surface)))
    }
}

extension ExtractionWorker {
    /// Adds OCR text to the pages (and images) that have none, within `limits`: pages past the
    /// limit, and pages left when its time has run out, are not read, and the note says which.
    static func recognizeText(_ extraction: inout Extraction, path: String, type: MediaType, password: String?, languages: String,
                              limits: OCRLimits) {
        guard extraction.content.status != .failed, type != .other else { return }
        let deadline = Date().addingTimeInterval(limits.seconds)
        var unread: [Int] = []
        var stoppedByTime = false
        do {
            let (numbers, image) = try OCRSource.pages(path: path, type: type, content: extraction.content, password: password)
            guard !numbers.isEmpty else { return }
            let engine = try OCREngine(languages: languages)
            for (position, number) in numbers.enumerated() {
                guard position < limits.pages, Date() < deadline else {
                    stoppedByTime = position < limits.pages
                    unread = Array(numbers[position...])
                    break
                }
                guard let picture = try image(number) else { continue }
                let milliseconds = max(1, Int(deadline.timeIntervalSinceNow * 1000))
                let read = engine.recognize(picture, dpi: type == .pdf ? OCRSource.pdfDPI : 300, milliseconds: milliseconds)
                if read == nil && Date() >= deadline {
                    stoppedByTime = true
                    unread = Array(numbers[position...])
                    break
                }
                let dpi = type == .pdf ? OCRSource.pdfDPI : 300
                let text = read.map { ZoneBand.reread($0, picture: picture, dpi: dpi, engine: engine, deadline: deadline) } ?? ""
                set(PageText(number: number, text: text, source: text.isEmpty ? .none : .ocr), in: &extraction.content)
            }
        } catch {
            note("OCR could not run: \(ErrorText.sentence(for: error))", in: &extraction.content)
            return
        }
        guard !unread.isEmpty else { return }
        let reason = stoppedByTime ? "OCR of one document stops after \(String(format: "%g", limits.seconds)) s"
                                   : "OCR reads at most \(limits.pages) pages of one document"
        note("\(reason): \(unread.count == 1 ? "page" : "pages") \(PageRanges.text(unread)) not read", in: &extraction.content)
    }

    private static func set(_ page: PageText, in content: inout ExtractedContent) {
        if let index = content.pages.firstIndex(where: { $0.number == page.number }) {
            content.pages[index] = page
        } else {
            content.pages.append(page)
            content.pages.sort { $0.number < $1.number }
        }
    }

    /// Adds to the content's note; what is complete becomes partial.
    private static func note(_ text: String, in content: inout ExtractedContent) {
        content.note = [content.note, text].compactMap { $0 }.joined(separator: "; ")
        if content.status == .complete { content.status = .partial }
    }
}

/// Page numbers as ranges: 3, 5–9, 12.
enum PageRanges {
    static func text(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < numbers.count {
            var end = index
            while end + 1 < numbers.count && numbers[end + 1] == numbers[end] + 1 { end += 1 }
            parts.append(end == index ? "\(numbers[index])" : "\(numbers[index])\u{2013}\(numbers[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
