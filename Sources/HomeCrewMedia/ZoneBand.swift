import Foundation
import HomeCrewCore

/// A second reading of a machine-readable zone. The first OCR reads the whole page with every
/// character allowed: small or blurred zones come out with `<` read as K or «, or a letter
/// inserted in a name no check digit covers. Where a line of the page looks like a zone, the
/// band of those lines is cut out, enlarged and read again with only ICAO 9303's characters
/// (`A–Z 0–9 <`) allowed; its lines replace the first reading's zone lines only when its check
/// digits agree (`ZoneBandText`).
enum ZoneBand {
    /// The page's text, its zone replaced by the band's second reading where that one's check digits agree.
    /// A page read sideways (its zone's lines come out as a column of two-letter lines) is read again
    /// turned a quarter each way, and the turned reading is kept only where a zone in it then reads.
    /// Where no zone reads still, the zone is looked for by its shape (`ZoneShapes`).
    static func reread(_ text: String, picture: GrayImage, dpi: Int, engine: OCREngine, deadline: Date) -> String {
        let reread = rereadFromLines(text, picture: picture, dpi: dpi, engine: engine, deadline: deadline)
        // A zone whose number was misread and set aside is read again too: a band may read it whole.
        guard !ZoneBandText.readsWhole(reread) else { return reread }
        return ZoneShapes.reading(reread, picture: picture, engine: engine, deadline: deadline) ?? reread
    }

    /// The zone read again from the lines the first OCR found (turning a page read sideways).
    static func rereadFromLines(_ text: String, picture: GrayImage, dpi: Int, engine: OCREngine, deadline: Date) -> String {
        if ZoneBandText.isLikely(text) { return bandReading(text, picture: picture, engine: engine, deadline: deadline) ?? text }
        guard ZoneBandText.looksSideways(text) else { return text }
        // Counter-clockwise first: phones turn a page that way more often (8, then 6, as EXIF counts).
        for orientation in [8, 6] {
            guard Date() < deadline else { break }
            let turned = picture.oriented(orientation)
            let milliseconds = max(1, Int(deadline.timeIntervalSinceNow * 1000))
            guard let upright = engine.recognize(turned, dpi: dpi, milliseconds: milliseconds) else { break }
            guard ZoneBandText.isLikely(upright) else { continue }
            let reading = bandReading(upright, picture: turned, engine: engine, deadline: deadline) ?? upright
            return ZoneBandText.readsAZone(reading) ? reading : text
        }
        return text
    }

    /// The text with its zone read again from the band of its zone-like lines (the engine's last reading
    /// must be `text`), or nil when no reading of the band agrees. A band that does not read is tried
    /// a third larger and a quarter smaller: tesseract's misreadings of OCR-B change with its letters' size.
    static func bandReading(_ text: String, picture: GrayImage, engine: OCREngine, deadline: Date) -> String? {
        let lines = engine.lastLines(where: ZoneBandText.looksLikeZoneLine)
        guard let band = Band(around: lines, within: picture) else { return nil }
        // The slope from the lines' own boxes: the band's margins may hold the table the page lies on.
        let slope = picture.slopeOfLines(in: band.lines)
        var choice = BandChoice()
        for scale in band.scales {
            guard Date() < deadline else { break }
            let milliseconds = max(1, Int(deadline.timeIntervalSinceNow * 1000))
            let level = picture.cropped(band.box, scale: scale, slope: slope)
            let cropped = level.evened() ?? level
            guard let reading = engine.recognizeZone(cropped, milliseconds: milliseconds) else { break }
            ZoneBandDebug.record(cropped, note: "box \(band.box) lines \(band.lines) scale \(scale) slope \(slope)", reading: reading)
            if let whole = choice.offer(ZoneBandText.replacingZone(in: text, with: reading)) { return whole }
        }
        return choice.numberSetAside
    }
}

/// The band's readings in turn: the first whose zone reads whole is kept at once; else the first
/// whose number was misread and set aside, only once no other reading reads the zone whole.
struct BandChoice {
    private(set) var numberSetAside: String?

