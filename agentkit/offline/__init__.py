"""The offline Messages API: served in-process to the real anthropic SDK (and over HTTP by
`python -m agentkit serve`), in front of any `Model` (the stand-in Claude is `agentkit.sim`)."""

from .api import MIDSTREAM, OfflineAPI
from .model import Model, Reply, Request
from .tokens import count_tokens
from .validation import InvalidRequest, validate

__all__ = [
    "OfflineAPI",
    "MIDSTREAM",
    "Model",
    "Request",
    "Reply",
    "InvalidRequest",
    "count_tokens",
    "validate",
]
