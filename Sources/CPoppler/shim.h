// poppler's own classes (Debian libpoppler-private-dev), beneath its C++ binding. Only
// PopplerDocument's DocumentFonts.cpp includes their headers; this module carries the include
// path and the link flag to them.
#pragma once
