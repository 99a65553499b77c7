"""What a text is about, in Chinese and English: a small bilingual table of concepts.

The general policy (`agentkit.sim.general`) compares the user's words with each tool's name,
description and input schema through this table. The rules, as a reader can apply them by hand:

- Latin text is split into words: snake_case and camelCase are split (`get_customerInfo` ->
  get, customer, info), words are lower-cased and lose a plural or -ing/-ed ending, and British
  spellings read as American ones (licence: license, colour: color, centre: center).
- Chinese text is read by characters: a concept's Chinese word is found where its characters
  stand in a row ("北京天气怎么样" holds 天气); an act's word that starts a noun (报修单, 申请表,
  提交记录) names a thing, not the act.
- A concept is a THING (weather, order, file, ...) or an ACT (read, create, cancel, ...). A tool
  whose name carries an act that changes something (CHANGES) is only called when the user asks for
  that act ("cancel order O1"), never because it shares a noun with the request; a name's word
  that means both such an act and another concept is asked for by either ("add": create, or the
  operator of "15 + 27").
- A tool's name is read as names are written (`name_words`): its verb is the first word that
  carries an act (`reserve_record` reserves; its record is the thing, no act of creating), in
  each part joined by and / or; a word of a changing act as often a noun (record, schedule, ...)
  that stands last after other words names a thing (`gym_schedule`; `web_search` still
  searches). Only the verb's changing act must be asked for.
- "sign me up for ..." and "sign (X) up" ("sign me, Dana Li, up for ...") mean the create and
  book acts (register, enrol); "text Maya that ...", "message the team saying ...", "发条短信",
  "短信通知他" the send act;
  "open a (support) ticket / an account / a case" means the create act.
- "get/fit/squeeze X in at/on/with ..." means the book act ("get my cat in at Harbor Vets").
- Buying given as an order ("order 180 more", "- order just the difference", "I'd like to
  purchase two", "top up SKU GL-88", "restock aisle 4"; not "order status") means the create
  act beside the order thing (`create_purchase_order`).
- A bare 退 standing as a verb (帮我退, 想退, 退一下, 退掉, 退两张; not 退休, 退出) means the cancel
  act; an act's word ending in a measure word (挂个, 订个) takes an object, never starts a noun
  (挂个号); "sign Maya Chen up for ..." names the person between sign and up; "stop my
  subscription", "end our contract" mean the cancel act (of what is held, not "stop" alone).
- A bare Chinese verb of booking or buying, where it stands as a verb ("有的话就订两个", "帮我约一个",
  "给我买一张", "帮我们订今天下午场的冰鞋", "买最便宜的那款" opening a sentence; not 订单, 订阅, 买单, 大约, 约定), means the book act; 订, 买 and 下单 also the order thing.
- The acts of everyday services are concepts of their own, each changing something, so a
  tool named for one is asked by its words in either language and never for another's:
  freeze (lost, stolen, 挂失, 冻结), dispute (appeal, complaint, 申诉, 投诉), topup (top up,
  recharge, 充值; a bare 充 before an amount: "充100块"), redeem (兑奖; 兑换 beside a code, a
  voucher or points), transfer (转账, 转给, 转让); a bare 续 before 一下 or a period ("续一下",
  "续一年") asks to renew (update); "apply" asks to register (create). "top up", `top_up` and
  "top-up" are read as one word (`words`). So are an operator's acts on a running service:
  restart (reboot, 重启), rollback (revert, 回滚), scale (扩容, 缩容), deploy (部署, 发布); a
  request to restart asks the restart tool, never only the status one beside it.
- An email address in the text ("sam@example.net") means the email thing; "what files are in
  /srv?" ("what/which ...s are", 有哪些) means the list act.
- An arithmetic expression in the text ("1984135 * 9343116", "3 乘以 4") means the math thing, the
  calculate act and the operator's own concept (add, subtract, multiply, divide).
"""

from __future__ import annotations

import functools
import re

THING, ACT = "thing", "act"

