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
}
