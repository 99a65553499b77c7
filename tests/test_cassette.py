"""Record and replay (agentkit.cassette): a run recorded through the recording transport replays with no
Claude behind it, the file holds no key and no headers, and a changed lesson gets a clear mismatch.

There is no key or network here, so the offline API stands in for real Claude behind the recorder (in one
test behind a local HTTP server, so that recording goes through the SDK's real HTTP transport)."""

import http.server
import json
import threading

import anthropic
import httpx2
import pytest

import agentkit
from agentkit import cassette
from agentkit.cassette import CassetteError, CassetteMismatch, RecordingTransport, Replay
from agentkit.client import offline_api
from agentkit.offline import OfflineAPI
from agentkit.sim import TOOL_SCHEMAS, World

KEY = "sk-ant-api03-secret-test-key-never-written"
PROMPT = "订单 A-1001、A-1002、A-1003 都有问题，请帮我退款。"


def run(client, prompt=PROMPT):
    world = World()  # the tools run locally, in replay as in recording
    tools = [
        TOOL_SCHEMAS[n] for n in ("lookup_order", "process_refund", "cancel_order", "create_return")
    ]
    return agentkit.run_agent_loop(
        client,
        [{"role": "user", "content": prompt}],
        tools,
        run_tool=world.run_tool,
        model="claude-sonnet-4-6",
    )


def summary(result):
    return (
        result.exit,
        result.turns,
        result.stop_reason,
        result.final_text,
        [(c.id, c.name, c.input, c.content, c.is_error) for c in result.tool_calls],
        result.messages,
    )


@pytest.fixture
def recorded(tmp_path):
    """A cassette of one multi-turn run, recorded through RecordingTransport around the offline API."""
    path = tmp_path / "lesson_parallel.json"
    transport = RecordingTransport(offline_api(), path)
    client = anthropic.Anthropic(
        api_key=KEY, max_retries=0, http_client=httpx2.Client(transport=transport)
    )
    return path, run(client)


def replay_client(path, **kw):
    return anthropic.Anthropic(
        api_key="replay",
        max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(Replay(path))),
        **kw,
    )


def test_the_recording_holds_the_exchanges_and_no_key_or_headers(recorded):
    path, result = recorded
    text = path.read_text(encoding="utf-8")
    assert KEY not in text and "sk-ant" not in text
    for word in (
        "authorization",
        "x-api-key",
        "Bearer",
        "headers",
        "anthropic-version",
        "user-agent",
    ):
        assert word.lower() not in text.lower(), word
    data = json.loads(text)
    assert (
        data["agentkit_cassette"] == 1
        and data["model"] == "claude-sonnet-4-6"
        and data["recorded_at"]
    )
    assert len(data["exchanges"]) == result.turns >= 3
    first = data["exchanges"][0]
    assert set(first) == {"request", "response"}
    assert (
        set(first["request"]) == {"method", "path", "body"}
        and first["request"]["path"] == "/v1/messages"
    )
    assert first["request"]["body"]["messages"] == [{"role": "user", "content": PROMPT}]
    assert (
        set(first["response"]) == {"status", "body"}
        and first["response"]["body"]["stop_reason"] == "tool_use"
    )


def test_replay_gives_the_same_loop_result_with_no_claude_behind_it(recorded):
    path, original = recorded
    again = run(replay_client(path))
    assert summary(again) == summary(original)
    assert original.exit == "completed" and len(original.tool_calls) >= 3


def test_replayed_responses_are_labelled(recorded):
    path, _ = recorded
    client = replay_client(path)
    first = json.loads(path.read_text())["exchanges"][0]["request"]["body"]
    raw = client.messages.with_raw_response.create(**first)
    assert raw.headers["x-agentkit-replay"] == "lesson_parallel"


def test_a_changed_prompt_is_a_clear_mismatch(recorded):
    path, _ = recorded
    with pytest.raises(CassetteMismatch) as caught:
        run(replay_client(path), prompt="订单 A-1001 的商品坏了，请帮我退款。")
    e = caught.value
    assert (e.path, e.exchange, e.field) == (path, 1, "messages.0.content")
    assert str(path) in str(e) and "第 1 次请求" in str(e) and "messages.0.content" in str(e)
    assert "A-1002" in str(e)  # what was recorded is shown next to what was sent


