import CTesseract
import Foundation
import HomeCrewCore
import HomeCrewVault

/// An 8-bit grey image, the form tesseract reads.
struct GrayImage {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    /// The image turned upright per EXIF orientation (1–8).
    func oriented(_ orientation: Int) -> GrayImage {
        guard orientation > 1 && orientation <= 8 else { return self }
        let swaps = orientation >= 5
        let (newWidth, newHeight) = swaps ? (height, width) : (width, height)
        var out = [UInt8](repeating: 255, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let (nx, ny): (Int, Int)
                switch orientation {
                case 2: (nx, ny) = (width - 1 - x, y)
                case 3: (nx, ny) = (width - 1 - x, height - 1 - y)
                case 4: (nx, ny) = (x, height - 1 - y)
                case 5: (nx, ny) = (y, x)
                case 6: (nx, ny) = (height - 1 - y, x)
                case 7: (nx, ny) = (height - 1 - y, width - 1 - x)
                default: (nx, ny) = (y, width - 1 - x)   // 8
                }
                out[ny * newWidth + nx] = pixels[y * width + x]
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// Grey from BGRX/BGRA bytes (alpha already composited on white), with the given stride.
    static func fromBGRX(_ base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> GrayImage {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = base + y * stride
            for x in 0..<width {
                let p = row + x * 4
                // ITU-R BT.601 luma.
                let red = Int(p[2]) * 299, green = Int(p[1]) * 587, blue = Int(p[0]) * 114
                pixels[y * width + x] = UInt8((red + green + blue) / 1000)
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}

/// tesseract through its C API. One engine per worker process: loading the language data
/// is the expensive part.
final class OCREngine {
    private let handle: OpaquePointer

    init(languages: String) throws {
        handle = TessBaseAPICreate()
        guard TessBaseAPIInit3(handle, nil, languages) == 0 else {
            TessBaseAPIDelete(handle)
            throw ExtractionFailure("tesseract could not load the language data for \(languages)")
        }
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The image's text, or nil when reading it took longer than `milliseconds` (tesseract
    /// checks its deadline as it goes, so a page that would take minutes is stopped).
    func recognize(_ image: GrayImage, dpi: Int, milliseconds: Int) -> String? {
        image.pixels.withUnsafeBufferPointer { buffer in
            TessBaseAPISetImage(handle, buffer.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        TessBaseAPISetSourceResolution(handle, Int32(dpi))
        let monitor = TessMonitorCreate()
        defer { TessMonitorDelete(monitor) }
        TessMonitorSetDeadlineMSecs(monitor, Int32(clamping: milliseconds))
        // Not GetUTF8Text after a stopped Recognize: it would recognize again, with no deadline.
        guard TessBaseAPIRecognize(handle, monitor) == 0, let text = TessBaseAPIGetUTF8Text(handle) else { return nil }
        defer { TessDeleteText(text) }
        return String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The lines of the last reading whose text satisfies `predicate`: their boxes and their characters' pitch.
    func lastLines(where predicate: (Substring) -> Bool) -> [TextLineBox] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        var lines: [TextLineBox] = []
        repeat {
            guard let text = TessResultIteratorGetUTF8Text(iterator, RIL_TEXTLINE) else { continue }
            defer { TessDeleteText(text) }
            let line = Substring(String(cString: text))
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard predicate(line),
                  TessPageIteratorBoundingBox(TessResultIteratorGetPageIterator(iterator), RIL_TEXTLINE, &left, &top, &right, &bottom) != 0
            else { continue }
            let box = PixelBox(left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom))
            lines.append(TextLineBox(box: box, characters: line.filter { !$0.isWhitespace }.count))
        } while TessResultIteratorNext(iterator, RIL_TEXTLINE) != 0 && lines.count < 16
        return lines
    }

    /// Reads `image` as one block of a machine-readable zone: only `A–Z`, `0–9` and `<` allowed.
    /// The engine's own settings are restored afterwards for the pages still to read.
    func recognizeZone(_ image: GrayImage, milliseconds: Int) -> String? {
        let mode = TessBaseAPIGetPageSegMode(handle)
        TessBaseAPISetPageSegMode(handle, PSM_SINGLE_BLOCK)
        TessBaseAPISetVariable(handle, "tessedit_char_whitelist", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")
        defer {
            TessBaseAPISetVariable(handle, "tessedit_char_whitelist", "")
            TessBaseAPISetPageSegMode(handle, mode)
        }
        return recognize(image, dpi: 300, milliseconds: milliseconds)
    }
}
