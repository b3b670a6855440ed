#include "PopplerText.h"

#include <poppler-document.h>
#include <poppler-font.h>
#include <poppler-global.h>
#include <poppler-page.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>
#include <string>

struct hc_pdf_text {
    std::unique_ptr<poppler::document> document;
};

namespace {
// poppler reports damage it repairs on standard error; the worker's notes say what matters.
void quiet(const std::string &, void *) {}

char *copy(const char *bytes, size_t length) {
    char *result = static_cast<char *>(std::malloc(length + 1));
    if (result == nullptr) return nullptr;
    std::memcpy(result, bytes, length);
    result[length] = '\0';
    return result;
}
}

extern "C" hc_pdf_text *hc_pdf_text_open(const char *path, const char *password, int *status) {
    poppler::set_debug_error_function(quiet, nullptr);
    std::string secret = password ? password : "";
    std::unique_ptr<poppler::document> document(poppler::document::load_from_file(path, secret, secret));
    if (!document) {
        *status = HC_PDF_TEXT_CANNOT_OPEN;
        return nullptr;
    }
    if (document->is_locked()) {
        *status = HC_PDF_TEXT_LOCKED;
        return nullptr;
    }
    *status = HC_PDF_TEXT_OK;
    return new hc_pdf_text{std::move(document)};
}

extern "C" int hc_pdf_text_page_count(const hc_pdf_text *text) { return text->document->pages(); }

extern "C" char *hc_pdf_text_page(const hc_pdf_text *text, int index, size_t *length) {
    std::unique_ptr<poppler::page> page(text->document->create_page(index));
    if (!page) return nullptr;
    poppler::byte_array bytes = page->text(poppler::rectf(), poppler::page::non_raw_non_physical_layout).to_utf8();
    *length = bytes.size();
    return copy(bytes.data(), bytes.size());
}

extern "C" char *hc_pdf_text_outside_fonts(const hc_pdf_text *text) {
    // Page 1's fonts only: that is the page the thumbnail draws, and document::fonts() walks
    // every page's resources (half a second for a 117-page book, as much as reading its text).
    std::set<std::string> outside;
    std::unique_ptr<poppler::font_iterator> pages(text->document->create_font_iterator(0));
    if (pages && pages->has_next()) {
        for (const poppler::font_info &font : pages->next()) {
            if (!font.is_embedded() && !font.name().empty()) outside.insert(font.name() + "\t" + font.file());
        }
    }
    std::string joined;
    for (const std::string &line : outside) joined += line + "\n";
    return copy(joined.data(), joined.size());
}

extern "C" void hc_pdf_text_free(char *text) { std::free(text); }

extern "C" void hc_pdf_text_close(hc_pdf_text *text) { delete text; }
