"""shelldon-dream, the real script: gates, the offline policy, a model over loopback, refusals."""
import json
from datetime import datetime, timedelta, timezone


from conftest import db_rows, tree_snapshot
from shelldon.contracts.ops import decode_op
from shelldon.util.lock import file_lock

TEA = "The owner loves green tea."


def iso(when: datetime) -> str:
    return when.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


def later(**delta) -> str:
    return iso(datetime.now(timezone.utc) + timedelta(**delta))


def capture(stage, observation, key=None, times=1):
    for _ in range(times):
        args = ("--key", key) if key else ()
        result = stage("shelldon-capture", *args, observation)
        assert result.returncode == 0, result.stderr


def state(home):
    """Everything a dream could write: the curated tree, and the rows of every table."""
    tables = {t: db_rows(home, f"SELECT * FROM {t} ORDER BY 1")
              for t in ("messages", "learnings", "journal", "budget", "meta")}
    return tree_snapshot(home / "memory"), tables


def statuses(home):
    return dict(db_rows(home, "SELECT id, status FROM learnings"))


def dream_journal(home):
    return db_rows(home, "SELECT seq, op, status, reason FROM journal WHERE turn_id LIKE 'dream-%' ORDER BY seq")


# -- nothing to do -------------------------------------------------------------------

def test_no_pending_learnings_never_calls_the_brain(ready, home, fake_model):
    before = state(home)
    result = ready("shelldon-dream", "--if-idle", "0", "--brain", "openai", "--brain-url", fake_model.openai_url)
    assert result.returncode == 0, result.stderr
    assert b"no pending learnings" in result.stderr
    assert fake_model.requests == []
    assert state(home) == before                 # nothing spent, nothing written
    # the same with a learning that is already resolved
    capture(ready, "seen once", key="k")
    ready("shelldon-apply", input='{"op":"resolve_learning","id":1,"status":"pruned"}\n')
    result = ready("shelldon-dream", "--if-idle", "0", "--brain", "ollama", "--brain-url", fake_model.ollama_url)
    assert result.returncode == 0 and fake_model.requests == []


# -- the offline policy ----------------------------------------------------------------

def test_rules_dream_promotes_prunes_and_leaves(ready, home):
    ready("shelldon-ingest", "--owner", "I had a lovely walk by the river", "--pet", "nice")
    capture(ready, TEA, key="pref:tea", times=3)
    capture(ready, "The owner works night shifts.", key="topic:shifts", times=4)
    capture(ready, "The owner mentioned a dentist.")                     # once: pruned when old
    capture(ready, "The owner talks about kites.", key="topic:kites", times=2)   # recurring: left
    when = later(days=40)
    result = ready("shelldon-dream", env={"SHELLDON_NOW": when, "TZ": "UTC"})
    assert result.returncode == 0, result.stderr
    line = result.stdout.decode()
    assert line.count("\n") == 1 and line.startswith("dreamt (dream-")
    assert "promoted 2, pruned 1, left 1; wrote facts/shifts.md, preferences/tea.md; summary rewritten" in line
    assert statuses(home) == {1: "promoted", 2: "promoted", 3: "pruned", 4: "pending"}
    tea = (home / "memory/preferences/tea.md").read_text()
    assert tea.startswith('---\nname: tea\ncollection: preferences\n') and tea.endswith(f"---\n\n{TEA}\n")
    assert "\nsource: dream-" in tea
    assert "The owner works night shifts." in (home / "memory/facts/shifts.md").read_text()
    summary = (home / "memory/summary.md").read_text()
    assert "I had a lovely walk by the river" in summary
    # every op journalled under one dream turn id, all applied
    turn_ids = {r[0] for r in db_rows(home, "SELECT turn_id FROM journal WHERE turn_id LIKE 'dream-%'")}
    assert len(turn_ids) == 1 and turn_ids.pop() in line
    assert [(op, status) for _, op, status, _ in dream_journal(home)] == [
        ("remember", "applied"), ("resolve_learning", "applied"), ("remember", "applied"),
        ("resolve_learning", "applied"), ("resolve_learning", "applied"), ("rewrite_summary", "applied")]
    # the dream cost 3 on its (injected) day, the ingested turn 1 on today's
    assert (when[:10], 3) in db_rows(home, "SELECT day, spent FROM budget")


