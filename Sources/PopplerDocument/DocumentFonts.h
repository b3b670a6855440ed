// A document's fonts built once. poppler builds every font of a page's resources anew for each
// page: in a 117-page LaTeX book its fonts' dictionaries, widths, encodings and embedded files
// are read again 117 times, half of `pdftotext`'s time. While `hc_pdf_page_text` reads a page, a
// font the document names by reference is built once and handed to every page that names it.
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
    // Past this many fonts, or once the process has allocated `kept_fonts_ceiling` bytes, a
    // document's other fonts are built for each page, as poppler builds them.
    static constexpr size_t kept_limit = 1024;

    // Whether the fonts of resources read through `xref` can be kept: only those of the first
    // cross-reference table seen, the document's own (a page drawn reads a copy of it).
    bool serves(XRef *xref);
    // The font that `reference` names under `tag` in a page's resources (null when poppler
    // cannot build it, as poppler's own dictionary of fonts has it).
    std::shared_ptr<GfxFont> font(XRef *xref, const Ref &reference, const char *tag);
    uint64_t reused() const { return reused_count; }

private:
    void forget_all();

    XRef *document_xref = nullptr;
    bool was_reconstructed = false;
    bool full = false;
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
// The process's allocated bytes past which no more fonts are kept: a quarter of its address-space
// limit, at most 256 MB (the tests lower it). What is kept can never take more than that, however
// a font's own size is hidden by what its building frees.
extern std::atomic<size_t> kept_fonts_ceiling;