TABLE: dict[str, tuple[str, str, str]] = {  # concept -> (kind, English words, Chinese words)
    # acts that only read
    "read": (ACT, "get fetch retrieve lookup look find show read view check open", "查 获取 读 看 显示 打开"),
    "list": (ACT, "list ls enumerate", "列出 列表 有哪些"),
    "search": (ACT, "search query browse find", "搜索 搜 检索 查找"),
    "calculate": (ACT, "calculate compute evaluate solve", "计算 算一下 算算 等于"),
    # acts that change something
    "create": (ACT, "save create add new write make store record put remember schedule submit register apply", "保存 创建 新建 添加 记下 记录 记住 记一 记到 写 存 报修 提交 申请 登记 安排 上报 报上"),
    "cancel": (ACT, "cancel abort refund terminate discontinue unsubscribe", "取消 退票 退掉 退款 退订 退货 退了 停掉 终止"),
    "delete": (ACT, "delete remove erase", "删除 删掉 移除"),
    "update": (ACT, "update change edit modify rename reschedule postpone raise increase decrease lower adjust extend renew upgrade downgrade", "修改 更新 更改 编辑 改签 改成 改到 改为 换成 调整 调高 调低 调到 调成 延长 续期 续借 续租 续费 续约 推迟 延期 改期 改约 挪到 移到 打勾 勾掉 勾上 勾选"),
    "send": (ACT, "send notify", "发送 发给 通知"),
    "book": (ACT, "book reserve hold enrol enroll hire schedule arrange", "预订 预约 挂号 挂个 挂一个 订一 订个 报名"),
    "run": (ACT, "run execute", "运行 执行"),
    # the acts of everyday services, each its own (a tool named for one is asked by its words)
    "freeze": (ACT, "freeze suspend deactivate lost stolen", "挂失 冻结 停用 丢了 丢失 遗失 被偷 被盗"),
    "dispute": (ACT, "dispute appeal contest chargeback complain complaint", "申诉 投诉 争议 异议 申辩 拒付"),
    "topup": (ACT, "topup recharge reload refill", "充值 充钱 储值 充话费"),
    "redeem": (ACT, "redeem", "兑奖 核销"),
    "transfer": (ACT, "transfer", "转账 转给 转到 转让 过户 转赠"),
    # the acts an operator does to a running service, each its own (restart is no status read)
    "restart": (ACT, "restart reboot relaunch bounce", "重启 重新启动 重开"),
    "rollback": (ACT, "rollback revert", "回滚 回退 退回到"),
    "scale": (ACT, "scale autoscale", "扩容 缩容 扩到 缩到 扩缩容"),
    "deploy": (ACT, "deploy redeploy", "部署 发布 上线"),
    # arithmetic operators (an enum of operations matches them)
    "add": (ACT, "add plus sum addition", "加 相加"),
    "subtract": (ACT, "subtract minus difference subtraction", "减"),
    "multiply": (ACT, "multiply times product multiplication", "乘"),
    "divide": (ACT, "divide quotient division", "除"),
    "root": (ACT, "sqrt root", "平方根 开方"),
    "power": (ACT, "power exponent pow", "次方 次幂 乘方"),
    # things
    "weather": (THING, "weather forecast temperature climate rain sunny", "天气 气温 温度 预报 下雨"),
    "math": (THING, "calculator arithmetic math mathematical expression equation", "计算器 算式 数学 表达式 算术"),
    "note": (THING, "note memo", "笔记 备忘 便签"),
    "customer": (THING, "customer client", "客户 顾客"),
    "order": (THING, "order purchase buy", "订单"),
    "file": (THING, "file document", "文件 文档"),
    "directory": (THING, "directory folder dir", "目录 文件夹"),
    "email": (THING, "email mail", "邮件 邮箱"),
    "phone": (THING, "phone telephone", "电话 手机号"),
    "address": (THING, "address", "地址"),
    "status": (THING, "status state", "状态"),
    "price": (THING, "price cost", "价格 多少钱"),
    "product": (THING, "product item", "商品 产品"),
    "time": (THING, "time clock", "时间 几点"),
    "stock": (THING, "stock share ticker", "股票 股价"),
    "news": (THING, "news headline", "新闻"),
    "sentiment": (THING, "sentiment emotion feeling", "情感 情绪"),
    "web": (THING, "web internet online website", "网页 网上 网站"),
    "location": (THING, "location city place", "城市 地点 位置"),
    "event": (THING, "event calendar meeting schedule appointment", "日程 会议 预约"),
    "test": (THING, "test", "测试"),
    "code": (THING, "code patch", "代码 补丁"),
    "account": (THING, "account member membership balance", "会员 账户 账号 余额"),
    "ticket": (THING, "ticket", "工单 票"),
    "card": (THING, "card", "卡号 卡片 会员卡 银行卡 信用卡 借书卡 借阅卡 门禁卡 储值卡 公交卡 饭卡 校园卡"),
    "parcel": (THING, "parcel package shipment shipping postage delivery tracking", "包裹 快递 运单"),
    "shell": (THING, "shell bash terminal command", "终端 命令"),
    "unit": (THING, "unit km kilometer kilometre mile meter metre kilogram kg pound ounce liter litre gallon inch foot feet yard", "单位 公里 千米 英里 公斤 千克 英镑 盎司 加仑 英寸 英尺"),
    "money": (THING, "currency money exchange fx forex euro dollar yen pound yuan rmb", "汇率 货币 外币 兑换 人民币 美元 欧元 日元 英镑 港币"),
    "software": (THING, "version release library dependency npm pypi pip crate module semver", "版本 依赖 依赖包 软件包"),
    "translation": (THING, "translate translation translator glossary localize localise", "翻译 译成 译为 术语表"),
    "elevator": (THING, "elevator lift escalator", "电梯 扶梯"),
    "salary": (THING, "salary pay wage payroll compensation", "工资 薪水 薪资 薪酬"),
    "employee": (THING, "employee staff worker colleague", "员工 职员 同事"),
    "room": (THING, "room hotel suite", "房间 酒店 会议室 宾馆 旅馆 客房 民宿 床房 标间 套房"),
    "donation": (THING, "donation pledge gift donor", "捐款 捐赠 认捐 捐助"),
    "parking": (THING, "parking garage carpark", "停车 车位 停车场"),
    "calorie": (THING, "calorie kcal nutrition", "热量 卡路里 千卡 大卡 营养"),
    "route": (THING, "route routing directions distance commute navigation navigate", "路线 距离 导航 车程 路程"),
    "bill": (THING, "bill invoice owe owed outstanding", "账单 发票 欠费 缴费"),
    # common things of everyday domains: a Chinese request reads an English tool by them
    "snow": (THING, "snow ski slope resort powder", "积雪 滑雪 雪场 雪道 缆车 下雪 雪深"),
    "wine": (THING, "wine cellar vintage winery", "葡萄酒 红酒 酒窖 酒庄"),
    "train": (THING, "train rail railway station platform", "火车 列车 高铁 动车 车次 站台"),
    "flight": (THING, "flight plane airline airport boarding", "航班 飞机 机场 登机"),
    "boat": (THING, "boat ferry ship sailing yacht charter", "轮渡 渡轮 游船 帆船 游艇 船班 渡船"),
    "medical": (THING, "patient doctor clinic hospital", "病人 患者 医生 诊所 医院 挂号"),
    "bike": (THING, "bike bicycle cycling", "自行车 单车"),
    "tide": (THING, "tide tides tidal harbour", "潮汐 涨潮 退潮 潮位 满潮"),
    "trail": (THING, "trail hike hiking", "步道 徒步 登山"),
    "museum": (THING, "museum exhibition exhibit gallery", "博物馆 展览 展品 美术馆 展厅"),
    "course": (THING, "course class lesson timetable", "课程 课表 班级 上课"),
    "insurance": (THING, "insurance policy claim", "保险 保单 理赔"),
    "energy": (THING, "energy electricity meter outage", "电力 电表 停电 用电 电费"),
    "battery": (THING, "battery charge", "电池 电量 充电"),
    "lease": (THING, "lease rent tenant apartment landlord", "租约 房租 租客 公寓 房东"),
    "job": (THING, "job candidate applicant vacancy interview", "职位 岗位 候选人 面试 应聘"),
    "shift": (THING, "shift roster rota", "排班 班次 值班"),
    "inventory": (THING, "inventory warehouse shelf restock storeroom stockroom stocktake pantry larder supplies stash", "库存 仓库 货架 补货 储藏室 存货 物资 存量 余量"),
    # a fault reported: what is broken names a tool that reports or repairs it
    "fault": (THING, "fault faulty broken stuck leak leaking drip dripping flicker flickering jammed clogged blocked cracked damaged malfunction breakdown repair maintenance defect outage", "故障 坏了 坏掉 损坏 漏水 滴水 不亮 闪烁 没反应 失灵 卡住 堵了 堵塞 异响 报修 维修 修理"),
}  # fmt: skip
SERVICES = frozenset(
    {"freeze", "dispute", "topup", "redeem", "transfer", "restart", "rollback", "scale", "deploy"}
)  # everyday services' acts, and an operator's to a running service
CHANGES = frozenset({"create", "cancel", "delete", "update", "send", "book", "run"}) | SERVICES
OPERATORS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_WORD = re.compile(r"[a-z]+")
SPOKEN_OPS = [  # words for operators, replaced by the symbol before an expression is read
    (re.compile(r"\s*(?:multiplied by|times|乘以|乘)\s*", re.IGNORECASE), " * "),
    (re.compile(r"\s*(?:divided by|除以)\s*", re.IGNORECASE), " / "),
    (re.compile(r"\s*(?:plus|加上|加)\s*", re.IGNORECASE), " + "),
    (re.compile(r"\s*(?:minus|减去|减)\s*", re.IGNORECASE), " - "),
    (re.compile(r"\s*[×xX]\s*(?=\d)"), " * "),
    (re.compile(r"\s*÷\s*"), " / "),
]
LISTING = re.compile(
    r"\b(?:what|which)\s+(?:\w+\s+)?\w+s\s+(?:are|exist|do (?:I|we|you) have)\b|都有什么|有哪些",
    re.IGNORECASE,
)
GET_IN = re.compile(
    r"\b(?:get|fit|squeeze)\s+(?:[\w']+\s+){1,3}in\s+(?:at|with|on|for|to)\b"
    r"|\bsign\s+(?:up\b|(?:me|us|him|her|them|[A-Z][a-z]+)(?:,[^,.]{1,40},)?\s+up\b)",
    re.I,
)
ORDER_VERB = re.compile(  # buying as an order given: "order 180 more", "- order just the
    # difference", "I'd like to purchase two", "top up the gloves", "restock aisle 4"
    r"(?:^|[.!?;:,\-–—]\s*|\b(?:please|just|then|and|so|to|can you|could you|would you)\s+)"
    r"(?:re-?order|order|buy|purchase|restock|top\s+up)\b(?!\s+(?:status|number|history|id|no\b))",
    re.I,
)
OPEN_NEW = re.compile(
    r"\bopen\s+(?:a|an|another|one|new)\s+(?:new\s+)?(?:[\w-]+\s+)?(?:ticket|case|account|issue|"
    r"request|claim|incident|dispute|report|complaint|tab|bug)s?\b",
    re.I,
)
BOOK_VERB = re.compile(  # 订 / 约 / 买 standing as a verb: after 帮我, 就, 再, ..., before a count
    # or before a time (约明天上午的号, 约在周五)
    r"(?:(?:帮|给|替|为)我们?|就|再|去|要|想|我来|顺便|并|然后)(?:预?订|约|买|购买)"
    r"|(?<![预修签])(?:订|买)(?=[一两二三四五六七八九十\d]+(?:个|张|间|份|件|位|桌|晚|台|盒|瓶))"
    r"|(?<![大预])约(?=[一两]个|一下|个|号"
    r"|[在到]?(?:今天|明天|后天|大后天|下周|这周|本周|周[一二三四五六日天]|星期|[上下]午|晚上|早上|\d+[月号日点])"
    r"|[在到]\d{4}-)"  # 约在周五, 约到2027-01-20
    r"|下单|购买"
    r"|(?:^|(?<=[，,。；;！!？?\s]))(?:那么?|那就)?(?:预?订|买)(?![单阅])"  # opening a sentence: 买最便宜的那款
    r"|(?<![预修签])(?:订|买)(?![单阅])(?=[^，,。！？!?]{0,8}?[那这](?:个|张|间|份|件|位|桌|款|家|辆|台|只|条|班|场))",
)  # (订 before the entry it takes, 那订靠窗那张: a verb)
BUY = re.compile(r"(?<!预)订|买|下单")
CANCEL_VERB = (
    re.compile(  # 退 standing as a verb: after 帮我, 要, 想, ... or before 一下, 掉, a count
        r"(?:帮我|给我|替我|我要|要|想|申请|能不能|可以)退(?![休出伍役烧化步])"
        r"|退(?=一下|掉|了|[一两二三四五六七八九十\d]+(?:张|件|个|份|间|晚))"
    )
)
TAKE_OFF = re.compile(r"\btake\b[^.?!]{0,30}\boff\b|\bget rid of\b|划掉|去掉|拿掉", re.IGNORECASE)
EMAIL_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
NUMBER = r"\d+(?:\.\d+)?"
EXPRESSION = re.compile(rf"\(*-?{NUMBER}\)*(?:\s*(?:\*\*|[-+*/^%])\s*\(*-?{NUMBER}\)*)+")


