#ifndef ZOETROPE_CCRYPTO_SHIM_H
#define ZOETROPE_CCRYPTO_SHIM_H
// The system's OpenSSL libcrypto, for SHA-256 of frames (EVP_Digest, not the deprecated SHA256()).
#include <openssl/evp.h>
#endif
