"""The worker's brain when a broker runs: the model call is the broker's, over its socket.

The worker sends {"prompt", "message"} and gets {"ok", "text"}; it never holds a
provider key and never reaches the network itself.
"""
from ..contracts import ContractError, wire
from ..util.unixline import LineTooLong, exchange
from .brain import Brain, BrainError


class BrokerBrain(Brain):
    def __init__(self, socket_path: str, name: str = "broker", timeout: float = 300.0):
        self.socket_path = socket_path
        self.name = name
        self.timeout = timeout

    def complete(self, prompt: str, message: str) -> str:
        request = wire.encode(wire.ThinkRequest(prompt, message))
        try:
            line = exchange(self.socket_path, request, wire.MAX_BROKER_REPLY + 1024, self.timeout)
        except (OSError, LineTooLong) as exc:
            raise BrainError(f"broker at {self.socket_path}: {exc}") from None
        try:
            reply = wire.decode(line, wire.ThinkReply, "broker reply")
        except ContractError as exc:
            raise BrainError(str(exc)) from None
        if not reply.ok or reply.text is None:
            raise BrainError(f"broker: {reply.error or 'no text'}")
        return reply.text