    /// The page's text to keep now (`replaced`, when its zone reads whole), or nil to read on.
    mutating func offer(_ replaced: String?) -> String? {
        guard let replaced else { return nil }
        if ZoneBandText.readsWhole(replaced) { return replaced }
        numberSetAside = numberSetAside ?? replaced
        return nil
    }
}

/// Where the band lies in the page and how much it is enlarged.
struct Band: Equatable {
    var box: PixelBox
    /// The zone-like lines' boxes joined.
    var lines: PixelBox
    var scale: Double
    /// The narrowest of the lines' character pitches, in the page's pixels.
    var measuredPitch: Double

    /// Characters this far apart (pixels) read best; closer ones are enlarged up to 4 times. (The pitch,
    /// not the line's height: a turned page makes each line's box taller than its letters.)
    static let pitch = 40.0
    /// The enlarged band's widest edge and pixels: no band is enlarged past them (one already larger,
    /// at most the page itself, is read as it is). The second reading's work is bounded by the page.
    static let maximumWidth = 4_000.0
    static let maximumPixels = 12_000_000.0

    /// The boxes of the zone-like lines joined, widened by a line's height above and below and by
    /// a tenth of the page's width on each side (OCR's boxes leave out fillers it did not see).
    init?(around lines: [TextLineBox], within image: GrayImage) {
        guard let first = lines.first?.box, image.width > 0, image.height > 0 else { return nil }
        let joined = lines.dropFirst().reduce(first) { $0.union($1.box) }.clamped(width: image.width, height: image.height)
        self.lines = joined
        let lineHeight = max(1, lines.map(\.box.height).sorted()[lines.count / 2])
        let margin = image.width / 10
        box = PixelBox(left: joined.left - margin, top: joined.top - lineHeight, right: joined.right + margin, bottom: joined.bottom + lineHeight)
            .clamped(width: image.width, height: image.height)
        guard box.width > 0, box.height > 0 else { return nil }
        // The narrowest pitch: OCR reads fewer characters than a misread line holds more often than more.
        measuredPitch = max(1, lines.map { Double($0.box.width) / Double(max(1, $0.characters)) }.min() ?? 1)
        scale = max(1, min(4, Self.pitch / measuredPitch, Self.maximumScale(box)))
    }

    /// The scales the band is read at, in turn: to the pitch (never smaller), a third larger, and to
    /// a pitch of 30 px (smaller than the page where its letters are larger), each once.
    var scales: [Double] {
        let smaller = max(0.5, min(4, 30 / measuredPitch, Self.maximumScale(box)))
        var scales: [Double] = []
        for candidate in [scale, enlarged, smaller] where !scales.contains(where: { abs($0 - candidate) < 0.05 * $0 }) {
            scales.append(candidate)
        }
        return scales
    }

    /// The largest scale that keeps the band within its bounds (below 1 for a band already larger).
    static func maximumScale(_ box: PixelBox) -> Double {
        min(maximumWidth / Double(box.width), (maximumPixels / Double(box.width * box.height)).squareRoot())
    }

    /// The second try's scale: a third larger, within the same bounds.
    var enlarged: Double { max(1, min(4, scale * 4 / 3, Self.maximumScale(box))) }
}

/// A line of text OCR found: its box and how many characters it read in it.
struct TextLineBox: Equatable {
    var box: PixelBox
    var characters: Int
}

/// A rectangle of pixels: left and top included, right and bottom not.
struct PixelBox: Equatable {
    var left: Int, top: Int, right: Int, bottom: Int

    var width: Int { right - left }
    var height: Int { bottom - top }

    func union(_ other: PixelBox) -> PixelBox {
        PixelBox(left: min(left, other.left), top: min(top, other.top), right: max(right, other.right), bottom: max(bottom, other.bottom))
    }

    func clamped(width: Int, height: Int) -> PixelBox {
        PixelBox(left: max(0, left), top: max(0, top), right: min(width, right), bottom: min(height, bottom))
    }
}

