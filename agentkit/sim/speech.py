"""How a tool's result is said in an answer: written rules, in Chinese and English.

An answer tells the user what the results hold, the way a person writes it, not the way the
program stored it. The rules, as a reader can apply them by hand:

1. No tool's name is said. A result is said under what it is about: the words of the tool's name
   after its verb (`get_leave_balance` -> "Leave balance:"; in Chinese the same words through
   KEY_ZH, "假期余额：", else "查询结果："). A result of an act that went through opens with
   what was done ("Submitted the leave request:", "已为你办好："), its verb in the past tense
   (`past`).
2. A key is said as a label (`label`): its words split (snake_case, camelCase), an abbreviation
   written out (qty: quantity, id: ID); in a Chinese answer each word through KEY_ZH, in the
   English order ("annual_remaining_days" -> 年度剩余天数); a key with a word KEY_ZH does not
   know keeps its English words. A unit at the key's end (weight_kg, price_eur, temp_c,
   discount_pct) moves to the value ("Weight: 12 kg").
2a. In a Chinese answer a key's word KEY_ZH does not know is said as the user said it: a word
   that only says how a record has a thing (has, with, near, by, allowed, included) through
   HOW_HAD_ZH, a thing by the word of the user's message whose English gloss it is
   (`agentkit.sim.glosses`: near_entrance and "离入口近" -> 靠近入口, has_tap and "有水龙头" ->
   有水龙头). Else the key keeps its English words.
3. A value is said as a person reads it: true / false as yes / no (是 / 否), none and an empty
   list as "none" (无),
   a code-like word (pending_approval, IN_TRANSIT) as words ("pending approval"; in Chinese
   through STATUS_ZH when it is a common state, 待审批), a list of plain values joined ("a, b",
   "a、b"), an object or a list of objects as indented lines under its label.
4. Each value is a line of its own ("- Label: value") under the result's heading; a result of
   one value is one line ("Status: shipped"); a record that only wraps a list of records
   ({"matches": [...]}) is said as that list, a record a line. A result that is text is said
   as its text.
6. Before a call, what it is for is said, not the tool's name (`intent`): "Let me look up the
   leave balance." / "我先查一下假期余额。" for a tool that reads, "Let me submit the leave
   request." / "我来提交假期申请。" for an act; after a result, "With that, next I'll ..." /
   "根据上一步的结果，接下来……". A thing with no Chinese label is said "相关信息" (a read) or
   "这一步" (an act); a tool that sets out what a text says (print_, extract_, output_...) "set
   out the entities" / "整理出…"; a tool whose name opens with a verb of searching (grep_notes,
   search_x) "search the notes"; a shell ("bash", run_command) "run a command" / "运行一条命令", a tool named
   by one word no verb "use the calculator"; a tool described in Chinese is said by its description's first clause
   ("查询种子批次的信息" -> "我先查询种子批次的信息。").
7. A value still needed is asked for by its label (`asked_label`): in a Chinese answer the lead
   of the property's Chinese description when it has one ("批次号，例如 SL-000" -> 批次号), else
   the key's label; the call it is for is said as in rule 6 ("To look up the seed lot I still
   need the lot ID.").
8. The counts a `wc -l` / `wc -w` of several files printed are said a file a line, then the
   total ("- agents/one.py: 2 lines", "合计：5 行"), not as the command printed them
   (`counts_said`).
9. A test runner's output (pytest's last line "== 2 failed, 12 passed in 0.84s ==" and its
   "FAILED path::test - why" lines, jest's "Tests: 2 failed, 12 passed, 14 total", unittest's
   "Ran 14 tests" and "FAILED (failures=2)") is said as its verdict first, all passed or not with
   the counts ("Not all tests passed: 12 passed, 2 failed."), then each failed test on a line
   with where it is and why it failed (`runner_said`), never as the runner printed it.
5. Of a look-up, the values the call was given (the id it was asked about) are not said again,
   nor a value a later call took as its input (the zone id that led to the schedule): they were
   steps, and the user gave or needs neither. A look-up left with nothing new is not said. Of an
   act, every value of its confirmation is said, as rule 10 says it.
10. An act's confirmation is said in words (`_confirmed`): its flag of success beside other
   values is not said (the heading says what was done), and one that names nothing, only
   counts and flags, is said with the short values the act was given, then its own.
"""

from __future__ import annotations

import json
import re
from contextvars import ContextVar
from typing import Any

from . import glosses, values
from .lexicon import ACT, TABLE

