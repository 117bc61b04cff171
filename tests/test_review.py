"""Review mode end to end: with `[memory] review`, what a brain proposes to write waits
as a candidate (the reply says so) until the owner runs shelldon-review --accept; a
declined one never lands; one whose file changed since it was proposed is refused;
candidates expire; owner tools are never candidates. Through shelldon-turn, the by-hand
pipe, the dream and the launcher."""
import json
from datetime import datetime, timedelta, timezone

import pytest

from conftest import db_rows
from test_launcher import init, launcher, say

MAREN = "memory/people/maren.md"


def review_on(home, value="true", extra=""):
    (home / "config.toml").write_text(f"[memory]\nreview = {value}\n{extra}")


def listed(ready, *args, env=None):
    result = ready("shelldon-review", "--json", *args, env=env)
    return result, [json.loads(line) for line in result.stdout.decode().splitlines()]


def test_a_turns_remember_lands_only_after_accept(ready, home):
    review_on(home)
    result = ready("shelldon-turn", "my brother Maren moved to Lyon")
    assert result.returncode == 0, result.stderr
    reply = result.stdout.decode().strip()
    assert reply.endswith("Waiting for your review: people/maren.md — shelldon-review.")
    assert "Saved" not in reply and not (home / MAREN).exists()
    _, (cand,) = listed(ready)
    assert cand["status"] == "candidate" and cand["path"] == MAREN and cand["op"] == "remember"
    assert "review     1 candidate(s) waiting" in ready("shelldon-status").stdout.decode()
    assert cand["changed_since"] is False and "+my brother Maren moved to Lyon" in cand["diff"]
    assert cand["diff"].startswith("--- /dev/null\n+++ b/memory/people/maren.md")
    text = ready("shelldon-review").stdout.decode()
    assert f"candidate {cand['id']}  remember people/maren.md" in text and "+my brother Maren" in text
    done, (accepted,) = listed(ready, "--accept", cand["id"])
    assert done.returncode == 0, done.stderr
    assert accepted["status"] == "accepted" and accepted["applied_as"].startswith("review-")
    assert "my brother Maren moved to Lyon" in (home / MAREN).read_text()
    assert db_rows(home, "SELECT status FROM journal WHERE id = ?", (cand["id"],)) == [("accepted",)]
    assert db_rows(home, "SELECT status, path FROM journal WHERE turn_id = ?", (accepted["applied_as"],)) \
        == [("applied", MAREN)]
    assert listed(ready)[1] == []
    again, _ = listed(ready, "--accept", cand["id"])
    assert again.returncode == 65 and b"not waiting for review: it is accepted" in again.stderr


def test_a_rejected_candidate_never_lands(ready, home):
    review_on(home)
    ready("shelldon-turn", "my brother Maren moved to Lyon")
    _, (cand,) = listed(ready)
    done, (declined,) = listed(ready, "--reject", cand["id"])
    assert done.returncode == 0 and declined["status"] == "declined"
    assert not (home / MAREN).exists() and listed(ready)[1] == []
    assert listed(ready, "--accept", cand["id"])[0].returncode == 65
    assert not (home / MAREN).exists()


def test_an_accepted_candidate_whose_file_was_edited_since_is_refused(ready, home):
    assert ready("shelldon-turn", "my brother Maren moved to Lyon").returncode == 0   # review off: saved
    review_on(home)
    ready("shelldon-turn", "my brother Maren works at the harbour")
    _, (cand,) = listed(ready)
    assert "+my brother Maren works at the harbour" in cand["diff"]
    path = home / MAREN
    path.write_text(path.read_text() + "Maren sings in a choir.\n")      # the owner, by hand
    edited = path.read_bytes()
    _, (shown,) = listed(ready)
    assert shown["changed_since"] is True and "changed since" in shown["reason"]
    done, (refused,) = listed(ready, "--accept", cand["id"])
    assert done.returncode == 65 and refused["status"] == "refused" and "changed since" in refused["reason"]
    assert path.read_bytes() == edited
    assert listed(ready)[1][0]["status"] == "candidate"      # still there: decline it, or say it again


