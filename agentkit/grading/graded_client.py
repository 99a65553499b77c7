"""The client a graded loop gets: the real `anthropic.Anthropic`, with a memory for long histories.

An agent loop sends its whole history with every request, and the SDK copies and serialises all of
it each time (`_copy_and_prepare`, then `json` in `_build_request`): for a loop that never stops
that is quadratic, 54 CPU-seconds for 1,000 requests of the runaway task, most of it the SDK's. A
cap of 1,000 turns is a safety net a reviewer accepts, so the grader must afford to see one.

`GradedAnthropic` is `anthropic.Anthropic` with one method replaced, and only while its `memo` is
on (the runner turns it on for the runaway task from request `runner.MEMO_FROM` on): the body of
a Messages request is built from each message's JSON text as the SDK makes it, and a message the
loop hands again is not copied and serialised again. The bytes sent are the SDK's own, byte for
byte (compact JSON is the concatenation of its parts; `tests/test_grader_budget.py` compares
them). What the memo cannot see: a loop that changes an old message inside one of its content
blocks in place (the same message dict, the same content list, of the same length) has it sent
as it was. The requests before MEMO_FROM, and every other scenario, are the SDK's alone, so such
a loop is judged there; a message replaced, its `content` replaced, or blocks added or removed
are seen everywhere.
"""

from __future__ import annotations

from operator import is_
from typing import Any

import anthropic

try:  # the SDK's own preparation and encoder (anthropic 2.14, as pinned)
    from anthropic._utils._json import encoder
    from anthropic._utils._prepare import prepare_request_data

    REMEMBERS = True
except ImportError:  # an SDK that moved them: every request is the SDK's own, at its own cost
    REMEMBERS = False


class MessagesMemo:
    """Each message sent last time: the object, its content and the content's length (what says
    it is the same message), and its JSON text as the SDK serialises it."""

    def __init__(self) -> None:
        self.on = False
        self.objects: list[Any] = []
        self.contents: list[Any] = []
        self.sizes: list[int] = []
        self.texts: list[str] = []

    def encode(self, messages: list[Any]) -> str:
        """The JSON text of the `messages` array's elements, joined as the SDK's encoder joins them."""
        k = min(len(messages), len(self.objects))
        contents = [_content(m) for m in messages]
        sizes = [len(c) if type(c) is list else -1 for c in contents]
        if not (
            all(map(is_, messages[:k], self.objects[:k]))
            and all(map(is_, contents[:k], self.contents[:k]))
            and sizes[:k] == self.sizes[:k]
        ):
            k = next(
                i
                for i in range(k + 1)
                if i == k
                or messages[i] is not self.objects[i]
                or contents[i] is not self.contents[i]
                or sizes[i] != self.sizes[i]
            )
        texts = self.texts[:k]
        texts += [encoder.encode(prepare_request_data(m, location="body")) for m in messages[k:]]
        self.objects, self.contents, self.sizes, self.texts = list(messages), contents, sizes, texts
        return ",".join(texts)


def _content(message: Any) -> Any:
    return message.get("content") if type(message) is dict else None


class GradedAnthropic(anthropic.Anthropic):
    """`anthropic.Anthropic` that, while `memo.on`, builds a Messages body from remembered bytes."""

    memo: MessagesMemo | None = None

    def _copy_and_prepare(self, options: Any) -> Any:
        memo, body = self.memo, options.json_data
        if (
            memo is None
            or not memo.on
            or not REMEMBERS
            or options.method.lower() != "post"
            or options.content is not None
            or options.files is not None
            or type(body) is not dict
            or type(body.get("messages")) is not list
            or "messages" in (options.extra_json or {})
        ):
            return super()._copy_and_prepare(options)
        messages = body["messages"]
        # every other field as the SDK prepares it (extra_body merged), the messages left empty
        light = options.model_copy(
            update={"json_data": {k: ([] if k == "messages" else v) for k, v in body.items()}}
        )
        prepared = super()._copy_and_prepare(light)
        fields = prepared.json_data
        if type(fields) is not dict or fields.get("messages") != []:
            return super()._copy_and_prepare(options)
        keys = list(fields)
        at = keys.index("messages")
        head = encoder.encode({k: fields[k] for k in keys[:at]})[1:-1]
        tail = encoder.encode({k: fields[k] for k in keys[at + 1 :]})[1:-1]
        text = "".join(
            (
                "{",
                head,
                "," if head else "",
                '"messages":[',
                memo.encode(messages),
                "]",
                "," if tail else "",
                tail,
                "}",
            )
        )
        prepared.json_data, prepared.content = None, text.encode()
        return prepared