def stem(word: str) -> str:
    """A word without its plural or -ing/-ed ending ("orders" -> "order", "notes" -> "note"),
    spelled the American way (`american`)."""
    word = american(word)
    for end, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", "e"), ("s", "")):
        if word.endswith(end) and len(word) - len(end) >= 3 and not word.endswith("ss"):
            return word[: -len(end)] + keep
    return word


# British spellings by their endings: -our (colour, harbour; not detour), -tre (centre, litre),
# -ogue (catalogue, dialogue), -ence of the nouns whose verb ends -ense (licence, defence)
BRITISH = (
    (re.compile(r"^(?!(?:de|con)tour|paramour|troubadour|velour)(\w{3,})our(s?)$"), r"\1or\2"),
    (re.compile(r"^(\w{2,})tre(s?)$"), r"\1ter\2"),
    (re.compile(r"^(\w{4,})ogue(s?)$"), r"\1og\2"),
    (re.compile(r"^(lic|def|off|pret)ence(s?)$"), r"\1ense\2"),
)


def american(word: str) -> str:
    """A word spelled the American way: "licence" -> "license", "colours" -> "colors",
    "centre" -> "center", "catalogue" -> "catalog" (so issue_license serves "a fishing licence")."""
    for pattern, to in BRITISH:
        if pattern.match(word):
            return pattern.sub(to, word)
    return word


