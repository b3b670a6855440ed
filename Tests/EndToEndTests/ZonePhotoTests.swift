import Foundation
import HomeCrewTestSupport
import XCTest

/// Zones a whole page's OCR misses (#50), found by their shape: `doc add` offers their expiry, and
/// never a wrong one.
final class ZonePhotoTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
    }

    override func tearDown() { homecrew.cleanUp() }

    /// The facts `doc add` of `file` offers, field to value.
    func offered(_ file: String) throws -> [String: String] {
        let added = try homecrew.ok("doc", "add", Samples.fixture(file), "--household", "Sea View")
        let id = try XCTUnwrap(added.split(separator: "\n").first { $0.hasPrefix("added ") }?.split(separator: " ")[1]).description
        let report = try homecrew.jsonObject("doc", "suggestions", id)
        let facts = try XCTUnwrap(report["facts"] as? [[String: Any]], "\(report)")
        var offered: [String: String] = [:]
        for fact in facts {
            guard let field = fact["field"] as? String else { continue }
            offered[field] = "\(fact["value"] ?? "")"
            offered[field + " evidence"] = (fact["evidence"] as? [String])?.joined(separator: "; ")
        }
        return offered
    }

    func testAWholeTD1CardAndA300PixelPassportScanOfferTheirExpiry() throws {
        // A whole identity card 300 px wide (three lines of 30), and a passport page scanned 300 px wide
        // (characters 6 px apart): the first OCR reads neither zone.
        let card = try offered("td1-card-small.jpg")
        XCTAssertEqual(card["expiry"], "2032-08-30", "\(card)")
        // Read from the zone, not only from the printed "Date of expiry" beside the photo.
        XCTAssertTrue(card["expiry evidence"]?.contains("the TD1 zone") == true, "\(card)")
        XCTAssertEqual(card["birth"], "1990-05-17", "\(card)")
        XCTAssertEqual(card["number"], "AK4415702", "\(card)")
        XCTAssertEqual(card["kind"], "id-card", "\(card)")
        let passport = try offered("passport-scan-300px.jpg")
        XCTAssertEqual(passport["expiry"], "2033-07-04", "\(passport)")
        XCTAssertEqual(passport["number"], "P7781024", "\(passport)")
        XCTAssertTrue(passport["expiry evidence"]?.contains("the TD3 zone") == true, "\(passport)")
    }

    func testAZoneWhoseLastCheckDigitFollowsALongRunOfFillersIsReadAtASmallerSize() throws {
        // A passport page 326 px wide: at the band sizes tried first, tesseract reads the second
        // line's 15 fillers and composite check digit as fillers alone, and the zone does not agree.
        let passport = try offered("passport-page-326px.jpg")
        XCTAssertEqual(passport["expiry"], "2034-04-26", "\(passport)")
        XCTAssertEqual(passport["number"], "B7999083", "\(passport)")
        XCTAssertTrue(passport["expiry evidence"]?.contains("the TD3 zone") == true, "\(passport)")
    }
}
