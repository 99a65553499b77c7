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
    return _WS.match(text, i).end()  # type: ignore[union-attr]  # `*` always matches


@dataclass(frozen=True)
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
    if content[:3] == b"\xef\xbb\xbf" or json.detect_encoding(content) != "utf-8":
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
        body = decoder.decode(head + "[]}")  # the fields before `messages`, and it is a top key
        if type(body) is not dict:
            return None
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
        # the prefix's byte length: the text after the last message is short, the messages are not
        size = len(content) - len(rest[end:].encode("utf-8", "surrogatepass"))
        seen = SentPrefix(content[:size], head, msgs, {}, tail, after)
    return BodyRead(body, (head, tail), last is not None, seen)


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
