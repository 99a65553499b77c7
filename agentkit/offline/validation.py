"""Request validation with the Messages API's own wording (HTTP 400 `invalid_request_error`).

Each wording below is one users have pasted from the live API; the public thread it was checked
against is named next to the check.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from typing import Any

from ..content import blocks
from . import agent_features, models, schema
from .model import thinking_on as _thinking_on

ROLES = ("user", "assistant")
TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,128}$")
THINKING_DOCS = "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
SIGNING_KEY = b"agentkit offline thinking signature v1"


class InvalidRequest(Exception):
    """A request the API refuses. `status`/`kind` default to 400 invalid_request_error. `code` names
    the check that refused it (the live API sends no such code: it is for the grader, which reads
    `OfflineAPI.refusals`, never the wording)."""

    def __init__(
        self,
        message: str,
        status: int = 400,
        kind: str = "invalid_request_error",
        code: str = "invalid_request",
        details: dict[str, Any] | None = None,
    ):
        super().__init__(message)
        self.status, self.kind, self.code, self.details = status, kind, code, details


def sign(thinking: str) -> str:
    """The signature of a thinking block: it proves the block is the one this API wrote."""
    digest = hmac.new(SIGNING_KEY, thinking.encode(), hashlib.sha256).digest()
    return base64.b64encode(b"\x01agentkit" + digest).decode()


NO_BLOCKS: list[Any] = []  # shared, never changed: a message whose blocks no check reads


def validate(
    body: dict[str, Any],
    *,
    count_only: bool = False,
    today: Any = None,
    known: int = 0,
    seen: set[Any] | None = None,
    beta: bool = True,
    cache_marks: int | None = None,
    references: int | None = None,
    tools_known: bool = False,
    fields_known: bool = False,
) -> set[Any]:
    """Raise InvalidRequest with the API's wording for the protocol errors a learner can make; return
    the request's tool_use ids. `count_only`: the body of `POST /v1/messages/count_tokens`; `beta`:
    the request may use the beta fields (it carries an `anthropic-beta` header, or comes from
    `client.beta`). Every field's type is checked first (agentkit.offline.schema), so the checks
    below and everything after them read a body of the request's type. `cache_marks`: how many
    times the raw body spells the key "cache_control" (at most 4: the breakpoints need no count);
    `references`, the key "tool_reference" (0: no message needs a walk for tool references).
    `known`, `seen`: the first `known` messages are those of an earlier valid request with the same
    `tools` presence, whose tool_use ids were `seen`, and whose last message is a turn of its own
    (an agent loop resends its history: only the new turns are walked again). `tools_known`: the
    `tools` are an earlier valid request's, under the same `beta`: their types are not walked
    again. `fields_known`: every field but `messages` is an earlier valid request's, byte for byte,
    under the same `beta` (an agent loop's next request): the checks that read no message and no
    clock passed then, and are not run again."""
    if not fields_known:
        _validate_thread(body)  # before the types: SDKs fall back on this refusal's details
    try:
        schema.check_body(
            body,
            count_only=count_only,
            beta=beta,
            known=known,
            tools_known=tools_known,
            fields_known=fields_known,
        )
    except schema.TypeProblem as e:
        raise InvalidRequest(str(e)) from None
    _integers(body)
    if not fields_known:
        _validate_fields(body, count_only)
    _validate_model(body["model"], today)  # the clock may have moved: a model retires
    if not count_only and not fields_known:
        _validate_max_tokens(body["max_tokens"], body["model"])
        _validate_sampling(body, body["model"])
    if cache_marks is None or cache_marks > CACHE_BREAKPOINTS:
        _validate_cache_control(body)
    if not fields_known:
        _validate_thinking_config(body, count_only)
        _validate_tools(body.get("tools") or [], body.get("tool_choice"), tools_known)
    if references != 0 or not tools_known:  # the tools alone passed with an earlier request
        _validate_tool_search(body, references != 0)
    msgs = body["messages"]
    _validate_messages(msgs, known, body["model"])
    # each message's blocks (its own content list, no copy; checked to hold only objects below),
    # from the first the checks below read: the new messages, and the last two (the final turn)
    first = max(0, min(known, len(msgs) - 2))
    bl = [NO_BLOCKS] * first + [
        c if type(c := m.get("content")) is list else NO_BLOCKS for m in msgs[first:]
    ]
    _validate_blocks(msgs, bl, known)
    seen = _validate_tool_pairs(msgs, bl, known, set(seen or ()))
    _validate_thinking_blocks(msgs, bl, _thinking_on(body))
    _validate_final_assistant(msgs, body["model"])
    return seen


def _integers(body: dict[str, Any]) -> None:
    """The integer fields the API computes with, as integers: pydantic reads `1024.0` as 1024 (the
    types accept it), and a reply counts its tokens in integers."""
    if type(body.get("max_tokens")) is float:
        body["max_tokens"] = int(body["max_tokens"])
    t = body.get("thinking")
    if type(t) is dict and type(t.get("budget_tokens")) is float:
        t["budget_tokens"] = int(t["budget_tokens"])


def _validate_fields(body: dict[str, Any], count_only: bool) -> None:
    if count_only:
        return
    if body["max_tokens"] < 0:
        # pydantic's wording of the documented minimum ("minimum: 0" in the API reference; "Set to
        # `0` to populate the prompt cache" in the SDK's docstring of max_tokens)
        raise InvalidRequest("max_tokens: Input should be greater than or equal to 0")
    if body["max_tokens"] == 0:
        _validate_prewarm(body)


def _prewarm_conflict(body: dict[str, Any]) -> str | None:
    """What in a `max_tokens: 0` request implies output, or None."""
    thinking = body.get("thinking")
    config = body.get("output_config")
    choice = body.get("tool_choice")
    if body.get("stream"):
        return "`stream: true`"
    if isinstance(thinking, dict) and thinking.get("type") == "enabled":
        return 'extended thinking (`thinking.type: "enabled"`)'
    if isinstance(config, dict) and config.get("format") is not None:
        return "structured outputs (`output_config.format`)"
    if isinstance(choice, dict) and choice.get("type") in ("any", "tool"):
        return "a `tool_choice` that forces tool use"
    return None


def _validate_prewarm(body: dict[str, Any]) -> None:
    """A `max_tokens: 0` request pre-warms the prompt cache and generates nothing. The prompt
    caching docs (https://platform.claude.com/docs/en/build-with-claude/prompt-caching
    #pre-warming-the-cache, "Limitations") say it is an `invalid_request_error` with `stream: true`,
    thinking `enabled`, `output_config.format`, or a `tool_choice` of `any`/`tool`, "since each
    implies output that a zero-token budget cannot produce". No public paste of the live API's
    wording was found: this one is ours, written after the docs' sentence."""
    conflict = _prewarm_conflict(body)
    if conflict:
        raise InvalidRequest(
            f"max_tokens: 0 (cache pre-warming) cannot be used with {conflict}: it implies output "
            "that a zero-token budget cannot produce.",
            code="prewarm_with_output",
        )


def _validate_thread(body: dict[str, Any]) -> None:
    if isinstance(body, dict) and body.get("thread"):
        raise InvalidRequest(
            agent_features.THREAD_MESSAGE,
            code="thread_unsupported",
            details=dict(agent_features.THREAD_DETAILS),
        )


def _validate_model(model: Any, today: Any) -> None:
    # Unknown and retired ids: 404, e.g. https://github.com/vicharanashala/vibe/issues/1259
    # (claude-sonnet-4-20250514, retired) and https://github.com/anthropics/claude-code/issues/5349
    if not models.available(model, models.today(today)):
        raise InvalidRequest(f"model: {model}", 404, "not_found_error")


def _validate_max_tokens(max_tokens: int, model: str) -> None:
    # https://github.com/anthropics/claude-code/issues/24451 ("max_tokens: 128001 > 64000, which is the
    # maximum allowed number of output tokens for claude-opus-4-5-20251101")
    limit = models.max_output_tokens(model)
    if max_tokens > limit:
        raise InvalidRequest(
            f"max_tokens: {max_tokens} > {limit}, which is the maximum allowed number of output "
            f"tokens for {model}"
        )


SAMPLING_RANGES = {"temperature": (0, 1), "top_p": (0, 1)}  # top_k: an integer, its type says


def _validate_sampling(body: dict[str, Any], model: str) -> None:
    """`temperature`, `top_p` and `top_k` (typed by agentkit.offline.schema, which refuses a null
    as pydantic does): their ranges, then the model's rule (agentkit.offline.models.SAMPLING_RULES,
    where the sources are)."""
    sent = [name for name in models.SAMPLING if name in body]
    if not sent:
        return
    for name in sent:
        low, high = SAMPLING_RANGES.get(name, (None, None))
        if low is not None and not low <= body[name] <= high:
            # "temperature: range: -1 or 0..1" (anthropics/anthropic-sdk-python#893) and "top_p:
            # range: -1 or 0..1" (anthropics/anthropic-sdk-typescript#484); -1 is refused since
            # (a maintainer in #893, 2026-08), so the range reads 0..1 (as public probes record
            # it). No public refusal of a negative top_k was found: only its type is checked.
            raise InvalidRequest(f"{name}: range: 0..1")
    rule = models.sampling_rule(model)
    if rule == "deprecated":
        # danielmiessler/Fabric#2109 (claude-opus-4-7), The-PR-Agent/pr-agent#2456 (opus-4-8,
        # fable-5): "`temperature` is deprecated for this model."; router-for-me/CLIProxyAPI#4383
        # ("`top_p` …") and vellum-ai/vellum-assistant#35820 ("`top_k` …"): whatever the value
        raise InvalidRequest(f"`{sent[0]}` is deprecated for this model.", code="sampling")
    if rule == "temperature_or_top_p" and {"temperature", "top_p"} <= set(sent):
        # Vali-98/ChatterUI#564 (claude-sonnet-4-6) and langfuse/langfuse#9882 (Sonnet 4.5)
        raise InvalidRequest(
            "`temperature` and `top_p` cannot both be specified for this model. Please use only "
            "one.",
            code="sampling",
        )


CACHE_BREAKPOINTS = 4


def _validate_cache_control(body: dict[str, Any]) -> None:
    """At most 4 blocks may carry `cache_control` (system blocks, tools, message blocks and the blocks
    inside tool results)."""
    found = 0
    system = body.get("system")
    for part in (system if isinstance(system, list) else [], body.get("tools") or []):
        found += sum("cache_control" in b and b["cache_control"] is not None for b in part)
    for m in body["messages"]:
        c = m.get("content")
        if type(c) is not list:
            continue
        for b in c:
            if b.get("cache_control") is not None:
                found += 1
            inner = b.get("content") if b.get("type") == "tool_result" else None
            if type(inner) is list:
                found += sum(x.get("cache_control") is not None for x in inner)
    if found > CACHE_BREAKPOINTS:
        # https://github.com/tghamm/Anthropic.SDK/issues/50 and Wei-Shaw/sub2api#176
        raise InvalidRequest(
            f"A maximum of {CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found {found}."
        )


def _validate_thinking_config(body: dict[str, Any], count_only: bool) -> None:
    choice = body.get("tool_choice")
    if _thinking_on(body) and isinstance(choice, dict) and choice.get("type") in ("any", "tool"):
        # https://github.com/mastra-ai/mastra/issues/7507
        raise InvalidRequest("Thinking may not be enabled when tool_choice forces tool use.")
    t = body.get("thinking")
    if not isinstance(t, dict) or t.get("type") != "enabled":
        return
    budget = t.get("budget_tokens")
    # pasted (prefix masked) in tingly-dev/tingly-box#569: "….enabled.budget_tokens: Input should be
    # greater than or equal to 1024"
    if not isinstance(budget, int) or budget < 1024:
        raise InvalidRequest(
            "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"
        )
    # https://github.com/anthropics/claude-code/issues/8756
    if not count_only and budget >= body["max_tokens"]:
        raise InvalidRequest(
            "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our "
            f"documentation at {THINKING_DOCS}#max-tokens-and-context-window-size"
        )


def _validate_tools(tools: list[Any], choice: Any, known: bool = False) -> None:
    """Each tool's name and schema, the names unique (`known`: an earlier valid request's tools, all
    checked then), and the tool_choice against them."""
    if known:
        names = [t.get("name") for t in tools]
    else:
        names = [_tool_name(i, t) for i, t in enumerate(tools)]
        if len(set(names)) != len(names):
            raise InvalidRequest("tools: Tool names must be unique.")
    if choice is not None:
        _validate_tool_choice(choice, names)


def _tool_name(i: int, t: Any) -> Any:
    if not isinstance(t, dict):
        raise InvalidRequest(f"tools.{i}: Input should be a valid dictionary")
    if "type" in t and t["type"] != "custom":
        _validate_domains(i, t)
        return t.get("name")  # a server tool, e.g. web_search_20250305
    if "name" not in t:
        raise InvalidRequest(f"tools.{i}.custom.name: Field required")
    if not isinstance(t["name"], str) or not TOOL_NAME.match(t["name"]):
        raise InvalidRequest(
            f"tools.{i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{{1,128}}$'"
        )
    schema = t.get("input_schema")
    if schema is None:
        raise InvalidRequest(f"tools.{i}.custom.input_schema: Field required")
    if not isinstance(schema, dict) or schema.get("type") != "object":
        raise InvalidRequest(f"tools.{i}.custom.input_schema.type: Input should be 'object'")
    if not _subschemas_valid(schema):
        # anthropics/anthropic-sdk-java#241: {"properties": {"xCoordinate": "number"}} gets this
        raise InvalidRequest(
            f"tools.{i}.custom.input_schema: JSON schema is invalid. It must match JSON Schema "
            "draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at "
            "https://docs.claude.com/en/docs/tool-use."
        )
    return t["name"]


def _subschemas_valid(schema: Any) -> bool:
    """Every schema inside a schema is an object or a boolean (JSON Schema draft 2020-12): each
    value of `properties`, `items`, `additionalProperties`, and each of `anyOf` / `oneOf` /
    `allOf`, all the way down; `properties` and `required` have their own shapes."""
    if isinstance(schema, bool):
        return True
    if not isinstance(schema, dict):
        return False
    props = schema.get("properties", {})
    if not isinstance(props, dict) or not all(_subschemas_valid(p) for p in props.values()):
        return False
    required = schema.get("required", [])
    if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
        return False
    for key in ("items", "additionalProperties"):
        if key in schema and not _subschemas_valid(schema[key]):
            return False
    for key in ("anyOf", "oneOf", "allOf"):
        parts = schema.get(key, [])
        if not isinstance(parts, list) or not all(_subschemas_valid(p) for p in parts):
            return False
    return True


DOMAIN_LISTS = ("allowed_domains", "blocked_domains")


def _validate_domains(i: int, t: dict[str, Any]) -> None:
    """A server tool's domain lists (web_search, web_fetch): one of the two at most, never empty
    (null, or leaving the field out, is no restriction)."""
    at = f"tools.{i}.{t['type']}"
    for name in DOMAIN_LISTS:
        if t.get(name) == []:
            # CherryHQ/cherry-studio#10374 ("tools.0.web_search_20250305.blocked_domains: Empty
            # list of domains is ambiguous. Provide at least one domain or null.")
            raise InvalidRequest(
                f"{at}.{name}: Empty list of domains is ambiguous. Provide at least one domain "
                "or null."
            )
    if all(t.get(name) is not None for name in DOMAIN_LISTS):
        # The SDK's docstrings: "Cannot be used alongside `blocked_domains`". The sentence is the
        # one the docs give for this refusal ("Only one of allowed_domains or blocked_domains may be
        # set.", https://platform.claude.com/docs/en/managed-agents/tools, which shares the
        # Messages API's domain vocabulary); its location is taken from the empty-list wording
        # above (no Messages API paste of this one was found)
        raise InvalidRequest(f"{at}: Only one of allowed_domains or blocked_domains may be set.")


def _validate_tool_choice(choice: Any, names: list[Any]) -> None:
    kind = choice.get("type") if isinstance(choice, dict) else None
    if kind not in ("auto", "any", "tool", "none"):
        raise InvalidRequest(
            "tool_choice.type: Input tag does not match any of the expected tags: 'auto', 'any', 'tool', 'none'"
        )
    if kind == "any" and not names:
        raise InvalidRequest("tool_choice may only be specified while providing tools.")
    if kind == "tool" and choice.get("name") not in names:
        raise InvalidRequest(f"tool_choice: tool '{choice.get('name')}' was not found in tools")


def _validate_tool_search(body: dict[str, Any], references: bool = True) -> None:
    problem = agent_features.tool_search_problem(body, references)
    if problem:
        raise InvalidRequest(problem[1], code=problem[0])


def _validate_messages(msgs: list[Any], known: int, model: Any = None) -> None:
    if not msgs:
        raise InvalidRequest("messages: at least one message is required")
    last = len(msgs) - 1
    for i in range(known, len(msgs)):
        m = msgs[i]
        if (
            type(m) is dict
            and m.get("role") in ROLES
            and type(m.get("content")) is list
            and m["content"]
        ):
            continue  # the usual message: checked block by block below
        if (
            type(m) is dict
            and m.get("role") == "system"
            and agent_features.system_message_allowed(msgs, i, model)
        ):
            continue  # a mid-conversation system message where the API takes one
        _validate_message(i, m, i == last)
    if msgs[0]["role"] != "user":
        raise InvalidRequest('messages: first message must use the "user" role')


def _validate_message(i: int, m: Any, is_last: bool) -> None:
    if not isinstance(m, dict) or m.get("role") not in ("user", "assistant"):
        raise InvalidRequest(f"messages.{i}.role: Input should be 'user' or 'assistant'")
    content = m.get("content", "")
    if not isinstance(content, (str, list)):
        raise InvalidRequest(f"messages.{i}.content: Input should be a valid list")
    if not content and not (is_last and m["role"] == "assistant"):
        raise InvalidRequest(
            f"messages.{i}: all messages must have non-empty content except for the optional final assistant message"
        )
    if isinstance(content, str) and content and not content.strip():
        _whitespace(is_last and m["role"] == "assistant")


def _whitespace(final_assistant: bool) -> None:
    # https://github.com/anthropics/claude-code/issues/23440 (the final assistant message has its own
    # trailing-whitespace rule, below)
    if not final_assistant:
        raise InvalidRequest("messages: text content blocks must contain non-whitespace text")


ID_PATTERNS = {
    "tool_use": re.compile(r"^[a-zA-Z0-9_-]+$"),
    "server_tool_use": re.compile(r"^srvtoolu_[a-zA-Z0-9_]+$"),
}


def _id_ok(kind: str, tid: Any) -> bool:
    # fullmatch: `$` alone lets a final newline through
    return isinstance(tid, str) and ID_PATTERNS[kind].fullmatch(tid) is not None


def _validate_blocks(
    msgs: list[dict[str, Any]], bl: list[list[dict[str, Any]]], known: int
) -> None:
    """One pass over every block: whitespace-only text, block values, thinking signatures."""
    last = len(msgs) - 1
    for i in range(known, len(bl)):
        for k, b in enumerate(bl[i]):
            if type(b) is not dict:
                raise InvalidRequest(
                    f"messages.{i}.content.{k}: Input should be a valid dictionary"
                )
            kind = b.get("type")
            if kind == "text":
                text = b["text"]
                if not text and b.get("cache_control") is not None:
                    # anthropics/claude-code#55689 ("messages.170.content.3.text: cache_control
                    # cannot be set for empty text blocks", before the next check's wording)
                    raise InvalidRequest(
                        f"messages.{i}.content.{k}.text: cache_control cannot be set for empty "
                        "text blocks"
                    )
                if not text:
                    # https://github.com/anthropics/claude-code/issues/59812 and miurla/morphic#83
                    raise InvalidRequest("messages: text content blocks must be non-empty")
                if not text.strip():
                    _whitespace(i == last and msgs[i]["role"] == "assistant")
            else:
                _validate_block_values(kind, b, i, k, msgs[i]["role"])
            # No check that a history with tool_use / tool_result blocks comes with `tools`: the
            # live API refused it in 2024 ("Requests which include `tool_use` or `tool_result`
            # blocks must define tools.", anthropics/anthropic-sdk-python#494) and accepts it now:
            # live claude-sonnet-4-6 answers such a request with text, HTTP 200 (vercel/ai#16991
            # and #17005, 2026-07-09), and the TypeScript SDK's own compaction request sends the
            # history without `tools` (anthropics/anthropic-sdk-typescript,
            # src/lib/tools/BetaToolRunner.ts, #checkAndCompact). The model then calls no tool.
            if kind == "thinking" and b.get("signature") != sign(str(b.get("thinking"))):
                # https://github.com/lbjlaq/Antigravity-Manager/issues/498 and
                # https://github.com/ding113/claude-code-hub/issues/518
                raise InvalidRequest(
                    f"messages.{i}.content.{k}: Invalid `signature` in `thinking` block"
                )


def _validate_block_values(kind: Any, b: dict[str, Any], i: int, k: int, role: str) -> None:
    """What the types do not check about block `k` of message `i`: the role it may appear in, tool
    ids' pattern, images' data."""
    if kind == "tool_result" and role == "assistant":
        # tghamm/Anthropic.SDK#128 ("`tool_result` blocks can only be in `user` messages"), at the
        # message's location as proxies that split such turns quote it ("messages.9: …")
        raise InvalidRequest(
            f"messages.{i}: `tool_result` blocks can only be in `user` messages",
            code="tool_result_in_assistant",
        )
    if kind in ID_PATTERNS and not _id_ok(kind, b.get("id")):
        # CommandCodeAI/command-code#323, BlockRunAI/ClawRouter#17 ("messages.1.content.1.
        # tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'") and
        # ding113/claude-code-hub#470 (server_tool_use: '^srvtoolu_[a-zA-Z0-9_]+$')
        raise InvalidRequest(
            f"messages.{i}.content.{k}.{kind}.id: String should match pattern "
            f"'{ID_PATTERNS[kind].pattern}'"
        )
    # (a tool_result's text holds no image)
    if kind == "image" or (kind == "tool_result" and type(b.get("content")) is list):
        _validate_images(b, f"messages.{i}.content.{k}")


IMAGE_MAGIC = {
    "image/png": (b"\x89PNG\r\n\x1a\n",),
    "image/jpeg": (b"\xff\xd8\xff",),
    "image/gif": (b"GIF87a", b"GIF89a"),
    "image/webp": (b"RIFF",),  # then 4 bytes of size and b"WEBP"
}


def _validate_images(b: dict[str, Any], at: str) -> None:
    """An image block's base64 data (or those inside a tool_result's content): not empty, base64,
    and an image of its media_type."""
    if b.get("type") == "tool_result":
        inner = b.get("content")
        for n, x in enumerate(inner if type(inner) is list else []):
            if x.get("type") == "image":
                _validate_images(x, f"{at}.tool_result.content.{n}")
        return
    source = b["source"]
    if source.get("type") != "base64":
        return
    where = f"{at}.image.source.base64"
    if not source["data"]:
        # https://github.com/anthropics/claude-code/issues/12750
        raise InvalidRequest(f"{where}: image cannot be empty")
    try:
        raw = base64.b64decode(source["data"], validate=True)
    except ValueError:
        # anthropics/anthropic-sdk-typescript#603 and felixarntz/ai-services#19
        raise InvalidRequest(f"{where}: invalid base64 data") from None
    media = source["media_type"]
    if not raw.startswith(IMAGE_MAGIC[media]) or (media == "image/webp" and raw[8:12] != b"WEBP"):
        # https://github.com/anthropics/claude-code/issues/6300 and #15746
        raise InvalidRequest(f"{where}.data: Image does not match the provided media type {media}")


def _spans(msgs: list[dict[str, Any]], first: int = 0) -> list[tuple[str, int, int]]:
    """The API combines consecutive messages of one role into one turn: (role, first, end) of each,
    from message `first` on."""
    spans: list[tuple[str, int, int]] = []
    start = first
    for i in range(first + 1, len(msgs) + 1):
        if i == len(msgs) or msgs[i]["role"] != msgs[start]["role"]:
            spans.append((msgs[start]["role"], start, i))
            start = i
    return spans


def _validate_tool_pairs(
    msgs: list[dict[str, Any]], bl: list[list[dict[str, Any]]], known: int, seen: set[Any]
) -> set[Any]:
    spans = _spans(msgs, known)
    prev: set[Any] = set()
    for n, (role, start, end) in enumerate(spans):
        if role == "user":
            _check_results(bl, start, end, prev)
            prev = set()
            continue
        uses = [
            (i, k, b.get("id"))
            for i in range(start, end)
            for k, b in enumerate(bl[i])
            if b.get("type") == "tool_use"
        ]
        _check_unique(uses, seen)
        prev = {u[2] for u in uses}
        if uses:
            _check_answered(bl, uses, spans[n + 1] if n + 1 < len(spans) else ("user", 0, 0))
    return seen


def _check_results(bl: list[list[dict[str, Any]]], start: int, end: int, prev: set[Any]) -> None:
    for i in range(start, end):
        for k, b in enumerate(bl[i]):
            if b.get("type") == "tool_result" and b.get("tool_use_id") not in prev:
                raise InvalidRequest(
                    f"messages.{i}.content.{k}: unexpected `tool_use_id` found in `tool_result` blocks: "
                    f"{b.get('tool_use_id')}. Each `tool_result` block must have a corresponding `tool_use` "
                    f"block in the previous message.",
                    code="tool_result_unexpected",
                )


def _check_unique(uses: list[tuple[int, int, Any]], seen: set[Any]) -> None:
    # https://github.com/mikeyobrien/ralph-orchestrator/issues/119 ("messages.1.content.1: `tool_use`
    # ids must be unique") and https://github.com/anthropics/claude-agent-sdk-python/issues/522
    for i, k, tid in uses:
        if tid in seen:
            raise InvalidRequest(
                f"messages.{i}.content.{k}: `tool_use` ids must be unique",
                code="tool_use_id_repeated",
            )
        seen.add(tid)


def _check_answered(
    bl: list[list[dict[str, Any]]], uses: list[tuple[int, int, Any]], nxt: tuple[str, int, int]
) -> None:
    leading = []
    for b in (b for i in range(nxt[1], nxt[2]) for b in bl[i]):
        if b.get("type") != "tool_result":
            break
        leading.append(b.get("tool_use_id"))
    missing = [tid for _, _, tid in uses if tid not in leading]
    if missing:
        raise InvalidRequest(
            f"messages.{uses[-1][0]}: `tool_use` ids were found without `tool_result` blocks immediately after: "
            f"{', '.join(map(str, missing))}. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
            code="tool_result_missing",
        )


def _final_assistant(msgs: list[dict[str, Any]], bl: list[list[dict[str, Any]]]) -> int | None:
    """The index of the assistant message in the final position: the last message when it is the
    assistant's, or the one the final user message answers with tool results."""
    if msgs[-1]["role"] == "assistant":
        return len(msgs) - 1
    if len(msgs) >= 2 and any(b.get("type") == "tool_result" for b in bl[-1]):
        return len(msgs) - 2 if msgs[-2]["role"] == "assistant" else None
    return None


def _validate_thinking_blocks(
    msgs: list[dict[str, Any]], bl: list[list[dict[str, Any]]], thinking_on: bool
) -> None:
    at = _final_assistant(msgs, bl)
    if at is None:
        return
    final = bl[at]
    kinds = [b.get("type") for b in final]
    thinking_kinds = ("thinking", "redacted_thinking")
    if not thinking_on and any(t in thinking_kinds for t in kinds):
        # https://github.com/tailcallhq/forgecode/issues/1853
        k = next(k for k, t in enumerate(kinds) if t in thinking_kinds)
        raise InvalidRequest(
            f"messages.{at}.content.{k}: When thinking is disabled, an `assistant` message in the final "
            "position cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request."
        )
    if thinking_on and "tool_use" in kinds and kinds[0] not in thinking_kinds:
        # https://github.com/anomalyco/opencode/issues/3077 (the API's own spelling "preceeding")
        raise InvalidRequest(
            f"messages.{at}.content.0.type: Expected `thinking` or `redacted_thinking`, but found "
            f"`{kinds[0]}`. When `thinking` is enabled, a final `assistant` message must start with a "
            "thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We "
            "recommend you include thinking blocks from previous turns. To avoid this requirement, "
            f"disable `thinking`. Please consult our documentation at {THINKING_DOCS}"
        )


def _validate_final_assistant(msgs: list[dict[str, Any]], model: str) -> None:
    last = msgs[-1]
    if last["role"] != "assistant":
        return
    if not models.supports_prefill(model) and not any(
        b.get("type") == "server_tool_use" for b in blocks(last.get("content"))
    ):
        # resuming a pause_turn (content with server tool blocks) is allowed on every model
        raise InvalidRequest(
            "This model does not support assistant message prefill. "
            "The conversation must end with a user message."
        )
    content = last.get("content")
    tail = content if isinstance(content, str) else (blocks(content) or [{}])[-1].get("text", "")
    if isinstance(tail, str) and tail != tail.rstrip():
        raise InvalidRequest(
            "messages: final assistant content cannot end with trailing whitespace"
        )
