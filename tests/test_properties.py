"""Hostile input, as properties (hypothesis): the op decoder, the turn-record reader, the
slug function, the FTS query builder, the markdown reader, the secret and poison gates, and
the reply's ops-block parser once it lands. None raises anything its contract does not name.

The bodies are fuzz/targets.py, the same ones atheris runs under `make torture`.
HYPOTHESIS_PROFILE=torture runs 20x the examples.
"""
import json
import os
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT

sys.path.insert(0, str(ROOT / "fuzz"))
import targets  # noqa: E402

settings.register_profile("ci", max_examples=300, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("torture", max_examples=6000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

json_scalars = st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70) | st.floats() | st.text(max_size=50)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=5)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=5), max_leaves=20)
op_names = st.sampled_from(["rewrite_about", "remember", "log_episode", "rewrite_summary",
                            "capture_learning", "resolve_learning", "delete_everything", ""])
field_names = st.sampled_from(["content", "collection", "name", "tags", "observation", "pattern_key",
                               "id", "status", "op", "extra"])
op_like = st.builds(lambda name, fields: {"op": name, **fields}, op_names,
                    st.dictionaries(field_names, json_values | st.sampled_from(["facts", "people", "pruned"]), max_size=4))
hostile_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=300) | st.sampled_from([
    '"', "\\", "AND OR NOT", "NEAR(a b)", "col:term", "*", "^x", "-", "(", ")", "'", "\x00", "\u2028",
    "../../etc/passwd", "con", "…", "ǅ", "İ", "ﬁ", "\U0001F600" * 10, "a" * 500, "_ _", "x_ y"])


def _bytes(value) -> bytes:
    return value if isinstance(value, bytes) else json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


@given(st.binary(max_size=400) | op_like.map(_bytes) | json_values.map(_bytes))
def test_op_decoder(data):
    targets.op_decoder(data)