extension GrayImage {
    /// How far the lines of text in `box` climb or fall per pixel across (-0.1 to 0.1, about ±6°): the
    /// slope at which the dark pixels' rows are most sharply separated (a projection profile).
    func slopeOfLines(in box: PixelBox) -> Double {
        guard box.width > 1, box.height > 1 else { return 0 }
        var darkest = UInt8.max, lightest = UInt8.min
        for y in box.top..<box.bottom {
            for x in box.left..<box.right { darkest = min(darkest, pixels[y * width + x]); lightest = max(lightest, pixels[y * width + x]) }
        }
        let threshold = (Int(darkest) + Int(lightest)) / 2
        var dark: [(x: Double, y: Double)] = []
        // Some columns are enough to find the slope (every other one, fewer in a large box, so that about
        // 400,000 pixels at most are binned at each slope); every row is needed (every other row would leave
        // every other bin empty at slope 0 and double its score).
        let columnStep = max(2, (box.width * box.height + 399_999) / 400_000)
        for y in box.top..<box.bottom {
            for x in stride(from: box.left, to: box.right, by: columnStep) where Int(pixels[y * width + x]) < threshold {
                dark.append((Double(x - box.left), Double(y - box.top)))
            }
        }
        let span = Double(box.width) * 0.1
        var best = (slope: 0.0, score: 0)
        for step in -20...20 {
            let slope = Double(step) * 0.005
            var rows = [Int](repeating: 0, count: box.height + Int(span.rounded(.up)) * 2 + 2)
            for point in dark { rows[Int(point.y + point.x * slope + span) + 1] += 1 }
            let score = rows.reduce(0) { $0 + $1 * $1 }
            if score > best.score || (score == best.score && abs(slope) < abs(best.slope)) { best = (slope, score) }
        }
        return best.slope
    }

    /// The pixels of `box`, enlarged `scale` times by bilinear interpolation, with rows that climb by
    /// `slope` per pixel made level.
    func cropped(_ box: PixelBox, scale: Double, slope: Double = 0) -> GrayImage {
        let outWidth = max(1, Int((Double(box.width) * scale).rounded()))
        let outHeight = max(1, Int((Double(box.height) * scale).rounded()))
        var out = [UInt8](repeating: 255, count: outWidth * outHeight)
        let middle = Double(box.width) / 2
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let sourceX = (Double(x) + 0.5) / scale - 0.5
                let sourceY = (Double(y) + 0.5) / scale - 0.5 - (sourceX - middle) * slope
                guard sourceX >= 0, sourceY >= 0, sourceX <= Double(box.width - 1), sourceY <= Double(box.height - 1) else { continue }
                let x0 = Int(sourceX), x1 = min(x0 + 1, box.width - 1), fx = sourceX - Double(x0)
                let y0 = Int(sourceY), y1 = min(y0 + 1, box.height - 1), fy = sourceY - Double(y0)
                func pixel(_ px: Int, _ py: Int) -> Double { Double(pixels[(box.top + py) * width + box.left + px]) }
                let top = pixel(x0, y0) * (1 - fx) + pixel(x1, y0) * fx
                let bottom = pixel(x0, y1) * (1 - fx) + pixel(x1, y1) * fx
                out[y * outWidth + x] = UInt8((top * (1 - fy) + bottom * fy).rounded())
            }
        }
        return GrayImage(width: outWidth, height: outHeight, pixels: out)
    }
}

/// `HOMECREW_ZONE_DEBUG=DIR`: each band read is written to DIR as a PGM, with its scale, slope and
/// reading appended to DIR/bands.txt, to see why a zone did not read (Benchmarks, never in use).
enum ZoneBandDebug {
    static let folder = ProcessInfo.processInfo.environment["HOMECREW_ZONE_DEBUG"]

    static func record(_ image: GrayImage, note: String, reading: String) {
        guard let folder else { return }
        let name = "band-\(getpid())-\(Int(Date().timeIntervalSince1970 * 1000) % 100_000_000).pgm"
        var pgm = Data("P5\n\(image.width) \(image.height)\n255\n".utf8)
        pgm.append(contentsOf: image.pixels)
        try? pgm.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
        let entry = "== \(name) \(note)\n\(reading)\n"
        let log = folder + "/bands.txt"
        if !FileManager.default.fileExists(atPath: log) { _ = FileManager.default.createFile(atPath: log, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: log) else { return }
        handle.seekToEndOfFile()
        handle.write(Data(entry.utf8))
        try? handle.close()
    }
}
