import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct VaultStatistics: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Count documents and stored bytes by media type.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let database = try vault.openForReading()
        let documents = try database.documentListing(DocumentFilter())
        let referenced = try database.referencedObjectHashes()
        let objects = try database.allStoredObjects()
        let documentHashes = Set(documents.map(\.object.hash))
        var table = RecordTable(headers: ["TYPE", "DOCUMENTS", "BYTES"], rightAligned: ["DOCUMENTS", "BYTES"])
        var json: [String: JSON] = [:]
        for type in MediaType.allCases {
            let ofType = documents.filter { $0.object.mediaType == type }
            guard !ofType.isEmpty else { continue }
            let bytes = ofType.reduce(Int64(0)) { $0 + $1.object.size }
            table.append([type.rawValue, String(ofType.count), String(bytes)])
            json[type.rawValue] = .object(["documents": .int(ofType.count), "bytes": .int(Int(bytes))])
        }
        let thumbnails = objects.filter { referenced.contains($0.hash) && !documentHashes.contains($0.hash) }
        let unused = objects.filter { !referenced.contains($0.hash) }
        let thumbnailBytes = thumbnails.reduce(Int64(0)) { $0 + $1.size }
        let unusedBytes = unused.reduce(Int64(0)) { $0 + $1.size }
        table.append(["thumbnails", String(thumbnails.count), String(thumbnailBytes)])
        table.append(["unused (awaiting gc)", String(unused.count), String(unusedBytes)])
        try Output.print(output.format, table: table, json: .object([
            "by_media_type": .object(json),
            "documents": .int(documents.count),
            "thumbnails": .object(["count": .int(thumbnails.count), "bytes": .int(Int(thumbnailBytes))]),
            "unused": .object(["count": .int(unused.count), "bytes": .int(Int(unusedBytes))]),
        ]))
    }
}
