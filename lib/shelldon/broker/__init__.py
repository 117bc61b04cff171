"""Egress: the model providers (requests lives here) and the vault client."""
