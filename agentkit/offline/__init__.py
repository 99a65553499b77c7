"""The offline Claude: a Messages API served in-process to the real anthropic SDK."""

from .api import OfflineAPI, count_tokens, validate
from .world import TOOL_SCHEMAS, WEB_SEARCH_TOOL, ToolFailure, World

__all__ = [
    "OfflineAPI",
    "World",
    "ToolFailure",
    "TOOL_SCHEMAS",
    "WEB_SEARCH_TOOL",
    "count_tokens",
    "validate",
]
