"""shelldon: the long-term memory of a small assistant pet.

The package is split along trust lines: contracts/ (closed formats), core/ (the only
writers), worker/ (read-only), broker/ (egress), util/ (domain-free helpers).
"""
__version__ = "0.1.0"
