#include "DocumentFonts.h"

#include <poppler/Object.h>  // first: it completes Dict's inline functions itself
#include <poppler/Dict.h>
#include <poppler/Error.h>
#include <poppler/Gfx.h>
#include <poppler/GfxFont.h>
#include <poppler/XRef.h>
#include <poppler-version.h>  // poppler-cpp's, the same release as the core's

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>
#include <malloc.h>
#include <sys/resource.h>
#include <vector>

// The resources' constructor below copies poppler 22.12's and differs only in where the fonts come
// from; another poppler is built without it (and so builds its fonts for each page), until its
// constructor is compared again.
#define HOMECREW_KEEPS_DOCUMENT_FONTS (POPPLER_VERSION_MAJOR == 22 && POPPLER_VERSION_MINOR == 12)

std::atomic<bool> keep_document_fonts{HOMECREW_KEEPS_DOCUMENT_FONTS};

namespace {
size_t default_ceiling() {
    size_t ceiling = 256 << 20;
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) ceiling = std::min<size_t>(ceiling, limit.rlim_cur / 4);
    return ceiling;
}
}

std::atomic<size_t> kept_fonts_ceiling{default_ceiling()};

namespace {
thread_local DocumentFonts *current_fonts = nullptr;
}

DocumentFontsScope::DocumentFontsScope(DocumentFonts &fonts) : previous(current_fonts) {
    if (HOMECREW_KEEPS_DOCUMENT_FONTS && keep_document_fonts.load(std::memory_order_relaxed)) current_fonts = &fonts;
}

DocumentFontsScope::~DocumentFontsScope() { current_fonts = previous; }

#if HOMECREW_KEEPS_DOCUMENT_FONTS

namespace {
// Two private members of poppler's are read below (a page's fonts, and whether the table was
// rebuilt); naming a member in an explicit template instantiation is the one way C++ allows to
// reach a private one from outside. Each `Member` tag names one, through `member(Member())`.
template <typename Member, typename Member::type pointer> struct Reach {
    friend typename Member::type member(Member) { return pointer; }
};

// What the process has allocated (glibc's count, in the heap and in mappings of their own).
size_t allocated_bytes() {
    struct mallinfo2 now = mallinfo2();
    return now.uordblks + now.hblkhd;
}

// Whether poppler has rebuilt the table by scanning a damaged file (once at most, in place):
// a number may then name another object, so what was built before is built again.
struct Reconstructed {
    using type = bool XRef::*;
};
template struct Reach<Reconstructed, &XRef::xrefReconstructed>;
bool XRef::*member(Reconstructed);
}

bool DocumentFonts::serves(XRef *xref) {
    if (document_xref == nullptr) {
        document_xref = xref;
        was_reconstructed = xref->*member(Reconstructed());
    }
    return xref == document_xref;
}

std::shared_ptr<GfxFont> DocumentFonts::font(XRef *xref, const Ref &reference, const char *tag) {
    if (!was_reconstructed && xref->*member(Reconstructed())) forget_all();
    auto key = std::make_tuple(reference.num, reference.gen, std::string(tag));
    auto found = kept.find(key);
    if (found != kept.end()) {
        reused_count += 1;
        return found->second;
    }
    std::shared_ptr<GfxFont> font;
    Object dictionary = Object(reference).fetch(xref);
    if (dictionary.isDict()) {
        font = GfxFont::makeFont(xref, tag, reference, dictionary.getDict());
        if (font && !font->isOk()) font.reset();
    } else {
        error(errSyntaxError, -1, "font resource is not a dictionary");
    }
    if (!was_reconstructed && xref->*member(Reconstructed())) {
        forget_all();  // the table was rebuilt while this font was read: it may mix both
        return font;
    }
    // Measured after the font is built, so that what is kept, this font included, stays under
    // the ceiling; once full, no more is measured.
    if (!full) full = kept.size() >= kept_limit || allocated_bytes() >= kept_fonts_ceiling.load(std::memory_order_relaxed);
    if (!full) kept.emplace(std::move(key), font);
    return font;
}

void DocumentFonts::forget_all() {
    was_reconstructed = true;
    kept.clear();
    full = false;
}

// GfxFontDict's own constructor is internal to libpoppler (it builds every font); this one serves
// only the resources built below, whose fonts are all named by reference.
GfxFontDict::GfxFontDict(XRef *xref, Ref * /* fontDictRef: only for fonts not named by reference */, Dict *fontDict) {
    fonts.resize(static_cast<size_t>(fontDict->getLength()));
    for (size_t index = 0; index < fonts.size(); ++index) {
        const Object &entry = fontDict->getValNF(static_cast<int>(index));
        fonts[index] = current_fonts->font(xref, entry.getRef(), fontDict->getKey(static_cast<int>(index)));
    }
}

namespace {
// A page's resources keep their fonts in a private member.
struct ResourcesFonts {
    using type = GfxFontDict *GfxResources::*;
};
template struct Reach<ResourcesFonts, &GfxResources::fonts>;
GfxFontDict *GfxResources::*member(ResourcesFonts);

using BuildResources = void (*)(GfxResources *, XRef *, Dict *, GfxResources *);
constexpr const char *resources_constructor = "_ZN12GfxResourcesC1EP4XRefP4DictPS_";

// Whether the page's fonts dictionary (read into `fonts`) names every font by reference.
bool fonts_by_reference(Dict *resources, Object &fonts) {
    fonts = resources->lookup("Font");
    if (!fonts.isDict()) return false;
    for (int index = 0; index < fonts.getDict()->getLength(); ++index) {
        if (!fonts.getDict()->getValNF(index).isRef()) return false;
    }
    return true;
}
}

// Takes the place of poppler's GfxResources constructor (libpoppler calls it through its PLT, so
// the program's definition comes first). Outside an `hc_pdf` call, or when a font is written
// into the page itself, it is poppler's own. Otherwise poppler's own builds everything but the
// fonts, and the fonts come from the document's kept ones.
extern "C" void homecrew_build_resources(GfxResources *resources, XRef *xref, Dict *dictionary, GfxResources *next)
    __asm__("_ZN12GfxResourcesC1EP4XRefP4DictPS_");
extern "C" void homecrew_build_resources(GfxResources *resources, XRef *xref, Dict *dictionary, GfxResources *next) {
    static const BuildResources poppler_build = reinterpret_cast<BuildResources>(dlsym(RTLD_NEXT, resources_constructor));
    if (poppler_build == nullptr) std::abort();  // unreachable: only libpoppler, which defines it, calls it
    Object fonts;
    if (current_fonts == nullptr || dictionary == nullptr || !current_fonts->serves(xref) ||
        !fonts_by_reference(dictionary, fonts)) {
        poppler_build(resources, xref, dictionary, next);
        return;
    }
    Dict *withoutFonts = dictionary->copy(xref);
    withoutFonts->remove("Font");
    poppler_build(resources, xref, withoutFonts, next);
    delete withoutFonts;
    resources->*member(ResourcesFonts()) = new GfxFontDict(xref, nullptr, fonts.getDict());
}

#endif
