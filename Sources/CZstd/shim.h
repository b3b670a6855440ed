// Zstandard (Debian libzstd-dev): the text files a backup holds are compressed with it.
#include <zstd.h>
