"""The model providers: OpenAI-compatible chat completions and Ollama's chat API.

The only module that imports requests. Timeouts on connect and read, one bounded retry
on a connection error or a 5xx, and every failure raised as ProviderError with one line.
"""
import time


class ProviderError(Exception):
    """The provider did not give a usable reply."""


def _post(url: str, payload: dict, headers: dict, config) -> dict:
    import requests  # ~150 ms at import: paid only when a call is really made
    attempts = 1 + max(0, config.retries)
    last = "no attempt"
    for attempt in range(attempts):
        try:
            response = requests.post(url, json=payload, headers=headers,
                                     timeout=(config.connect_timeout, config.timeout))
        except requests.Timeout:
            raise ProviderError(f"{url}: no reply within {config.timeout:g}s") from None
        except requests.ConnectionError as exc:
            last = f"{url}: cannot connect ({type(exc).__name__})"
        else:
            if response.status_code >= 500:
                last = f"{url}: server error {response.status_code}"
            elif response.status_code >= 400:
                raise ProviderError(f"{url}: refused with {response.status_code}: {response.text[:200]}")
            else:
                try:
                    return response.json()
                except ValueError:
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
