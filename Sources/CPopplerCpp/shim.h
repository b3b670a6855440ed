// poppler's C++ binding (Debian libpoppler-cpp-dev). Only PopplerDocument includes its headers; this
// module carries the include path and the link flag to it.
#pragma once
