"""Read-only: read handles, recall, prompt assembly, the brains' client side.

Nothing here may import shelldon.core: a worker has no write path to reach.
"""
