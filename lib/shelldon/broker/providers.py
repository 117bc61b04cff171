"""The model providers: OpenAI-compatible chat completions and Ollama's chat API.

The only module that makes HTTP calls. Through the standard library's urllib.request, not
requests (docs/DEPARTURES.md): the broker is resident, and requests with its charset
detection holds ~10 MiB more of its memory for the same POST. Proxies from the
environment (HTTPS_PROXY, NO_PROXY) and certificate checks against the system's CAs, as
requests would; a connect timeout and a read timeout; one bounded retry on a connection
error or a 5xx; every failure raised as ProviderError with one line.
"""
import time

MAX_REPLY = 4 << 20   # bytes of a provider's answer read at most


class ProviderError(Exception):
    """The provider did not give a usable reply."""


_openers: dict = {}


def _opener(connect_timeout: float):
    """urllib's default opener (proxies from the environment, redirects), with connections
    that bound the connect (and TLS handshake) by connect_timeout, then each read by the
    request's own timeout."""
    opener = _openers.get(connect_timeout)
    if opener is not None:
        return opener
    import http.client
    import urllib.request

    def connect(conn, base) -> None:
        read_timeout, conn.timeout = conn.timeout, connect_timeout
        base.connect(conn)
        conn.sock.settimeout(read_timeout)

    class HTTP(http.client.HTTPConnection):
        def connect(self):
            connect(self, http.client.HTTPConnection)

    class HTTPS(http.client.HTTPSConnection):
        def connect(self):
            connect(self, http.client.HTTPSConnection)

    class HTTPHandler(urllib.request.HTTPHandler):
        def http_open(self, req):
            return self.do_open(HTTP, req)

    class HTTPSHandler(urllib.request.HTTPSHandler):
        def https_open(self, req):
            return self.do_open(HTTPS, req, context=_tls())

    opener = _openers[connect_timeout] = urllib.request.build_opener(HTTPHandler, HTTPSHandler)
    return opener


_contexts: list = []


def _tls():
    """One TLS context for every call, made at the first: loading the system's CAs costs
    ~15 ms and ~1.8 MiB each time (the memory is not given back)."""
    if not _contexts:
        import ssl
        _contexts.append(ssl.create_default_context())
    return _contexts[0]


def preload(config) -> None:
    """Load the HTTP client now, not on the first call (a dropped worker cannot import)."""
    import urllib.error  # noqa: F401
    _opener(config.connect_timeout)


def _post(url: str, payload: dict, headers: dict, config) -> dict:
    import http.client
    import urllib.error
    import urllib.request

    from ..contracts import jsontext
    request = urllib.request.Request(url, data=jsontext.dumps(payload).encode(), method="POST",
                                     headers={"Content-Type": "application/json", **headers})
    attempts = 1 + max(0, config.retries)
    last = "no attempt"
    for attempt in range(attempts):
        try:
            with _opener(config.connect_timeout).open(request, timeout=config.timeout) as response:
                body = response.read(MAX_REPLY + 1)
        except urllib.error.HTTPError as exc:   # an answer, with a status of 400 or more
            if exc.code >= 500:
                last = f"{url}: server error {exc.code}"
            else:
                said = exc.read(200).decode("utf-8", "replace")
                raise ProviderError(f"{url}: refused with {exc.code}: {said}") from None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
            reason = getattr(exc, "reason", exc)
            if isinstance(reason, TimeoutError):
                raise ProviderError(f"{url}: no reply within {config.timeout:g}s") from None
            last = f"{url}: cannot connect ({type(reason).__name__})"
        else:
            if len(body) > MAX_REPLY:
                raise ProviderError(f"{url}: reply larger than {MAX_REPLY >> 20} MiB")
            try:
                return jsontext.loads(body.decode("utf-8"))
            except (ValueError, RecursionError):
                raise ProviderError(f"{url}: reply is not JSON") from None
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
