import CLeptonica
import Foundation

/// A leptonica image, destroyed with its owner. Every image operation the zone finder uses is
/// leptonica's (the library tesseract reads with); this only moves pixels in and out.
final class LeptImage {
    let pointer: UnsafeMutablePointer<PIX>

    /// Takes ownership of what a leptonica function returned; nil when it returned nothing.
    init?(_ pointer: UnsafeMutablePointer<PIX>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit {
        var owned: UnsafeMutablePointer<PIX>? = pointer
        pixDestroy(&owned)
    }

    var width: Int { Int(pixGetWidth(pointer)) }
    var height: Int { Int(pixGetHeight(pointer)) }

    /// An 8-bit leptonica image of the grey image's pixels.
    convenience init?(_ image: GrayImage) {
        guard image.width > 0, image.height > 0 else { return nil }
        self.init(pixCreate(Int32(image.width), Int32(image.height), 8))
        let words = Int(pixGetWpl(pointer))
        guard let data = pixGetData(pointer) else { return nil }
        image.pixels.withUnsafeBytes { source in
            for row in 0..<image.height {
                UnsafeMutableRawPointer(data + row * words).copyMemory(from: source.baseAddress! + row * image.width, byteCount: image.width)
            }
        }
        // Leptonica keeps bytes in 32-bit words, most significant first: rows copied as bytes are swapped into place.
        pixEndianByteSwap(pointer)
    }

    /// The grey image of an 8-bit (or, 0 black and 1 white, a 1-bit) leptonica image.
    var grayImage: GrayImage? {
        let eight = pixGetDepth(pointer) == 8 ? self : LeptImage(pixConvert1To8(nil, pointer, 255, 0))
        guard let eight, let swapped = LeptImage(pixEndianByteSwapNew(eight.pointer)), let data = pixGetData(swapped.pointer) else { return nil }
        let words = Int(pixGetWpl(swapped.pointer))
        var pixels = [UInt8](repeating: 255, count: width * height)
        pixels.withUnsafeMutableBytes { target in
            for row in 0..<height {
                target.baseAddress!.advanced(by: row * width).copyMemory(from: UnsafeRawPointer(data + row * words), byteCount: width)
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// Leptonica prints its warnings on standard error; the worker's output is its own.
    static let quiet: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()
}

extension GrayImage {
    /// The image scaled by `factor`, `stretch` times more across (leptonica's area mapping down,
    /// interpolation up), or nil.
    func scaled(by factor: Double, stretch: Double = 1) -> GrayImage? {
        guard let pix = LeptImage(self), let scaled = LeptImage(pixScale(pix.pointer, Float(factor * stretch), Float(factor))) else { return nil }
        return scaled.grayImage
    }
}

extension GrayImage {
    /// The image inside a white border `pixels` wide (tesseract drops characters that touch the edge).
    func bordered(_ pixels: Int) -> GrayImage? {
        guard let pix = LeptImage(self), let framed = LeptImage(pixAddBorder(pix.pointer, Int32(pixels), 255)) else { return nil }
        return framed.grayImage
    }
}

extension GrayImage {
    /// The image reduced by `factor` (below 1), each pixel the mean of at most 4 × 4 of the image's spread
    /// over its cell: the work is bounded by the reduced image's pixels, not the image's.
    func sampled(by factor: Double) -> GrayImage? {
        let outWidth = Int(Double(width) * factor), outHeight = Int(Double(height) * factor)
        guard factor < 1, outWidth > 0, outHeight > 0 else { return nil }
        var out = [UInt8](repeating: 255, count: outWidth * outHeight)
        for y in 0..<outHeight {
            let top = y * height / outHeight, rows = max(1, (y + 1) * height / outHeight - top)
            for x in 0..<outWidth {
                let left = x * width / outWidth, columns = max(1, (x + 1) * width / outWidth - left)
                var sum = 0, count = 0
                for row in 0..<min(4, rows) {
                    let offset = (top + row * rows / min(4, rows)) * width + left
                    for column in 0..<min(4, columns) {
                        sum += Int(pixels[offset + column * columns / min(4, columns)])
                        count += 1
                    }
                }
                out[y * outWidth + x] = UInt8(sum / count)
            }
        }
        return GrayImage(width: outWidth, height: outHeight, pixels: out)
    }
}
