"""The offline Claude: a Messages API served in-process to the real anthropic SDK."""

from .api import MIDSTREAM, OfflineAPI, count_tokens
from .validation import InvalidRequest, validate
from .world import TOOL_SCHEMAS, WEB_SEARCH_TOOL, ToolFailure, World

__all__ = [
    "OfflineAPI",
    "MIDSTREAM",
    "InvalidRequest",
    "World",
    "ToolFailure",
    "TOOL_SCHEMAS",
    "WEB_SEARCH_TOOL",
    "count_tokens",
    "validate",
]
