"""The kind of value each extracted field wants (round 10, extract: `sim/valuekinds.py`): a
phone number whole with its country code and written as the description asks, a city (never a
street or an address), a range filling the pair of fields named as its ends in the unit they
name, a building-unit-room run in the form the description's example shows, the person who
introduces themself or opens a card, a job title beside the name or the employer on a line (never
a number, a heading or a name), a company by its ending or beside a job title, an event's host
("Presented by ...") and venue (the name before its street). Each runs through the real SDK
client against the offline stand-in, in domains of its own."""

from pydantic import BaseModel

import agentkit
from tests.test_extract8 import INT, STR, forced, obj, structured, tool

MODEL = agentkit.default_model()


def test_a_business_card_en():
    contact = tool(
        "add_contact",
        "Add a contact to the CRM.",
        {
            "full_name": STR,
            "job_title": STR,
            "company": STR,
            "phone": {"type": "string", "description": "E.164, e.g. +14155550100"},
            "email": STR,
            "city": STR,
        },
    )
    card = (
        "Priya Raman — Head of Procurement\nNorthwind Timber Co.\nMobile: +1 (503) 555-0147\n"
        "priya.raman@northwind-timber.example\n220 SW Alder St, Portland, OR 97204"
    )
    _name, got = forced([contact], "Please save this business card:\n" + card)
    assert got == {
        "full_name": "Priya Raman",
        "job_title": "Head of Procurement",
        "company": "Northwind Timber Co.",
        "phone": "+15035550147",
        "email": "priya.raman@northwind-timber.example",
        "city": "Portland",
    }


def test_a_business_card_zh():
    card = tool(
        "save_card",
        "保存一张名片。",
        {
            "name": STR,
            "position": STR,
            "org": STR,
            "phone": {"type": "string", "description": "只保留数字，含国家码，如 8613800000000"},
            "city": STR,
        },
    )
    text = (
        "帮我录入这张名片：\n司马静怡 · 市场部经理\n成都锦江文旅发展有限公司\n"
        "电话：+86 139 8012 3456\n地址：成都市锦江区红星路三段1号"
    )
    _name, got = forced([card], text)
    assert got == {
        "name": "司马静怡",
        "position": "市场部经理",
        "org": "成都锦江文旅发展有限公司",
        "phone": "8613980123456",
        "city": "成都",
    }


def test_a_job_ad_with_a_range_en():
    schema = obj(
        {
            "role": STR,
            "employer": STR,
            "location_city": STR,
            "salary_min": INT,
            "salary_max": INT,
            "years_required": INT,
        }
    )
    ad = (
        "We're hiring! Data Platform Engineer at Lumen Freight (Austin, TX). Pay: $120k–$145k "
        "base. 4+ years with Spark or Flink required. Apply: jobs@lumenfreight.example"
    )
    got = structured(schema, "Extract the job posting:\n" + ad)
    assert got["role"] == "Data Platform Engineer"
    assert got["employer"] == "Lumen Freight"
    assert got["location_city"] == "Austin"
    assert (got["salary_min"], got["salary_max"]) == (120000, 145000)
    schema = obj({"role": STR, "employer": STR, "pay_min": INT, "pay_max": INT})
    ad = "Line Cook at Saltmarsh Kitchen. Pay range: $42,000 – $48,500 a year."
    got = structured(schema, "Extract the posting:\n" + ad)
    assert (got["pay_min"], got["pay_max"]) == (42000, 48500)  # groups of thousands
    assert got["role"] == "Line Cook"