@given(st.binary(max_size=400) | st.builds(
    lambda turn_id, owner, reply, ops: json.dumps({"turn_id": turn_id, "owner": owner, "reply": reply, "ops": ops}),
    st.text(max_size=70) | st.just("t1"), hostile_text, hostile_text | st.none(),
    st.lists(op_like | json_values, max_size=3) | json_values).map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_turn_reader(data):
    targets.turn_reader(data)


@given(hostile_text.map(lambda s: s.encode("utf-8", "surrogatepass")) | st.binary(max_size=200))
def test_slug(data):
    targets.slug(data)


@given(hostile_text.map(lambda s: s.encode("utf-8", "surrogatepass")) | st.binary(max_size=200))
def test_fts_query_builder(data):
    targets.fts_query(data)


@given(hostile_text.map(lambda s: s.encode("utf-8", "surrogatepass"))
       | st.text(alphabet="AKIASghp_xoxb-sk-eyJ.=:/@ password 0123456789abcdefXYZ", max_size=120).map(str.encode))
def test_secrets_gate(data):
    targets.secrets_gate(data)


@given(hostile_text.map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_poison_gate(data):
    targets.poison_gate(data)


@given(hostile_text.map(lambda s: s.encode("utf-8", "surrogatepass")) | st.binary(max_size=200))
def test_markdown_reader(data):
    targets.markdown_reader(data)


@pytest.mark.skipif(targets.missing("reply_ops") is not None, reason=str(targets.missing("reply_ops")))
@given(st.builds(lambda before, lines, after: f"{before}\n```ops\n" + "\n".join(lines) + f"\n```\n{after}",
                 hostile_text, st.lists(op_like.map(json.dumps) | hostile_text, max_size=4), hostile_text)
       .map(lambda s: s.encode("utf-8", "surrogatepass")) | st.binary(max_size=300))
def test_reply_ops_parser(data):
    targets.reply_ops(data)


def test_slug_collapses_mixed_runs():
    """Found by fuzzing: '_' next to other non-word characters made '--'."""
    from shelldon.util.slug import slugify
    assert slugify("Ana_ Silva") == slugify("Ana Silva") == "ana-silva"


def test_header_survives_unicode_line_separators():
    """Found by fuzzing: a name with U+0085 or U+2028 did not read back (splitlines)."""
    from shelldon.contracts.markdown import parse_document, render_document
    meta = {"name": "Ana\x85\u2028Silva", "collection": "people", "created": "a", "updated": "a", "source": "t"}
    assert parse_document(render_document(meta, "body"))[0] == meta


# -- what goes into the prompt (issue 21): no ordering or staleness rule drops the three ------

_PROMPT_FILES = {"DIRECTIVE.md": "DIRECTIVE-MARK never lie", "about.md": "ABOUT-MARK a small pet",
                 "summary.md": "SUMMARY-MARK we talked about boats"}
# headers a person might give them: none of these may make them step out
_THEIR_HEADERS = st.sampled_from(["", "expires: 2001-01-01\n", "ttl_days: 0\nupdated: 1999-01-01\n",
                                  "pinned: false\nupdated: 1970-01-01\n", "forgotten: false\n"])
_item = st.fixed_dictionaries({
    "pinned": st.booleans(), "expires": st.none() | st.integers(-400, 400), "ttl": st.none() | st.integers(0, 60),
    "updated": st.integers(-900, 0), "hits": st.integers(0, 50), "used": st.integers(-900, 0),
    "size": st.integers(0, 3000)})


@pytest.fixture(scope="module")
def standing_home(tmp_path_factory):
    import subprocess
    from conftest import BIN
    home = tmp_path_factory.mktemp("standing") / "shelldon"
    done = subprocess.run([sys.executable, str(BIN / "shelldon-init")], capture_output=True,
                          env={**os.environ, "SHELLDON_HOME": str(home)})
    assert done.returncode == 0, done.stderr
    return home


@settings(max_examples=25 if os.environ.get("HYPOTHESIS_PROFILE") != "torture" else 500, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(items=st.lists(_item, max_size=25), headers=st.lists(_THEIR_HEADERS, min_size=3, max_size=3),
       stale_days=st.sampled_from([0, 1, 30, 180]), budget=st.integers(0, 8 * 1024),
       named=st.integers(0, 30), later=st.integers(0, 1000))
def test_no_ordering_or_staleness_rule_drops_the_directive_about_or_summary(
        standing_home, items, headers, stale_days, budget, named, later):
    from datetime import datetime, timedelta, timezone

    from shelldon.config import Bounds
    from shelldon.core.session import write_session
    from shelldon.home import Home
    from shelldon.worker.prompt import build_prompt
    home, base = Home(str(standing_home)), datetime(2026, 6, 1, tzinfo=timezone.utc)
    for (name, text), header in zip(_PROMPT_FILES.items(), headers):
        with open(home.memory_file(name), "w") as f:
            f.write(f"---\n{header}---\n\n{text}\n" if header else text + "\n")
    facts = standing_home / "memory" / "facts"
    for old in facts.glob("*.md"):
        old.unlink()
    uses = []
    for n, item in enumerate(items):
        header = [f"name: item {n}", f"updated: {(base + timedelta(days=item['updated'])).date()}"]
        if item["pinned"]:
            header.append("pinned: true")
        if item["expires"] is not None:
            header.append(f"expires: {(base + timedelta(days=item['expires'])).date()}")
        if item["ttl"] is not None:
            header.append(f"ttl_days: {item['ttl']}")
        (facts / f"item-{n}.md").write_text("---\n" + "\n".join(header) + "\n---\n\nnote " + "x" * item["size"] + "\n")
        if item["hits"]:
            uses.append((f"facts/item-{n}.md", item["hits"], base + timedelta(days=item["used"])))
    with write_session(home) as store:
        store.conn.execute("DELETE FROM item_use")
        with store.transaction() as conn:
            for path, hits, when in uses:
                for _ in range(hits):
                    store.count_use([path], when, conn=conn)
    now = (base + timedelta(days=later)).isoformat()
    os.environ["SHELLDON_NOW"] = now
    try:
        prompt = build_prompt(home, f"tell me about item {named}", Bounds(collections_bytes=budget),
                              stale_days).prompt
    finally:
        del os.environ["SHELLDON_NOW"]
    for text in _PROMPT_FILES.values():
        assert text in prompt