PHRASAL = re.compile(r"(?<![a-z])(top)[\s_-]?(up)(?![a-z])")  # "top up", "top-up", top_up: one verb


def words(text: str) -> list[str]:
    """The Latin words of a text, snake_case and camelCase split, lower case, stemmed; a phrasal
    verb of the services ("top up", `top_up`, "top-up") one word (topup)."""
    lowered = PHRASAL.sub(r"\1\2", _CAMEL.sub(" ", text).lower())
    return [stem(w) for w in _WORD.findall(lowered)]


@functools.lru_cache(maxsize=1)
def _index() -> tuple[dict[str, set[str]], list[tuple[str, str]]]:
    latin: dict[str, set[str]] = {}
    han: list[tuple[str, str]] = []
    for concept, (_kind, en, zh) in TABLE.items():
        for w in en.split():
            latin.setdefault(stem(w), set()).add(concept)
        han += [(w, concept) for w in zh.split()]
    return latin, han


@functools.cache
def han_words() -> frozenset[str]:
    """The Chinese words of the concept table."""
    return frozenset(w for w, _c in _index()[1])


JOINS = frozenset({"and", "or", "then"})
# words that name a thing as often as an act: the act only where they lead a tool's name
NOUN_TOO = frozenset(
    stem(w)
    for w in "record schedule log note book store order change update test check list search run "
    "report request transfer return post".split()
)