def test_a_promotion_the_tree_already_holds_says_where_and_writes_nothing(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=json.dumps(
        {"op": "remember", "collection": "preferences", "name": "green tea", "content": TEA}) + "\n")
    capture(ready, TEA, key="pref:tea", times=3)
    before = tree_snapshot(home / "memory/preferences")
    result = ready("shelldon-dream", "--if-idle", "0")
    assert result.returncode == 0, result.stderr
    assert "promoted 1, pruned 0, left 0; already in memory: preferences/green-tea.md" in result.stdout.decode()
    assert "wrote" not in result.stdout.decode()
    assert tree_snapshot(home / "memory/preferences") == before and statuses(home) == {1: "promoted"}


def test_promote_at_and_prune_after_flags(ready, home):
    capture(ready, "The owner plays chess.", key="chess", times=2)
    capture(ready, "The owner mentioned a plumber.")
    result = ready("shelldon-dream", "--if-idle", "0", "--promote-at", "2", "--prune-after", "0",
                   env={"SHELLDON_NOW": later(days=1)})
    assert result.returncode == 0, result.stderr
    assert statuses(home) == {1: "promoted", 2: "pruned"}
    assert (home / "memory/facts/chess.md").exists()


def test_pruned_learning_that_recurs_is_reconsidered(ready, home):
    capture(ready, "The owner mentioned origami.", key="origami")
    env = {"SHELLDON_NOW": later(days=40)}
    assert ready("shelldon-dream", env=env).returncode == 0
    assert statuses(home) == {1: "pruned"}
    capture(ready, "The owner folds origami cranes.", key="origami")       # recurs: pending again
    assert db_rows(home, "SELECT status, recurrence_count FROM learnings") == [("pending", 2)]
    result = ready("shelldon-dream", "--dry-run", env=env)
    assert result.returncode == 0 and b'"id": 1' not in result.stdout  # seen twice, young: left alone
    capture(ready, "The owner folds origami cranes.", key="origami")
    result = ready("shelldon-dream", env=env)
    assert result.returncode == 0, result.stderr
    assert "promoted 1" in result.stdout.decode()
    assert statuses(home) == {1: "promoted"}
    assert "The owner folds origami cranes." in (home / "memory/facts/origami.md").read_text()


def test_dry_run_prints_ops_and_writes_nothing(ready, home):
    capture(ready, TEA, key="pref:tea", times=3)
    before = state(home)
    result = ready("shelldon-dream", "--if-idle", "0", "--dry-run")
    assert result.returncode == 0, result.stderr
    ops = [json.loads(line) for line in result.stdout.decode().splitlines()]
    for line in result.stdout.decode().splitlines():
        decode_op(line)
    assert ops == [{"op": "remember", "collection": "preferences", "name": "tea", "content": TEA},
                   {"op": "resolve_learning", "id": 1, "status": "promoted"}]
    assert state(home) == before


def test_nothing_new_since_the_last_dream_is_not_dreamt_again(ready, home):
    capture(ready, "The owner talks about kites.", key="kites", times=2)
    t0 = {"SHELLDON_NOW": later()}            # both dreams on one day, whatever the hour
    assert ready("shelldon-dream", "--if-idle", "0", env=t0).returncode == 0
    before = state(home)
    again = ready("shelldon-dream", "--if-idle", "0", env=t0)
    assert again.returncode == 0 and b"nothing new since the last dream" in again.stderr
    assert state(home) == before
    # the next day it is looked at again (time alone can make a learning prunable)
    assert ready("shelldon-dream", "--if-idle", "0", env={"SHELLDON_NOW": later(days=1)}).stdout.startswith(b"dreamt")
    capture(ready, "The owner talks about kites.", key="kites")
    assert b"promoted 1" in ready("shelldon-dream", "--if-idle", "0", env={"SHELLDON_NOW": later(days=1)}).stdout