_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|[_\-\s.]+")
ABBREVIATIONS = {
    "qty": "quantity",
    "amt": "amount",
    "num": "number",
    "no": "number",
    "nr": "number",
    "desc": "description",
    "addr": "address",
    "tel": "phone",
    "dept": "department",
    "temp": "temperature",
    "avg": "average",
    "min": "minimum",
    "max": "maximum",
    "pct": "percent",
    "msg": "message",
    "ts": "time",
    "dob": "date of birth",
    "eta": "ETA",
    "sku": "SKU",
    "url": "URL",
    "id": "ID",
    "ids": "IDs",
    "api": "API",
    "vin": "VIN",
    "iban": "IBAN",
    "ip": "IP",
    "co2": "CO2",
    "sms": "SMS",
    "kwh": "kWh",
    "ph": "pH",
}
UNITS = {  # a unit that ends a key moves to the value
    "kg": "kg",
    "g": "g",
    "km": "km",
    "m": "m",
    "cm": "cm",
    "mm": "mm",
    "mi": "mi",
    "l": "L",
    "ml": "ml",
    "c": "°C",
    "f": "°F",
    "celsius": "°C",
    "fahrenheit": "°F",
    "pct": "%",
    "percent": "%",
    "eur": "EUR",
    "usd": "USD",
    "gbp": "GBP",
    "cny": "CNY",
    "rmb": "CNY",
    "jpy": "JPY",
    "chf": "CHF",
    "kwh": "kWh",
    "kw": "kW",
    "mb": "MB",
    "gb": "GB",
    "tb": "TB",
    "mph": "mph",
    "kmh": "km/h",
    "kn": "kn",
    "knots": "kn",
    "ppm": "ppm",
    "mins": "min",
    "minutes": "min",
    "hrs": "h",
    "hours": "h",
    "secs": "s",
    "seconds": "s",
    "ms": "ms",
    "days": "days",
    "m2": "m²",
    "sqm": "m²",
}
UNIT_ZH = {
    "days": "天",
    "h": "小时",
    "min": "分钟",
    "s": "秒",
    "EUR": "欧元",
    "USD": "美元",
    "CNY": "元",
}
# the words of result keys, as a Chinese label says them (rule 2); a general vocabulary of
# records, never one program's fields
KEY_ZH = {  # beside the labels values.FIELD_WORDS gives (KEY_ZH's own words win)
    "id": "编号", "number": "编号", "plate_number": "车牌号", "code": "代码", "name": "名称", 
    "state": "状态", "type": "类型", "kind": "类型", 
    "time": "时间", "day": "日", "days": "天数", "hours": "小时数",
    "minutes": "分钟数", "week": "周", "month": "月", "year": "年份", "start": "开始",
    "end": "结束", "from": "起点", "to": "终点", "due": "到期", "deadline": "截止日期",
    "created": "创建", "updated": "更新", "next": "下次", "last": "上次", "previous": "上次",
    "total": "总", "cost": "费用", "fee": "费用",
    "fees": "费用", "rate": "费率", "tax": "税", "discount": "折扣", "balance": "余额",
    "currency": "币种", "paid": "已付", "due_date": "到期日", "count": "数量",
    "stock": "库存", "available": "可用", "remaining": "剩余",
    "left": "剩余", "used": "已用", "limit": "上限", "capacity": "容量", 
    "weight": "重量", "height": "高度", "width": "宽度", "length": "长度", "depth": "深度",
    "distance": "距离", "duration": "时长", "speed": "速度", "level": "等级",
    "score": "得分", "rating": "评分", "rank": "排名", "grade": "等级", "percent": "百分比",
    "temperature": "温度", "humidity": "湿度", "pressure": "压力", "reading": "读数",
    "readings": "读数", "value": "数值", "unit": "单位", "average": "平均",
    "minimum": "最低", "maximum": "最高", "min": "最低", "max": "最高",
    "location": "位置", "country": "国家", "zone": "区域",
    "area": "区域", "region": "地区", "floor": "楼层", "building": "楼栋",
    "site": "地点", "place": "地点", 
    "owner": "负责人", "manager": "经理", "approver": "审批人", "assignee": "处理人",
    "user": "用户", 
    "staff": "员工", "doctor": "医生", "author": "作者",
    "request": "申请", "booking": "预订", "reservation": "预订",
    "ticket": "工单", "case": "案件", "claim": "理赔", "payment": "付款",
    "refund": "退款", "account": "账户", "card": "卡", "policy": "保单", "plan": "套餐",
    "item": "项目", "items": "项目", "product": "产品", "service": "服务", "event": "活动",
    "slot": "时段", "slots": "时段", "window": "时段", "schedule": "时间表",
    "appointment": "预约", "session": "场次", "seat": "座位", "seats": "座位",
    "notes": "备注", "comment": "备注", "message": "消息",
    "description": "说明", "result": "结果", "results": "结果",
    "error": "错误", "warning": "警告", "summary": "摘要", "details": "详情",
    "leave": "假期", "annual": "年度", "sick": "病假", "personal": "事假",
    "working": "工作", "work": "工作", "approval": "审批", "approved": "已批准",
    "pending": "待处理", "estimated": "预计", "expected": "预计", "actual": "实际",
    "new": "新", "old": "原", "current": "当前", "open": "开放", "opening": "开放",
    "closing": "关闭", "hours_open": "营业时间", "free": "空闲", "full": "已满",
    "tracking": "追踪", "delivery": "配送", "shipping": "运输", "pickup": "取件",
    "pickups": "取件", "return": "退货", "version": "版本", "file": "文件", "path": "路径",
    "line": "行", "lines": "行数", "size_bytes": "大小", "url": "链接", "link": "链接",
    "language": "语言", "birth": "出生", "member_since": "入会",
    "since": "起始", "until": "截至", "valid": "有效", "expires": "到期", "expiry": "到期",
    "expiration": "到期", "valid_until": "有效期至", "points": "积分", "tier": "等级",
    "vehicle": "车辆", "plate": "车牌", "route": "路线", "stop": "站点", "station": "站",
    "departure": "出发", "arrival": "到达", "platform": "站台", "gate": "登机口",
    "weather": "天气", "condition": "状况", "forecast": "预报", "wind": "风", "wave": "浪高",
    "high": "最高", "low": "最低",
    "rain": "降雨", "snow": "降雪", "quantity_available": "可用数量", "confirmed": "已确认",
    "confirmation": "确认", "reference": "参考号", "ref": "参考号", 
    "class": "班级", "teacher_name": "老师", "credits": "学分",
    "room_number": "房间号", "batch": "批次", "lot": "批次", 
    "warehouse": "仓库", "shelf": "货架", "bin": "货位", "origin": "起运地",
    "destination": "目的地", "eta": "预计到达", "carrier": "承运商", "container": "集装箱",
    "vessel": "船", "port": "港口", "hive": "蜂箱", "community": "社区", "waste": "垃圾",
    "participants": "参与人", "participant": "参与人", "attendees": "参会人", "guests": "客人", "people": "人数",
    "adults": "成人", "children": "儿童", "party": "人数", "visitors": "访客",
    "first": "首", "of": "", "per": "每", "after": "之后", "before": "之前",
    "difficulty": "难度", "elevation": "海拔", "altitude": "海拔", "gain": "爬升",
    "loop": "环线", "trail": "步道", "nickname": "昵称", "review": "评审", "reviews": "评审",
    "reviewer": "评审人", "paper": "论文", "inspection": "检查", "inspected": "检查",
    "yield": "产量", "reorder": "补货", "point": "点", "threshold": "阈值", "on": "",
    "hand": "现有", "reserved": "预留", "incoming": "在途", "sold": "已售", "revenue": "收入",
    "profit": "利润", "sales": "销量", "views": "浏览量", "visits": "访问量", "team": "团队",
    "task": "任务", "priority": "优先级", "progress": "进度",
    "comments": "评论", "latitude": "纬度", "longitude": "经度", "lat": "纬度", "lon": "经度",
    "population": "人口", "power": "功率", "energy": "能量", "voltage": "电压",
    "battery": "电量", "signal": "信号", "uptime": "运行时间", "host": "主机",
    "memory": "内存", "disk": "磁盘", "usage": "用量", "quota": "配额", "storage": "存储",
    "latency": "延迟", "exchange": "兑换", "percentage": "百分比", "ratio": "比例",
    "frequency": "频率", "interval": "间隔", "period": "周期", "term": "期限",
    "income": "收入", "expense": "支出", "expenses": "支出",
    "budget": "预算", "spent": "已花费", "owed": "欠款", "deposit": "押金", "bonus": "奖金",
    "hourly": "每小时", "daily": "每日", "monthly": "每月", "weekly": "每周",
    "yearly": "每年", "age_group": "年龄段", "note_text": "备注", "phone_number": "电话",
    "full_name": "姓名", "first_name": "名", "last_name": "姓", "username": "用户名",
    "role": "角色", 
    "venue": "场地", "host_name": "主持人", "instructor": "教练", "coach": "教练",
    "capacity_left": "剩余名额", "spots": "名额", "places": "名额", "vacancies": "空位",
    "open_slots": "空闲时段", "waiting": "等待", "wait": "等待", "queue": "队列",
    "position_in_queue": "排队位置", "mileage": "里程", "fuel": "燃油", "service_due": "保养到期",
    "warranty": "保修", "serial": "序列号", 
    "material": "材质", "ingredients": "配料", "allergens": "过敏原", "calories": "热量",
    "recipe": "食谱", "menu": "菜单", "dish": "菜品", "table": "桌号", "tables": "桌",
    "ph": "pH", "ammonia": "氨", "nitrate": "硝酸盐", "nitrite": "亚硝酸盐", "oxygen": "氧",
    "dose": "剂量", "dosage": "剂量", "frequency_per_day": "每日次数", "refills": "续方次数",
    "symptoms": "症状", "diagnosis": "诊断", "severity": "严重程度", "risk": "风险",
    "findings": "发现", "recommendation": "建议", "recommended": "建议", "action": "措施",
    "actions": "措施", "steps": "步骤", "instructions": "说明", "tips": "提示",
    "info": "信息", "information": "信息", "data": "数据", "profile": "资料", "record": "记录",
    "records": "记录", "history": "记录", "list": "列表", "options": "选项", "availability": "空位",
    "quote": "报价", "estimate": "估价", "report": "报告", "log": "日志", "logs": "日志",
    "entities": "实体", "entity": "实体", "sentiment": "情感", "scores": "分数",
}  # fmt: skip
KEY_ZH = {**{k: v.split()[0] for k, v in values.FIELD_WORDS.items()}, **KEY_ZH}
STATUS_ZH = {  # common states a result's code word says (rule 3)
    "pending": "待处理", "pending_approval": "待审批", "approved": "已批准", "rejected": "已拒绝",
    "declined": "已拒绝", "cancelled": "已取消", "canceled": "已取消", "completed": "已完成",
    "complete": "已完成", "done": "已完成", "shipped": "已发货", "delivered": "已送达",
    "in_transit": "运输中", "processing": "处理中", "in_progress": "进行中", "active": "有效",
    "inactive": "未启用", "expired": "已过期", "open": "开放", "closed": "已关闭",
    "confirmed": "已确认", "available": "可用", "unavailable": "不可用", "sold_out": "已售罄",
    "out_of_stock": "缺货", "in_stock": "有货", "scheduled": "已安排", "paid": "已付款",
    "unpaid": "未付款", "overdue": "已逾期", "failed": "失败", "success": "成功",
    "succeeded": "成功", "on_hold": "暂停", "draft": "草稿", "resolved": "已解决",
    "booked": "已预订", "full": "已满", "free": "空闲", "occupied": "已占用", "ok": "正常",
    "normal": "正常", "high": "偏高", "low": "偏低", "valid": "有效", "invalid": "无效",
    "submitted": "已提交", "received": "已收到", "waitlisted": "候补中", "waitlist": "候补",
    "annual": "年假", "sick": "病假", "recyclable": "可回收物", "refunded": "已退款",
    "vacant": "空置", "small": "小", "medium": "中等", "large": "大",
}  # fmt: skip
VERB_DONE = {  # the past of a tool's verb (rule 1), where adding -ed does not make it
    "send": "sent", "pay": "paid", "buy": "bought", "make": "made", "set": "set",
    "put": "put", "hold": "held", "write": "written", "take": "taken", "give": "given",
    "run": "run", "get": "got", "issue": "issued", "submit": "submitted", "cancel": "cancelled",
    "stop": "stopped", "ship": "shipped", "plan": "planned", "drop": "dropped",
    "transfer": "transferred", "refer": "referred", "admit": "admitted", "commit": "committed",
    "top": "topped", "log": "logged", "tag": "tagged", "pin": "pinned", "ban": "banned",
    "rebook": "rebooked", "unblock": "unblocked", "reset": "reset", "upload": "uploaded",
}  # fmt: skip
VERB_ZH = {
    "create": "创建", "add": "添加", "submit": "提交", "book": "预订", "reserve": "预留",
    "cancel": "取消", "delete": "删除", "remove": "移除", "update": "更新", "change": "修改",
    "send": "发送", "pay": "支付", "register": "登记", "schedule": "安排", "renew": "续期",
    "refund": "退款", "transfer": "转账", "issue": "签发", "approve": "批准",
    "assign": "分配", "report": "上报", "log": "记录", "record": "记录", "save": "保存",
    "open": "创建", "file": "提交", "request": "申请", "apply": "申请", "order": "下单",
    "place": "提交", "confirm": "确认", "reschedule": "改期", "extend": "延长",
    "enroll": "报名", "enrol": "报名", "sign": "报名", "freeze": "冻结", "redeem": "兑换",
    "escalate": "转交", "notify": "通知", "dispatch": "派出", "start": "启动",
}  # fmt: skip
_VERBS = frozenset(w for c, (kind, en, _) in TABLE.items() if kind == ACT for w in en.split())