def name_words(name: str) -> list[tuple[str, frozenset[str]]]:
    """A tool's name read as names are written, verb first (`reserve_record`, `search_records`,
    `schedule_meeting`) or object first (`note_save`, `calendar_add_event`): each word with its
    concepts, where only the name's verb keeps an act. The verb is the first word that carries an
    act, in each part of a name joined by and / or (`create_and_send_invoice`); a word of a
    changing act that is as often a noun (record, schedule, ...) standing last after other words
    is no verb but the thing (`gym_schedule`, `vinyl_record`; `web_search` still searches).
    Every other word keeps its things only: the record of `reserve_record` is what is reserved,
    not an act of creating."""
    latin, _ = _index()
    groups: list[list[str]] = [[]]
    for w in words(name):
        if w in JOINS:
            groups.append([])
        else:
            groups[-1].append(w)
    out: list[tuple[str, frozenset[str]]] = []
    for g in groups:
        verb = next(
            (i for i, w in enumerate(g) if any(kind(c) == ACT for c in latin.get(w, ()))), None
        )
        if (
            verb is not None
            and 0 < verb == len(g) - 1
            and g[verb] in NOUN_TOO
            and latin.get(g[verb], set()) & CHANGES  # (web_search still searches)
        ):
            verb = None
        for i, w in enumerate(g):
            meant = frozenset(latin.get(w, ()))
            out.append((w, meant if i == verb else frozenset(c for c in meant if kind(c) == THING)))
    return out


