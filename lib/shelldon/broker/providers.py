"""The model providers: OpenAI-compatible chat completions and Ollama's chat API.

The only module that makes HTTP calls, through requests, imported inside the call: a
stage that asks no model (the rules brain) never loads it. requests does the HTTP — the
proxy the environment names (`https_proxy`, `http_proxy`, `no_proxy`; an https:// proxy
is spoken to over TLS), certificates checked (against its CA bundle, or the one
REQUESTS_CA_BUNDLE names), the connect timeout. What is ours is the domain's rules:

- One deadline, `timeout`, for the whole call: connecting, the retry and the last byte
  of the reply. requests' read timeout restarts at every byte that arrives, so a
  provider (or anything between) that trickles its answer would hold a turn for as long
  as it likes. The exchange runs in a thread of its own and the caller waits for it
  until the deadline and no longer; the thread checks the deadline between reads and
  ends by itself at its next one.
- One bounded retry (`retries`) on a connection error or a 5xx, sharing that deadline:
  a loop, because urllib3's Retry would give each attempt a read timeout of its own.
- A reply of at most MAX_REPLY bytes; redirects not followed; every failure a
  ProviderError with one line that never holds the key: `complete` scrubs what leaves
  it (`scrub`: the key itself, and whatever the secret gate recognises), since a
  provider's refusal may quote what it was sent ("Incorrect API key provided: …").
"""
import json
import time

MAX_REPLY = 4 << 20   # bytes of a provider's answer read at most
CHUNK = 64 * 1024
ERROR_QUOTE = 4096    # characters of a refusal's body scrubbed, so a key cut at the end of the
ERROR_TEXT = 300      # quoted part is not left half-hidden; characters of error text kept


class ProviderError(Exception):
    """The provider did not give a usable reply."""


def preload() -> None:
    """Import requests now, not at the first call: the launcher calls this before it
    forks workers that, dropped to another uid, may not be able to read the library."""
    import requests  # noqa: F401


def _post(url: str, payload: dict, headers: dict, config) -> dict:
    import threading

    import requests  # noqa: F401  (here, not in the thread: importing is not the provider's time)
    deadline = time.monotonic() + config.timeout
    late = ProviderError(f"{url}: no reply within {config.timeout:g}s")
    outcome: list = []

    def exchange():
        try:
            outcome.append(_attempts(url, payload, headers, config, deadline, late))
        except BaseException as exc:   # handed to the caller, raised there
            outcome.append(exc)

    worker = threading.Thread(target=exchange, name="provider call", daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()))
    if not outcome:
        raise late
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


def _attempts(url: str, payload: dict, headers: dict, config, deadline: float, late: ProviderError) -> dict:
    import requests
    last = "no attempt"
    with requests.Session() as session:
        for attempt in range(1 + config.retries):
            if attempt:
                time.sleep(0.2)
            left = deadline - time.monotonic()
            if left <= 0:
                raise late
            connect = min(config.connect_timeout, left)
            try:
                with session.post(url, json=payload, headers=headers, stream=True, allow_redirects=False,
                                  timeout=(connect, left)) as response:
                    if response.status_code < 500:
                        return _reply(response, url, deadline, late)
                    last = f"{url}: server error {response.status_code}"
            except requests.exceptions.SSLError as exc:   # no retry: it would fail the same way
                raise ProviderError(f"{url}: {_tls_problem(exc)}") from None
            except requests.exceptions.ConnectTimeout:
                last = f"{url}: cannot connect within {connect:g}s"
            except requests.exceptions.Timeout:   # nothing came for the time that was left
                raise late from None
            except requests.exceptions.ConnectionError as exc:
                last = f"{url}: cannot connect ({_innermost(exc)})"
            except requests.RequestException as exc:
                raise ProviderError(f"{url}: {type(exc).__name__}") from None
    raise ProviderError(last)