def key_parts(key: str) -> list[str]:
    """A key's words, lower case (rule 2): `annualRemaining_days` -> annual, remaining, days."""
    return [w.lower() for w in _SPLIT.split(str(key)) if w]


def _unit_of(words: list[str]) -> tuple[list[str], str]:
    if len(words) >= 2 and words[-1] in UNITS:
        return words[:-1], UNITS[words[-1]]
    if len(words) >= 2 and words[-1] == "min" and words[-2] in LASTING:  # duration_min: minutes
        return words[:-1], "min"
    return words, ""


LASTING = frozenset("duration time wait travel walk drive ride delay length run".split())


USERS_WORDS: ContextVar[str] = ContextVar("users_words", default="")  # (rule 2a: the message)
HOW_HAD_ZH = {
    "has": "有", "have": "有", "with": "带", "near": "靠近", "by": "靠", "next": "挨着",
    "allowed": "可带", "included": "含", "is": "",
}  # fmt: skip


def _users_word(word: str) -> str | None:
    """Rule 2a: the word of the user's message whose English gloss is the key's word."""
    forms = {word, word + "s", word.removesuffix("s")}
    runs = glosses.HAN_RUN.findall(USERS_WORDS.get()) if len(word) > 2 else []
    found = (
        run[i : i + n]
        for n in (4, 3, 2)
        for run in runs
        for i in range(len(run) - n + 1)
        if any(g.lower() in forms for g in glosses.gloss(run[i : i + n]))
    )
    return next(found, None)  # (the longest: 水龙头 in 有水龙头, not 龙头)