def name_concepts(name: str) -> frozenset[str]:
    """The concepts a tool's name carries (`name_words`), with those its words name together."""
    latin, _ = _index()
    read = name_words(name)
    alone = {c for w, _ in read for c in latin.get(w, ())}
    return frozenset(c for _, m in read for c in m) | (concepts(" ".join(words(name))) - alone)


def changes_asked(name: str, asked: frozenset[str]) -> bool:
    """Whether every act that changes something, which a tool's name carries as its verb
    (`name_words`), is asked for: a word of the name that carries such an act is asked for when
    the request names any concept of that word ("add" in `mcp__calc__add` is asked for by
    "15 + 27", which names the operator add)."""
    latin, han = _index()
    for w, kept in name_words(name):
        meant = latin.get(w, set())
        if kept & CHANGES and not meant & asked:
            return False
    return all(c in asked for w, c in han if c in CHANGES and w in name)


def spoken_math(text: str) -> str:
    """The text with spoken operators as symbols ("3 乘以 4" -> "3 * 4"), digit commas dropped."""
    out = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    for pattern, symbol in SPOKEN_OPS:
        out = pattern.sub(symbol, out)
    return out


ISO_DATE = re.compile(r"(?<![\d-])\d{4}-\d{1,2}-\d{1,2}(?![\d-])")


def expressions(text: str) -> list[str]:
    """The arithmetic expressions a text holds, operators as symbols; a date written with dashes
    ("2027-01-20") is no subtraction."""
    return [m.group(0).strip() for m in EXPRESSION.finditer(spoken_math(ISO_DATE.sub(" ", text)))]


@functools.lru_cache(maxsize=4096)
def concepts(text: str) -> frozenset[str]:
    """The concepts a text names (Latin words, Chinese words by characters, arithmetic)."""
    latin, han = _index()
    found = {c for w in words(text) for c in latin.get(w, ())}
    found |= {c for w, c in han if w in text and not (c in CHANGES and not _act_said(text, w, han))}
    if EMAIL_ADDRESS.search(text):
        found.add("email")
    verb = BOOK_VERB.search(text)
    if verb:  # "有的话就订两个", "帮我约一个", "给张伟买一张"
        found.add("book")
        if BUY.search(verb.group(0)):
            found.add("order")
    if TAKE_OFF.search(text):  # "take the lemons off the list", "get rid of", "划掉"
        found.add("delete")
    if CANCEL_VERB.search(text):  # "帮我退一下这张票", "我想退两张"
        found.add("cancel")
    if GET_IN.search(text):  # "get my cat in at Harbor Vets", "fit me in on Friday"
        found.add("book")
    if OPEN_NEW.search(text) or ORDER_VERB.search(text):  # "open a support ticket": create
        found.add("create")  # one; "order just the difference", "top up SKU GL-88": an order
    if LISTING.search(text):  # "what files are in /srv?" asks for a listing
        found.add("list")
    found |= {act for act, pattern in SERVICE_VERBS if pattern.search(text)}
    found |= _phrasal(text)
    for expr in expressions(text):
        found |= {"math", "calculate"}
        found |= {
            OPERATORS[op] for op in re.findall(r"(?<=[\d)\s])[-+*/]", expr) if op in OPERATORS
        }
    return frozenset(found)


