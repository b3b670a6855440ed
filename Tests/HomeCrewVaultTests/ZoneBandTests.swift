import Foundation
import HomeCrewCore
import HomeCrewTestSupport
import XCTest
@testable import HomeCrewMedia

/// The second reading of a zone's band, on the demo's own phone photo of a passport (turned 2°,
/// stored sideways with EXIF orientation 6), and the bounds of its work on any page.
final class ZoneBandTests: XCTestCase {
    let today = try! CalendarDate(year: 2026, month: 11, day: 25)

    func readZones(_ text: String) -> [MachineReadableZone] {
        ZoneReader.zones(in: text, today: today).compactMap { if case .read(let zone) = $0 { return zone } else { return nil } }
    }

    func testThePassportPhotosZoneReadsOnlyFromItsBand() throws {
        let picture = try OCRSource.jpeg(path: Samples.document("maria-passport-scan.jpg"))
        let engine = try OCREngine(languages: "eng")
        let first = try XCTUnwrap(engine.recognize(picture, dpi: 300, milliseconds: 60_000))
        XCTAssertTrue(ZoneBandText.isLikely(first), first)
        XCTAssertEqual(readZones(first).count, 0, "the first reading's zone does not read: \(first)")
        let second = ZoneBand.reread(first, picture: picture, dpi: 300, engine: engine, deadline: Date().addingTimeInterval(60))
        let zone = try XCTUnwrap(readZones(second).first, second)
        XCTAssertEqual([zone.documentNumber, zone.expiryDate?.description, zone.birthDate?.description], ["P1234567", "2031-03-14", "1991-06-21"])
        XCTAssertTrue(second.contains("14 MAR 2031"), "the page's other words are kept: \(second)")
        // With no time left, the band is not read and the first reading stands.
        XCTAssertEqual(ZoneBand.reread(first, picture: picture, dpi: 300, engine: engine, deadline: Date()), first)
    }

    func testAPageReadSidewaysIsTurnedUntilItsZoneReads() throws {
        let upright = try OCRSource.jpeg(path: Samples.document("maria-passport-scan.jpg"))
        let engine = try OCREngine(languages: "eng")
        // Turned a quarter clockwise (read back at the first turn) and counter-clockwise (at the second).
        for orientation in [6, 8] {
            let sideways = upright.oriented(orientation)
            let first = try XCTUnwrap(engine.recognize(sideways, dpi: 300, milliseconds: 60_000))
            XCTAssertFalse(ZoneBandText.isLikely(first), first)
            XCTAssertTrue(ZoneBandText.looksSideways(first), first)
            let text = ZoneBand.reread(first, picture: sideways, dpi: 300, engine: engine, deadline: Date().addingTimeInterval(60))
            let zone = try XCTUnwrap(readZones(text).first, "turned \(orientation): \(text)")
            XCTAssertEqual([zone.documentNumber, zone.expiryDate?.description], ["P1234567", "2031-03-14"])
            XCTAssertTrue(text.contains("14 MAR 2031"), "the upright page's text is kept: \(text)")
        }
        // A page of short lines that is no zone turned either way keeps its own reading.
        let blank = GrayImage(width: 400, height: 300, pixels: [UInt8](repeating: 255, count: 120_000))
        XCTAssertEqual(ZoneBand.reread("1\n2\n3", picture: blank, dpi: 300, engine: engine, deadline: Date().addingTimeInterval(60)), "1\n2\n3")
    }

    func testTheBandIsBoundedWhateverTheLinesOCRFound() throws {
        let page = GrayImage(width: 5000, height: 5000, pixels: [UInt8](repeating: 255, count: 25_000_000))
        // Sixteen "zone" lines down a narrow column of the whole page: a hostile page's shape.
        let lines = (0..<16).map { TextLineBox(box: PixelBox(left: 2000, top: $0 * 300, right: 2400, bottom: $0 * 300 + 20), characters: 44) }
        let band = try XCTUnwrap(Band(around: lines, within: page))
        for scale in band.scales {
            XCTAssertLessThanOrEqual(Double(band.box.width * band.box.height) * scale * scale, max(Band.maximumPixels, Double(band.box.width * band.box.height)) + 1)
            XCTAssertLessThanOrEqual(Double(band.box.width) * scale, max(Band.maximumWidth, Double(band.box.width)) + 1)
        }
        XCTAssertNil(Band(around: [], within: page))
        // A zone of 20 px pitch: read at 40 px, a third larger, then at 30 px; one of 60 px also smaller than the page.
        let small = try XCTUnwrap(Band(around: [TextLineBox(box: PixelBox(left: 100, top: 100, right: 980, bottom: 130), characters: 44)], within: page))
        XCTAssertEqual(small.scales.map { ($0 * 100).rounded() / 100 }, [2, 2.67, 1.5])
        let large = try XCTUnwrap(Band(around: [TextLineBox(box: PixelBox(left: 100, top: 100, right: 2740, bottom: 190), characters: 44)], within: page))
        XCTAssertEqual(large.scales.map { ($0 * 100).rounded() / 100 }, [1, 1.23, 0.5], "a third larger but for the 4,000 px bound")
    }

    func testTheSlopeOfTurnedLinesIsFound() {
        // A line of dark pixels climbing 3 pixels in 100 (about 1.7°).
        var pixels = [UInt8](repeating: 255, count: 1000 * 200)
        for x in 0..<1000 { for thickness in 0..<6 { pixels[(120 - x * 3 / 100 + thickness) * 1000 + x] = 0 } }
        let image = GrayImage(width: 1000, height: 200, pixels: pixels)
        XCTAssertEqual(image.slopeOfLines(in: PixelBox(left: 0, top: 0, right: 1000, bottom: 200)), 0.03, accuracy: 0.0051)
        let level = image.cropped(PixelBox(left: 0, top: 0, right: 1000, bottom: 200), scale: 1, slope: 0.03)
        let rows = (0..<200).filter { y in (0..<1000).contains { level.pixels[y * 1000 + $0] < 128 } }
        XCTAssertLessThanOrEqual(rows.count, 10, "levelled, the line spans a few rows, not \(rows.count)")
    }
}
