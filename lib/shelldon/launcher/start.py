"""shelldon-launcherd's start: configuration, imports, checks, the socket, then serve.

Everything a turn needs is imported here, once, before the launcher listens: a turn then
costs a fork — and a dropped worker never has to import (it may not be able to read the
interpreter's own library, e.g. a Python installed under /root).
"""
import os

from ..contracts import wire
from ..contracts.turn import TurnRecord
from ..home import Home
from ..util import log, privdrop
from ..util.unixline import listen_unix
from .clients import activated_socket
from .serve import Launcher, Limits
from .workers import Work

WARM_UP = "what did we talk about last time?"


def default_socket(home: Home) -> str:
    return os.path.join(home.run, wire.SOCKET_NAME)


class Settings:
    """The configuration in force and the broker to think through: read by each turn as its
    worker forks, replaced whole by a reload (SIGHUP)."""

    def __init__(self, config, broker_socket: str | None):
        self.config, self.broker_socket = config, broker_socket


def turn_worker(settings: Settings) -> Work:
    """The real work: prepare() with the broker's brain, or the configured one (dev)."""
    from ..worker.turn import prepare

    def work(home: Home, message: str, turn_id: str) -> TurnRecord:
        config, broker_socket = settings.config, settings.broker_socket
        brain = None
        if broker_socket and config.brain.name != "rules":
            from ..worker.brokerbrain import BrokerBrain
            brain = BrokerBrain(broker_socket, config.brain.name)
        return prepare(home, message, config, turn_id, brain)
    return work


def _model_brain_ready(home: Home, config, broker_socket: str | None) -> str | None:
    """The broker a model brain thinks through (one on run/broker.sock if none was named);
    with none, the provider's modules loaded now, before any worker forks (dev mode)."""
    if config.brain.name == "rules":
        return broker_socket
    if not broker_socket:
        from ..worker.brain import broker_socket as running_broker
        broker_socket = running_broker(home)
    if not broker_socket:
        from ..broker import providers
        providers.preload()
    return broker_socket


def reloader(home: Home, settings: Settings, overrides: dict | None, named_broker: str | None):
    """What SIGHUP does: config.toml read again (the flags still beat it); a file that
    cannot be used keeps the settings in force (config.reload_config logs which)."""
    from ..config import reload_config

    def reload() -> None:
        config = reload_config(home, settings.config, overrides)
        if config is not settings.config:
            settings.broker_socket = _model_brain_ready(home, config, named_broker)
            settings.config = config
    return reload


def preload(home: Home, config) -> None:
    """Import what a turn will need, then walk one: a prompt and a reply with the rules
    brain, read-only, its result thrown away (what it loads lazily is loaded now)."""
    from ..contracts import markdown  # noqa: F401  (raw/'s day header, the tree index)
    from ..core import curated, curated_index, handedits, memgit, review, turn, undo  # noqa: F401
    from ..worker import brokerbrain, prompt, rules  # noqa: F401
    from ..worker.brain import RulesBrain
    from ..worker.turn import prepare
    import frontmatter  # noqa: F401  (a header to parse or write)
    import ctypes  # noqa: F401  (the worker's prctl, after its drop: util/privdrop.py)
    try:
        prepare(home, WARM_UP, config, brain=RulesBrain())
    except Exception as exc:
        log.warn(f"warm-up turn failed ({type(exc).__name__}: {exc}); serving anyway")


def run_launcher(home: Home, socket_path: str | None, worker_user: str | None,
                 broker_socket: str | None, limits: Limits, group: str | None = None,
                 config_overrides: dict | None = None) -> int:
    """Load, import, check, listen (or take systemd's socket), serve until SIGTERM."""
    from ..config import load_config
    home.require()
    _check_worker_user(worker_user)
    config = load_config(home, **(config_overrides or {}))
    named_broker = broker_socket
    broker_socket = _model_brain_ready(home, config, broker_socket)
    preload(home, config)
    # What is loaded now is never freed: keep the collector off it, so a forked worker
    # whose collector would walk these objects does not copy their pages.
    import gc
    gc.collect()
    gc.freeze()
    if not worker_user:
        log.warn(f"{privdrop.DEV_MODE_WARNING}: no --worker-user; workers run as uid {os.geteuid()}")
    elif os.geteuid() != 0:
        log.warn(f"{privdrop.DEV_MODE_WARNING}: not root, workers cannot drop to {worker_user}")
    if config.brain.name != "rules" and not broker_socket:
        log.warn("no --broker-socket: workers call the provider themselves (dev mode)")
    listener = activated_socket()
    bound = None
    if listener is None:
        bound = socket_path or default_socket(home)
        listener = listen_unix(bound, 0o660, group)
    log.info(f"listening on {bound or 'the socket systemd passed'}; "
             f"{limits.max_workers} workers, {limits.turn_timeout:g}s per turn")
    state = _announce(home, worker_user)
    try:
        settings = Settings(config, broker_socket)
        Launcher(home, listener, turn_worker(settings), worker_user, limits, bound,
                 reloader(home, settings, config_overrides, named_broker)).serve()
    finally:
        _withdraw(home, state)
    return 0


def _check_worker_user(worker_user: str | None) -> None:
    """A worker user no turn could drop to is refused at start (65), not at each turn while
    run/launcher.state says isolation is on. (One removed later still refuses its turns:
    the child resolves the user again.)"""
    if not privdrop.will_drop(worker_user):
        return
    privdrop.worker_option(worker_user)


def _announce(home: Home, worker_user: str | None) -> str | None:
    """run/launcher.state: this launcher's pid and whether its workers drop, so that
    shelldon-status reports what runs, not what a config file says should."""
    import json

    from ..util.atomic import write_atomic
    path = home.launcher_state
    state = {"pid": os.getpid(), "uid": os.geteuid(), "worker_user": worker_user or None,
             "drops": privdrop.will_drop(worker_user)}
    try:
        write_atomic(path, (json.dumps(state, ensure_ascii=False, separators=(",", ":")) + "\n").encode(),
                     root=home.root)
    except OSError as exc:
        log.warn(f"could not write {path} ({exc}); shelldon-status will not see this launcher")
        return None
    return path


def _withdraw(home: Home, path: str | None) -> None:
    """Remove our state file — not one a second launcher on this home wrote since."""
    from ..util.atomic import remove_names
    from ..worker.status import read_launcher_state
    if path is not None and (read_launcher_state(home) or {}).get("pid") == os.getpid():
        try:
            remove_names(os.path.dirname(path), [os.path.basename(path)], root=home.root)
        except OSError as exc:
            log.warn(f"could not remove {path} ({exc})")