SERVICE_VERBS = (  # a bare Chinese verb of a service, where it stands as a verb
    ("topup", re.compile(r"充(?=\s*[一两二三四五六七八九十百\d]|个|点|一下|上)")),  # 充50块, 充一百
    (
        "update",
        re.compile(
            r"(?<![继连持手])续(?=一下|个|上|签|[一两二三四五六七八九十\d]+\s*(?:年|个月|月|天|周|期))"
        ),
    ),
    (
        "redeem",
        re.compile(
            r"兑换(?=[^，。,.;；]{0,12}(?:码|券|卡|积分|礼品|奖品))|(?:码|券|积分|礼品卡)[^，。,.;；]{0,8}兑换"
        ),
    ),
)
SIGN_UP = re.compile(r"\b[Ss]ign(?:s|ed|ing)?\s+(?:\w+\s+|(?:[A-Z][\w'-]+\s+){2,3})?(?:up|UP|Up)\b")
MESSAGE_TO = (
    re.compile(  # "Text Maya that ...", "message the team saying ...", "ping Jo to say ..."
        r"(?:^|[.!?]\s+|\bplease\s+)(?:text|message|ping|sms|dm|whatsapp)\s+(?!me\b)[\w@.+-]+"
        r"|\b(?:text|message|ping|email|sms|dm)\s+(?:[\w@.+-]+\s+){1,3}(?:that|saying|to say)\b",
        re.I,
    )
)

MESSAGE_ZH = re.compile(  # "发条短信", "发个消息给她", "短信通知他", "回条微信": sending a message
    r"发(?:一|几|两)?(?:条|个|封|则)?(?:短信|消息|信息|微信|邮件)|(?:短信|微信|消息)(?:通知|告诉|提醒)"
    r"|回(?:一|个|条)?(?:短信|消息|微信)"
)


STOP_MY = re.compile(  # "stop my subscription", "end our contract": cancel what is held
    r"\b(?:stop|end)\s+(?:my|our|his|her|their)\s+(?:[\w-]+\s+){0,2}?(?:subscription|membership|"
    r"contract|plan|service|order|booking|reservation|account|lease|policy|delivery|deliveries)s?\b",
    re.I,
)


def _phrasal(text: str) -> set[str]:
    """The concepts of phrases whose words alone name none: "sign me up for" asks to register
    or enrol (create, book); "log it", "file this", "report the fault" ask to record (create); "text Maya that ...", "message the team saying ..." ask to send;
    "stop my subscription", "end our contract" ask to cancel what is held."""
    found = set()
    if STOP_MY.search(text):
        found.add("cancel")
    if SIGN_UP.search(text):
        found |= {"create", "book"}
    if MESSAGE_TO.search(text) or MESSAGE_ZH.search(text):
        found.add("send")
    if LOG_IT.search(text):
        found.add("create")
    return found


LOG_IT = re.compile(  # "please log it as urgent", "file this", "report the fault": a record made
    r"\b(?:log|file|report)\s+(?:it|this|that|them|the\s+(?:fault|issue|problem|incident|breakdown))\b",
    re.I,
)


NOUN_END = re.compile(r"单|表|记录|号|人|书")  # 报修单, 申请表, 提交记录: a thing, not the act
ASKS_WHAT = re.compile(r"(?:了|着|的是)(?:些)?(?:什么|啥|哪些)")  # 写了什么: what was written


def _act_said(text: str, word: str, han: list[tuple[str, str]]) -> bool:
    """Whether the act's Chinese word asks for the act somewhere in the text: at a place where it
    is not part of a longer word of the table (存 in 库存 names stock, not storing), does not
    ask what was done (写了什么, 记录了哪些: a question about what is there) or say what a text
    holds (写着), and does not start a noun (`_noun`)."""
    longer = [w for w, _ in han if word in w and w != word and w in text]
    for m in re.finditer(re.escape(word), text):
        inside = any(
            o.start() <= m.start() and m.end() <= o.end()
            for w in longer
            for o in re.finditer(re.escape(w), text)
        )
        if inside or ASKS_WHAT.match(text, m.end()) or _noun(text, word, m.end()):
            continue
        if not text.startswith("着", m.end()):  # (room.txt 里写着 …: what it says, no act)
            return True
    return False


def _noun(text: str, word: str, end: int) -> bool:
    """The act's Chinese word ending at `end` starts a noun (报修单); a word that ends in a
    measure word (挂个, 订个) is followed by its object, never a noun (挂个号)."""
    return not word.endswith("个") and bool(NOUN_END.match(text, end))


