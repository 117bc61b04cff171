"""The launcher: socket → fork → drop → worker → pipe → core.

One root parent, the core, that has imported everything before it listens. A turn:

    accept → read the request line (clients.py: bounded in size and time)
    → fork → drop → work → one result line on a pipe (workers.py: a worker's life, to reap)
    → validate → core.turn.commit → answer (commit.py: the core's half, degraded reply)

serve.py is the loop that ties them (limits, the queue, SIGTERM); start.py is
shelldon-launcherd's start (configuration, imports, the socket). The child never opens a
store for writing and never sees the client's socket; the parent trusts nothing from it
but a reply text and op lines that the core validates again.
"""
from .serve import Launcher, Limits
from .start import default_socket, run_launcher, turn_worker

__all__ = ["Launcher", "Limits", "default_socket", "run_launcher", "turn_worker"]
