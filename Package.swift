// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "HomeCrew",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "homecrew", targets: ["homecrew"]),
        .executable(name: "homecrew-extract", targets: ["homecrew-extract"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // `homecrew serve`: Hummingbird 2 without its optional swift-configuration support.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        // Already resolved for Hummingbird; named so that `serve` can bound how long stopping waits.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    ],
    targets: [
        // The domain: pure Swift, no I/O, depends on nothing.
        .target(name: "HomeCrewCore"),
        // The document vault: content-addressed object store, backups, and the client side of
        // the isolated extraction workers.
        // Papers are drawn with cairo and Pango, opened when the first is drawn (PaperLibraries), not linked:
        // every command would load them and the ~35 libraries under them at start-up.
        .target(name: "HomeCrewVault", dependencies: ["HomeCrewCore", "HomeCrewPaperText", "CLibCrypto"],
                resources: [.copy("Resources/currency-words.tsv")]),
        // The words and formats of the printed papers in each language: gettext PO catalogs that
        // translators edit, and ICU's numbers, money and dates per locale.
        .target(name: "HomeCrewPaperText", dependencies: ["HomeCrewCore"], resources: [.copy("Resources/catalogs")]),
        // The media pipeline (one extractor per type, thumbnails, OCR). Only the worker program
        // links it, so the PDF, image and OCR libraries never load into `homecrew` itself.
        .target(
            name: "HomeCrewMedia",
            dependencies: ["HomeCrewCore", "HomeCrewVault", "PopplerDocument", "CCairo", "CZlib", "CHeif", "CTurboJPEG", "CTesseract", "CLeptonica"]
        ),
        // One PDF parse through poppler's C++ binding (text in pdftotext's layout, metadata, fonts,
        // pages drawn by pdftoppm's renderer) behind a small C interface.
        // Each font of a document is built once for all its pages, through poppler's own classes
        // (`DocumentFonts.cpp`, over `CPoppler`).
        .target(name: "PopplerDocument", dependencies: ["CPopplerCpp", "CPoppler"]),
        .executableTarget(name: "homecrew-extract", dependencies: ["HomeCrewMedia"]),
        // Small shims over the system's C libraries (Debian -dev packages; .ci/install-deps).
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(name: "CPopplerCpp", pkgConfig: "poppler-cpp", providers: [.apt(["libpoppler-cpp-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler", providers: [.apt(["libpoppler-private-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        // Leptonica, the image library tesseract itself links: the morphology that finds a zone by its shape.
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        // The SQLite store (GRDB): migrations, intention-named reads and writes.
        .target(
            name: "HomeCrewStore",
            dependencies: ["HomeCrewCore", "CLibCrypto", "CZstd", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // What both front ends (the command line and the web) do with the store and the vault
        // together, written once: filing documents.
        .target(name: "HomeCrewOperations", dependencies: ["HomeCrewCore", "HomeCrewStore", "HomeCrewVault", "CArgon2"],
                resources: [.copy("Resources/common-passwords.txt"), .copy("Resources/settlement-rules.json")]),
        // `homecrew serve`: routes, the route table with each route's access rule, escaping HTML
        // pages. Handlers parse, authorize, call the operations the CLI calls, and render.
        .target(
            name: "HomeCrewWeb",
            dependencies: [
                "HomeCrewCore", "HomeCrewStore", "HomeCrewVault", "HomeCrewOperations", "HomeCrewPaperText",
                .product(name: "Hummingbird", package: "hummingbird"),
                // TLS when given --tls-cert/--tls-key (swift-nio-ssl, which the tests' HTTP client builds anyway).
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The style sheet, script, icons and web app manifest (Scripts/make-icons draws the PNGs), and
            // the pages' words per language (Catalogs/<tag>/<area>.po, gettext PO like the papers').
            resources: [.process("Resources"), .copy("Catalogs")]
        ),
        // The command tree: parses, resolves, presents. No business rules, no SQL.
        .target(
            name: "HomeCrewCLI",
            dependencies: [
                "HomeCrewCore", "HomeCrewStore", "HomeCrewVault", "HomeCrewOperations",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The program: the command tree, given the web server to start for `homecrew serve`.
        // Its symbols are not exported (Swift exports every one by default, 38,000 here): the loader
        // and the runtime's start-up `dladdr` searched them all on every start, and nothing looks them up.
        .executableTarget(name: "homecrew", dependencies: ["HomeCrewCLI", "HomeCrewWeb"],
                          linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]),

        .testTarget(name: "HomeCrewCoreTests", dependencies: ["HomeCrewCore", "HomeCrewTestSupport"]),
        .testTarget(
            name: "HomeCrewStoreTests",
            dependencies: ["HomeCrewStore", "HomeCrewTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Shared by the tests: the corpus (`HOMECREW_CORPUS`) and a seeded random generator.
        .target(name: "HomeCrewTestSupport", path: "Tests/HomeCrewTestSupport"),
        .testTarget(name: "HomeCrewVaultTests", dependencies: ["HomeCrewVault", "HomeCrewMedia", "HomeCrewPaperText", "CCairo", "HomeCrewTestSupport"]),
        .testTarget(name: "HomeCrewPaperTextTests", dependencies: ["HomeCrewPaperText", "HomeCrewCore"]),
        .testTarget(
            name: "HomeCrewOperationsTests",
            dependencies: ["HomeCrewOperations", "HomeCrewTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            // Read beside the test's source (#filePath), not bundled.
            exclude: ["settlement-reference.tsv"]
        ),
        .testTarget(name: "HomeCrewCLITests", dependencies: ["HomeCrewCLI", "HomeCrewOperations"]),
        .testTarget(
            name: "HomeCrewWebTests",
            dependencies: ["HomeCrewWeb", "HomeCrewTestSupport", "HomeCrewVault", .product(name: "HummingbirdTesting", package: "hummingbird"),
                           .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                           .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Runs the built `homecrew` binary in temporary vaults.
        .testTarget(name: "EndToEndTests", dependencies: ["homecrew", "homecrew-extract", "HomeCrewTestSupport"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