LINKS: tuple[tuple[str, re.Pattern[str]], ...] = (  # what a request means without the word
    (
        "weather",  # what to wear or carry, and how the air is: the forecast
        re.compile(
            r"\b(?:umbrellas?|sunscreen|sun\s?cream|sunblock|sunglasses|raincoats?|rain\s?jacket|windy|wind|gusts?|gusty|stormy"
            r"|storms?|chilly|freezing|drizzle|snowing)\b"
            r"|\b(?:be|is|it's|too|get|gets|getting|stay)\s+(?:\w+\s+)?(?:hot|cold|warm|wet)\b"
            r"|(?:带|拿)(?:把)?伞|雨伞|雨衣|雨披|雨靴|墨镜|防晒|刮风|风大|大风|冷不冷|热不热|多冷|多热|穿什么|加衣|外套|暴雨|下雪",
            re.I,
        ),
    ),
    (
        "route",  # how far, how long to get there: a route between two places
        re.compile(
            r"(?i:\bhow\s+far\b|\bdrive\s+(?:to|from|there|back|home|over)\b|\bdriving\b|\bby\s+car\b"
            r"|\bcommute\b|\bget\s+from\b"
            r"|\bhow\s+long\b[^.?!]{0,40}\b(?:get|go|walk|cycle|ride|take\s+me|travel)\s+(?:to|from)\b)"
            r"|\b[Ff]rom\s+[A-Z][^.?!]{0,40}?\bto\s+[A-Z]"
            r"|多远|远不远|开车|怎么走|怎么去|多久能?到|要多久|多长时间能?到",
        ),
    ),
    (
        "event",  # whether the user is free or taken at a time: their calendar
        re.compile(
            r"\b(?:am\s+I|are\s+we|are\s+you|is\s+(?:he|she)|I'm|we're)\s+(?:\w+\s+)?(?:free|busy|available)\b"
            r"|\bdouble[- ]booked\b|\bclash(?:es)?\b|\boverlap(?:s|ping)?\b|\b(?:have|got)\s+anything\s+on\b"
            r"|有空|有没有空|空闲|忙不忙|有安排|有什么安排|时间冲突|撞(?:了|车)",
            re.I,
        ),
    ),
    (
        "account",  # whether the user's money covers a sum: their balance
        re.compile(
            r"\bafford\b|\benough\s+(?:money|cash|funds|left|in\s+(?:my|the)\s+\w+)\b"
            r"|\bcover\s+(?:the\s+|my\s+|a\s+)?[£$€¥]"
            r"|买得起|付得起|够不够[付买交]|钱够|还剩多少钱|还有多少钱",
            re.I,
        ),
    ),
    (
        "inventory",  # whether there is enough of something on hand: how much is held
        re.compile(
            r"\b(?:have|got|there)\s+enough\b(?!\s+(?:money|cash|funds|time)\b)|\benough\s+\w+\s+(?:left|on\s+hand|in\s+stock)\b"
            r"|\b(?:are|is)\s+we\s+(?:out\s+of|low\s+on|running\s+low)\b|\brun(?:ning)?\s+out\s+of\b"
            r"|够不够用|够用吗|够不够(?!钱|[付买交])|还剩多少(?!钱)|还有多少(?!钱)|用完了吗",
            re.I,
        ),
    ),
    (
        "parcel",  # where something sent is, why it has not come: its tracking
        re.compile(
            r"到哪(?:儿|里)?了|还没(?:到|送到|收到)|什么时候(?:能)?到|\bwhere\s+is\s+my\s+(?:\w+\s+)?(?:package|parcel|delivery)\b",
            re.I,
        ),
    ),
)


def linked(text: str) -> frozenset[str]:
    """The concepts a request means without saying their words (`LINKS`): an umbrella, a coat,
    wind asks about the weather; how far, driving, how long to get from one place to another, a
    route; am I free, double-booked, 有空, the user's calendar (event); can I afford, enough
    money, 买得起, their account's balance; 到哪了, 还没到, a parcel's tracking. Read in the
    request only, never in a tool's text: a tool still names what it is about in its own words."""
    return frozenset(c for c, pattern in LINKS if pattern.search(text))


def kind(concept: str) -> str:
    return TABLE[concept][0]
