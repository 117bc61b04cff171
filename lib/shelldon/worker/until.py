"""The last day a statement holds, from the date it carries (pure): the rules brain's `expires`.

"Maren is in Lyon until Friday" holds through Friday; "the office is closed this week"
through Sunday; "I'm off sugar in March" through 31 March. Only a time the statement
ties itself to counts — "until", "till", "through", "by", "on", "in", "this", "next",
"for N days", "today", "tonight", "tomorrow" — so "I like March" or "Friday is my
favourite day" carry no end. A weekday is the next one (today's, when today is that
day); a month the next one (this one, when it is this month), through its last day.
The earliest such day wins. A day already past (an explicit 2020-01-01) gives none.
"""
import calendar
import re
from datetime import date, timedelta

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = tuple(m.lower() for m in calendar.month_name[1:])
_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "couple of": 2, "few": 3}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30}

_WEEKDAY = re.compile(r"\b(?:until|till|til|through|thru|by|on|this|next)\s+(?P<day>" + "|".join(WEEKDAYS) + r")\b",
                      re.IGNORECASE)
_MONTH = re.compile(r"\b(?:until|till|til|through|thru|by|in|during|this|next)\s+(?:the\s+end\s+of\s+)?(?P<month>"
                    + "|".join(MONTHS) + r")\b", re.IGNORECASE)
_SPAN = re.compile(r"\b(?P<which>this|next)\s+(?P<span>week(?:end)?|month)\b", re.IGNORECASE)
_DAYWORD = re.compile(r"\b(?P<word>today|tonight|tomorrow)\b", re.IGNORECASE)
_FOR = re.compile(r"\bfor\s+(?:the\s+next\s+)?(?P<n>\d{1,3}|a|one|two|three|four|five|six|seven|eight|nine|ten|"
                  r"couple of|few)\s+(?P<unit>day|week|month)s?\b", re.IGNORECASE)
_ISO = re.compile(r"\b(?:until|till|til|through|thru|by|on)\s+(?P<iso>\d{4}-\d\d-\d\d)\b", re.IGNORECASE)


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _days(text: str, today: date):
    for m in _WEEKDAY.finditer(text):
        ahead = (WEEKDAYS.index(m.group("day").lower()) - today.weekday()) % 7
        if m.group(0).lower().startswith("next") and ahead == 0:
            ahead = 7
        yield today + timedelta(days=ahead)
    for m in _MONTH.finditer(text):
        month = MONTHS.index(m.group("month").lower()) + 1
        year = today.year + (1 if month < today.month or m.group(0).lower().startswith("next") and month == today.month
                             else 0)
        yield _month_end(year, month)
    for m in _SPAN.finditer(text):
        span, later = m.group("span").lower(), m.group("which").lower() == "next"
        if span == "month":
            first = today.replace(day=1)
            if later:
                first = _month_end(first.year, first.month) + timedelta(days=1)
            yield _month_end(first.year, first.month)
        else:   # a week (and its weekend) ends on Sunday
            yield today + timedelta(days=6 - today.weekday() + (7 if later else 0))
    for m in _DAYWORD.finditer(text):
        yield today + timedelta(days=1 if m.group("word").lower() == "tomorrow" else 0)
    for m in _FOR.finditer(text):
        n = m.group("n").lower()
        count = int(n) if n.isdigit() else _NUMBERS[n]
        yield today + timedelta(days=count * _UNIT_DAYS[m.group("unit").lower()])
    for m in _ISO.finditer(text):
        try:
            yield date.fromisoformat(m.group("iso"))
        except ValueError:
            continue


def expires_from_text(text: str, today: date) -> str | None:
    """The last day (YYYY-MM-DD) the statement holds, or None when it carries no date."""
    days = [day for day in _days(text, today) if day >= today]
    return min(days).isoformat() if days else None
