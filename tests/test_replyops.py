from hypothesis import given, strategies as st

from shelldon.worker.replyops import split_reply


def test_reply_and_ops_are_separated():
    text = ('Nice to meet Ana!\n\n```ops\n{"op": "remember", "collection": "people", "name": "Ana", "content": "sister"}\n'
            '{"op": "capture_learning", "observation": "family"}\n```\n')
    reply, ops, dropped = split_reply(text)
    assert reply == "Nice to meet Ana!"
    assert len(ops) == 2 and dropped == []


def test_malformed_lines_are_dropped_and_the_reply_kept():
    text = 'Sure.\n```ops\n{"op": "remember"}\nnot json\n{"op": "rm_rf", "path": "/"}\n{"op": "log_episode", "content": "ok"}\n```'
    reply, ops, dropped = split_reply(text)
    assert reply == "Sure."
    assert ops == ['{"op": "log_episode", "content": "ok"}']
    assert len(dropped) == 3


def test_no_block_means_no_ops():
    assert split_reply("just words") == ("just words", [], [])


def test_other_fences_stay_in_the_reply():
    text = "Here is code:\n```python\nprint(1)\n```\nbye"
    assert split_reply(text)[0] == text


def test_unclosed_block_runs_to_the_end():
    reply, ops, _ = split_reply('Hi\n```ops\n{"op": "rewrite_summary", "content": "s"}')
    assert reply == "Hi" and len(ops) == 1


def test_two_blocks_are_both_read():
    text = 'a\n```ops\n{"op": "log_episode", "content": "1"}\n```\nb\n```ops\n{"op": "log_episode", "content": "2"}\n```'
    reply, ops, _ = split_reply(text)
    assert len(ops) == 2 and "a" in reply and "b" in reply


@given(st.text())
def test_never_raises(text):
    reply, ops, dropped = split_reply(text)
    assert isinstance(reply, str)
