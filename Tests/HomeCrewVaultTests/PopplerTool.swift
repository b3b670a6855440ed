import Foundation
import XCTest

/// Poppler's own command-line tools reading a PDF the project drew.
enum PopplerTool {
    /// `pdftotext FILE -`, `pdffonts FILE` or `pdfinfo FILE` on `pdf`; fails the test when the tool does.
    /// `options` go before the file (`-bbox`).
    static func run(_ name: String, _ pdf: [UInt8], options: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("drawn-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: path) }
        try Data(pdf).write(to: path)
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(name)")
        process.arguments = options + [path.path] + (name == "pdftotext" ? ["-"] : [])
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(name) reads the PDF", file: file, line: line)
        return String(decoding: data, as: UTF8.self)
    }
}
