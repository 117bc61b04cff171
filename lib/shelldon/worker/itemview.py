"""What a brain is shown of a curated item, and so what it may rewrite.

A `remember` replaces an item's whole text, so a brain adding to a known item is shown
its current text and gives the whole new one (docs/DESIGN.md "A new fact adds to its
item"). An item longer than MAX_ITEM_SHOWN is shown cut: its newest lines (the last, as
every brain appends) within that bound, after a marker saying how many older lines are
not shown. The cut is a function of the item's text alone — never of the prompt's budget
— so the core, applying a brain's `remember` of that item, knows which lines the brain
never saw (split_shown on the file as it stands) and keeps them ahead of the new text
(core/curated.plan). Merging rather than refusing: a refusal would leave a long item
unable to take any new fact from any brain, the rules brain included, and the lines kept
are by construction ones the brain could not have meant to change or strike.
"""
from ..contracts.limits import MAX_ITEM_SHOWN


def lines_of(body: str) -> list[str]:
    """An item's lines as the prompt shows them: blank lines out, each stripped."""
    return [line.strip() for line in body.splitlines() if line.strip()]


def split_shown(body: str, bound: int = MAX_ITEM_SHOWN) -> tuple[list[str], list[str]]:
    """(older lines not shown, newest lines shown): the shown ones are the longest run at
    the end whose bytes (a newline each) fit bound; all of them when the whole item does.
    A last line alone past the bound shows nothing (never a half line: the brain would
    give it back cut)."""
    lines = lines_of(body)
    used, start = 0, len(lines)
    while start > 0:
        size = len(lines[start - 1].encode("utf-8")) + 1
        if used + size > bound:
            break
        used += size
        start -= 1
    return lines[:start], lines[start:]


def cut_marker(hidden: list[str]) -> str:
    """What the prompt says, above a cut item, of the lines it leaves out."""
    n = len(hidden)
    size = sum(len(line.encode("utf-8")) + 1 for line in hidden)
    return (f"(cut: {n} older line{'s' if n != 1 else ''} of the next note, {size} bytes, are not shown; "
            f"they stay in it whatever you write — to add to it, give the lines shown and the new one)")


def keep_unseen(before_body: str, new_body: str, bound: int = MAX_ITEM_SHOWN) -> tuple[str, int]:
    """A brain's whole new text of an item it was shown cut, with the older lines it was
    not shown put back ahead of it (one already in the new text, normalised, not twice);
    (the text, how many lines were put back)."""
    from ..util.text import normalise
    hidden, _shown = split_shown(before_body, bound)
    if not hidden:
        return new_body, 0
    given = {normalise(line) for line in lines_of(new_body)}
    kept = [line for line in hidden if normalise(line) not in given]
    return "\n".join([*kept, new_body.strip()]), len(kept)
