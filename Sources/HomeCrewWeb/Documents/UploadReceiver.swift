import Foundation
import HomeCrewCore
import HomeCrewVault
import Hummingbird

/// Receives a `multipart/form-data` body as it arrives (`MultipartScanner`): each file part goes straight to its own
/// file in the vault's temporary folder (never held whole in memory), the total is checked
/// against the limit while reading, and a part cut off half way is marked so.
final class UploadReceiver {
    struct ReceivedFile {
        let originalName: String
        let path: String
        var size: Int64 = 0
        var complete = false
    }

    /// The fields so far, kept in one dictionary that each field is added to in place (a copy per
    /// field made a form of 40,000 fields cost seconds).
    private var values: [String: [String]] = [:]
    private var fieldCount = 0
    var fields: Form { Form(fields: values) }
    private(set) var files: [ReceivedFile] = []
    /// A field that must arrive before any file, and the check its value must pass (the household
    /// the files are for): reading stops at the first refusal, before a byte of a file is kept.
    var gate: (field: String, check: (String) throws -> Void)?
    private var gateOpened = false
    /// Called with a file's number once its last byte is on disk.
    var onFileComplete: ((Int) -> Void)?
    let folder: String
    private let limit: Int64
    private var total: Int64 = 0
    private var current: (name: String, fileName: String?)?
    private var fieldBytes: [UInt8] = []
    /// The bytes of every field so far.
    private var fieldTotal = 0
    private var handle: FileHandle?
    /// A file's bytes arrive in the network's pieces (up to 64 KB on loopback, a few KB over a
    /// slow link); small ones are gathered here and written a megabyte at a time, large ones are
    /// written as they are.
    private var pending: [UInt8] = []
    static let writeSize = 1 << 20
    static let directWriteSize = 32 << 10
    private var failure: (any Error)?

    static let fieldLimit = 64 * 1024