def _reply(response, url: str, deadline: float, late: ProviderError) -> dict:
    """The body, read as it arrives (read1: a read waits for some bytes, not for a whole
    chunk) against the deadline, and parsed."""
    from urllib3.exceptions import HTTPError, ReadTimeoutError
    body = bytearray()
    try:
        while chunk := response.raw.read1(CHUNK, decode_content=True):
            body += chunk
            if len(body) > MAX_REPLY:
                raise ProviderError(f"{url}: reply larger than {MAX_REPLY >> 20} MiB")
            if time.monotonic() >= deadline:
                raise late
    except ReadTimeoutError:
        raise late from None
    except HTTPError as exc:
        raise ProviderError(f"{url}: reply cut short ({_innermost(exc)})") from None
    if time.monotonic() >= deadline:
        raise late
    if response.status_code >= 300:
        said = body[:ERROR_QUOTE].decode("utf-8", "replace")   # cut short after the scrub
        raise ProviderError(f"{url}: refused with {response.status_code}: {said}")
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise ProviderError(f"{url}: reply is not JSON") from None


def _chain(exc: BaseException):
    """exc and what caused it, outermost first (requests wraps urllib3's errors, which
    wrap the socket's)."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        reason = getattr(exc, "reason", None)
        exc = reason if isinstance(reason, BaseException) else (exc.__cause__ or exc.__context__)


def _innermost(exc: BaseException) -> str:
    """A few words on what went wrong underneath: requests' own text quotes a connection
    pool's repr."""
    *_, cause = _chain(exc)
    return getattr(cause, "strerror", None) or type(cause).__name__


def _tls_problem(exc: BaseException) -> str:
    import ssl
    for cause in _chain(exc):
        if isinstance(cause, ssl.SSLCertVerificationError):
            return (f"certificate not trusted ({cause.verify_message}); "
                    f"a private CA's bundle goes in REQUESTS_CA_BUNDLE")
    return f"TLS failed ({_innermost(exc)})"


def _messages(prompt: str) -> list[dict]:
    return [{"role": "user", "content": prompt}]


def _auth(api_key: str | None) -> dict:
    if not api_key:
        return {}
    if not (api_key.isascii() and api_key.isprintable()):
        # it would go into a header, whose error would quote it: say neither
        raise ProviderError("the provider key is not one line of printable ASCII "
                            "(a second line, a control character?): not sent")
    return {"Authorization": f"Bearer {api_key}"}


def complete_openai(config, prompt: str, api_key: str | None) -> str:
    url = config.url.rstrip("/") + "/chat/completions"
    data = _post(url, {"model": config.model or "gpt-4o-mini", "messages": _messages(prompt)}, _auth(api_key),
                 config)
    try:
        content = data["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise ProviderError(f"{url}: reply has no choices[0].message.content") from None
    if not isinstance(content, str):
        raise ProviderError(f"{url}: reply content is not text")
    return content


def complete_ollama(config, prompt: str, api_key: str | None) -> str:
    url = config.url.rstrip("/") + "/api/chat"
    payload = {"model": config.model or "llama3.2", "messages": _messages(prompt), "stream": False}
    data = _post(url, payload, _auth(api_key), config)
    try:
        content = data["message"]["content"]
    except (KeyError, TypeError):
        raise ProviderError(f"{url}: reply has no message.content") from None
    if not isinstance(content, str):
        raise ProviderError(f"{url}: reply content is not text")
    return content


PROVIDERS = {"openai": complete_openai, "ollama": complete_ollama}


def complete(config, prompt: str, api_key: str | None = None) -> str:
    try:
        return PROVIDERS[config.name](config, prompt, api_key)
    except ProviderError as exc:
        raise ProviderError(scrub(str(exc), api_key)) from None


def scrub(text: str, api_key: str | None) -> str:
    """Error text fit to leave the provider module: the key (as written, or as a JSON
    string would escape it) and anything secret-shaped redacted, then cut to ERROR_TEXT."""
    from ..util.secrets import MARKER, redact
    if api_key:
        for form in {api_key, json.dumps(api_key)[1:-1], api_key.replace("/", "\\/")}:
            text = text.replace(form, MARKER.format("api-key"))
    text = redact(text)[0]
    return text if len(text) <= ERROR_TEXT else text[:ERROR_TEXT] + "…"
