import Foundation
import HomeCrewCore
@testable import HomeCrewVault
import XCTest

/// A file's type is decided by its first bytes, and a download is named by that type.
final class FileTypeTests: XCTestCase {
    func testAProgramOrArchiveWithPDFInsideIsNotAPDF() {
        var program = Array("MZ".utf8) + [0x90, 0x00, 0x03, 0x00] + Array(repeating: 0, count: 58)
        program += Array("This program cannot be run in DOS mode.\r\n%PDF-1.4\n".utf8)
        XCTAssertEqual(MediaSniffer.detect(program), .other)
        XCTAssertEqual(MediaSniffer.describe(program), "a program")
        XCTAssertEqual(MediaSniffer.detect([0x7F, 0x45, 0x4C, 0x46, 2, 1] + Array("%PDF-1.7".utf8)), .other)
        XCTAssertEqual(MediaSniffer.detect([0x50, 0x4B, 0x03, 0x04] + Array("%PDF-1.7".utf8)), .other)
        XCTAssertEqual(MediaSniffer.detect(Array("#!/bin/sh\n# %PDF-1.4\n".utf8)), .other)
    }

    func testJunkThatIsNoOtherFormatBeforeThePDFMarkerIsStillAPDF() {
        XCTAssertEqual(MediaSniffer.detect(Array("%PDF-1.4\n".utf8)), .pdf)
        // Mail gateways and old scanners put a line or a few bytes before the marker; readers accept it.
        XCTAssertEqual(MediaSniffer.detect(Array("Content-Type: application/pdf\r\n\r\n%PDF-1.4\n".utf8)), .pdf)
        XCTAssertEqual(MediaSniffer.detect([0, 0, 0, 0] + Array("%PDF-1.3\n".utf8)), .pdf)
        XCTAssertEqual(MediaSniffer.detect(Array(repeating: 0x20, count: 1100) + Array("%PDF-1.3\n".utf8)), .other, "past the first kilobyte")
    }

    func testADownloadCarriesTheExtensionOfTheStoredType() {
        XCTAssertEqual(MediaType.pdf.fileName(from: "invoice.exe"), "invoice.pdf")
        XCTAssertEqual(MediaType.pdf.fileName(from: "Invoice.PDF"), "Invoice.PDF")
        XCTAssertEqual(MediaType.jpeg.fileName(from: "photo.jpeg"), "photo.jpeg")
        XCTAssertEqual(MediaType.jpeg.fileName(from: "photo.png"), "photo.jpg")
        XCTAssertEqual(MediaType.heic.fileName(from: "scan"), "scan.heic")
        XCTAssertEqual(MediaType.png.fileName(from: ".hidden"), ".hidden.png")
        XCTAssertEqual(MediaType.pdf.fileName(from: "report.pdf.exe"), "report.pdf.pdf")
        XCTAssertEqual(MediaType.other.fileName(from: "notes.txt"), "notes.txt", "a file kept as other keeps its name")
    }
}
