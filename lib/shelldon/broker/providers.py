"""The model providers: OpenAI-compatible chat completions and Ollama's chat API.

The only module that makes HTTP calls. Through the standard library's http.client, not
requests (docs/DEPARTURES.md): the broker is resident, and requests holds ~11 MiB more of
its memory for the same POST (urllib.request ~1 MiB more). What requests gave is kept:
the proxy the environment names (`https_proxy`/`http_proxy`, upper case too, the lower
case first; `no_proxy`), read as urllib and requests read it; certificates checked
against the system's CAs; a connect timeout, and a deadline for the whole reply (below);
one bounded retry on a connection error or a 5xx; every failure raised as ProviderError
with one line.

The deadline: `timeout` bounds the whole exchange, not each socket read — a provider (or
anything between) that trickles a byte a second would otherwise hold a turn for as long
as it likes. It starts when the first connection is made and the retry shares it: sending
the request, the status line, the headers and every read of the body each get only the
time left, and when none is left the call fails with "no reply within Ns". Connecting is
bounded by `connect_timeout` (a retry's connect by the time left too, if that is less).
"""
import os
import time

from ..util.urls import split_url

MAX_REPLY = 4 << 20   # bytes of a provider's answer read at most


class ProviderError(Exception):
    """The provider did not give a usable reply."""


# -- where a request goes: straight, or through the environment's proxy ------------------

def _env(name: str) -> str:
    return os.environ.get(name) or os.environ.get(name.upper()) or ""


def proxy_for(scheme: str, host: str, port: int) -> str | None:
    """The proxy URL for a request to scheme://host:port, or None to go straight there."""
    proxy = _env(f"{scheme}_proxy")
    if not proxy or (scheme == "http" and "REQUEST_METHOD" in os.environ):  # CGI: httpoxy
        return None
    host = host.lower()
    for entry in _env("no_proxy").split(","):
        name = entry.strip().lower()
        if name == "*":
            return None
        name = name.lstrip(".")
        if name and any(h == name or h.endswith("." + name) for h in (host, f"{host}:{port}")):
            return None
    return proxy if "://" in proxy else f"http://{proxy}"


_classes: list = []


def _bounded():
    """HTTP and HTTPS connections whose connect (and TLS handshake) is bounded by its own
    timeout, then everything else by the request's deadline. Made once, at the first call."""
    if not _classes:
        import http.client
        import io

        def time_left(sock, deadline):
            """Give the socket the time left before the deadline; TimeoutError if none."""
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            sock.settimeout(left)

        class Deadline(io.RawIOBase):
            """The socket's reader with each read given only the time left; a buffered
            reader over it serves http.client's readline and read, as makefile's does."""

            def __init__(self, raw, sock, deadline):
                # the socket itself, not the connection's: http.client lets go of that
                # (conn.sock = None) as soon as a response says the connection will close
                self.raw, self.sock, self.deadline = raw, sock, deadline

            def readable(self):
                return True

            def readinto(self, buffer):
                time_left(self.sock, self.deadline)
                return self.raw.readinto(buffer)

            def close(self):
                self.raw.close()
                super().close()

        class Response(http.client.HTTPResponse):
            def __init__(self, sock, *args, deadline=None, **kwargs):
                super().__init__(sock, *args, **kwargs)
                if deadline is not None:
                    self.fp = io.BufferedReader(Deadline(self.fp.detach(), sock, deadline))

        class Bounded:
            deadline = None   # time.monotonic() by which the whole reply is in; None while connecting

            def __init__(self, host, port, connect_timeout, **kwargs):
                super().__init__(host, port, **kwargs)
                self.connect_timeout = connect_timeout

            def connect(self):
                self.timeout = self.connect_timeout
                super().connect()

            def send(self, data):
                if self.deadline is not None:
                    time_left(self.sock, self.deadline)
                super().send(data)

            def response_class(self, sock, *args, **kwargs):
                # http.client makes its responses through this attribute (the CONNECT
                # reply of a tunnel too, before there is a deadline)
                return Response(sock, *args, deadline=self.deadline, **kwargs)

        class HTTP(Bounded, http.client.HTTPConnection):
            pass

        class HTTPS(Bounded, http.client.HTTPSConnection):
            pass
        _classes.extend((HTTP, HTTPS))
    return _classes


def _split(url: str, what: str):
    try:
        return split_url(url)
    except ValueError as exc:
        raise ProviderError(f"{what} {url} {exc}") from None


def _connection(url: str, config):
    """(connection, the request target, extra headers) for a POST to url."""
    parts = _split(url, "brain URL")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    target = parts.target
    proxy = proxy_for(parts.scheme, parts.host, port)
    via, headers = (parts.host, port), {}
    if proxy is not None:
        hop = _split(proxy, "proxy")
        via = (hop.host, hop.port or 80)
        if hop.username is not None:
            import base64
            pair = f"{hop.username}:{hop.password or ''}".encode()
            headers["Proxy-Authorization"] = "Basic " + base64.b64encode(pair).decode()
    HTTP, HTTPS = _bounded()
    if parts.scheme == "https":
        conn = HTTPS(*via, config.connect_timeout, context=_tls())
        if proxy is not None:   # CONNECT through the proxy; TLS with the provider inside
            conn.set_tunnel(parts.host, port, headers=headers)
            headers = {}
    else:
        conn = HTTP(*via, config.connect_timeout)
        if proxy is not None:
            target = url   # a proxy takes the absolute form
    return conn, target, headers