def test_a_changed_history_names_the_later_exchange_and_field(recorded):
    path, _ = recorded
    replay = Replay(path)
    client = anthropic.Anthropic(
        api_key="x",
        max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(replay)),
    )
    body = replay.cassette.exchanges[1]["request"]["body"]
    client.messages.create(**replay.cassette.exchanges[0]["request"]["body"])
    changed = json.loads(json.dumps(body))
    changed["messages"][2]["content"][0]["content"] = (
        "库存不足"  # a tool result that differs from the recording
    )
    with pytest.raises(CassetteMismatch) as caught:
        client.messages.create(**changed)
    assert caught.value.exchange == 2 and caught.value.field == "messages.2.content.0.content"


def test_a_mismatch_is_not_retried_and_not_wrapped_by_the_sdk(recorded):
    path, _ = recorded
    replay = Replay(path)
    calls = []
    client = anthropic.Anthropic(
        api_key="x",
        max_retries=2,
        http_client=httpx2.Client(
            transport=httpx2.MockTransport(lambda r: calls.append(1) or replay(r))
        ),
    )
    with pytest.raises(CassetteMismatch):
        client.messages.create(
            model="claude-sonnet-4-6", max_tokens=10, messages=[{"role": "user", "content": "hi"}]
        )
    assert len(calls) == 1


def test_run_agent_loop_lets_the_mismatch_through(recorded):
    path, _ = recorded
    with pytest.raises(
        CassetteMismatch
    ):  # not turned into ModelCallFailed (that is for API errors)
        run(replay_client(path), prompt="今天天气怎么样？")


def test_running_past_the_end_says_so(recorded):
    path, _ = recorded
    client = replay_client(path)
    run(client)
    with pytest.raises(CassetteMismatch, match="只有 .* 次请求") as caught:
        client.messages.create(
            model="claude-sonnet-4-6", max_tokens=10, messages=[{"role": "user", "content": "再来"}]
        )
    assert caught.value.field is None


def test_re_running_a_cell_replays_again(recorded):
    path, original = recorded
    client = replay_client(path)
    run(client)
    assert summary(run(client)) == summary(original)  # the same requests again: served again


def test_first_difference():
    f = cassette.first_difference
    assert f({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}) is None
    assert (
        f({"messages": [{"content": "x"}]}, {"messages": [{"content": "y"}]})
        == "messages.0.content"
    )
    assert f({"messages": [1, 2]}, {"messages": [1, 2, 3]}) == "messages.2"
    assert f({"a": 1}, {"a": 1, "tool_choice": {}}) == "tool_choice"
    assert f({"max_tokens": 1024}, {"max_tokens": 2048}) == "max_tokens"
    assert f({"n": 120.0}, {"n": 120}) is None
    assert f({"n": True}, {"n": 1}) == "n"


# --- bad cassettes ----------------------------------------------------------------------------------


def test_a_missing_cassette_names_the_file(tmp_path):
    with pytest.raises(CassetteError, match="找不到录制文件") as caught:
        agentkit.make_client(replay=tmp_path / "nope.json")
    assert "nope.json" in str(caught.value)


@pytest.mark.parametrize(
    "content, problem",
    [
        ('{"agentkit_cassette": 1, "exchanges": [', "不是合法的 JSON（第 1 行"),
        ("[1, 2]", "顶层应是"),
        ('{"agentkit_cassette": 9, "exchanges": []}', "格式版本是 9"),
        (
            '{"agentkit_cassette": 1, "exchanges": [{"request": {"method": "POST", "path": "/v1/messages"}}]}',
            "第 1 次交换缺少 response",
        ),
    ],
)
def test_a_corrupt_cassette_says_what_is_wrong(tmp_path, content, problem):
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CassetteError, match=r"broken\.json") as caught:
        Replay(path)
    assert problem in str(caught.value)


