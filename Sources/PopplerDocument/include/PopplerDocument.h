// A C interface to one parsed PDF through poppler's C++ binding: its text in poppler's own layout
// (the TextOutputDev word and line assembly that pdftotext uses), its metadata, the fonts of page 1
// and its pages rendered by Splash (pdftoppm's renderer). The file is parsed once for all of these.
// Swift calls these like any C function.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hc_pdf hc_pdf;

enum {
    HC_PDF_OK = 0,
    HC_PDF_CANNOT_OPEN = 1,
    HC_PDF_LOCKED = 2,
};

/// Opens a PDF; `password` may be NULL. NULL with `*status` set when it cannot be opened or stays
/// locked; then `*problem` (when not NULL) holds poppler's last complaint about the file, or NULL,
/// to be freed with hc_pdf_free.
hc_pdf *hc_pdf_open(const char *path, const char *password, int *status, char **problem);
int hc_pdf_page_count(const hc_pdf *document);
int hc_pdf_is_encrypted(const hc_pdf *document);
/// A document information entry ("Title", "Author") as UTF-8, or NULL when absent. Free with hc_pdf_free.
char *hc_pdf_info(const hc_pdf *document, const char *key);
/// A document information date ("CreationDate") in seconds since 1970, or -1 when absent or unreadable.
int64_t hc_pdf_info_date(const hc_pdf *document, const char *key);
/// The UTF-8 text of page `index` (0-based) in reading order, as pdftotext lays it out. The caller
/// frees it with hc_pdf_free. NULL when the page cannot be read.
char *hc_pdf_page_text(const hc_pdf *document, int index, size_t *length);
/// The fonts page 1 uses without embedding them, one per line: the font's name, a tab, and the
/// file poppler draws it with on this machine (empty when none). The caller frees it with hc_pdf_free.
char *hc_pdf_outside_fonts(const hc_pdf *document);
/// Page `index` (0-based, its own rotation applied) rendered on white at `dpi`, as 32-bit pixels
/// in native byte order 0xffRRGGBB (cairo's RGB24), `*stride` bytes a row. NULL when it cannot be
/// drawn. The caller frees the pixels with hc_pdf_free.
uint8_t *hc_pdf_render(const hc_pdf *document, int index, double dpi, int *width, int *height, int *stride);
/// Page `index`'s size in points as displayed (its crop box, its rotation applied); 0 when unknown.
void hc_pdf_page_size(const hc_pdf *document, int index, double *width, double *height);
/// How many times a page was handed a font this document had built for an earlier page, instead of
/// building it again (0 with a poppler other than 22.12, or one that binds its own symbols).
uint64_t hc_pdf_fonts_reused(const hc_pdf *document);
/// Whether pages read from now on take fonts their document built for earlier pages (they do unless told not
/// to; the tests compare both ways), and, when `ceiling` is not 0, the process's allocated bytes past
/// which no more fonts are kept (the tests lower it).
void hc_pdf_keep_fonts(int keep, size_t ceiling);
void hc_pdf_free(void *bytes);
void hc_pdf_close(hc_pdf *document);

#ifdef __cplusplus
}
#endif
