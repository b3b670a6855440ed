// A document's fonts built once. poppler builds every font of a page's resources anew for each
// page: in a 117-page LaTeX book its fonts' dictionaries, widths, encodings and embedded files
// are read again 117 times, half of `pdftotext`'s time. Inside an `hc_pdf` call, a font the
// document names by reference is built once and handed to every page that names it.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>

class GfxFont;
class XRef;
struct Ref;

class DocumentFonts {
public:
    // Past this many fonts, or this much memory taken by building them (a font may hold a table
    // for 65,536 glyphs), a document's other fonts are built for each page, as poppler does.
    static constexpr size_t kept_limit = 1024;
    static constexpr size_t kept_bytes_limit = 64 << 20;

    // Whether the fonts of resources read through `xref` can be kept: only those of the first
    // cross-reference table seen, the document's own (a copy of it may not outlive a call).
    bool serves(XRef *xref);
    // The font that `reference` names under `tag` in a page's resources (null when poppler
    // cannot build it, as poppler's own dictionary of fonts has it).
    std::shared_ptr<GfxFont> font(XRef *xref, const Ref &reference, const char *tag);
    uint64_t reused() const { return reused_count; }

private:
    XRef *document_xref = nullptr;
    size_t kept_bytes = 0;
    std::map<std::tuple<int, int, std::string>, std::shared_ptr<GfxFont>> kept;
    uint64_t reused_count = 0;
};

// The document whose pages poppler reads on this thread, for the length of one call.
class DocumentFontsScope {
public:
    explicit DocumentFontsScope(DocumentFonts &fonts);
    ~DocumentFontsScope();
    DocumentFontsScope(const DocumentFontsScope &) = delete;
    DocumentFontsScope &operator=(const DocumentFontsScope &) = delete;

private:
    DocumentFonts *previous;
};

// Whether fonts are kept at all (on; the tests turn it off to compare every PDF both ways). Off
// with a poppler other than 22.12, whose resources this code has not been compared with.
extern std::atomic<bool> keep_document_fonts;
