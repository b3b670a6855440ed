import Foundation

/// cairo and Pango, opened when the first paper is drawn rather than linked into `homecrew`:
/// linked, they and the ~35 libraries under them (GLib, HarfBuzz, fontconfig, FreeType, X11 …)
/// were mapped and relocated by every command, ~3 ms of CPU each time (`homecrew search` and
/// `--version` included) for the few commands that draw a paper. The functions PaperLayout calls,
/// with their C types (pointers to cairo's and Pango's objects are opaque here).
struct PaperLibraries: @unchecked Sendable {
    typealias Write = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> Int32

    let pdfSurfaceForStream: @convention(c) (Write?, UnsafeMutableRawPointer?, Double, Double) -> OpaquePointer?
    let pdfSurfaceSetMetadata: @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?) -> Void
    let create: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let destroy: @convention(c) (OpaquePointer?) -> Void
    let showPage: @convention(c) (OpaquePointer?) -> Void
    let surfaceFinish: @convention(c) (OpaquePointer?) -> Void
    let surfaceDestroy: @convention(c) (OpaquePointer?) -> Void
    let moveTo: @convention(c) (OpaquePointer?, Double, Double) -> Void
    let lineTo: @convention(c) (OpaquePointer?, Double, Double) -> Void
    let setLineWidth: @convention(c) (OpaquePointer?, Double) -> Void
    let stroke: @convention(c) (OpaquePointer?) -> Void
    let setSourceRGB: @convention(c) (OpaquePointer?, Double, Double, Double) -> Void
    let createLayout: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let showLayout: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    let objectUnref: @convention(c) (OpaquePointer?) -> Void
    let fontFromString: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let fontFree: @convention(c) (OpaquePointer?) -> Void
    let setFont: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    let setWidth: @convention(c) (OpaquePointer?, Int32) -> Void
    let setWrap: @convention(c) (OpaquePointer?, Int32) -> Void
    let layoutContext: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let setBaseDirection: @convention(c) (OpaquePointer?, Int32) -> Void
    let contextChanged: @convention(c) (OpaquePointer?) -> Void
    let setAlignment: @convention(c) (OpaquePointer?, Int32) -> Void
    let setAutoDirection: @convention(c) (OpaquePointer?, Int32) -> Void
    let setText: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Void
    let firstLine: @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?
    let lineDirection: @convention(c) (OpaquePointer?) -> Int32
    /// Its rectangles are PangoRectangles: x, y, width and height, four C ints in Pango units.
    let extents: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    /// A layout's logical width and height, in points.
    func logicalSize(of layout: OpaquePointer) -> (width: Double, height: Double) {
        var rectangle: [Int32] = [0, 0, 0, 0]
        rectangle.withUnsafeMutableBytes { extents(layout, nil, $0.baseAddress) }
        return (width: Double(rectangle[2]) / Self.scale, height: Double(rectangle[3]) / Self.scale)
    }

    // The values of the C enums and constants used (cairo.h, cairo-pdf.h, pango-layout.h, pango-types.h).
    static let statusSuccess: Int32 = 0
    static let metadataTitle: Int32 = 0, metadataCreator: Int32 = 4, metadataCreateDate: Int32 = 5
    static let scale = 1024.0
    static let wrapWordChar: Int32 = 2
    static let directionLeftToRight: Int32 = 0, directionRightToLeft: Int32 = 1
    static let alignLeft: Int32 = 0, alignRight: Int32 = 2

    /// Opened once, by the first paper drawn. pangocairo's handle finds cairo's, Pango's and
    /// GObject's functions too: they are the libraries it depends on.
    static let shared = PaperLibraries(library: "libpangocairo-1.0.so.0")

    private init(library: String) {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            fatalError("cannot draw papers: \(String(cString: dlerror())) (install Pango and cairo: see the README)")
        }
        func function<T>(_ name: String) -> T {
            guard let address = dlsym(handle, name) else { fatalError("cannot draw papers: \(library) has no \(name)") }
            return unsafeBitCast(address, to: T.self)
        }
        pdfSurfaceForStream = function("cairo_pdf_surface_create_for_stream")
        pdfSurfaceSetMetadata = function("cairo_pdf_surface_set_metadata")
        create = function("cairo_create")
        destroy = function("cairo_destroy")
        showPage = function("cairo_show_page")
        surfaceFinish = function("cairo_surface_finish")
        surfaceDestroy = function("cairo_surface_destroy")
        moveTo = function("cairo_move_to")
        lineTo = function("cairo_line_to")
        setLineWidth = function("cairo_set_line_width")
        stroke = function("cairo_stroke")
        setSourceRGB = function("cairo_set_source_rgb")
        createLayout = function("pango_cairo_create_layout")
        showLayout = function("pango_cairo_show_layout")
        objectUnref = function("g_object_unref")
        fontFromString = function("pango_font_description_from_string")
        fontFree = function("pango_font_description_free")
        setFont = function("pango_layout_set_font_description")
        setWidth = function("pango_layout_set_width")
        setWrap = function("pango_layout_set_wrap")
        layoutContext = function("pango_layout_get_context")
        setBaseDirection = function("pango_context_set_base_dir")
        contextChanged = function("pango_layout_context_changed")
        setAlignment = function("pango_layout_set_alignment")
        setAutoDirection = function("pango_layout_set_auto_dir")
        setText = function("pango_layout_set_text")
        firstLine = function("pango_layout_get_line_readonly")
        lineDirection = function("pango_layout_line_get_resolved_direction")
        extents = function("pango_layout_get_extents")
    }
}
