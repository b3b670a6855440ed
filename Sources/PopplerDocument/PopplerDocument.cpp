#include "PopplerDocument.h"
#include "DocumentFonts.h"

#include <poppler-document.h>
#include <poppler-font.h>
#include <poppler-global.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <new>
#include <set>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

struct hc_pdf {
    std::unique_ptr<poppler::document> document;
    // Kept by the calls that read pages, which take the document as const like poppler-cpp does.
    mutable DocumentFonts fonts;
};

namespace {
// poppler reports damage on standard error; the worker's notes say what matters, so the last
// complaint is kept to explain a file that cannot be opened.
thread_local std::string last_problem;

void remember(const std::string &message, void *) { last_problem = message; }

char *copy(const char *bytes, size_t length) {
    char *result = static_cast<char *>(std::malloc(length + 1));
    if (result == nullptr) return nullptr;
    std::memcpy(result, bytes, length);
    result[length] = '\0';
    return result;
}

char *copy(const std::string &text) { return copy(text.data(), text.size()); }

// poppler reads a file through a 256-byte buffer, one pread each (760,000 calls for 162 PDFs
// of 32 MB); a PDF read whole into memory is parsed from memory instead. Larger files, and
// any file poppler cannot open from memory (so that its complaint is the usual one), are
// opened from the file.
constexpr off_t in_memory_limit = 128 << 20;

bool read_all(int descriptor, poppler::byte_array &bytes) {
    struct stat info;
    if (fstat(descriptor, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size > in_memory_limit) return false;
    try {
        bytes.resize(static_cast<size_t>(info.st_size));
    } catch (const std::bad_alloc &) {
        return false;  // past the worker's memory limit: the file stream needs no copy
    }
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t count = read(descriptor, bytes.data() + done, bytes.size() - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return false;
        done += static_cast<size_t>(count);
    }
    return true;
}

bool read_whole(const char *path, poppler::byte_array &bytes) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return false;
    bool whole = read_all(descriptor, bytes);
    close(descriptor);
    return whole;
}

std::unique_ptr<poppler::document> load(const char *path, const std::string &secret) {
    poppler::byte_array bytes;
    if (read_whole(path, bytes)) {
        // poppler takes the bytes over (it swaps the vector) and keeps them as long as the document.
        std::unique_ptr<poppler::document> document(poppler::document::load_from_data(&bytes, secret, secret));
        if (document) return document;
    }
    return std::unique_ptr<poppler::document>(poppler::document::load_from_file(path, secret, secret));
}

std::unique_ptr<poppler::page> page_at(const hc_pdf *pdf, int index) {
    if (index < 0 || index >= pdf->document->pages()) return nullptr;
    return std::unique_ptr<poppler::page>(pdf->document->create_page(index));
}
}

extern "C" hc_pdf *hc_pdf_open(const char *path, const char *password, int *status, char **problem) {
    poppler::set_debug_error_function(remember, nullptr);
    last_problem.clear();
    if (problem) *problem = nullptr;
    std::string secret = password ? password : "";
    std::unique_ptr<poppler::document> document = load(path, secret);
    if (!document || document->is_locked()) {
        *status = document ? HC_PDF_LOCKED : HC_PDF_CANNOT_OPEN;
        if (problem && !last_problem.empty()) *problem = copy(last_problem);
        return nullptr;
    }
    *status = HC_PDF_OK;
    return new hc_pdf{std::move(document)};
}

extern "C" int hc_pdf_page_count(const hc_pdf *pdf) { return pdf->document->pages(); }

extern "C" int hc_pdf_is_encrypted(const hc_pdf *pdf) { return pdf->document->is_encrypted() ? 1 : 0; }

extern "C" char *hc_pdf_info(const hc_pdf *pdf, const char *key) {
    poppler::byte_array bytes = pdf->document->info_key(key).to_utf8();
    return bytes.empty() ? nullptr : copy(bytes.data(), bytes.size());
}

extern "C" int64_t hc_pdf_info_date(const hc_pdf *pdf, const char *key) {
    // poppler answers (time_t)-1 for a missing or unreadable date.
    return static_cast<int64_t>(pdf->document->info_date_t(key));
}

extern "C" char *hc_pdf_page_text(const hc_pdf *pdf, int index, size_t *length) {
    // Only text is read with the document's kept fonts: poppler-cpp draws a page through a copy
    // of the cross-references (which may not outlive the call), and lists fonts with its own.
    DocumentFontsScope scope(pdf->fonts);
    std::unique_ptr<poppler::page> page = page_at(pdf, index);
    if (!page) return nullptr;
    poppler::byte_array bytes = page->text(poppler::rectf(), poppler::page::non_raw_non_physical_layout).to_utf8();
    *length = bytes.size();
    return copy(bytes.data(), bytes.size());
}

extern "C" char *hc_pdf_outside_fonts(const hc_pdf *pdf) {
    // Page 1's fonts only: that is the page the thumbnail draws, and document::fonts() walks
    // every page's resources (half a second for a 117-page book, as much as reading its text).
    std::set<std::string> outside;
    std::unique_ptr<poppler::font_iterator> pages(pdf->document->create_font_iterator(0));
    if (pages && pages->has_next()) {
        for (const poppler::font_info &font : pages->next()) {
            if (!font.is_embedded() && !font.name().empty()) outside.insert(font.name() + "\t" + font.file());
        }
    }
    std::string joined;
    for (const std::string &line : outside) joined += line + "\n";
    return copy(joined);
}

extern "C" void hc_pdf_page_size(const hc_pdf *pdf, int index, double *width, double *height) {
    *width = 0;
    *height = 0;
    std::unique_ptr<poppler::page> page = page_at(pdf, index);
    if (!page) return;
    poppler::rectf box = page->page_rect(poppler::crop_box);
    bool turned = page->orientation() == poppler::page::landscape || page->orientation() == poppler::page::seascape;
    *width = turned ? box.height() : box.width();
    *height = turned ? box.width() : box.height();
}

extern "C" uint8_t *hc_pdf_render(const hc_pdf *pdf, int index, double dpi, int *width, int *height, int *stride) {
    std::unique_ptr<poppler::page> page = page_at(pdf, index);
    if (!page || !poppler::page_renderer::can_render()) return nullptr;
    poppler::page_renderer renderer;  // white paper, 32-bit ARGB: the layout of cairo's RGB24
    renderer.set_render_hints(poppler::page_renderer::antialiasing | poppler::page_renderer::text_antialiasing);
    poppler::image image = renderer.render_page(page.get(), dpi, dpi);
    if (!image.is_valid() || image.format() != poppler::image::format_argb32) return nullptr;
    *width = image.width();
    *height = image.height();
    *stride = image.bytes_per_row();
    size_t size = static_cast<size_t>(*stride) * static_cast<size_t>(*height);
    return reinterpret_cast<uint8_t *>(copy(image.const_data(), size));
}

extern "C" uint64_t hc_pdf_fonts_reused(const hc_pdf *pdf) { return pdf->fonts.reused(); }

extern "C" void hc_pdf_keep_fonts(int keep, size_t ceiling) {
    keep_document_fonts.store(keep != 0);
    if (ceiling > 0) kept_fonts_ceiling.store(ceiling);
}

extern "C" void hc_pdf_free(void *bytes) { std::free(bytes); }

extern "C" void hc_pdf_close(hc_pdf *pdf) { delete pdf; }
