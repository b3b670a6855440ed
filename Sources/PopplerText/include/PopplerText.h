// A C interface to poppler's own text layout (the TextOutputDev word and line assembly that
// pdftotext uses), through poppler's C++ binding. Swift calls these like any C function.
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hc_pdf_text hc_pdf_text;

enum {
    HC_PDF_TEXT_OK = 0,
    HC_PDF_TEXT_CANNOT_OPEN = 1,
    HC_PDF_TEXT_LOCKED = 2,
};

/// Opens a PDF; `password` may be NULL. NULL with `*status` set when it cannot be opened or stays locked.
hc_pdf_text *hc_pdf_text_open(const char *path, const char *password, int *status);
int hc_pdf_text_page_count(const hc_pdf_text *document);
/// The UTF-8 text of page `index` (0-based) in reading order, as pdftotext lays it out. The caller
/// frees it with hc_pdf_text_free. NULL when the page cannot be read.
char *hc_pdf_text_page(const hc_pdf_text *document, int index, size_t *length);
/// The fonts page 1 uses without embedding them, one per line: the font's name, a tab, and the
/// file poppler draws it with on this machine (empty when none). The caller frees it with hc_pdf_text_free.
char *hc_pdf_text_outside_fonts(const hc_pdf_text *document);
void hc_pdf_text_free(char *text);
void hc_pdf_text_close(hc_pdf_text *document);

#ifdef __cplusplus
}
#endif
