// Text laid out by Pango (HarfBuzz shaping, fontconfig fallback per script) and drawn with cairo:
// a name in Devanagari, Arabic or Japanese comes out joined and in its own direction.
#include <pango/pangocairo.h>
