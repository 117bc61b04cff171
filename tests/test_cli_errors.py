"""Errors a new user meets on the command line: the real bin/ scripts name the setting
or path at fault, in one line, with the exit code their --help gives."""
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


@pytest.mark.parametrize("args, config, names, blames", [
    # a bad flag is named as the flag, not as a config.toml key the owner never wrote
    (["--budget", "-1"], "", "--budget", "[dream]"),
    (["--promote-at", "0"], "", "--promote-at", "[dream]"),
    (["--prune-after", "-3"], "", "--prune-after", "summary_messages"),
    # a bad config.toml value is named as the key, not as a flag that was never given
    ([], '[dream]\nif_idle = "forever"\n', "[dream] if_idle", "--if-idle"),
    ([], "[dream]\nbudget = 0\n", "[dream] budget", "--budget"),
])
def test_dream_names_where_a_bad_setting_came_from(ready, home, args, config, names, blames):
    (home / "config.toml").write_text(config)
    result = ready("shelldon-dream", "--if-idle", "0", *args) if not config else ready("shelldon-dream", *args)
    err = result.stderr.decode()
    assert result.returncode == (2 if args else 65), err   # a flag is a usage error, the file bad input
    assert names in err and blames not in err, err


def test_prune_names_a_bad_config_size_as_the_config_key(ready, home):
    (home / "config.toml").write_text('[prune]\nmax_bytes = "lots"\n')
    result = ready("shelldon-prune")
    err = result.stderr.decode()
    assert result.returncode == 65, err
    assert "[prune] max_bytes" in err and "--max-bytes" not in err, err
    result = ready("shelldon-prune", "--max-bytes", "10X")
    assert result.returncode == 2 and b"--max-bytes" in result.stderr, result.stderr


@pytest.mark.parametrize("where", ["", "memory", "raw"])
def test_init_says_what_is_wrong_when_a_home_path_is_a_file(stage, home, where):
    # Before: "shelldon-init: /…: File exists", exit 1 — after shelldon-status had said
    # "no shelldon home …: run shelldon-init first".
    if where:
        home.mkdir()
    (home / where if where else home).write_text("not a directory\n")
    result = stage("shelldon-init")
    err = result.stderr.decode()
    assert result.returncode == 65, err
    assert err.count("\n") == 1 and "not a directory" in err and "File exists" not in err, err


@pytest.mark.parametrize("key", ["recent", "recall", "collections_bytes", "prompt_bytes"])
def test_a_negative_bound_in_config_is_refused_by_name(ready, home, key):
    # Before: accepted silently (and read as 0), though config.toml's typos are errors.
    (home / "config.toml").write_text(f"[bounds]\n{key} = -5\n")
    result = ready("shelldon-assemble", "hello")
    err = result.stderr.decode()
    assert result.returncode == 65, err
    assert f"[bounds]: {key}" in err and err.count("\n") == 1, err
