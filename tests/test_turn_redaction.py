"""Both halves of a turn pass the same gate (issue 19, hole 9): a reply that repeats the
owner's secret in other words is redacted in history, raw/ and recall as the owner's
message is — through shelldon-turn, shelldon-ingest and the launcher."""
import subprocess
import sys

from conftest import BIN, db_rows
from daemons import Daemon

SECRET = "hunter2hunter2"
SAID = f"remember that my wifi password is {SECRET}"


def _kept_anywhere(home) -> list[str]:
    """Every file of the home (history.db and its WAL as bytes) that still holds the secret."""
    return [str(p.relative_to(home)) for p in home.rglob("*") if p.is_file() and SECRET.encode() in p.read_bytes()]


def _recall(ready):
    found = ready("shelldon-recall", SECRET)
    return found.stdout.decode() + found.stderr.decode()


def test_shelldon_turn_redacts_the_reply_that_quotes_the_secret(ready, home):
    result = ready("shelldon-turn", SAID)
    assert result.returncode == 0, result.stderr
    assert SECRET.encode() in result.stdout   # the owner is still answered in full
    (owner,), (pet,) = db_rows(home, "SELECT content FROM messages ORDER BY id")
    assert owner == "remember that my wifi password is [redacted:password]"
    assert "[redacted:password]" in pet and SECRET not in pet
    assert _kept_anywhere(home) == [] and SECRET not in _recall(ready)


def test_shelldon_ingest_redacts_the_owner_secret_where_the_pet_repeats_it(ready, home):
    reply = f"Okay: wifi password {SECRET}, noted (that is {SECRET})."
    result = ready("shelldon-ingest", "--owner", f"my wifi password is {SECRET}", "--pet", reply)
    assert result.returncode == 0, result.stderr
    assert db_rows(home, "SELECT content FROM messages WHERE role = 'pet'") == [
        ("Okay: wifi password [redacted:password], noted (that is [redacted:password]).",)]
    # the same turn again is a retry, not another message under its id
    turn_id = db_rows(home, "SELECT turn_id FROM messages LIMIT 1")[0][0]
    again = ready("shelldon-ingest", input=f'{{"turn_id": "{turn_id}", "owner": "my wifi password is {SECRET}", '
                                           f'"reply": "{reply}"}}\n')
    assert again.returncode == 0, again.stderr
    assert _kept_anywhere(home) == [] and SECRET not in _recall(ready)


def test_the_launcher_records_both_halves_redacted(ready, home):
    daemon = Daemon("shelldon-launcherd", "--home", home, socket_path=home / "run/shelldon.sock")
    try:
        said = subprocess.run([sys.executable, str(BIN / "shelldon-say"), "--home", str(home), SAID],
                              capture_output=True, timeout=120)
    finally:
        log = daemon.stop()
    assert said.returncode == 0, said.stderr
    assert db_rows(home, "SELECT count(*) FROM messages") == [(2,)]
    assert SECRET not in log
    assert _kept_anywhere(home) == [] and SECRET not in _recall(ready)


def test_a_rejected_op_keeps_no_secret_another_field_gave_away(ready, home):
    """The journal's args are redacted as one: a name that repeats the content's password."""
    op = ('{"op": "remember", "collection": "facts", "name": "wifi ' + SECRET + '", '
          '"content": "my wifi password is ' + SECRET + '"}\n')
    assert ready("shelldon-apply", "--turn-id", "t", input=op).returncode == 65
    assert _kept_anywhere(home) == []
