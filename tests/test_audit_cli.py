"""Found by a new-user audit of the stages' command lines: what --help and the docs say
is what the real bin/ scripts do."""
import pytest

from conftest import db_rows
from daemons import Daemon


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "-inf"])
def test_say_refuses_a_timeout_that_is_not_a_positive_time(ready, home, value):
    # Before: 0 made the socket non-blocking ("Resource temporarily unavailable", exit 1,
    # and the launcher recorded a turn the client reported as failed); -1, nan and inf
    # were "internal error: ValueError/OverflowError" (exit 1).
    daemon = Daemon("shelldon-launcherd", "--home", home, socket_path=home / "run/shelldon.sock")
    try:
        result = ready("shelldon-say", f"--timeout={value}", "remember that I was never said")
    finally:
        daemon.stop()
    err = result.stderr.decode()
    assert result.returncode == 2, err
    assert err.count("\n") == 1 and "--timeout" in err and "internal error" not in err, err
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]
