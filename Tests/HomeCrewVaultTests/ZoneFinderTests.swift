import CCairo
import Foundation
import HomeCrewCore
import HomeCrewTestSupport
import XCTest
@testable import HomeCrewMedia
import HomeCrewVault

/// The zone found by its shape (leptonica's morphology, no OCR first) at every orientation and
/// scale, nothing found where there is no zone, and the work bounded on hostile pages.
final class ZoneFinderTests: XCTestCase {
    let today = try! CalendarDate(year: 2026, month: 11, day: 25)

    /// Where `oriented(orientation)` moves a point of an image `width` × `height`.
    func moved(_ point: (x: Double, y: Double), width: Int, height: Int, orientation: Int) -> (x: Double, y: Double) {
        let (w, h) = (Double(width), Double(height))
        switch orientation {
        case 3: return (w - point.x, h - point.y)
        case 6: return (h - point.y, point.x)
        case 8: return (point.y, w - point.x)
        default: return point
        }
    }

    func scaled(_ image: GrayImage, _ factor: Double) throws -> GrayImage {
        try XCTUnwrap(image.scaled(by: factor))
    }

    func testTheZoneIsFoundAtEveryOrientationAndScale() throws {
        let upright = try OCRSource.jpeg(path: Samples.document("maria-passport-scan.jpg"))
        // A 300 px scan (characters 6 px apart), the sample as it is, and a page twice as large.
        for factor in [0.23, 1.0, 2.0] {
            let page = try scaled(upright, factor)
            let found = try XCTUnwrap(ZoneFinder.candidates(in: page).first, "scale \(factor)")
            XCTAssertEqual(found.quarterTurns, 0)
            XCTAssertEqual(found.lines, 2, "a passport's zone has two lines")
            XCTAssertGreaterThan(found.centerY, Double(page.height) * 0.75, "the zone is at the page's foot: \(found)")
            // The sample's characters are 29 px apart (its page 1,500 px on a table, turned, the whole 1,800 px wide).
            XCTAssertEqual(found.pitch, 29 * factor, accuracy: 29 * factor * 0.08, "\(found)")
            for orientation in [3, 6, 8] {
                let turned = page.oriented(orientation)
                let candidates = ZoneFinder.candidates(in: turned)
                let expected = moved((found.centerX, found.centerY), width: page.width, height: page.height, orientation: orientation)
                // The candidate's centre, back in the turned picture's pixels.
                let hit = candidates.contains { candidate in
                    let back = candidate.quarterTurns == 0 ? (candidate.centerX, candidate.centerY)
                        : (candidate.centerY, Double(turned.height) - candidate.centerX)   // undo one clockwise quarter
                    return candidate.lines == 2 && abs(back.0 - expected.x) < Double(max(turned.width, turned.height)) * 0.05
                        && abs(back.1 - expected.y) < Double(max(turned.width, turned.height)) * 0.05
                }
                XCTAssertTrue(hit, "scale \(factor) orientation \(orientation): \(candidates), expected near \(expected)")
                XCTAssertEqual(candidates.first?.quarterTurns, orientation == 3 ? 0 : 1, "scale \(factor) orientation \(orientation)")
            }
        }
    }

    func testAPageWithoutAZoneHasNone() throws {
        let blank = GrayImage(width: 1200, height: 900, pixels: [UInt8](repeating: 250, count: 1_080_000))
        XCTAssertEqual(ZoneFinder.candidates(in: blank), [])
        // A page of words: the driving licence's scan has lines of text but no zone.
        let (numbers, image) = try OCRSource.pages(path: Samples.document("scan-ramesh-driving-licence.pdf"), type: .pdf,
                                                   content: ExtractedContent(status: .complete, pages: [PageText(number: 1, text: "", source: .none)]),
                                                   password: nil)
        let page = try XCTUnwrap(try image(try XCTUnwrap(numbers.first)))
        XCTAssertEqual(ZoneFinder.candidates(in: page), [], "no zone on a page of words")
    }

    func testASmallScansZoneReadsFromItsShapeAlone() throws {
        let page = try scaled(try OCRSource.jpeg(path: Samples.document("maria-passport-scan.jpg")), 0.23)
        let engine = try OCREngine(languages: "eng")
        let text = try XCTUnwrap(ZoneShapes.reading("PASSPORT", picture: page, engine: engine, deadline: Date().addingTimeInterval(60)))
        let zones = ZoneReader.zones(in: text, today: today).compactMap { if case .read(let zone) = $0 { return zone } else { return nil } }
        XCTAssertEqual(zones.first?.expiryDate?.description, "2031-03-14", text)
        XCTAssertTrue(text.hasPrefix("PASSPORT\n"), "the page's words are kept: \(text)")
    }