def test_a_job_ad_with_a_range_in_wan_zh():
    schema = obj(
        {
            "job_title": STR,
            "company": STR,
            "city": STR,
            "salary_low": {"type": "integer", "description": "月薪下限，单位元"},
            "salary_high": {"type": "integer", "description": "月薪上限，单位元"},
            "min_years": INT,
        }
    )
    ad = (
        "【诚聘】南京鼓楼 · 资深会计\n单位：金陵恒信会计师事务所\n待遇：1.2万-1.8万/月\n"
        "要求：持中级会计证，3年以上经验。"
    )
    got = structured(schema, "提取招聘信息：\n" + ad)
    assert got == {
        "job_title": "资深会计",
        "company": "金陵恒信会计师事务所",
        "city": "南京",
        "salary_low": 12000,
        "salary_high": 18000,
        "min_years": 3,
    }
    post = tool(
        "post_job", "Post a job opening.", {"title": STR, "city": STR, "min_k": INT, "max_k": INT}
    )
    _name, got = forced([post], "帮我发布一个岗位：武汉光谷，物流调度主管，月薪20K-30K。")
    assert got == {"title": "物流调度主管", "city": "武汉", "min_k": 20, "max_k": 30}


def test_a_repair_request_names_its_flat_and_tenant_zh():
    repair = tool(
        "log_repair",
        "登记报修。",
        {
            "room": {"type": "string", "description": "楼栋-单元-房间号，如 5-1-302"},
            "tenant": STR,
            "issue": STR,
            "phone": STR,
        },
    )
    thanks = tool("log_thanks", "登记表扬。", {"staff": STR, "note": STR})
    text = (
        "您好，我是7栋1单元803的住户李晓峰，家里卫生间的水管从昨晚开始漏水，楼下已经渗水了，"
        "麻烦尽快来修。联系电话 139 1122 3344。"
    )
    name, got = forced([repair, thanks], text, choice={"type": "any"})
    assert name == "log_repair"
    assert (got["room"], got["tenant"], got["phone"]) == ("7-1-803", "李晓峰", "139 1122 3344")


def test_a_complaint_names_its_flat_and_tenant_en():
    complaint = tool(
        "file_complaint",
        "File a tenant complaint.",
        {
            "apartment": STR,
            "tenant_name": STR,
            "category": {"type": "string", "enum": ["heating", "noise", "plumbing", "other"]},
        },
    )
    text = (
        "Hello, this is Gareth Lloyd from Flat 4B, Block C. The radiators have been cold for "
        "three days now. Please send someone. You can reach me on 07700 900461."
    )
    _name, got = forced([complaint], text, choice={"type": "any"})
    assert got["apartment"] == "Flat 4B, Block C"
    assert got["tenant_name"] == "Gareth Lloyd"


def test_a_resume_header_en_and_zh():
    schema = obj(
        {"name": STR, "current_title": STR, "current_employer": STR, "email": STR, "city": STR}
    )
    cv = (
        "MARTA KOWALCZYK\nSenior UX Researcher · Brightloop Health\n"
        "Lisbon, Portugal · marta.k@mailbox.example · +351 912 345 678\n"
        "9 years of experience in qualitative research."
    )
    got = structured(schema, "Parse this résumé header:\n" + cv)
    assert got == {
        "name": "Marta Kowalczyk",
        "current_title": "Senior UX Researcher",
        "current_employer": "Brightloop Health",
        "email": "marta.k@mailbox.example",
        "city": "Lisbon",
    }
    schema = obj({"name": STR, "title": STR, "employer": STR, "phone": STR, "city": STR})
    cv = "个人简历\n姓名：上官婉清\n现任：字节跳动 高级产品经理\n手机：186-0011-2233\n现居：北京市海淀区中关村大街27号"
    got = structured(schema, "从简历中提取信息：\n" + cv)
    assert got == {
        "name": "上官婉清",
        "title": "高级产品经理",
        "employer": "字节跳动",
        "phone": "186-0011-2233",
        "city": "北京",
    }


class Parcel(BaseModel):
    recipient: str
    phone: str
    city: str
    postcode: str


def test_a_shipping_label_zh():
    text = (
        "解析这张快递单：\n收件人：诸葛云飞\n电话：150-2233-8899\n"
        "地址：广东省广州市天河区体育西路103号维多利广场B座\n邮编：510620\n重量：2.4公斤"
    )
    client = agentkit.make_client(offline=True)
    r = client.messages.parse(
        model=MODEL,
        max_tokens=512,
        output_format=Parcel,
        messages=[{"role": "user", "content": text}],
    )
    assert r.parsed_output == Parcel(
        recipient="诸葛云飞", phone="150-2233-8899", city="广州", postcode="510620"
    )


