import Foundation
import XCTest

/// `Scripts/service-units` (what `Scripts/install --service` runs), run on a stand-in program:
/// nothing that would change what systemd reads goes into a unit, and the repository's location,
/// which may hold credentials, is in a file only its owner reads, never on a command line.
final class ServiceUnitsTests: XCTestCase {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/service-units").path
    var scratch: URL!
    var prefix: String { scratch.appendingPathComponent("prefix").path }
    var config: String { scratch.appendingPathComponent("config").path }

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("units-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: prefix + "/bin/homecrew", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
    }

    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    func units(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process(), errors = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.script, prefix] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "XDG_CONFIG_HOME": config]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testControlAndTextDirectionCharactersAreRefusedInEveryValue() throws {
        let vault = scratch.appendingPathComponent("vault").path
        let bad = ["\r", "\n", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{9B}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{61C}", "\t"]
        for character in bad {
            for (option, value) in [("--backup-to", "/srv/restic\(character)x"), ("--vault", vault + character), ("--listen", "127.0.0.1:8080" + character),
                                    ("--keep", "daily=7" + character)] {
                var arguments = ["--vault", vault, "--backup-to", "/srv/restic"]
                if let at = arguments.firstIndex(of: option) { arguments[at + 1] = value } else { arguments += [option, value] }
                let result = try units(arguments)
                let shown = character.unicodeScalars.map { String($0.value, radix: 16) }.joined()
                XCTAssertEqual(result.status, 64, "\(option) with U+\(shown): \(result.stderr)")
                XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(option) with U+\(shown): one line: \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("cannot go into a unit"), result.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: config), "\(option) with U+\(shown): nothing written")
            }
        }
    }

    func testTheRepositorysLocationIsInAPrivateFileNotInAnyUnit() throws {
        let location = "rest:https://alice:S3cret%$x@nas.local:8000/homecrew"
        let result = try units(["--vault", scratch.appendingPathComponent("vault").path, "--backup-to", location])
        XCTAssertEqual(result.status, 0, result.stderr)
        let file = config + "/homecrew/restic-repository"
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), location + "\n")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int), 0o600)
        let units = config + "/systemd/user"
        for name in try FileManager.default.contentsOfDirectory(atPath: units) {
            let text = try String(contentsOfFile: units + "/" + name, encoding: .utf8)
            XCTAssertFalse(text.contains("S3cret") || text.contains("nas.local"), "\(name): \(text)")
        }
        let serve = try String(contentsOfFile: units + "/homecrew.service", encoding: .utf8)
        XCTAssertTrue(serve.contains("\"--backup-to-file\" \"\(file)\""), serve)
        for job in ["backup", "drill"] {
            let unit = try String(contentsOfFile: units + "/homecrew-\(job).service", encoding: .utf8)
            XCTAssertTrue(unit.contains("\nEnvironment=\"RESTIC_REPOSITORY_FILE=\(file)\"\n"), unit)
            XCTAssertFalse(unit.contains("--restic"), unit)
        }
    }
}