    /// A page typeset in DejaVu Sans Mono by cairo, one string a line, `spacing` times the size apart.
    func typeset(_ lines: [String], width: Int, height: Int, size: Double, spacing: Double = 1.7) throws -> GrayImage {
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)))
        defer { cairo_surface_destroy(surface) }
        let context = try XCTUnwrap(cairo_create(surface))
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_set_source_rgb(context, 0, 0, 0)
        cairo_select_font_face(context, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        for (index, line) in lines.enumerated() {
            cairo_move_to(context, size, size * spacing * Double(index + 1))
            cairo_show_text(context, line)
        }
        cairo_surface_flush(surface)
        return OCRSource.gray(of: surface)
    }

    func testHostilePagesAreBoundedAndAddNothing() throws {
        let engine = try OCREngine(languages: "eng")
        let fillers = try typeset(Array(repeating: String(repeating: "<", count: 44), count: 30), width: 1400, height: 1000, size: 24)
        // Ten thousand zone-like bands: bars of a zone's proportions, two and three to a group.
        var pixels = [UInt8](repeating: 255, count: 3200 * 4400)
        for band in 0..<10_000 {
            let (left, top) = (band % 16 * 200 + 10, band / 16 * 7)
            for y in top..<(top + 4) { for x in left..<(left + 154) { pixels[y * 3200 + x] = 0 } }
        }
        let bands = GrayImage(width: 3200, height: 4400, pixels: pixels)
        for (name, page) in [("a page of fillers", fillers), ("10,000 bands", bands)] {
            let started = Date()
            XCTAssertLessThanOrEqual(ZoneFinder.candidates(in: page).count, 4, name)
            let text = ZoneShapes.reading("", picture: page, engine: engine, deadline: Date().addingTimeInterval(8))
            XCTAssertNil(text, "\(name): nothing is added")
            XCTAssertLessThan(Date().timeIntervalSince(started), 12, "\(name): bounded by its deadline")
            // No time left: nothing is read at all.
            let late = Date()
            XCTAssertNil(ZoneShapes.reading("", picture: page, engine: engine, deadline: Date()))
            XCTAssertLessThan(Date().timeIntervalSince(late), 0.1, name)
        }
    }

    func testAZoneWhoseCheckDigitsAgreeButWhoseDatesCannotBeGivesNoDate() throws {
        // Born on the 32nd of the 13th month, expiring on the same day: every check digit agrees, no date can be.
        let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7413324F1213326ZE184226B<<<<<14"]
        func dates(_ text: String) -> [String] {
            ZoneReader.zones(in: text, today: today).flatMap { reading -> [String] in
                guard case .read(let zone) = reading else { return [] }
                return [zone.expiryDate, zone.birthDate].compactMap { $0?.description }
            }
        }
        XCTAssertEqual(dates(lines.joined(separator: "\n")), [], "the reader gives no impossible date")
        let page = try typeset(["PASSPORT"] + lines, width: 1600, height: 400, size: 28)
        let engine = try OCREngine(languages: "eng")
        let text = ZoneShapes.reading("PASSPORT", picture: page, engine: engine, deadline: Date().addingTimeInterval(20)) ?? ""
        XCTAssertEqual(dates(text), [], text)
    }

    /// Found on phone-like frames: a card turned 3 degrees on a table of level lines of words (the page's
    /// skew is the table's, level), with a word of the table a few characters after its last line.
    func testACardTurnedOnALevelTableIsFoundWithWordsBesideItsZone() throws {
        let zone = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]
        let words = ["HARTONO JOY DELA CRUZ NIMALI WIJAYA TOTAL 2031 MARIA CLARA HANA", "MEKDES DELA CRUZ KARIUKI REYES 2031",
                     "DEWI AYU JOSE MIGUEL AL HASHIMI WIJAYA ODHIAMBO THAPA", "YUKI MARIA CLARA TOTAL GURUNG"]
        let table = (0..<18).map { words[$0 % words.count] }
        var page = try typeset(table, width: 1800, height: 1300, size: 26)
        // The card: its zone typeset apart at ICAO's spacing (a pitch of 0.6 the size, lines 1.65 pitches
        // apart), climbing 3 degrees (0.05 a pixel), pasted below the table.
        let card = try typeset(zone, width: 620, height: 190, size: 26, spacing: 1).cropped(PixelBox(left: 0, top: 0, right: 620, bottom: 190),
                                                                                          scale: 1, slope: -0.05)
        let (left, top) = (300, 900)
        for y in 0..<card.height { for x in 0..<card.width { page.pixels[(top + y) * page.width + left + x] = card.pixels[y * card.width + x] } }
        // A word of the table two characters after the zone's last line ends (at 26 + 30 × 15.6 px).
        let word = try typeset(["  TESFAYE"], width: 300, height: 60, size: 26)
        let (wordLeft, wordTop) = (left + 478, top + 38)   // its line climbs 23 px along the zone
        for y in 0..<word.height { for x in 0..<word.width where word.pixels[y * word.width + x] < 128 {
            page.pixels[(wordTop + y) * page.width + wordLeft + x] = word.pixels[y * word.width + x]
        } }
        let candidates = ZoneFinder.candidates(in: page)
        let found = try XCTUnwrap(candidates.first { abs($0.centerY - Double(top + 55)) < 30 }, "\(candidates)")
        XCTAssertEqual(found.quarterTurns, 0)
        XCTAssertEqual(found.lines, 3, "\(found)")
        XCTAssertEqual(found.centerX, Double(left) + 26 + 235, accuracy: 30, "\(found)")
        XCTAssertEqual(found.slope, 0.05, accuracy: 0.02, "\(found)")
    }

    /// The expiry dates of the zones that read in `text`.
    func expiries(_ text: String) -> [String] {
        ZoneReader.zones(in: text, today: today).compactMap { if case .read(let zone) = $0 { return zone.expiryDate?.description } else { return nil } }
    }

    /// Found on a 12-megapixel photo: a shadow's edge across the zone put its shadowed half on the dark
    /// side of tesseract's one threshold (a 3 read as 5, or nothing). The band's background is evened first.
    func testAZoneHalfInShadowReads() throws {
        let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        // Small and soft, as a photo gives it (typeset at 2/3 the size, enlarged again).
        var page = try scaled(try typeset(["PASSPORT"] + lines, width: 1100, height: 280, size: 19), 1.5)
        // The shadow's soft edge slants across the zone; the paper under it goes from 250 to about 140.
        for y in 0..<page.height {
            for x in 0..<page.width where x > 650 + y / 3 {
                let depth = min(1, Double(x - 650 - y / 3) / 90)
                page.pixels[y * page.width + x] = UInt8(Double(page.pixels[y * page.width + x]) * (1 - 0.45 * depth))
            }
        }
        let engine = try OCREngine(languages: "eng")
        // Read again from the lines the page's OCR found (grey alone: no binarised way to fall back on).
        let first = try XCTUnwrap(engine.recognize(page, dpi: 300, milliseconds: 30_000))
        XCTAssertTrue(ZoneBandText.isLikely(first), first)
        let reread = ZoneBand.bandReading(first, picture: page, engine: engine, deadline: Date().addingTimeInterval(30)) ?? ""
        XCTAssertEqual(expiries(reread), ["2012-04-15"], "first \(first)\nband \(reread)")
    }

    /// A picture past the finder's bound is searched through a sample: the zone is still found, in bounded time.
    func testAPictureOfManyMegapixelsIsSearchedThroughASample() throws {
        // The sample three times as large (its zone's characters 87 px apart), on a page of 35 megapixels.
        let scan = try scaled(try OCRSource.jpeg(path: Samples.document("maria-passport-scan.jpg")), 3)
        let (width, height) = (7_000, 5_000)
        XCTAssertGreaterThan(width * height, ZoneFinder.maximumPixels)
        var pixels = [UInt8](repeating: 248, count: width * height)
        for y in 0..<scan.height { for x in 0..<scan.width { pixels[(y + 500) * width + x + 1_000] = scan.pixels[y * scan.width + x] } }
        let page = GrayImage(width: width, height: height, pixels: pixels)
        let upright = try XCTUnwrap(ZoneFinder.candidates(in: scan).first)
        let started = Date()
        let found = try XCTUnwrap(ZoneFinder.candidates(in: page).first)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "bounded by the sample's size")
        XCTAssertEqual(found.lines, 2, "\(found)")
        XCTAssertEqual(found.centerX, upright.centerX + 1_000, accuracy: 150, "\(found) against \(upright)")
        XCTAssertEqual(found.centerY, upright.centerY + 500, accuracy: 150, "\(found) against \(upright)")
        XCTAssertEqual(found.pitch, upright.pitch, accuracy: upright.pitch * 0.1, "\(found) against \(upright)")
    }

    /// A PNG 30,000 px square (white, a few black bars; it compresses to a few hundred kilobytes) costs
    /// at most the document's OCR deadline, and nothing is suggested from it.
    func testAPNGThirtyThousandPixelsSquareIsBoundedAndSuggestsNothing() throws {
        let side = 30_000, rowBytes = side / 8
        var rows = [UInt8](repeating: 0xFF, count: (1 + rowBytes) * side)
        for row in 0..<side {
            rows[row * (1 + rowBytes)] = 0   // filter: none
            // Bars a zone's length and spacing: something for the finder to weigh.
            if row % 600 < 24, row % 1200 < 600 { for byte in 100..<400 { rows[row * (1 + rowBytes) + 1 + byte] = 0 } }
        }
        var header = PNGWriter.bigEndian(UInt32(side)) + PNGWriter.bigEndian(UInt32(side))
        header += [1, 0, 0, 0, 0]   // 1 bit a pixel, grey, deflate, no filters, not interlaced
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGWriter.chunk("IHDR", header)
            + PNGWriter.chunk("IDAT", try PNGWriter.deflate(rows)) + PNGWriter.chunk("IEND", [])
        rows = []
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zone-\(UUID().uuidString).png").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(png)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertLessThan(png.count, 2_000_000, "the file is small")
        let seconds = 10.0
        let started = Date()
        let extraction = IsolatedExtractor(ocrLimits: OCRLimits(pages: 1, seconds: seconds))
            .extract(path: path, type: .png, password: nil, ocrLanguages: "eng")
        XCTAssertLessThan(Date().timeIntervalSince(started), seconds + 10, "bounded by the OCR deadline")
        let text = extraction.content.pages.map(\.text).joined(separator: "\n")
        XCTAssertEqual(expiries(text), [], "nothing read from it: \(extraction.content)")
    }
}