# --- make_client ------------------------------------------------------------------------------------


def test_make_client_replay_labels_the_client(recorded):
    path, original = recorded
    client = agentkit.make_client(replay=path)
    assert client.offline is None and client.cassette.mode == "replay"
    date = json.loads(path.read_text())["recorded_at"][:10]
    assert (
        client.cassette.label
        == f"▶ 回放录制：lesson_parallel（录制于 {date}，模型 claude-sonnet-4-6）"
    )
    assert summary(run(client)) == summary(original)


def test_agentkit_replay_env_var(recorded, monkeypatch):
    path, original = recorded
    monkeypatch.setenv("AGENTKIT_REPLAY", str(path))
    client = agentkit.make_client()
    assert client.cassette.name == "lesson_parallel" and client.offline is None
    assert summary(run(client)) == summary(original)


def test_clients_in_one_process_share_the_replay_position(tmp_path):
    path = tmp_path / "two_clients.json"
    rec = agentkit.make_client(offline=True, record=path)
    run(rec)
    run(rec, prompt="今天天气怎么样？")
    first = agentkit.make_client(replay=path)
    run(first)
    second = agentkit.make_client(
        replay=path
    )  # a second client in the same notebook continues the recording
    assert second.cassette is first.cassette
    assert run(second, prompt="今天天气怎么样？").exit == "completed"


def test_make_client_record_offline_is_labelled_simulated(tmp_path):
    path = tmp_path / "sim.json"
    client = agentkit.make_client(offline=True, record=path)
    assert client.offline is not None and client.cassette.mode == "record"
    original = run(client)
    data = json.loads(path.read_text())
    assert data["backend"] == "offline" and len(data["exchanges"]) == original.turns
    replayed = agentkit.make_client(replay=path)
    assert "模拟 Claude" in replayed.cassette.label
    assert summary(run(replayed)) == summary(original)