    init(objects: ObjectStore, limit: Int64) throws {
        folder = objects.temporaryDirectory + "/\(getpid())-upload-\(UUID().uuidString)"
        self.limit = limit
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// The boundary of a multipart/form-data body, or nil when the body is something else.
    static func boundary(of contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return (1...70).contains(value.utf8.count) ? value : nil
            }
        }
        return nil
    }

    /// Reads the whole body. Throws `WebError.tooLarge` past the limit and `.badRequest` for a
    /// body that is not well-formed multipart; files cut off stay marked incomplete.
    func receive(_ body: RequestBody, boundary: String) async throws {
        var scanner = MultipartScanner(boundary: boundary)
        var pieces = body.makeAsyncIterator()
        let started = ContinuousClock.now
        while let buffer = try await Self.nextPiece(&pieces, onFailure: closeFile) {
            total += Int64(buffer.readableBytes)
            if total > limit { closeFile(); throw WebError.tooLarge(limit: limit) }
            try refuseTrickle(since: started)
            do {
                try buffer.withUnsafeReadableBytes { bytes in try scanner.feed(bytes, handle) }
            } catch is MultipartScanner.Failure {
                closeFile()
                throw WebError.badRequest(t("The upload is not a well-formed multipart form."))
            } catch {
                closeFile()
                throw error
            }
            if let failure { closeFile(); throw failure }
        }
        closeFile()
        if let failure { throw failure }
        if !scanner.isComplete && files.isEmpty && values.isEmpty {
            throw WebError.badRequest(t("The upload is not a well-formed multipart form."))
        }
    }

    /// An upload that, past its first seconds, averages less than `WebLimits.uploadLeastRate`
    /// is refused: sending a byte every few seconds must not hold a connection for hours.
    private func refuseTrickle(since started: ContinuousClock.Instant) throws {
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        guard seconds > WebLimits.uploadGraceSeconds, Double(total) / seconds < WebLimits.uploadLeastRate else { return }
        closeFile()
        throw WebError.tooSlow(t("The upload arrived too slowly (under {rate} KB a second); files that had not arrived whole were not kept.",
                             ["rate": String(Int(WebLimits.uploadLeastRate) / 1024)]))
    }

    /// The next piece of the body. A body that stops early (the connection closed, a length
    /// that was never reached) is the client's doing: 400, and the unfinished file is not kept.
    private static func nextPiece(_ pieces: inout RequestBody.AsyncIterator, onFailure: () -> Void) async throws -> ByteBuffer? {
        do {
            return try await pieces.next()
        } catch {
            onFailure()
            throw WebError.badRequest(t("The upload was cut off before it ended; files that had not arrived whole were not kept."))
        }
    }

    /// Takes one event of the scanner; a refusal stops the scanner at once (nothing after it is read).
    private func handle(_ event: MultipartScanner.Event) throws {
        switch event {
        case .headers(let lines): try startPart(lines)
        case .body(let bytes): take(bytes)
        case .partEnd: try finishPart()
        }
        if let failure { throw failure }
    }

    /// The first bytes of a part: its headers are complete, so open its file or start its field.
    private func startPart(_ headers: [(name: String, value: String)]) throws {
        guard headers.count <= WebLimits.partHeaderLines else {
            throw WebError.badRequest(t("A part of the upload has more than {count} header lines; nothing was kept.", ["count": String(WebLimits.partHeaderLines)]))
        }
        let disposition = headers.first { $0.name == "content-disposition" }?.value ?? ""
        let name = Self.parameter("name", in: disposition) ?? ""
        let fileName = Self.parameter("filename", in: disposition)
        current = (name, fileName)
        fieldBytes = []
        guard let fileName, !fileName.isEmpty else {
            fieldCount += 1
            guard fieldCount <= WebLimits.formFields else {
                throw WebError.badRequest(t("The upload has more than {count} fields; no form of this site sends so many. Nothing was kept.",
                                           ["count": String(WebLimits.formFields)]))
            }
            return
        }
        if let gate, !gateOpened {
            throw WebError.badRequest(t("The upload's {field} must come before its files (the page's own form sends it first); nothing was kept.",
                                   ["field": gate.field]))
        }
        guard files.count < WebLimits.uploadFiles else {
            throw WebError.badRequest(t("At most {count} files can be uploaded at once; nothing after them was kept.", ["count": String(WebLimits.uploadFiles)]))
        }
        let index = files.count
        let directory = "\(folder)/\(index)"
        let path = "\(directory)/\(Self.safeName(fileName))"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            files.append(ReceivedFile(originalName: fileName, path: path))
        } catch {
            failure = error
        }
    }

    private func take(_ bytes: UnsafeRawBufferPointer) {
        guard let current else { return }
        if current.fileName?.isEmpty == false {
            guard handle != nil else { return }
            files[files.count - 1].size += Int64(bytes.count)
            if bytes.count >= Self.directWriteSize {
                flush()
                write(bytes)
            } else {
                pending.append(contentsOf: bytes)
                if pending.count >= Self.writeSize { flush() }
            }
        } else if fieldBytes.count + bytes.count > Self.fieldLimit {
            failure = WebError.badRequest(t("A form field of the upload is longer than {size} KB.", ["size": String(Self.fieldLimit / 1024)]))
        } else if fieldTotal + bytes.count > WebLimits.uploadFieldBytes {
            // Fields are kept in memory, files are not: all of them together are bounded, not only each.
            failure = WebError.badRequest(t("The upload's form fields hold more than {size} KB together; no form of this site sends so much.",
                                                 ["size": String(WebLimits.uploadFieldBytes / 1024)]))
        } else {
            fieldBytes.append(contentsOf: bytes)
            fieldTotal += bytes.count
        }
    }

    private func finishPart() throws {
        guard let current else { return }
        self.current = nil
        if let fileName = current.fileName, !fileName.isEmpty {
            closeFile()
            if failure == nil {
                files[files.count - 1].complete = true
                onFileComplete?(files.count - 1)
            }
        } else if current.fileName == nil {
            let value = String(decoding: fieldBytes, as: UTF8.self)
            values[current.name, default: []].append(value)
            if let gate, !gateOpened, current.name == gate.field {
                try gate.check(value.trimmingCharacters(in: .whitespacesAndNewlines))
                gateOpened = true
            }
        }
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes { write($0) }
        pending.removeAll(keepingCapacity: true)
    }

    private func write(_ bytes: UnsafeRawBufferPointer) {
        guard let handle, failure == nil else { return }
        do { try ObjectStore.writeAll(handle.fileDescriptor, bytes, path: files[files.count - 1].path) } catch { failure = error }
    }

    private func closeFile() {
        flush()
        try? handle?.close()
        handle = nil
        pending.removeAll(keepingCapacity: true)
    }

    func removeFolder() { try? FileManager.default.removeItem(atPath: folder) }

    /// A quoted or bare parameter of a header value (`name="x"`, `filename="a b.pdf"`).
    static func parameter(_ key: String, in header: String) -> String? {
        for part in header.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            // HTML's form-data encoding writes a name's quote and line breaks as %22, %0D and %0A.
            return value.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "%22", with: "\"")
                .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
        }
        return nil
    }

    /// The name as `FileName.safe` makes it (a Windows browser's backslashes count as
    /// separators too), at most 200 bytes.
    static func safeName(_ name: String) -> String {
        var cleaned = FileName.safe(name.replacingOccurrences(of: "\\", with: "/"), fallback: "upload")
        while cleaned.utf8.count > 200 { cleaned.removeFirst() }
        return cleaned
    }
}

extension UploadReceiver {
    /// A receiver for a multipart request's body, refused before a byte is read when it says it
    /// is too large or is not a multipart form.
    static func opening(_ request: Request, _ app: WebApp) throws -> (UploadReceiver, boundary: String) {
        if let length = request.headers[.contentLength].flatMap(Int64.init), length > app.uploadLimit {
            throw WebError.tooLarge(limit: app.uploadLimit)
        }
        guard let boundary = boundary(of: request.headers[.contentType]) else {
            throw WebError.badRequest(t("This form must be sent as a multipart form (the page's own form does that)."))
        }
        return (try UploadReceiver(objects: app.objects, limit: app.uploadLimit), boundary)
    }
}
