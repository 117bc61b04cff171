"""sha256 hex digests, without loading OpenSSL for them.

hashlib prefers OpenSSL's sha256, and loading libcrypto costs a short stage ~5 ms of its
cold start to hash a few small files. The interpreter's own sha256 gives the same digest
(_sha256 up to Python 3.11, _sha2 from 3.12); hashlib is the fallback anywhere else.
"""
try:
    from _sha256 import sha256
except ImportError:
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256


def sha256_hex(data: bytes) -> str:
    return sha256(data).hexdigest()
