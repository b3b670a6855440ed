// zlib (Debian zlib1g-dev): deflate and CRC-32 for the thumbnails' PNG.
#include <zlib.h>
