import json

import pytest

from shelldon.worker.rules import propose_ops, respond


@pytest.mark.parametrize("message,op,collection,name", [
    ("remember that the vet appointment is on Friday", "remember", "facts", "vet appointment Friday"),
    ("Please remember the wifi box is under the stairs", "remember", "facts", None),
    ("my sister Ana lives in Porto", "remember", "people", "Ana"),
    ("My best friend Jo Silva plays chess", "remember", "people", "Jo Silva"),
    ("I like green tea in the morning", "remember", "preferences", None),
    ("I hate loud music at night", "remember", "preferences", None),
    ("my car is a blue Fiat", "remember", "facts", "car"),
    ("we went to the beach today and it was windy", "log_episode", None, None),
])
def test_statements_become_ops(message, op, collection, name):
    ops = propose_ops(message)
    assert ops[0]["op"] == op
    if collection:
        assert ops[0]["collection"] == collection
    if name:
        assert ops[0]["name"] == name


@pytest.mark.parametrize("message", ["where does Ana live?", "hi", "thanks!", "ok", "", "   "])
def test_questions_and_greetings_propose_nothing(message):
    assert propose_ops(message) == []


def test_preferences_and_topics_feed_learnings():
    keys = [op.get("pattern_key") for op in propose_ops("I love hiking in the mountains")]
    assert "pref:hiking-mountain" in keys      # readable words, not stems
    keys = [op.get("pattern_key") for op in propose_ops("we baked bread together this afternoon")]
    assert any(k and k.startswith("topic:") for k in keys)


def test_reply_quotes_the_best_memory_line_verbatim():
    prompt = ("# Instructions\nbe nice\n# What I remember\n- **Ana** (people): my sister Ana lives in Porto\n"
              "- **car** (facts): my car is a blue Fiat\n# The owner says\nwhere does Ana live?\n")
    reply = respond(prompt, "where does Ana live?")
    assert reply == 'I remember this: "my sister Ana lives in Porto"'


def test_an_earlier_copy_of_the_question_is_not_the_answer():
    # the dream's summary lists the owner's last messages, the question asked before among them
    prompt = ("# Conversation so far\n- 2026-11-30 18:02 · where does Ana live?\n"
              "- 2026-11-30 18:03 · Ana has a garden in Porto\n"
              "# What I remember\n- **Ana** (people): my sister Ana lives in Porto\n"
              "# Recent conversation\nowner: where does Ana live?\n# The owner says\nwhere does Ana live?\n")
    assert respond(prompt, "where does Ana live?") == 'I remember this: "my sister Ana lives in Porto"'
    summary_only = prompt.replace("- **Ana** (people): my sister Ana lives in Porto\n", "")
    assert respond(summary_only, "where does Ana live?") == 'I remember this: "Ana has a garden in Porto"'


def test_reply_carries_a_valid_ops_block():
    reply = respond("# The owner says\nmy dog Rex loves the park\n", "my dog Rex loves the park")
    block = reply.split("```ops\n")[1].split("```")[0]
    ops = [json.loads(line) for line in block.strip().splitlines()]
    assert ops[0]["collection"] == "facts" and ops[0]["name"] == "Rex"   # a dog is no person


@pytest.mark.parametrize("message,collection", [
    ("my dog Rex is five years old", "facts"),
    ("My cat Miso sleeps all day", "facts"),
    ("my old guinea pig Bolt squeaks at night", "facts"),
    ("my sister Ana lives in Porto", "people"),
    ("my vet Dr Costa is kind", "people"),
])
def test_animals_are_not_people(message, collection):
    assert propose_ops(message)[0]["collection"] == collection


def test_a_person_item_starts_with_the_sentence_as_the_owner_wrote_it():
    (item, *_) = propose_ops("My sister Ana lives in Porto")
    assert item["content"] == "My sister Ana lives in Porto. Ana is the owner's sister."
    (item, *_) = propose_ops("my friend Jo plays chess")
    assert item["content"].startswith("my friend Jo plays chess.")


@pytest.mark.parametrize("message,key", [
    ("I visited the lighthouses at the coast", "topic:lighthouse"),
    ("we picked strawberries together", "topic:strawberry"),
    ("I like the lighthouses", "pref:lighthouse"),
])
def test_learning_keys_are_readable_words(message, key):
    assert key in [op.get("pattern_key") for op in propose_ops(message)]


@pytest.mark.parametrize("message", [
    "my dog Rex is five years old",
    "it was 1999 and then 2003 came",
    "we went there again today and yesterday",
])
def test_numbers_and_filler_make_no_topic(message):
    keys = [op.get("pattern_key") or "" for op in propose_ops(message)]
    assert not any(k.startswith("topic:") for k in keys), keys


def test_deterministic():
    prompt = "# Recent conversation\nowner: I like tea\n# The owner says\nwhat do I like?\n"
    assert respond(prompt, "what do I like?") == respond(prompt, "what do I like?")


# -- long messages: every proposed op within the op contract's bounds --------------------

LONG = " ".join(f"pebble{i}" for i in range(1500))   # ~14 KiB of words
LONG_WORD = "z" * 3000


@pytest.mark.parametrize("message", [
    "we walked along the shore and counted " + LONG,
    "remember that " + LONG,
    "remember that " + LONG_WORD,
    "my sister " + "A" + "n" * 500 + " lives in Porto and " + LONG,
    "I like " + LONG,
    "I like " + LONG_WORD + " tea",
    "my car is " + LONG,
    "we saw a " + LONG_WORD + " at the harbour",
    "we went out\t\tand " + "é" * 20000,
])
def test_long_messages_propose_ops_within_the_contract(message):
    from shelldon.contracts.ops import decode_op
    ops = propose_ops(message)
    assert ops
    for op in ops:
        decode_op(json.dumps(op))   # raises ContractError when out of bounds


def test_a_long_statement_is_logged_as_a_marked_excerpt_cut_at_a_word():
    from shelldon.contracts.limits import MAX_CONTENT
    message = "we walked along the shore and counted " + LONG
    (episode,) = [op for op in propose_ops(message) if op["op"] == "log_episode"]
    content = episode["content"]
    assert len(content) <= MAX_CONTENT and content.startswith("we walked along the shore")
    assert content.endswith(f" … [excerpt: the first words of {len(message)} characters]")
    kept = content.split(" … [excerpt")[0]
    assert message.startswith(kept) and message[len(kept)] == " "   # cut between words


def test_a_short_statement_is_not_marked():
    (episode, _) = propose_ops("we went to the beach today and it was windy")
    assert episode["content"] == "we went to the beach today and it was windy."