def test_an_event_flyer_en():
    schema = obj({"event_name": STR, "venue": STR, "city": STR, "organizer": STR})
    flyer = (
        "RIVERSIDE JAZZ NIGHT\nSaturday 16 January 2027, doors 7pm\n"
        "The Old Granary, 9 Mill Lane, Cambridge\nTickets £12.50 on the door\n"
        "Presented by Fen Arts Collective"
    )
    got = structured(schema, "Pull the details out of this flyer:\n" + flyer)
    assert got["venue"] == "The Old Granary"
    assert got["city"] == "Cambridge"
    assert got["organizer"] == "Fen Arts Collective"


def test_a_chinese_name_between_words_never_a_phrase_or_an_event_name():
    customer = tool(
        "create_customer", "新建客户", {"name": STR, "phone": STR, "city": STR, "company": STR}
    )
    _name, got = forced(
        [customer], "新客户：杭州的周慧敏，在西湖茶业有限公司工作，手机 13588776655。"
    )
    assert got == {
        "name": "周慧敏",
        "phone": "13588776655",
        "city": "杭州",
        "company": "西湖茶业有限公司",
    }
    schema = obj({"name": {"type": "string", "description": "活动名称"}, "venue": STR})
    notice = (
        "【街道公告】\n周六上午举办“邻里旧书交换会”。\n地点：和平街道文化站一楼\n欢迎居民参加。"
    )
    got = structured(schema, "把这则公告整理成结构化数据：\n" + notice)
    assert got["name"] != "街道公告"


def test_a_quoted_title_is_no_speaker():
    schema = obj({"speaker_name": STR, "title": STR})
    text = 'Next up: Prof. Idris Mensah presents "Tidal Energy at Small Harbours" in Hall B.'
    got = structured(schema, "Extract the session: " + text)
    assert got["speaker_name"] == "Idris Mensah"


def test_an_amount_is_no_phone_and_a_lecture_by_its_quoted_title_zh():
    schema = obj({"city": STR, "budget_min": INT, "budget_max": INT, "phone": STR})
    text = "求购：苏州市吴中区二手钢琴一台，预算8000-12000元，电话 138 1234 5678。"
    got = structured(schema, "提取：" + text)
    assert got == {
        "city": "苏州",
        "budget_min": 8000,
        "budget_max": 12000,
        "phone": "138 1234 5678",
    }
    schema = obj({"speaker": STR, "topic": STR, "city": STR})
    text = "下周三，林若溪博士将在厦门做题为《海岸湿地的鸟类迁徙》的报告。"
    got = structured(schema, "提取讲座信息：" + text)
    assert got == {"speaker": "林若溪", "topic": "海岸湿地的鸟类迁徙", "city": "厦门"}


def test_a_flat_by_its_example_and_an_intern_beside_the_company():
    noise = tool(
        "report_leak",
        "登记漏水",
        {"building_unit": {"type": "string", "description": "如 8-2-1101"}, "reporter": STR},
    )
    lost = tool("report_lost", "登记失物", {"item": STR, "owner": STR})
    text = "你好，我是15号楼1单元902的业主杜若兰，厨房天花板一直在滴水。电话13600002222。"
    name, got = forced([noise, lost], text, choice={"type": "any"})
    assert (name, got["building_unit"], got["reporter"]) == ("report_leak", "15-1-902", "杜若兰")
    schema = obj({"position": STR, "company": STR, "city": STR})
    text = "Graduate Design Intern — Lindqvist Acoustics, Stockholm. Six months, paid."
    got = structured(schema, "Parse: " + text)
    assert got == {
        "position": "Graduate Design Intern",
        "company": "Lindqvist Acoustics",
        "city": "Stockholm",
    }
