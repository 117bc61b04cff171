"""The closed formats every part shares: ops, turn records, the wire protocol.

Imports nothing of shelldon: a format must be readable without the code that uses it.
"""


class ContractError(ValueError):
    """A line or object does not fit its contract; the message says where and why."""