def label(key: str, lang: str, capital: bool = True) -> str:
    """Rule 2: a key said as a label, in the answer's language (its unit left out); in a
    sentence (`capital` False) an English label keeps its first letter as it is."""
    words, _ = _unit_of(key_parts(key))
    if lang == "zh":
        joined = "_".join(words)
        if joined in KEY_ZH:
            return KEY_ZH[joined]
        zh = [KEY_ZH.get(w, HOW_HAD_ZH.get(w)) or _users_word(w) for w in words]
        if words and all(z is not None for z in zh):
            return "".join(z for z in zh if z) or key
    out = " ".join(ABBREVIATIONS.get(w, w) for w in words) or str(key)
    return out[:1].upper() + out[1:] if capital else out


def unit(key: str, lang: str) -> str:
    """Rule 2: the unit a key's last word gives its value ("" when none)."""
    _, u = _unit_of(key_parts(key))
    return UNIT_ZH.get(u, u) if lang == "zh" and u in ("days", "h", "min", "s") else u


CODE_WORD = re.compile(r"[a-z]+(?:_[a-z]+)+|[A-Z]+(?:_[A-Z]+)+|[a-z]+")


def value(x: Any, lang: str) -> str:
    """Rule 3: a plain value as a person reads it."""
    if isinstance(x, bool):
        return ("是" if x else "否") if lang == "zh" else ("yes" if x else "no")
    if x is None:
        return "无" if lang == "zh" else "none"
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(x)
    if isinstance(x, str):
        s = x.strip()
        if CODE_WORD.fullmatch(s):
            low = s.lower()
            if lang == "zh" and low in STATUS_ZH:
                return STATUS_ZH[low]
            return low.replace("_", " ") if "_" in s else s
        return s
    if isinstance(x, list) and not x:
        return "无" if lang == "zh" else "none"
    if isinstance(x, list) and all(not isinstance(i, dict | list) for i in x):
        return ("、" if lang == "zh" else ", ").join(value(i, lang) for i in x)
    return json.dumps(x, ensure_ascii=False)


