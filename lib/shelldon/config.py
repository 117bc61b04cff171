"""Settings: config.toml in the home, overridden by SHELLDON_* variables, overridden by flags.

Read once per stage; absent file or table → defaults. Unknown keys are refused so a typo
in config.toml is an error, not a silently ignored setting.
"""
import os

import msgspec

from .util.errors import Rejected

BRAINS = ("rules", "openai", "ollama")


class BrainConfig(msgspec.Struct, frozen=True):
    name: str = "rules"
    url: str | None = None
    model: str | None = None
    # seconds the whole call may take — connecting, the retry and the last byte of the
    # reply included — not each socket read: a provider that trickles its answer must not
    # hold a turn for minutes (broker/providers.py)
    timeout: float = 60.0
    connect_timeout: float = 5.0  # each connect (and TLS handshake), within timeout
    retries: int = 1              # one bounded retry on connection errors and 5xx


class Bounds(msgspec.Struct, frozen=True):
    recent: int = 20              # messages in the recent window
    recall: int = 8               # full-text hits
    collections_bytes: int = 6 * 1024
    prompt_bytes: int = 24 * 1024  # the whole prompt, not counting the owner's message


class Config(msgspec.Struct, frozen=True):
    brain: BrainConfig = msgspec.field(default_factory=BrainConfig)
    bounds: Bounds = msgspec.field(default_factory=Bounds)
    tables: dict = msgspec.field(default_factory=dict)   # the other tables ([dream], [trust], [memory]…) as read


_ENV = {"name": "SHELLDON_BRAIN", "url": "SHELLDON_BRAIN_URL", "model": "SHELLDON_MODEL",
        "timeout": "SHELLDON_BRAIN_TIMEOUT"}


def _typed(cls, table: dict, where: str):
    """table as a cls (a msgspec.Struct with a default for every field). Values are
    converted leniently — SHELLDON_* variables are strings, "60" is a fine timeout —
    and a key cls does not have is refused by name."""
    known = [f.name for f in msgspec.structs.fields(cls)]
    for key in table:
        if key not in known:
            raise Rejected(f"{where}: unknown key {key!r} (known: {', '.join(known)})")
    try:
        return msgspec.convert(table, cls, strict=False)
    except msgspec.ValidationError as exc:
        raise Rejected(f"{where}: {exc}") from None


CONFIG_READ = 1024 * 1024   # a config file is a few lines: anything past this is not one


def read_file(home) -> dict:
    """config.toml as a table ({} when there is none). Read as every file of the home is
    (util.beneath): a FIFO or a symlink planted there is refused, not waited on."""
    from .util.beneath import SymlinkRefused, read_bounded
    try:
        _st, data = read_bounded(home.root, home.config, CONFIG_READ)
    except FileNotFoundError:
        return {}
    except SymlinkRefused as exc:
        raise Rejected(f"{home.config}: {exc.strerror}") from None
    try:
        import tomllib
        return tomllib.loads(data.decode("utf-8"))
    except ValueError as exc:
        raise Rejected(f"{home.config}: {exc}") from None
    except RecursionError:   # tomllib parses nested arrays and tables by recursion
        raise Rejected(f"{home.config}: nested too deeply") from None


def load_config(home, brain: str | None = None, brain_url: str | None = None,
                model: str | None = None) -> Config:
    """Flag beats environment beats config.toml beats the default."""
    data = read_file(home)
    brain_table = dict(data.get("brain", {}))
    for key, var in _ENV.items():
        if os.environ.get(var):
            brain_table[key] = os.environ[var]
    for key, value in (("name", brain), ("url", brain_url), ("model", model)):
        if value is not None:
            brain_table[key] = value
    brain_config = _typed(BrainConfig, brain_table, "config [brain]")
    if brain_config.name not in BRAINS:
        raise Rejected(f"unknown brain {brain_config.name!r} (choose {', '.join(BRAINS)})")
    if brain_config.name != "rules" and not brain_config.url:
        raise Rejected(f"the {brain_config.name} brain needs a URL (--brain-url, SHELLDON_BRAIN_URL or [brain] url)")
    _check_brain(brain_config)
    bounds = _typed(Bounds, data.get("bounds", {}), "config [bounds]")
    for name, value in msgspec.structs.asdict(bounds).items():
        if value < 0:
            raise Rejected(f"config [bounds]: {name} must be 0 or more, not {value}")
    others = {k: v for k, v in data.items() if k not in ("brain", "bounds")}
    config = Config(brain_config, bounds, others)
    stale_after_days(config)   # refused at load, as a bad [bounds] is, not at the first prompt
    return config


