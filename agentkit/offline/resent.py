"""Reading a request body that resends an earlier one's messages without parsing them again.

An agent loop sends its whole history with every request: at turn N the body holds the N-1 turns of
the previous request, byte for byte, and one more. `read_after` splits a body into the bytes before the
`messages` array, the array's elements and the fields after it, and when the body starts with the
bytes of a remembered request's messages (`SentPrefix.prefix`), it takes those messages as parsed then and
parses only what follows. Byte-equal JSON text is equal JSON, so the result is the body `json.loads`
gives; anything this reader does not follow (another encoding, an escape that needs the strict
reader's surrogate checks, a duplicate `messages` key after the array, a syntax error) returns None,
and the caller parses the whole body as before (with its exact error wording).

The messages taken from the remembered request are the same objects, and so are the fields after
the messages when their text is the same (a loop's tools): a model must not change a request's body
(the stand-in does not; `agentkit.offline.model.Request`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

MESSAGES = re.compile(rb'"messages"[ \t\n\r]*:[ \t\n\r]*\[')
_WS = re.compile(r"[ \t\n\r]*")  # JSON's whitespace (json.decoder.WHITESPACE)


def _skip(text: str, i: int) -> int:
    """Where the whitespace at `i` ends."""
    c = text[i : i + 1]
    if c and c not in " \t\n\r":
        return i  # none (compact JSON, as SDKs send it)
    return _WS.match(text, i).end()  # type: ignore[union-attr]  # `*` always matches


@dataclass(slots=True)
class SentPrefix:
    """The bytes of a valid request up to the end of its last message (`prefix`, which ends with the
    `}` of that message), those messages as parsed, and how often the prefix spells each counted key
    (a key holds no `}`, so a count over the prefix and the rest adds up)."""

    prefix: bytes
    head: str  # the prefix up to the `[` of the messages array
    msgs: list[Any]
    counts: dict[bytes, int]
    # the text after the messages array of the request remembered, and its fields as parsed: a loop
    # sends the same tools after its messages every time (they are shared as the messages are)
    tail: str | None = None
    after: dict[str, Any] | None = None
    # the fields before the messages as parsed, `messages` among them (copied, not parsed again,
    # when `head` is resent: a loop's fields, shared as the tail's are)
    before: dict[str, Any] | None = None


@dataclass
class BodyRead:
    """A body read by `read_after`: the body, its text outside the messages array (`fields`: the head and
    the tail; equal texts mean equal fields, the tools among them), whether the messages resent a
    remembered prefix, and what to remember should the request be valid."""

    body: dict[str, Any]
    fields: tuple[str, str]
    resent: bool
    seen: SentPrefix | None


class _Unread(Exception):
    """The body is not one this reader follows."""


def read_after(
    content: bytes, decoder: json.JSONDecoder, last: SentPrefix | None, odd: re.Pattern[bytes]
) -> BodyRead | None:
    """The body of `content` (a JSON object), read after the remembered `last` when it starts with
    its bytes; None when this reader does not follow the body (parse it whole). `odd`: the escapes
    that need the strict reader's checks (none may appear)."""
    if not _utf8(content):
        return None
    if last is not None and not content.startswith(last.prefix):
        last = None
    if last is not None:
        start, head, msgs = len(last.prefix), last.head, list(last.msgs)
    else:
        found = MESSAGES.search(content)
        if found is None:
            return None
        start, msgs = found.end(), []
        head = content[: start - 1].decode("utf-8", "surrogatepass")
    if odd.search(content, start if last else 0):
        return None
    try:
        read = _fields(head, decoder, last)
        if read is None:
            return None
        body, before = read
        rest = content[start:].decode("utf-8", "surrogatepass")
        end, i = _elements(rest, decoder, msgs, last is not None)
        tail = rest[i:]
        body["messages"] = msgs
        after = last.after if last is not None and last.tail == tail else None
        if after is None:
            after = _tail(tail, decoder)
        body.update(after)
    except (_Unread, ValueError, StopIteration, IndexError, RecursionError):
        return None
    seen = last
    if end is not None and msgs:
        size = _size(content, start, rest, end)
        seen = SentPrefix(content[:size], head, msgs, {}, tail, after, before)
    return BodyRead(body, (head, tail), last is not None, seen)


def _fields(
    head: str, decoder: Any, last: SentPrefix | None
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The fields before `messages` (a top key) for a new body, and as kept for the next request:
    parsed from `head`, or copied in their order from `last` when its head is resent."""
    if last is not None and last.before is not None:
        return dict(last.before), last.before
    body = decoder.decode(head + "[]}")
    return (body, dict(body)) if type(body) is dict else None


def _utf8(content: bytes) -> bool:
    """The body is UTF-8 without a BOM (a body that opens with `{` and no NUL after it is, for
    json.detect_encoding)."""
    if content[:1] == b"{" and content[1:2] != b"\x00":
        return True
    return content[:3] != b"\xef\xbb\xbf" and json.detect_encoding(content) == "utf-8"


def _size(content: bytes, start: int, rest: str, end: int) -> int:
    """The byte length of `content` up to `end` in `rest` (its text from byte `start` on), from the
    shorter text to encode again: the new messages (a resent history's) or what follows them (a
    first request's)."""
    if end <= len(rest) - end:
        return start + len(rest[:end].encode("utf-8", "surrogatepass"))
    return len(content) - len(rest[end:].encode("utf-8", "surrogatepass"))


def _elements(rest: str, decoder: Any, msgs: list[Any], resent: bool) -> tuple[int | None, int]:
    """Parse the messages array's elements from the start of `rest` (just after its `[`, or after the
    remembered last message when `resent`) onto `msgs`: where the last new one ends (None: no new
    one) and where the text after the closing `]` begins."""
    scan, i = decoder.scan_once, _skip(rest, 0)
    end: int | None = None
    more = not resent  # an element may start here
    if resent and rest[i] == ",":
        i, more = _skip(rest, i + 1), True
    while rest[i] != "]":
        if not more:
            raise _Unread
        value, i = scan(rest, i)
        msgs.append(value)
        end, i = i, _skip(rest, i)
        more = rest[i] == ","
        if more:
            i = _skip(rest, i + 1)
    if more and end is not None or more and resent:
        raise _Unread  # a trailing comma
    if not resent and end is None:
        end = i  # an empty array
    return end if msgs else None, _skip(rest, i + 1)


def _tail(tail: str, decoder: Any) -> dict[str, Any]:
    """The fields after the messages array (`tail` is the text after its `]`)."""
    if tail[:1] == "}":
        if tail[1:].strip(" \t\n\r"):
            raise _Unread
        return {}
    j = _skip(tail, 1)
    if tail[:1] != "," or tail[j : j + 1] != '"':
        raise _Unread
    after = decoder.decode("{" + tail[j:])
    if "messages" in after:
        raise _Unread  # a later `messages` key wins: parse the body whole
    return after


def count_after(content: bytes, key: bytes, read: BodyRead | None, last: SentPrefix | None) -> int:
    """How often `content` spells `key`, counting only past a remembered prefix it resends (the
    count is kept for the next request when `read` is remembered)."""
    if read is None:
        return content.count(key)
    if read.resent and last is not None and key in last.counts:
        n = last.counts[key] + content.count(key, len(last.prefix))
    else:
        n = content.count(key)
    if read.seen is not None and read.seen is not last:
        read.seen.counts[key] = n - content.count(key, len(read.seen.prefix))
    return n