@pytest.fixture
def local_api(monkeypatch):
    """The offline API behind a real HTTP server on 127.0.0.1: a stand-in for api.anthropic.com, so that
    recording goes through the SDK's real HTTP transport with a real key header."""
    api, seen = offline_api(), []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["content-length"]))
            seen.append({k.lower(): v for k, v in self.headers.items()})
            request = httpx2.Request(
                "POST", f"http://local{self.path}", content=body, headers=dict(self.headers)
            )
            response = api(request)
            self.send_response(response.status_code)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(response.content)))
            self.end_headers()
            self.wfile.write(response.content)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    for name in (
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("AGENTKIT_OFFLINE")
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", f"http://127.0.0.1:{server.server_address[1]}")
    yield seen
    server.shutdown()
    server.server_close()


def test_agentkit_record_with_a_key_records_over_http_and_replays_offline(
    tmp_path, monkeypatch, local_api
):
    path = tmp_path / "real.json"
    monkeypatch.setenv("AGENTKIT_RECORD", str(path))
    client = agentkit.make_client()
    assert client.offline is None and "真实 Claude" in client.cassette.label
    original = run(client)
    assert local_api and any(
        KEY in local_api[0].get(h, "") for h in ("authorization", "x-api-key")
    )  # sent...
    text = path.read_text(encoding="utf-8")
    assert (
        KEY not in text and "x-api-key" not in text.lower() and "authorization" not in text.lower()
    )  # not written
    assert json.loads(text)["backend"] == "anthropic-api"
    for name in ("AGENTKIT_RECORD", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name)
    monkeypatch.setenv("AGENTKIT_OFFLINE", "1")
    monkeypatch.setenv("AGENTKIT_REPLAY", str(path))
    replayed = agentkit.make_client()
    assert (
        replayed.cassette.label.startswith("▶ 回放录制：real（录制于 ")
        and "模拟" not in replayed.cassette.label
    )
    assert summary(run(replayed)) == summary(original)


def test_agentkit_record_without_a_key_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("AGENTKIT_RECORD", str(tmp_path / "x.json"))
    with pytest.raises(CassetteError, match="ANTHROPIC_API_KEY"):
        agentkit.make_client()
    assert (
        agentkit.make_client(offline=True).cassette is None
    )  # a lesson's explicit offline client is left alone


def test_agentkit_replay_leaves_an_explicit_offline_client_alone(recorded, monkeypatch):
    path, _ = recorded
    monkeypatch.setenv("AGENTKIT_REPLAY", str(path))
    client = agentkit.make_client(
        offline=True, faults={1: 529}
    )  # e.g. lesson 06 showing the SDK's retries
    assert isinstance(client.offline, OfflineAPI) and client.cassette is None


def test_make_client_record_with_a_key_wraps_the_real_transport(tmp_path, monkeypatch):
    monkeypatch.delenv("AGENTKIT_OFFLINE")
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    monkeypatch.setenv("AGENTKIT_RECORD", str(tmp_path / "real.json"))
    client = agentkit.make_client()  # no request is sent
    transport = client._client._transport
    assert isinstance(transport, RecordingTransport) and isinstance(
        transport.inner, httpx2.HTTPTransport
    )
    assert client.offline is None and client.cassette.backend == "anthropic-api"
    assert "真实 Claude" in client.cassette.label
    assert not (tmp_path / "real.json").exists()  # written on the first exchange


def test_without_record_or_replay_nothing_changes():
    client = agentkit.make_client()
    assert client.cassette is None
    assert isinstance(client._client._transport, httpx2.MockTransport)


def test_record_and_replay_together_is_an_error(tmp_path):
    with pytest.raises(CassetteError, match="不能同时录制和回放"):
        agentkit.make_client(record=tmp_path / "a.json", replay=tmp_path / "b.json")


@pytest.mark.parametrize(
    "response, why",
    [
        (
            {"status": 200, "body": {"hello": "world"}},
            "缺少字段 id, type, role, content, stop_reason, usage",
        ),
        ({"status": 400, "body": {"oops": 1}}, "错误响应应是"),
        (
            {"status": 200, "content_type": "text/plain", "text": "hello"},
            "既不是 JSON 消息，也不是 SSE 事件流",
        ),
    ],
)
def test_a_recorded_response_that_is_not_an_api_answer_is_refused_on_load(tmp_path, response, why):
    bad = tmp_path / "bad.json"
    ok = {
        "request": {"method": "GET", "path": "/v1/models", "body": None},
        "response": {"status": 200, "body": {"data": []}},
    }
    exchange = {
        "request": {"method": "POST", "path": "/v1/messages", "body": {}},
        "response": response,
    }
    bad.write_text(json.dumps({"agentkit_cassette": 1, "exchanges": [ok, exchange]}))
    with pytest.raises(cassette.CassetteError) as e:
        cassette.Cassette.load(bad)
    assert str(bad) in str(e.value) and "第 2 次交换（POST /v1/messages）" in str(e.value)
    assert why in str(e.value)


# --- the user's files are never touched (issue 19, point 5) -----------------------------------------


def refused(path, match):
    with pytest.raises(CassetteError, match=match) as e:
        agentkit.make_client(offline=True, record=path)
    assert str(path) in str(e.value)


def test_recording_refuses_a_file_that_is_not_a_cassette(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    refused(notes, "不是录制文件")
    assert notes.read_text() == "my notes\n"


def test_recording_refuses_a_folder_a_symlink_and_a_device(tmp_path):
    refused(tmp_path, "目录")
    target = tmp_path / "target.json"
    target.write_text("keep me")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    refused(link, "符号链接")
    assert target.read_text() == "keep me" and link.is_symlink()
    refused(cassette.Path("/dev/null"), "设备")


def test_recording_over_an_existing_cassette_or_an_empty_file_is_fine(recorded, tmp_path):
    path, _ = recorded
    run(agentkit.make_client(offline=True, record=path), prompt="今天天气怎么样？")
    assert json.loads(path.read_text())["agentkit_cassette"] == cassette.FORMAT
    empty = tmp_path / "empty.json"
    empty.touch()
    run(agentkit.make_client(offline=True, record=empty))
    assert cassette.Cassette.load(empty).exchanges


def test_a_failure_to_save_is_one_cassette_error_and_the_request_is_not_resent(
    tmp_path, monkeypatch
):
    path = tmp_path / "full_disk.json"
    client = agentkit.make_client(offline=True, record=path)  # max_retries=2: the SDK would retry

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cassette.os, "fsync", disk_full)
    with pytest.raises(CassetteError) as e:
        client.messages.create(
            model="claude-sonnet-4-6", max_tokens=64, messages=[{"role": "user", "content": "hi"}]
        )
    assert str(path) in str(e.value) and "No space left on device" in str(e.value)
    assert client.offline.calls == 1  # sent once, never retried
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no stray temporary file


def test_a_recording_is_written_atomically_beside_the_target(tmp_path, monkeypatch):
    path = tmp_path / "atomic.json"
    mine = tmp_path / "atomic.json.tmp"  # a file of the user's with the obvious temporary name
    mine.write_text("not yours")
    client = agentkit.make_client(offline=True, record=path)
    run(client)
    before = path.read_bytes()
    seen = []
    real_replace = cassette.os.replace

    def replace(src, dst):
        seen.append((cassette.Path(src).parent, cassette.Path(dst)))
        assert cassette.Path(dst).read_bytes() == before  # the old file is whole until the rename
        real_replace(src, dst)

    monkeypatch.setattr(cassette.os, "replace", replace)
    run(client, prompt="今天天气怎么样？")
    assert seen and all(folder == tmp_path and dst == path for folder, dst in seen)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["atomic.json", "atomic.json.tmp"]
    assert mine.read_text() == "not yours"


def test_a_deeply_nested_cassette_names_the_file(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"agentkit_cassette": 1, "exchanges": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(CassetteError, match="嵌套太深") as e:
        agentkit.make_client(replay=path)
    assert str(path) in str(e.value)


# --- hostile review: damaged in new ways (wrong types deep inside, not-a-number, odd statuses) ---


def _damaged(recorded, change):
    path, _ = recorded
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["exchanges"][0]["response"])
    bad = path.with_name("damaged.json")
    bad.write_text(json.dumps(data, allow_nan=True), encoding="utf-8")
    return bad


@pytest.mark.parametrize(
    "change, why",
    [
        (lambda r: r["body"].update(content=[5]), "字段 content.0"),
        (lambda r: r["body"].update(usage="x"), "字段 usage"),
        (lambda r: r["body"].update(stop_reason=5), "字段 stop_reason"),
        (lambda r: r.update(status=True), "status true 不是 HTTP 状态码"),
        (lambda r: r.update(status=0), "status 0 不是 HTTP 状态码"),
        (lambda r: r.update(status=-1), "status -1 不是 HTTP 状态码"),
        (lambda r: r["body"]["usage"].update(output_tokens=float("nan")), "含有 NaN"),
        (
            lambda r: r.update(
                status=500, body={"type": "error", "error": {"type": 5, "message": [1]}}
            ),
            "错误响应应是",
        ),
        (
            lambda r: (r.pop("body"), r.update(text="event: message_start\ndata: {bad\n\n")),
            "SSE 事件 1 的 data 不是 JSON 对象",
        ),
    ],
)
def test_a_cassette_damaged_deep_inside_is_refused_on_load_naming_the_file(recorded, change, why):
    """Each of these was replayed into the learner's loop, which then crashed on `block.type`, or
    (NaN) the SDK reported a "Connection error."."""
    bad = _damaged(recorded, change)
    with pytest.raises(CassetteError) as e:
        cassette.Cassette.load(bad)
    assert str(bad) in str(e.value) and why in str(e.value)


def test_a_number_too_large_for_a_float_in_a_cassette_is_refused(recorded):
    path, _ = recorded
    bad = path.with_name("huge.json")
    text = path.read_text(encoding="utf-8").replace(
        '"output_tokens": ', '"output_tokens": 1e400, "x": ', 1
    )
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(CassetteError, match="1e400") as e:
        cassette.Cassette.load(bad)
    assert str(bad) in str(e.value)


def test_a_replay_path_too_long_for_the_system_is_one_cassette_error(tmp_path):
    long = tmp_path / ("a" * 5000 + ".json")
    with pytest.raises(CassetteError) as e:
        agentkit.make_client(offline=True, replay=long)
    assert str(long) in str(e.value) and "\n" not in str(e.value)


# --- issue 34: hand-edited cassettes ---------------------------------------------------------------


@pytest.mark.parametrize(
    "field, value, shown",
    [
        ("recorded_at", 20261201, "20261201"),
        ("model", ["claude"], '["claude"]'),
        ("backend", 1, "1"),
    ],
)
def test_a_cassette_field_of_the_wrong_type_names_the_file_and_the_field(
    recorded, field, value, shown
):
    """A numeric recorded_at loaded, then the label raised TypeError (`date` slices it)."""
    path, _ = recorded
    data = json.loads(path.read_text(encoding="utf-8"))
    data[field] = value
    bad = path.with_name("edited.json")
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CassetteError) as e:
        agentkit.make_client(replay=bad)
    assert str(bad) in str(e.value) and f'"{field}"' in str(e.value) and shown in str(e.value)
    data[field] = None if field != "backend" else "offline"  # what the field may hold
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert cassette.Cassette.load(bad).label.startswith("▶ 回放录制：edited（录制于 ")


