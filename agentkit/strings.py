"""The learner-facing strings of agentkit's top-level modules, in Chinese and English.

One table for tools (hook and Toolbox messages, which reach the model as is_error tool_results),
client, cassette, doctor, display, antipatterns (the text a specimen puts in a conversation),
serve, upstream and the `python -m agentkit` commands; keys are prefixed with the module's name.
AGENTKIT_LANG picks the language at each call. The Chinese texts are byte for byte what lessons
show (and what the token budgets of lesson 06 were measured on): change one and a lesson moves.
"""

from __future__ import annotations

from .i18n import Strings

T = Strings(
    "agentkit",
    {
        # --- tools: hooks and the Toolbox's own refusals (after their category) -------------------
        "tools.refund_cap": (
            "Hook 拒绝：退款金额 {amount} 超过上限 {limit:g}，不能自动退款，"
            "必须调用 escalate_to_human 转人工处理。",
            "Denied by a hook: a refund of {amount} is more than the {limit:g} limit and cannot "
            "be made automatically; call escalate_to_human to hand it to a person.",
        ),
        "tools.lookup_first": (
            "前置条件未满足，拒绝执行：本次运行中还没有用 lookup_order "
            "成功查询订单 {order_id}，不能调用 process_refund。",
            "Precondition not met, call refused: order {order_id} has not been looked up with "
            "lookup_order in this run, so process_refund cannot run yet.",
        ),
        "tools.unknown": (
            "未知工具 {name!r}。可用的工具：{offered}。",
            "Unknown tool {name!r}. Tools offered: {offered}.",
        ),
        "tools.none": ("无", "none"),
        "tools.no_function": (
            "工具 {name!r} 只有定义，没有实现（没有函数，也没有 run_tool）。",
            "Tool {name!r} is defined but not implemented (no function and no run_tool).",
        ),
        "tools.missing_fields": (
            "{name} 的输入缺少必填字段 {missing}；收到的输入：{got}",
            "{name}'s input lacks the required field(s) {missing}; input received: {got}",
        ),
        "tools.wrong_type": (
            "{name} 的字段 {field} 应为 {kind}，收到 {value!r}",
            "{name}'s field {field} should be a {kind}, got {value!r}",
        ),
        # --- client -------------------------------------------------------------------------------
        "client.model_error": (
            "模型 {model}：HTTP {status} {type}：{message}",
            "Model {model}: HTTP {status} {type}: {message}",
        ),
        "client.model_ok": (
            "模型 {model}：HTTP 200，stop_reason={stop_reason}",
            "Model {model}: HTTP 200, stop_reason={stop_reason}",
        ),
        "client.retired_hint": (
            "提示：模型 {model} 已停用或不存在。改用 {default}"
            "（代码里写 model=agentkit.default_model()，或设置环境变量 AGENTKIT_MODEL）。",
            "Hint: model {model} is retired or does not exist. Use {default} instead "
            "(model=agentkit.default_model() in code, or set the environment variable "
            "AGENTKIT_MODEL).",
        ),
        "client.record_and_replay": (
            "不能同时录制和回放：AGENTKIT_RECORD / record= 与 AGENTKIT_REPLAY / replay= 只能设置一个。",
            "Cannot record and replay at once: set AGENTKIT_RECORD / record= or AGENTKIT_REPLAY / "
            "replay=, not both.",
        ),
        "client.record_needs_key": (
            "AGENTKIT_RECORD 录制的是真实 Claude：请设置 ANTHROPIC_API_KEY（并且不要设置 "
            "AGENTKIT_OFFLINE=1），或者去掉 AGENTKIT_RECORD。",
            "AGENTKIT_RECORD records real Claude: set ANTHROPIC_API_KEY (and not "
            "AGENTKIT_OFFLINE=1), or unset AGENTKIT_RECORD.",
        ),
        "client.offline_broke": (
            "离线模拟 Claude 内部出错（这是 agentkit 的问题，不是网络问题，请报告）",
            "The offline simulated Claude failed inside (a bug in agentkit, not a network "
            "problem: please report it)",
        ),
        "client.offline_broke_detail": ("：{kind}: {text}", ": {kind}: {text}"),
        "client.unreachable": (
            "连不上 Claude API（{url}）。请检查网络或 ANTHROPIC_BASE_URL；"
            "没有网络时设置环境变量 AGENTKIT_OFFLINE=1 改用离线模拟 Claude。",
            "Cannot reach the Claude API ({url}). Check the network or ANTHROPIC_BASE_URL; with "
            "no network, set AGENTKIT_OFFLINE=1 to use the offline simulated Claude.",
        ),
        "client.unreachable_bare": (
            "连不上 Claude API：{error}",
            "Cannot reach the Claude API: {error}",
        ),
        "client.backend_offline": (
            "离线模拟 Claude（确定性替身，不是真模型）",
            "the offline simulated Claude (a deterministic stand-in, not a real model)",
        ),
        "client.backend_real": ("真实 Claude API", "the real Claude API"),
        "client.backend_and": ("；{label}", "; {label}"),
        # --- cassette -----------------------------------------------------------------------------
        "cassette.backend.anthropic-api": ("真实 Claude", "real Claude"),
        "cassette.backend.offline": ("模拟 Claude", "the simulated Claude"),
        "cassette.label_replay": (
            "▶ 回放录制：{name}（录制于 {date}，模型 {model}{who}）",
            "▶ Replaying the recording {name} (recorded {date}, model {model}{who})",
        ),
        "cassette.label_who": ("，{backend}", ", {backend}"),
        "cassette.label_record": (
            "● 正在录制：{name}（{backend} → {path}）",
            "● Recording {name} ({backend} → {path})",
        ),
        "cassette.no_file": (
            "回放录制：找不到录制文件 {path}{folder}。请检查 AGENTKIT_REPLAY 或 replay= 给出的路径。",
            "Replay: there is no recording at {path}{folder}. Check the path given by "
            "AGENTKIT_REPLAY or replay=.",
        ),
        "cassette.is_folder": ("（这是一个目录）", " (it is a folder)"),
        "cassette.too_deep": (
            "回放录制：{path} 的 JSON 嵌套太深（超过 Python 能读的层数），不是录制文件。",
            "Replay: {path} nests its JSON deeper than Python can read; it is not a recording.",
        ),
        "cassette.unreadable": (
            "回放录制：读不了 {path}（{error}）。",
            "Replay: cannot read {path} ({error}).",
        ),
        "cassette.not_utf8": (
            "回放录制：{path} 不是 UTF-8 文本（{reason}），不是录制文件。",
            "Replay: {path} is not UTF-8 text ({reason}); it is not a recording.",
        ),
        "cassette.bad_json": (
            "回放录制：{path} 不是合法的 JSON（第 {line} 行第 {column} 列：{msg}），"
            "文件可能被截断或改坏了。",
            "Replay: {path} is not valid JSON (line {line}, column {column}: {msg}); the file "
            "may be cut short or damaged.",
        ),
        "cassette.nested": ("嵌套太深", "nested too deep"),
        "cassette.unusable": (
            "回放录制：{path} 不是可用的录制文件：{problem}。",
            "Replay: {path} is not a usable recording: {problem}.",
        ),
        "cassette.save_failed": (
            "录制：无法保存录制文件 {path}（{error}）。这次请求已经有了回答，"
            "但没有录下来；请换一个可写的路径（AGENTKIT_RECORD / record=）。",
            "Recording: cannot save {path} ({error}). This request was answered but not "
            "recorded; give AGENTKIT_RECORD / record= a path that can be written.",
        ),
        "cassette.cannot_use": (
            "录制：无法使用路径 {path}（{error}）。",
            "Recording: cannot use the path {path} ({error}).",
        ),
        "cassette.kind.folder": ("一个目录", "a folder"),
        "cassette.kind.symlink": ("一个符号链接", "a symbolic link"),
        "cassette.kind.special": (
            "一个设备、管道或套接字，不是普通文件",
            "a device, pipe or socket, not a regular file",
        ),
        "cassette.kind.other_file": (
            "一个已有的文件，但不是录制文件",
            "an existing file that is not a recording",
        ),
        "cassette.wont_overwrite": (
            "录制：{path} 是{kind}；录制不会覆盖它。请给 AGENTKIT_RECORD / record= 一个新的文件路径，"
            "或一个已有的录制文件。",
            "Recording: {path} is {kind}, and recording will not overwrite it. Give "
            "AGENTKIT_RECORD / record= a new file path, or an existing recording.",
        ),
        "cassette.format.top": (
            '顶层应是带 "exchanges" 列表的 JSON 对象',
            'the top level should be a JSON object with an "exchanges" list',
        ),
        "cassette.format.version": (
            "格式版本是 {version}，这个 agentkit 只认识版本 {known}",
            "its format version is {version}; this agentkit reads version {known} only",
        ),
        "cassette.format.list": ('"exchanges" 应是列表', '"exchanges" should be a list'),
        "cassette.format.no_request": (
            "第 {i} 次交换缺少 request（method、path、body）",
            "exchange {i} has no request (method, path, body)",
        ),
        "cassette.format.no_response": (
            "第 {i} 次交换缺少 response（status 与 body）",
            "exchange {i} has no response (status and body)",
        ),
        "cassette.format.not_api": (
            "第 {i} 次交换（{method} {path}）的响应不是 Messages API 的回答：{why}",
            "the response of exchange {i} ({method} {path}) is not a Messages API answer: {why}",
        ),
        "cassette.format.error_shape": (
            '错误响应应是 {{"type": "error", "error": {{"type", "message"}}}}',
            'an error response should be {{"type": "error", "error": {{"type", "message"}}}}',
        ),
        "cassette.format.not_sse": (
            "既不是 JSON 消息，也不是 SSE 事件流",
            "neither a JSON message nor an SSE event stream",
        ),
        "cassette.format.missing": ("缺少字段 {fields}", "missing field(s) {fields}"),
        "cassette.format.bad_field": ("字段 {field}：{error}", "field {field}: {error}"),
        "cassette.format.status": (
            "status {status} 不是 HTTP 状态码（200–599 的整数）",
            "status {status} is not an HTTP status (an integer from 200 to 599)",
        ),
        "cassette.format.bad_event": (
            "SSE 事件 {n} 的 data 不是 JSON 对象",
            "the data of SSE event {n} is not a JSON object",
        ),
        "cassette.format.not_a_number": (
            "含有 {value}，这不是 JSON 的数",
            "it holds {value}, which is not a JSON number",
        ),
        "cassette.format.event_order": (
            "SSE 事件 {n}（{event}）{why}，不是 Messages API 发送事件的顺序",
            "SSE event {n} ({event}) {why}, which is not the order the Messages API sends "
            "events in",
        ),
        "cassette.order.before_start": ("在 message_start 之前", "comes before message_start"),
        "cassette.order.twice": ("是第二个 message_start", "is a second message_start"),
        "cassette.order.after_stop": ("在 message_stop 之后", "comes after message_stop"),
        "cassette.order.still_open": (
            "出现时内容块 {open} 还没有结束（没有它的 content_block_stop）",
            "comes while content block {open} is still open (before its content_block_stop)",
        ),
        "cassette.order.no_block": (
            "出现时没有正在进行的内容块（index {index} 还没有 content_block_start，或已经 content_block_stop）",
            "comes when no content block is open (index {index} has not started, or has stopped)",
        ),
        "cassette.order.index": (
            "的 index 是 {index}，应是 {want}",
            "has index {index}; expected {want}",
        ),
        "cassette.format.field_type": (
            '"{field}" 应是{kind}，这里是 {value}',
            '"{field}" should be {kind}; it is {value}',
        ),
        "cassette.format.str_or_null": ("字符串或 null", "a string or null"),
        "cassette.format.str": ("字符串", "a string"),
        "cassette.format.not_message": (
            'type 应为 "message"、role 应为 "assistant"、content 应为列表',
            'type should be "message", role "assistant" and content a list',
        ),
        "cassette.redo": (
            "请按录制时的样子运行课程，或设置 ANTHROPIC_API_KEY 和 AGENTKIT_RECORD 重新录制。",
            "Run the lesson as it was recorded, or set ANTHROPIC_API_KEY and AGENTKIT_RECORD to "
            "record it again.",
        ),
        "cassette.extra_request": (
            "回放录制 {path}：录制里只有 {count} 次请求，这是第 {n} 次，而且和录制过的"
            "任何一次都不同——课程比录制时多发了请求。{redo}",
            "Replay {path}: the recording holds {count} requests, and request {n} matches none "
            "of them: the lesson sent more requests than when it was recorded. {redo}",
        ),
        "cassette.differs": (
            "回放录制 {path}：第 {n} 次请求和录制的不一样，第一个不同的字段是 {where}\n"
            "  录制时：{recorded}\n  这一次：{now}\n"
            "课程的代码、提示或参数与录制时不同，录制里没有这次请求的回答。{redo}",
            "Replay {path}: request {n} is not the recorded one; the first field that differs "
            "is {where}\n  recorded: {recorded}\n  this time: {now}\n"
            "The lesson's code, prompt or parameters differ from the recording, which holds no "
            "answer to this request. {redo}",
        ),
        "cassette.no_field": ("（没有这个字段）", "(no such field)"),
        "cassette.two_backends": (
            "录制 {path}：同一个录制文件不能既录{first}又录{second}。",
            "Recording {path}: one recording cannot hold both {first} and {second}.",
        ),
        "cassette.not_writable": (
            "录制：不能在 {folder} 里写录制文件 {path}（不是可写的目录）。请换一个路径。",
            "Recording: cannot write the recording {path} in {folder} (not a folder that can be "
            "written). Choose another path.",
        ),
        # --- doctor -------------------------------------------------------------------------------
        "doctor.old_python": (
            "Python {have} 太旧：需要 Python ≥ {need}。修复：装 Python {need} 或更新的版本"
            "（U 盘里的安装包，或 conda），再用它新建虚拟环境",
            "Python {have} is too old: the workbook needs Python ≥ {need}. Fix: install Python "
            "{need} or newer (the installer on the USB stick, or conda), then make a new virtual "
            "environment with it",
        ),
        "doctor.no_packaging": (
            '缺少 packaging（JupyterLab 的依赖）。修复：pip install "jupyterlab>=4.1,<5"',
            'packaging (a JupyterLab dependency) is missing. Fix: pip install "jupyterlab>=4.1,<5"',
        ),
        "doctor.not_installed": (
            "没有安装 {dist} 本身。修复：在练习册目录里 pip install -e .（无网络时：{wheelhouse}）",
            "{dist} itself is not installed. Fix: pip install -e . in the workbook's folder "
            "(with no network: {wheelhouse})",
        ),
        "doctor.bad_requirement": (
            "依赖写错了：{line!r}。修复：重新安装练习册",
            "A dependency is written wrong: {line!r}. Fix: reinstall the workbook",
        ),
        "doctor.pip_fix": (
            '修复：pip install "{requirement}"（无网络时加 --no-index --find-links wheelhouse）',
            'Fix: pip install "{requirement}" (with no network, add --no-index --find-links '
            "wheelhouse)",
        ),
        "doctor.missing": (
            "缺少 {name}（需要 {spec}）。{fix}",
            "{name} is missing ({spec} needed). {fix}",
        ),
        "doctor.any_version": ("任意版本", "any version"),
        "doctor.wrong_version": (
            "{name} 是 {have}，需要 {spec}。{fix}",
            "{name} is {have}, but {spec} is needed. {fix}",
        ),
        "doctor.no_jupyter_lab": (
            "找不到 jupyter-lab 命令。修复：先激活练习册的虚拟环境（. .venv/bin/activate），"
            '或 pip install "jupyterlab>=4.1,<5"',
            "There is no jupyter-lab command. Fix: activate the workbook's virtual environment "
            'first (. .venv/bin/activate), or pip install "jupyterlab>=4.1,<5"',
        ),
        "doctor.kernels_unreadable": (
            "Jupyter 的内核列表读不出来（{kind}）。修复：重新安装 jupyterlab",
            "Jupyter's list of kernels cannot be read ({kind}). Fix: reinstall jupyterlab",
        ),
        "doctor.no_kernel": (
            "JupyterLab 没有 Python 内核。修复：pip install ipykernel",
            "JupyterLab has no Python kernel. Fix: pip install ipykernel",
        ),
        "doctor.offline_failed": (
            "离线 API 出错：{kind}: {text}。修复：重新安装练习册（pip install -e . 或 {wheelhouse}）",
            "The offline API failed: {kind}: {text}. Fix: reinstall the workbook "
            "(pip install -e . or {wheelhouse})",
        ),
        "doctor.offline_wrong": (
            "离线 API 的回答不对（{type}）。修复：重新安装练习册",
            "The offline API gave a wrong answer ({type}). Fix: reinstall the workbook",
        ),
        "doctor.ready": (
            "✓ 一切就绪：Python {version}，依赖齐全，JupyterLab 可用，离线 API 能回答。",
            "✓ All set: Python {version}, every dependency in place, JupyterLab works, and the "
            "offline API answers.",
        ),
        # how to switch to this language; a command prints the OTHER language's line (switch_line)
        "cli.switch": (
            "中文：python -m agentkit {command} --lang zh（或设置 AGENTKIT_LANG=zh）",
            "English: python -m agentkit {command} --lang en (or set AGENTKIT_LANG=en)",
        ),
        # --- display ------------------------------------------------------------------------------
        "display.role.user": ("用户 / user", "user"),
        "display.role.assistant": ("Claude / assistant", "Claude / assistant"),
        "display.mm.user": ("用户", "User"),
        "display.mm.loop": ("循环", "Loop"),
        "display.mm.tools": ("工具", "Tools"),
        "display.mm.cut": (
            "stop_reason=max_tokens（截断，丢弃后加倍重试）",
            "stop_reason=max_tokens (cut off: dropped, retried with twice the max_tokens)",
        ),
        "display.mm.not_kept": (
            "stop_reason={reason}（响应未保留）",
            "stop_reason={reason} (response not kept)",
        ),
        "display.mm.fold": (
            "loop 第 {first}–{last} 轮：相同的 {count} 轮，只画一次",
            "loop turns {first}–{last}: {count} identical turns, drawn once",
        ),
        "display.mm.rounds": (
            "messages.create（第 {first}–{last} 轮）",
            "messages.create (turns {first}–{last})",
        ),
        "display.mm.round": ("messages.create（第 {n} 轮）", "messages.create (turn {n})"),
        # --- antipatterns: what a specimen writes into the conversation ---------------------------
        "ap.system_results": ("工具结果：\n", "Tool results:\n"),
        "ap.results_intro": ("以下是工具结果：", "Here are the tool results:"),
        "ap.tree_done": ("订单 {order_id} 已处理完毕。", "Order {order_id} has been processed."),
        "ap.plan_done": ("已按计划执行：{plan}。", "Carried out as planned: {plan}."),
        "ap.router_done": ("已自动执行 {tool}。", "Ran {tool} automatically."),
        "ap.continue": ("请继续", "Please continue"),
        "ap.template_final": (
            "您的请求已处理完毕，感谢您的耐心。",
            "Your request has been handled. Thank you for your patience.",
        ),
        "ap.made_up_final": ("任务完成。", "All done."),
        "ap.called": ("调用 {name}({args})", "Called {name}({args})"),
        "ap.are_you_sure": ("你确定都完成了吗？", "Are you sure everything is done?"),
        # --- serve --------------------------------------------------------------------------------
        "serve.bad_host": (
            "--host {text!r} 不是 IP 地址或主机名（例如 127.0.0.1、::1、localhost）",
            "--host {text!r} is not an IP address or a host name (such as 127.0.0.1, ::1, "
            "localhost)",
        ),
        "serve.bad_port": (
            "--port {text!r} 不是端口号：应为 1–65535 的整数（0 表示任选一个空闲端口）",
            "--port {text!r} is not a port: expected a whole number from 1 to 65535 (0: any free "
            "port)",
        ),
        "serve.open_host": (
            "注意：--host {host} 让本机以外的电脑也能连上这个服务（不校验 API key）；只在信任的网络里这样用。",
            "Note: --host {host} lets other machines reach this server (it checks no API key); "
            "use it only on a network you trust.",
        ),
        "serve.banner": (
            "离线 Claude API（模拟 Claude，不是真模型）已在 {url} 上运行；每个 API key 有自己的订单世界"
            "（只在内存里：服务停止后全部丢失）。{today}\n"
            "在另一个终端里设置：\nexport ANTHROPIC_BASE_URL={url}\nexport ANTHROPIC_API_KEY=任意字符串\n"
            "按 Ctrl-C 停止。",
            "The offline Claude API (a simulated Claude, not a real model) is running at {url}; "
            "each API key gets its own world of orders (in memory only: all of it is lost when "
            "the server stops).{today}\n"
            "In another terminal, set:\nexport ANTHROPIC_BASE_URL={url}\n"
            "export ANTHROPIC_API_KEY=any-string\n"
            "Press Ctrl-C to stop.",
        ),
        "serve.today_system": (
            "相对日期（明天、下周三）从本机日期 {date} 算起（AGENTKIT_TODAY=YYYY-MM-DD 可固定）。",
            " Relative dates (tomorrow, next Wednesday) count from this machine's date, {date} "
            "(AGENTKIT_TODAY=YYYY-MM-DD pins one).",
        ),
        "serve.today_pinned": (
            "相对日期从 AGENTKIT_TODAY 给的 {date} 算起。",
            " Relative dates count from {date}, the date AGENTKIT_TODAY pins.",
        ),
        "serve.port_busy": ("换一个端口：--port 8766", "Try another port: --port 8766"),
        "serve.check_flags": ("检查 --host 与 --port", "Check --host and --port"),
        "serve.cannot_listen": (
            "无法在 {where} 上启动服务：{error}。{hint}",
            "Cannot start the server on {where}: {error}. {hint}",
        ),
        "serve.stopped": ("离线 Claude API 已停止。", "The offline Claude API has stopped."),
        # --- upstream: the classroom proxy --------------------------------------------------------
        "upstream.roster_header": (
            "{path}：第 1 行应为表头 student,token",
            "{path}: line 1 should be the header student,token",
        ),
        "upstream.roster_row": (
            "{path}：第 {n} 行应有两个非空的格（student,token），实际是 {row!r}",
            "{path}: line {n} should hold two non-empty cells (student,token), not {row!r}",
        ),
        "upstream.roster_same_token": (
            "{path}：第 {n} 行的 token 与 {other} 的重复",
            "{path}: line {n} has the same token as {other}",
        ),
        "upstream.roster_same_student": (
            "{path}：第 {n} 行的学生 {student} 已经出现过",
            "{path}: line {n}: the student {student} is already listed",
        ),
        "upstream.roster_empty": ("{path}：名单里没有学生", "{path}: the roster lists no students"),
        "upstream.is_folder": (
            "{path} 是一个文件夹；这里应是一个 CSV 文件",
            "{path} is a folder; a CSV file should be there",
        ),
        "upstream.cannot_read": ("{path}：读不出来（{error}）", "{path}: cannot be read ({error})"),
        "upstream.not_utf8": (
            "{path}：不是 UTF-8 编码的文本，请把它另存为 UTF-8 的 CSV",
            "{path}: not UTF-8 text; save it as a UTF-8 CSV",
        ),
        "upstream.cannot_write": (
            "{path}：写不进去（{error}）",
            "{path}: cannot be written ({error})",
        ),
        "upstream.usage_header": (
            "{path}：第 1 行应为表头 {fields}",
            "{path}: line 1 should be the header {fields}",
        ),
        "upstream.usage_number": (
            "{path}：第 {n} 行的数字读不出来：{row!r}",
            "{path}: line {n} holds a number that cannot be read: {row!r}",
        ),
        "upstream.budget_used": (
            "班级额度已用完：本班每名学生 {budget} tokens（输入 + 输出），"
            "{student} 已用 {used}。请找老师。 (class budget of {budget} tokens "
            "per student reached)",
            "The class budget is used up: {budget} tokens per student (input + output), and "
            "{student} has used {used}. Ask your teacher.",
        ),
        "upstream.no_route": (
            "班级代理只转发 POST /v1/messages、POST /v1/messages/count_tokens 和 GET "
            "/v1/models[/<模型>]，路径须与此完全一致，不转发 {where}",
            "The class proxy forwards only POST /v1/messages, POST /v1/messages/count_tokens and "
            "GET /v1/models[/<model>], with the path written exactly so; not {where}",
        ),
        "upstream.bad_header": (
            "请求头 {name} 含有可见 ASCII 以外的字符（例如中文、全角或控制字符），班级代理无法"
            "转发它；请只用 ASCII。",
            "The header {name} holds characters other than visible ASCII (such as Chinese, "
            "full-width or control characters): the class proxy cannot forward it; use ASCII only.",
        ),
        "upstream.in_flight": (
            "{student} 已有 {most} 个请求在处理中（每名学生最多同时 {most} 个），请等前面的回答"
            "回来再发。",
            "{student} already has {most} requests in flight (at most {most} at a time per "
            "student): wait for an answer before sending another.",
        ),
        "upstream.usage_unsaved": (
            "警告：用量写不进 {path}（{error}）。回答照常发给学生，用量留在内存里，"
            "等磁盘有了空间再写入；停止代理之前请先腾出空间。",
            "Warning: usage cannot be written to {path} ({error}). Answers still go to the "
            "students and usage is kept in memory, written once there is room; make room before "
            "you stop the proxy.",
        ),
        "upstream.usage_saved": ("用量又写入 {path} 了。", "Usage is written to {path} again."),
        "upstream.unreachable": (
            "老师的电脑连不上上游 {upstream}（{kind}）。请找老师。",
            "The teacher's computer cannot reach the upstream {upstream} ({kind}). Ask your "
            "teacher.",
        ),
        "upstream.lan_address": ("<老师电脑的局域网地址>", "<the teacher's LAN address>"),
        "upstream.budget_each": ("每名学生 {budget} tokens", "{budget} tokens per student"),
        "upstream.unlimited": ("不限", "unlimited"),
        "upstream.roster_new": (
            "刚刚生成，打印出来发给学生",
            "just created: print it and hand it out",
        ),
        "upstream.roster_read": ("已读取", "read"),
        "upstream.banner": (
            "班级代理已在 http://{shown}:{port} 上运行，转发到 {upstream}（用老师的 "
            "ANTHROPIC_API_KEY，不显示）。\n"
            "名单：{roster}（{students} 名学生，{state}）；额度：{budget}；用量：{usage}\n"
            "学生设置：export ANTHROPIC_BASE_URL=http://{shown}:{port}\n"
            "          export ANTHROPIC_API_KEY=<名单上自己的 token>\n"
            "按 Ctrl-C 停止。",
            "The class proxy is running at http://{shown}:{port}, forwarding to {upstream} (with "
            "the teacher's ANTHROPIC_API_KEY, not shown).\n"
            "Roster: {roster} ({students} students, {state}); budget: {budget}; usage: {usage}\n"
            "Students set: export ANTHROPIC_BASE_URL=http://{shown}:{port}\n"
            "              export ANTHROPIC_API_KEY=<their own token from the roster>\n"
            "Press Ctrl-C to stop.",
        ),
        "upstream.no_key": (
            "没有 ANTHROPIC_API_KEY：在老师的终端里先 export ANTHROPIC_API_KEY=…",
            "No ANTHROPIC_API_KEY: export ANTHROPIC_API_KEY=… in the teacher's terminal first",
        ),
        "upstream.bad_upstream": (
            "--upstream 应以 http:// 或 https:// 开头，实际是 {upstream!r}",
            "--upstream should start with http:// or https://, not {upstream!r}",
        ),
        "upstream.cannot_listen": (
            "无法在 {host}:{port} 上启动服务：{error}。",
            "Cannot start the server on {host}:{port}: {error}.",
        ),
        "upstream.stopped": ("班级代理已停止。", "The class proxy has stopped."),
        "upstream.no_roster": (
            "没有名单 {roster}：先用 --upstream 启动一次代理。",
            "No roster at {roster}: start the proxy once with --upstream first.",
        ),
        "upstream.over_budget": (" 已达额度", " budget reached"),
        # --- python -m agentkit demo --------------------------------------------------------------
        # (the demo's two questions are the guide's: exercise.guide_task(), weather_task())
        "demo.unknown_model": (
            "模型 {model} 不可用（HTTP 404 {type}：{message}）。"
            "请把 AGENTKIT_MODEL 设为可用的模型（例如 {default}），或者不设置它。",
            "Model {model} is not available (HTTP 404 {type}: {message}). Set AGENTKIT_MODEL to "
            "a model that is (such as {default}), or unset it.",
        ),
        "demo.offline": (
            "离线模式：模拟 Claude（设置 ANTHROPIC_API_KEY 即可改用真实 Claude）",
            "Offline: the simulated Claude (set ANTHROPIC_API_KEY to use real Claude)",
        ),
        "demo.online": ("在线模式：真实 Claude", "Online: real Claude"),
        "demo.mode": ("{mode}，模型 {model}", "{mode}; model: {model}"),
        "demo.user": ("\n用户：{prompt}", "\nUser: {prompt}"),
    },
)
