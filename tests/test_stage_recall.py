"""shelldon-recall: the curated tree and the history together; where each hit lives."""
import json

from conftest import ops_lines


def seed(ready):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(
        {"op": "remember", "collection": "facts", "name": "bike", "content": "the owner rides a red bicycle to work"},
        {"op": "remember", "collection": "people", "name": "Ana", "content": "sister; lives in Porto"}))
    ready("shelldon-ingest", "--owner", "my tomatoes are growing in the greenhouse", "--pet", "lovely")
    ready("shelldon-ingest", "--owner", "the weather is grim", "--pet", "sorry to hear")


def test_recall_finds_a_fact_and_a_sentence_and_says_where(ready, home):
    seed(ready)
    result = ready("shelldon-recall", "bicycle", "tomato")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "memory/facts/bike.md:9: the owner rides a red bicycle to work"
    history = [ln for ln in lines if ln.startswith("turn ")]
    assert len(history) == 1 and history[0].endswith("owner: my tomatoes are growing in the greenhouse")
    turn_id = history[0].split()[1]
    assert (home / "raw").glob("*.md") and turn_id in next((home / "raw").glob("*.md")).read_text()
    # the line number is the file's own (as grep -n would say)
    assert (home / "memory/facts/bike.md").read_text().splitlines()[8] == "the owner rides a red bicycle to work"


def test_json_lines_and_n(ready):
    seed(ready)
    result = ready("shelldon-recall", "--json", "-n", "1", "owner", "tomatoes", "Porto")
    hits = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert [h["kind"] for h in hits] == ["memory", "history"]
    assert hits[0]["path"].startswith("memory/") and hits[1]["turn_id"] and hits[1]["role"] in ("owner", "pet")


def test_a_query_of_only_common_words_is_searched_as_it_is(ready):
    """The prompt's recall drops words like "hello" and "there"; the owner searching for
    them means them (grep would find them)."""
    seed(ready)
    ready("shelldon-ingest", "--owner", "hello there", "--pet", "hi!")
    result = ready("shelldon-recall", "hello")
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().splitlines()[-1].endswith("owner: hello there")
    weather = ready("shelldon-recall", "the", "is").stdout.decode()   # common words, in both stores
    assert "memory/facts/bike.md:9:" in weather and "owner: the weather is grim" in weather


def test_nothing_matched_exits_1(ready):
    seed(ready)
    result = ready("shelldon-recall", "zeppelin")
    assert result.returncode == 1 and result.stdout == b"" and result.stderr == b""


def test_hostile_queries_are_safe(ready):
    seed(ready)
    for query in ['"', "NEAR(", "*", "a:b", "../../etc/passwd", "\u202e"]:
        result = ready("shelldon-recall", query)
        assert result.returncode in (0, 1) and b"Traceback" not in result.stderr


def test_vault_and_symlinks_are_never_read(ready, home, tmp_path):
    seed(ready)
    (home / "memory/vault/key.md").write_text("zeppelin secret")
    outside = tmp_path / "outside.md"
    outside.write_text("zeppelin outside")
    (home / "memory/facts/link.md").symlink_to(outside)
    assert ready("shelldon-recall", "zeppelin").returncode == 1


def test_usage_and_no_home(stage):
    assert stage("shelldon-recall").returncode == 2
    assert stage("shelldon-recall", "tea").returncode == 69


def test_history_of_an_item(ready, home):
    tea = {"op": "remember", "collection": "facts", "name": "tea", "content": "green tea"}
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(tea))
    ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({**tea, "content": "black tea"}))
    ready("shelldon-forget", "facts", "tea")
    out = ready("shelldon-recall", "--history", "facts/tea").stdout.decode()
    assert out.index("turn t1 remember") < out.index("green tea") < out.index("turn t2 remember") < out.index("black tea")
    assert "forget  — forgotten" in out
    versions = [json.loads(ln) for ln in ready("shelldon-recall", "--history", "facts/Tea.md", "--json").stdout.splitlines()]
    assert [(v["turn_id"], v["op"]) for v in versions][:2] == [("t1", "remember"), ("t2", "remember")]
    assert versions[0]["content"].endswith("green tea\n") and versions[1]["content"].endswith("black tea\n")
    none = ready("shelldon-recall", "--history", "facts/none")
    assert none.returncode == 1 and none.stdout == b""
    assert none.stderr.decode().strip() == "shelldon-recall: memory/facts/none.md: no such item, and nothing in the journal"
    assert ready("shelldon-recall", "--history", "../etc/passwd").returncode == 65


def test_history_with_a_query_too_is_a_usage_error(ready):
    # the query words were silently dropped: the owner thought they had narrowed the search
    result = ready("shelldon-recall", "--history", "facts/tea", "green")
    assert result.returncode == 2 and b"not both" in result.stderr


def test_a_write_the_owner_then_edited_over_still_shows_what_it_wrote(ready, home):
    # the journal keeps the bytes each write replaced, so the core's first text, edited
    # over by hand, is no longer a file's content anywhere: its op's text stands in
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(
        {"op": "remember", "collection": "facts", "name": "boat", "content": "the boat is red\n"}))
    item = home / "memory/facts/boat.md"
    item.write_text(item.read_text().replace("red", "blue"))
    ready("shelldon-apply", "--turn-id", "t2", input=ops_lines(
        {"op": "remember", "collection": "facts", "name": "boat", "content": "the boat is green"}))
    ready("shelldon-resolve", "memory/facts/boat.md", "--theirs")
    out = ready("shelldon-recall", "--history", "facts/boat").stdout.decode()
    assert "(content not kept)" not in out
    assert out.index("turn t1 remember") < out.index("    the boat is red") < out.index("    the boat is blue") \
        < out.index("    the boat is green")


def test_recall_reads_the_monthly_episode_logs_and_an_older_episodes_md(ready, home):
    (home / "memory/episodes.md").write_text("---\nname: episodes\n---\n## 2024-01-02T00:00:00Z · t0\n\n"
                                             "we planted the walnut tree\n")
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines({"op": "log_episode", "content": "the walnut tree flowered"}))
    lines = ready("shelldon-recall", "walnut").stdout.decode().splitlines()
    assert any(ln.startswith("memory/episodes.md:") and "planted the walnut" in ln for ln in lines)
    month, = (home / "memory/episodes").glob("*.md")
    assert any(ln.startswith(f"memory/episodes/{month.name}:") and "flowered" in ln for ln in lines)
    history = ready("shelldon-recall", "--history", f"episodes/{month.stem}")
    assert history.returncode == 0 and "the walnut tree flowered" in history.stdout.decode()
