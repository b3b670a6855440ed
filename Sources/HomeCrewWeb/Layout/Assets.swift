import Foundation
import HomeCrewCore
import Hummingbird

/// The style sheet, the one small script, the icons and the web app manifest: files in
/// `Resources/`, served by the program itself (it works offline), read once.
enum Assets {
    /// Each file and its media type. The icon is also answered at /favicon.ico, which browsers
    /// and feed readers ask for.
    static let types: [String: String] = [
        "site.css": "text/css; charset=utf-8",
        "site.js": "text/javascript; charset=utf-8",
        "icon.svg": "image/svg+xml",
        "icon-192.png": "image/png",
        "icon-512.png": "image/png",
        "manifest.webmanifest": "application/manifest+json",
    ]

    static let files: [String: ByteBuffer] = {
        var files: [String: ByteBuffer] = [:]
        for name in types.keys {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil),
                  let bytes = try? Data(contentsOf: url) else { continue }
            files[name] = ByteBuffer(bytes: bytes)
        }
        return files
    }()

    /// Checked before the server starts: a program installed without its resources says so.
    static func checkPresent() throws(MissingAssets) {
        let missing = types.keys.filter { files[$0] == nil }.sorted()
        guard missing.isEmpty else { throw MissingAssets(names: missing, place: Bundle.module.bundlePath) }
    }

    static func response(_ name: String) -> Response {
        Response(status: .ok, headers: [.contentType: types[name] ?? "application/octet-stream", .cacheControl: "public, max-age=3600"],
                 body: .init(byteBuffer: files[name] ?? ByteBuffer()))
    }
}

struct MissingAssets: HomeCrewError {
    let names: [String]
    let place: String
    var category: ErrorCategory { .internal }
    var description: String {
        "the web interface's files (\(names.joined(separator: ", "))) are missing from \(place); install HomeCrew again with Scripts/install"
    }
}