def test_learnings_beyond_the_bounds_are_dreamt_next_time(ready, home):
    for key in ("bees", "chess", "kites"):
        capture(ready, f"The owner keeps talking about {key}.", key=key, times=3)
    first = ready("shelldon-dream", "--if-idle", "0", "--max-learnings", "2")
    assert b"promoted 2, pruned 0, left 1" in first.stdout, first.stderr
    second = ready("shelldon-dream", "--if-idle", "0", "--max-learnings", "2")   # nothing new, but unseen
    assert b"promoted 1, pruned 0, left 0" in second.stdout, second.stderr
    third = ready("shelldon-dream", "--if-idle", "0", "--max-learnings", "2")
    assert third.returncode == 0 and b"no pending learnings" in third.stderr


def test_offline_policy_prunes_stale_learnings_the_bounds_hide(ready, home):
    for key in ("bees", "chess", "kites"):
        capture(ready, f"The owner mentions {key} now and then.", key=key, times=2)   # stuck: never 3
    capture(ready, "The owner mentioned a dentist.")
    env = {"SHELLDON_NOW": later(days=40)}
    first = ready("shelldon-dream", "--max-learnings", "2", env=env)
    assert b"promoted 0, pruned 1, left 3" in first.stdout, first.stderr
    assert statuses(home)[4] == "pruned"
    # what is left, it has seen: the next dream does not run again (no budget burnt every 30 minutes)
    before = state(home)
    again = ready("shelldon-dream", "--max-learnings", "2", env=env)
    assert again.returncode == 0 and b"nothing new since the last dream" in again.stderr
    assert state(home) == before


# -- gates -----------------------------------------------------------------------------

def test_idle_gate(ready, home):
    capture(ready, TEA, key="pref:tea", times=3)
    ready("shelldon-ingest", "--owner", "good evening", "--pet", "hi")
    before = state(home)
    result = ready("shelldon-dream")                                    # default: 6h of silence
    assert result.returncode == 75
    assert result.stderr.decode().startswith("shelldon-dream: gate idle: the owner spoke ")
    assert result.stderr.count(b"\n") == 1 and result.stdout == b""
    assert state(home) == before
    result = ready("shelldon-dream", "--if-idle", "30m", env={"SHELLDON_NOW": later(minutes=20)})
    assert result.returncode == 75 and b"gate idle" in result.stderr
    (home / "config.toml").write_text('[dream]\nif_idle = "10m"\n')
    result = ready("shelldon-dream", env={"SHELLDON_NOW": later(minutes=20)})
    assert result.returncode == 0, result.stderr
    assert statuses(home) == {1: "promoted"}


def test_budget_gate_and_its_daily_reset(ready, home):
    capture(ready, TEA, key="pref:tea", times=3)
    day1 = "2001-01-01T12:00:00Z"
    env = {"SHELLDON_NOW": day1, "TZ": "UTC"}
    # spend 198 of day 1's 200 as 198 turns would
    turns = "".join(json.dumps({"turn_id": f"t{n}", "owner": f"message {n}", "reply": "ok"}) + "\n" for n in range(2))
    assert ready("shelldon-ingest", input=turns).returncode == 0
    import sqlite3
    conn = sqlite3.connect(home / "history.db")
    conn.execute("INSERT INTO budget (day, spent) VALUES ('2001-01-01', 198)")
    conn.commit()
    conn.close()
    before = state(home)
    result = ready("shelldon-dream", "--if-idle", "0", env=env)
    assert result.returncode == 75
    assert result.stderr == b"shelldon-dream: gate budget: 198 of today's 200 turns spent (2001-01-01); a dream costs 3\n"
    assert state(home) == before
    assert ready("shelldon-dream", "--if-idle", "0", "--budget", "201", env=env).returncode == 0
    assert db_rows(home, "SELECT spent FROM budget WHERE day = '2001-01-01'") == [(201,)]
    capture(ready, "The owner keeps bees.", key="bees", times=3)
    assert ready("shelldon-dream", "--if-idle", "0", "--budget", "201", env=env).returncode == 75
    # the next day the budget is whole again
    result = ready("shelldon-dream", "--if-idle", "0", env={"SHELLDON_NOW": "2001-01-02T00:30:00Z", "TZ": "UTC"})
    assert result.returncode == 0, result.stderr
    assert db_rows(home, "SELECT day, spent FROM budget WHERE day LIKE '2001%' ORDER BY day") == [
        ("2001-01-01", 201), ("2001-01-02", 3)]