_contexts: list = []


def _tls():
    """One TLS context for every call, made at the first. Loading the system's CA bundle
    costs ~15 ms and ~1.25 MiB (never given back): where the system keeps a hashed CA
    directory (as Debian's /etc/ssl/certs), OpenSSL reads from it only the certificates a
    chain needs. A bundle named by SSL_CERT_FILE is loaded as it is."""
    if not _contexts:
        import ssl
        capath = ssl.get_default_verify_paths().capath
        if not os.environ.get("SSL_CERT_FILE") and _hashed(capath):
            _contexts.append(ssl.create_default_context(capath=capath))
        else:
            _contexts.append(ssl.create_default_context())
    return _contexts[0]


def _hashed(directory: str | None) -> bool:
    """A directory of CA certificates named by subject hash (`<8 hex digits>.<n>`)."""
    try:
        names = os.listdir(directory) if directory else []
    except OSError:
        return False
    return any(len(name) >= 10 and name[8] == "." and name[9:].isdigit() and
               all(c in "0123456789abcdef" for c in name[:8]) for name in names)


def preload() -> None:
    """Load the HTTP client now, not on the first call (a dropped worker cannot import) —
    with the idna codec the socket layer looks up by name to resolve a host."""
    import encodings.idna  # noqa: F401
    _bounded()


def _post(url: str, payload: dict, headers: dict, config) -> dict:
    import http.client

    import json
    body = json.dumps(payload).encode()
    attempts = 1 + max(0, config.retries)
    last, deadline = "no attempt", None
    late = ProviderError(f"{url}: no reply within {config.timeout:g}s")
    for attempt in range(attempts):
        conn, target, extra = _connection(url, config)
        try:
            if deadline is not None:   # a retry: connecting counts against the time left
                left = deadline - time.monotonic()
                if left <= 0:
                    raise late
                conn.connect_timeout = min(conn.connect_timeout, left)
            try:
                conn.connect()
            except TimeoutError:   # a connection error, retried (no need to pause first)
                if deadline is not None and time.monotonic() >= deadline:
                    raise late from None
                last = f"{url}: cannot connect within {conn.connect_timeout:g}s"
                continue
            if deadline is None:
                deadline = time.monotonic() + config.timeout
            conn.deadline = deadline
            conn.request("POST", target, body, {"Content-Type": "application/json", **extra, **headers})
            response = conn.getresponse()
            status, data = response.status, response.read(MAX_REPLY + 1)
        except TimeoutError:
            raise late from None
        except (OSError, http.client.HTTPException) as exc:
            last = f"{url}: cannot connect ({type(exc).__name__})"
        else:
            if status >= 500:
                last = f"{url}: server error {status}"
            elif status >= 400:
                said = data[:200].decode("utf-8", "replace")
                raise ProviderError(f"{url}: refused with {status}: {said}")
            elif len(data) > MAX_REPLY:
                raise ProviderError(f"{url}: reply larger than {MAX_REPLY >> 20} MiB")
            else:
                try:
                    return json.loads(data.decode("utf-8"))
                except (ValueError, RecursionError):
                    raise ProviderError(f"{url}: reply is not JSON") from None
        finally:
            conn.close()
        if attempt + 1 < attempts:
            time.sleep(0.2)
    raise ProviderError(last)


def _messages(prompt: str) -> list[dict]:
    return [{"role": "user", "content": prompt}]


def complete_openai(config, prompt: str, api_key: str | None) -> str:
    url = config.url.rstrip("/") + "/chat/completions"
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    data = _post(url, {"model": config.model or "gpt-4o-mini", "messages": _messages(prompt)}, headers, config)
    try:
        content = data["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise ProviderError(f"{url}: reply has no choices[0].message.content") from None
    if not isinstance(content, str):
        raise ProviderError(f"{url}: reply content is not text")
    return content


def complete_ollama(config, prompt: str, api_key: str | None) -> str:
    url = config.url.rstrip("/") + "/api/chat"
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    payload = {"model": config.model or "llama3.2", "messages": _messages(prompt), "stream": False}
    data = _post(url, payload, headers, config)
    try:
        content = data["message"]["content"]
    except (KeyError, TypeError):
        raise ProviderError(f"{url}: reply has no message.content") from None
    if not isinstance(content, str):
        raise ProviderError(f"{url}: reply content is not text")
    return content


PROVIDERS = {"openai": complete_openai, "ollama": complete_ollama}


def complete(config, prompt: str, api_key: str | None = None) -> str:
    return PROVIDERS[config.name](config, prompt, api_key)
