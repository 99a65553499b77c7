"""How serve hands a large body to its worker process: through a file the worker reads and removes,
never pickled on the server's side (pickling holds the interpreter lock for the whole copy, and
every other key's request waits; `benchmarks/bench_serve.py --parts stall` measures the wait)."""

from __future__ import annotations

import os
import pickle

import pytest

from agentkit import serve
from agentkit.client import offline_api

HEADERS = {"anthropic-version": "2023-06-01"}
BODY = b'{"model":"claude-sonnet-4-6","max_tokens":64,"messages":[{"role":"user","content":"hi"}]}'


def test_a_large_body_reaches_the_worker_as_a_file_it_removes_once_read():
    chunks = [BODY[:10], b"", BODY[10:]]
    path = serve.body_file(chunks)
    with open(path, "rb") as f:
        assert f.read() == BODY
    api = offline_api()
    answer, after = serve.answer_elsewhere(api, 7, "POST", "/v1/messages", path, HEADERS)
    assert answer.status == 200 and answer.body["type"] == "message"
    assert not os.path.exists(path) and after.calls == 1
    # what crosses to the worker is the path, not the body
    call = (offline_api(), 7, "POST", "/v1/messages", path, HEADERS)
    assert BODY not in pickle.dumps(call)


def test_the_file_is_removed_even_when_the_worker_cannot_answer():
    path = serve.body_file([BODY])

    class Broken:
        def handle(self, *a):
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        serve.answer_elsewhere(Broken(), 1, "POST", "/v1/messages", path, {})  # type: ignore[arg-type]
    assert not os.path.exists(path)
