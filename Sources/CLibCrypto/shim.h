#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/hmac.h>