def test_lock_gate_second_dream_exits_75_at_once(ready, home):
    capture(ready, TEA, key="pref:tea", times=3)
    before = state(home)
    lock = file_lock(str(home / "run" / "dream.lock"), timeout=0)
    lock.acquire()
    try:
        # a long write-lock timeout: were the dream lock waited for, this would hang past the test's timeout
        result = ready("shelldon-dream", "--if-idle", "0", env={"SHELLDON_LOCK_TIMEOUT": "600"}, timeout=30)
        quiet = ready("shelldon-dream", "--if-idle", "0", "--quiet", timeout=30)
    finally:
        lock.release()
    assert result.returncode == 75 and b"gate lock: another dream holds" in result.stderr
    assert quiet.returncode == 75 and quiet.stderr == b"" and quiet.stdout == b""
    assert state(home) == before
    assert ready("shelldon-dream", "--if-idle", "0").returncode == 0


def test_write_lock_busy_exits_75_and_spends_nothing(ready, home):
    capture(ready, TEA, key="pref:tea", times=3)
    before = state(home)
    lock = file_lock(str(home / "run" / "write.lock"), timeout=0)
    lock.acquire()
    try:
        result = ready("shelldon-dream", "--if-idle", "0", env={"SHELLDON_LOCK_TIMEOUT": "0.2"})
    finally:
        lock.release()
    assert result.returncode == 75
    assert state(home) == before


def test_bad_settings(ready, home, stage):
    assert ready("shelldon-dream", "--if-idle", "soon").returncode == 2   # a flag: click's usage error
    assert ready("shelldon-dream", "--budget", "0").returncode == 2
    (home / "config.toml").write_text("[dream]\nif_idel = \"1h\"\n")
    result = ready("shelldon-dream")
    assert result.returncode == 65 and b"if_idel" in result.stderr
    nowhere = stage("shelldon-dream", env={"SHELLDON_HOME": str(home.parent / "nowhere")})
    assert nowhere.returncode == 69


# -- a model brain over loopback --------------------------------------------------------

def ops_reply(*ops, note="Tidied my thoughts."):
    return note + "\n\n```ops\n" + "\n".join(op if isinstance(op, str) else json.dumps(op) for op in ops) + "\n```\n"


def test_model_dream_applies_the_valid_and_journals_the_refused(ready, home, fake_model):
    capture(ready, TEA, key="pref:tea", times=3)
    capture(ready, "The owner mentioned a dentist.")          # pending, but not shown (--max-learnings 1)
    fake_model.reply = ops_reply(
        {"op": "remember", "collection": "preferences", "name": "green tea", "content": "Loves green tea."},
        {"op": "resolve_learning", "id": 1, "status": "promoted"},
        {"op": "resolve_learning", "id": 1, "status": "pruned"},          # already resolved: a no-op
        {"op": "resolve_learning", "id": 999, "status": "pruned"},        # hallucinated id
        {"op": "resolve_learning", "id": 2, "status": "pruned"},          # real, but not shown
        {"op": "capture_learning", "observation": "dreams are fun"},      # not a dream op
        {"op": "log_episode", "content": "I dreamt"},                     # not a dream op
        {"op": "resolve_learning", "id": 1, "status": "forgotten"},       # bad status
        {"op": "delete_everything"},                                      # unknown op
        {"op": "rewrite_summary", "content": "We talked about tea."})
    result = ready("shelldon-dream", "--if-idle", "0", "--max-learnings", "1",
                   "--brain", "openai", "--brain-url", fake_model.openai_url)
    assert result.returncode == 0, result.stderr
    assert len(fake_model.requests) == 1
    prompt = fake_model.requests[0]["body"]["messages"][-1]["content"]
    assert f"- [id=1] {TEA} (seen 3×)" in prompt and "[id=2]" not in prompt
    assert "promoted 1, pruned 0, left 1; wrote preferences/green-tea.md; summary rewritten; refused 6" \
        in result.stdout.decode()
    assert statuses(home) == {1: "promoted", 2: "pending"}
    assert (home / "memory/preferences/green-tea.md").read_text().endswith("---\n\nLoves green tea.\n")
    assert "We talked about tea." in (home / "memory/summary.md").read_text()
    rows = dream_journal(home)
    assert [(op, status) for _, op, status, _ in rows] == [
        ("remember", "applied"), ("resolve_learning", "applied"), ("resolve_learning", "noop"),
        ("resolve_learning", "rejected"), ("resolve_learning", "rejected"), ("capture_learning", "rejected"),
        ("log_episode", "rejected"), ("rewrite_summary", "applied"),
        ("resolve_learning", "rejected"), ("delete_everything", "rejected")]
    reasons = [reason for _, _, status, reason in rows if status == "rejected"]
    assert "learning 999 was not among this dream's learnings" in reasons
    assert "learning 2 was not among this dream's learnings" in reasons
    assert any("capture_learning is not a dream op" in r for r in reasons)
    assert any("forgotten" in r for r in reasons) and any("unknown op" in r for r in reasons)
    assert db_rows(home, "SELECT count(*) FROM learnings") == [(2,)]    # the refused capture wrote nothing


