import CCairo
import XCTest
@testable import HomeCrewMedia

final class PNGWriterTests: XCTestCase {
    /// Every pixel comes back as written when libpng (through cairo) reads the file, which also
    /// checks each chunk's CRC and the zlib stream.
    func testPixelsSurviveARoundTripThroughLibpng() throws {
        let canvas = Canvas(width: 5, height: 3)
        let colours: [(Double, Double, Double)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 0, 0), (0.5, 0.25, 0.75)]
        for (x, colour) in colours.enumerated() {
            cairo_set_source_rgb(canvas.context, colour.0, colour.1, colour.2)
            cairo_rectangle(canvas.context, Double(x), 1, 1, 1)
            cairo_fill(canvas.context)
        }
        let png = try canvas.encodePNG()
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(Array(png.suffix(12)), [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "IEND and its well-known CRC")

        let decoded = try CairoPNG.decode(png)
        defer { cairo_surface_destroy(decoded) }
        XCTAssertEqual([cairo_image_surface_get_width(decoded), cairo_image_surface_get_height(decoded)], [5, 3])
        let stride = Int(cairo_image_surface_get_stride(decoded))
        let data = try XCTUnwrap(cairo_image_surface_get_data(decoded))
        func pixel(_ x: Int, _ y: Int) -> UInt32 { UnsafeRawPointer(data).loadUnaligned(fromByteOffset: y * stride + 4 * x, as: UInt32.self) }
        XCTAssertEqual((0..<5).map { pixel($0, 1) }, [0xFFFF0000, 0xFF00FF00, 0xFF0000FF, 0xFF000000, 0xFF8040BF])
        XCTAssertEqual((0..<5).map { pixel($0, 0) }, Array(repeating: 0xFFFFFFFF, count: 5), "the white background")
    }
}