def value_lines(data: dict[str, Any], lang: str, indent: str = "") -> list[str]:
    """Rules 2 to 4: a record's values, a line each ("- Label: value")."""
    colon = "：" if lang == "zh" else ": "
    out = []
    for k, x in data.items():
        name = label(k, lang)
        if isinstance(x, dict) and x:
            out.append(f"{indent}- {name}{colon.rstrip()}")
            out += value_lines(x, lang, indent + "  ")
        elif isinstance(x, list) and x and any(isinstance(i, dict) for i in x):
            out.append(f"{indent}- {name}{colon.rstrip()}")
            out += [f"{indent}  - {record_line(i, lang)}" for i in x]
        else:
            out.append(f"{indent}- {name}{colon}{unit_added(k, value(x, lang), lang)}")
    return out


def unit_added(key: str, said: str, lang: str) -> str:
    """Rule 2: a value with the unit its key's last word gives ("71" of humidity_pct: "71%")."""
    u = unit(key, lang)
    if not u or not said or not re.fullmatch(r"-?\d+(?:\.\d+)?", said):
        return said
    sep = "" if u in ("%", "°C", "°F") or lang == "zh" and u in UNIT_ZH.values() else " "
    return f"{said}{sep}{u}"


def record_line(x: Any, lang: str) -> str:
    """A record said on one line: its values, labelled, each with its key's unit, joined (rule
    3's objects in a list)."""
    if not isinstance(x, dict):
        return value(x, lang)
    colon = "：" if lang == "zh" else ": "
    sep = "，" if lang == "zh" else ", "
    return sep.join(
        f"{label(k, lang)}{colon}"
        f"{record_line(v, lang) if isinstance(v, dict) else unit_added(k, value(v, lang), lang)}"
        for k, v in x.items()
    )


def _tool_words(name: str) -> tuple[str | None, list[str]]:
    """A tool name's verb (its first word, when it is one) and the words of its thing."""
    words = key_parts(name)
    if words and (words[0] in _VERBS or words[0] in VERB_ZH or words[0] in VERB_DONE):
        return words[0], words[1:]
    return None, words


