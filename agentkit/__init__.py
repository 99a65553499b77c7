"""agentkit: the workbook's helper package. The reference agent loop, tools, the offline Claude, the
anti-pattern specimens and the loop grader."""
from .client import DEFAULT_MODEL, default_model, is_offline, make_client
from .offline import World

__all__ = ["make_client", "default_model", "is_offline", "DEFAULT_MODEL", "World"]