def stale_after_days(config: Config) -> int:
    """[memory] stale_after_days: an item unused (and unwritten) that many days, and not
    pinned, steps out of the prompt (worker/standing.py); 0 turns that off."""
    from .worker.standing import DEFAULT_STALE_AFTER_DAYS
    table = config.tables.get("memory", {})
    days = table.get("stale_after_days", DEFAULT_STALE_AFTER_DAYS) if isinstance(table, dict) \
        else DEFAULT_STALE_AFTER_DAYS
    if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= 100 * 366:
        raise Rejected(f"config [memory]: stale_after_days must be a whole number of days from 0 "
                       f"to {100 * 366}, not {days!r}")
    return days


MAX_SECONDS = 86400.0   # a day: the socket layer refuses a timeout past time_t


def _check_brain(brain: BrainConfig) -> None:
    """Refuse at load what would otherwise fail inside the HTTP call (a port of 99999, an
    unclosed '[', a timeout of -1): that ended a turn as an internal error instead of a
    line saying which setting is wrong."""
    if brain.url:
        why = url_problem(brain.url)
        if why:
            raise Rejected(f"brain URL {brain.url!r} {why}")
    for key in ("timeout", "connect_timeout"):
        seconds = getattr(brain, key)
        if not 0 < seconds <= MAX_SECONDS:   # NaN fails this too
            raise Rejected(f"config [brain]: {key} must be more than 0 and at most {MAX_SECONDS:g} seconds, "
                           f"not {seconds:g}")
    if not 0 <= brain.retries <= 10:
        raise Rejected(f"config [brain]: retries must be from 0 to 10, not {brain.retries}")


def url_problem(url: str) -> str | None:
    """What makes url unusable as a provider's http(s) URL, in a few words; None if nothing."""
    from urllib.parse import urlsplit
    # urlsplit quietly drops tabs and newlines (as WHATWG says a browser should): refuse
    # them, and spaces, before it can
    if any(c <= " " or c == "\x7f" for c in url):
        return "has a space or a control character"
    try:
        parts = urlsplit(url)
    except ValueError:   # "Invalid IPv6 URL": a '[' without its ']'
        return "has an unclosed '[' or text after ']'"
    if "]" in parts.netloc and parts.netloc.rpartition("]")[2][:1] not in ("", ":"):
        return "has an unclosed '[' or text after ']'"
    if parts.scheme.lower() not in ("http", "https"):
        return "is not an http:// or https:// URL"
    if not parts.hostname:
        return "has no host"
    try:
        port = parts.port   # a port that is not a number, or out of range, raises here
    except ValueError:
        port = 0
    if port == 0:
        text = parts.netloc.rpartition("]")[2].rpartition(":")[2]
        return f"has port {text!r}: a port is a number from 1 to 65535"
    return None


def table(config: Config, name: str, cls):
    """A stage's own table ([dream], [prune]…) as a typed settings object; unknown keys refused."""
    return _typed(cls, config.tables.get(name, {}), f"config [{name}]")


def changes(old: Config, new: Config) -> list[str]:
    """What differs between two configurations, one 'table.key: old → new' each."""
    def flat(config: Config) -> dict:
        out = {f"brain.{k}": v for k, v in msgspec.structs.asdict(config.brain).items()}
        out.update({f"bounds.{k}": v for k, v in msgspec.structs.asdict(config.bounds).items()})
        for table, values in config.tables.items():
            items = values.items() if isinstance(values, dict) else [("", values)]
            out.update({f"{table}.{k}".rstrip("."): v for k, v in items})
        return out
    before, after = flat(old), flat(new)
    return [f"{key}: {before.get(key)!r} → {after.get(key)!r}"
            for key in sorted(before.keys() | after.keys()) if before.get(key) != after.get(key)]


def reload_config(home, old: Config, overrides: dict | None = None) -> Config:
    """config.toml read again, as a daemon does on SIGHUP: the new settings, with each change
    logged; a file that cannot be read or used keeps the old settings, and the log says why."""
    from .util import log
    try:
        new = load_config(home, **(overrides or {}))
    except Exception as exc:   # anything at all: a daemon keeps serving with what it had
        why = str(exc) if home.config in str(exc) else f"{home.config}: {exc}"
        log.error(f"reload: keeping the settings in force; not used: {why}")
        return old
    changed = changes(old, new)
    log.info("reload: " + ("; ".join(changed) if changed else "no setting changed"))
    return new