def result_heading(tool: str, lang: str, act: bool, about: str | None = None) -> str:
    """Rule 1: what a result is about, or what was done, without the tool's name."""
    verb, thing = _tool_words(tool)
    if act:
        if lang == "zh":
            zh = VERB_ZH.get(verb or "")
            what = label("_".join(thing), "zh") if thing else ""
            return f"已为你{zh}{what}：" if zh and what and _all_zh(what) else "已为你办好："
        if verb is None:
            return "Done:"
        done = past(verb)
        what = " ".join(ABBREVIATIONS.get(w, w) for w in thing)
        return f"{done.capitalize()} the {what}:" if what else f"{done.capitalize()}:"
    if lang == "zh":
        what = label("_".join(thing), "zh") if thing else ""
        what = what if what and _all_zh(what) else "查询结果"
        return f"{about} 的{what}：" if about else f"{what}："
    what = " ".join(ABBREVIATIONS.get(w, w) for w in thing) or " ".join(key_parts(tool))
    what = f"{what[0].upper()}{what[1:]}" if what else "Result"
    return f"{what} for {about}:" if about else f"{what}:"


def past(verb: str) -> str:
    """Rule 1: a verb's past tense: VERB_DONE's, else by spelling (enrol: enrolled, like:
    liked, stop: stopped, carry: carried, print: printed)."""
    if verb in VERB_DONE:
        return VERB_DONE[verb]
    if verb.endswith("e"):
        return verb + "d"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ied"
    one_vowel = len(re.findall(r"[aeiou]+", verb)) == 1
    if re.search(r"[^aeiou][aeiou]l$", verb) or (
        one_vowel and re.search(r"[^aeiou][aeiou][bdgklmnprt]$", verb)
    ):
        return verb + verb[-1] + "ed"
    return verb + "ed"


SHELL_WORDS = frozenset(
    {
        "bash",
        "shell",
        "terminal",
        "command",
        "commands",
        "cmd",
        "sh",
        "zsh",
        "run",
        "exec",
        "execute",
        "powershell",
    }
)
ZH_LEAD = re.compile(r"^(?:用于|用来|可以|能够|帮助用户|帮用户|为用户)")
ZH_READ = re.compile(r"^(?:查询|查看|查找|获取|读取|列出|搜索|检索|查)")


WRITES_OUT = frozenset("print output emit display show format extract".split())
SEARCHES = frozenset({"search", "grep", "find", "query", "scan"})  # verbs that search a thing


def intent(tool: str, lang: str, act: bool, description: str = "") -> str:
    """Rule 6: what a call is for, said before it ("look up the leave balance", "查一下假期余额";
    in Chinese, a tool described in Chinese by its description's first clause)."""
    verb, thing = _tool_words(tool)
    if set(key_parts(tool)) <= SHELL_WORDS:  # a shell runs a command
        return "运行一条命令" if lang == "zh" else "run a command"
    parts = key_parts(tool)
    if len(parts) > 1 and parts[0] in WRITES_OUT:  # print_entities: what the text says, set out
        what = " ".join(ABBREVIATIONS.get(w, w) for w in parts[1:] if w not in ("all", "every"))
        if lang == "zh":
            said = label("_".join(parts[1:]), "zh")
            return f"整理出{said if _all_zh(said) else '相关内容'}"
        return f"set out the {what}"
    if verb is None and len(thing) == 1 and not (lang == "zh" and _all_zh(label(tool, "zh"))):
        return f"使用 {tool}" if lang == "zh" else f"use the {thing[0]}"  # (calculator)
    lead = ZH_LEAD.sub("", re.split(r"[，。,.;；(（\n]", description.strip(), maxsplit=1)[0])
    if lang == "zh" and _all_zh(lead) and len(lead) <= 20:
        return lead if act or ZH_READ.match(lead) else f"查一下{lead}"
    if lang == "zh":
        what = label("_".join(thing), "zh") if thing else ""
        what = what if what and _all_zh(what) else ""
        if act:
            zh = VERB_ZH.get(verb or "")
            return f"{zh}{what}" if zh else f"办理{what or '这一步'}"
        return f"查一下{what or '相关信息'}"
    parts = key_parts(tool)
    if not act and len(parts) > 1 and parts[0] in SEARCHES:  # grep_notes: search the notes
        return "search the " + " ".join(ABBREVIATIONS.get(w, w) for w in parts[1:])
    what = " ".join(ABBREVIATIONS.get(w, w) for w in thing) or " ".join(parts)
    if act and verb is not None:
        return f"{verb} the {what}" if thing else verb
    return f"look up the {what}"


def asked_label(key: str, prop: Any, lang: str) -> str:
    """Rule 7: how a value still needed is named in the question for it."""
    desc = str(prop.get("description") or "") if isinstance(prop, dict) else ""
    if lang == "zh":
        lead = re.split(r"[，,。.;；:：(（\s]", desc.strip(), maxsplit=1)[0]
        if lead and re.search(r"[\u4e00-\u9fff]", lead) and len(lead) <= 12:
            return lead
        return label(key, lang, capital=False)
    return f"the {label(key, lang, capital=False)}"


WC_LINE = re.compile(r"^\s*(\d+)\s+(\S.*?)\s*$")


