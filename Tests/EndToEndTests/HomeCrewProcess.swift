import Foundation
import XCTest

/// Runs the built `homecrew` binary against a temporary vault.
struct HomeCrewProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let binary: URL = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["HOMECREW_BINARY"] { return URL(fileURLWithPath: path) }
        // The test bundle sits next to the products of the same build.
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("homecrew"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("homecrew"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    let vault: URL
    /// The program to run: the built `homecrew`, or a copy of it placed somewhere else.
    var executable: URL = HomeCrewProcess.binary

    /// A fresh temporary directory; the vault itself is `…/vault` and does not exist yet.
    static func temporary() throws -> HomeCrewProcess {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("homecrew-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return HomeCrewProcess(vault: root.appendingPathComponent("vault"))
    }

    var databaseURL: URL { vault.appendingPathComponent("homecrew.sqlite") }

    func cleanUp() { try? FileManager.default.removeItem(at: vault.deletingLastPathComponent()) }

    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil,
             useVaultOption: Bool = true, in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        if let directory { process.currentDirectoryURL = directory }
        // Options may follow the subcommand's words, so --vault simply goes last.
        process.arguments = useVaultOption ? arguments + ["--vault", vault.path] : arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOMECREW_VAULT"] = nil
        environment["XDG_DATA_HOME"] = nil
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// Runs a command that must succeed, and returns its standard output.
    @discardableResult
    func ok(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try ok(arguments, file: file, line: line)
    }

    @discardableResult
    func ok(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try run(arguments)
        XCTAssertEqual(result.status, 0, "homecrew \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    func json(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        try json(arguments, file: file, line: line)
    }

    func json(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        let result = try run(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Every byte of the database, after the last connection closed (WAL folded back).
    func databaseBytes() throws -> Data { try Data(contentsOf: databaseURL) }
}

extension HomeCrewProcess {
    /// A command's JSON output that must be an array of objects; a wrong shape fails the test, never the run.
    func jsonArray(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        try jsonArray(arguments, file: file, line: line)
    }

    func jsonArray(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        try XCTUnwrap(json(arguments, file: file, line: line) as? [[String: Any]], "homecrew \(arguments.joined(separator: " "))", file: file, line: line)
    }

    /// A command's JSON output that must be one object.
    func jsonObject(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try jsonObject(arguments, file: file, line: line)
    }

    func jsonObject(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try XCTUnwrap(json(arguments, file: file, line: line) as? [String: Any], "homecrew \(arguments.joined(separator: " "))", file: file, line: line)
    }
}

/// JSON text that must be an array of objects.
func jsonArray(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], text, file: file, line: line)
}

extension HomeCrewProcess {
    /// Each command fails with its exit code and a one-line error, prints nothing on stdout, and
    /// leaves the database exactly as it was, byte for byte.
    func assertEachIsRefusedChangingNothing(_ cases: [(label: String, arguments: [String], status: Int32)],
                                            file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try databaseBytes()
        for (label, arguments, expected) in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, expected, "\(label): \(result.stderr)", file: file, line: line)
            XCTAssertTrue(result.stderr.hasPrefix("error: "), "\(label): \(result.stderr)", file: file, line: line)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(label) must fail in one line: \(result.stderr)", file: file, line: line)
            XCTAssertEqual(result.stdout, "", label, file: file, line: line)
            XCTAssertEqual(try databaseBytes(), before, "\(label) changed the database", file: file, line: line)
        }
    }
}

/// The text of a PDF as poppler's `pdftotext` reads it.
func pdfText(_ file: URL) throws -> String {
    let pdftotext = Process(), pipe = Pipe()
    pdftotext.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
    pdftotext.arguments = [file.path, "-"]
    pdftotext.standardOutput = pipe
    try pdftotext.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    pdftotext.waitUntilExit()
    return text
}