@pytest.fixture
def streamed(tmp_path):
    """A cassette of one streamed reply (text), recorded around the offline API."""
    path = tmp_path / "streamed.json"
    client = anthropic.Anthropic(
        api_key=KEY,
        max_retries=0,
        http_client=httpx2.Client(transport=RecordingTransport(offline_api(), path)),
    )
    ask = {
        "model": "claude-sonnet-4-6",
        "max_tokens": 64,
        "messages": [{"role": "user", "content": "hi"}],
    }
    with client.messages.stream(**ask) as s:
        s.get_final_message()
    return path, ask


def _events(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    text = data["exchanges"][0]["response"]["text"]
    return data, [e for e in text.split("\n\n") if e]


def _save_events(path, data, events, name="reordered.json"):
    data["exchanges"][0]["response"]["text"] = "\n\n".join(events) + "\n\n"
    bad = path.with_name(name)
    bad.write_text(json.dumps(data), encoding="utf-8")
    return bad


def test_a_streamed_cassette_replays(streamed):
    path, ask = streamed
    client = replay_client(path)
    with client.messages.stream(**ask) as s:
        assert s.get_final_message().content[0].text


def _swap(events, a, b):
    events = list(events)
    i = next(n for n, e in enumerate(events) if f"event: {a}\n" in e)
    j = next(n for n, e in enumerate(events) if f"event: {b}\n" in e)
    events[i], events[j] = events[j], events[i]
    return events


@pytest.mark.parametrize(
    "reorder, why",
    [
        (
            lambda ev: _swap(ev, "content_block_start", "content_block_delta"),
            "SSE 事件 3（content_block_delta）",
        ),
        (
            lambda ev: _swap(ev, "message_start", "content_block_start"),
            "SSE 事件 1（content_block_start）在 message_start 之前",
        ),
        (lambda ev: _swap(ev, "content_block_stop", "message_delta"), "内容块 0 还没有结束"),
        (lambda ev: [*ev, ev[-2]], "在 message_stop 之后"),  # a message_delta after the end
        (lambda ev: [e.replace('"index":0', '"index":1') for e in ev], "index 是 1，应是 0"),
    ],
)
def test_stream_events_out_of_order_name_the_file_the_exchange_and_the_event(
    streamed, reorder, why
):
    """They were refused by no one: the SDK raised IndexError (a delta for a block never started)
    from inside its stream accumulator, or RuntimeError "Unexpected event order"."""
    path, ask = streamed
    data, events = _events(path)
    bad = _save_events(path, data, reorder(events))
    with pytest.raises(CassetteError) as e:
        cassette.Cassette.load(bad)
    message = str(e.value)
    assert str(bad) in message and "第 1 次交换（POST /v1/messages）" in message, message
    assert why in message, message