def test_accept_all_and_per_collection_scopes(ready, home):
    review_on(home, '["people"]')
    reply = ready("shelldon-turn", "my dog Rex is four years old").stdout.decode()
    assert "Saved: facts/rex.md." in reply          # facts are not reviewed here
    ready("shelldon-turn", "my brother Maren moved to Lyon")
    ready("shelldon-turn", "my sister Ana moved to Porto")
    _, waiting = listed(ready)
    assert sorted(c["path"] for c in waiting) == ["memory/people/ana.md", MAREN]
    done, accepted = listed(ready, "--accept", "--all")
    assert done.returncode == 0 and [c["status"] for c in accepted] == ["accepted", "accepted"]
    assert (home / MAREN).exists() and (home / "memory/people/ana.md").exists()


def test_candidates_expire(ready, home):
    review_on(home, "true", "review_expire_days = 3\n")
    ready("shelldon-turn", "my brother Maren moved to Lyon")   # journalled at the core's real time
    later = [{"SHELLDON_NOW": (datetime.now(timezone.utc) + timedelta(days=d)).isoformat()} for d in (2, 4)]
    _, (cand,) = listed(ready, env=later[0])
    assert cand["status"] == "candidate"
    _, (gone,) = listed(ready, env=later[1])
    assert gone["status"] == "expired" and "3 days" in gone["reason"]
    assert listed(ready)[1] == [] and not (home / MAREN).exists()


def test_owner_tools_are_not_candidates(ready, home):
    review_on(home)
    op = {"op": "remember", "collection": "people", "name": "Maren", "content": "Maren lives in Lyon."}
    result = ready("shelldon-apply", input=json.dumps(op) + "\n")       # a bare ops file: the owner's
    assert result.returncode == 0, result.stderr and (home / MAREN).exists()
    assert ready("shelldon-forget", "people", "Maren").returncode == 0
    assert listed(ready)[1] == []


def test_the_pipe_and_the_dream_propose_candidates(ready, home):
    review_on(home)
    piped = ready("shelldon-assemble", "my brother Maren moved to Lyon")
    thought = ready("shelldon-think", input=piped.stdout)
    applied = ready("shelldon-apply", input=thought.stdout)
    assert applied.returncode == 0, applied.stderr
    assert "Waiting for your review: people/maren.md" in json.loads(applied.stdout)["reply"]
    assert not (home / MAREN).exists()
    tea = "The owner likes green tea"
    for _ in range(3):
        assert ready("shelldon-capture", "--key", "pref:tea", tea).returncode == 0
    dreamt = ready("shelldon-dream", "--if-idle", "0")
    assert dreamt.returncode == 0, dreamt.stderr
    assert "waiting for review (shelldon-review):" in dreamt.stdout.decode()
    assert not list((home / "memory/preferences").glob("*.md"))
    _, waiting = listed(ready)
    assert {c["path"].split("/")[1] for c in waiting} == {"people", "preferences"}


@pytest.mark.parametrize("value", ['"yes"', '["pets"]', "1"])
def test_a_bad_review_setting_is_refused_by_name(ready, home, value):
    review_on(home, value)
    result = ready("shelldon-turn", "my brother Maren moved to Lyon")
    assert result.returncode == 65 and b"[memory] review" in result.stderr
    assert not (home / MAREN).exists()


def test_usage(ready):
    assert ready("shelldon-review", "3").returncode == 2
    assert ready("shelldon-review", "--accept").returncode == 2
    assert ready("shelldon-review", "--accept", "--reject", "1").returncode == 2
    assert ready("shelldon-review", "--accept", "nine").returncode == 2
    assert ready("shelldon-review", "--accept", "99").returncode == 65
    assert ready("shelldon-review").stdout == b"nothing waiting for review\n"


def test_the_launcher_holds_a_candidate(tmp_path):
    home = init(tmp_path / "home")
    review_on(home)
    daemon = launcher(home)
    try:
        said = say(home, "my brother Maren moved to Lyon")
        assert said.returncode == 0, said.stderr
        assert "Waiting for your review: people/maren.md — shelldon-review." in said.stdout
        assert not (home / MAREN).exists()
    finally:
        daemon.stop()
