"""Comparing runs that differ only in their request numbers."""

import re
from typing import Any

ID = re.compile(r"\b(msg|toolu|srvtoolu|req)_01[0-9A-Za-z]{22}\b")


def without_ids(value: Any) -> Any:
    """`value` (JSON-like) with every offline id replaced by its prefix."""
    if isinstance(value, dict):
        return {k: without_ids(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_ids(v) for v in value]
    return ID.sub(r"\1_…", value) if isinstance(value, str) else value
