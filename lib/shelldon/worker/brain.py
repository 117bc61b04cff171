"""The brains behind one interface: complete(prompt, message) → the whole reply text.

`rules` is embedded and offline; `openai` and `ollama` call a provider over HTTP (through
the broker when one runs; in dev mode directly, with the key from SHELLDON_API_KEY).
Any failure of a brain is a BrainError; the caller turns it into the degraded reply.
"""
import os

from ..util import log

DEGRADED_REPLY = ("Sorry, my thoughts are foggy right now and I can't answer properly. "
                  "I heard you, and what you said is recorded.")


class BrainError(Exception):
    """The brain gave no usable reply."""


class Brain:
    name = "brain"

    def complete(self, prompt: str, message: str) -> str:
        raise NotImplementedError


class RulesBrain(Brain):
    name = "rules"

    def complete(self, prompt: str, message: str) -> str:
        from .rules import respond
        return respond(prompt, message)


class HttpBrain(Brain):
    def __init__(self, config, api_key: str | None):
        self.config = config
        self.name = config.name
        self.api_key = api_key

    def complete(self, prompt: str, message: str) -> str:
        from ..broker.providers import ProviderError, complete
        try:
            return complete(self.config, prompt, self.api_key)
        except ProviderError as exc:
            raise BrainError(str(exc)) from None


def dev_mode_key() -> str | None:
    key = os.environ.get("SHELLDON_API_KEY")
    if key:
        log.warn("no broker: using the provider key from SHELLDON_API_KEY (dev mode)")
    return key


def broker_socket(home=None) -> str | None:
    """Where a running broker listens: SHELLDON_BROKER_SOCKET, else the home's run/broker.sock
    when there is a socket there; None: no broker (dev mode)."""
    path = os.environ.get("SHELLDON_BROKER_SOCKET")
    if path or home is None:
        return path or None
    import stat

    from ..contracts.wire import BROKER_SOCKET_NAME
    path = os.path.join(home.run, BROKER_SOCKET_NAME)
    try:
        return path if stat.S_ISSOCK(os.stat(path).st_mode) else None
    except OSError:
        return None


def load_brain(config, api_key: str | None = None, home=None) -> Brain:
    """A brain for config.brain (or a BrainConfig). A model brain goes through the broker when
    one runs (the broker's own [brain] settings then choose the endpoint and model, and it
    holds the key); without one, directly, with api_key or the dev-mode key."""
    brain_config = getattr(config, "brain", config)
    if brain_config.name == "rules":
        return RulesBrain()
    if api_key is None:
        path = broker_socket(home)
        if path:
            from .brokerbrain import BrokerBrain
            return BrokerBrain(path, brain_config.name)
    return HttpBrain(brain_config, api_key if api_key is not None else dev_mode_key())