def test_model_dream_with_ollama_and_dry_run(ready, home, fake_model):
    capture(ready, TEA, key="pref:tea", times=3)
    fake_model.reply = ops_reply({"op": "resolve_learning", "id": 1, "status": "pruned"})
    before = state(home)
    args = ("--if-idle", "0", "--brain", "ollama", "--brain-url", fake_model.ollama_url)
    result = ready("shelldon-dream", "--dry-run", *args)
    assert result.returncode == 0, result.stderr
    assert result.stdout == b'{"op": "resolve_learning", "id": 1, "status": "pruned"}\n'
    assert state(home) == before and fake_model.requests[0]["path"] == "/api/chat"
    result = ready("shelldon-dream", *args)
    assert result.returncode == 0 and statuses(home) == {1: "pruned"}
    assert b"promoted 0, pruned 1, left 0" in result.stdout


def test_model_failure_exits_75_and_writes_nothing(ready, home, fake_model):
    capture(ready, TEA, key="pref:tea", times=3)
    fake_model.status = 500
    before = state(home)
    result = ready("shelldon-dream", "--if-idle", "0", "--brain", "openai", "--brain-url", fake_model.openai_url)
    assert result.returncode == 75
    assert b"brain failed" in result.stderr and b"server error 500" in result.stderr
    assert state(home) == before
    fake_model.status = 200
    fake_model.reply = "I have nothing to change."                  # no ops block at all
    result = ready("shelldon-dream", "--if-idle", "0", "--brain", "openai", "--brain-url", fake_model.openai_url)
    assert result.returncode == 0 and b"promoted 0, pruned 0, left 1" in result.stdout
    # a dream that ran but changed nothing still cost its 3, and is not asked again until something changes
    assert db_rows(home, "SELECT sum(spent) FROM budget") == [(3,)]
    count = len(fake_model.requests)
    assert ready("shelldon-dream", "--if-idle", "0", "--brain", "openai",
                 "--brain-url", fake_model.openai_url).returncode == 0
    assert len(fake_model.requests) == count


def test_a_hand_edit_holds_back_the_promotion(ready, home):
    """The owner's hand-made file wins; the learning is not marked promoted, so it comes back."""
    capture(ready, TEA, key="pref:tea", times=3)
    (home / "memory/preferences/tea.md").write_text("I only drink tea on Sundays. (the owner)\n")
    result = ready("shelldon-dream", "--if-idle", "0")
    assert result.returncode == 0, result.stderr
    assert (home / "memory/preferences/tea.md").read_text() == "I only drink tea on Sundays. (the owner)\n"
    assert statuses(home) == {1: "pending"}
    journal = [(op, status) for _, op, status, _ in dream_journal(home)]
    assert ("remember", "conflict") in journal and ("resolve_learning", "rejected") in journal
    assert b"promoted 0" in result.stdout
