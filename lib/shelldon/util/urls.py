"""split_url: an http(s) URL cut into the parts a request needs, by hand.

Why not urllib.parse: importing it costs ~2 ms (~10 ms on a Pi) on every stage that reads
config.toml, and it lets through what http.client or the socket layer then fails on with a
bare ValueError (a port of 99999 or 'abc', an unclosed '['), which ended a turn as an
internal error. This accepts the same well-formed URLs and refuses the rest with a line
that says what is wrong. Both the config check and the provider's request use it, so what
config accepts is exactly what a request can go to.
"""


class URL:
    __slots__ = ("scheme", "host", "port", "target", "username", "password")

    def __init__(self, scheme, host, port, target, username, password):
        self.scheme, self.host, self.port, self.target = scheme, host, port, target
        self.username, self.password = username, password


def split_url(url: str) -> URL:
    """scheme (lower case), host (lower case, no brackets), port (None if not given),
    target (path and query; "/" at least), username/password (None if not given, else
    %-decoded). ValueError, with a short reason, for anything not a usable http(s) URL."""
    if any(c <= " " or c == "\x7f" for c in url):
        raise ValueError("has a space or a control character")
    scheme, sep, rest = url.partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in ("http", "https"):
        raise ValueError("is not an http:// or https:// URL")
    end = min((i for i in (rest.find("/"), rest.find("?"), rest.find("#")) if i >= 0), default=len(rest))
    netloc, target = rest[:end], rest[end:].partition("#")[0]
    userinfo, at, hostport = netloc.rpartition("@")
    username = password = None
    if at:
        name, colon, word = userinfo.partition(":")
        username, password = _unquote(name), (_unquote(word) if colon else None)
    if hostport.startswith("["):   # an IPv6 literal: [::1] or [::1]:8080
        host, bracket, after = hostport[1:].partition("]")
        if not bracket or (after and not after.startswith(":")):
            raise ValueError("has an unclosed '[' or text after ']'")
        port = after[1:]
    elif "[" in hostport or "]" in hostport:
        raise ValueError("has a '[' or ']' outside an IPv6 address")
    else:
        host, _, port = hostport.partition(":")
        if ":" in port:
            raise ValueError("has more than one ':' in its host (an IPv6 address goes in [ ])")
    if not host:
        raise ValueError("has no host")
    if port and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise ValueError(f"has port {port!r}: a port is a number from 1 to 65535")
    if not target.startswith("/"):
        target = "/" + target
    return URL(scheme, host.lower(), int(port) if port else None, target, username, password)


def _unquote(text: str) -> str:
    """%XX escapes decoded (as UTF-8); a '%' not followed by two hex digits is kept."""
    if "%" not in text:
        return text
    first, *rest = text.split("%")
    out = bytearray(first.encode())
    for piece in rest:
        code = piece[:2]
        if len(code) == 2 and all(c in "0123456789abcdefABCDEF" for c in code):
            out.append(int(code, 16))
            out += piece[2:].encode()
        else:
            out += b"%" + piece.encode()
    return out.decode("utf-8", "replace")