def counts_said(command: str, output: str, lang: str) -> str | None:
    """Rule 8: a `wc` of several files said a file a line, then the total; None when the command
    is no `wc` or its output is not one count a line."""
    if not re.search(r"\bwc -[lw]\b", command) or "|" in command.split("wc")[0][-3:]:
        return None
    rows = [WC_LINE.match(line) for line in output.strip().splitlines() if line.strip()]
    if len(rows) < 2 or any(m is None for m in rows):
        return None
    words = "-w" in command
    unit_ = ("词" if words else "行") if lang == "zh" else ("words" if words else "lines")
    colon = "：" if lang == "zh" else ": "
    out = []
    for m in rows:
        assert m is not None
        n, name = m.group(1), m.group(2)
        if name == "total":
            out.append(f"{'合计' if lang == 'zh' else 'Total'}{colon}{n} {unit_}")
        else:
            out.append(f"- {name.removeprefix('./')}{colon}{n} {unit_}")
    return "\n".join(out)


def _all_zh(text: str) -> bool:
    return bool(re.fullmatch(r"[\u4e00-\u9fff]+", text))


def result_said(
    data: Any,
    lang: str,
    tool: str,
    act: bool = False,
    given: dict[str, Any] | None = None,
    fed: set[str] | None = None,
    of: str | None = None,
    about: str | None = None,
) -> str:
    """Rules 1 to 5: one result as the answer says it ("" when a look-up has nothing new); `of`,
    what it is about when the result does not say it (one of several look-ups of one tool);
    `about`, the subject its heading names in place of the value it was given (the user's own
    word, not an id an earlier result fed it; "" for none)."""
    if isinstance(data, str):
        return data.strip()
    if act and isinstance(data, bool):  # an act's bare True / False: what was done, to what
        return _act_flag(data, lang, tool, given or {})
    flag = _only_flag(data)
    if flag is not None:  # {"ok": true}, {"success": false}: the same, said of what was given
        return _act_flag(flag, lang, tool, given or {})
    subject, about = about, of
    if isinstance(data, dict):
        kept = _confirmed(data, given or {}) if act else _new(data, given or {}, fed or set())
        if not kept:
            return ""
        own = (_about(data, kept) or of) if subject is None else (subject or of)
        about = None if act else own
        only = next(iter(kept.values())) if len(kept) == 1 else None
        if isinstance(only, list) and only and all(isinstance(i, dict) for i in only):
            data = only  # (a record that only wraps a list: its items are said)
        else:
            lines = value_lines(kept, lang)
            if len(lines) == 1 and about is None and not act:
                return lines[0][2:]
            return "\n".join([result_heading(tool, lang, act, about)] + lines)
    if isinstance(data, list):
        if not data:
            return ""
        items = [f"- {record_line(x, lang)}" for x in data]
        return "\n".join([result_heading(tool, lang, act, about)] + items)
    return value(data, lang)


FLAG_KEY = re.compile(r"^(?:ok|success|succeeded|done|applied|updated|saved|result|成功)$", re.I)


def _only_flag(data: Any) -> bool | None:
    """An act's result that holds only a flag of success ({"ok": true}, {"success": false}):
    that flag; else None."""
    if isinstance(data, dict) and len(data) == 1:
        ((k, x),) = data.items()
        if isinstance(x, bool) and FLAG_KEY.match(str(k)):
            return x
    return None


def _act_flag(done: bool, lang: str, tool: str, given: dict[str, Any]) -> str:
    """Rule 1 for an act whose result is only True or False: the heading of what was done and the
    values it was given ("Cancelled the order: O1"), or that it was not done."""
    shown = ("、" if lang == "zh" else ", ").join(
        str(x) for x in given.values() if isinstance(x, str | int | float) and str(x)
    )
    if done:
        heading = result_heading(tool, lang, True)
        return f"{heading}{shown}" if lang == "zh" else f"{heading} {shown}".strip()
    verb, thing = _tool_words(tool)
    if lang == "zh":
        what = label("_".join(thing), "zh") if thing else ""
        did = f"{VERB_ZH.get(verb or '', '办理')}{what if _all_zh(what) else ''}"
        return f"未能{did}" + (f"（{shown}）。" if shown else "。")
    what = " ".join(ABBREVIATIONS.get(w, w) for w in thing) or "request"
    did = past(verb) if verb else "done"
    return f"The {what} was not {did}" + (f" ({shown})." if shown else ".")


