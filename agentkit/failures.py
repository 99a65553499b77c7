"""What kind of failure a tool_result reports, as a word a reader can find without parsing a sentence.

The World's tools, the hooks and `Toolbox` put a category at the start of an error's text
("unavailable: lookup_order 暂时不可用…"); the stand-in Claude decides its next step from the
category (retry, correct the input, escalate), and the grader reads it too. Editing the sentence
after the category changes nothing they do. A learner's own tool may raise any exception: its
text then carries no category, and the stand-in treats it as a failure it cannot fix itself.
"""

from __future__ import annotations

import re

INVALID_INPUT = "invalid_input"  # the call's input is malformed: correct it and call again
NOT_FOUND = "not_found"  # what the call names does not exist
WRONG_STATE = "wrong_state"  # the order's state does not allow this action
UNAVAILABLE = "unavailable"  # transient: the same call may work if retried
DENIED = "denied"  # a policy in code (a hook, a precondition) refused the call: a person decides
UNKNOWN_TOOL = "unknown_tool"  # no tool of that name is offered
CATEGORIES = (INVALID_INPUT, NOT_FOUND, WRONG_STATE, UNAVAILABLE, DENIED, UNKNOWN_TOOL)
_CATEGORY = re.compile(r"(?<![A-Za-z_])(" + "|".join(CATEGORIES) + r")(?![A-Za-z_])")


class ToolFailure(Exception):
    """A tool could not do what was asked. Its text (what the model sees, as is_error) starts with
    its category when it has one: `ToolFailure("订单 A-9 不存在", NOT_FOUND)` reads
    "not_found: 订单 A-9 不存在"."""

    def __init__(self, message: str, category: str | None = None):
        super().__init__(*(message, category) if category else (message,))  # repr shows both
        self.message, self.category = message, category

    def __str__(self) -> str:
        return f"{self.category}: {self.message}" if self.category else self.message


def with_category(category: str, message: str) -> str:
    """An error text that carries its category."""
    return f"{category}: {message}"


def category_of(text: str) -> str | None:
    """The first category named in an error text (as a word of its own), or None."""
    m = _CATEGORY.search(text) if isinstance(text, str) else None
    return m.group(1) if m else None


def error_text(e: BaseException) -> str:
    """The tool_result text for an exception a tool raised: a ToolFailure as it reads, anything
    else with its type, so the model knows what kind of failure it was."""
    if isinstance(e, ToolFailure):
        return str(e)
    # a beta_tool's input that fails pydantic's validation: the ValueError's cause says which field
    detail = f": {e.__cause__}" if isinstance(e, ValueError) and e.__cause__ else ""
    return f"{type(e).__name__}: {e}{detail}"
