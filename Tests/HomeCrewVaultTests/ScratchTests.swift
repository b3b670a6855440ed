import Foundation
import XCTest
@testable import HomeCrewVault
import HomeCrewCore

final class ScratchTests: XCTestCase {
    func testScratch() throws {
        for folder in ["pdf", "jpeg", "png", "heic", "broken"] {
            for path in try Corpus.files(in: folder) {
                let type = try MediaSniffer.detect(fileAt: path)
                let start = Date()
                let e = ExtractionWorker.extractInProcess(path: path, type: type, password: nil)
                let c = e.content
                var thumb = "-"
                if let png = e.thumbnailPNG, png.count > 24 {
                    let w = Int(png[16]) << 24 | Int(png[17]) << 16 | Int(png[18]) << 8 | Int(png[19])
                    let h = Int(png[20]) << 24 | Int(png[21]) << 16 | Int(png[22]) << 8 | Int(png[23])
                    thumb = "\(w)x\(h)"
                }
                print("SCRATCH \((path as NSString).lastPathComponent) \(type.shortName) \(c.status.rawValue) pages=\(c.pageCount ?? -1) px=\(c.pixelWidth ?? 0)x\(c.pixelHeight ?? 0) o=\(c.orientation ?? 0) thumb=\(thumb) enc=\(c.encrypted) text=\(c.pages.map(\.text.count).reduce(0,+)) t=\(String(format: "%.2f", Date().timeIntervalSince(start))) note=\(c.note ?? "")")
            }
        }
    }
}