def _confirmed(data: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """Rule 10: an act's confirmation said in words: a flag of success beside other values is
    not said (the heading says it was done: "Added the item:", never "Ok: yes"), and one that
    names nothing (only counts and flags: {"ok": true, "list_length": 3}) is said with the
    short values the act was given first ("Item: oat milk", "Quantity: 2"), then its own."""
    kept = {k: x for k, x in data.items() if not (x is True and FLAG_KEY.match(str(k)))}
    if not kept or any(isinstance(x, str) and x.strip() for x in kept.values()):
        return kept or data
    short = {
        k: x
        for k, x in given.items()
        if isinstance(x, int | float)
        and not isinstance(x, bool)
        or isinstance(x, str)
        and 0 < len(x) <= 40
    }
    return {**short, **kept}


def _about(data: dict[str, Any], kept: dict[str, Any]) -> str | None:
    """Rule 1: the value a look-up was asked about (the first it was given, left out by rule 5),
    which its heading names ("Weather for Paris:")."""
    for k, x in data.items():
        if k not in kept and isinstance(x, str) and 0 < len(x) <= 30:
            return x
    return None


def _new(data: dict[str, Any], given: dict[str, Any], fed: set[str]) -> dict[str, Any]:
    """Rule 5: a look-up's values other than those it was given and those a later call took (a
    number only under its own key: "2" given as adults is no "2" of available rooms)."""
    asked = {norm(x) for x in given.values() if isinstance(x, str) and not _number(x)}
    return {
        k: x
        for k, x in data.items()
        if isinstance(x, dict | list)
        or not (
            k in given
            and norm(given[k]) == norm(x)
            or isinstance(x, str)
            and not _number(x)
            and (norm(x) in asked or norm(x) in fed)
        )
    }


def _number(x: str) -> bool:
    return re.fullmatch(r"\s*-?\d+(?:\.\d+)?\s*", x) is not None


def norm(x: Any) -> str:
    """A value as rule 5 compares it: its text, trimmed, lower case."""
    return str(x).strip().lower()


TEST_COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)\b", re.I)
PYTEST_END = re.compile(
    r"^=+ (.*\b(?:passed|failed|errors?|skipped)\b.*?) in [\d.]+m?s.*=+\s*$", re.M
)
JEST_END = re.compile(r"^Tests:\s+(.*\btotal)\s*$", re.M)
UNITTEST_RAN = re.compile(r"^Ran (\d+) tests? in [\d.]+s\s*$", re.M)
UNITTEST_END = re.compile(r"^(OK|FAILED)\b(?: \((.*)\))?", re.M)
FAILED_LINE = re.compile(r"^(?:FAILED|ERROR) (\S+?)::(\S+?)(?: - (.*))?$", re.M)
UNITTEST_FAIL = re.compile(r"^(?:FAIL|ERROR): (\w+) \(([\w.]+)\)", re.M)


def runner_counts(text: str) -> tuple[dict[str, int], list[tuple[str, str, str]]] | None:
    """Rule 9: a test runner's output (pytest's last line "== 2 failed, 12 passed in 0.84s ==",
    jest's "Tests: 2 failed, 12 passed, 14 total", unittest's "Ran 14 tests" and "FAILED
    (failures=2)"): its counts by outcome and the failed tests, each (name, where, why)."""
    counts: dict[str, int] = {}
    m = PYTEST_END.search(text) or JEST_END.search(text)
    if m:
        for n, kind in TEST_COUNT.findall(m.group(1)):
            kind = kind.lower()
            counts["error" if kind.startswith("error") else kind] = int(n)
    else:
        ran, end = UNITTEST_RAN.search(text), UNITTEST_END.search(text)
        if not ran or not end:
            return None
        parts = dict(re.findall(r"(\w+)=(\d+)", end.group(2) or ""))
        failed = int(parts.get("failures", 0))
        errors = int(parts.get("errors", 0))
        skipped = int(parts.get("skipped", 0))
        counts = {"passed": int(ran.group(1)) - failed - errors - skipped, "failed": failed}
        counts |= {"error": errors} if errors else {}
        counts |= {"skipped": skipped} if skipped else {}
    if not counts:
        return None
    failed_tests = [
        (name, path, (why or "").strip()) for path, name, why in FAILED_LINE.findall(text)
    ]
    failed_tests += [(name, where, "") for name, where in UNITTEST_FAIL.findall(text)]
    return counts, failed_tests


def runner_said(text: str, lang: str) -> str | None:
    """Rule 9: a test run said as its verdict first (all passed, or not, with the counts), then
    each failed test on a line with where it is and why it failed; never the runner's output."""
    got = runner_counts(text)
    if got is None:
        return None
    counts, failed = got
    words = {
        "passed": ("通过", "passed"),
        "failed": ("失败", "failed"),
        "error": ("出错", "errors"),
        "skipped": ("跳过", "skipped"),
        "xfailed": ("预期失败", "xfailed"),
        "xpassed": ("意外通过", "xpassed"),
    }
    zh = lang == "zh"
    parts = [
        f"{n} 个{words[k][0]}"
        if zh
        else f"{n} {words[k][1].removesuffix('s') if n == 1 else words[k][1]}"
        for k, n in counts.items()
        if n
    ]
    said = ("，" if zh else ", ").join(parts)
    bad = counts.get("failed", 0) + counts.get("error", 0)
    if not bad:
        lead = f"全部通过：{said}。" if zh else f"All tests passed: {said}."
    else:
        lead = f"没有全部通过：{said}。" if zh else f"Not all tests passed: {said}."
    lines = [lead]
    for name, where, why in failed:
        at = (f"（{where}）" if zh else f" ({where})") if where else ""
        because = (f"：{why}" if zh else f": {why}") if why else ""
        lines.append(f"- {name}{at}{because}")
    return "\n".join(lines)
