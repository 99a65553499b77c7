"""Filling a tool's input from the conversation, by its JSON schema.

The rules, property by property (only the schema's properties, never a placeholder; values of a
kind, dates, times, units, a route's ends, a list's items, are read by `agentkit.sim.values`):
- `const` is its value; an `enum` takes the member said at the property's end of a route ("from
  my savings" for from_account), else the member the user names (by word or concept: "*" names
  multiply; a part of the day in the other language: "下午场" names afternoon, "tonight" 晚上;
  (a count of people by its kind in either language: "三个大人，一个小孩" for adults and kids;)
  a letter code and a number by the number and the letter's word: "men's 40+" M40, "under-1600"
  U1600, "女子50岁组" F50;
  never one the user refuses: "not by email", "别发邮件"; in a Chinese text, the member a word of
  it glosses to: "结账" for billing), else the level the words ask
  for ("urgent" -> high, "no rush" -> low), else the schema's `default`, else (required) its
  first member;
- an object is filled property by property; an array of strings takes the quoted texts or the
  listed items (labelled, "tags: a, b", or a plain list, "add milk, eggs and bread to ..."); of
  enum strings, only the members the text names; of numbers, the numbers; of objects, one object
  per item of a listed text ("40 of A and 15 of B", bullet lines; a count said in words when
  each item opens with it: "two dozen boxes and three monitors"), each filled from its own words;
- a date, a time, a date-time (by `format`, or a name or description saying date / YYYY-MM-DD /
  time / HH:MM) is the next one the text writes or names ("next Monday", "周四晚上6点半"), in
  ISO form; a date-time's time is said after its date, else right before it ("at 7pm on
  Friday"); a time of no set form (no format, no "HH:MM"; a name or a description saying time,
  or a description opening "when": "when to start") in an object with no date of its own is the
  moment, YYYY-MM-DDTHH:MM, when the text names a day ("tomorrow at 9:00"); a month (a
  description saying YYYY-MM, a property named month) is each month the
  text names with its year, as YYYY-MM ("March 2027"; "2026年10月、11月、12月" is three calls); a
  weekday (a description saying weekday, or a day property whose example is one) is
  the day's name as the example writes it; never anything else;
- a time zone (tz, "IANA zone") is the zone of each city the text names (one call each); a
  currency (its name or description saying currency / ISO 4217) is the ISO code of the
  currency said at its end of a conversion, else in the order said ("how many yen is 80
  pounds": the one asked for last);
- a code right after the property's own word is that property's, whatever is filled first
  ("my member number is M-30877": member_id, never copy_id); a code written in two halves is
  whole ("KX19 ZPD", a number plate); a value said with inner spaces or punctuation is whole for
  the property of its kind (`grouped_value`): a version for version / release / tag ("v2.3.1-rc1"), a
  size marking for size / dimension / 规格 ("700 x 28C"), a code said in groups for a reference,
  an account, a card, a tracking number, 卡号, 单号 ("AB 12 345", "6222 0200 1234 5678"), never
  one group of it;
- a date is the one the text says after the property's own word when several are said
  ("Issued: 2 April …, due by 2 May" -> 2 May for due_date), the nearest such word before it
  being its own, not another role's (due / issued / delivered: "due within 30 days of the invoice
  date (November 28), i.e. by December 28" -> December 28 for due_date, November 28 for
  invoice_date);
- a bill's sum (total, subtotal, tax, tip, 合计, 小计) is the number written right after its own
  word (past leader dots and a rate: "VAT 20% ...... 145.00"), the last time ("Subtotal 120 … Total 129.60": a subtotal is no total); a number beside
  the property's noun is the one most of its words stand near ("a deposit of 2 months' rent"
  for deposit_months, not "runs for 12 months"), a word of how often a sum is due ("monthly")
  being no noun; a sum written after "@" is a price ("3 x Screws @ 4.50");
- a label's value is on the label's own line ("from this email:" then the email's text is no
  email);
- a string whose description lists examples or members ("例如 语文、数学、英语", "One of
  ammonia, nitrite, ph") is the one the text says; a Chinese member by its English gloss said
  in an English text ("cockroaches" for 例如 蟑螂、老鼠: 蟑螂);
- a yes/no is said by the flag's own word or two ("fully remote" for is_remote, "a high chair"
  for high_chair, "包邮" / "不包邮" for 是否包邮); a reply's flag (attending, confirmed, accepts, 是否参加) by the first acceptance or
  refusal said ("Yes, we'll be there", "count us in" / "we can't make it", "来不了"); a flag of
  a thing and what is done with it (shoe_rental, parking_pass) by the thing said as needed or
  wanted ("everyone needs shoes": true; "we don't need parking": false), a shoe said for shoes
  and a thing one uses ("坐轮椅", "in a wheelchair") as needed; a flag of access (accessible,
  wheelchair, step_free, 无障碍) by an access need said in either language ("要无障碍座位", "uses a
  wheelchair", "step-free"); a flag of a thing and an act done to it (stump_grinding) by that
  act ordered on the thing ("Grind the stump out as well": `_act_ordered`); else it is its
  default;
- a search's query, no verb of searching saying it, is the name a thing is given in brackets
  after its common name ("the cultivated lentil (Lens culinaris)": `bracketed_name`), else, for
  a catalogue (no web search), the keywords of what is sought, never the question
  (`keywords_asked`): what 关于 names ("有没有关于量子计算的书" -> 量子计算), what the tool's own
  thing is for or about ("which HS code I should use for frozen shrimp" -> frozen shrimp), the
  question's subject before its question word ("红烧肉怎么做" -> 红烧肉); a query ends with its
  sentence ("... machine learning. Just the top 3.") and the tool's thing with its modifiers is
  no part of it ("online courses about machine learning" -> machine learning);
- a search's limit (limit, top_k, max_results) is the count said with top / first / best / 前
  ("Just the top 3.", "前三个"), in its own sentence or not (`results_wanted`);
- a name no reading of its own found is a name, not a clause (`values.name_span`): "另外星海俱乐部
  一共" -> 星海俱乐部, "PhotoSnap's" -> PhotoSnap; a place is never what a verb's 到 reaches
  ("看到白鹭", "拍到野猪": a result, `ZH_RESULT_VERB`), that is the thing seen (`zh_seen`), and a
  site's head noun stays with its place's ("湿地公园观测点": `ZH_SITE_HEAD`);
- an id said after a noun that holds a word of the property's own name fills it, whatever kind
  the noun's whole reads as ("预订单 TK-8841" for booking_id: 预订 "book" before its 单);
- a value the user labels is taken as labelled: "title: Groceries", "amount = 5" (a noun that
  ends a name labels nothing: "the Kettle Valley Trail is open"), with the
  property's word in Chinese ("部门是市场部" for department), or with the head noun of a Chinese
  description ("主题是预算" for "会议主题");
- a link (format uri, a name ending in url) is the URL the text writes, never a word of it; an
  address (address, 地址; a location too, when the text writes one) the street address it
  writes, the street's kind word after or before its name ("42 Harbour Lane, Bristol", "14 Rue
  de la Paix, Lyon", "Lindenallee 12, 50968 Köln"), a road and its number in Chinese ("朝阳区
  建国路88号"), or what follows 寄到 / 地址是 ("杭州市西湖区文三路100号"); a labelled one is the
  label's whole value, commas and all ("Address: Flat 3, 27 Marlowe Road, Bristol BS6 5AJ");
  its words are no other property's (no name, no brand), its commas part no list, its house
  number, and a phone number said in groups ("138 0013 8000"), are no count and no id; a
  Chinese count is read by its counter ("十节课" 10, "三十元" 30, "一打人" 12 people: 打 after a numeral is a
  dozen), a numbered thing by its 号 ("十二号桌" table 12; "十二号" alone is a day); an id the
  description names as a thing's number (温室编号, 干洗单号) by the number said with that thing
  ("3号温室", "干洗单 4471": `zh_numbered`); a person
  named right after the property's own word fills a property of no other role ("队长司马相如"
  for captain); a Chinese establishment's name after 在 / 去 ("在福满楼麻将馆") is a place;
  an item (a product's role) is the thing the user says they have, bought or inherited ("I
  inherited a longcase clock from ..."), never a quote written on it ('the dial says "..."'); an
  era (era, period, decade, century, 年代) is the decade or century written ("1690s", "the 18th
  century"); a maker (maker, manufacturer, craftsman) the name after "by", else the name written
  on the thing, whole ("Thos. Tompion, London"); a listed item opening with "one" or an article
  counts one ("one trident maple" beside "two pines"); what a count counts keeps its first word
  unless that is a unit or a packaging word ("1 fig tree"; "200 g flour") or another property's
  enum member ("three small iced teas"), and a decade or an ordinal ("1690s", "18th") counts nothing;
  a required email or link a step of the request does not say is the one the whole request
  writes ("Renew VK3PRX ... and email the receipt to a@b.org"); a Chinese route's end stops
  before what is hired or ridden there ("到乌镇包一辆49座大巴": 乌镇);
- a value is of the kind its property asks: a code the text labels as another thing's own number
  ("passport P4471203", "ID card AX-99120", "学员号是 ST-20931", "联系电话 186-…") is no value of a
  property that does not name that thing (no consulate, no district, no team name), the kind
  word of a number ("ID" of "ID card") no name, and a member of another property's enum ("C1" of
  license_type) that property's only; the user's own name ("I'm Ana de la Cruz") is no value of
  a thing's property; the kind of a thing (visa_type, permit_kind) is the word said right before
  the thing's noun ("a tourist-visa appointment" -> tourist); a thing's name (horse_name,
  boat_name) is the name it is given, never its kind: after "called" / "named", before "the
  <kind>" ("Dolly the Haflinger mare"), set off after the kind owned ("my Border Collie, Biscuit,")
  or, opening a sentence, before it ("Pepper, a schnauzer belonging to …");
- a string is never only function words (a pronoun, a contraction, a question word: "them",
  "I'll", "How"), unless it is the schema's own member;
- a string is read by its role, from its name (then its description): a route's end (origin /
  to_station: the words after "from"/"从", "to"/"到", a capitalized name without the words
  after it: "to Tokyo Narita departs 11:20" -> "Tokyo Narita"); what a quantity is of (food, an item's
  name: "150 g of rice" -> rice); a phone number; a company ("Acme Corp", "北京星河科技有限公司"
  for company, employer, a contract's party, vendor); a product's model (the first code of
  letters and digits, "X-T30 II") and its brand (the word right before it, "富士 X-T30 II"; a
  maker named after it: "Vega Tab 11 by Orbis", the capitalized words before the code then the
  model's); a garment's size (tshirt_size, 尺码) the size code said ("T恤要L码" -> L); a
  code right after the property's own word ("plate 7kzp 418", "微信 fuji_lin88") or in the
  shape of the description's example ("e.g. atlas-web", "like LT-0042", "e.g. Elm Street"); an id (a token right after the id's noun, "customer C1" / "订单
  O2", or one that fits the schema's `pattern` or the description's example, "like C1", "形如
  A-1001"; a code that opens with its digits, "3B-MATH"; a Chinese number plate, "粤B·12345";
  never a code labelled as a thing's own number the property does not name, "车牌粤B·12345",
  "the van with registration YK70 PWD", for contract_id: the look-up by it runs first; never
  plain words, "the appointment I just made" for appointment_ref; a value of another kind by
  `agentkit.sim.idkinds`); an
  email; a person (its name whole, in any Latin letters, with its particles, hyphens and
  apostrophes: "María de la Cruz", "Jean-Luc van der Berg", "Tomasz Wójcik", "O'Neill", a
  Chinese double surname "司马相如"; "my name is", the one something is for: "for Ada Lovelace",
  "给李娜订", "乘客是张伟", a record's person after their role "患者欧阳明轩，男", "Patient: Maria
  Lopez", a record's first entry "Priya Shah,", a letter's writer: "Marcus
  Okafor here", its sign-off "Cheers, Marcus"; the name a booking is under ("under the name
  Okonkwo"), the one to call ("Call Priya at 555-..."), a Chinese buyer ("王芳订了"), else a full
  name said anywhere ("Upgrade Priya Nair to gold"; no place, no day, none after "at"); a Chinese
  name standing alone "张伟，", a name set off after "me," ("sign me, Dana Li, up") or owning a
  thing ("Priya Raman's salary", "把王小明的手机号"); the one who serves (dentist, coach, 医生姓名)
  is the name said with a title ("周医生", "Dr. Ng", "doctor Carlos Méndez", never "with Dr"
  itself; a full name without it: "张伟医生",
  "辅导老师王思雨" -> 张伟, 王思雨) or after "with", else a name that is not the user's, never
  the user's own ("我叫孙悦" is the patient); so is a bare `name` of a tool about them
  (find_doctor); a bare `name` is a person's only when its description or tool is about people, else
  the name of the thing the tool works on: quoted, "called Night Drive", "rename it to Apollo",
  "the lodash package", "the latest version of lodash"); a place ("weather in Paris", "in the Lake District", "北京的天气", "在杭州订", a place
  between a day and the time of day: "7月3日青岛下午", or a sentence's subject before a word of
  time: "杭州现在有哪些猫"; a country by name or by its people's
  adjective: "Austrian prices" -> Austria; a region, a district or a port is a place too, and a
  Chinese place ends in its administrative word: "在海淀区预约"; a place ends at its last word of
  the name, never in a function word after it: "in Lagos OK?" -> Lagos; a place said as its
  parts, each a word and its letter or number, "aisle D, rack 3, level 2", "B区3排2层", is one
  string, in the shape of the description's example when it gives one, "e.g. C-07-1" ->
  "D-03-2"); a route (route, line, 航线) each route the text writes as two ends joined by a dash
  or an arrow, "厦门-鼓浪屿、深圳-香港", one call each; a path; an
  arithmetic expression; a search query (the noun phrase searched for: "find me a vegetarian
  lasagna recipe and save it" for search_recipes is "vegetarian lasagna", "找一本关于量子计算的
  入门书" is 量子计算; with no search verb,
  for a catalogue search, the words around the tool's noun, "the beginners' wheel throwing class"
  -> "beginners' wheel throwing", "a hotel in Galway" -> "Galway", else a title in capitals, else
  in Chinese what the verb acts on when the searched words name only the tool's thing: `sought`); free text (quoted text, the text after a colon, after
  the tool's noun, without a phone number or an address said first: "手机号13900001111，提醒她…"; a title only its first clause, up to the date, time or duration it says:
  "a call with Priya next Tuesday at 4pm" -> "call with Priya", else what the request's first
  verb acts on, "Put a Jupiter viewing night on the calendar", else the proper name it gives; a
  description the longest sentence; a reason the clause after "because" / "因为", else the
  statement after the request ("... as early as possible? She's been sneezing a lot."); a job
  title the line under a signature's name, "Senior
  Paralegal | Fenwick & Lowe LLP", else the job an ad hires for, "is looking for a Senior Data
  Engineer", also for a bare title of a hiring text; a company also the one that hires,
  "Tidewater Analytics is hiring", "云杉数据正在招聘"); a name of no known role (stop_name, client_name) is the
  proper name the text gives: capitalized words, a sentence's first word only when no known
  word nor the tool's own ("Invoice Brightwater Bakery ..." -> "Brightwater Bakery"), in Chinese
  what the question asks the result of ("病人 P-30918 的空腹血糖结果" -> 空腹血糖), else a
  Chinese proper name with the noun of its kind of place after it, the name back to the
  request's own words ("白桦岭滑雪场", "查一下海岳博物馆", "龙华站"; never "这家酒店", "火车站"),
  and, for a place, the Chinese name a thing is of ("酒窖里波尔多的酒" -> 波尔多); a venue
  (clinic, branch, 门店) the place the text names ("at Harbor Vets"); a string
  naming the tool's own thing (instrument of book_instrument) is what the request's verb acts
  on ("Book the confocal microscope ...", never a pick among results: "the cheapest one"). A
  description asking for digits only drops the separators;
- a sum of money (price, fee, rent, a name in a currency: rent_yuan) is the next sum the text
  says with a currency ("每月人民币12,500元");
- a number is labelled, or said with the unit the property names ("150 g" for grams, "45
  minutes" for duration_minutes; "25 minutes" for seconds is 1500), or beside the property's
  noun ("10 servings" for servings_to; a Chinese name's noun, its 数量 / 次数 left off: "电池两块"
  for 电池数量, "快门次数大约 3200 次"; a room's kind by its first part: "two-bed, one-bath" for
  bedrooms 2, bathrooms 1, "one" said in words beside the noun being 1; a number said in another unit of the measure is
  converted first: "5 seconds" for a timeout in milliseconds is 5000; "1 TB" for storage_gb is
  1000, "34岁" / "34 years old" for age; of several said in the unit, the one the property's
  other word stands beside: "32 GB RAM" for ram_gb), or (required) the next number in the text
  not part of an id, a date or a time (an integer the next whole number, a count's, named in the
  plural or with 数, no sum of money: "21.0975" is no age, "$2,350" no count of bathrooms); a sum said as periods' rent or pay is that
  many times the sum said for one period ("1450 euros a month ... a deposit of two months' rent"
  -> 2900 for deposit, 2 for deposit_months; "月租4500元，押金两个月房租" -> 9000) (counts in words are numbers: "two lattes", "三晚"); a score named
  positive / negative / neutral is counted from the text's words of each feeling; a sentiment
  enum (a positive and a negative member) is the feeling the text says, a word said under a
  negation counted for the other one ("wouldn't recommend", "不推荐"), words of both kinds the
  mixed member, none the neutral one (`feeling_member`); a category enum is the member whose
  field of meaning the text says most words of (`field_member`: "缩水变形" damage, "芯片" technology;
  a member that is itself one of a field's words names it: 登录 / login the account's, 账单 the
  billing's; phrases count too: "can't log in", "takes 30 seconds to load"),
  and a required one the text says nothing of is its "other" member when it has one;
- an array of emails (items of format email) takes the addresses the text writes, an array
  of people (attendees, participants) those addresses, else the people met or invited ("with
  Ana Ruiz and Tom"); a string
  whose description lists unit codes ("mi, km, lb") takes the listed code of the unit said;
- in a record with a count (count, quantity), a required string of no known role is what is
  counted: the words after the number ("Counted 6 avocets" -> species "avocets", "3只白鹭"),
  given once, to the product when one is asked for;
- a property named as a code (catalog_no, ticket_number, promo_code, 编号) is read as a code
  whatever its description's words ("目录编号" says no directory); a proper name whose head noun is
  the property's own is the whole name ("the Metro Sunday League" for league, "Pine Ridge State
  Park" for park; "the Elm Yard garage" for garage is "Elm Yard"); an example of one letter
  ("e.g. A") takes a letter standing alone ("lift B"); an example mixing letters and digits
  ("e.g. aB3x9") a token that mixes them, of about its length ("k9Pq2"); a domain (domain,
  hostname) each dotted name the text writes, one call each ("loomcraft.com, loomcraft.io");
- a person is also the name right after the property's own word ("student Dana Lee", "guest
  Marcus Okafor", "学生张晓雨") or after "给" at a clause's end ("把212号储物柜分配给张晓雨。");
  a recipient the name after "to" in a sentence of giving ("Send 250 euros to Lena Fischer"); an
  artist or author the name after "by" ("Kind of Blue by Miles Davis");
- a code after its noun is read for a name ending in a code word too ("library card 44817" for
  card_number, "flight BA 283" for flight_number, never "room to 21"); a string of no known role
  may be the capitalized name right after its noun ("the album Kind of Blue");
- the tool's own thing (package of get_package_info) is also the word after "of"/"for" that
  ends a clause ("the latest version of lodash, and ...");
- a required string of no known role found by no reading above is a short quoted name
  ("《范特西》"), else the proper name the text gives, else the place a Chinese request names
  after 在/去/到 ("在星河牙科的洗牙" -> 星河牙科), never the property's or the tool's own word ("Is
  lift B at Kestrel House working?" -> building "Kestrel House"), nor the name of another thing
  ("my cat Miso" for a clinic), nor for a property named as a code;
- a reason (reason, why, 原因) is what follows "because" / "因为", else a sentence after the
  request that states rather than asks ("... next Friday? She's been sneezing a lot.");
- a value the text does not give is taken from an earlier result's field of the same name (call
  2's customer_id from result 1), or of the name its Chinese description gives ("工号" for
  employee_id described as 工号);
- the right span, never the whole clause: a phone number is read though Han characters touch
  it ("我手机号13912345678，"), and is no count nor sum; a Chinese name in the shape of the
  description's example ("例如 海鸥号") leaves the request's own words off ("帮我订白鹭号" ->
  白鹭号); a thing a Chinese request names after 叫 / 名为, before "这个 + its noun" or set
  off by spaces ("把 2019年财务凭证 这个归档删掉"), or the user's own thing a question is about
  ("我家的龟背竹应该多久浇水" -> 龟背竹), else a doubled nickname ("谁遛的豆豆" -> 豆豆); a zone or area (区域) is a place, a
  Chinese sentence's subject its area word ends ("菜园区的土干不干" -> 菜园区); a Chinese
  list parted by 、 gives one place each ("成都、武汉、西安三个仓库": one call each); a Han
  word joined by a hyphen to a code is one code ("轴承-6204"); a city or town is a name, never an
  acronym ("ISS pass over Lisbon" -> Lisbon); a code described as one ("商品编号") is no product;
- a person named right before "from X" is the person, X the company ("Priya Natarajan from
  Lumen Labs"); a company is also the one a person works at ("Dana, head of ops at Copperline
  Logistics"); a Chinese person is also the one 帮 does something for ("帮王小明报上");
- a labelled value of a role with a shape (an email, a phone, a link) is taken only when it
  has the shape ("from this email: Hi there, ..." labels no address);
- a subject (course, 科目) of a tool that sends no message is the field the request names after
  the tool's own verb ("tutor high school chemistry"), without an enum member another property
  takes (level "high school" -> subject "chemistry");
- what happened (incident, 事故简述, what_happened, a fault, 故障) is the clauses that state it,
  without the request's own clause ("... but please log it as urgent") nor one giving the
  user's number ("家里厨房水管爆了把地板泡坏了"), joined in the text's own language;
- an ordinal picks an entry and counts nothing ("第二个", "the 2nd one"); an age in Chinese
  numerals is a number ("七岁", "十一岁");
- a required string no reading above finds (a plate, a serial, a referee's name, a medicine, a
  product with no label before it) is the span of the kind the property asks for that the text
  holds, by its shape (`agentkit.sim.kinds`: "沪AD·12345", "SN-44K9-0021", "派给司马南",
  "有没有奥司他韦", "Kindle Paperwhite"); never for a phone, a place, an id or free text, never
  the property's or the tool's own word;
- a required value found nowhere is missing: the policy asks the user for it. A forced call
  (tool_choice) that must be made anyway reads it by `agentkit.sim.structured`'s extraction rules,
  else gives it the schema's default or its smallest valid value (`agentkit.sim.conform`): never
  the user's whole request, always valid for the schema;
- each value is read by its property's kind from the span about it (round 18): a specialty enum
  by the body part, the person or the trouble said (`FIELDS`: "a skin doctor" -> dermatology, 牙疼
  -> 口腔科, fired by my boss -> employment); a level by the words that grade it, the member of the
  scale nearest (`values.level_member`: "挺急的" -> 高, "no hurry" with normal / rush -> normal);
  a pet's or a child's name after 我家 (`zh_home_name`), never a span of time or a clause's end
  (`values.ZH_NOT_NAME`: 下次最晚, 期了); an optional note is the remark the request's own sentence
  adds after the request (`remark`), else left out, never the request; a reason is what the
  visit is "about" (`ABOUT`), never who the user is; an optional lower time bound
  (earliest_departure) only from a bound said ("after 7"), never the time of the event (`_bounded`);
  a value described as another tool's result ("as returned by check_stock") is never a span of
  the request (`result_given`) but that result's field, else the names it keys its figures by,
  one call each (`_named_keys`); a file's path when the request says only the folder it is in is
  missing (`inside_folder`), so a listing runs first (`general.names_an_id`) and the file is the
  one the request's words describe (`general.described_path`); a Chinese count's thing is the
  item ("寄一份合同到杭州" -> 合同).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from . import (
    assess,
    cities,
    conditions,
    days,
    finder,
    glosses,
    idkinds,
    kinds,
    languages,
    numroles,
    periods,
    shell,
    values,
    websearch,
)
from .lexicon import NUMBER, TABLE, concepts, expressions, kind, stem, words
from .results import find, hint

ID_TOKEN = re.compile(  # Han characters may touch a code: "账户W-118在"
    r"(?<![A-Za-z0-9_-])#?([A-Za-z]{1,5}-?\d+[A-Za-z]?(?:-\d+)*|\d{2,}(?:-\d+)+|\d{3,}"
    r"|(?!(?:USD|EUR|GBP|CNY|RMB|JPY|CHF|AUD|CAD|HKD|SGD|NZD|SEK|NOK|DKK|KRW|INR|MXN|BRL|ZAR|PLN|THB)\b)"
    r"[A-Z]{2,4} (?!(?:19|20)\d\d\b)\d{2,5}(?![\d.:,])"  # a service and its number: "ICE 578"
    r"|[A-Za-z]{2,6}-(?=[A-Za-z]*\d)[A-Za-z0-9]{3,10}"  # letters and digits mixed: "GIFT-7Q2K"
    r"|\d{1,3}[A-Z]{1,3}(?:-[A-Z0-9]+)+"  # a code that opens with its digits: "3B-MATH", "12C-02"
    r"|[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼](?=[A-Z][·•・ -]?[A-Z0-9]*\d)"
    r"[A-Z](?:[·•・ -]?[A-Z0-9]){5,6}(?![A-Z0-9])"  # a Chinese number plate: 粤B·12345, 沪AD·12345
    r"|(?:(?![的在查和与是把给从到个])[\u4e00-\u9fff]){1,4}-[A-Za-z]{0,3}\d+[A-Za-z]?)"  # 轴承-6204
    r"(?![A-Za-z0-9_-])"
)
CODE_TOKEN = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]{1,5})(?![\w-])")  # MSFT, USD, EUR, H2O
NOUN_BEFORE = re.compile(
    r"([A-Za-z]+|[\u4e00-\u9fff]{1,4})\s*(?:(?:id|ID|number|no\.?|号|编号)\s*)?#?\s*$"
)
LINK = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s\"'<>“”]+", re.I)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
QUOTED = re.compile(r"\"([^\"]+)\"|“([^”]+)”|「([^」]+)」|‘([^’]+)’|(?<!\w)'([^']+)'(?!\w)")
PLACE_EN = re.compile(
    r"\b(?:in|at|for|near|visiting|around)\s+(?:the\s+(?=[A-Z]\w+\s+[A-Z]))?((?:[A-Z][\w'-]*(?:\.\w+)*)(?:(?:\s+|,\s*)[A-Z][\w'-]*(?:\.\w+)*)*)"
    r"((?:\s*,?\s*(?:and|&)\s+(?:in\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)*)"
)
DESTINATION = re.compile(r"\bto\s+((?:[A-Z][a-z'-]+)(?:\s+[A-Z][a-z'-]+)?)()(?=\s*[.,?!;]|\s*$)")
PLACE_ZH = re.compile(
    r"([\u4e00-\u9fff、]{2,20}?)(?:市)?(?:今天|明天|现在|目前|的)*(?:天气|气温|温度)"
)
PLACE_ZH_AT = re.compile(
    r"(?:在|去|到)([\u4e00-\u9fff]{2,4}?)(?:市)?(?:订|住|买|找|租|开会|出差|旅游|玩|吃|附近|的(?:酒店|餐厅|天气))"
)
PLACE_ZH_AREA = re.compile(  # "在海淀区预约": a place its administrative word ends (区, 县, 镇)
    r"(?:在|去|到|位于)([\u4e00-\u9fff]{1,5}?(?:新区|区|县|镇|乡|市))(?![\u4e00-\u9fff]{0,1}[域间别分块])"
)
PLACE_ZH_AREA_SUBJECT = re.compile(  # "菜园区的土干不干": a sentence's subject its area word ends
    r"(?:^|[，。？！；\s])(?:请问|帮我|看看|查一下|我是|我在|我住在|我们是|我家在)?"
    r"([\u4e00-\u9fff]{1,5}?(?:新区|区|县|镇|乡|村))(?=的|里|内|那边|现在)"
)
DEICTIC = re.compile(r"那边|这边|那里|这里|当地|那儿|这儿")
ZH_WHEN = (
    r"今天|明天|后天|昨天|上午|下午|早上|晚上|中午|凌晨|傍晚|几点|什么时候"
    r"|[本这下上]?(?:周|星期|礼拜)[一二三四五六日天末]?"
)
PLACE_ZH_SUBJECT = re.compile(  # "2027年7月3日青岛下午几点…", "青岛明天几点涨潮": the question's subject
    rf"(?:^|[日号]|{ZH_WHEN})\s*(?![我你他她它咱您这那])([\u4e00-\u9fff]{{2,4}}?)(?:市|港)?(?={ZH_WHEN})"
)
PLACE_ZH_WHEN = re.compile(  # a place between the day and the time of day: "7月3日青岛下午几点"
    r"(?:\d+\s*[日号]|今天|明天|后天|今晚|明晚)([\u4e00-\u9fff]{2,4}?)(?:市)?"
    r"(?=上午|下午|晚上|早上|中午|凌晨|傍晚|几点|什么时候)"
)
PLACE_ZH_NOW = re.compile(  # a sentence's subject before a word of time: "杭州现在有哪些猫"
    rf"(?:^|[，。？！?!\s]|一下|请问)(?!我们|你们|他们|她们|大家|咱们)([\u4e00-\u9fff]{{2,3}}?)(?:市)?{values.ZH_NOW}"
)
ZH_LEAD = re.compile(r"^(?:请问|请|帮我|告诉我|查一下|查查|查询|看看|想知道|我想知道|在)+")
ZH_TIME = re.compile(r"(?:今天|明天|后天|现在|目前|的)+$")
BARE_PLACE = re.compile(
    r"^\s*([A-Z][\w.'-]*(?:[ ,]+[A-Z][\w.'-]*)*|[\u4e00-\u9fff]{2,6})\s*[.。]?\s*$"
)
PATH = re.compile(  # a path (a copy's number in it: "海边(1).mp4"), or a file's name (after a Chinese
    # lead word: "读一下会议纪要.txt")
    shell.NAME_START
    + r"((?:~|\.{1,2})?/[\w./-]*(?:\(\d+\)[\w.-]*)?|[\w-]+(?:/[\w.-]+)+/?|[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5})(?![A-Za-z0-9_/-])"
)
DIR_WORD = re.compile(
    r"([\w./-]+)\s+(?:directory|folder|dir)\b|"
    + shell.NAME_START
    + r"([A-Za-z0-9_./-]+|[\u4e00-\u9fff]{1,8}?)\s*(?:目录|文件夹)"
    r"|(?:\b(?:directory|folder)\b|目录|文件夹)\s*[:：]?\s*([A-Za-z0-9_./-]+)",  # not "subfolders"
    re.IGNORECASE,
)
DETERMINERS = frozenset({"this", "the", "that", "current", "my", "our", "your", "a", "same"})
HERE = re.compile(r"current (?:directory|folder)|\bhere\b|当前目录|这里|这个目录", re.IGNORECASE)
QUERY = re.compile(
    r"(?:search(?:\s+(?:the\s+web|online|for|about))*|look up|find|搜索|搜一下|查找|找一下|找找|找)"
    r"\s*[:：]?\s*(.+?)[?？.。!！]*$",
    re.IGNORECASE | re.MULTILINE,
)
ROLES = [  # role, what a property's name (then its description) says
    ("email", r"e-?mail|邮箱"),
    ("phone", r"phone|mobile|^tel|telephone|手机|电话"),
    ("command", r"^(?:command|cmd|shell_command|script)$|^(?:shell|bash) command|命令"),
    ("person", r"^(?:customer_?|user_?|sender_?|full_?|person_?|contact_?)?name$|^customer$|^client$|^sender$|姓名|名字"
     r"|(?:^|_)person(?:_?name)?$|^(?:collector|guardian)(?:_?name)?$"
     r"|^(?:passenger|guest|travell?er|patient|student|employee|attendee|member|owner|driver|author|"
     r"parent|guardian|caller|requester|reporter|signer|volunteer|speaker|assignee|"
     r"artist|composer|director|writer|singer|performer|painter|"
     r"recipient|applicant|visitor|holder|renter|tenant|participant|beneficiary|booker|teacher|tutor|"
     r"coach|instructor|doctor|therapist|stylist|trainer|player|athlete|pupil|learner|trainee|"
     r"referee|umpire|judge|nurse|technician|mechanic|chef|interviewer|interviewee)"
     r"(?:_?(?:full_?)?name)?$"),
    ("product", r"^(?:product|item|product_name|item_name|goods)$|商品|产品"),
    ("organisation", r"^(?:company|organi[sz]ation|employer|firm|party_?[a-z]?|supplier|vendor|buyer|seller)"
     r"(?:_?name)?$|公司|单位|机构|甲方|乙方"),
    ("zone", r"time_?zone|^tz$|\btz\b|IANA|时区"),
    ("domain", r"^(?:domain|domain_?name|hostname|website)s?$|域名"),
    ("currency", r"currency|currencies|ISO[ -]?4217|币种|货币"),
    ("address", r"address|地址|住址|收货地"),
    ("location", r"location|city|place|town|where|country|region|province|prefecture|省份|^port$|port_?name|harbou?r|^station$|^airport$|^venue$|地点|城市|位置|国家|地区|港口|车站|站点|场地"
     r"|district|neighbou?rhood|suburb|borough|城区|区名|^(?:zone|area)(?:_?name)?$|区域|分区|片区|village|村"),
    ("regex", r"^(?:regex|regexp)$|regular expression"),
    ("expression", r"expression|formula|equation|算式|表达式"),
    ("glob", r"^glob|\bglob pattern"),
    ("path", r"path|file|dir|directory|folder|路径|文件|目录"),
    ("query", r"query|keyword|search(?! results?)|term|question|topic|关键词|查询"),
    ("text", r"note|remark|备注|留言|附言|content|text|body|message|summary|comment|reason|memo|title|subject|phrase|segment|sentence|snippet|passage|^description$|^details?$|^entry$|"
     r"^(?:problem|issue|fault|symptoms?|complaint)(?:_?description)?$|"
     r"内容|笔记|正文|描述|短语|句子"),
]  # fmt: skip
FEELINGS = {
    "positive": "good great love excellent happy amazing wonderful best like awesome fantastic incredible "
    "delicious enjoy perfect brilliant superb glad pleased delighted thrilled impressive beautiful "
    "nice recommend gorgeous lovely sturdy solid fun friendly helpful smooth reliable elegant "
    "stunning comfortable fast "
    "好 棒 喜欢 爱 满意 开心 优秀 赞 美味 完美 推荐 惊艳 漂亮 精美 结实 耐用 实用 贴心 专业 热情",
    "negative": "bad terrible hate awful worst poor disappointed sad angry horrible broken slow "
    "rude disappointing disgusting annoying frustrated frustrating useless waste worse mediocre "
    "boring confusing sadly unfortunately flimsy overpriced complicated tedious "
    "expensive pricey missing noisy laggy despise hater garbage loathe dislike "
    "差 糟糕 讨厌 失望 难过 生气 坏 慢 难吃 垃圾 恶心 浪费 遗憾 可惜 麻烦 复杂 不满 投诉 太贵 卡顿 吵",
}


STRONG = re.compile(
    r"!|\b(?:most|so|very|really|absolutely|totally|extremely|truly|holy|ever)\b|太|非常|超级|特别|真是|极",
    re.I,
)
MONEY = re.compile(
    rf"(?:[$€£¥￥]|(?<=\s)@)\s*({NUMBER})|({NUMBER})\s*(?:dollars?|euros?|pounds?|yuan|yen|bucks|元|块|美元|"
    rf"[A-Z]{{3}}\b|each\b|apiece\b|per\b|一个|每)"
)
PRICE = re.compile(  # a sum of money: by its word, or the currency its name is in (rent_yuan)
    r"price|cost|amount|fee|total|(?:^|_)rent(?:_|$)|价格|金额|单价|租金|"
    r"_(?:yuan|rmb|cny|usd|eur|gbp|jpy|dollars?|euros?|pounds?)$|_?元$",
    re.IGNORECASE,
)
QUANTITY = re.compile(r"quantity|qty|count|number_of|num_|how_many|数量|件数", re.IGNORECASE)


@dataclass
class Source:
    """Where values come from: the user's words of the open task, and the open task's results
    (latest first). `numbers` are the text's numbers not part of an id, taken in order."""

    text: str
    results: list[Any] = field(default_factory=list)
    numbers: list[float | int] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    money: list[float | int] = field(default_factory=list)  # numbers said as sums of money
    item: bool = False  # the text is one item of a list
    context: str = ""  # the whole request, when the text is one of its steps
    tool: str = ""  # the name of the tool being filled ("search_recipes")
    about: str = ""  # that tool's description
    dated: bool = False  # the object being filled has a date of its own (a time is a clock time)
    members: frozenset[str] = frozenset()  # the enum members of the object being filled


MOBILE = re.compile(  # a Chinese mobile number, whole or said in groups ("138 0013 8000")
    r"(?<![\d.])(?:\+?86[ -]?)?1[3-9]\d(?:\d{8}|([ -])\d{4}\1\d{4})(?![\d.])"
)
ORDINAL = re.compile(r"第\s*\d+|(?<![\w.])\d+(?:st|nd|rd|th)\b", re.I)


RANGE_DASH = re.compile(
    r"(?<![\w.-])([1-9]\d{0,3})\s*[-–]\s*([1-9]\d{0,3})(?=\s*(?:%|[A-Za-z]{3,}|人|个|位|元|块))"
)


def gather(text: str, results: list[Any]) -> Source:
    bare = values.without_dates(
        values.digits_for_words(text)
    )  # a date's or a time's digits count nothing
    bare = RANGE_DASH.sub(r"\1 to \2", bare)  # "80-120 guests" is a range, no id
    bare = ID_TOKEN.sub(lambda m: " " if re.search("[A-Za-z-]", m.group(1)) else m.group(0), bare)
    bare = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", bare)  # "3,888元"
    bare = ORDINAL.sub(" ", bare)  # "第二个", "the 2nd one": a pick among entries counts nothing
    bare = MOBILE.sub(" ", bare)  # a phone number said is no count nor sum
    bare = ADDRESS.sub(  # nor a street address's house number ("14 Rue de la Paix", "建国路88号")
        lambda m: m.group(0) if m.group(3) else " " * len(m.group(0)), bare
    )
    found = [_num(n) for n in re.findall(rf"(?<![A-Za-z0-9_.]){NUMBER}", bare)]
    money = [_num(next(g for g in m.groups() if g)) for m in MONEY.finditer(bare)]
    return Source(text, results, found, money=money)


def _num(n: str) -> float | int:
    return float(n) if "." in n else int(n)


def resolve(schema: Any, root: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    if isinstance(ref, str) and ref.startswith("#/"):
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        return resolve(node, root)
    if isinstance(schema, dict) and (schema.get("anyOf") or schema.get("oneOf")):
        options = [resolve(o, root) for o in schema.get("anyOf") or schema.get("oneOf") or []]
        typed = [o for o in options if o.get("type") != "null"] or options
        return {**{k: v for k, v in schema.items() if k not in ("anyOf", "oneOf")}, **typed[0]}
    return schema if isinstance(schema, dict) else {}


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def type_of(s: dict[str, Any]) -> str:
    t = s.get("type")
    if isinstance(t, list):
        t = next((k for k in t if k != "null"), "null")
    if t is None and "properties" in s:
        t = "object"
    return t if isinstance(t, str) else "string"


@dataclass
class Fill:
    """One object's filling: its values, and the paths of required properties found nowhere."""

    values: dict[str, Any]
    missing: list[str]


def fill_object(
    schema: dict[str, Any], src: Source, root: dict[str, Any], forced: bool, topic: frozenset[str]
) -> Fill:
    """Every property of an object schema the conversation gives a value for (see the rules)."""
    props = _dict(schema.get("properties"))
    required = [r for r in schema.get("required") or [] if r in props]
    out, missing = Fill({}, []), []
    for name in props:  # a route's ends belong to their properties: no guess takes them
        end = route_end(name, src.text)
        if end is not None:
            src.used.add(end)
        if role(name, resolve(props[name], root)) in (None, "id"):
            after_noun(name, src)  # nor the code after a property's own word ("member M-30877")
    if schema is root and _takes_place(schema, root):
        src.used |= _address_words(src.text)  # and a street address's words belong to it
    counts = any(
        re.search(r"(?:^|_)(?:count|quantity|qty)$|^num(?:ber)?_of|数量", n) for n in props
    )
    goods = [n for n in required if role(n, resolve(props[n], root)) == "product"]
    outer, src.dated = (
        src.dated,
        any(temporal(n, resolve(p, root)) in ("date", "date-time") for n, p in props.items()),
    )
    outer_members, src.members = (
        src.members,
        frozenset(
            str(m) for p in props.values() if isinstance(p, dict) for m in p.get("enum") or []
        ),
    )
    found: dict[str, Any] = {}
    for name in sorted(props, key=lambda n: not (_is_id(n) or CODE_NAME.search(n))):
        # a property named as a code or an id claims its code before the others guess
        prop, need = props[name], name in required
        value = value_for(name, resolve(prop, root), src, root, need, forced, topic)
        if _taken_by_another(value, name, found, props, root):  # one span fills one property
            src.used.add(value)
            again = value_for(name, resolve(prop, root), src, root, need, forced, topic)
            value = again if isinstance(again, str) and again else value
        if isinstance(value, Fill):
            missing += [f"{name}.{m}" for m in value.missing]
            value = value.values if value.values or need else None
        if value is None and need:
            value = _from_request(name, resolve(prop, root), src)
        if value is None and need:
            taken = {v for v in found.values() if isinstance(v, str)}
            counted = counts and _thing_of(src.text, src) not in taken  # counted once,
            counted = counted and name in (goods or [name])  # by the product when one is asked
            value = _in_english(prop, _unfound(name, resolve(prop, root), src, counted, forced))
        found[name] = value
    _by_member(props, found, src, root, forced, topic)
    _head_nouns(found, props, root)
    out.values = {k: found[k] for k in props if found[k] is not None}
    missing += [k for k in required if found[k] is None]
    out.missing, src.dated, src.members = (
        sorted(missing, key=lambda m: list(props).index(m.split(".")[0])),
        outer,
        outer_members,
    )
    return out


def _head_nouns(found: dict[str, Any], props: dict[str, Any], root: dict[str, Any]) -> None:
    """A name read with modifiers that are other properties' values keeps its head noun: "M号的蓝色
    卫衣" with size M and colour 蓝色 is 卫衣, "large blue mug" with those two is "mug" (only a
    modifier in front, another property's enum member or colour; never a word inside or after)."""
    given = [
        str(v)
        for k, v in found.items()
        if isinstance(v, str)
        and (resolve(props[k], root).get("enum") or values.COLOUR_NAME.search(k))
    ]
    for k, v in found.items():
        if not isinstance(v, str) or resolve(props[k], root).get("enum") or v in given:
            continue
        cut = True
        while cut:
            cut = False
            for w in given:
                m = re.match(
                    rf"{re.escape(w)}(?:号|码|尺码)?(?:的|\s+|(?=[\u4e00-\u9fff]))", v, re.I
                )
                if m and v[m.end() :].strip():
                    v, cut = v[m.end() :].strip(), True
        found[k] = v


def _taken_by_another(
    value: Any, name: str, found: dict[str, Any], props: dict[str, Any], root: dict[str, Any]
) -> bool:
    """Whether a name read for a string property is one another string property of no enum
    already holds ("Riverside" for both branch and title): the span names one thing, so the
    property is read again without it."""
    if not isinstance(value, str) or not value or resolve(props[name], root).get("enum"):
        return False
    return (
        any(
            v == value and not resolve(props[k], root).get("enum") and temporal(k, props[k]) is None
            for k, v in found.items()
            if isinstance(v, str)
        )
        and temporal(name, resolve(props[name], root)) is None
    )


GENERIC_VALUE = re.compile(
    r"^(?:value|query|term|search_?(?:value|term)|lookup_?value|identifier|值|查询值)$", re.I
)


def _from_request(name: str, s: dict[str, Any], src: Source) -> str | None:
    """A required address of a shape (an email, a phone number, a link) that a step's own words
    do not say is the one the whole request writes ("Renew VK3PRX ... and email the receipt to
    a@b.org": the renewal's receipt_email)."""
    if not src.context or src.context == src.text or type_of(s) != "string":
        return None
    r = role(name, s)
    if r == "email":
        return _email(src.context)
    if r == "link":
        return BY_TEXT["link"](src.context)
    return None


def _by_member(
    props: dict[str, Any],
    found: dict[str, Any],
    src: Source,
    root: dict[str, Any],
    forced: bool,
    topic: frozenset[str],
) -> None:
    """A generic string (value, query, term) beside an enum that says what it is (key: email |
    phone | username) takes the text's value of the member chosen: get_user(key="email", value=
    the email said), as a property named by that member would."""
    for name, p in props.items():
        if found.get(name) is not None or not GENERIC_VALUE.match(name) or type_of(p) != "string":
            continue
        members = [
            str(found[k])
            for k, q in props.items()
            if isinstance(q, dict) and q.get("enum") and isinstance(found.get(k), str)
        ]
        if len(members) == 1:
            said = value_for(members[0], {"type": "string"}, src, root, True, forced, topic)
            found[name] = said if isinstance(said, str) and said else None


def _own_object(
    name: str,
    s: dict[str, Any],
    src: Source,
    root: dict[str, Any],
    forced: bool,
    topic: frozenset[str],
) -> Fill:
    """An object property the text labels with its name ("Author: John Doe (jd@example.com)")
    is filled from that label's value first: its name is John Doe, not a word of the request; a
    property the label does not give is read from the whole text."""
    own = _label_value(name, src.text)
    if own and own != src.text:
        inner = replace(src, text=own, used=set(src.used))
        fill = fill_object(s, inner, root, forced, topic)
        if not fill.missing:
            src.used |= inner.used
            return fill
    return fill_object(s, src, root, forced, topic)


def _no_function_word(value: Any) -> Any:
    """A string value that is only function words ("them", "I'll", "How") names nothing: none."""
    return None if isinstance(value, str) and values.function_words_only(value) else value


def _unfound(name: str, s: dict[str, Any], src: Source, counts: bool, forced: bool) -> Any:
    """A required value no reading of its own found: beside a count, what is counted ("Counted 6
    avocets": species); a string of no known role, the name the text gives (`named_value`); a
    forced call's, its fallback."""
    value = None
    if counts and (_counted_thing(name, s) or role(name, s) == "product"):
        value = _thing_of(src.text, src)
    if value is None and type_of(s) == "string" and temporal(name, s) is None:
        value = None if result_given(name, s) else named_value(name, s, src)
        value = value or _of_its_kind(name, s, src)
        value = values.name_span(value) if isinstance(value, str) else value  # a name, no clause
    value = _no_function_word(value)
    if value is None and forced:
        value = fallback(s, src)
    return value


def _of_its_kind(name: str, s: dict[str, Any], src: Source) -> str | None:
    """A required string no other reading found: the span of the kind it asks for that the text
    holds though no label precedes it (`agentkit.sim.kinds`): a plate, a code, a person (in
    Latin letters a full name), a thing (in English the proper name the text gives)."""
    r = role(name, s)
    if s.get("pattern") or r not in (None, "product", "person", "text"):
        return None  # a phone, a place, an id, a link: read by their own rules only
    if r == "text" and not NAME_WORD.search(name):
        return None  # a note, a message: free text, never a span of a kind
    described = str(s.get("description") or "")
    people = of_people(name, s, frozenset(), src.tool)
    k = kinds.kind_asked(name, described, people, r == "person" and not people)
    if k is None:
        return None
    found = kinds.span(k, src.text, src.used)
    if found is None and k == "person":
        found = full_name(src.text, src.used)
    if found is None and k == "thing":
        found = proper_name(src.text, src.used, frozenset(words(f"{src.tool} {name}")))
    own = {w.lower() for w in re.findall(r"[A-Za-z]+", f"{name} {src.tool}")}
    if found is None or {w.lower() for w in found.split()} <= own:
        return None  # the property's or the tool's own word ("look up EAN") names no value
    if k == "code" and idkinds.other_kind(
        found, name, f"{described} {src.tool}", src.text, src.tool
    ):
        return None  # a code the conversation gives another kind ("YG-05 的瑜伽课" for card_no)
    src.used.add(found)
    return found


def _thing_of(text: str, src: Source) -> str | None:
    """What a count counts (`values.thing_of`), without a first word that is another property's
    enum member ("three small iced teas" with a size of small / large: "iced teas")."""
    found = values.thing_of(text)
    members = {str(m).lower() for m in src.members}
    while found and " " in found and found.split(" ", 1)[0].lower() in members:
        found = found.split(" ", 1)[1]
    return found


def _counted_thing(name: str, s: dict[str, Any]) -> bool:
    """Whether a property beside a count names what is counted: a string of no known role."""
    return type_of(s) == "string" and role(name, s) is None and temporal(name, s) is None


def value_for(
    name: str,
    s: dict[str, Any],
    src: Source,
    root: dict[str, Any],
    need: bool,
    forced: bool,
    topic: frozenset[str],
) -> Any:
    """One property's value, or None when the conversation gives none (a Fill for an object)."""
    if "const" in s:
        return s["const"]
    if type_of(s) == "string" and (
        role(name, s, need) == "currency"
        and _asks_code(name, s)
        or "money" in topic
        and FX_LEG.search(name)
    ):
        found = currency(name, s, src)
        if found is not None:
            return found
    if languages.wants(name, s) or languages.wants_name(name, s):
        found = _language(name, s, src)
        if found is not None or not s.get("enum"):
            return found
    if s.get("enum"):
        return _enum(s, src, need or forced, name)
    t = type_of(s)
    if t == "object":
        return _own_object(name, s, src, root, forced, topic)
    if t == "array":
        return _array(name, s, src, root, forced, topic)
    given = t == "string" and result_given(name, s)  # "Warehouse name as returned by check_stock"
    value = None if given else _no_function_word(_from_text(name, s, t, src, need, topic))
    if value is None:
        value = _from_results(name, t, src, str(s.get("description") or ""))
    return _in_english(s, _in_form(name, s, value, src, need) if t == "string" else value)


def _in_form(name: str, s: dict[str, Any], value: Any, src: Source, need: bool) -> Any:
    """A string written in the form its description shows: a place ("SF" as "San Francisco,
    CA", "Chicago" as ORD: `cities`), a code in its case (`cased`), a phone in E.164 when asked
    (`international`)."""
    value = cased(s, cities.written(name, s, value, src.text))
    if isinstance(value, str) and role(name, s, need) == "phone":
        value = international(value, str(s.get("description") or ""))
    return value


UPPER_ASKED = re.compile(r"upper[- ]?case|in capitals|all caps|capital letters|大写", re.I)


def cased(s: dict[str, Any], value: Any) -> Any:
    """A code written in the case its description asks for: upper-case when it says so
    ("Upper-case zone code", "大写"), or when every example it shows is in capitals ("e.g. ZN4",
    "如 GB"); a value with spaces or Chinese is no code and is kept."""
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9-]{0,11}", value):
        return value
    desc = str(s.get("description") or "")
    example = hint(desc)
    shown = bool(example) and re.fullmatch(r"(?=.*[A-Z])[A-Z0-9-]{2,12}", example or "")
    lower_shown = bool(example) and re.search(r"[a-z]", example or "")
    if UPPER_ASKED.search(desc) or (
        shown and not lower_shown and re.search(r"\d", value + (example or ""))
    ):
        return value.upper()
    return value


def _language(name: str, s: dict[str, Any], src: Source) -> Any:
    """A language by its name (`agentkit.sim.languages`): a property that asks for the name takes
    each language the text names, as written (one call each); else the code or member."""
    if languages.wants_name(name, s):
        return _one_or_all(languages.names_said(src.text)) or None
    return languages.member(name, s, src.text)


WANTS_ENGLISH = re.compile(
    r"\bin English\b|\bEnglish name\b|英文|\b(?:e\.g\.|eg|such as|like)\s+[A-Z][a-z]+"
)


def _in_english(s: dict[str, Any], value: Any) -> Any:
    """A name said in Chinese for a property whose description asks for English or shows an
    English example ("wine region in English, e.g. Burgundy") is given as the dictionary writes it
    in English, when that is a proper name (波尔多 -> Bordeaux: `glosses`)."""
    if not isinstance(value, str) or not re.fullmatch(r"[\u4e00-\u9fff]{2,8}", value):
        return value
    if not WANTS_ENGLISH.search(str(s.get("description") or "")):
        return value
    english = [g.split(",")[0].strip() for g in glosses.gloss(value)]  # "Tokyo, capital of Japan"
    proper = re.fullmatch(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*)*", english[0]) if english else None
    return english[0] if proper else value


def described_member(s: dict[str, Any], text: str) -> Any:
    """The member of an enum whose gloss in the property's description the text says: the
    description pairs members with their words ("plumbing=水管/漏水, electrical=电路", "A (window
    seat)", "vip: 贵宾"); the member with the longest word said, None when none is."""
    about = str(s.get("description") or "")
    best, size = None, 0
    for member in s.get("enum") or []:
        m = re.search(
            rf"(?<![\w-]){re.escape(str(member))}\s*(?:[=:：]\s*([^,，;；。\n]+)|[(（]([^)）]+)[)）])",
            about,
        )
        if m is None:
            continue
        for word in re.split(r"\s*(?:/|、|\||或|\bor\b)\s*", m.group(1) or m.group(2)):
            word = word.strip()
            said = (
                word in text
                if re.search(r"[\u4e00-\u9fff]", word)
                else re.search(rf"\b{re.escape(word)}\b", text, re.I)
            )
            if len(word) >= 2 and said and len(word) > size:
                best, size = member, len(word)
    return best


def _enum(s: dict[str, Any], src: Source, need: bool, name: str = "") -> Any:
    end = values.ends(src.text).get(values.leg(name) or "")
    if end:  # "from my savings to my checking": from_account is the member said after "from"
        said_there = _named_member(s["enum"], end)
        if said_there is not None:
            return said_there
    felt = feeling_member(s["enum"], src.text)
    if felt is not None:
        return felt
    found = _named_member(s["enum"], src.text)
    compared = compared_members(s["enum"], src.text) if found is not None else []
    if len(compared) >= 2:
        return compared  # "这学期…跟上学期比": one call for each
    if found is not None:
        return acted_member(s["enum"], src.text, found)
    glossed = described_member(s, src.text)
    if glossed is not None:
        return glossed
    level = values.level_member([str(m) for m in s["enum"]], src.text)
    if level is not None:
        return next(m for m in s["enum"] if str(m) == level)
    about = field_member(s["enum"], src.text)
    if about is not None:
        return about
    if "default" in s:
        return s["default"]
    other = next((m for m in s["enum"] if OTHER.fullmatch(str(m).strip())), None)
    return (other if other is not None else s["enum"][0]) if need else None


FIELDS = {  # a common category's words in both languages: what a text is about, by its words
    "damage": "broken damaged torn cracked scratched ruined shrunk shrank stained dented faulty "
    "defective 坏了 破 损坏 损毁 划痕 缩水 变形 裂 污渍 碎了",
    "delay": "late delayed overdue 迟到 延误 延迟 晚了 还没到 还没收到 推迟",
    "billing": "charged overcharged invoice bill payment 扣费 收费 账单 多扣 发票 付款 扣款",
    "lost": "lost missing disappeared 丢了 丢失 找不到 不见了",
    "sport": "match team goal goals player league tournament football soccer basketball tennis "
    "比赛 球队 进球 球员 联赛 足球 篮球 网球",
    "technology": "smartphone phone chip software app computer battery laptop device internet "
    "手机 芯片 软件 电脑 电池 设备 网络 智能",
    "culture": "museum exhibition art artist painter painters painting music theatre film novel "
    "博物馆 展览 艺术 画家 音乐 电影 小说 文化",
    "health": "doctor hospital disease patient medicine symptom vaccine 医生 医院 疾病 病人 药物 "
    "症状 疫苗 健康",
    "travel": "flight hotel trip tour tourist airport journey 航班 酒店 旅行 旅游 机场 游客",
    "shipping": "delivery shipping shipment courier package parcel 快递 物流 包裹 配送 发货",
    "account": "password login username sso 2fa signin sign-in 密码 登录 账号 账户 登不上 验证码",
    "performance": "slow slowly sluggish laggy lag loading timeout timeouts speed latency "
    "慢 卡顿 很卡 加载 超时 转圈 性能",
    "crash": "crash crashes crashed crashing bug bugs error errors exception 闪退 崩溃 报错 白屏 故障",
    # a specialty (of doctors, lawyers) by the body part, the person or the trouble said
    "dermatology": "skin rash rashes eczema acne mole itch itchy itching 皮肤 皮疹 湿疹 痘 痒 皮肤科",
    "cardiology": "heart chest palpitations 心脏 胸闷 胸口 心慌 心悸 心内科 心血管",
    "pediatrics": "kid kids child children baby toddler 儿童 小孩 孩子 宝宝 儿科",
    "paediatrics": "kid kids child children baby toddler 儿童 小孩 孩子 宝宝 儿科",
    "dentistry": "dentist tooth teeth toothache gum gums cavity 牙 牙齿 牙疼 牙龈 蛀牙 牙科 口腔科",
    "dental": "dentist tooth teeth toothache gum gums cavity 牙 牙齿 牙疼 牙龈 蛀牙 牙科 口腔科",
    "ophthalmology": "eye eyes vision sight 眼睛 视力 眼科",
    "orthopedics": "bone bones fracture joint joints knee sprain 骨折 骨头 关节 膝盖 骨科",
    "orthopaedics": "bone bones fracture joint joints knee sprain 骨折 骨头 关节 膝盖 骨科",
    "neurology": "headache headaches migraine numbness seizure 头疼 头痛 偏头痛 神经内科",
    "otolaryngology": "ent ear ears nose throat sinus 耳朵 鼻子 喉咙 嗓子 耳鼻喉科",
    "psychiatry": "anxiety depression panic insomnia 焦虑 抑郁 失眠 心理 精神科",
    "gynecology": "pregnancy pregnant menstrual 怀孕 月经 妇科",
    "employment": "fired dismissed sacked boss employer overtime wage wages salary workplace 辞退 "
    "开除 老板 工资 加班 劳动 单位",
    "family": "divorce custody alimony marriage 离婚 抚养权 赡养 婚姻",
    "immigration": "visa residence asylum citizenship deportation 签证 居留 移民 入籍",
    "criminal": "arrested arrest police charged theft assault 逮捕 警察 盗窃 刑事",
}
SAID_AS = {  # the words a text says a field's thing in, beyond single words
    "account": r"\b(?:log|sign)(?:ged)?[ -]?(?:in|on)\b|locked out",
    "performance": r"\btakes? (?:about |over |more than )?\d+ (?:seconds|minutes)|\bto load\b",
}
OTHER = re.compile(r"other|others|misc(?:ellaneous)?|general|其他|其它", re.I)


def field_member(members: list[Any], text: str) -> Any:
    """A category enum's member by what the text is about: the member whose field of meaning
    (`FIELDS`: "damage" by torn, 缩水, 变形; "technology" by phone, 芯片) the text says most words
    of, a member matching a field by its first five letters ("technical", "sports", "lost_item");
    None when no member's field is said, or two are said as often."""
    hits: dict[int, int] = {}
    for i, member in enumerate(members):
        names = re.findall(r"[a-z]{3,}", str(member).lower())
        for key, ws in FIELDS.items():
            own = str(member).lower() in ws.split()  # a member said as one of the field's words
            if not own and not any(n[:5] == key[:5] for n in names if len(n) >= 4):
                continue
            for w in ws.split():
                pattern = (
                    rf"(?<![A-Za-z]){re.escape(w)}(?![A-Za-z])" if w.isascii() else re.escape(w)
                )
                hits[i] = hits.get(i, 0) + len(re.findall(pattern, text, re.I))
            hits[i] = hits.get(i, 0) + len(re.findall(SAID_AS.get(key, "^$"), text, re.I))
    ranked = sorted(((n, i) for i, n in hits.items() if n), reverse=True)
    if not ranked or len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
        return None
    return members[ranked[0][1]]


FEELING_MEMBERS = (  # a sentiment enum's members by their words, in both languages
    ("positive", r"pos(?:itive)?|good|正面|积极|好评|正向"),
    ("negative", r"neg(?:ative)?|bad|负面|消极|差评|负向"),
    ("neutral", r"neu(?:tral)?|中性|中立|一般"),
    ("mixed", r"mix(?:ed)?|混合|褒贬不一|好坏参半"),
)
NEGATOR = re.compile(
    r"(?:\b(?:not|no|never|hardly|wouldn't|won't|don't|doesn't|didn't|isn't|wasn't|can't|cannot)"
    r"|n't)\s+(?:\w+\s+){0,2}$|[不没别]$|不太$|不怎么$|没有$",
    re.I,
)


def felt(text: str) -> dict[str, int]:
    """How many words of each feeling (`FEELINGS`) the text says, a word said under a negation
    counted for the other feeling ("wouldn't recommend", "不推荐": negative)."""
    n = {"positive": 0, "negative": 0}
    for feeling, ws in FEELINGS.items():
        other = "negative" if feeling == "positive" else "positive"
        for w in ws.split():
            pattern = (
                rf"(?<![A-Za-z]){re.escape(w)}(?:s|es|d|ed|ing|ly)?(?![A-Za-z])"
                if w.isascii()
                else re.escape(w)
            )
            for m in re.finditer(pattern, text, re.I):
                negated = NEGATOR.search(text[max(0, m.start() - 24) : m.start()])
                n[other if negated else feeling] += 1
    return n


def feeling_member(members: list[Any], text: str) -> Any:
    """A sentiment enum's member (it has a positive and a negative member) by the feelings the
    text says (`felt`): words of both kinds are the mixed member (without one, the kind said
    more, an even count neutral), of one kind that kind; none is the neutral member, else None."""
    by = {
        f: next((m for m in members if re.fullmatch(said, str(m).strip(), re.I)), None)
        for f, said in FEELING_MEMBERS
    }
    if by["positive"] is None or by["negative"] is None:
        return None
    n = felt(text)
    pos, neg = n["positive"], n["negative"]
    if pos and neg and by["mixed"] is not None:
        return by["mixed"]
    if pos != neg:
        return by["positive"] if pos > neg else by["negative"]
    return by["neutral"]


def unsaid_members(schema: dict[str, Any], filled: dict[str, Any], text: str) -> list[str]:
    """The required enum properties whose value is only the first member taken for want of one
    (`_enum`): the text names no member and the schema sets no default. Where other values are
    asked for anyway, these are asked with them ("a shirt size": never S made up); a first
    member the finder picks by its marks (`agentkit.sim.finder`: "the CCD camera") is said."""
    props = _dict(schema.get("properties"))
    out = []
    for name in schema.get("required") or []:
        p = props.get(name)
        if not isinstance(p, dict) or "default" in p:
            continue
        members = p.get("enum")
        if not members or filled.get(name) != members[0]:
            continue
        strings = [str(m) for m in members]
        if _named_member(members, text) is None and values.level_member(strings, text) is None:
            if finder.named_options(text, strings) != [strings[0]]:  # (rule 2d: by its marks)
                out.append(name)
    return out


def _named_member(members: list[Any], text_: str) -> Any:
    """The first member the text names, by its word, its concept, or as a unit ("mi" by
    "miles"), else by a Chinese word that glosses to it ("结账" for billing); a member the text says
    no to ("not by email", "不要短信") is not named."""
    said = concepts(text_)
    text = text_.lower()
    for member in members:
        m = str(member)
        spelled = r"[\s_-]?".join(map(re.escape, re.split(r"[\s_-]+", m.lower())))  # nail_trim
        at = [x.start() for x in re.finditer(rf"(?<![a-z]){spelled}(?:e?s)?(?![a-z])", text)]
        if any(not NEGATED.search(text[max(0, i - 14) : i]) for i in at):
            return member
        if at:
            continue  # said only to be refused
        named = concepts(" ".join(words(m))) or concepts(m) or _abbreviated(m)
        if named and named <= said and not _refused(named, text) or values.same_unit(m, text_):
            return member
    return (
        _day_part(members, text)
        or _environment(members, text)
        or coded_member(members, text_)
        or _glossed_member(members, text_)
    )


ENVIRONMENTS = (  # a deployment environment's names as members, and how a text says it
    (("prod", "production", "prd", "live"), r"\bprod(?:uction)?\b|\blive\b|生产|线上|正式环境|现网"),
    (("staging", "stage", "stg", "preprod", "pre-prod", "uat"), r"\bstag(?:ing|e)\b|预发|预生产|灰度|\buat\b"),
    (("dev", "development", "develop"), r"\bdev(?:elopment)?\b|开发环境|本地环境"),
    (("test", "testing", "qa"), r"\btest(?:ing)?\s+(?:env|environment|server|cluster)|测试环境|\bqa\b"),
)  # fmt: skip


def _environment(members: list[Any], text: str) -> Any:
    """A deployment environment's member by the environment the text says ("production",
    生产环境, 线上 -> prod; 预发 -> staging; 开发环境 -> dev)."""
    for names, said in ENVIRONMENTS:
        hit = [m for m in members if str(m).lower() in names]
        if hit and re.search(said, text, re.I):
            return hit[0]
    return None


COMPARED = re.compile(
    r"(?:跟|和|与|同)[^，。？！?!,]{0,8}(?:比|相比|对比)|比较|对比|相比|\bcompared?\s+(?:to|with)\b"
    r"|\bvs\.?\s|\bversus\b|\bthan\b|\bdifference between\b",
    re.I,
)
ZH_THIS = re.compile(r"这个?(?=学期|周|星期|月|季度|年)")  # 这学期 is 本学期


def compared_members(members: list[Any], text: str) -> list[Any]:
    """The members a comparison names, in the order said ("这学期的数学成绩跟上学期比" -> 本学期,
    上学期; "is premium cheaper than basic"), for one call each; [] when the text compares
    nothing or names fewer than two."""
    if not COMPARED.search(text):
        return []
    said = ZH_THIS.sub("本", text)
    at: list[tuple[int, Any]] = []
    for member in members:
        m = re.search(re.escape(str(member)), said, re.I)
        if m is None and _named_member([member], said) is None:
            continue
        at.append((m.start() if m else len(said), member))
    return [member for _i, member in sorted(at, key=lambda x: x[0])]


CLAUSE_BREAK = re.compile(
    r"[,;.!?，；。！？:：]\s*|\s+(?:but|and then|then|just|while)\s+|但是?|不过|只"
)
PASSING = re.compile(  # a clause that names a thing only in passing: left alone, compared with
    r"\b(?:don'?t|do not|no need|not|never|leave|leaving|except|like|same as|than|as in|similar"
    r"|as it is|alone|is fine|are fine|is ok|is okay|already|enough|stay|stays|remain|remains)\b"
    r"|\btoo (?:small|big|far|busy)\b|\b(?:doesn'?t|won'?t) fit\b|\bis full\b"
    r"|\bI'?m in\b|\bI am in\b|不用|不要|别|不必|先不|除了|一样|像|比|已经|就行了?$|挺好"
    r"|[坐住装放]不下|不够|不行|满了|用不了|不能用"
)
ACTING = re.compile(  # a clause that acts on its thing: an order's verb or a value said
    r"^\s*(?:so\s+|then\s+|and\s+|just\s+)?(?:please\s+)?(?:set|turn|make|put|switch|change"
    r"|adjust|raise|lower|bump|book|move"
    r"|start|stop|open|close|lock|unlock|heat|cool|dim)\b|\d|把|将|调|设|开|关|订|约|换成|改成",
    re.I,
)


def clause_scores(members: list[Any], text: str) -> dict[str, int]:
    """Each member a clause of the text names, scored by its best clause: 1 where the clause acts
    (an order's verb, a value said), -2 where it names its thing in passing, else 0."""
    scored: dict[str, int] = {}
    for clause in CLAUSE_BREAK.split(text):
        said = [
            m
            for m in members
            if str(m)
            and re.search(rf"(?<![A-Za-z0-9_-]){re.escape(str(m))}(?![A-Za-z0-9_-])", clause, re.I)
        ]
        named = said or ([_named_member(members, clause)] if clause.strip() else [])
        score = (1 if ACTING.search(clause) else 0) - (2 if PASSING.search(clause) else 0)
        for member in [m for m in named if m is not None]:  # (as written first: 小会议室)
            scored[str(member)] = max(score, scored.get(str(member), -9))
    return scored


def in_passing(members: list[Any], text: str) -> set[str]:
    """The members a text names only in passing (every clause naming them is left alone or
    compared with) beside one it names otherwise: no call is made for them."""
    scored = clause_scores(members, text)
    if not any(v >= 0 for v in scored.values()):
        return set()
    return {m for m, v in scored.items() if v < 0}


def acted_member(members: list[Any], text: str, found: Any) -> Any:
    """Of several members a text names, the one named in the clause that acts on its thing (an
    order's verb, a value said: "set the nursery to 22", "把书房调到22度") rather than in one that
    names a thing in passing (left alone, compared with, where the user is: "the living room is
    fine", "客厅不用动", "same as the kitchen"); `found` when one member or no such clause is."""
    scored = clause_scores(members, text)
    if len(scored) < 2:
        return found
    best = max(scored.values())
    if scored.get(str(found)) == best:
        return found
    return next(m for m in members if scored.get(str(m)) == best)


def _glossed_member(members: list[Any], text: str) -> Any:
    """An English member a Chinese word of the text glosses to, by the member's stem ("结账" pay
    the bill -> billing): the first such word the text says."""
    stems = {
        str(m): re.sub(r"(?:ing|s)$", "", str(m).lower())
        for m in members
        if re.fullmatch(r"[A-Za-z]{4,}", str(m))
    }
    for word in glosses.segmented(text) if stems else []:
        said = {w for g in glosses.gloss(word) for w in re.findall(r"[a-z]+", g.lower())}
        hit = next((m for m, st in stems.items() if len(st) >= 4 and st in said), None)
        if hit is not None:
            return next(m for m in members if str(m) == hit)
    return None


LETTER_WORDS = (  # a code's letter said as a word, in both languages
    ("M", r"\b(?:men|man|male|boys?)(?:'s)?\b|男"),
    ("F", r"\b(?:women|woman|female|ladies|girls?)(?:'s)?\b|女"),
    ("W", r"\b(?:women|woman|ladies)(?:'s)?\b|女"),
    ("U", r"\bunder\b|以下|以内|不满"),
    ("O", r"\bover\b|以上"),
)


def coded_member(members: list[Any], text: str) -> Any:
    """A member that joins a letter code and a number (M40, U1600, F30) is named by its number
    said in the text ("40+", "the 40s", "under-1600", "40岁组") together with its letters said
    as themselves or as a word ("men's" M, "women's" F, "under" U; 男, 女, 以下); when only one
    coded member holds the number, by the number alone."""
    coded = [(m, c.group(1), c.group(2)) for m in members if (c := CODED.fullmatch(str(m)))]
    if len(coded) < 2:
        return None
    said = set(re.findall(r"(?<![\d.])(\d+)(?:\+|s\b|岁|(?![\d.]))", text))
    held = [(m, letters) for m, letters, n in coded if n in said]
    if len(held) == 1:
        return held[0][0]
    for m, letters in held:
        words_ = dict(LETTER_WORDS)
        if all(
            re.search(rf"\b{ch}\b", text) or re.search(words_.get(ch, "(?!)"), text, re.I)
            for ch in letters.upper()
        ):
            return m
    return None


CODED = re.compile(r"([A-Za-z]{1,2})-?(\d{2,4})")


DAY_PARTS = (  # the parts of a day, each member's words in both languages
    ("morning", r"\bmorning\b|上午|早上|早晨|清晨|早场"),
    ("noon", r"\b(?:noon|midday|lunchtime)\b|中午|午间|午场"),
    ("afternoon", r"\bafternoon\b|下午"),
    ("evening", r"\b(?:evening|tonight)\b|晚上|傍晚|今晚|晚场"),
    ("night", r"\bnight\b|夜间|夜里|深夜|夜场"),
)


def _day_part(members: list[Any], text: str) -> Any:
    """The member that is a part of the day the text names in either language ("下午场" ->
    afternoon, "早上" -> morning, "晚场" -> evening; a member said in Chinese by "afternoon")."""
    for part, said in DAY_PARTS:
        if not re.search(said, text, re.I):
            continue
        for member in members:
            if re.fullmatch(said, str(member).lower(), re.I) or str(member).lower() == part:
                return member
    return None


def _refused(named: frozenset[str], text: str) -> bool:
    """Whether every word the text says of these concepts is said to be refused ("别发邮件")."""
    said = (
        [w.lower() for c in named for w in TABLE[c][1].split() + TABLE[c][2].split()]
        if all(c in TABLE for c in named)
        else []
    )
    at = [x.start() for w in said for x in re.finditer(re.escape(w), text)]
    return bool(at) and all(NEGATED.search(text[max(0, i - 14) : i]) for i in at)


NEGATED = re.compile(
    r"(?:\b(?:not|no|never|without)\b|n't|不要|不用|别|不是|无需)\s*(?:\w+\s+|[\u4e00-\u9fff]{1,2})?"
    r"(?:by\s+|via\s+|in\s+)?$"
)


def _abbreviated(member: str) -> frozenset[str]:
    """The concepts an abbreviated member stands for: "mul" for multiply, "div" for divide (a
    member of three letters or more that begins a word of the concept table)."""
    m = member.lower()
    if len(m) < 3 or not m.isalpha():
        return frozenset()
    return frozenset(
        c for c, (_k, en, _zh) in TABLE.items() if any(w.startswith(m) for w in en.split())
    )


def _array(
    name: str,
    s: dict[str, Any],
    src: Source,
    root: dict[str, Any],
    forced: bool,
    topic: frozenset[str],
) -> Any:
    items = resolve(s.get("items") or {}, root)
    t = type_of(items)
    found_: list[Any]
    if t in ("number", "integer"):
        found_ = [n for n in src.numbers if t == "number" or isinstance(n, int)]
    elif t == "object":
        found_ = _each_item(items, src, root, topic)
        if not found_ and (len(values.items(src.context or src.text)) < 2 or forced):
            one = fill_object(items, src, root, forced, topic)  # (listed items wait, above)
            found_ = [one.values] if one.values and not one.missing else []
    elif items.get("format") == "email" or role(name, items) == "email":
        found_ = EMAIL.findall(src.text)
    elif PEOPLE_LIST.search(name):  # attendees: the addresses, else the people named
        found_ = EMAIL.findall(src.text) or people_named(src.text)
    elif items.get("enum"):  # only members: each the text names (days: a run's each, sim.days)
        found_ = days.members_named(items["enum"], src.text) or [
            m for m in items["enum"] if _named_member([m], src.text) is not None
        ]
    else:
        plain = src.text.replace(
            address(src.text) or "\0", "the address"
        )  # its commas list nothing
        found_ = labelled_items(name, s, src.text) or quoted(src.text) or values.plain_list(plain)
    found = _from_results(name, "array", src)
    return found_ or found or None


def _each_item(
    items: dict[str, Any], src: Source, root: dict[str, Any], topic: frozenset[str]
) -> list[Any]:
    """An array of objects from a listed text: each item of the list filled on its own ("40 units
    of SKU-1001 and 15 units of SKU-2044" -> two objects), with the values of the results that
    name it ("10 shares of AAPL" takes the price of the quote for AAPL); only when every item gets
    its required properties (until then the tool waits for the calls that give them); an item
    opening with "one" or an article counts one ("one trident maple" beside "two pines")."""
    parts = _counted_items(src.text)
    if len(parts) < 2 and src.context:  # a step of the request: its items are the request's
        parts = _counted_items(src.context)
    if len(parts) < 2:
        return []
    out = []
    for part in parts:
        part = ONE_OPENS.sub(r"\g<1>1 ", part)  # "one trident maple" beside "two pines": a count
        one_src = gather(part, [r for r in src.results if _names_result(part, r)])
        one_src.item = True
        one = fill_object(items, one_src, root, False, topic)
        if one.missing or not one.values:
            return []
        out.append(one.values)
    return out


ONE_OPENS = re.compile(r"^(\W*)(?:one|an?|a single)\s+(?=[a-z])(?!dozen\b|couple\b|pair\b)", re.I)


def _counted_items(text: str) -> list[str]:
    """The items of a listed text; a count said in words counts too ("two dozen cardboard boxes
    and three monitors" -> "24 cardboard boxes", "3 monitors") when each item opens with its count
    ("at twenty to eight" is no item's count)."""
    parts = values.items(text)
    if len(parts) >= 2:
        return parts
    said = values.items(values.digits_for_words(text))
    opens = all(re.match(r"\W*(?:[\w'’]+\s+){0,2}\d+\s+\D", p) for p in said)
    return said if opens else parts


def _names_result(part: str, result: Any) -> bool:
    """A result (a dict) one of whose short string values the text names ("AAPL")."""
    if not isinstance(result, dict):
        return False
    said = set(re.findall(r"[\w.-]+", part))
    return any(isinstance(x, str) and 1 < len(x) <= 20 and x in said for x in result.values())


PEOPLE_LIST = re.compile(
    r"attendee|participant|invitee|guest|member|people|recipient|参会|参与|嘉宾|成员|收件人", re.I
)
WITH_PEOPLE = re.compile(
    r"\b(?:with|invite|inviting|including|plus|and|&)\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"
)


def people_named(text: str) -> list[str]:
    """The people a request meets or invites: "a call with Priya and Tom Reed" -> ["Priya", "Tom
    Reed"] (not a day, a month or a city)."""
    out = []
    for m in WITH_PEOPLE.finditer(text):
        who = m.group(1)
        if values.WEEKDAY_WORD.search(who) or values.time_zones(who):
            continue
        if not re.fullmatch(values.MONTH_WORD, who, re.I):
            out.append(who)
    return list(dict.fromkeys(out))


def quoted(text: str) -> list[str]:
    return [next(g for g in m.groups() if g) for m in QUOTED.finditer(text)]


def _listed(name: str, text: str) -> list[str]:
    """Items listed after the property's word: "tags: work, urgent" -> ["work", "urgent"]."""
    label = _label_value(name, text)
    if not label:
        return []
    return [x.strip() for x in re.split(r",|，|、|\band\b|和", label) if x.strip()]


def labelled_items(name: str, s: dict[str, Any], text: str) -> list[str]:
    """Items listed after the property's word or its Chinese description's head noun: "tags:
    work, urgent", "附加服务：LED大屏、香槟塔" for extras described as 附加服务."""
    found = _listed(name, text)
    if found:
        return found
    label = _described_label(s, text)
    return [x.strip() for x in re.split(r",|，|、|\band\b|和", label) if x.strip()] if label else []


STATE_SAID = re.compile(  # "is" then a state word: the thing's state, no value labelled
    r"(?:still |already |currently |not |now )*(?:free|open|available|busy|booked|taken|closed"
    r"|broken|working|ok|okay|fine|full|empty|ready|late|due|done|on|off|up|down|in stock)\b",
    re.I,
)


def _label_value(name: str, text: str, before: str = "") -> str | None:
    """A value the user labels with the property's name: "title: Groceries", "amount = 5"; it
    ends at the next label ("新郎：赵一鸣　新娘：孙悦"); a Chinese label may stand right before a
    code of three digits or more ("身份证号 110108…", "手机号13912345678"). A Chinese label inside a longer word
    ("桌数" of "预订桌数") is that word's, unless the character before it is `before`."""
    label = r"[ _-]?".join(re.escape(w) for w in re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]+", name))
    if not label:
        return None
    own = rf"(?<![\u4e00-\u9fff])|(?<={re.escape(before)})" if before else ""
    for m in re.finditer(
        rf"(?<![A-Za-z])(?:{own}){label}s?\s*([:：=]|\bis\b|是|为|写|填|叫)[ \t\u3000]*(.+?)\s*"
        r"(?:,(?!\d{3}(?!\d))|[，;；\n。]|[.!?](?:\s|$)|\s+(?=[^\s:：]{1,8}[:：])|$)",
        text,
        re.I,
    ):
        prior = re.search(r"([A-Z][\w'-]*)\s+$", text[: m.start()])
        named = prior is not None and not (  # a name before the noun; "My username is" has none
            values.function_words_only(prior.group(1)) or prior.group(1).lower() in DETERMINERS
        )
        if m.group(1).lower() == "is" and (named or STATE_SAID.match(m.group(2))):
            continue  # "the Kettle Valley Trail is open", "the Maple room is free": the noun
            # ends a name, or "is" says the thing's state: it labels nothing
        return m.group(2).strip().strip("\"'“”")
    if re.search(r"[\u4e00-\u9fff]$", label):  # "身份证号 1101...", "手机号139...": a code
        code = re.search(rf"(?:{own}){label}\s*([A-Za-z]{{0,3}}-?\d[A-Za-z0-9_-]*)", text)
        digits = len(re.sub(r"\D", "", code.group(1))) if code else 0
        if digits >= (
            3 if re.search(r"(?:号|码)$", label) else 6
        ):  # ("身份证 1101...": six or more)
            return code.group(1) if code else None
    return None


def _described_label(s: dict[str, Any], text: str) -> str | None:
    """A value labelled with the head noun of a Chinese description: "主题是预算" for "会议主题",
    "手机号是 186 0101 2233" for "客户手机号" (the description's last 2 to 4 characters), else
    with its first 2 or 3: "新娘：孙悦" for "新娘姓名"; also without a last 姓名 / 名称: "预订人写陈晓"
    for "预订人姓名"."""
    run = re.findall(r"[\u4e00-\u9fff]+", str(s.get("description") or ""))
    if not run:
        return None
    for head in dict.fromkeys([run[0], ZH_NAME_WORD.sub("", run[0])]):  # 预订人姓名: 预订人
        for n in (4, 3, 2):
            if len(head) >= n:
                value = _label_value(head[-n:], text, head[-n - 1 : -n] if len(head) > n else "")
                if value:
                    return value
    head = run[0]
    for n in (3, 2):  # "新娘：孙悦" for "新娘姓名": the noun before the name's generic word
        if len(head) > n:
            value = _label_value(head[:n], text)
            if value:
                return value
    return None


ZH_NAME_WORD = re.compile(r"的?(?:姓名|名字|名称)$")


def _from_results(name: str, t: str, src: Source, description: str = "") -> Any:
    """An earlier result's field of the property's name, else of its Chinese description's
    first words ("工号" for employee_id described as 工号)."""
    keys = [name, *re.findall(r"^[\u4e00-\u9fff]{2,6}(?=$|[，,（(\s])", description.strip())]
    for key in keys:
        for data in src.results:
            value = find(data, key)
            if value is not None and _fits(value, t):
                return value
    if t == "string" and FROM_RESULT.search(description):
        for data in src.results:  # {"on_hand": {"Rotterdam": 80, "Milan": 55}}: each warehouse
            named = _named_keys(data)
            if named:
                return _one_or_all(named)
    return None


def _named_keys(data: Any) -> list[str]:
    """The keys of a mapping a result holds that are names, each with a figure ({"Rotterdam": 80,
    "Milan": 55}: the things a result counts by name); [] when it holds none."""
    if isinstance(data, dict):
        keys = [str(k) for k in data]
        if (
            len(keys) >= 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in data.values())
            and all(re.fullmatch(r"[A-Z][\w.' -]*|[\u4e00-\u9fff]{2,12}", k) for k in keys)
        ):
            return keys
        for v in data.values():
            found = _named_keys(v)
            if found:
                return found
    return []


def _fits(value: Any, t: str) -> bool:
    if t in ("number", "integer"):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return ok and (t == "number" or float(value).is_integer())
    if t == "boolean":
        return isinstance(value, bool)
    if t == "array":
        return isinstance(value, list)
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _in_its_role(
    name: str, s: dict[str, Any], t: str, src: Source, need: bool
) -> float | int | None:
    """A number for a property by its role (`agentkit.sim.numroles`): the one said in the
    property's own role first; else the readings by unit, noun, range end or sum, unless they
    give a number of another role or one out of the schema's range; else the next number that
    is neither."""
    role_, tags = numroles.role_asked(name, s), numroles.tagged(src.text, src.money)
    value: float | int | None = None
    if role_ == "people":
        value = numroles.people_total(name, s, src.text)  # "3 adults and 2 kids": 5
    if value is None and role_ is not None:
        value = numroles.of_role(role_, src.text, s)
    if value is not None:
        if value in src.numbers:
            src.numbers.remove(value)
        return value
    before = list(src.numbers)
    value = bound_end(name, s, src)
    value = value or range_end(name, s, src) or summed(name, src) or periods_of(name, src)
    value = value or how_often(name, s, src)
    own = value is None and (value := _counted(name, s, src)) is not None
    value = value if value is not None else _year(name, s, src.text)
    if value is not None and (  # (said beside its own noun or unit, "2个大人": no other role's,
        (not own or tags.get(value) == "threshold")  # though said in another role too, "住2晚";
        and numroles.foreign(role_, tags.get(value), name)  # a condition's never ("more than 100")
        or not numroles.fits(value, s)
    ):
        src.numbers, value = before, None  # another role's number, or out of range
    if value is not None or not need or not src.numbers:
        return value
    before = list(src.numbers)
    src.numbers = [
        n
        for n in before
        if numroles.fits(n, {**s, "type": t}) and not numroles.foreign(role_, tags.get(n), name)
    ]
    value = _role_number(name, src, t) if src.numbers else None
    src.numbers = before
    if value is not None and value in src.numbers:
        src.numbers.remove(value)
    return value


def _from_text(
    name: str, s: dict[str, Any], t: str, src: Source, need: bool, topic: frozenset[str]
) -> Any:
    label = _label_value(name, src.text) or _described_label(s, src.text)
    label = label or building_part(name, s, src.text)  # "C栋1203": building C栋, room 1203
    for zh in values.zh_labels(name) if label is None else []:  # "部门是市场部" for department
        label = label or _label_value(zh, src.text)
    if t in ("number", "integer"):
        return _number(name, s, t, src, label, need)
    if t == "boolean":
        if label is not None:
            return label.lower() in ("true", "yes", "1", "是", "对")
        said = flag_said(name, src.text)
        said = said if said is not None else reply_said(name, src.text)
        said = said if said is not None else described_flag(s, src.text)
        return said if said is not None else s.get("default", False if need else None)
    when = temporal(name, s)
    if when is not None:
        return _described(_bounded(when, src, s, name, need), s)
    if label is not None and not _is_id(name) and role(name, s, need) != "command":
        label = _whole_address(name, s, src.text, need, label)
        if _shaped(name, s, label):  # "from this email: Hi there, ..." labels no address
            return label  # ("command: echo 'hi'" is a command as written, quotes and all)
    listed = said_example(s, src.text)
    if listed is not None or values.COLOUR_NAME.search(f"{name} {s.get('description') or ''}"):
        return listed or values.colour(src.text)  # a colour property: the colour word said
    value = _string(name, s, src, topic, need)
    code = (
        values.listed_unit(value, str(s.get("description") or ""))
        if isinstance(value, str)
        else None
    )
    value = code or value  # "miles" for a unit the description lists as "mi, km, lb"
    if isinstance(value, str) and re.search(DIGITS_ONLY, str(s.get("description") or ""), re.I):
        value = re.sub(r"\D", "", value) or value
    return value


def _shaped(name: str, s: dict[str, Any], label: str) -> bool:
    """Whether a labelled value has the shape its role asks for: an email an address, a phone
    its digits, a link a URL; any other value has no shape to meet."""
    r = role(name, s)
    if r == "email":
        return bool(EMAIL.fullmatch(label.strip()))
    if r == "phone":
        return bool(PHONE.search(label))
    return r != "link" or bool(LINK.match(label.strip()))


FLAG_LEAD = re.compile(
    r"^(?:is|has|have|can|should|with|include[sd]?|allows?|needs?|是否|有无|是不是|能否|可否|要不要)_?",
    re.I,
)
NEGATION = re.compile(  # a word that says no to what follows it; a need said no to is one too
    # ("不需要停车位", "无需接送", "no need for a shuttle", "we won't need parking")
    r"(?:\b(?:no|not|non|without|never|don't|doesn't|isn't|won't)[\s-]+(?:\w+[\s-]+)?"
    r"|\bno need (?:for|of)\s+(?:\w+\s+)?|[不无没非免未]|没有|不是|(?:不|无|毋|没|不必|不用)(?:需要?|要|用)?)$",
    re.I,
)


ACCESS_FLAG = re.compile(r"accessib|wheelchair|step_?free|barrier_?free|无障碍|轮椅", re.I)
ACCESS_SAID = re.compile(  # an access need said: 要无障碍, 坐轮椅, "in a wheelchair", "step-free"
    r"无障碍|轮椅|\b(?:wheelchair|step[- ]free|barrier[- ]free|accessible|accessibility)\b", re.I
)


def flag_said(name: str, text: str) -> bool | None:
    """A yes/no the text says by the flag's own word: "is_remote" is true when the text says
    "remote", false when it says it no ("not remote", "non-remote"); "是否包邮" by "包邮" / "不包邮";
    None when the word is not said."""
    word = FLAG_LEAD.sub("", name)
    if ACCESS_FLAG.search(name):
        m = ACCESS_SAID.search(text)
        if m:
            return not NEGATION.search(text[max(0, m.start() - 16) : m.start()])
    parts = [w for w in re.findall(r"[A-Za-z]{3,}|[\u4e00-\u9fff]{2,}", word)]
    if not 1 <= len(parts) <= 2:
        return None  # "high_chair": said as "a high chair"
    joined = r"[\s_-]?".join(_word_pattern(p) for p in parts)  # colour, a shoe for shoes
    m = re.search(rf"(?<![A-Za-z]){joined}", text, re.I)
    at = m.start() if m else _glossed_at(joined, text)
    if at is None and len(parts) == 2:
        at = _act_ordered(parts, text)
    if at is None:
        return _thing_needed(parts, text) if len(parts) == 2 else None
    return not NEGATION.search(text[max(0, at - 16) : at])


DESCRIBED_LEAD = re.compile(  # what opens a yes/no's description before the thing it asks about
    r"^(?:(?:whether|if)\s+(?:or not\s+)?(?:(?:the|a|an|any|anyone|anything|it|there)\s+)?"
    r"(?:(?:is|are|was|were|has|have|had|needs?|should|must|can|will)\s+(?:to\s+)?(?:be\s+)?)?"
    r"|(?:是否|是不是|有无|有没有|能否|可否|要不要)(?:需要|要|应|应该|应当|必须|已经?|被|有)?)",
    re.I,
)


def described_flag(s: dict[str, Any], text: str) -> bool | None:
    """A yes/no whose description asks about a thing ("是否需要复查", "Whether the pump is
    working", "是否进入加时"): true when the text says that thing ("建议一个月后复查", "经过加时赛"),
    false when it says it no ("无需复查", "not working"); None when the description asks nothing
    or the text does not say it. A Chinese thing of more than two characters is also found by its
    last two (进入加时 -> 加时)."""
    about = str(s.get("description") or "").strip().rstrip("?？。.")
    m = DESCRIBED_LEAD.match(about)
    if not about or m is None or not m.group(0):
        return None
    thing = about[m.end() :].strip()
    zh = re.fullmatch(r"[\u4e00-\u9fff]{2,8}", thing)
    if zh:
        tries = [thing] + ([thing[-2:]] if len(thing) > 2 else [])
    elif re.fullmatch(r"[A-Za-z]+(?:\s+[A-Za-z]+){0,2}", thing):
        tries = [r"\s+".join(_word_pattern(w) for w in thing.split())]
    else:
        return None
    for pattern in tries:
        found = re.search(pattern if zh else rf"(?<![A-Za-z]){pattern}", text, re.I)
        if found:
            return not NEGATION.search(text[max(0, found.start() - 16) : found.start()])
    return None


def _act_ordered(parts: list[str], text: str) -> int | None:
    """A flag of a thing and an act done to it (stump_grinding, gift_wrapping): where the text
    orders that act on the thing, the verb before it ("Grind the stump out", "wrap the gift"),
    else None."""
    thing, act = parts
    if not (act.isascii() and act.lower().endswith("ing") and len(act) > 5):
        return None
    stem = re.sub(r"([b-df-hj-np-tv-z])\1$", r"\1", act[:-3].lower())  # wrapping -> wrap
    m = re.search(
        rf"(?<![A-Za-z]){re.escape(stem)}e?s?\s+(?:\w+\s+){{0,2}}{_word_pattern(thing)}s?\b",
        text,
        re.I,
    )
    return m.start() if m else None


def _word_pattern(word: str) -> str:
    """A flag's word as the text may write it: British spelling (colour), one or many (shoe for
    shoes)."""
    one = re.sub(r"(?<=[a-z]{3})(?<!s)s$", "", word, flags=re.I) if word.isascii() else word
    return re.escape(one).replace("or", "ou?r") + ("s?" if one != word else "")


NEEDED = re.compile(  # a word that says the thing after it is needed or wanted, or used by one
    r"\b(?:needs?|needed|want|wants|wanted|requires?|would like|with|bring us|rent|hire|"
    r"uses?|using|in an?)\s+(?:\w+\s+)?$|(?:需要|要|想要|都要|得|租|借|带|坐|坐着|用|推着)$",
    re.I,
)


def _thing_needed(parts: list[str], text: str) -> bool | None:
    """A two-word flag of a thing and what is done with it (shoe_rental, towel_service), when the
    text says the thing as needed or wanted ("everyone needs shoes", "we want towels", "都要租鞋"):
    true; said as not needed ("no need for shoes", "don't need shoes"): false; else None."""
    for part in parts:
        if len(part) < 3:
            continue
        pattern = rf"(?<![A-Za-z]){re.escape(part)}(?:e?s)?(?![A-Za-z])"
        m = re.search(pattern, text, re.I)
        at = m.start() if m else _glossed_at(re.escape(part), text)
        if at is None:
            continue
        before = text[max(0, at - 24) : at]
        if NEEDED.search(before.rstrip() + " " if m else before):
            return not NEGATION.search(NEEDED.split(before)[0]) and not re.search(
                r"\b(?:don't|do not|doesn't|no|not)\b[^.,;]*$|不|无需|没", before, re.I
            )
    return None


def _glossed_at(pattern: str, text: str) -> int | None:
    """Where the text says, in Chinese, a word whose English (`glosses`) the flag's words match
    ("彩色的" for color)."""
    at = 0
    for w in glosses.segmented(text) if re.search(r"[\u4e00-\u9fff]", text) else []:
        at = text.find(w, at)
        if re.search(rf"(?<![A-Za-z]){pattern}(?![a-z])", " ".join(glosses.gloss(w)), re.I):
            return at
        at += len(w)
    return None


REPLY_FLAG = re.compile(
    r"attend|coming|going|accept|confirm|rsvp|join|participat|will_come|参加|出席|到场|赴约|接受|确认",
    re.I,
)
REPLY_YES = re.compile(
    r"\byes\b|\byep\b|(?:we|i)(?:'ll| will) be there|count (?:me|us) in|wouldn't miss it|"
    r"(?:will|would love to|happy to|glad to|delighted to|can|we'll|i'll)\s+(?:come|attend|join|make it)|"
    r"\b(?:i|we) accept\b|gladly|"
    r"会来|会去|能来|能去|可以来|可以去|一定到|准时到|参加|出席|到场",
    re.I,
)
REPLY_NO = re.compile(
    r"\b(?:can(?:no|')t|won't|will not|unable to|not able to)\s+(?:\w+\s+)?(?:make it|come|attend|join|be there)|"
    r"\bregret(?:fully)?\b|\b(?:must|have to|will have to) decline\b|\bdeclin(?:e|ing)\b|"
    r"来不了|去不了|到不了|不能来|不能去|不能参加|无法参加|无法出席|参加不了|不来了|不去了|缺席",
    re.I,
)


def reply_said(name: str, text: str) -> bool | None:
    """A reply's yes/no for a flag of one (attending, confirmed, accepts, 是否参加): the first
    acceptance or refusal the text says ("Yes, we'll be there" -> true, "sadly we can't make it",
    "来不了" -> false); None for any other flag or when the text says neither."""
    if not REPLY_FLAG.search(name):
        return None
    yes, no = REPLY_YES.search(text), REPLY_NO.search(text)
    if yes is None or no is None:
        return None if yes is None and no is None else yes is not None
    return yes.start() < no.start()


DIGITS_ONLY = (
    r"digits only|only digits|without (?:dashes|hyphens|spaces)|纯数字|只含数字|不含(?:横线|连字符)"
)


EXAMPLES = re.compile(  # also the members a description lists: "One of ammonia, nitrite, ph"
    r"(?:e\.g\.,?|for example|such as|(?:\b|^)(?:one of|either)\b|例如|比如|如)\s*[:：]?\s*(.+)$",
    re.I,
)


SLASHED = re.compile(  # a description that only lists the values: "电费/水费/燃气费", "Type: a | b"
    r"\s*(?:[^:：/|]{1,16}[:：])?\s*([^/|｜:：.。]{1,16}(?:\s*[/|｜]\s*[^/|｜:：.。]{1,16})+)[.。]?\s*"
)


def said_example(s: dict[str, Any], text: str) -> str | None:
    """Of the examples a description lists ("科目，例如 语文、数学、英语", "e.g. chess, go or
    shogi", or only the values: "电费/水费/燃气费"), the one the text says; a single example is a shape, not a list, and an example
    that is only a number or a range of numbers ("1-5", "3") is a shape too: a number the text
    says for another reason is no example said."""
    m = EXAMPLES.search(str(s.get("description") or "")) or SLASHED.fullmatch(
        str(s.get("description") or "")
    )
    if not m:
        return None
    items = [
        x.strip(" .。'\"“”") for x in re.split(r"[、，,/;；]|\bor\b|\band\b|或|和", m.group(1))
    ]
    if len(items) < 2:
        return None
    items = [x for x in items if x and not re.fullmatch(r"[\d\s.,:()\"'-]+", x)]
    if not items:
        return None
    said = [
        (found.start(), x)
        for x in items
        for found in [re.search(rf"(?<![A-Za-z]){re.escape(x)}(?![A-Za-z])", text, re.I)]
        if found
    ]
    return min(said)[1] if said else _glossed_example(items, text)


def _glossed_example(items: list[str], text: str) -> str | None:
    """Of Chinese examples, the one whose English gloss an English text says ("cockroaches" for
    例如 蟑螂、老鼠): the member as the description writes it; of examples in pinyin, the one a
    Chinese text says in characters ("楷书" for "e.g. kaishu, xingshu")."""
    if re.search(r"[\u4e00-\u9fff]", text):  # examples in pinyin: the one said in characters
        spelled = {glosses.romanized(w) for w in glosses.segmented(text)}
        return next((x for x in items if re.sub(r"[^a-z]", "", x.lower()) in spelled), None)
    said = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}
    said |= {re.sub(r"(?<=(?:ch|sh|ss|.x))es$|(?<!s)s$", "", w) for w in said}
    for x in items:
        if re.fullmatch(r"[\u4e00-\u9fff]{1,6}", x) and any(
            g.lower() in said for g in glosses.gloss(x)
        ):
            return x
    return None


BOUND = re.compile(  # a time's lower bound: a limit the user sets, never the event they go to
    r"earliest|(?:^|_)(?:after|not_before|no_earlier_than|min)(?:_|$)|最早|不早于|以后",
    re.I,
)
BOUND_SAID = re.compile(  # a time said as a limit: "leave after 9", "not before 8am", "8点以后"
    r"\b(?:after|not before|no earlier than|from|earliest|at the earliest|before|by|until|till|"
    r"no later than|latest|at the latest)\s+(?:about\s+|around\s+)?\d"
    r"|\d\s*(?:[:：.]\d\d)?\s*(?:[ap]\.?m\.?)?\s*(?:or later|onwards|at the earliest|at the latest)"
    r"|[点时](?:\d+分?|半|一刻|三刻)?(?:以后|之后|以前|之前|后|前|起)|最早|最晚|不早于|不晚于",
    re.I,
)


def _bounded(when: str, src: Source, s: dict[str, Any], name: str, need: bool) -> Any:
    """A time for the property (`_temporal`); for an optional lower bound (earliest_departure)
    only when the text says one: "for a 10:00 meeting" bounds no departure."""
    if when in ("time", "date-time") and not need and BOUND.search(name):
        if not bound_said(src.text):
            return None
    return _temporal(when, src, s, name)


def bound_said(text: str) -> bool:
    """Whether the text says a time as a limit ("after 9", "8点以后", "by 17:00"): a time said of an
    event ("a 10:00 meeting", "开会是10点") is no lower bound of a search (earliest_departure); an
    upper one (arrive_by) may be the event's time."""
    return bool(BOUND_SAID.search(text))


def temporal(name: str, s: dict[str, Any]) -> str | None:
    """Whether a string is a date, a time or a date-time: by its `format`, else by its name or
    description ("due_date", "YYYY-MM-DD", "start_time", "HH:MM", "日期", "时间", a description
    ending in "date": "the new expiry date"; a journey's verb named alone: depart, arrive)."""
    fmt = s.get("format")
    if fmt in ("date", "time", "date-time"):
        return str(fmt)
    desc = str(s.get("description") or "")
    if re.search(r"YYYY-MM(?!-DD)", desc) or re.fullmatch(r"month|月份", name, re.I):
        return "month"
    if re.search(r"week ?day|day of (?:the )?week|星期几|周几", f"{name} {desc}", re.I) or (
        re.search(r"\bday\b", name) and values.weekday_shape(desc)
    ):
        return "weekday"
    named = " ".join(re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()))
    lead = re.match(r"\s*(?:the\s+)?(\w*)", desc.lower())
    said = f"{named} {lead.group(1) if lead else ''}".strip()  # the name, the description's lead
    if re.search(r"\b(?:datetime|timestamp)\b|\w+ at$", named) or re.search(
        r"ISO[ -]?8601|YYYY.*HH|\bdate[- ]?time\b|日期时间|\bdate and time\b", desc, re.I
    ):
        return "date-time"
    if re.search(r"YYYY[-/]MM(?![-/]DD)", desc) or (
        re.search(r"\bmonth\b|月份", f"{named} {desc}")
        and not re.search(r"YYYY|\bday\b|date", said)
    ):
        return "month"
    day = re.search(  # (or when something holds from or until: available_from, valid_until)
        r"\b(?:date|day|birthday|dob|deadline)\b|(?:ed|due|born) on$"
        r"|\bcheck ?(?:in|out)\b"
        r"|\b(?:available|valid|effective|open|free|vacant)\s+(?:from|until|since|on|by)\b|\bmove\s+in\b"
        r"|^(?:depart(?:ing|s)?|arriv(?:e|ing|es))(?: on| day)?$",
        said,
    )  # (a journey's verb named alone: depart, arrive, its day; departure, arrival: its place)
    if day is None and not values.unit_of(named):  # "the new expiry date"
        day = re.search(r"\bdate$", desc.lower().strip(" ."))
    day = day or re.search(r"YYYY|^\s*\S{0,4}日期(?![\u4e00-\u9fff])", desc)
    day = day or (re.search(r"\bdate\b|日期", desc, re.I) and values.EXAMPLE_DATE.search(desc))
    day = day or re.search(r"日期$|(?:到期|截止|生)日$", name)  # a Chinese name: 开票日期, 到期日
    clock = bool(re.search(r"\btime\b|\bwhen\b", said)) and not re.search(
        r"zone", f"{named} {desc}", re.I
    )
    clock = clock or bool(re.search(r"HH:?MM|^\s*\S{0,4}时间(?![\u4e00-\u9fff])", desc))
    if values.date_layout(desc) and not re.search(r"HH|hh", desc):
        clock = False  # "when": "date, DD/MM/YYYY" is a day
    if day and clock:
        return "date-time"
    return "date" if day else "time" if clock else None


def _described(found: Any, s: dict[str, Any]) -> Any:
    """A date found, written in the layout its description spells ("YYYY-MM-DD HH:MM",
    "DD/MM/YYYY") unless a `format` sets it."""
    if isinstance(found, str) and not s.get("format"):
        return values.as_described(found, str(s.get("description") or ""))
    return found


def _temporal(when: str, src: Source, s: dict[str, Any], name: str = "") -> Any:
    """The next date, time or date-time the text writes that no earlier property took (a range's
    end, end_date / check_out / 结束日期, the last of them); a date of birth only for a property
    of a birth (`_days`)."""
    text = src.text
    if when == "month":  # a month with its year; several months: one call each; else relative
        months = [m for m in values.year_months(text) if f"month:{m}" not in src.used]
        src.used.update(f"month:{m}" for m in months)
        return _one_or_all(months) if months else month_named(text, src.tool)
    if when == "weekday":  # a day of the week, written as the description's example writes one
        example = values.weekday_shape(str(s.get("description") or "")) or "Monday"
        days = [values.weekday_as(d, example) for _end, d in values.iso_dates(text)]
        return next((d for d in days if f"weekday:{d}" not in src.used), None)
    week = periods.period_bound(text, name) if when == "date" else None
    if week is not None:
        return week
    if when == "time" and _moment(name, s, src):
        when = "moment"
    if when == "time" and (end := _end_by_length(name, text)) is not None:
        return end
    found = {
        "date": _days(text, bool(BIRTH.search(f"{name} {s.get('description') or ''}"))),
        "time": [t for _start, t in values.times(text)],
        "date-time": values.date_times(text),
        "moment": [dt[:16] for dt in values.date_times(text)],
    }[when]
    today = values.today_date().isoformat()
    if when == "date" and JUST_DONE.search(text) and all(d > today for d in found):
        found = [today]  # "just ran 8k ... I can only run Wednesday": the run's day is today
    free = [value for value in found if f"{when}:{value}" not in src.used]
    if len(free) >= 2 and when in ("date", "date-time") and STAY_END.search(name):
        free = free[::-1]  # a range's end is its later day, whatever order the properties come in
    if len(free) >= 2 and when == "date":  # "Issued: 2 April …, due by 2 May": due_date's is May
        free = _labelled_day(name, text, free) + free
    for value in free:
        src.used.add(f"{when}:{value}")
        return value
    return None


JUST_DONE = re.compile(  # an activity the speaker has just done: its day is today
    r"\bjust\s+(?:got back|got home|came back|finished|ran|swam|walked|cycled|rode|hiked|drank|ate"
    r"|did|completed|trained)\b|刚刚?(?:跑|游|走|骑|练|喝|吃|做完|运动|健身|回来|结束)",
    re.I,
)
DAY_WORDS = {  # the words that say a day is the due, the issue or the delivery one
    "due": r"\bdue\b|\b(?:pay|paid|payable|settle\w*)\s+(?:\w+\s+)?(?:by|before)\b|no later than"
    r"|deadline|\b(?:by|before)\s+(?:the\s+)?$|截止|到期|之前付",
    "dead": r"\bdue\b|\bby\b|\bbefore\b|no later than|deadline",
    "issu": r"\bissued?\b|\bdated\b|date of issue|invoice date|\binvoiced\b|开票|开具|签发",
    "deli": r"\bdeliver\w*|\bshipped\b|\bdispatched\b|送达|交货|发货",
}
DAY_WORDS["invo"] = DAY_WORDS["issu"]  # invoice_date is the day it was issued


def _labelled_day(name: str, text: str, days: list[str]) -> list[str]:
    """The day the text says after the property's own word ("due", "issued", "delivered", 截止 of
    截止日期): within the 40 characters before the date, in one sentence; [] when none is."""
    own = [
        DAY_WORDS.get(w[:4], rf"\b{w[:4]}")
        for w in re.findall(r"[a-z]{3,}", name.lower())
        if w not in ("date", "day")
    ]
    own += [w[-2:] for w in re.findall(r"[\u4e00-\u9fff]{2,}", re.sub(r"日期|时间|日$", "", name))]
    if not own:
        return []
    others = [w for k, w in DAY_WORDS.items() if w not in own and k != "dead"]
    prev = 0  # the word stands after the date before: "from the start of May until …" is May's
    for start, end, iso in sorted(values._dates(text)):
        said = text[max(prev, start - 40) : start]
        before = re.split(r"[.;!?\n。；！？]", said)[-1].lower()
        mine = _last_word(own, before)
        if iso in days and mine >= 0 and mine >= _last_word(others, before):
            return [iso]  # the nearest word before it is its own ("the invoice date (Nov 28)")
        prev = max(prev, end)
    return []


def _last_word(patterns: list[str], text: str) -> int:
    """Where the last of the words `patterns` find in `text` ends, -1 when none is there."""
    return max((m.end() for w in patterns for m in re.finditer(w, text)), default=-1)


STAY_END = re.compile(
    r"(?:^|_)(?:end|to|until|till|finish|return|checkout|out)(?:_|$)|check_?out|结束|终止|退房|返回|截止",
    re.I,
)


def _end_by_length(name: str, text: str) -> str | None:
    """An end time the text gives as its one start time and a length ("from 3:30 pm for two
    hours", "下午三点半，用两个小时": end 17:30); None unless the property is an end (end_time,
    until, 结束) and the text writes one clock time and one length in minutes or hours."""
    if not (STAY_END.search(name) or periods.END.search(name)) or re.search(r"date|day|日期", name):
        return None
    clock = values.times(text)
    lengths = values.with_unit("minute", text) + [
        str(v) for _n, v in values.converted("minute", text)
    ]
    if len(clock) != 1 or len(lengths) != 1:
        return None
    h, m = map(int, clock[0][1].split(":"))
    total = h * 60 + m + round(float(lengths[0]))
    return f"{total // 60 % 24:02d}:{total % 60:02d}"


def _moment(name: str, s: dict[str, Any], src: Source) -> bool:
    """Whether a time of no set form ("start_time": "when to start") is a moment: the object has
    no date of its own, the text names a day ("tomorrow at 9:00"), and neither the format nor the
    description asks for a clock time ("HH:MM", "time of day"). A moment is the day and its time,
    YYYY-MM-DDTHH:MM."""
    about = f"{name} {s.get('description') or ''}"
    if (
        src.dated
        or s.get("format")
        or re.search(r"HH|hh:mm|time of day|clock|几点|时刻", about, re.I)
    ):
        return False
    return bool(values.date_times(src.text))


MONTH_SAID = re.compile(
    r"(?P<last>上个?月|last month|previous month|past month)|(?P<this>这个?月|本月|this month)"
    r"|(?P<next>下个?月|next month)|(?P<y>\d{4})\s*年\s*(?P<m>\d{1,2})\s*月(?!\s*\d)"
    r"|(?<![\d-])(?P<iso>\d{4}-\d{2})(?![\d-])",
    re.I,
)


ZH_MONTHS = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月((?:\s*[、,，和及至]\s*\d{1,2}\s*月)+)")


def months_named(text: str) -> list[str]:
    """The months a text lists ("2026年10月、11月、12月", "2026-10, 2026-11 and 2026-12") as
    YYYY-MM, in order; [] for fewer than two."""
    m = ZH_MONTHS.search(text)
    if m:
        nums = [m.group(2), *re.findall(r"(\d{1,2})\s*月", m.group(3))]
        return [f"{int(m.group(1)):04d}-{int(n):02d}" for n in nums if 1 <= int(n) <= 12]
    iso = re.findall(r"(?<![\d-])(\d{4}-\d{2})(?![\d-])", text)
    return list(dict.fromkeys(iso)) if len(set(iso)) >= 2 else []


def month_named(text: str, tool: str = "") -> str | None:
    """A month as YYYY-MM: the one said relative to today ("上个月", "last month", "this month",
    "下个月"), or written ("2026年11月", "2026-11"), else the month of the first date written
    ("March 3, 2027" -> 2027-03), else a month named without its year (`month_alone`)."""
    m = MONTH_SAID.search(text)
    if m is None:
        dates = values.iso_dates(text)
        return dates[0][1][:7] if dates else month_alone(text, tool)
    if m.group("iso"):
        return m.group("iso")
    if m.group("y"):
        return f"{int(m.group('y')):04d}-{int(m.group('m')):02d}"
    today = values.today_date()
    shift = -1 if m.group("last") else 1 if m.group("next") else 0
    n = today.year * 12 + today.month - 1 + shift
    return f"{n // 12:04d}-{n % 12 + 1:02d}"


MONTH_ALONE = re.compile(  # "11月", "3月份", "in March", "for November": a month without its year
    r"(?<![\d年.-])(1[0-2]|0?[1-9])\s*月(?:份)?(?!\s*\d|\s*[日号])"
    r"|\b(?:in|for|of|during|since|until|by)\s+(?-i:(January|February|March|April|May|June|July"
    r"|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec))"
    r"\b(?!\s*\d)",
    re.I,
)
LOOKS_BACK = re.compile(  # a tool that reads what was: its month is the last one of that name begun
    r"^(?:get|query|check|list|search|find|show|fetch|look_?up|view|read|count|report|summari[sz]e"
    r"|analy[sz]e|compare|calc\w*|compute|export|download|audit|review)(?:_|$|[A-Z])|^查",
    re.I,
)


def month_alone(text: str, tool: str = "") -> str | None:
    """A month named without its year ("11月的用电量", "3月份账单", "in March") as YYYY-MM: for a
    tool that reads what was (get_, query_, list_, 查询…) the last month of that name that has
    begun (in December, "3月" is this year's March); for one that acts (book_, schedule_) the
    next one not yet over (in December, "March" is next year's)."""
    m = MONTH_ALONE.search(text)
    if m is None:
        return None
    month = int(m.group(1)) if m.group(1) else values.MONTH[m.group(2).lower()[:3]]
    today = values.today_date()
    if LOOKS_BACK.search(tool):
        year = today.year if month <= today.month else today.year - 1
    else:
        year = today.year if month >= today.month else today.year + 1
    return f"{year:04d}-{month:02d}"


BIRTH = re.compile(r"birth|\bdob\b|born|生日|出生", re.I)
BORN = re.compile(
    r"(?:\bborn(?:\s+on)?|\bDOB|\bdate of birth|\bbirthday|出生(?:于|日期|在)?|生日)\s*[:：是为]?\s*$",
    re.I,
)


def _days(text: str, birth: bool) -> list[str]:
    """The dates a text writes, in order; a date of birth ("born 1979-06-02", "出生于…") only for
    a property of a birth, and it first."""
    dated = values._dates(text)
    born = [d for start, _end, d in dated if BORN.search(text[max(0, start - 20) : start])]
    if birth:
        return born or [d for _s, _e, d in dated]
    return [d for _s, _e, d in dated if d not in born]


def _number(name: str, s: dict[str, Any], t: str, src: Source, label: str | None, need: bool):
    value: Any = None
    if label is not None and re.fullmatch(NUMBER, label.replace(",", "")):
        plain = label.replace(",", "")
        value = float(plain) if "." in plain else int(plain)  # as written: "128000" stays whole
    elif label is not None:  # "二十八桌", "贰万元整", "人民币3,888元": the number the label gives
        said = re.search(NUMBER, re.sub(r"(?<=\d),(?=\d{3})", "", label))
        value = float(said.group(0)) if said else values.zh_amount(label)
    feeling = next((f for f in ("positive", "negative", "neutral") if f in name.lower()), None)
    if value is None and feeling:
        return feelings(src.text)[feeling]
    if value is None and assess.is_judged(name, s):  # a score: said, judged, never another number
        said_rating = assess.rated(src.text, s, name)
        judged = assess.judgement(name, s, src.text, felt(src.text), evidence_only=True)
        value = said_rating if said_rating is not None else judged
        if value is None:
            return None
    if value is None:
        value = results_wanted(name, s, src.text)
    if value is None:
        value = _in_its_role(name, s, t, src, need)
    if value is None:
        return None
    if t == "integer":
        return int(value) if float(value).is_integer() else None
    return value


LIMIT_NAME = re.compile(
    r"^(?:limit|top_?[kn]|n|k|count|size|page_?size|(?:max|num|n)_?(?:results|items|hits))$"
    r"|最多|条数|数量|返回.*个数",
    re.I,
)
LIMIT_DESCRIBED = re.compile(
    r"\b(?:max(?:imum)?|number of|how many)\b.*\bresults?\b|最多|返回.*(?:条|个)", re.I
)
TOP_SAID = re.compile(
    r"\b(?:top|first|best)\s+(\d+)\b|\b(\d+)\s+(?:best|top)\b"
    r"|(?:前|最好的|排名前)\s*(\d+)\s*(?:个|名|条|家|本|门|款|只|位|部|首|所)?",
    re.I,
)


def results_wanted(name: str, s: dict[str, Any], text: str) -> int | None:
    """How many results a search's limit (limit, top_k, max_results, 最多返回…) is given: the
    count the user says with top / first / best or 前 ("Just the top 3.", "the 5 best", "前三个"),
    in its own sentence or not; no other number of the text is one."""
    if not (LIMIT_NAME.search(name) or LIMIT_DESCRIBED.search(str(s.get("description") or ""))):
        return None
    m = TOP_SAID.search(values.digits_for_words(text))
    return int(next(g for g in m.groups() if g)) if m else None


PERIODS = re.compile(  # "a deposit of 2 months' rent", "押金2个月房租"
    r"(\d+(?:\.\d+)?)\s+(month|week)s?['’]?\s+(?:of\s+)?(?:rent|pay|salary|wages?)\b"
    r"|(\d+(?:\.\d+)?)\s*个?(月|周)的?(?:房租|租金|工资|薪水)",
    re.I,
)
PER_PERIOD = re.compile(  # "1450 euros a month", "$2350 per month", "£300/week", "月租4500元"
    r"[$€£¥]?\s*(\d+(?:\.\d+)?)\s*(?:[A-Z]{3}\s+|(?:euros?|dollars?|pounds?|yuan|元)\s*)?"
    r"(?:a|per|each|every|/)\s*(month|week)\b"
    r"|(?:(月)租|每(月|周)|每个(月)|(月)薪)(?:金|是|为|[:：])*\s*(?:人民币)?\s*(\d+(?:\.\d+)?)",
    re.I,
)
PERIOD_WORD = {"month": "month", "week": "week", "月": "month", "周": "week"}


def _period(m: re.Match[str]) -> tuple[float, str]:
    """A match's number and its period (month / week), whichever language said it."""
    said = [g for g in m.groups() if g]
    number = next(g for g in said if re.fullmatch(r"\d+(?:\.\d+)?", g))
    period = next(g for g in said if g.lower() in PERIOD_WORD)
    return float(number), PERIOD_WORD[period.lower()]


def periods_of(name: str, src: Source) -> float | int | None:
    """A sum said as a number of periods' rent or pay ("a deposit of two months' rent",
    "押金两个月房租") for a property of the sum, not of the periods (deposit, not
    deposit_months): that many times the sum the text says for one such period ("1450 euros a
    month" -> 2900, "月租4500元")."""
    low = name.lower()
    if re.search(r"month|week|period|count|number|月数|周数", low):
        return None
    plain = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", values.digits_for_words(src.text))
    nouns = [w[:5] for w in re.findall(r"[a-z]{4,}", low)]
    nouns += re.findall(r"[\u4e00-\u9fff]{2}", name) + values.zh_labels(name)  # 押金
    rates = [_period(r) for r in PER_PERIOD.finditer(plain)]
    for m in PERIODS.finditer(plain):
        said = plain[max(0, m.start() - 30) : m.start()].lower()
        before = re.split(r"[,，;；。]|\.\s", said)[-1]  # the noun of its own clause
        count, period = _period(m)
        rate = next((r for r, p in rates if p == period), None)
        if rate is not None and nouns and any(n in before for n in nouns):
            if _num(f"{count:g}") in src.numbers:
                src.numbers.remove(_num(f"{count:g}"))
            total = count * rate
            return int(total) if total.is_integer() else total
    return None


LOW_END = re.compile(
    r"(?:^|_)(?:min|minimum|lower|least|from|floor)(?:_|$)|最低|最少|最小|下限|起", re.I
)
HIGH_END = re.compile(
    r"(?:^|_)(?:max|maximum|upper|most|to|cap|ceiling)(?:_|$)|最高|最多|最大|上限", re.I
)


def bound_nouns(key: str) -> set[str]:
    """A key's words but those of a range's end, stemmed (max_price: price)."""
    low = re.sub(r"([a-z])([A-Z])", r"\1_\2", key).lower()
    return {
        stem(w)
        for w in re.split(r"[_\s]+", low)
        if w and not LOW_END.search(f"_{w}_") and not HIGH_END.search(f"_{w}_")
    }


def bound_end(name: str, s: dict[str, Any], src: Source) -> float | int | None:
    """A bound's number for a property of a range's end: the ceiling the request says (under,
    at most, "nothing over", "can't go above": `conditions.bounds`) for max_price, the floor
    (at least) for min_bedrooms; of several, the one said with the property's other words
    ("at least three bedrooms" for min_bedrooms), else, for a property of money, the one with
    no other unit, else the only one."""
    low = re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()
    end = 0 if LOW_END.search(low) else 1 if HIGH_END.search(low) else None
    if end is None:
        return None
    said = [
        b for b in conditions.bounds(values.digits_for_words(src.text)) if b.at_most == bool(end)
    ]
    rest = {stem(w) for w in re.split(r"[_\s]+", low) if w and not LOW_END.search(f"_{w}_")}
    rest -= {stem(w) for w in re.split(r"[_\s]+", low) if HIGH_END.search(f"_{w}_")}
    own = [b for b in said if rest & {stem(w) for w in words(f"{b.before} {b.unit}")}]
    if not own and numroles.role_asked(name, s) == "money":
        own = [b for b in said if not re.search(r"[A-Za-z\u4e00-\u9fff]", b.unit.replace("$", ""))
               or re.search(r"dollar|euro|pound|yuan|usd|eur|gbp|元|块", b.unit, re.I)]  # fmt: skip
    own = own or (said if len(said) == 1 else [])
    if len(own) != 1 or not numroles.fits(own[0].value, s):
        return None
    n = own[0].value
    value = int(n) if n.is_integer() else n
    if value in src.numbers:
        src.numbers.remove(value)
    return value


def range_end(name: str, s: dict[str, Any], src: Source) -> float | int | None:
    """A range's low end for a property of its low end (min_guests, rent_min, 最低租金), its high
    end for one of its high end (max_guests, 最高租金), whatever order the properties come in."""
    low = re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()
    end = 0 if LOW_END.search(low) else 1 if HIGH_END.search(low) else None
    said = values.number_range(src.text) if end is not None else None
    if said is None or end is None:
        return None
    for n in said:  # both ends are the range's: no other property takes them
        if n in src.numbers:
            src.numbers.remove(n)
    return said[end]


SUMS = [  # a sum a bill writes on its own line or after its word: the name's word, the text's words
    ("subtotal", r"sub[\s-]?total|小计"),
    ("total", r"(?<![\w-])(?<!sub\s)(?:grand\s+)?total(?:\s+(?:due|amount|payable))?|amount\s+due|"
              r"balance\s+due|合计|总计|总额|总金额|总价|应付|实付"),
    ("tax|vat|gst", r"(?<![\w-])(?:tax|vat|gst)\b|税额|税"),
    ("tip|gratuity", r"(?<![\w-])(?:tip|gratuity)\b|小费"),
    ("discount", r"(?<![\w-])discount\b|优惠|折扣"),
    ("shipping|delivery", r"(?<![\w-])(?:shipping|delivery)(?:\s+fee)?\b|运费"),
]  # fmt: skip


def summed(name: str, src: Source) -> float | int | None:
    """A bill's sum for a property named by it (total, subtotal, tax, tip, 合计): the number the
    text writes right after that word, the last time it does ("TOTAL 38.99", "Subtotal: $120,
    Total: $129.60" -> 129.60 for total, 120 for subtotal: a subtotal is no total)."""
    low = re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()
    said = next(
        (
            words_
            for word, words_ in SUMS
            if re.search(rf"(?:^|_)(?:{word})(?:_|$)|^(?:{word})", low)
        ),
        None,
    )
    if said is None and re.search(r"合计|总计|总额|总价|总金额", name):
        said = SUMS[1][1]
    if said is None:
        return None
    plain = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", src.text)
    found = re.findall(
        rf"(?:{said})(?:\s*\([^)]{{0,20}}\))?(?:\s*{NUMBER}\s*%)?[\s.·…_-]*"  # "VAT 20% ....."
        rf"(?:(?:[:：=]|is|of|was|为|是)[\s.·…]*)?(?:[A-Z]{{3}}\s*)?[$€£¥￥]?\s*({NUMBER})",
        plain,
        re.I,
    )
    if not found:
        return None
    value = _num(found[-1])
    if value in src.numbers:
        src.numbers.remove(value)
    return value


PER_EN = {"day": r"day|daily", "week": r"week|weekly", "month": r"month|monthly", "year": r"year"}
PER_ZH = {"day": "天|日", "week": "周|星期|礼拜", "month": "月", "year": "年"}
PER_NAME = re.compile(
    r"(?:^|_)(?:per|a|each|every)_(day|week|month|year)|^(day|week|month|year)ly_", re.I
)
PER_DESC = re.compile(
    r"\b(?:per|a|each|every)\s+(day|week|month|year)\b|每个?(天|日|周|星期|月|年)"
)
TIMES = r"(?:times|x|×|sessions?|days?|visits?|classes|lessons|workouts?|runs?)"


def how_often(name: str, s: dict[str, Any], src: Source) -> float | int | None:
    """A count per period (sessions_per_week, "times per week", 每周几次) is the number said
    with that period: "3 times a week", "twice a week", "4x per week", "每周4次", "一周三次"."""
    said = PER_NAME.search(re.sub(r"([a-z])([A-Z])", r"\1_\2", name))
    said = said or PER_DESC.search(str(s.get("description") or ""))
    if said is None:
        return None
    word = (said.group(1) or said.group(2)).lower()
    period = next((p for p, zh in PER_ZH.items() if word in zh.split("|")), word)
    text = re.sub(r"\btwice\b", "2 times", values.digits_for_words(src.text), flags=re.I)
    text = re.sub(r"\bonce\b", "1 times", text, flags=re.I)
    found = re.search(
        rf"(?<![\w.])(\d+)\s*{TIMES}\s*(?:a|an|per|each|every|/)\s*(?:{PER_EN[period]})\b"
        rf"|(?:每|一)个?(?:{PER_ZH[period]})\s*(?:[^\d，。,;；]{{0,4}}?)(\d+)\s*(?:次|回|天|趟|节)",
        text,
        re.I,
    )
    if found is None:
        return None
    n = int(found.group(1) or found.group(2))
    if n in src.numbers:
        src.numbers.remove(n)
    return n


def _year(name: str, s: dict[str, Any], text: str) -> int | None:
    """A year for a property of a year (year, vintage, season, 年份): a year the text says on its
    own ("the 2015 reds", "2026年的"), not a date's."""
    if not re.search(
        r"year|vintage|season|年份|年度", f"{name} {s.get('description') or ''}", re.I
    ):
        return None
    m = re.search(
        r"(?<![\d-])((?:19|20)\d{2})(?![\d-])(?!\s*年\s*\d{1,2}\s*月)", values.without_dates(text)
    )
    return int(m.group(1)) if m else None


def _counted(name: str, s: dict[str, Any], src: Source) -> float | int | None:
    """A number said with the property's unit ("150 g" for grams, "45 minutes" for
    duration_minutes), else beside the property's noun ("10 servings", "serves 4" for servings_to:
    the one after "to"/"到" for the end of a change, the other for its start)."""
    unit = values.unit_of(name) or values.unit_of(str(s.get("description") or ""))
    said = values.with_unit(unit, src.text) if unit else []
    said = [n for n in said if _num(n) in src.numbers]
    if not said and unit:  # said in another unit of the measure: "25 minutes" for seconds
        other = [(n, v) for n, v in values.converted(unit, src.text) if _num(n) in src.numbers]
        if other:
            src.numbers.remove(_num(other[0][0]))
            return other[0][1]
    if not said:
        desc = str(s.get("description") or "")
        said = [n for n in _beside_noun(name, src.text, desc) if _num(n) in src.numbers]
    if not said:
        return 1 if unit is None and _one_beside(name, src.text) else None
    leg = values.leg(name)  # the end of a change after "to", its start the first said
    pick = (
        said[-1]
        if leg == "to"
        else said[0]
        if leg == "from"
        else _beside_word(name, unit, said, src.text)
    )
    src.numbers.remove(_num(pick))
    return _num(pick)


def _beside_word(name: str, unit: str | None, said: list[str], text: str) -> str:
    """Of the numbers said with the property's unit, the one its other word stands beside ("32 GB
    RAM" for ram_gb, beside "8 GB storage"), else the first."""
    others = [w for w in re.findall(r"[a-z]{3,}", name.lower()) if values.unit_of(w) != unit]
    for n in said if unit and others else []:
        for m in re.finditer(rf"(?<![\d.]){re.escape(n)}(?![\d.])", text):
            near = text[max(0, m.start() - 16) : m.end() + 16].lower()
            if any(re.search(rf"\b{re.escape(w)}", near) for w in others):
                return n
    if unit is None and len(set(said)) > 1:  # "a deposit of 2 months' rent" for deposit_months
        named = re.findall(r"[a-z]{3,}", name.lower())
        return max(said, key=lambda n: _near_words(n, named, values.digits_for_words(text)))
    return said[0]


def _near_words(n: str, words_: list[str], text: str) -> int:
    """How many of a name's words stand within 24 characters of where the text says `n`."""
    best = 0
    for m in re.finditer(rf"(?<![\d.]){re.escape(n)}(?![\d.])", text):
        near = text[max(0, m.start() - 24) : m.end() + 24].lower()
        best = max(best, sum(bool(re.search(rf"\b{re.escape(w[:5])}", near)) for w in words_))
    return best


def _beside_noun(name: str, text: str, description: str = "") -> list[str]:
    nouns = [
        stem(w)
        for w in re.findall(  # (rent_per_month: "month" is the rate's period, no noun counted)
            r"[A-Za-z]+",
            re.sub(r"(?i)(?:^|_)per_[a-z]+", "", re.sub(r"([a-z])([A-Z])", r"\1_\2", name)),
        )
        if len(w) >= 4
        and values.leg(w) is None
        and w.lower() not in GENERIC_NUMBER_WORDS
        and not RATE_WORD.fullmatch(w)
    ]
    found: list[str] = []
    counted = values.without_dates(values.digits_for_words(text))
    plain = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", counted)  # "deposit $2,900" is 2900
    for zh in re.findall(r"[\u4e00-\u9fff]{2,}", name + " " + description):  # "电池两块"
        for noun in dict.fromkeys([zh, re.sub(r"(?:数量|个数|次数|数目|总数|金额|数)$", "", zh)]):
            if len(noun) >= 2:
                found += re.findall(rf"{noun}[^\d，。；,;]{{0,3}}?(\d+(?:\.\d+)?)", counted)
        head = re.search(r"([\u4e00-\u9fff])数$", zh)  # 页数 by "8 页", 份数 by "30 份"
        if head and head.group(1) not in "个次总":
            found += re.findall(rf"(?<![\d.])(\d+(?:\.\d+)?)\s*{head.group(1)}", counted)
    for noun in nouns:  # "三个大人，一个小孩" for adults and kids: the people counted in Chinese
        for zh in next((z for en, z in COUNTED_PEOPLE if re.match(en, noun, re.I)), ()):
            found += re.findall(rf"(\d+)\s*(?:个|位|名|张)?{zh}", counted)
    for noun in nouns:
        root_ = _noun_root(noun)
        joined = "-"  # "two-bed", "a 40-page booklet"
        pattern = (
            rf"(\d+(?:\.\d+)?)(?:\s+|{joined}){root_}\w*"
            rf"|\b{root_}\w*\s*(?:[:=]|of|for|is)?\s*(?:[$€£¥]\s*|(?-i:[A-Z]{{3}})\s+)?(\d+(?:\.\d+)?)"
        )
        found += [a or b for a, b in re.findall(pattern, plain, re.I)]
    return found


COUNTED_PEOPLE = (  # the kinds of people a count is given for, and their Chinese words
    (r"adult", ("大人", "成人", "成年人")),
    (r"child|kid", ("小孩", "儿童", "孩子", "小朋友")),
    (r"senior|elder", ("老人", "长者", "老年人")),
    (r"student", ("学生",)),
    (r"infant|bab", ("婴儿", "宝宝")),
)


def _noun_root(noun: str) -> str:
    """How a text may write a property's noun: its first letters ("servings" as "serves"), a
    room's kind by its first part ("bedrooms" as "two-bed", "bathrooms" as "one-bath")."""
    low = noun.lower()
    first = re.escape(low[: max(4, len(low) - 3)])
    part = re.match(r"([a-z]{3,})room", low)
    return f"(?:{first}|{re.escape(part.group(1))}\\b)" if part else first


def _one_beside(name: str, text: str) -> bool:
    """Whether the text says one of the property's noun in words ("a one-bath flat", "a single
    garage" for garages): "one" is left a word, no number of the request."""
    nouns = [
        stem(w) for w in re.findall(r"[A-Za-z]{4,}", name) if w.lower() not in GENERIC_NUMBER_WORDS
    ]
    return any(re.search(rf"\b(?:one|single)[\s-]+{_noun_root(n)}", text, re.I) for n in nouns)


GENERIC_NUMBER_WORDS = frozenset("number count amount total value quantity size limit".split())
RATE_WORD = re.compile(  # how often a sum is due, no noun of its own ("monthly_rent" is no month)
    r"hourly|daily|nightly|weekly|monthly|quarterly|yearly|annual|annually|per", re.I
)


def _role_number(name: str, src: Source, t: str = "number") -> float | int | None:
    """The next number for a property: a price takes the next sum of money ("5.50 dollars", "$3",
    "4.25 each"), a quantity the next whole number that is not money, an integer the next whole
    number, any other the next number; a number another property took as an id ("card
    88012345") is none of them."""
    for n in [n for n in src.numbers if str(n) in src.used and len(str(n)) >= 5]:
        src.numbers.remove(n)
    pick: float | int | None = None
    if not src.numbers:
        return None
    if PRICE.search(name):
        pick = next((n for n in src.numbers if n in src.money), None)
    elif QUANTITY.search(name):
        pick = next((n for n in src.numbers if isinstance(n, int) and n not in src.money), None)
    if pick is None and t == "integer":  # "21.0975" is no one's age, a sum of money no count
        whole = [n for n in src.numbers if float(n).is_integer()]
        counts = re.search(r"[a-z]s$|数", name) is not None  # bathrooms, 人数: no sum of money
        pick = next((n for n in whole if n not in src.money or not counts), None)
        pick = pick if pick is not None else (whole[0] if whole else None)
        if pick is None:
            return None
    if pick is None:
        return src.numbers.pop(0)
    src.numbers.remove(pick)
    return pick


def feelings(text: str) -> dict[str, float]:
    """Scores that sum to 1: each feeling's words counted, a text said strongly (an intensifier,
    an exclamation mark) counting half as much again; the neutral share is a quarter of one word's
    worth, so one clear word of feeling outweighs it ("the most incredible meal!": 0.86 positive)."""
    said = set(words(text))
    n = {
        f: sum(1 for w in ws.split() if (stem(w) in said if w.isascii() else w in text))
        for f, ws in FEELINGS.items()
    }
    strong = 1.5 if STRONG.search(text) else 1.0
    total = (n["positive"] + n["negative"]) * strong + 0.25
    pos = round(n["positive"] * strong / total, 2)
    neg = round(n["negative"] * strong / total, 2)
    return {"positive": pos, "negative": neg, "neutral": round(1 - pos - neg, 2)}


def _is_id(name: str) -> bool:
    return bool(re.search(r"(?:^|_|[a-z])(?:id|Id|ID)$", name)) or name.lower() == "id"


def role(name: str, s: dict[str, Any], need: bool = True) -> str | None:
    """What a string property holds, by its name, then (a required one only) by its description:
    an optional property whose name says nothing is not guessed at (the CLI's Read has `pages`,
    described as "for PDF files": it is no path)."""
    if _is_id(name) or need and _described_id(str(s.get("description") or "")):
        return "id"  # (coach described as "coach id": an id, though a coach is a person)
    if s.get("format") in ("uri", "url", "iri") or re.search(r"(?:^|_)(?:url|uri|href)$", name):
        return "link"  # the URL the text writes, never a word of it
    if re.search(r"time_?zone|IANA|时区", str(s.get("description") or ""), re.I):
        return "zone"  # a zone described as a time zone, though "zone" alone is an area
    for text in (name, str(s.get("description") or "") if need else ""):
        if text != name and re.fullmatch(r"(?:the\s+|its\s+)?name\.?", text.strip(), re.I):
            continue  # workshop described as "name": whose, the property's own word says
        for r, pattern in ROLES:
            if re.search(pattern, text, re.IGNORECASE):
                if r == "path" and CODE_NAME.search(name):
                    return None  # file_reference, file_no: a code of a file (a case), no path
                code_of = r == "product" and text != name and CODE_SAID.search(text.rstrip(" .。"))
                return None if code_of else r  # "商品编号", "product code": a code, no product
        if CODE_NAME.search(name):
            return None  # catalog_no described as "目录编号": a code, though 目录 says directory
    return None


DESCRIBED_ID = re.compile(r"\b(?:id|ID|identifier)\b|[iI][dD]$|编号|(?<!电话)号码|\bID号")


def _described_id(description: str) -> bool:
    """A description that says its property is an id ("coach id", "the booking's ID, like
    B-17", "车辆编号"), not a name or an id ("name or id")."""
    return bool(DESCRIBED_ID.search(description)) and not re.search(
        r"\bname\b|名称|名字|姓名|\bor\b|或", description, re.I
    )


CODE_NAME = re.compile(
    r"(?:^|_)(?:no|num|number|code|ref|reference)$|[a-z](?:No|Num|Number|Code|Ref)$|编号$|号码$"
)
CODE_SAID = re.compile(
    r"(?:编号|号码|代码|\b(?:id|ID|number|code|no\.?|ref))$", re.I
)  # a description


TAKEN_OFF = re.compile(
    r"\btake\s+(?:the\s+|my\s+|those\s+|these\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+off\b"
    r"|(?:把|将)\s*([\u4e00-\u9fff]{1,6}?)\s*(?:划掉|去掉|拿掉)",
    re.IGNORECASE,
)


def _taken_off(text: str) -> str | None:
    """The thing a request takes off a list ("take the lemons off" -> lemons, "把柠檬划掉")."""
    m = TAKEN_OFF.search(text)
    return next((g for g in m.groups() if g), None) if m else None


DOMAIN = re.compile(
    r"(?<![\w@.-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,12})(?![\w@-]|\.\w)", re.I
)


def domains(text: str) -> list[str]:
    """The domain names the text writes ("loomcraft.com, loomcraft.io"), each once, lower case;
    never an email's part (the policy makes one call per domain)."""
    found = [m.group(1).lower() for m in DOMAIN.finditer(text)]
    return list(dict.fromkeys(found))


STREET_AFTER = (  # the words of a kind of street said after its name ("Willow Crescent")
    r"St|Street|Rd|Road|Ave|Avenue|Lane|Ln|Way|Drive|Dr|Blvd|Boulevard|Court|Ct|Place|Pl|Square|Sq|"
    r"Terrace|Close|Row|Hill|Parade|Crescent|Cres|Gardens|Grove|Mews|Walk|Rise|Green|Park|Highway|"
    r"Hwy|Trail|Circle|Cir|Alley|Quay|Wharf|Embankment|Gate|Vale|View"
)
STREET_BEFORE = (  # and before it ("Rue de la Paix", "Via Roma", "Calle Mayor")
    r"Rue|Avenue|Av|Avenida|Boulevard|Bd|Chemin|Place|Quai|Via|Viale|Piazza|Corso|Calle|Carrer|"
    r"Plaza|Paseo|Rua|Praça|Largo|Ulica|Straat"
)
NAME_PARTICLE = r"(?:de|du|des|la|le|les|del|della|di|da|do|dos|das|van|von|der|den|y|e)"
ADDRESS = re.compile(
    r"((?:(?:Flat|Apt|Apartment|Unit|Suite)\.?[ \t]*[\w-]*\d[\w-]*,?[ \t]+)?"  # "Flat 3, 27 ..."
    rf"\d+[A-Za-z]?,?\s+(?:(?:{STREET_BEFORE})\.?(?:[ \t]+(?:{NAME_PARTICLE}[ \t]+|l'|d')*[A-Z][\w.'-]*)+"
    rf"|(?:[A-Z][\w.'-]*\s+)*(?:{STREET_AFTER})\b\.?)"
    r"(?:,\s*(?:(?:Apt|Unit|Flat|Suite)\.?\s*)?[\w-]*\d[\w-]*)*"  # a flat's number, then the town
    r"(?:,\s*(?:St\.|[A-Z][\w'-]*)(?:[ \t]+(?:St\.|[A-Z][\w'-]*))*)*"  # (the town: no sentence after)
    r"(?:\s+\d{4,6}|\s+[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b|(?<=\d)\s\d[A-Z]{2}\b)?)"
    r"|([A-Z][\w-]*(?:straße|strasse|str\.|weg|platz|gasse|allee|laan|gracht)\s+\d+[a-z]?"
    r"(?:,\s*\d{4,5}\s+[A-Z][\w-]+)?)"
    r"|(?:寄到|送到|发到|送至|寄至|地址是|地址为|地址[:：]|住在)\s*([^，。,；;！!？?\s]+)"
    r"|((?:[\u4e00-\u9fff]{2,3}(?:省|市|区|县|镇)){0,3}[\u4e00-\u9fff]{1,6}(?:路|街|大道|道|巷|弄|胡同)"
    r"[\d一二三四五六七八九十]+号(?:[\dA-Z]+(?:栋|幢|楼|单元|室|层))*(?:(?<=[元栋幢楼层])[\dA-Z]{2,5}(?:室|房)?)?)"
)
ADDRESS_NOUN = re.compile(r"(?:地址|住址|地方)$")  # a framing that names an address, none itself
ZH_ADDRESS_LEAD = re.compile(  # the speaker's framing before an address: 我家住, 我住在, 家在, 请送到
    r"^(?:(?:(?:我们?|咱们?|他们?|她们?)的?(?:家里?|公司|单位)?|家里?|公司|单位)(?:就|现在|目前)?"
    r"(?:住在|住|在|位于|地址是|地址为)|[来去到在往至送寄是于住]|帮我|请)+"
)


def address(text: str) -> str | None:
    """A street address the text writes: a house number and its street, the street's kind word
    after its name or before it ("12 Harbour Lane, Bristol", "7 Willow Crescent, Leeds LS6 2AB",
    "14 Rue de la Paix, Lyon"), or after the number ("Hauptstraße 5, 10115 Berlin"), with the
    town and postcode after it; what follows 寄到 / 地址是 ("杭州市西湖区文三路100号"); in Chinese
    a road and its number, its town and district before them ("朝阳区建国路88号"), its building,
    unit and flat after them ("3单元402"), never the speaker's framing before it (我家住, 我住在,
    家在, 位于: "我家住梧桐路18号" -> 梧桐路18号) nor a phrase that only names an address
    ("寄到我常用的地址，…": the one after it)."""
    m = next(  # "寄到我公司的地址，上海市…88号": the address is what follows its own noun
        (a for a in ADDRESS.finditer(text) if not ADDRESS_NOUN.search(a.group(0))), None
    )
    found = next((g for g in m.groups() if g), None) if m else None
    if (
        found
        and found.endswith(".")
        and not re.search(rf"\b(?:{STREET_AFTER}|{STREET_BEFORE})\.$", found)
    ):
        found = found[:-1]  # the sentence's full stop ("... to 14 Elm Row, Edinburgh."), no "St."
    return ZH_ADDRESS_LEAD.sub("", m.group(4)) if m and m.group(4) else found


def _whole_address(name: str, s: dict[str, Any], text: str, need: bool, label: str) -> str:
    """A labelled address is the label's whole value, commas and all ("Address: Flat 3, 27
    Marlowe Road, Bristol"), not its first part; any other label's value is as read."""
    whole = _labelled_whole(name, text) if role(name, s, need) == "address" else None
    return whole if whole and label in whole else label


def no_address(text: str, instead: str = " ") -> str:
    """The text with the street address it writes said otherwise: its house number counts
    nothing and its commas list nothing."""
    street = address(text)
    return text.replace(street, instead) if street else text


def _takes_place(schema: dict[str, Any], root: dict[str, Any], depth: int = 0) -> bool:
    """Whether a tool's input takes an address or a place, at any depth (delivery.address)."""
    props = _dict(schema.get("properties"))
    for n, p in props.items():
        p = resolve(p, root)
        if role(n, p) in ("address", "location") or depth < 3 and _takes_place(p, root, depth + 1):
            return True
    return False


def _labelled_whole(name: str, text: str) -> str | None:
    """An address the text labels ("Address: Apt 12, 88 Kingsway, Manchester M20 5PG."): the
    label's value up to the end of its sentence or line, its commas being the address's."""
    label = r"[ _-]?".join(re.escape(w) for w in re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]+", name))
    m = re.search(
        rf"(?<![A-Za-z]){label}\s*[:：]\s*(.+?)\s*(?:[.!?](?:\s|$)|[\n。；;]|$)", text, re.I
    )
    return m.group(1).strip() if m else None


def _address_words(text: str) -> set[str]:
    """The pieces of the street address a text writes ("Flat 3", "27 Marlowe Road", "Bristol
    BS6 5AJ"), its runs of capitalized words ("Marlowe Road") and its codes ("BS6 5AJ"): values
    of the address, never of another property (a name, a brand)."""
    street = address(text) or _labelled_whole("address", text)
    if not street:
        return set()
    parts = {p.strip() for p in street.split(",")}
    runs = {m.group(0) for m in PROPER.finditer(street)}
    codes = set(re.findall(r"\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b", street))
    codes |= {half for c in codes for half in c.split()}  # "BS6" of "BS6 5AJ"
    return {x for x in parts | runs | codes if x}


def _email(text: str) -> str | None:
    m = EMAIL.search(text)
    return m.group(0) if m else None


PLACE_NAMED = re.compile(
    r"\b(?:at|in|near|of|around|from|to|visiting|over|above|across)\s+(?:the\s+)?"
    r"([A-Z][\w'-]*(?:\s+(?:of\s+)?[A-Z][\w'-]*)*)"
)


def _place(text: str) -> Any:
    found = places(text)
    if not found:  # a proper name after a word of place: "at the Hilltop Observatory"
        named = [
            m.group(1)
            for m in PLACE_NAMED.finditer(text)
            if not re.search(values.MONTH_WORD, m.group(1), re.I)
            and not values.WEEKDAY_WORD.search(m.group(1))
        ]
        found = named[:1]
    at = ZH_ESTABLISHMENT.search(text) if not found else None
    found = [at.group(1)] if at else found  # "在福满楼麻将馆十二号桌": an establishment's name
    if not found:  # a place only gone to ("去苏州的票", "a ticket to Lyon"): the route's end
        end = values.ends(text).get("to") or ""
        found = (
            [end] if re.fullmatch(r"[\u4e00-\u9fff]{2,4}|[A-Z][a-z]+(?: [A-Z][a-z]+)?", end) else []
        )
    going = GOING_TO.search(text) if not found else None
    if going:  # "a trip to San Francisco", "we fly to Lisbon tomorrow"
        found = [going.group(1)]
    found = [_place_end(f) for f in found]
    return found if len(found) > 1 else (found[0] if found else None)


def _place_end(place: str) -> str:
    """A place name ends at its last word of the name: a function word after it ("Lagos OK",
    "Quito please") is the sentence's, not the place's."""
    words = place.split(" ")
    while len(words) > 1 and values.function_words_only(words[-1]):
        words.pop()
    return " ".join(words)


GOING_TO = re.compile(
    r"\b(?i:trip|travel(?:l?ing)?|going|go|fly(?:ing)?|flight|heading|driving|drive|moving|visit(?:ing)?|"
    r"holiday|vacation)\s+(?:back\s+)?to\s+([A-Z][a-z]+(?: [A-Z][a-z]+){0,2})(?![\w'])"
)


def _one_or_all(found: list[str]) -> Any:
    """One value, or each of several (the policy makes one call per value)."""
    return found if len(found) > 1 else (found[0] if found else None)


def _expression(text: str) -> str | None:
    found = expressions(text)
    return found[0] if found else None


BY_TEXT = {  # role -> how the user's words give it
    "email": _email,
    "product": lambda text: (
        next((q for q in quoted(text) if len(q.split()) <= 4 and not inscribed(q, text)), None)
        or _taken_off(text)
        or product(no_address(text))  # no house number counts
        or owned_thing(text)
        or _object_thing(text)
        or values.thing_of(text)  # "寄一份合同到杭州" -> 合同: what the count counts
    ),  # a short quoted name ("take "limes" off"), not a quoted whole message
    "zone": lambda text: _one_or_all(values.time_zones(text)),
    "domain": lambda text: _one_or_all(domains(text)),
    "address": lambda text: address(text),
    "link": lambda text: (LINK.findall(text) or [""])[0].rstrip(".,;:!?)。，") or None,
    "expression": _expression,
}


NAMED_QUERY = re.compile(r"\bnames?\b|姓名|名称|名字")


def _named_query(s: dict[str, Any], src: Source) -> str | None:
    """A search by name ("name or specialty"): the name said, titled or not, not the sentence."""
    if not NAMED_QUERY.search(str(s.get("description") or "")):
        return None
    return titled(src.text) or proper_name(src.text, src.used, frozenset(words(src.tool)))


BY_SHELL: dict[str, Any] = {  # role -> the shell's reading (agentkit.sim.shell)
    "command": lambda src: shell.command(src.text, src.results),
    "glob": lambda src: shell.glob_pattern(src.text) or shell.searched_kind(src.text),
    "regex": lambda src: shell.target(src.text),
}

BY_SOURCE: dict[str, Any] = {  # role -> the reading that needs the tool's name too
    **BY_SHELL,
    "query": lambda src: (
        query(src.text, tool_nouns(src.tool))
        or sought(src.text, tool_nouns(src.tool))
        or bracketed_name(src.text)
        or keywords_asked(src.text, tool_nouns(src.tool))
        or websearch.query_of(src.text)
    ),
    "named": lambda src: named_thing(src),
}


def _string(
    name: str, s: dict[str, Any], src: Source, topic: frozenset[str], need: bool = True
) -> Any:
    r = role(name, s, need)
    found = name_part(name, src) or _by_shape(name, s, src, r, need)
    if found is not None or r in ("phone", "organisation"):
        return found
    if r == "id":
        return ident(name, s, src, topic)
    if r == "person":  # the one who serves, a person, or the name of the thing worked on
        return _person(name, s, src, topic)
    if r in BY_SOURCE:  # the shell's readings, a query (by name: the name said), a thing's name
        return (r == "query" and _named_query(s, src)) or BY_SOURCE[r](src)
    found = _location(name, s, src) if r == "location" else None
    if (
        found is not None
        or r == "location"
        and (not need or TOWN.search(f"{name} {s.get('description')}"))
    ):
        # a place not found is read as any other value, a code, a name; a town only as a name
        return found if found is not None or not need else named_value(name, {}, src)
    if r in BY_TEXT:
        return BY_TEXT[r](src.text)
    if r is None and POSTCODE_NAME.search(f"{name} {s.get('description') or ''}"):
        return postcode(src)
    if r == "path":
        return path(f"{name} {s.get('description') or ''}", src.text, f"{src.tool} {src.about}")
    if r == "text":
        return _text_value(name, src, topic, need, str(s.get("description") or ""))
    return _of_no_role(name, s, src, topic, r, need)


POSTCODE_NAME = re.compile(r"zip|post_?code|postal|邮编|邮政编码", re.I)
POSTCODE = re.compile(
    r"(?:zip|post\s*code|postal code|邮编|邮政编码)\s*(?:is|是|为|[:：])?\s*([A-Z0-9][A-Z0-9 -]{2,8}[A-Z0-9])"
    r"|\b([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\b"  # a British postcode: "SW1A 1AA"
    r"|(?<![\d$€£¥#.,:-])(\d{5}(?:-\d{4})?|\d{6}|\d{4})(?![\d,:%]|\.\d|\s*(?:元|块|kwh|km|kg|公里|公斤|美元|dollars?|euros?))",
    re.I,
)


def postcode(src: Source) -> str | None:
    """A postcode (zip, postcode, 邮编): the one labelled, else one in a postcode's shape (a
    British one, or four to six digits standing alone: "going to 94107"), no sum nor amount."""
    for m in POSTCODE.finditer(src.text):
        found = next(g for g in m.groups() if g).strip()
        if found not in src.used and not values.iso_dates(found):
            src.used.add(found)
            if found.isdigit() and int(found) in src.numbers:
                src.numbers.remove(int(found))
            return found
    return None


def _of_no_role(
    name: str, s: dict[str, Any], src: Source, topic: frozenset[str], r: str | None, need: bool
) -> Any:
    """A string of no role read above: a route's each written route ("A-B、C-D": one call each),
    else, required, a Chinese person named right after the property's own word
    (`person_after_noun`: "队长司马相如" for captain), else the readings of `_unroled`; an optional one is left out."""
    routes = routes_written(src.text) if r is None and ROUTE_NAME.search(name) else []
    if routes:
        return _one_or_all(routes)
    if r is None and not need:
        return None  # an optional string of no known role is left out
    after = person_after_noun(name, src.text) if r is None else None
    if after and glosses.HAN_RUN.match(after) and after not in src.used:  # "队长司马相如"
        src.used.add(after)
        return after
    return _unroled(name, s, src, topic)


ROUTE_NAME = re.compile(r"route|crossing|^line$|^leg$|航线|线路|路线", re.I)
ZH_ROUTE_END = r"[\u4e00-\u9fff]{2,8}"
ROUTE_JOINED = re.compile(
    rf"({ZH_ROUTE_END}?)\s*[-－—–→至]\s*({ZH_ROUTE_END}?)"
    r"(?=[、，,。;；\s？?！!]|和|与|及|以及|还有|这|那|的|今|明|后天|航线|线路|路线|班|$)"
    r"|(?<![\w-])([A-Z][\w'.]*(?:[ \t]+[A-Z][\w'.]*)*)[ \t]*[-–—→][ \t]*([A-Z][\w'.]*(?:[ \t]+[A-Z][\w'.]*)*)"
)


def routes_written(text: str) -> list[str]:
    """Each route the text writes as two ends joined by a dash or an arrow, as written
    ("厦门-鼓浪屿、深圳-香港", "the Dover-Calais and Poole-Cherbourg crossings"); a request's own
    words before a Chinese end are no part of it ("查一下厦门-鼓浪屿")."""
    found = []
    for m in ROUTE_JOINED.finditer(text):
        start = m.group(1) or m.group(3)
        end = m.group(2) or m.group(4)
        if m.group(1):  # "查一下厦门-…", "…和威海至烟台": the request's words, a joining word
            start = re.sub(
                r"^(?:和|与|及|以及|还有|跟)",
                "",
                ZH_LEAD.sub("", values.ZH_LEAD_VERBS.sub("", start)),
            )
        if start and end and not re.search(r"\d", start + end):
            found.append(text[m.start() : m.end()].replace(m.group(1) or m.group(3), start, 1))
    return found


NAME_PART = re.compile(
    r"(?:^|_|(?<=[a-z]))(?:last|family|sur|first|given|fore)_?name$|^surname$|^(?:姓|名|姓氏|名字)$",
    re.IGNORECASE,
)
PARTICLE = re.compile(r"^(?:van|von|de|der|den|del|della|da|di|du|la|le|bin|ibn|al|el|ter|ten)$")


def name_part(name: str, src: Source) -> str | None:
    """A property for one part of a person's name (last_name, surname, family_name, first_name,
    given_name, 姓, 名) takes that part of the full name the text gives: "this is Ines Moreau" ->
    last_name "Moreau", first_name "Ines"; a surname keeps its particles ("van Dijk"); a Chinese
    name's surname is its first character, or its first two for a double surname (欧阳), the
    given name the rest."""
    if not NAME_PART.search(name):
        return None
    whole = person(src.text) or full_name(src.text, src.used)
    if not whole:
        return None
    last = bool(re.search(r"last|family|sur|姓", name, re.IGNORECASE))
    if re.fullmatch(r"[\u4e00-\u9fff]{2,4}", whole):
        cut = 2 if whole.startswith(values.ZH_DOUBLE) and len(whole) > 2 else 1
        return whole[:cut] if last else whole[cut:]
    parts = [p for p in whole.split() if not re.fullmatch(r"(?:Mr|Mrs|Ms|Dr|Prof)\.?", p)]
    if len(parts) < 2:
        return None
    if not last:
        return parts[0]
    i = len(parts) - 1
    while i > 1 and PARTICLE.match(parts[i - 1]):
        i -= 1
    return " ".join(parts[i:])


NOTE = re.compile(r"note|remark|comment|memo|备注|留言|附言", re.I)
REQUEST = re.compile(  # a clause that asks for the act: the request itself, no remark about it
    r"^(?:hi|hello|hey|dear|please|pls|can|could|would|will|i'd like|i would like|i want|i need|"
    r"i'm|i am|my name|we'd like|we need|book|get|put|add|make|set|find|check|log|save|order|"
    r"send|create|schedule)\b|\b(?:please|can you|could you|would you)\b|"
    r"^(?:你好|您好|请|帮|麻烦|能不能|能否|可以|可不可以|给我|我想|我要|想要|想|我是|我叫)|帮我|帮忙",
    re.I,
)
ASKED = re.compile(
    r"[?？]|\b(?:is there|are there|do you|does it|how|what|when|which)\b|[吗呢]$", re.I
)


def remark(text: str) -> str | None:
    """An optional note's value: the user's remark about the thing, the clauses the request's own
    sentence adds after the request ("Put 2 litres of oat milk on the list, the barista kind if
    they have it" -> "the barista kind if they have it"; "帮我约周六的课，她手指有点伤，老师注意一下"
    -> "她手指有点伤，老师注意一下"); never the request, a question, a level of haste ("不着急"),
    nor a clause of values (a number, a date); None when the request adds no remark."""
    for sentence in re.findall(r"[^.!?。！？\n]+[.!?。！？]?", text):
        clauses = [
            c.strip() for c in re.split(r"[,，;；]", sentence.rstrip(".!?。！？")) if c.strip()
        ]
        at = next((i for i, c in enumerate(clauses) if REQUEST.search(c)), None)
        if at is None or sentence.rstrip().endswith(("?", "？")) and at == len(clauses) - 1:
            continue
        said = [
            c
            for c in clauses[at + 1 :]
            if not REQUEST.search(c)
            and not ASKED.search(c)
            and not re.search(r"\d|[一二两三四五六七八九十]+(?:个|点|号|天|位|人|小时)", c)
            and values.level_member(["low", "medium", "high"], c) is None
            and not values.function_words_only(c)
            and not re.fullmatch(ZH_WHEN, c)
        ]
        if said and len("".join(said)) >= 4:
            return ("，" if re.search(r"[\u4e00-\u9fff]", said[0]) else ", ").join(said)
    return None


def _text_value(
    name: str, src: Source, topic: frozenset[str], need: bool, described: str = ""
) -> str | None:
    """A text property: a subject studied (`field_of_study`), else the user's words (`_text`),
    a title when its description ends in one; an optional description (a command's) is not the
    user's words."""
    if not need and re.fullmatch(r"description|details", name, re.I):
        return None
    if not need and NOTE.search(name):
        return remark(src.text)  # the user's remark about the thing, never the request itself
    studied = field_of_study(src) if STUDY.search(name) else None
    said = SUBJECT_SAID.search(src.text) if STUDY.search(name) else None
    if said and (studied is None or glosses.HAN_RUN.match(said.group(0))):
        studied = said.group(0)  # a school subject said: 数学 of "这学期数学平均分"
    if studied is None and role(name, {}) is None:  # a title by its description ("game title")
        name = "title" if re.search(r"\btitle$|标题$", described.strip(" .。")) else name
    return studied or _text(name, src.text, topic, src.used)


TOWN = re.compile(r"city|town|village|城市|市名", re.I)


def _person(name: str, s: dict[str, Any], src: Source, topic: frozenset[str]) -> str | None:
    """A person's name (the one named after the property's own word first); the one who serves (a
    dentist, 医生姓名) as the text titles them, never the user; for a bare `name` of no person the
    name of the thing the tool works on."""
    if professional(name, s, src.tool):
        return titled(src.text) or _not_the_user(src)
    booking = "book" in concepts(src.tool.replace("_", " ")) if src.tool else False
    if not (of_people(name, s, topic, src.tool) or booking or labelled_person(src.text)):
        return named_thing(src)  # (a booking's name, a name labelled as one: a person's)
    if MAKER.search(
        name
    ):  # an artist, an author: the name after "by" ("Kind of Blue by Miles Davis")
        by = BY_MAKER.search(src.text)
        if by:
            return by.group(1).rstrip(".")
    given = GIVEN_TO.search(src.text) if GETS.search(name) else None
    if given and not values.time_zones(given.group(1)) and not values.countries(given.group(1)):
        return given.group(1)  # "Send 250 euros to Lena Fischer"
    owner = OWNS.search(src.text) if OWNER.search(name) else None
    held = owner.group(1) if owner else None
    if (
        held
        and " " in held
        and concepts(held.split()[0])
        and owner
        and (SENTENCE_START.fullmatch(src.text[: owner.start()]))
    ):
        held = held.split(" ", 1)[1]  # "Book Maria's dog …": the request's verb is no name
    if held and held not in src.used:  # "Lena's mare Juniper": the owner is Lena
        return held
    home = zh_home_name(src.text) if not OWNER.search(name) else None
    if home and home not in src.used:  # "帮我家乐乐约一下": the child, never the user
        return home
    return person_after_noun(name, src.text) or person(src.text) or full_name(src.text, src.used)


OWNER = re.compile(r"owner|keeper|guardian|parent|主人", re.I)
OWNED_NAME = re.compile(  # a name said after its owner and its kind: "Lena's mare Juniper"
    r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?['’]s\s+(?:[a-z][\w-]*\s+){1,2}"
    r"([A-Z][a-z][\w'-]*(?:\s+[A-Z][a-z][\w'-]*)?)"
)
OWNS = re.compile(
    r"\b([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)['’]s\s+(?:[a-z][\w-]*\s+){0,2}[A-Z][a-z]"
)


def _not_the_user(src: Source) -> str | None:
    """The one who serves said without a title, when the user says who they are: the other name
    the text gives ("Find Imani Okafor, I'm Dana Park" -> Imani Okafor; "找一下王思雨，我叫赵一鸣"
    -> 王思雨); with no name of the user's own, no name is known to be theirs."""
    me = person(src.text)
    if not me or not SELF_NAMED.search(src.text):
        return None
    rest = src.text.replace(me, " ")
    return full_name(rest, src.used) or values.chinese_name(rest)


SELF_NAMED = re.compile(r"\b(?:my name is|I am|I'm|this is)\b|我叫|我是|本人", re.I)


MAKER = re.compile(r"artist|author|composer|director|writer|creator|band|singer|performer|painter")
BY_MAKER = re.compile(r"\bby\s+([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)")
GETS = re.compile(r"recipient|payee|beneficiary|receiver|assignee|^to$|^to_", re.I)
GIVEN_TO = re.compile(
    r"\b(?i:send|give|pay|transfer|forward|hand|wire|gift|assign|reassign|mail|email|text)\w*\b"
    rf"[^.?!]*?\bto\s+((?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?{values.PERSON_RUN})(?!\w)"
)


def person_after_noun(name: str, text: str) -> str | None:
    """A person named right after the property's own word: "student Dana Whitfield" for student
    (or student_name), "guest Marcus Okafor", "学生张晓雨", "会员 李娜"."""
    nouns = [w for w in re.findall(r"[a-z]+", name.lower()) if w not in ("name", "full")]
    for noun in nouns[-1:]:
        m = re.search(
            rf"\b(?i:{noun})s?\s+((?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?[A-Z][a-z]+(?:[ \t]+[A-Z][a-z'-]+){{0,2}})\b",
            text,
        )
        if m and not values.time_zones(m.group(1)) and not values.WEEKDAY_WORD.search(m.group(1)):
            return m.group(1)
        for zh in values.zh_labels(noun):
            m = re.search(
                rf"{zh}\s*({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)(?=[\s，,。、；;！!？?的]|$)",
                text,
            )
            if m:
                return m.group(1)
    return None


def _location(name: str, s: dict[str, Any], src: Source) -> Any:
    """A place: a country by name or by its people's adjective when the property asks for a
    country ("Austrian prices" -> Austria), else the street address the text writes whole ("a
    plumber at 221 Baker Street, London"), else the places the text names, else a place said as
    its parts (in the shape of the description's example: "aisle D, rack 3, level 2" like "e.g.
    C-07-1" -> "D-03-2")."""
    if re.search(r"country|国家", f"{name} {s.get('description') or ''}", re.I):
        said = values.countries(src.text)
        if said:
            return _one_or_all(said)
    place = address(src.text) if re.search(r"\d", src.text) else None  # a street address written
    place = place or _place(src.text)
    parts = located_parts(src.text) if place is None else None
    example = hint(str(s.get("description") or "")) if parts else None
    return (example and reshape(parts or "", example)) or parts or place


PART_EN = r"[a-z]{2,}[ \t]+(?!I\b)(?:[A-Z]{1,2}|\d{1,4})(?![\w-])"  # "aisle D", never "morning I"
PARTS_EN = re.compile(
    rf"(?<![\w-]){PART_EN}(?:(?:,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+){PART_EN}){{1,4}}"
)
PART_ZH = r"(?:[A-Z]{1,2}|\d{1,4}|[一二三四五六七八九十]{1,3})\s*(?:号楼|号库|号|区|排|层|楼|架|栋|幢|单元|室|通道|巷道|货架|列|格|位)"
PARTS_ZH = re.compile(rf"(?:{PART_ZH}){{2,5}}")


def located_parts(text: str) -> str | None:
    """A place said as its parts, each a word and its letter or number ("aisle D, rack 3, level
    2", "building 4, floor 2, room 12", "B区3排2层"): the parts as said, for a property that takes
    the place as one string (a format the tool's error gives reshapes it: `reshape`)."""
    m = PARTS_EN.search(text) or PARTS_ZH.search(text)
    return m.group(0) if m else None


BUILDING_ASKED = re.compile(
    r"(?:^|_)(?:building|block|tower|bldg)(?:_?(?:no|num|number|id|name))?$|楼栋|楼号|栋号|楼宇|^栋|^幢",
    re.I,
)
ROOM_ASKED = re.compile(
    r"(?:^|_)(?:room|rm|apartment|apt|flat|suite|door)(?:_?(?:no|num|number|id))?$|房号|房间号?|室号|门牌",
    re.I,
)
BUILDING_SAID = re.compile(
    r"(?<![\w\u4e00-\u9fff])([A-Z]{1,2}|\d{1,3}|[一二三四五六七八九十]{1,3})\s*(号楼|栋|幢|座|号馆)"
    r"|\b(?:Building|Bldg\.?|Block|Tower)\s+([A-Z]{1,2}\d{0,2}|\d{1,3}[A-Z]?)\b"
)
ROOM_SAID = re.compile(
    r"(?:号楼|栋|幢|座|号馆)\s*(?:\d+\s*单元\s*)?(\d{3,5})(?!\d)"
    r"|(?<![\d-])(\d{3,5})\s*(?:室|房间|号房)"
    r"|\b(?:Room|Rm\.?|Apt\.?|Apartment|Flat|Suite|Unit)\s*#?\s*([A-Z]?\d{1,5}[A-Z]?)\b"
)


def building_part(name: str, s: dict[str, Any], text: str) -> str | None:
    """A building or a room asked for by its own property (building, 楼栋, block; room, 房号,
    apartment), by the name or the description's lead: the building the text names with its
    word ("B栋", "3号楼", "Building 4") and the room number said after it or with its word
    ("C栋1203", "305室", "Room 12B"); written as said, a building's bare code when the
    description's example is a bare code ("e.g. B2")."""
    if type_of(s) != "string":
        return None
    desc = str(s.get("description") or "")
    lead = re.split(r"[,，;；(（:：.。]| e\.g\.| such as|如|例如", desc, maxsplit=1)[0]
    said = f"{name} {lead}"
    if BUILDING_ASKED.search(name) or re.search(r"楼栋|楼号|\bbuilding\b", lead, re.I):
        m = BUILDING_SAID.search(text)
        if m is None:
            return None
        example = hint(desc)
        if m.group(3):
            bare = example and re.fullmatch(r"[A-Z0-9]{1,3}", example)
            return m.group(3) if bare else m.group(0)
        bare = example and re.fullmatch(r"[A-Z0-9]{1,3}", example)
        return m.group(1) if bare else m.group(0).replace(" ", "")
    if ROOM_ASKED.search(name) or re.search(r"房号|房间|\broom\b", said, re.I):
        m = ROOM_SAID.search(text)
        return next((g for g in m.groups() if g), None) if m else None
    return None


NEXT_OF_EN = re.compile(  # "the next Flow Yoga session": the name between "next" and its noun
    r"\bnext\s+(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February"
    r"|March|April|May|June|July|August|September|October|November|December)\b)"
    r"((?:[A-Z][\w'&-]*\s+){1,4}?)[a-z]{3,}\b"
)
NEXT_OF_ZH = re.compile(  # "报名流瑜伽的下一节课", "陶艺课下一期": the name before its pick
    r"([\u4e00-\u9fff]{2,10}?)(?:课程|课)?的?下一(?:节|场|班|次|期|堂|趟|轮|批)"
)


def next_of(text: str) -> str | None:
    """The thing whose next entry a request picks (`pick`'s "the next one"): the capitalised name
    between "next" and its noun ("the next Flow Yoga session" -> Flow Yoga), the Chinese run
    before 的下一节 / 下一场 past the request's own words ("帮我报名流瑜伽的下一节课" -> 流瑜伽)."""
    m = NEXT_OF_EN.search(text)
    if m:
        return m.group(1).strip()
    m = NEXT_OF_ZH.search(text)
    if m is None:
        return None
    run = re.split(ZH_ASKING.pattern, m.group(1))[-1]
    return run if len(run) >= 2 and not ZH_NO_NAME.search(run) else None


SYSTEM_THING = re.compile(
    r"(?:^|[\W_])(?:service|app|application|host|hostname|server|repo|repository|project|package|"
    r"bucket|queue|job|database|db|cluster|branch|pod|deployment|container|topic|image|module|"
    r"library|pipeline|workflow|namespace|instance|vm|node|site|domain)s?(?:$|[\W_])"
    r"|服务|应用|项目|仓库|主机|服务器|集群|分支|容器|镜像|队列|任务|模块|数据库|实例|节点",
    re.I,
)
SLUG = re.compile(r"(?<![\w./@-])([a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+)(?![\w@-])")


def slug(described: str, src: Source) -> str | None:
    """For a system's name (a service, an app, a host, a repository, a branch; 服务名, 项目):
    the first unused lowercase name joined by - _ or . the text writes ("payments-api",
    "web-01", "user_db")."""
    if not SYSTEM_THING.search(described):
        return None
    for m in SLUG.finditer(src.text):
        if m.group(1) not in src.used and not re.fullmatch(
            r"[\d.]+|\w+\.(?:md|txt|csv|json)", m.group(1)
        ):
            src.used.add(m.group(1))
            return m.group(1)
    return None


def _unroled(name: str, s: dict[str, Any], src: Source, topic: frozenset[str]) -> Any:
    """A string of no known role ("ticker", "from_currency"): an id-like token of the text (as an
    id is found), else the first unused code in capitals ("MSFT", "USD", "EUR" in turn), else
    what the request names beside the property's noun ("the knot called "bowline"", "a bowline
    knot"); a name (stop_name) the proper name said; the tool's own thing what its verb acts on
    (for a code or an id, the code that phrase holds: "my gift card GC-7781-XQ" -> GC-7781-XQ)."""
    described = " ".join([str(s.get("description") or ""), *values.zh_labels(name), name])
    found = (
        ident(name, s, src, topic)
        or next_of(src.text)
        or serial(src, described)
        or slug(described, src)
        or code(src, name)
        or beside(name, src.text)
    )
    if found is None and NAME_WORD.search(name):  # stop_name, client_name: a proper name said
        found = given_name(src.text, src.used) or proper_name(
            src.text, src.used, frozenset(words(src.tool))
        )
        asked = ZH_ASKED.search(src.text)
        found = found or (asked.group(1) if asked else None)  # "的空腹血糖结果" -> 空腹血糖
    if found is None and set(words(name)) & set(tool_nouns(src.tool)):
        found = object_phrase(src.text)  # book_instrument's instrument: what "Book the ..." books
        if found and len(found.split()) > 3:  # "the dwarf took a beating": a clause, no thing;
            found = proper_name(src.text, src.used, frozenset(words(src.tool))) or found  # its name
        if found and (set(words(found)) <= set(words(name)) or PICK.search(found)):
            found = (
                None  # "Describe a knot": the noun alone names no knot, "the cheapest one" picks
            )
        if found is None:
            found = named_thing(src)  # get_package_info's package: "the latest version of lodash"
            if found and (PICK.search(found) or set(words(found)) <= set(words(src.tool))):
                found = (
                    None  # "accept one I'd be happy with" names no quote; "rate" of get_..._rate
                )
        coded = _is_id(name) or CODE_NAME.search(name)
        if found and coded and not CODE_LIKE.search(found):
            found = None  # "the appointment I just made" is no appointment_ref: that is looked up
        inside = CODE_INSIDE.search(found) if found and coded else None
        if inside:  # "gift card GC-7781-XQ please": the code alone, not the words around it
            found = inside.group(0)
    return found


CODE_INSIDE = re.compile(r"(?<![\w-])(?=[\w-]*\d)[A-Za-z0-9][\w-]*[A-Za-z0-9](?![\w-])")


GIVEN = r"[A-Z][\w'’-]*(?:[ \t]+[A-Z][\w'’-]*){0,3}"
GIVEN_NAME = re.compile(
    rf"\b(?:called|named)[ \t]+[\"“']?({GIVEN})"  # "a Maine Coon called Pepper"
    rf"|(?<![\w'-])({GIVEN})[ \t]+the[ \t]+(?:[A-Z][\w-]*[ \t]+)*[a-z]+"  # "Dolly the Haflinger mare"
    rf"|\b(?:my|our|his|her|their)[ \t]+(?:[A-Z][\w-]*[ \t]+){{0,2}}[A-Z][\w-]*,[ \t]+({GIVEN})(?=[,.;!?]|$)"
    rf"|(?:^|(?<=[:.;!?]\s))({GIVEN}),[ \t]+an?[ \t]+[a-z]"  # "Pepper, a schnauzer belonging to …"
    rf"|(?:\b(?:my|our|his|her|their)|\b[A-Z][\w-]*['’]s)[ \t]+(?:[a-z][\w-]*[ \t]+){{0,2}}"
    rf"(?!(?:at|in|on|for|with|from|to|by|and|or|is|was|has|needs?)\b)[a-z][\w-]*[ \t]+({GIVEN})"
)  # (the kind owned, then its name: "Tom's cat Whiskers", "my old dog Rex")


def given_name(text: str, used: set[str]) -> str | None:
    """The name a thing is given, not its kind: after "called" / "named" ("a Maine Coon called
    Pepper"), before "the <kind>" ("Dolly the Haflinger mare"), or set off after the kind the user
    owns ("my Border Collie, Biscuit,") or before it, opening a sentence ("Pepper, a schnauzer"),
    or right after the owned kind's noun ("Tom's cat Whiskers", "my dog Rex"); a breed, a make or a model is no name."""
    for m in GIVEN_NAME.finditer(text):
        found = next(g for g in m.groups() if g)
        if (
            found not in used
            and not NOT_PEOPLE.match(found.split()[0])
            and not values.WEEKDAY_WORD.search(found)
            and not re.fullmatch(values.MONTH_WORD, found.split()[0], re.I)
        ):
            used.add(found)  # the name is no other property's (a species, a breed)
            return found
    return None


CODE_LIKE = re.compile(r"\d|\b[A-Z]{2,}\b|[A-Z][a-z]+[A-Z]")


SELF_NAMED = re.compile(
    r"\b(?:I'?m|I am|this is|my name is|my name's)\s+"
    r"([A-Z][\w'’-]*(?:\s+(?:de|la|van|von|der|del|da|di|le|[A-Z][\w'’-]*))*)"
    r"|我(?:是|叫)([\u4e00-\u9fff]{2,4})"
)


def _self_named(text: str) -> str:
    """The user's own name, as they introduce themself ("I'm Ana de la Cruz", "this is Lena
    Fischer", 我叫王磊), else ""."""
    m = SELF_NAMED.search(text)
    return next((g for g in m.groups() if g), "") if m else ""


def _free_proper_name(name: str, src: Source) -> str | None:
    """The first proper name the text gives that is no other thing's: "my cat Miso" names the
    cat, so for a clinic "Can you get my cat Miso in at Harbor Vets" gives "Harbor Vets"."""
    seen = set(src.used)
    own = set(words(name))
    placed: list[str] = []  # "We're in London": where the user is, kept for last
    while True:
        found = proper_name(src.text, seen, frozenset(words(src.tool)))
        if found is None:
            return placed[0] if placed else None
        user = set(_self_named(src.text).split())
        if user & set(found.split()):
            seen.add(found)  # "this is Lena Fischer": the user, no value of a thing (permit_type)
            continue
        m = re.search(
            rf"\b(?:my|our|your|his|her|their|the)\s+([a-z]+)\s+{re.escape(found)}", src.text
        )
        if re.search(rf"\b(?:in|from)\s+{re.escape(found)}\b", src.text):
            placed.append(found)
        elif m is None or m.group(1) in own:
            return found
        seen.add(found)


TITLE = re.compile(r"《([^》]+)》")
ZH_RESULT_VERB = (
    "看见找收听遇得想用拿买做碰感学吃提拍捕抓钓测察录查搜"  # 看到, 拍到: no place gone to
)
ZH_AT_NAME = re.compile(  # "在星河牙科的洗牙", "去青禾书店买": the place a Chinese request names
    rf"(?<![现正实存所自还])(?:在|去|(?<![{ZH_RESULT_VERB}])到)(?!哪|什么|几|多少|谁)"
    # (现在 is now; 在哪个 asks; 看到, 找到: a verb's result, no place gone to)
    r"([\u4e00-\u9fff]{2,8}?)(?=的|订|预约|预订|买|办|看|吃|住|开会|上课|打球|做|学|练|[，。！？,.!?]|$)"
)


NEAR = re.compile(r"(?:隔壁|旁边|对面|楼上|楼下|附近|里面|外面|那边|这边|那里|这里|那儿|这儿)")


def _past_deixis(said: str, after: str) -> str | None:
    """A place said by where it is from here ("隔壁", "楼上") names nothing: the name after its
    的 does ("转到隔壁的病理实验室" -> 病理实验室), else none."""
    if not NEAR.fullmatch(said):
        return said
    m = re.match(r"的([\u4e00-\u9fff]{2,10}?)(?=[，。！？,.!?、]|$|去|里|中|那)", after)
    return m.group(1) if m else None


def named_value(name: str, s: dict[str, Any], src: Source) -> str | None:
    """A required string of no known role found by no other reading (a building, a league): a
    short quoted name ("《范特西》", "'Blue Fern'"), else the proper name the text gives ("lift B at
    Kestrel House" -> "Kestrel House"; in Chinese a name before its kind of place's noun:
    `zh_kind_named`; for a place, the name a thing is of: `zh_place_of`); never the property's
    or the tool's own word ("look up EAN"), nor a value another property took."""
    described = str(s.get("description") or "").strip().rstrip(".。")
    if (
        CODE_NAME.search(name)
        or CODE_SAID.search(described)
        or role(name, s) not in (None, "location")
    ):
        return None  # a code is never a name (quote_ref, 充电桩编号, is left to the results)
    said = [q for q in TITLE.findall(src.text) + quoted(src.text) if len(q.split()) <= 6]
    found = next((q for q in said if q not in src.used), None)
    owned = OWNED_NAME.search(src.text) if not OWNER.search(name) else None
    if owned and owned.group(1) not in src.used:  # "Maria Lopez's dog Biscuit": Biscuit
        found = found or owned.group(1)
    found = found or _free_proper_name(name, src) or zh_home_name(src.text)
    at = [
        _past_deixis(m.group(1), src.text[m.end(1) :])
        for m in ZH_AT_NAME.finditer(src.text)
        if not re.search(ZH_WHEN, m.group(1))
    ]
    at = [a for a in at if a]
    noun = own_zh_noun(described)
    found = found or zh_named(src.text)
    found = found or (zh_kind_named(src.text, src.used, re.compile(noun)) if noun else None)
    found = found or next((a for a in at if a not in src.used), None)
    found = found or zh_kind_named(src.text, src.used) or doubled_name(src.text)
    found = found or zh_numbered_name(noun, src.text) or zh_owner_of(src.text, src.about)
    found = found or zh_seen(src.text, src.used)
    if found is None and role(name, s) == "location":
        found = zh_place_of(src.text)  # "酒窖里波尔多的酒" -> 波尔多
    own = {w.lower() for w in re.findall(r"[A-Za-z]+", f"{name} {src.tool}")}
    if (
        found is None
        or {w.lower() for w in found.split()} <= own
        or values.ZH_NOT_NAME.search(found)
    ):
        return None
    src.used.add(found)
    return found


ZH_NAMED = (  # "叫/名为 X 的", "把 X 这个归档", "把 X 删掉" with X set off by spaces
    re.compile(
        r"(?:叫做?|名为|名叫|名称是|名字是)\s*[“\"「]?([^\s，,。！？、“”\"「」]{2,24}?)[”\"」]?(?=的|[，,。！？、\s]|$)"
    ),
    re.compile(r"([^\s，,。！？、；]{2,30}?)\s*(?:这个|那个|这份|那份|这一?[个份张])"),
    re.compile(  # "我家的龟背竹应该多久浇水": what the user's own is
        r"(?:我|我家|我们家|家里|我们)的([\u4e00-\u9fff]{1,6}?)"
        r"(?=应该|怎么|要|该|多久|为什么|是不是|能|可以|需要|老是|总是|最近|一天|每|多|几|会|还|[，。？！,.?!]|$)"
    ),
    re.compile(
        r"(?<=[\u4e00-\u9fff])\s+([^\s，,。！？、]*[\u4e00-\u9fff][^\s，,。！？、]*)\s+(?=[\u4e00-\u9fff])"
    ),
)


def zh_named(text: str) -> str | None:
    """A thing a Chinese request names: after 叫 / 名为 ("叫春季促销的活动"), after the request's
    words before "这个 + its noun" ("删除2019年财务凭证这个归档"), set off by spaces among Han
    words ("把 2019年财务凭证 删掉"), or the user's own thing a question is about ("我家的龟背竹
    应该多久浇一次水" -> 龟背竹)."""
    for i, pattern in enumerate(ZH_NAMED):
        m = pattern.search(text)
        said = ZH_ASKING.split(m.group(1))[-1].strip() if m else ""  # "删除X这个归档": X
        asked = i != 1 or m is not None and said != m.group(1)  # "我觉得这个方案" names nothing
        if asked and len(said) >= 2 - (i == 2) and not values.function_words_only(said):
            return said
    return None


def _venue(name: str, r: str | None, src: Source) -> str | None:
    """A venue of no other role (clinic, branch, 门店): the one place the text names ("at Harbor
    Vets"), before any code or word beside the property's noun."""
    venue = _place(src.text) if r is None and VENUE.search(name) else None
    return venue if isinstance(venue, str) else None


ZH_ESTABLISHMENT = re.compile(  # a name its establishment word ends, after 在 / 去 / 到
    r"(?:在|去|到|于)([\u4e00-\u9fff]{1,8}(?:馆|店|厅|楼|院|园|会所|中心|酒家|酒店|餐厅|吧))"
    r"(?=[\d一二两三四五六七八九十零]|[，,。、的里内\s]|$|[吃喝玩打看买办])"
)


VENUE = re.compile(
    r"clinic|hospital|venue|branch|salon|surgery|garage|诊所|医院|场馆|门店|分店|修理厂", re.I
)
ZH_ASKED = re.compile(  # what a Chinese question asks the result of: "P-30918 的空腹血糖结果"
    r"的([\u4e00-\u9fff]{2,8}?)(?:结果|情况|记录|数据|报告|信息|详情|成绩|数值|指标)"
)
NAME_WORD = re.compile(r"(?:^|_|[a-z])(?:name|Name|title|Title)$")
LATIN = r"(?:(?![\u3000-\u9fff\uff00-\uffef])[\w'&.-])*"  # a word's letters: no Han touches a name
PROPER = re.compile(rf"(?<![\w'-])[A-Z]{LATIN}(?:\s+(?:of\s+|de\s+|&\s+)?[A-Z]{LATIN})*")
NOT_NAMES = re.compile(rf"^(?:I|OK|Hi|Hey|Hello|Dear|Thanks|Please|{values.MONTH_WORD})$", re.I)


def proper_name(text: str, used: set[str], own: frozenset[str] = frozenset()) -> str | None:
    """The first proper name the text gives: a run of capitalized words holding no digits, no
    month nor weekday, nor a value another property took. A sentence's first word is capitalized
    anyway: alone it names nothing, and it opens a name only when it is no word the stand-in knows
    nor the tool's own ("Invoice Brightwater Bakery ..." for create_invoice -> "Brightwater
    Bakery"; "Tidewater Analytics is hiring" -> "Tidewater Analytics")."""
    for m in PROPER.finditer(text):
        run_ = re.split(r"(?<=[a-z]{2})\.\s+", m.group(0))[0]  # no name runs on past a full stop
        names = [w for w in run_.rstrip(".").split() if not NOT_NAMES.match(w)]
        names = [w for w in names if not values.WEEKDAY_WORD.search(w)]
        opens = SENTENCE_START.fullmatch(text[: m.start()]) or re.search(
            r"[.!?:：]\s*[\"“']?$", text[: m.start()]
        )
        if opens and names and (len(names) == 1 and _word(names[0]) or _known(names[0], own)):
            names = names[1:]  # ("Brakka the half-orc wants …": no word, a name; "Book …": a word)
        while names and names[0].islower():
            names = names[1:]  # "Which of Priya, ...": the question's words, then the name
        run = re.sub(r"['’]s$", "", " ".join(names))  # "PhotoSnap's price": PhotoSnap
        if run == m.group(0).strip() and NUMBER_NOUN.match(text, m.end()):
            continue  # "ID card", "PIN code": the kind of a number, no name
        if run and len(run) > 1 and not re.search(r"\d", run) and run not in used:
            return run
    return None


def _word(word: str) -> bool:
    """A sentence's first word alone is a word, not a name, unless the dictionary's English knows
    it as none (`glosses.english_word`; without the dictionary, always a word)."""
    return glosses.english_word(word) is not False


def _known(word: str, own: frozenset[str]) -> bool:
    """A sentence's first word that is a word, not a name: one the lexicon knows, a small word,
    or the tool's own word."""
    w = word.lower().strip("'’")
    return (
        bool(concepts(w))
        or values.function_words_only(w)
        or w in BESIDE_SKIP | DETERMINERS | own
        or w.endswith(("'s", "’s"))
    )


WHY = re.compile(  # a property for the reason of an act: the user's words, never a result's
    r"reason|why|cause|complaint|purpose|symptom|problem|issue|fault|原因|理由|事由|症状|病情|目的|故障",
    re.I,
)


def _text(name: str, text: str, topic: frozenset[str], used: set[str] | None = None) -> str | None:
    """Free text: a summary or description is the longest sentence, a title the first clause (a
    title of no quote nor colon: the proper name the text gives, "a copy of Wingspan")."""
    if re.search(r"summary|description|details|摘要|概要|描述", name, re.I):
        return summary(text)
    if re.search(r"job_?title|position|^role$|职位|职务|岗位", name, re.I) or (
        re.fullmatch(r"title|标题|名称", name, re.I) and HIRED.search(text)
    ):
        return job_title(text)  # a job ad's title is the job's
    why = WHY.search(name)
    because = BECAUSE.search(text) if why else None
    if because:  # "because it broke": the reason, before a colon's text
        return because.group(1)
    given = reason_given(text) if why else None
    if given:  # the statement after the request ("... Friday? She's been sneezing a lot.")
        return given
    found = free_text(text, topic)
    if re.search(r"title|subject|heading|标题|主题", name, re.I):
        first = re.split(r"[，,;；。!?！？]|\.(?:\s|$)", found or "")[0].strip() or found
        first = values.before_when(first or "") or first
        if first and first.lower() not in BESIDE_SKIP:
            return first
        return (
            object_phrase(text) or proper_name(text, used or set())
            if re.search(r"title|标题", name)
            else None
        )
    return found


DOUBLED = re.compile(
    r"(?<![\u4e00-\u9fff])([\u4e00-\u9fff])\1(?![\u4e00-\u9fff])|(?<=[的给带让叫])([\u4e00-\u9fff])\2"
)
DOUBLED_WORDS = frozenset(
    "看看 试试 想想 问问 查查 谢谢 常常 刚刚 天天 慢慢 好好 快快 渐渐 偏偏 明明 仅仅 稍稍 悄悄 "
    "妈妈 爸爸 哥哥 姐姐 弟弟 妹妹 爷爷 奶奶 姥姥 叔叔 舅舅 宝宝 人人 个个 年年 次次 多多 "
    "等等 往往 处处 样样 家家 星星 匆匆 默默 轻轻 静静 早早 久久".split()
)


ZH_PLACE_KIND = re.compile(  # the nouns of a kind of place that a Chinese proper name stands before
    "|".join(
        sorted(
            "滑雪场 游乐场 体育场 球场 广场 商场 市场 农场 牧场 机场 剧场 度假村 酒店 宾馆 饭店 旅馆 "
            "民宿 客栈 餐厅 餐馆 酒楼 茶馆 咖啡馆 医院 诊所 药房 药店 卫生院 公园 花园 植物园 动物园 "
            "乐园 景区 大桥 桥 隧道 火车站 地铁站 汽车站 车站 站 码头 港 博物馆 美术馆 图书馆 体育馆 "
            "科技馆 展览馆 纪念馆 游泳馆 健身房 电影院 影院 剧院 大剧院 音乐厅 大学 学院 中学 小学 "
            "幼儿园 学校 超市 书店 银行 大厦 小区 山庄 寺 湖 岛 水库 营地 露营地 滑冰场 冰场 停车场 车库 停车楼".split(),
            key=len,
            reverse=True,
        )
    )
)
ZH_NAME_BREAK = "[去在到从往的里是有和与跟及或给让向于来那这哪个家座条]"  # or ZH_ASKING's words
ZH_NO_NAME = re.compile(  # a time, a deictic, a count or an ordinal alone names nothing
    rf"{ZH_WHEN}|附近|最近|周边|所有|多少|什么|^[一二两三四五六七八九十几每各某]|^第[一二三四五六七八九十\d]+$"
    r"|以下|以上|以内|以外|左右|上下|之间|之内|之外|不到|超过"  # a bound of a number, no place
)


def zh_numbered_name(noun: str | None, text: str) -> str | None:
    """A Chinese name made of numbered parts that ends in the first character of the property's
    noun ("三年二班" for 班级名称, "3号楼" for 楼栋名称)."""
    if not noun:
        return None
    num = r"[一二三四五六七八九十百零两\d]+"
    m = re.search(rf"(?:{num}(?:年级|[年级届期栋号层区])?)*{num}号?{re.escape(noun[0])}", text)
    return m.group(0) if m else None


def zh_owner_of(text: str, about: str) -> str | None:
    """The thing a Chinese request names before 的 and a noun of the tool's description ("这个红烧排骨
    的菜谱" for a tool about 菜谱 -> 红烧排骨), without deictics, counts or the request's words."""
    for m in re.finditer(r"([\u4e00-\u9fff]{2,12}?)的([\u4e00-\u9fff]{2})", text):
        if m.group(2) not in about:
            continue
        parts = re.split(f"{ZH_ASKING.pattern}|{ZH_NAME_BREAK}|{ZH_WHEN}", m.group(1))
        run = parts[-1]
        if len(run) >= 2 and not ZH_NO_NAME.search(run) and not concepts(run):
            return run
    return None


def own_zh_noun(described: str) -> str | None:
    """The noun a Chinese description names its thing by, without 名称 / 名字: "会议室名称" ->
    会议室, "健身房的名字" -> 健身房 (its last three characters at most)."""
    m = re.search(r"([\u4e00-\u9fff]{2,})的?(?:名称|名字|全称|名)$", described)
    return m.group(1)[-3:] if m else None


def zh_kind_named(
    text: str, used: set[str] | frozenset[str] = frozenset(), kinds: re.Pattern[str] | None = None
) -> str | None:
    """A Chinese proper name and the noun of its kind of place right after it: the name is the
    Han characters before the kind's noun, back to the request's own words or a function
    character ("白桦岭滑雪场山顶积雪多厚" -> 白桦岭滑雪场, "查一下海岳博物馆的展览" -> 海岳博物馆,
    "龙华站下一班车"); never a word of time, a deictic or a count ("这家酒店", "附近的公园",
    "明天的站"), nor a word the concept table knows ("火车站" names no station). `kinds`, the
    property's own noun instead ("枫叶会议室" for 会议室名称)."""
    kinds = kinds or ZH_PLACE_KIND
    for m in kinds.finditer(text):
        if kinds.match(text, m.end()):
            continue  # "虹桥站": the kind's noun is the name's, the next one the kind's
        run = re.search(r"[\u4e00-\u9fff]*$", text[: m.start()])
        parts = re.split(  # (a word of time before the name is none of it: "明天枫叶会议室")
            f"{ZH_ASKING.pattern}|{ZH_NAME_BREAK}|{ZH_WHEN}", run.group(0) if run else ""
        )
        before = parts[-1][-4:]
        if len(before) < 2 or ZH_NO_NAME.search(before) or concepts(before):
            continue
        found = before + m.group(0)
        head = ZH_SITE_HEAD.match(text, m.end())
        found += head.group(0) if head else ""  # "湿地公园观测点": the site in the park is named
        if found not in used:
            return found
    return None


ZH_SITE_HEAD = re.compile(  # a site's own head noun right after its place's ("公园观测点", "大学东门")
    r"(?:(?![几一二两三四五六七八九十多早晚])[\u4e00-\u9fff]){0,3}?"
    r"(?:观测点|监测点|站点|点|处|中心|基地|分部|分店|分院|校区|园区|东门|西门|南门|北门)"
    r"(?=最近|上次|上一次|今天|现在|目前|的|是|有|在|里|一共|总共|几|多少|什么|怎么|哪|[^\u4e00-\u9fff]|$)"
)
ZH_SEEN = re.compile(  # what a verb of finding or seeing reaches: "最近一次看到白鹭是哪天" -> 白鹭
    rf"[{ZH_RESULT_VERB}]到([\u4e00-\u9fff]{{2,10}})|发现([\u4e00-\u9fff]{{2,10}})"
)


def zh_seen(text: str, used: set[str] | frozenset[str] = frozenset()) -> str | None:
    """The thing a Chinese question says was seen, found or caught (看到, 拍到, 发现 ...), up
    to the question's own words (`values.name_span`): "最近一次看到白鹭是哪天" -> 白鹭."""
    for m in ZH_SEEN.finditer(text):
        said = values.name_span(m.group(1) or m.group(2))
        if len(said) >= 2 and said not in used and not ZH_NO_NAME.search(said):
            return said
    return None


def zh_place_of(text: str) -> str | None:
    """For a place asked for and found by no other reading: the Chinese name a thing is said to
    be of, right before 的 ("酒窖里波尔多的酒" -> 波尔多, "仓库里云南的茶叶" -> 云南), back to the
    request's own words or a function character, and no word of time, deictic, count, pronoun,
    nor a word the concept table knows."""
    for m in re.finditer("的", text):
        run = re.search(r"[\u4e00-\u9fff]*$", text[: m.start()])
        parts = re.split(  # (a word of time before the name is none of it: "明天枫叶会议室")
            f"{ZH_ASKING.pattern}|{ZH_NAME_BREAK}|{ZH_WHEN}", run.group(0) if run else ""
        )
        before = parts[-1][-4:]
        if len(before) < 2 or ZH_NO_NAME.search(before) or concepts(before):
            continue
        if not values.function_words_only(before) and not ZH_PRONOUN.search(before):
            return before
    return None


ZH_PRONOUN = re.compile(r"[我你他她它您]|自己|大家|别人|人家")


ZH_HOME = re.compile(  # "我家豆豆", "咱家的狗狗旺财": a name after the home it belongs to
    r"(?:我|我们|咱|咱们|俺)家的?((?:小|大)?(?:狗狗|猫咪|狗|猫|儿子|女儿|孩子|宝宝|闺女|小朋友|兔子|鹦鹉|仓鼠))?"
    r"(?:(?<=[狗猫咪子儿宝娘友鼠鹉])(?:名字)?(?:叫做|叫|名叫|是))?"  # "我家猫叫豆豆": the name after 叫
    r"([\u4e00-\u9fff]{2})(的)?"
)


def zh_home_name(text: str) -> str | None:
    """The name of a pet or a child said after 我家 / 咱家 (and its kind): a nickname, not a
    clause ("我家豆豆的狂犬疫苗" -> 豆豆, "帮我家乐乐约一下" -> 乐乐, "我家狗狗旺财" -> 旺财): a doubled
    name (豆豆, 咪咪), 小X or 阿X, or two characters after the kind's noun or before 的 that no
    dictionary word is; never a word of time, a deictic or a count ("我家最近", "我家这只")."""
    for m in ZH_HOME.finditer(text):
        run, kind_said, of = m.group(2), m.group(1), m.group(3)
        if run in DOUBLED_WORDS or ZH_NO_NAME.search(run) or re.search(ZH_WHEN, run):
            continue
        if run[0] == run[1]:
            return run
        if (
            re.search(f"{ZH_NAME_BREAK}|[只位条头了吗呢吧]", run)
            or glosses.gloss(run)
            or concepts(run)
        ):
            continue
        if run[0] in "小阿" or kind_said or of:
            return run
    return None


def doubled_name(text: str) -> str | None:
    """A doubled Chinese nickname names a pet or a child ("谁遛的豆豆", "给球球洗澡"), unless it is a
    common doubled word (看看, 谢谢, 妈妈)."""
    for m in DOUBLED.finditer(text):
        if m.group(0) not in DOUBLED_WORDS:
            return m.group(0)
    return None


LOOKUPS = frozenset({"find", "search", "list", "show", "lookup", "fetch"})
SUBJECT_SAID = re.compile(  # the school subjects, a class word table in both languages
    r"语文|数学|英语|物理|化学|生物|历史|地理|政治|道德与法治|音乐|美术|体育|科学|信息技术|编程"
    r"|\b(?:maths?|mathematics|algebra|geometry|calculus|physics|chemistry|biology|history"
    r"|geography|literature|english|french|spanish|german|music|art|science|economics)\b",
    re.I,
)
STUDY = re.compile(r"^(?:subject|course|discipline|field|科目|学科)(?:_?name)?$", re.I)
MESSAGE_TOOL = re.compile(r"mail|message|letter|memo|post|ticket|issue|note|邮件|消息|信|通知")
STUDY_EN = r"\b(?:{verb})\w*\s+(?:me\s+|some\s+|a\s+|an\s+|in\s+|with\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){{0,3}}?)(?=\s+(?:for|on|at|in|with|next|this|tomorrow|today|and)\b|\s*[,.;!?]|\s*$)"
STUDY_ZH = re.compile(
    r"(?:教|补习|辅导|补|学|上)([\u4e00-\u9fff]{2,8}?)(?=课|的|老师|家教|辅导|[，。？！,.?!]|$)"
)


def field_of_study(src: Source) -> str | None:
    """A subject (course, 科目) of a tool that sends no message is the field the request names: the
    words after the tool's own verb ("Who can tutor high school chemistry?" for find_tutors), or
    after 教 / 辅导 / 学 ("谁能辅导高中化学"), without an enum member another property takes
    (level "high school" -> subject "chemistry")."""
    if MESSAGE_TOOL.search(src.tool):
        return None
    verbs = "|".join(  # the tool's own words, "coache" of find_coaches said as "coach"
        re.escape(w.rstrip("e")) for w in words(src.tool) if len(w) >= 4 and w not in LOOKUPS
    )
    m = re.search(STUDY_EN.format(verb=verbs), src.text, re.I) if verbs else None
    m = m or STUDY_ZH.search(src.text)
    if m is None:
        return None
    found = m.group(1)
    for member in sorted(src.members, key=len, reverse=True):
        found = re.sub(rf"(?<![A-Za-z]){re.escape(member)}(?![A-Za-z])", " ", found, flags=re.I)
    found = re.sub(r"\s+", " ", found).strip()
    return found if found and not values.function_words_only(found) else None


BECAUSE = re.compile(
    r"(?:\bbecause\b|\bsince\b|\bdue to\b|因为|由于)\s*(.+?)\s*(?:[。.!?！？]|$)", re.I
)
ABOUT = re.compile(  # "to see a doctor about a rash on my arm": what the visit is about
    r"\b(?:see|talk to|speak to|speak with|meet|visit|call)\b[^.!?]{0,40}?\b(?:about|regarding)\s+"
    r"((?:a|an|my|the|some|our|his|her)\s[^.!?,;]+)",
    re.I,
)
ASKING = re.compile(
    r"^(?:can|could|would|will|please|pls|i'd like|i want|i need|book|get|make|set|find|check|"
    r"请|帮|麻烦|能不能|可以|给我|我想|我要)",
    re.I,
)


def reason_given(text: str) -> str | None:
    """A reason the request gives: what follows "because" / "因为", else a sentence after the
    request that states rather than asks (else one before it, when the request is the rest:
    "账单重复收了30元，帮我申诉一下"; no greeting, no code of the user's) ("Can you get my cat Miso in at Harbor Vets next
    Friday? She's been sneezing a lot." -> "She's been sneezing a lot"; "帮我约周五，它一直打喷嚏。");
    never a clause of how soon only ("越早越好")."""
    m = BECAUSE.search(text) or ABOUT.search(text)
    if m:
        return m.group(1)
    parts = [p.strip() for p in re.split(r"(?<=[.!?。！？；;，,])\s*", text) if p.strip()]
    stated = [
        p.rstrip(".。!！;；,，")
        for p in parts[1:]
        if not p.endswith(("?", "？"))
        and not ASKING.match(p)
        and not WHO_SAID.match(p)
        and len(p) > 3
        and not CODE_LABELLED.fullmatch(p.rstrip(".。!！;；,，"))
        and not HASTE_ONLY.fullmatch(p.rstrip(".。!！;；,，"))
        and not WISHED_ACT.match(p)
    ]
    if not stated and len(parts) > 1 and not ASKING.match(parts[0]):
        # a statement before the request ("账单重复收了一笔30元，帮我申诉一下"); not a greeting or
        # who the user is ("Hi,", "我是王芳，")
        first = parts[0].rstrip(".。!！;；,，")
        if len(first) > 5 and not first.endswith(("?", "？")) and not WHO_SAID.match(first):
            stated = [first]
    return stated[-1] if stated else None


HASTE_ONLY = re.compile(  # "越早越好。", "as soon as possible": how soon, no reason
    r"\s*(?:越早越好|越快越好|尽快|尽早|越早越好吧|the sooner the better|the earlier the better|"
    r"as soon as possible|asap|(?:it'?s\s+)?urgent)\s*",
    re.I,
)
WISHED_ACT = re.compile(
    r"(?:我们?)?(?:想要?|希望|打算)(?:约|订|预约|预订|挂|报名|买|办)"
)  # the request
CODE_LABELLED = re.compile(  # "运单号 SF1234567", "order no. 5521": a code given, no reason
    r"[^\d,，]{0,12}?(?:号|码|number|no\.?|id|#)\s*(?:是|为|:|：|is)?\s*[A-Za-z0-9][\w-]{2,}", re.I
)
WHO_SAID = re.compile(
    r"(?:hi|hello|hey|dear|thanks|你好|您好|嗨|谢谢|我是|我叫|my name|i'm|i am|this is)\b"
    r"|.{0,12}(?:号码?|账[户号]|卡号|手机号?|电话|邮箱|number|account|id)\s*(?:是|为|:|：|is)",
    re.I,
)


SIGNED = re.compile(
    r"^[ \t]*(?:[A-Z][a-z'-]+(?:[ \t]+[A-Z][a-z'-]+)+|[\u4e00-\u9fff]{2,4})[ \t]*\n[ \t]*"
    r"([^\n|,，@]+?)[ \t]*(?:[|,，]|\bat\b|$)",
    re.M,
)


def job_title(text: str) -> str | None:
    """A job title is the line under a signature's name, up to its "|" or "at" ("Marguerite
    Okafor / Senior Paralegal | Fenwick & Lowe LLP" -> "Senior Paralegal")."""
    m = SIGNED.search(text)
    if m and not EMAIL.search(m.group(1)):
        return m.group(1).strip()
    hired = HIRED.search(text)  # "is looking for a Senior Data Engineer", "招聘一名前端工程师"
    return next((g for g in hired.groups() if g), None) if hired else None


HIRED = re.compile(
    r"\b(?:looking for|hiring|seeking|recruiting|searching for)\s+(?:an?\s+|our\s+next\s+)?"
    r"((?:[A-Z][\w/&-]*\s+){0,4}[A-Z][\w/&-]*)"
    r"|招聘\s*(?:一名|一位|两名|若干|多名)?\s*([\u4e00-\u9fffA-Za-z]{2,12}?)(?=[，。,.;；！!（(\s]|$)"
)
FROM_ORG = re.compile(r"\bfrom\s+([A-Z][\w'-]*(?:\s+(?:&\s+)?[A-Z][\w'-]*)*)")
EMPLOYER = re.compile(  # "I'm Dana Whitfield, head of ops at Copperline Logistics", "I work at X"
    r"(?:\bwork(?:s|ing)?|\bemployed|,\s*(?:the\s+|a\s+|an\s+)?[a-z][a-z ]{1,30}?)\s+(?:at|for|with)\s+"
    r"((?<![\w'-])[A-Z][\w&'-]*(?:\s+(?:&\s+)?[A-Z][\w&'-]*)*)"
)
HIRER = re.compile(  # the company that hires: "Tidewater Analytics is looking for ..."
    r"((?<![\w'-])[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*)*)\s+(?:is|are)\s+(?:now\s+)?"
    r"(?:hiring|looking for|seeking|recruiting)\b"
    r"|([\u4e00-\u9fff]{2,12}?)(?:正在|现)?招聘"
)


OBJECT = re.compile(
    r"^\W*(?:(?i:please)\s+)?[A-Za-z]+\s+(?:a|an|the|my|our)\s+([\w'-]+(?:\s+[\w'-]+){0,5}?)"
    r"(?=\s+(?:on|onto|to|into|for|at|in|with|from|by|next|this|tomorrow|today)\b|\s*[,.;!?]|\s*$)"
)


PICK = re.compile(  # a phrase that picks among results names no value: "the cheapest one"
    r"\b(?:\w+est|first|second|third|last|next|other|one|ones|it|them)\b", re.I
)


INSCRIBED = re.compile(
    r"\b(?:says|reads|read|signed|marked|engraved|stamped|inscribed|labelled|labeled|written)"
    r"(?:\s+(?:with|as|on\s+it|on\s+the\s+\w+))?\s*[:,]?\s*$",
    re.I,
)
OWNED = re.compile(
    r"\b(?:I|[Ww]e)\s+(?:(?:have|own|inherited|bought|found|got|received|picked\s+up)|was\s+given)\s+"
    r"(?:a|an|the|this|my|our|some)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
    r"(?=\s+(?:from|in|at|on|with|that|which|for|of|to|and|last|when|years?)\b|[,.;!?]|$)"
)


def inscribed(quote: str, text: str) -> bool:
    """Whether a quote is what is written on a thing ('The dial says "Thos. Tompion, London"',
    'signed "A. Rossi"'): words on the thing, not the thing's name."""
    at = text.find(quote)
    return at > 0 and INSCRIBED.search(text[max(0, at - 40) : at].rstrip(" \"'“‘")) is not None


def owned_thing(text: str) -> str | None:
    """The thing the user says they have, inherited or bought ("I inherited a longcase clock
    from my grandmother" -> "longcase clock"), the thing an appraisal or a repair is for."""
    m = OWNED.search(text)
    return m.group(1) if m else None


def _object_thing(text: str) -> str | None:
    """An item no count names: what the request's first verb acts on, when the concept table
    knows none of its words ("Please deliver the oak wardrobe to ..." -> "oak wardrobe"; never
    "the price")."""
    found = object_phrase(text)
    return found if found and not concepts(found) and not PICK.search(found) else None


def object_phrase(text: str) -> str | None:
    """What a request's first verb acts on, the noun phrase after its article: "Put a Jupiter
    viewing night on the club calendar ..." -> "Jupiter viewing night"."""
    m = OBJECT.search(text)
    return m.group(1) if m else None


def _by_shape(
    name: str, s: dict[str, Any], src: Source, r: str | None, need: bool = True
) -> str | None:
    """The values read by their shape in the text: a route's end, what a quantity is of, a unit,
    a phone number, a code after the property's word or in the shape of its example (an optional
    one's example of digits only when the text says its name: the CLI's Read `pages`, "e.g. 3",
    takes no number of a request that never says pages)."""
    end = route_end(name, src.text) or _venue(name, r, src)
    if end is not None:
        return end
    if THING.search(name) or src.item and (ITEM_NAME.search(name) or r in ("person", "product")):
        found = _thing_of(no_address(src.text), src)  # "7 Willow Crescent" is no 7 crescents
        if found:
            return found
    if src.item and re.fullmatch(r"units?|单位", name, re.I):
        return values.unit_after(src.text)
    if r == "phone":
        m = PHONE.search(values.without_dates(src.text))
        return international(m.group(0).strip(), str(s.get("description") or "")) if m else None
    if r == "organisation":
        return organisation(src)
    found = _product_detail(name, src) or _incident(name, s, src, r) or _era_or_maker(name, r, src)
    if found is not None:
        return found
    if r in (None, "id"):
        found = grouped_value(name, s, src) or after_noun(name, src) or zh_numbered(s, src)
        if found is not None or not (need or _lettered(s) or _says_name(name, src.text)):
            return found
        return by_example(s, src) or by_han_example(s, src)
    return None


VERSION_WORD = re.compile(r"version|release|(?:^|_)tag$|\bbuild\b|版本", re.I)
MARKING_WORD = re.compile(r"size|dimension|marking|spec|format|尺寸|规格|型号|大小", re.I)
CODE_WORD = re.compile(
    r"(?:^|_)(?:no|num|number|code|ref|reference|account|card|iban|serial|tracking|voucher)(?:$|_)"
    r"|[a-z](?:Number|Code|Ref|Reference|Account)$|编号|号码|单号|卡号|账号|帐号|运单|参考号",
    re.I,
)
GROUPED = re.compile(  # a code said in groups: "AB 12 345", "SF 1234 5678", "6222 0200 1234 5678"
    r"(?<![\w-])(?:[A-Z]{1,4}(?:[ \t]\d{2,6}){2,}|\d{2,6}(?:[ \t]\d{2,6}){2,})(?![\w-])"
)


def grouped_value(name: str, s: dict[str, Any], src: Source) -> str | None:
    """A value said with inner spaces or punctuation, taken whole, for the property of its kind:
    a version (version, release, tag, 版本) is the version written, its suffix and all
    ("v2.3.1-rc1", "3.0.2-beta"); a size (size, dimension, marking, 规格, 尺寸) the size marking
    ("700 x 28C", "205/55 R16"); a code, a number, a reference or an account (reference, account,
    card, tracking, 编号, 卡号, 单号) a code said in groups of digits, letters first or not ("AB 12
    345", "SF 1234 5678", "6222 0200 1234 5678"), never one group of it. None when the text says
    none."""
    about = f"{name} {s.get('description') or ''}"
    for word, pattern in (
        (VERSION_WORD, values.VERSION),
        (MARKING_WORD, values.MARKING),
        (CODE_WORD, GROUPED),
    ):
        if not (word.search(name) or word is not CODE_WORD and word.search(about)):
            continue
        plain = values.without_dates(src.text) if pattern is not values.VERSION else src.text
        for m in pattern.finditer(plain):
            value = src.text[m.start() : m.end()].strip()
            if (pattern is not values.VERSION or "." in value) and value not in src.used:
                src.used.add(value)
                return value
    return None


ERA_NAME = re.compile(r"(?:^|_)(?:era|period|decade|century)(?:$|_)|年代|朝代|时期", re.I)
ERA_SAID = re.compile(
    r"\b(?:(?:early|mid|late)[- ])?(?:1\d{3}|20\d\d)['’]?s\b|\b\d{1,2}(?:st|nd|rd|th)[- ]century\b"
    r"|(?:\d{1,2}|[一二三四五六七八九十]+)世纪(?:\d0年代|[一二三四五六七八九]十年代)?|\d0年代",
    re.I,
)
MAKER_NAME = re.compile(
    r"(?:^|_)(?:maker|manufacturer|craftsman|builder|workshop|smith)(?:$|_)|制造商|工匠|作者", re.I
)


def _era_or_maker(name: str, r: str | None, src: Source) -> str | None:
    """An era (era, period, decade, century, 年代) is the decade or century the text writes
    ("around 1690s", "the 18th century", "十八世纪"); a maker (maker, manufacturer, craftsman) is
    the name after "made by" / "by", else the name written on the thing ('the dial says "Thos.
    Tompion, London"'), whole."""
    if r is not None:
        return None
    if ERA_NAME.search(name):
        era = ERA_SAID.search(src.text)
        return era.group(0) if era else None
    if not MAKER_NAME.search(name):
        return None
    by = BY_MAKER.search(src.text)
    if by:
        return by.group(1).rstrip(".")
    written = [
        q for q in quoted(src.text) if inscribed(q, src.text) and PROPER.fullmatch(q.split(",")[0])
    ]
    return written[0] if written else None


def _lettered(s: dict[str, Any]) -> bool:
    """Whether the description's example holds a letter ("like LT-0042"; not "e.g. 3")."""
    m = EXAMPLE.search(str(s.get("description") or ""))
    return bool(m and re.search(r"[A-Za-z]", m.group(1)))


def _says_name(name: str, text: str) -> bool:
    """Whether the text says a word of the property's name ("pages 2-4" for pages)."""
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
    return any(w.lower() in said for w in re.findall(r"[A-Za-z]{3,}", name))


def _incident(name: str, s: dict[str, Any], src: Source, r: str | None) -> str | None:
    """What happened, for a property of an incident ("事故简述", what_happened): `incident_told`."""
    said = INCIDENT.search(f"{name} {s.get('description') or ''}")
    return incident_told(src.text) if said and r in (None, "text") else None


def _product_detail(name: str, src: Source) -> str | None:
    """A product's model or brand, a garment's size (`model_or_brand`, `garment_size`)."""
    if MODEL_OR_BRAND.search(name):
        found = model_or_brand(name, src)
        if found is not None:
            return found
    return garment_size(src.text) if SIZE_NAME.search(name) else None


HAN_EXAMPLE = re.compile(
    r"(?:例如|比如|如|e\.g\.,?|for example|such as|like)\s*[:：]?\s*[\"'“‘「`]?"
    r"([\u4e00-\u9fff]{2,}(?:\s*[-－—→>/]\s*[\u4e00-\u9fff]{2,})?)"
)
JOINED = re.compile(r"([\u4e00-\u9fff]+)\s*([-－—→>/])\s*([\u4e00-\u9fff]+)")
PLACE_END = re.compile(r"有|的|吗|哪|几|多少|怎么|要|想|\s")  # 苏州有哪些车次: 苏州
HAN_BOUNDARY = re.compile(r"在|去|到|从|于|的|是|写|叫|和|与|跟")


def by_han_example(s: dict[str, Any], src: Source) -> str | None:
    """A value in the shape of a Chinese example: two places joined as the example joins them
    ("例如 厦门-鼓浪屿" and "从厦门去鼓浪屿" -> 厦门-鼓浪屿), or a name ending in the example's
    head noun ("例如 世纪公园网球场" and "在滨江网球场打球" -> 滨江网球场)."""
    m = HAN_EXAMPLE.search(str(s.get("description") or ""))
    if not m:
        return None
    joined = JOINED.fullmatch(m.group(1))
    if joined:
        ends = {k: PLACE_END.split(x)[0] for k, x in values.ends(src.text).items() if x}
        if ends.get("from") and ends.get("to"):
            return f"{ends['from']}{joined.group(2)}{ends['to']}"
        return None
    example = m.group(1)
    heads = [example[-n:] for n in (3, 2)] + [example[-1]] * bool(NAME_SUFFIX.search(example))
    for head in heads:
        for found in re.finditer(re.escape(head), src.text):
            lead = re.search(r"[\u4e00-\u9fff]{0,8}$", src.text[: found.start()])
            before = HAN_BOUNDARY.split(lead.group(0) if lead else "")[-1]
            # "帮我订海鸥号": the request's own words are no part of the name
            before = ZH_ASKING.split(before)[-1]
            if before or head == example:
                return before + head
    return None


NAME_SUFFIX = re.compile(  # a Chinese name's last word saying what it names: 海鸥号, 滨江店, 青禾馆
    r"[\u4e00-\u9fff]{2,}[号店馆站园厅楼桥湖山村镇街路]$"
)
ZH_ASKING = re.compile(  # a Chinese request's own words before the thing it names
    r"请问|请|麻烦|帮忙|帮我|替我|给我|我想|我要|想要|需要|能不能|可以|把|将|预订|预约|订|约|查询|查|找|租|买|借"
    r"|删除|删掉|删|取消|打开|关闭|看看|报名|一下|这个|那个"
)


MODEL_OR_BRAND = re.compile(
    r"^(?:model|brand|make|manufacturer)(?:_?name)?$|型号|品牌|厂商|厂家", re.I
)
BRAND_AFTER = re.compile(r"\s+(?:by|from|made by)\s+([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)?)")
MODEL_CODE = re.compile(
    r"(?<![A-Za-z0-9_-])((?:[A-Za-z]+-?[A-Za-z]*|[A-Z][A-Za-z]*\s)\d+[A-Za-z0-9-]*"
    r"(?:\s+(?:[IVX]{1,4}|Pro|Max|Plus|Mini|Ultra|SE|Mark\s+[IVX]+)(?![A-Za-z]))*)"
)
BRAND_BEFORE = re.compile(  # after a count or a word of state ("一辆雅马哈", "自用富士"), else two
    r"(?:(?:[一两二三四五六七八九十\d]+[台辆部个只件套块把])?(?:自用|全新|二手|闲置)?"
    r"(?<=[台辆部个只件套块把用新手置])([\u4e00-\u9fff]{2,4})"
    r"|([\u4e00-\u9fff]{2})|\b([A-Z][A-Za-z]+))\s*$"
)


SIZE_NAME = re.compile(r"(?:^|_)size$|尺码|码数|尺寸", re.I)
SIZE = re.compile(r"(?<![A-Za-z0-9'’])((?:[2-5]?X{1,3})?[SL]|M)(?![A-Za-z0-9'’])", re.I)
SIZE_SAID = re.compile(r"^\s*(?:码|号|size\b)|\bsize\s*$|尺码\s*$|穿\s*$", re.I)


def garment_size(text: str) -> str | None:
    """A garment's size ("T恤要L码" -> L, "size m", "an XL"): one said beside a word of size
    first, else the only standing letter code (a lone "S" or "M" of a sentence names no size
    unless it is upper case)."""
    found = [
        m
        for m in SIZE.finditer(text)
        if m.group(1).isupper()
        or SIZE_SAID.search(text[m.end() : m.end() + 6])
        or SIZE_SAID.search(text[max(0, m.start() - 8) : m.start()])
    ]
    beside_ = [
        m
        for m in found
        if SIZE_SAID.search(text[m.end() : m.end() + 6])
        or SIZE_SAID.search(text[max(0, m.start() - 8) : m.start()])
    ]
    pick = (beside_ or found)[:1]
    return pick[0].group(1).upper() if pick else None


def model_or_brand(name: str, src: Source) -> str | None:
    """A product's model is the first code of letters and digits the text writes, with the
    capitals that follow it ("富士 X-T30 II" -> "X-T30 II"); its brand the word right before that
    code (the Han characters after a count or a word of state, "一辆雅马哈 NMAX 155", else two;
    or a capitalized word: "Fujifilm X-T30 II" -> Fujifilm). A maker named after the model ("Vega
    Tab 11 by Orbis") is the brand, and the capitalized words before the code are the model's."""
    for m in MODEL_CODE.finditer(src.text):
        if values.DATE.fullmatch(m.group(1)) or not re.search("[A-Za-z]", m.group(1)):
            continue
        by = BRAND_AFTER.match(src.text[m.end() :])  # "Aurora 14 Pro by Nimbus"
        lead = MODEL_LEAD.search(src.text[: m.start()]) if by else None
        model = f"{lead.group(1)} {m.group(1)}" if lead else m.group(1)
        src.used.update(model.split())
        if not re.search(r"brand|make|manufacturer|品牌|厂商|厂家", name, re.I):
            return model
        if by:
            return by.group(1)
        b = BRAND_BEFORE.search(src.text[: m.start()])
        return next((g for g in b.groups() if g), None) if b else None
    return None


MODEL_LEAD = re.compile(r"(?<![\w'-])((?:[A-Z][A-Za-z]*\s+)*[A-Z][A-Za-z]*)\s+$")


THING = re.compile(
    r"^(?:item|food|ingredient|dish|meal|material|goods|drink|beverage|snack|crop|produce)(?:_?name)?$"
    r"|食物|食品|菜品|材料|物品|饮品|饮料|作物",
    re.I,
)
ITEM_NAME = re.compile(r"^(?:name|title|description|desc|label)$|名称", re.I)
PHONE = re.compile(  # "+1 (312) 555-0148"; Han characters may touch one: "我手机号13912345678，"
    r"(?<![A-Za-z0-9_-])(?:\+?\d|\(\d)[\d ()-]{6,}\d(?![A-Za-z0-9_-])"
)
ARTICLES = re.compile(r"^(?:the|my|our|your|a|an)\s+", re.I)


def route_end(name: str, text: str) -> str | None:
    """A route's end for a property that names one (origin / from_station / destination): the
    words after "from"/"从" or "to"/"到", without the property's own noun ("checking account" for
    to_account is "checking")."""
    end = values.ends(text).get(values.leg(name) or "")
    if not end:
        return None
    end = ARTICLES.sub("", end)
    named = re.match(r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*", end)
    if named and re.search(r"\s[a-z]", end[named.end() :]):  # "Tokyo Narita departs 11:20"
        end = named.group(0)
    own = [w for w in re.findall(r"[a-z]+", name.lower()) if values.leg(w) is None]
    for w in own:
        end = re.sub(rf"\s+{w}s?$", "", end, flags=re.I)
    return end or None


CODE_WORDS = frozenset("number num code ref".split())


def after_noun(name: str, src: Source) -> str | None:
    """A code right after the property's own word: "ISBN 978-0-13-468599-1" for isbn, "plate 7kzp
    418" for plate (the words that hold digits, a code may be split by spaces)."""
    nouns = [w for w in re.findall(r"[a-z]+|[\u4e00-\u9fff]{2,}", name.lower()) if len(w) >= 2]
    nouns = [w for w in nouns if len(w) >= 3 or not w.isascii()]
    while len(nouns) > 1 and nouns[-1] in CODE_WORDS:
        nouns.pop()  # card_number: the code after "card" ("library card 44817", "flight BA 283")
    for noun in nouns[-1:]:
        m = re.search(
            rf"(?<![A-Za-z]){noun}s?(?:\s*(?:number|no\.?|#|code|id|ID|[:：]|is))*\s+"
            r"((?:(?!(?:to|at|in|on|for|by|of|and|or|is|the|an?|from|with|per)\s)[A-Za-z]{1,4}\s+(?=\d))?(?:[A-Za-z0-9]*\d|[A-Za-z]{1,4}-(?=\d)|[A-Za-z][A-Za-z0-9]*_\w*?\d)(?:[\w-]|\.(?=\w))*(?:\s+[A-Za-z0-9]*\d[A-Za-z0-9-]*)*"
            r"(?:[ ](?-i:(?=[A-Z0-9]*[A-Z])[A-Z0-9]{3})(?![\w-]))?)",  # "KX19 ZPD": a plate's halves
            src.text,
            re.I,
        )
        if m:  # the property's own word names it: its value even if another tool's took it too
            src.used.add(m.group(1))
            return m.group(1)
    return None


ZH_NUMBER_NOUN = re.compile(r"([\u4e00-\u9fff]{1,6}?)(?:编号|号码|代码|编码|号)(?![\u4e00-\u9fff])")


def zh_numbered(s: dict[str, Any], src: Source) -> str | None:
    """A Chinese description's numbered thing ("温室编号", "干洗单号": 温室, 干洗单) said with its
    number in the request: "3号温室", "12 号地块" (the number before 号 and the noun) or "干洗单
    4471", "温室3" (a number or code right after the noun) is the id, and so is a code with a dash
    or letters right before the noun's first character ("8-2班" for 班级编号, "B12栋")."""
    said = str(s.get("description") or "")
    m = ZH_NUMBER_NOUN.search(said.split("，")[0].split(",")[0].split("的")[-1])
    if m is None or len(m.group(1)) < 2:
        return None
    noun, head = re.escape(m.group(1)), re.escape(m.group(1)[0])
    found = re.search(
        rf"(?<![A-Za-z0-9.-])((?=[A-Za-z-]*\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)\s*号\s*{noun}"
        rf"|{noun}\s*(?:编号|号码|单号|号)?\s*(?:是|为|[:：])?\s*([A-Za-z0-9-]*\d[A-Za-z0-9-]*)"
        rf"|(?<![A-Za-z0-9.-])((?=[A-Za-z-]*\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+|[A-Za-z]+\d+)\s*{head}",
        src.text,
    )
    if found is None:
        return _ordinal_numbered(s, m.group(1)[-1], src)
    value = found.group(1) or found.group(2) or found.group(3)
    src.used.add(value)
    return value


def _ordinal_numbered(s: dict[str, Any], tail: str, src: Source) -> Any:
    """The numbers a request says with the last character of the description's noun as their
    counter ("第9类和第43类" for 尼斯分类号, "3楼" for 楼层号): one a call, each written as the
    description's example writes one ("9" like "09" -> "09")."""
    said = re.findall(rf"(?<![A-Za-z0-9.-])(\d{{1,4}})\s*{re.escape(tail)}", src.text)
    example = EXAMPLE.search(str(s.get("description") or ""))
    out = [(reshape(n, example.group(1)) if example else None) or n for n in said]
    out = list(dict.fromkeys(out))
    src.used.update(said)
    return (out[0] if len(out) == 1 else out) if out else None


EXAMPLE = re.compile(
    r"(?:e\.g\.,?|for example|such as|like|例如|比如|形如|如)\s*[:：]?\s*[\"'“‘「`]?"
    r"([A-Za-z0-9][A-Za-z0-9_./-]*[A-Za-z0-9](?:\s+[A-Z][a-z]+)*)",
    re.I,
)


def by_example(s: dict[str, Any], src: Source) -> str | None:
    """A token of the text in the shape of the description's example: "e.g. atlas-web" takes
    "billing-api", "like LT-0042" takes "LT-0117", "e.g. Elm Street" takes "Harbor Point". A plain
    word is no shape (any word would fit it)."""
    described = str(s.get("description") or "")
    if LETTER_EXAMPLE.search(described):
        return _letter(src)
    m = EXAMPLE.search(described)
    if not m:
        return None
    example = m.group(1)
    runs = re.findall(r"[A-Za-z0-9]+", example)
    capitalized = len(runs) >= 2 and all(re.fullmatch(r"[A-Z][a-z]+", r) for r in runs)
    if not (re.search(r"\d|\w[-_./]\w", example) or capitalized):
        return None
    pattern = strict_shape(example)
    for found in re.finditer(rf"(?<![\w-]){pattern}(?![\w-])", src.text):
        before = src.text[: found.start()].rstrip()
        if capitalized and (not before or before[-1] in ".!?"):
            continue  # a sentence's first word is capitalized anyway
        if found.group(0) not in src.used:
            src.used.add(found.group(0))
            return found.group(0)
    return _mixed_like(example, src)


def _mixed_like(example: str, src: Source) -> str | None:
    """For an example that mixes letters and digits with no separator ("aB3x9", "7QX2"), a token
    that mixes them too, of about its length ("k9Pq2"): a short code written in any order."""
    if not re.fullmatch(r"(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]+", example):
        return None
    for found in re.finditer(
        r"(?<![\w-])(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]+(?![\w-])", src.text
    ):
        token = found.group(0)
        if abs(len(token) - len(example)) <= 2 and token not in src.used:
            src.used.add(token)
            return token
    return None


LETTER_EXAMPLE = re.compile(
    r"(?:e\.g\.,?|for example|such as|like|例如|比如|如)\s*[:：]?\s*[\"'“‘「`]?[A-Z](?![\w-])"
)


def _letter(src: Source) -> str | None:
    """A single capital letter standing alone ("lift B", "Gate C"), for an example of one letter:
    never "I", nor the article "A" before a word."""
    for found in re.finditer(r"(?<![\w'-])[A-Z](?![\w'-])", src.text):
        letter = found.group(0)
        article = letter == "A" and re.match(r"\s+[a-z]", src.text[found.end() :])
        if letter != "I" and not article and letter not in src.used:
            src.used.add(letter)
            return letter
    return None


def strict_shape(example: str) -> str:
    """A regex for values shaped like an example, letter case kept: "LT-0042" -> "[A-Z]+-\\d+",
    "atlas-web" -> "[a-z]+-[a-z]+", "Elm Street" -> "[A-Z][a-z]+ [A-Z][a-z]+", "94103" -> "\\d{5}"."""
    out = []
    for p in re.findall(r"[A-Za-z]+|\d+|\s+|[^A-Za-z\d\s]+", example):
        if example.isdigit():  # "e.g. 94103": five digits, no other number
            out.append(rf"\d{{{len(p)}}}")
        elif p.isdigit():
            out.append(r"\d+")
        elif p.isspace():
            out.append(r"\s+")
        elif p.isupper():
            out.append(r"[A-Z]+")
        elif p.islower():
            out.append(r"[a-z]+")
        elif p.isalpha() and p[0].isupper() and p[1:].islower():
            out.append(r"[A-Z][a-z]+")
        elif p.isalpha():
            out.append(r"[A-Za-z]+")
        else:
            out.append(re.escape(p))
    return "".join(out)


SENTENCE_START = re.compile(r"(?:.*[.!?])?[\s\"“']*", re.DOTALL)
BESIDE_SKIP = frozenset(
    "a an the this that my your our its some any new old for of in on at to from with by about "
    "is are was".split()
)


NAME_RUN = r"[A-Z][\w'-]*(?:\s+(?:(?:of|the|and|in|on|de|la|&)\s+)*[A-Z][\w'-]*)*"


KIND_NOUNS = frozenset("type kind category sort".split())


def kind_before(thing: str, text: str) -> str | None:
    """The kind of a thing (visa_type, permit_kind) is the word the text says right before the
    thing's noun ("a tourist-visa appointment" -> tourist, "the work permit" -> work), never a
    determiner nor a name in capitals."""
    m = re.search(rf"\b([a-z][a-z-]*?)[- ]{re.escape(thing)}s?\b", text)
    if m is None or m.group(1) in BESIDE_SKIP | DETERMINERS:
        return None
    return m.group(1)


def beside(name: str, text: str) -> str | None:
    """A value of no known role, when the request uses the property's noun (its name's last word):
    quoted text, else the word after "<noun> called/named", else the capitalized name before the
    noun ("the Harbor Point garage"), else the word between an article and the noun ("a bowline
    knot" -> "bowline"; "look up ISBN" has none). A long noun is used by its word family ("a flu
    vaccination" for vaccine)."""
    nouns = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())
    if not nouns:
        return None
    if len(nouns) > 1 and nouns[-1] in KIND_NOUNS:
        return kind_before(nouns[-2], text)
    # the noun's family: "vaccine" is used by "a flu vaccination"
    noun = re.escape(nouns[-1][:6]) + r"\w*" if len(nouns[-1]) >= 6 else re.escape(nouns[-1])
    if not re.search(rf"\b{noun}s?\b", text, re.I):
        return None
    q = quoted(text)
    if q:
        return q[0]
    m = re.search(rf"\b{noun}s?\s+(?:called|named)\s+([\w-]+)", text, re.I)
    if m:
        return m.group(1)
    m = re.search(rf"\b(?i:{noun})s?\s+({NAME_RUN})", text)
    if (
        m
        and not values.WEEKDAY_WORD.search(m.group(1))
        and not re.fullmatch(values.MONTH_WORD, m.group(1), re.I)
    ):
        return m.group(1)  # "the album Kind of Blue" -> "Kind of Blue"
    m = re.search(rf"\b((?:[A-Z][\w'-]*\s+)+)({noun}s?|(?i:{noun[0]}){noun[1:]}s?)\b", text)
    named = m.group(1).split() if m else []
    if m and SENTENCE_START.fullmatch(text[: m.start()]):
        named = named[1:]  # a sentence's first word is capitalized anyway ("Check Elm Yard garage")
    if m and named and named[0].lower() not in BESIDE_SKIP:
        # "the Harbor Point garage" -> "Harbor Point"; a capitalized noun is the name's own head:
        # "the Metro Sunday League" -> "Metro Sunday League"
        return " ".join(named + ([m.group(2)] if m.group(2)[0].isupper() else []))
    m = re.search(
        rf"\b(?:a|an|the|this|that|my|our|your)\s+([A-Za-z][\w-]*)\s+{noun}s?\b", text, re.I
    )
    if m and m.group(1).lower() not in BESIDE_SKIP:
        return m.group(1)
    return None


def shape(example: str) -> str:
    """A regex for values shaped like an example: "A-1001" -> "[A-Za-z]+-\\d+"."""
    parts = re.findall(r"[A-Za-z]+|\d+|[^A-Za-z\d]+", example)
    return "".join(
        r"[A-Za-z]+" if p.isalpha() else r"\d+" if p.isdigit() else re.escape(p) for p in parts
    )


def reshape(value: str, example: str) -> str | None:
    """A value rewritten in the example's shape ("a1001" like "A-1001" -> "A-1001"), or None; a
    run of digits the example opens with zeros is padded to its width ("12345" like "00012345",
    "a-45" like "A-0007" -> "A-0045"); a place said as its parts keeps only their values
    ("aisle D, rack 3, level 2" like "C-07-1" -> "D-03-2"); a code of the example's length and
    separators in lower case is written in its capitals ("gift-9xk4" like "GIFT-7Q2K"); a phone
    number like an international one ("+8613800138000") in its form: `_dialled`."""
    skeleton = re.compile(r"[A-Za-z0-9]")
    if skeleton.sub("x", value) == skeleton.sub("x", example) and value.lower() == value != example:
        return value.upper() if example.isupper() else None  # "gift-9xk4" like "GIFT-7Q2K"
    dialled = _dialled(value, example)
    if dialled is not None:
        return dialled
    mine = re.findall(r"[A-Za-z]+|\d+", value)
    theirs = re.findall(r"[A-Za-z]+|\d+|[^A-Za-z\d]+", example)
    runs = [p for p in theirs if p.isalnum()]
    if len(mine) > len(runs) and located_parts(value) == value:  # "aisle D, rack 3": the values
        mine = [p for p in mine if not re.fullmatch(r"[a-z]{2,}", p)]
    joined = "".join(mine)
    if example.isalnum() and len(joined) == len(example) and len(mine) != len(runs):
        # the example runs it all together ("7ABC123", "13800138000"): separators dropped
        return (
            joined.upper() if example.isupper() else joined.lower() if example.islower() else joined
        )
    if len(mine) != len(runs) or any(
        a.isdigit() != b.isdigit() for a, b in zip(mine, runs, strict=True)
    ):
        return None
    it = iter(mine)
    out = []
    for p in theirs:
        if not p.isalnum():
            out.append(p)
            continue
        v = next(it)
        if v.isdigit() and p.isdigit() and p.startswith("0") and len(v) < len(p):
            v = v.zfill(len(p))  # the example's leading zeros: as many digits as it has ("03")
        out.append(v.upper() if p.isupper() else v.lower() if p.islower() else v)
    return "".join(out)


def international(said: str, description: str) -> str:
    """A phone number written as its description asks: like its international example
    ("+8613800138000": `_dialled`), else in E.164 when the description names it, a mainland
    Chinese mobile (11 digits from 13-19) after +86, a ten-digit North American one after +1;
    else as said."""
    example = hint(description) or ""
    if example.startswith("+"):
        return _dialled(said, example) or said
    if not re.search(r"E\.?\s?164|international format|国际格式", description, re.I):
        return said
    digits = re.sub(r"\D", "", said)
    if said.startswith("+"):
        return "+" + digits
    if digits.startswith("00"):
        return "+" + digits[2:]
    if re.fullmatch(r"1[3-9]\d{9}", digits):
        return "+86" + digits
    if re.fullmatch(r"1?[2-9]\d{9}", digits):
        return "+1" + digits[-10:]
    return said


def _dialled(value: str, example: str) -> str | None:
    """A phone number ("139 1234 5678", "06 12 34 56 78 (in France)", "0049 151 ...") rewritten
    like an international example ("+8613800138000"): its digits, a leading trunk 0 dropped, after
    the example's country code, the digits the example has before a national number as long as
    the value's and opening with the same digit; "00" before it is the international prefix."""
    shape_ = re.fullmatch(r"\+(\d{8,15})", example)
    digits = re.sub(r"\D", "", re.split(r"[(（]\D", value)[0])
    if shape_ is None or not 6 <= len(digits) <= 15:
        return None
    if value.strip().startswith("+"):
        return "+" + digits
    if digits.startswith("00"):
        return "+" + digits[2:]
    theirs = shape_.group(1)
    if len(digits) == len(theirs) and digits[:3] == theirs[:3]:
        return "+" + digits  # the code said without its plus
    national = digits[1:] if digits.startswith("0") else digits
    code = theirs[: len(theirs) - len(national)]
    if not 1 <= len(code) <= 3 or theirs[len(code)] != national[0]:
        return None  # no country code before a number of the value's length and first digit
    return f"+{code}{national}"


AMOUNT_AFTER = re.compile(
    r"\s*(?:元|块|万|千|美元|欧元|英镑|日元|dollars?\b|euros?\b|pounds?\b|bucks\b|yen\b|"
    r"(?:usd|eur|gbp|cny|rmb|jpy)\b|%|percent\b|points?\b|积分|km\b|kg\b|miles?\b|hours?\b|"
    r"minutes?\b|小时|分钟|公里|公斤)",
    re.I,
)


def mentions(text: str) -> list[tuple[str, frozenset[str]]]:
    """Id-like tokens of the text, each with the concepts of the noun right before it (one Han
    character that is also an act's word is the code's verb, no noun: "订C-5"); a number
    said as a sum or a measure ("15000 元", "$300", "300 points") is none."""
    out = []
    phones = [
        p.span()
        for p in PHONE.finditer(values.without_dates(text))
        if " " in p.group(0).strip() and len(re.findall(r"\d", p.group(0))) >= 10
    ]
    for m in ID_TOKEN.finditer(text):
        if any(a <= m.start() < b for a, b in phones):
            continue  # a group of a phone number said in groups ("138 0013 8000") is no id
        before = NOUN_BEFORE.search(text[max(0, m.start() - 20) : m.start()])
        noun = (concepts(before.group(1)) | concepts(before.group(0))) if before else frozenset()
        if before and len(before.group(0).strip()) == 1 and any(kind(c) == "act" for c in noun):
            noun = frozenset()  # "订C-5": one character that is also an act's is its verb
        noun = frozenset(c for c in noun if kind(c) == "thing")  # (卡号: the 号 too)
        if values.DATE.fullmatch(m.group(1)):
            continue  # a date is no id
        if m.group(1).isdigit() and (
            AMOUNT_AFTER.match(text, m.end()) or re.search(r"[$€£¥￥]\s*$", text[: m.start()])
        ):
            continue  # a sum or a measure ("调到 15000 元", "$300", "300 points") is no id
        if re.search("[A-Za-z\u4e00-\u9fff]", m.group(1)) or noun:
            out.append((m.group(1) + _code_tail(text, m), noun))
    return out


CODE_TAIL = re.compile(r"[ ]((?=[A-Z0-9]*[A-Z])[A-Z0-9]{3})(?![\w-])")


def _code_tail(text: str, m: re.Match[str]) -> str:
    """The second half of a code written in two parts, letters and digits then three capitals
    ("KX19 ZPD", a number plate; "SW1A 1AA", a postcode); a currency's code is no half."""
    tail = CODE_TAIL.match(text, m.end())
    mixed = re.search(r"[A-Z]", m.group(1)) and re.search(r"\d", m.group(1))
    if tail is None or not mixed or tail.group(1) in values.KNOWN_CODES:
        return ""
    return tail.group(0)


FROM_RESULT = re.compile(  # a value another tool's result gives: "as returned by check_stock"
    r"\b(?:as\s+)?(?:returned|listed|given|reported|shown)\s+(?:by|in|from)\b|\bfrom\s+(?:the\s+)?"
    r"(?:results?\s+of\s+)?[a-z]+_[a-z_]+\b|由\s*\w+\s*返回|\w+_\w+\s*(?:返回|给出|列出)的",
    re.I,
)


def result_given(name: str, s: dict[str, Any]) -> bool:
    """Whether a property's value is one another tool's result gives, by its description ("Warehouse
    name as returned by check_stock"), and no code the user may say (an id, a code): no span of
    the request is its value."""
    described = str(s.get("description") or "")
    return bool(FROM_RESULT.search(described)) and not (_is_id(name) or CODE_NAME.search(name))


def ident(name: str, s: dict[str, Any], src: Source, topic: frozenset[str]) -> str | None:
    """An id for the property: right after its noun, or of its pattern's or example's shape."""
    # the id of the property's own thing ("customer_id"), or of what the tool works on ("code" of
    # track_parcel: the token after "parcel")
    named = {c for c in concepts(" ".join(words(name))) if kind(c) == "thing"}
    own = named | set(topic)
    wanted = s.get("pattern")
    example = hint(str(s.get("description") or ""))
    fit = re.compile(wanted if isinstance(wanted, str) else shape(example) if example else ".*")
    tokens = [  # a member of another property's enum ("C1" of license_type) is that one's
        (tok, noun)
        for tok, noun in mentions(src.text)
        if tok not in src.used and tok not in src.members
    ]
    tokens = [(tok, noun) for tok, noun in tokens if fit.fullmatch(tok) or fit.search(tok)]
    described = " ".join([str(s.get("description") or ""), *values.zh_labels(name), name])
    tokens = [  # never an id the conversation gives another kind (agentkit.sim.idkinds)
        (tok, noun)
        for tok, noun in tokens
        if not idkinds.other_kind(tok, name, f"{described} {src.tool}", src.text, src.tool)
    ]
    names = concepts(" ".join(words(name)))  # (its acts too: 订位单 for booking_id)
    mine = [  # by the topic only, never a number labelled as another thing's ("联系电话 …")
        tok
        for tok, noun in tokens
        if noun & named
        or _noun_names(tok, src.text, names)
        or noun & own
        and not _zh_label_other(tok, src.text, described)
        and not _labelled_other(tok, src.text, described)
    ]
    free = [
        tok
        for tok, noun in tokens
        if not noun
        and not _zh_label_other(tok, src.text, described)
        and not _labelled_other(tok, src.text, described)
    ]
    if result_given(name, s):
        mine, free = [], []  # "Warehouse name as returned by check_stock": no code of the request
    pick = (mine or free)[0] if mine or free else None
    if pick is None and not wanted and not example:
        pick = after_own_noun(name, src)
    if pick is not None:
        src.used.add(pick)
    return pick


ID_SUFFIX = frozenset({"id", "ids", "no", "num", "number", "code", "ref", "key", "slug"})
AFTER_NOUN = (  # what may stand between a noun and its code: "project id", "学生 ", "户号："
    r"(?:\s+(?:id|no\.?|number|code|named|called))?\s*(?:[:：#=]|为|是)?\s*[\"'“‘]?"
)
OWN_CODE = re.compile(
    r"([A-Za-z0-9](?:[A-Za-z0-9]|[._/-](?=[A-Za-z0-9]))*)"  # a slug, a code, a number
)


def after_own_noun(name: str, src: Source) -> str | None:
    """An id right after the noun its property is named for, when no token has an id's shape:
    "the project alpha-staging" for project_id, "spin class SPIN-TH-1830" for class_id, "学生
    2023011" for student_id (the Chinese words that label it, `values.zh_labels`, or whose
    dictionary sense is the noun). The token holds a digit, a hyphen or an underscore, or was
    quoted; a date is none."""
    nouns = [w for w in re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())]
    nouns = [w for w in nouns if w not in ID_SUFFIX]
    if not nouns:
        return None
    labels = [rf"\b{re.escape(w)}s?\b" for w in nouns]
    zh = values.zh_labels(name) + [
        w
        for w in glosses.segmented(src.text)
        if any(re.search(rf"\b{n}\b", g) for n in nouns for g in glosses.gloss(w))
    ]
    labels += [re.escape(w) for w in sorted(set(zh), key=len, reverse=True)]
    for label in labels:
        for m in re.finditer(label + AFTER_NOUN, src.text, re.I):
            tok = OWN_CODE.match(src.text, m.end())
            if tok is None or tok.group(1) in src.used:
                continue
            code = tok.group(1)
            opened = m.group(0).rstrip()[-1:]
            closed = src.text[tok.end() : tok.end() + 1]
            quoted_ = bool(opened) and opened in "\"'“‘" and closed in "\"'”’"
            if values.DATE.fullmatch(code) or not (quoted_ or re.search(r"[\d_-]", code)):
                continue
            return code
    return None


def _noun_names(tok: str, text: str, named: frozenset[str]) -> bool:
    """Whether the noun right before an id token holds a word of the property's own name, of any
    kind ("订位单 BK-7720" for booking_id: 订位 says "book"; a booking's slip is a booking)."""
    at = text.find(tok)
    before = NOUN_BEFORE.search(text[max(0, at - 20) : at]) if at >= 0 else None
    if before is None or len(before.group(0).strip()) < 2:
        return False
    noun = before.group(1)  # (预订单: 预订 "book" before its 单, read as 订单 "order" whole)
    return bool(named & (concepts(noun) | concepts(before.group(0)) | concepts(noun[:-1])))


OWN_NUMBER = re.compile(  # a thing's own number, no id of a record: "plate LR21 XKM"
    r"\b(plate|registration|reg|licen[cs]e|passport|serial|vin|iban|imei)"
    r"(?:\s+(?:number|no\.?|#))?\s*[:#]?\s*$",
    re.I,
)


def _labelled_other(tok: str, text: str, described: str) -> bool:
    """A code the text labels as a thing's own number (a plate's, a passport's, a serial: "the
    car with plate LR21 XKM") that the property's name and description do not name: no id of a
    record (contract_id) the thing is looked up for."""
    at = text.find(tok)
    m = OWN_NUMBER.search(text[: max(at, 0)])
    if m is None:
        return False
    said = m.group(1).lower()
    same = {said[:4], {"registration": "plate", "reg": "plate"}.get(said, said)}
    return not any(w in described.lower() for w in same)


def _zh_label_other(tok: str, text: str, described: str) -> bool:
    """A code the text labels in Chinese as a person's own number (a card's, a document's, an
    account's, a phone's, a car's plate: "医保卡号 YB2026…", "身份证号", "会员账号", "车牌粤B·12345")
    that the property's description
    does not name: no id of the place or entry the property wants (clinic_id)."""
    at = text.find(tok)
    m = re.search(
        r"([\u4e00-\u9fff]{0,5}(?:卡号|证号|账号|手机号|电话|号码|车牌号?|牌照|[员户者生人]号))\s*[:：是为]?\s*$",
        text[: max(at, 0)],
    )
    if m is None:
        return False
    head = re.sub(r"(?:卡号|证号|账号|号码|号)$", "", m.group(1))  # 学员号 is a 学员's: student_id
    return not any(w and w in described for w in (m.group(1)[-3:], m.group(1)[-2:], head[-2:]))


SERIAL = re.compile(r"(?<![\w-])(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{8,}(?![\w-])")


def serial(src: Source, described: str = "") -> str | None:
    """A long code of capitals and digits ("1Z999AA10123456784"), not used by another property,
    nor labelled as a thing's own number the property does not name ("passport P4471203" is no
    consulate: `_labelled_other`)."""
    for m in SERIAL.finditer(src.text):
        if described and (
            _labelled_other(m.group(0), src.text, described)
            or _zh_label_other(m.group(0), src.text, described)
        ):
            continue
        if m.group(0) not in src.used:
            src.used.add(m.group(0))
            return m.group(0)
    return None


NUMBER_NOUN = re.compile(r"\s+(?:card|number|no\b|code|badge|pass)", re.I)


def code(src: Source, name: str = "") -> str | None:
    """The first code in capitals of the text not used by an earlier property ("USD", then "EUR"),
    nor the property's own word ("ISBN" is no isbn), nor the kind of a number said after it ("ID
    card", "PIN code"), nor a unit after a number ("20 GB")."""
    own = {w.lower() for w in re.findall(r"[A-Za-z]+", name)}
    for m in CODE_TOKEN.finditer(src.text):
        if NUMBER_NOUN.match(src.text, m.end()) or m.group(1) in src.members:
            continue  # "ID card", "PIN code": a number's kind; "C1" of a class's enum: its own
        if re.search(r"\d\s*$", src.text[: m.start()]) and values.is_measure(m.group(1)):
            continue  # "20 GB", "5 KG": a unit after its number, no code
        if m.group(1) not in src.used and m.group(1).lower() not in own:
            src.used.add(m.group(1))
            return m.group(1)
    return None


def places(text: str) -> list[str]:
    """The places a text names (`_places_said`); where the words a Chinese text seems to name
    hold no place the dictionary knows while other words of it are places there ("帮我订明天杭州
    的品酒会": not 帮我订), or where it seems to name none, the dictionary's places (glosses rule 4)."""
    found = _places_said(text)
    if found and not all(glosses.HAN_RUN.search(p) and not _holds_place(p) for p in found):
        return found
    return _dictionary_places(text) or found


PLACE_WORDS = "火车站|高铁站|机场|码头|车站|站|港|区|县|镇|村|市"  # a Chinese place's end word
DICT_PLACE_END = re.compile(rf"(?:{PLACE_WORDS})?")  # (joined to a dictionary place: 上海虹桥站)
ENDS_AS_PLACE = re.compile(rf"(?:{PLACE_WORDS}|乡|路|街)$")  # (a name it ends: 桃花村, 菜园区)


def _dictionary_places(text: str) -> list[str]:
    """The places the dictionary knows in a text, each with the places right after it and a
    place's end word joined to it ("上海虹桥站": 上海, 虹桥 and 站, one place)."""
    out: list[str] = []
    for run in re.findall(r"[\u4e00-\u9fff]+", text):
        at, span = 0, ""
        for w in glosses.segmented(run):
            start = run.find(w, at)
            if glosses.place(w) and (not span or start == at):
                span += w
            elif span:
                out.append(span + _ended(run[at:]))
                span = ""
            at = start + len(w)
        if span:
            out.append(span + _ended(run[at:]))
    return list(dict.fromkeys(out))


def _ended(rest: str) -> str:
    m = DICT_PLACE_END.match(rest)
    return m.group(0) if m else ""


def _holds_place(said: str) -> bool:
    """A place the dictionary knows, or a name a place's end word ends (桃花村, 菜园区)."""
    if ENDS_AS_PLACE.search(said):
        return True
    return glosses.place(said) or any(glosses.place(w) for w in glosses.segmented(said))


def _places_said(text: str) -> list[str]:
    """The places a text names: "in Paris and London" -> ["Paris", "London"], "at A, B and C" ->
    three; "北京和上海的天气";
    a Chinese place its administrative word ends ("在海淀区预约"); a capitalised place a thing goes to, with nothing else named ("a parcel to Canada"); a Chinese
    question's subject before its time of day, at its start or after its date ("7月3日青岛下午几点")."""
    m = PLACE_EN.search(text) or DESTINATION.search(text)
    if m:
        rest = re.split(r"\s*,?\s*(?:and|&)\s+(?:in\s+)?", m.group(2)) if m.group(2) else []
        # a list ended by "and" is split at its commas too ("Harbor Point, Millbrook and Dunmore")
        first = re.split(r"\s*,\s*", m.group(1).rstrip(",")) if rest else [m.group(1).rstrip(",")]
        return first + [p for p in rest if p]
    listed = zh_listed(text)
    if listed:
        return listed
    at = PLACE_ZH_AT.search(text) or PLACE_ZH_AREA.search(text)
    at = at or PLACE_ZH_AREA_SUBJECT.search(text)  # a name its area word ends before any guess
    at = at or PLACE_ZH_WHEN.search(text) or PLACE_ZH_NOW.search(text)
    z = PLACE_ZH.search(text)
    if z and DEICTIC.fullmatch(ZH_TIME.sub("", ZH_LEAD.sub("", z.group(1)))[-2:]):
        z = None  # "那边天气怎么样": the place is the one gone to, named before
    if at and not z:
        return [at.group(1)]
    if z:
        chunk = ZH_TIME.sub("", ZH_LEAD.sub("", z.group(1)))
        found = [ZH_TIME.sub("", p) for p in re.split(r"[、和与跟]", chunk)]
        return [p for p in found if len(p) >= 2]
    for subject in PLACE_ZH_SUBJECT.finditer(text.strip()):
        said = ZH_LEAD.sub("", subject.group(1))
        if len(said) >= 2 and not re.search(ZH_WHEN, said) and not concepts(said):  # 会议: a thing
            return [said]
    lines = [BARE_PLACE.match(line) for line in text.splitlines()[1:]]
    return [b.group(1) for b in lines if b][-1:]


ZH_ITEM_END = rf"(?=、|和|与|及|以及|[一二两三四五六七八九十几\d]+\s*[个家座处所间地]|的|这|那|等|各|都|[，,。！？?!；;\s]|$|现在|目前|{ZH_WHEN}|哪|谁|什么|怎么|多少)"
ZH_LIST = re.compile(
    rf"([\u4e00-\u9fff]{{2,12}}?){ZH_ITEM_END}((?:、[\u4e00-\u9fff]{{2,4}}?{ZH_ITEM_END})+)"
    rf"(?:(?:和|与|及|以及)([\u4e00-\u9fff]{{2,4}}?){ZH_ITEM_END})?"
)


def zh_listed(text: str) -> list[str]:
    """The names a Chinese list gives, parted by 、 ("成都、武汉、西安三个仓库", "北京、上海和广州"),
    the first after the request's own words ("查一下成都" -> 成都): each is one value."""
    m = ZH_LIST.search(text)
    if not m:
        return []
    first = ZH_ASKING.split(ZH_LEAD.sub("", m.group(1)))[-1][-4:]
    items = [first] + m.group(2).split("、")[1:] + [m.group(3) or ""]
    return [i for i in items if len(i) >= 2]


def path(name: str, text: str, tool: str = "") -> str | None:
    dir_like = bool(re.search(r"dir|folder|目录", name, re.IGNORECASE))
    found = [p for p in PATH.findall(text) if p.lower() not in ("e.g", "i.e")]
    d = DIR_WORD.search(text)
    if dir_like:
        if d and (d.group(1) or "").lower() in DETERMINERS:  # "in this directory"
            return "."
        if d:
            return d.group(1) or d.group(2) or d.group(3)
        plain = [p for p in found if "." not in p.rsplit("/", 1)[-1] or p in (".", "..")]
        if plain:
            return plain[0]
        return "." if HERE.search(text) else None
    found = found or shell.FILE.findall(text)  # a dotfile by its name alone: .env, .gitignore
    if found and not LISTS_FOLDER.search(tool) and inside_folder(found[0], text):
        return None  # "/共享/视频 里那个…(1)的": the folder holds the file; a listing gives it
    return found[0] if found else None


LISTS_FOLDER = re.compile(
    r"list|\bls\b|\bdir(?:ector(?:y|ies))?\b|folder|browse|列出|目录|文件夹", re.I
)  # its path a folder


def inside_folder(p: str, text: str) -> bool:
    """Whether the text says a path as the folder a file it describes is in ("in /Photos/Lisbon
    there's a duplicate ...", "/共享/视频 里那个…的视频"): a path of no file name, followed by
    in-words; its file is not said by name."""
    if "." in p.rsplit("/", 1)[-1] or "/" not in p:
        return False
    at = text.find(p)
    before, after = text[max(0, at - 12) : at], text[at + len(p) : at + len(p) + 6]
    return bool(
        re.search(r"\b(?:in|inside|under|within|from)\s+(?:the\s+)?(?:folder\s+)?$", before, re.I)
        or re.match(r"\s*(?:里|里面|中|下|目录里|文件夹里|下面)", after)
    )


QUERY_END = re.compile(
    r"\s+(?:and|then|so|to|that|which|(?:in|from|on|for) (?:my|our)|for (?:me|us|dinner|lunch|tonight))\b.*$"
    r"|\s*[,;，；].*$|(?:并|然后|再|，).*$|[.!?。！？](?:\s|$).*$",  # a query ends with its sentence
    re.IGNORECASE,
)
QUERY_LEAD = re.compile(
    r"^(?:me|us|for|about|some|any|a|an|the|good|nice|(?:top|first|best)\s+\d+)\s+", re.IGNORECASE
)  # "the top 3 courses about X": how many is the limit's, no word of the query


def query(text: str, nouns: list[str] | None = None) -> str | None:
    """What is searched for: quoted text, else the noun phrase after "search for"/"find"/"搜索"
    (the words "me", "a", "some" before it dropped; the clause after it, "and save it", "in my
    recipe box", cut off; the kind of thing the tool finds, "recipe" of search_recipes, dropped
    when other words name it: "find me a vegetarian lasagna recipe and save it" -> "vegetarian
    lasagna")."""
    q = quoted(text)
    if q:
        return q[0]
    m = QUERY.search(text)
    if not m:
        return None
    asked = re.match(r"(?:which|what|how|whether|is there|are there)\b", m.group(1), re.I)
    sought_ = keywords_asked(m.group(1), nouns or []) if asked else None
    if sought_:
        return sought_  # "search which permit I need for a shed": shed, not the question
    found = QUERY_END.sub("", m.group(1).strip())
    while QUERY_LEAD.match(found):
        found = QUERY_LEAD.sub("", found, count=1)
    found = re.sub(r"^(?:一下|一些|一个|个|些|份|条|款)", "", found)
    found = re.sub(r"^[一两二三四五六七八九十几]?[本部首张件份台款种篇条家]", "", found)
    topic = TOPIC_ZH.search(found)  # "一本关于量子计算的入门书"
    found = topic.group(1) if topic else found
    found = re.sub(r"(?<=[\u4e00-\u9fff])[吧呢啊嘛呀]$", "", found)
    kind_ = re.fullmatch(r"([\u4e00-\u9fff]{2,}?)的?([\u4e00-\u9fff]{1,4})", found)
    if kind_ and _only_tool_thing(kind_.group(2), nouns or []):
        found = kind_.group(1)  # "机器学习的课程" of search_courses: 机器学习
    if _only_tool_thing(found, nouns or []):
        return None  # "帮我找个菜谱": the tool's own thing, no query (`sought`)
    for noun in nouns or []:  # "recipes" of search_recipes: "a lasagna recipe", "articles about X"
        found = re.sub(rf"(?<=\S)\s+{re.escape(noun)}(?:e?s)?$", "", found, flags=re.I)
        found = re.sub(  # "online courses about machine learning": what the courses are about
            rf"^(?:[\w-]+\s+){{0,2}}?{re.escape(noun)}(?:e?s)?\s+(?:about|on|for|with|of|regarding)\s+",
            "",
            found,
            flags=re.I,
        )
    return found.strip() or m.group(1).strip()


TOPIC_ZH = re.compile(
    r"(?:关于|(?<!没)有关(?!于))([^，,。？?！!的]{2,16})的"
)  # "有没有关于量子计算的书"
SOUGHT_FOR = (
    r"\b{noun}(?:e?s)?\b[^.?!;,]*?\b(?:for|about|on|regarding|covering|(?:appl|belong|relate)\w*\s+to)"
    r"\s+([^.?!;,]+)"
)


def keywords_asked(text: str, nouns: list[str]) -> str | None:
    """What a catalogue search (not a web search) is given for a question with no verb of
    searching: the keywords of what is sought, never the question. In Chinese what 关于 / 有关
    names ("图书馆里有没有关于量子计算的书" -> 量子计算), else the question's subject before its
    question word (`values.name_span`: "红烧肉怎么做" -> 红烧肉); in English what the tool's own
    thing is for or about ("which HS code I should use for frozen shrimp" -> frozen shrimp),
    else the question without its frame ("which", "is there", "could you tell me")."""
    if WEB_NOUNS & set(nouns):
        return None
    frame = websearch.query_of(text)
    if re.search(r"[\u4e00-\u9fff]", text):
        topic = TOPIC_ZH.search(text)
        if topic:
            return values.name_span(topic.group(1))
        first = re.split(r"[。？?！!；;\n]", frame)[0]
        said = values.name_span(first)
        return said if said != first.strip() else None
    for noun in nouns:
        m = re.search(SOUGHT_FOR.format(noun=re.escape(noun.rstrip("e"))), text, re.I)
        if m:
            return values.name_span(m.group(1))
    said = values.name_span(frame)
    return said if said != frame.strip() else None


BRACKETED_NAME = re.compile(r"(?<=[a-z])\s+\(([A-Z][a-z]+(?:\s+[A-Za-z][a-z]+){1,3})\)")


def bracketed_name(text: str) -> str | None:
    """What is searched for when no verb of searching says it: the name a thing is given in
    brackets after its common name ("the cultivated lentil (Lens culinaris)" -> "Lens
    culinaris"), when the request gives one such name."""
    found = BRACKETED_NAME.findall(text)
    return found[0] if len(found) == 1 else None


WEB_NOUNS = frozenset({"web", "internet", "online", "google", "bing", "news", "page", "site"})
SOUGHT_MODIFIERS = re.compile(
    r"\b(?:the|a|an|some|any|one|my|your|that|this)\s+((?:[\w'’-]+\s+){0,4}?)(?:%s)\w*"
    r"((?:\s+(?:in|near|at|on|about|for|with|from|by)\s+(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*))?)"
)
TITLE_RUN = re.compile(
    r"(?<=[a-z,:]\s)((?:The|A|An)\s+)?[A-Z][\w'’-]*"
    r"(?:\s+(?:(?:of|the|and|in|on|a|to|for|at|&)\s+)*[A-Z][\w'’-]*)+"
)
SOUGHT_SKIP = frozenset(
    "good nice great cheap new best other few couple single double next first".split()
)


def sought(text: str, nouns: list[str]) -> str | None:
    """What a catalogue search (not a web search) is asked for when the request says no search
    verb ("Sign me up for the beginners' wheel throwing class"): the words around the tool's
    noun, those before it ("beginners' wheel throwing", without "good", "cheap"), else the place
    or name after it ("a hotel in Galway" -> "Galway"); else a title the request names in capitals
    ("put a hold on The Left Hand of Darkness"); in Chinese, what the request's verb acts on when
    the searched words name only the tool's thing ("想做麻婆豆腐，帮我找个菜谱" -> 麻婆豆腐)."""
    if WEB_NOUNS & set(nouns):
        return None
    for noun in nouns:
        m = re.search(SOUGHT_MODIFIERS.pattern % re.escape(noun.rstrip("e")), text, re.I)
        if m is None:
            continue
        before = [w for w in m.group(1).split() if w.lower() not in SOUGHT_SKIP]
        after = re.sub(r"^\s*\w+\s+", "", m.group(2))
        if before or after:
            return " ".join(before) or after
    m = TITLE_RUN.search(text)
    if m is not None and len(m.group(0).split()) >= 2:
        return m.group(0)
    for m in ZH_OBJECT.finditer(text):
        if not _only_tool_thing(m.group(1), nouns):
            return m.group(1)
    return None


ZH_OBJECT = re.compile(  # what a Chinese request's verb acts on: "想做麻婆豆腐" -> 麻婆豆腐
    r"(?:想|要|打算|准备)(?:做|吃|买|学|看|听|订|找|搜|去)(?:一下|个|些|点|一份|一本)?"
    r"((?:(?![的了吧呢啊，。！？,.!?\s])[\u4e00-\u9fffA-Za-z0-9]){2,10})"
)


def _only_tool_thing(found: str, nouns: list[str]) -> bool:
    """A Chinese search text that names only the tool's own thing (菜谱 for search_recipes)."""
    if not re.fullmatch(r"[\u4e00-\u9fff]{1,4}", found):
        return False
    english = {w for g in glosses.gloss(found) for w in re.findall(r"[a-z]+", g.lower())}
    return any(n.rstrip("e") in w for n in nouns for w in english)


GENERIC_TOOL_WORDS = frozenset("info detail data get tool api lookup by item result".split())


def tool_nouns(tool: str) -> list[str]:
    """The words of a tool's name that name the thing it works on: "search_recipes" -> ["recipe"],
    "create_playlist" -> ["playlist"], "package_info" -> ["package"] (acts and generic words out)."""
    out = []
    for w in words(tool):
        named = concepts(w)
        if named and all(kind(c) != "thing" for c in named) or w in GENERIC_TOOL_WORDS:
            continue
        out.append(w)
    return out


PEOPLE = re.compile(
    r"person|people|guest|customer|client|user|contact|employee|patient|passenger|attendee|"
    r"member|student|traveller|traveler|owner|tenant|driver|player|teacher|full name|first and last|"
    r"姓名|人员|乘客|客户|员工",
    re.I,
)


def of_people(name: str, s: dict[str, Any], topic: frozenset[str], tool: str) -> bool:
    """Whether a property the person pattern matches holds a person's name: a bare `name` only when
    its description, the tool's name or things are people ("the guest's full name", add_contact,
    a customer tool), or no tool is filled (a record extracted as a structured answer); else it is
    the name of the thing the tool works on (a package, a playlist, a file)."""
    if name.lower() != "name" or not tool:
        return True
    said = f"{s.get('description') or ''} {tool.replace('_', ' ')}"
    return bool(PEOPLE.search(said)) or bool(topic & {"customer", "account"})


CALLED = re.compile(
    r"\b(?i:renam)\w*\b.*?\b(?:to|as)\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*|[\w.@/-]+)"
    r"|\b(?:called|named|titled)\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*|[\w.@/-]+)"
    r"|(?:叫做|叫|名为|名叫|命名为)\s*([\w\u4e00-\u9fff.-]+?)(?=[的，。,.\s]|$)"
)
OF_END = re.compile(
    r"\b(?:of|for|about|on)\s+(?!(?:me|us|you|him|her|it|them|now|today|tomorrow)\b)([\w.@/-]+?)"
    r"\s*(?:[?.!？。,，;；]|$)"
)


def named_thing(src: Source) -> str | None:
    """The name of the thing a tool works on: quoted, else after "called"/"named"/"叫", else beside
    the tool's noun ("the lodash package", "package lodash"), else a whole proper name of two
    words or more ("Kate Olsen"), else the word that ends a clause after "of"/"for" ("the latest
    version of lodash?"), never a day ("on Saturday.")."""
    text = src.text
    q = [x for x in quoted(text) if len(x.split()) <= 6]
    if q:
        return q[0]
    m = CALLED.search(text)
    if m:
        return next(g for g in m.groups() if g).strip()
    for noun in tool_nouns(src.tool):
        n = re.escape(noun)
        m = re.search(rf"\b(?:the|a|an|my|our|this|that)\s+([\w.@/-]+)\s+{n}s?\b", text, re.I)
        m = m or re.search(rf"\b{n}s?\s+([\w.@/-]*[a-z0-9][\w.@/-]*)", text, re.I)
        if (
            m
            and m.group(1).lower() not in BESIDE_SKIP | DETERMINERS
            and not values.WEEKDAY_WORD.search(m.group(1))  # "a room Wednesday evening": a day
            and values.unit_of(m.group(1)) is None
        ):
            return m.group(1)
    whole = proper_name(text, src.used)
    if whole and " " in whole and not values.WEEKDAY_WORD.search(whole):
        return whole  # a whole name the text gives ("Kate Olsen"), before a clause's last word
    m = OF_END.search(text)
    if (
        m
        and m.group(1).lower() not in BESIDE_SKIP | DETERMINERS
        and not values.WEEKDAY_WORD.search(m.group(1))  # "on Saturday." names a day, no thing
        and not values.iso_dates(m.group(1))
    ):
        return m.group(1)
    m = MY_THING.search(text)  # "My hydrangea looks scraggly": what the user's sentence is about
    if m and m.group(1).lower() not in BESIDE_SKIP | DETERMINERS and _word(m.group(1)):
        return m.group(1)
    return None


MY_THING = re.compile(
    r"(?:^|[.!?]\s+)(?:my|our)\s+([a-z]{3,})\s*(?:\(|,|\b(?:is|looks?|has|seems|keeps|got|"
    r"isn't|won't|doesn't|has been|needs)\b)",
    re.I,
)


INCIDENT = re.compile(
    r"incident|accident|damage|what_?happened|fault|symptom|事故|经过|出险|损失情况|故障", re.I
)
CLAUSE_ASKS = re.compile(
    r"^(?:and\s+)?(?:i'?d like|i want|i need|please|can you|could you|i'?m|my name|"
    r"[Mm]y (?:phone|number|policy|email))|想|要|请|帮|申请|麻烦|能不能|可以|手机|电话|我叫|我是",
    re.I,
)


def incident_told(text: str) -> str | None:
    """What happened (an incident, 事故简述): the clauses of the text that state an event, without
    the request's own ("想申请理赔…", "I'd like to claim …") nor one that gives a number of the
    user's ("我手机号139…"): "家里厨房水管爆了把地板泡坏了"."""
    sentences = re.findall(r"[^。!！?？\n]+?(?:[。!！?？\n]|\.(?!\d)(?=\s|$)|$)", text)
    kept = [x for x in sentences if not re.search(r"[?？]\s*$", x)]  # a question asks, it tells not
    clauses = [c.strip() for c in re.split(r"[，,。.;；!！\n]+", " ".join(kept)) if c.strip()]
    told = [c for c in clauses if not CLAUSE_ASKS.search(c) and not re.search(r"\d{5,}", c)]
    told = [c for c in told if not ASKS_WITHIN.search(c)]  # "Nobody is inside but please log it"
    joiner = "，" if re.search(r"[\u4e00-\u9fff]", text) else ", "
    return joiner.join(told) if told and len("".join(told)) >= 4 else None


ASKS_WITHIN = re.compile(r"\b(?:but|so|and)\s+(?:please|can you|could you)\b|但请|所以请", re.I)


def free_text(text: str, topic: frozenset[str]) -> str | None:
    """Free text: quoted, else after a colon, else after the words that hand a body over ("内容是
    X", "containing X"), else after the tool's noun ("a note that ...")."""
    q = quoted(text)
    if q:
        return q[0]
    m = re.search(r"(?<!\d)[:：](?!\d)\s*(.+)", text, re.DOTALL)  # not a time's colon: "21:00"
    if m and shell.DESCRIBED.match(text, m.start()) and shell.FILE.search(text[: m.start()]):
        return None  # "写一个 summary.md：列出每天…": what the file is to hold, not its text
    if m:
        return m.group(1).strip()
    body = BODY_GIVEN.search(text)  # "创建 a.txt 文件，内容是 X", "a file containing the text X"
    if body and body.group(1).strip(" ,.。"):
        return body.group(1).strip()
    for c in sorted(topic):
        if kind(c) != "thing":
            continue
        for w in TABLE[c][1].split() + TABLE[c][2].split():
            n = re.search(
                rf"{re.escape(w)}s?\s*(?:that|saying|about|to|说|内容是)?\s*(.+)", text, re.I
            )
            said = GIVEN_FIRST.sub("", n.group(1)) if n else ""
            if said.strip(" ,.。"):  # "手机号13900001111，提醒她…": the number is the phone's
                return said.strip()
    told = TOLD.search(text)  # a message's words: what the request asks to tell
    said = next((g for g in told.groups() if g), "") if told else ""
    return said.strip() if said.strip(" ,.。") else None


BODY_GIVEN = re.compile(  # the words that hand over a text's body: what follows them is it
    r"(?:内容(?:是|为|写)|写上|写着|\b(?:containing(?: the text)?|with the (?:text|content|words))\b"
    r"(?!\s+(?:the|a|an|all|each|every|any|some|my|our|their|its|what|which|how|one|two|three|"
    r"both|only|just)\b))\s*[:：]?\s*(.+)",
    re.I | re.DOTALL,
)
TOLD = re.compile(
    r"(?:告诉|提醒|通知|转告)(?:一下)?(?:他们|她们|我们|他|她|您|你|我|大家|对方)?(?:说)?[，,]?\s*(.+)"
    r"|\b(?:saying|to say|telling (?:him|her|them|everyone))\s+(?:that\s+)?(.+)",
    re.I | re.DOTALL,
)


GIVEN_FIRST = re.compile(
    r"^(?:\s*(?:\+?\d[\d\s-]{6,}\d|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)\s*[,，;；]\s*)+"
)


def fallback(s: dict[str, Any], src: Source) -> Any:
    """A forced call's required value the conversation does not give: the schema's default, its
    smallest valid value, or the user's own words."""
    if "default" in s:
        return s["default"]
    t = type_of(s)
    if t in ("number", "integer"):
        low = s.get("minimum", s.get("exclusiveMinimum", 0))
        return int(low) if t == "integer" else low
    if t == "boolean":
        return False
    if t == "array":
        return []
    if t == "object":
        return {}
    if s.get("format") or s.get("pattern"):  # a date or a code is never the whole request:
        examples = s.get("examples")  # the schema's own example, else left out
        return examples[0] if isinstance(examples, list) and examples else None
    return src.text.strip()[:200]


KIN_EN = (  # a relation said before a person's name: "her grandmother Rosa", "my son, Tom"
    r"(?:grand)?(?:mother|father|mum|mom|dad|son|daughter|child)|wife|husband|partner|brother|"
    r"sister|aunt|uncle|niece|nephew|cousin|friend|neighbou?r|nanny|colleague|boss|assistant"
)
KIN_ZH = (  # a relation said before a person's name: "我妈妈周静", "我爱人李敏"
    "妈妈|爸爸|母亲|父亲|爱人|老婆|老公|丈夫|妻子|太太|儿子|女儿|哥哥|姐姐|弟弟|妹妹|爷爷|奶奶|"
    "外婆|外公|姥姥|姥爷|朋友|同事|邻居|室友|老板|助理|阿姨|叔叔|舅舅|姑姑|表哥|表姐"
)
PERSON = re.compile(
    rf"\b(?:my|her|his|our|their)\s+(?:{KIN_EN}),?\s+({values.PERSON_RUN})(?![\w'’])"
    r"|(?:my name is|name is|[Nn]ame['’]s|I am|I'm|this is|signed|regards|from|(?:[Dd]river|[Cc]ustomer|[Gg]uest|[Pp]assenger|[Pp]atient|[Ss]tudent|[Mm]ember|[Hh]older)(?:'s name)? is)[,:]?\s+"
    rf"({values.PERSON_RUN})"
    r"|(?:我叫|我是|本人)\s*[\u4e00-\u9fff]{1,8}?(?:村|镇|乡|区|县|市|公司|学校|大学|医院|部门|小区)的"
    r"([\u4e00-\u9fff]{2,3}?)(?=[，。,.!！?？\s]|想|要|在|$)"  # "我是清河村的王建国，"
    r"|(?:我叫|我是|本人)\s*([\u4e00-\u9fff]{2,4}?)(?=的|[^\u4e00-\u9fff]|$)"  # not "张子涵的"
    rf"|(?:给|为|替)(?![我你他她它咱您])((?:{'|'.join(values.ZH_DOUBLE)})[\u4e00-\u9fff]{{1,2}}?|[\u4e00-\u9fff]{{2,3}}?)(?=买|订|预订|预约|约|办|挂号|报名|登记)"
    rf"|帮({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)(?=买|订|预订|预约|约|办|挂号|报名|报上|登记)"  # "帮王小明报上"
    r"|(?:^|[.!?]\s+|\"|“)([A-Z][a-z]+)\s+(?:wants|would like|needs|ordered|asked|is asking|bought)"
    rf"|(?:^|\n|[.!?]\s+)\s*({values.FULL_RUN})\s+here\b"  # "Marcus Okafor here -"
    rf"|\bunder (?:the )?name (?:of )?({values.PERSON_RUN})"  # "a table under the name Okonkwo"
    r"|\b(?:[Cc]all|[Tt]ext|[Cc]ontact|[Aa]sk for|[Mm]essage)\s+([A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)?)(?=\s+(?:at|on)\b)"
    rf"|(?:^|[：:，,。\s])({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)(?=订了|买了|要了|预订了|下单|订购了|购买了)"
    r"|(?:[Cc]heers|[Bb]est(?: wishes)?|[Tt]hanks|[Ll]ove|[Ww]armly|[Ss]incerely|[Yy]ours)[,!]?\s+"
    rf"({values.PERSON_RUN})\W*$"  # a letter's sign-off: "Cheers, Marcus"
    rf"|(?:我|我的|她|他|我们)的?(?:{KIN_ZH})[,，\s]*({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)"
    r"(?=[^\u4e00-\u9fff]|在|会|是|也|来|去|负责|联系|接|$)"  # "我妈妈周静在家": 周静
)
PERSON_FROM = re.compile(r"(?<![\w'-])([A-Z][\w'-]+(?:[ \t]+[A-Z][\w'-]+){1,2})\s+$")
PRODUCT = re.compile(
    r"\b\d+\s+(?:[x×*]\s+)?(?:(?:packs?|boxes?|bottles?|pieces?|units?|bags?|cups?|cans?|pairs?|sets?)\s+of\s+)?"
    r"((?:[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)|[a-z][\w-]*)"
)
TAG = re.compile(r"<[^>]+>")
NAME_ENTRY = re.compile(rf"(?:^|[:：]\s*)({values.FULL_RUN})(?=\s*(?:[,，(;]|$))", re.M)


FOR_PERSON = re.compile(  # "book the cheapest one for Ada Lovelace", "a table for Dr. Chen"
    r"\b(?:for|passenger|guest|attendee|(?i:patient|client|applicant|tenant)[:：]?|(?:record|file|chart|account|details|history) of)\s+"
    rf"((?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?{values.PERSON_RUN})(?!\w)"
)
ZH_FOR_PERSON = re.compile(  # "给李娜订", "替王强买", "乘客是张伟", "乘客：张伟", "把王芳加到通讯录"
    rf"(?:给|替|为|帮)({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)(?:订|买|预订|预约|办|报名|挂号|购买|定|上课|上(?=[。，！,.!]|$))"
    rf"|(?:乘客|旅客|入住人|客人)(?:姓名)?(?:是|为|叫)?[:：]?\s*({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}})"
    rf"|(?:把|将)({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)(?:加到|加入|添加到|添加|录入|登记|存到|存进|记到|拉进|移出)"
    rf"|(?:^|(?<=[\s，,。；;：:]))(?:患者|病人|病患|学员|学生|客户|顾客|会员|员工|租客|租户|申请人|联系人|收件人|业主|住户)"
    rf"(?:姓名)?(?:是|为|叫)?[:：]?\s*({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}})"
    rf"(?=[\s，,。、；;（(]|$)"  # a record's person after their role: "患者欧阳明轩，男"
    rf"|(?:把|将)({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}})的"  # "把王小明的手机号改成…"
)


POSSESSIVE = re.compile(
    rf"\b(?:me|us),\s+({values.FULL_RUN}),"
    rf"|(?<![.!?]\s)(?<!^)\b({values.PERSON_RUN})['’]s\s+[a-z]"
)
NOT_PEOPLE = re.compile(
    rf"^(?:{values.MONTH_WORD}|today|tomorrow|yesterday|tonight|everyone|everybody|it|that|what|"
    r"here|there|he|she|who|let|this|where|how)$",
    re.I,
)


def _named_person(m: re.Match[str]) -> bool:
    name = m.group(1) or m.group(2)
    return not NOT_PEOPLE.match(name) and not values.WEEKDAY_WORD.search(name)


NAME_LABEL = re.compile(  # a name the request labels as the one to put a booking or a form under
    r"\b(?:under|in)\s+(?:the\s+)?name(?:\s+of)?\s*[:,]?\s+|\bname(?:\s+(?:is|it's))?\s*[:,]?\s+(?=[A-Z])"
    r"|(?:名字|姓名|预订人|预约人|联系人|订票人|订餐人|登记人)(?:是|叫|写|为|填|用)?\s*[:：]?\s*"
)
LABELLED_EN = re.compile(
    r"((?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?[A-Z][\w'’-]*(?:[ \t]+(?:(?:van|von|de|der|den|del|della|da|di|du|la|le)"
    r"[ \t]+)*[A-Z][\w'’-]*){0,3})"
)
LABELLED_ZH = re.compile(r"([\u4e00-\u9fff·]{2,5}?)(?=[\s，,。.、；;！!？?（(]|$)")


def labelled_person(text: str) -> str | None:
    """A name after its label: "under the name Rosa Delgado", "name Lin", "in the name of Ortiz",
    "名字林青", "预订人：欧阳明"."""
    for m in NAME_LABEL.finditer(text):
        rest = text[m.end() :]
        found = LABELLED_EN.match(rest) or LABELLED_ZH.match(rest)
        if found and found.group(1) and not values.WEEKDAY_WORD.search(found.group(1)):
            return found.group(1)
    return None


def person(text: str) -> str | None:
    """A person's name: after its label ("under the name Rosa Delgado", "预订人：欧阳明"), after
    "my name is" / "I'm" / "我叫", or the capitalised subject of "X wants",
    or the one something is for ("book it for Ada Lovelace", "给李娜订", "乘客是张伟"), or a name
    standing alone as the first entry of a record ("Details: Priya Shah, ..."), or a Chinese name
    standing alone (a common surname and one or two characters: "张伟，") or as a sentence's
    subject before a time word ("李建国上个月…")."""
    return labelled_person(text) or _said_person(text)


def _said_person(text: str) -> str | None:
    found = list(PERSON.finditer(text))  # "from Leeds to ..." is a route's end, not a sender
    named = [m for m in found if not re.match(r"from\b", m.group(0), re.I)]
    if not named and found:  # "Priya Natarajan from Lumen Labs": the one named before "from"
        before = PERSON_FROM.search(text[: found[0].start()])
        if before:
            return before.group(1)
    named = named or found
    if named:
        return next((g for g in named[0].groups() if g), None)
    for who in FOR_PERSON.finditer(text):  # "for New York" is a place, "for Friday" a day
        if not values.time_zones(who.group(1)) and not values.WEEKDAY_WORD.search(who.group(1)):
            if not re.fullmatch(values.MONTH_WORD, who.group(1), re.I):
                return who.group(1)
    zh = ZH_FOR_PERSON.search(text)
    if zh:
        return next(g for g in zh.groups() if g)
    whose = next((m for m in POSSESSIVE.finditer(text) if _named_person(m)), None)
    if whose:  # "sign me, Dana Li, up", "Bump Priya Raman's salary"
        return whose.group(1) or whose.group(2)
    entry = NAME_ENTRY.search(text)
    if entry:  # "Add Lena Ortiz, ...": a sentence's first word that is an act is no name
        first, _, rest = entry.group(1).partition(" ")
        acts = concepts(first)
        return (
            rest
            if acts and all(kind(c) != "thing" for c in acts) and " " in rest
            else (entry.group(1))
        )
    subject = ZH_SUBJECT.search(text) or ZH_TITLED.search(text)
    return values.chinese_name(text) or (subject.group(1) if subject else None)


PROFESSION = re.compile(
    r"doctor|dentist|\bvet\b|veterinar|physician|surgeon|nurse|teacher|tutor|coach|instructor|"
    r"therapist|stylist|trainer|barber|lawyer|医生|大夫|牙医|兽医|老师|教练|律师|师傅|技师|理发师",
    re.I,
)
TITLE_EN = r"(?:Dr|Doctor|Prof|Professor|Coach|Nurse)"
TITLED_EN = re.compile(  # "Dr. Ng", "doctor Carlos Méndez", "with Maria Santos" (not "with Dr")
    rf"\b(?i:{TITLE_EN})\.?\s+({values.NAME_WORD}(?:\s+{values.NAME_WORD})?)(?!\w)"
    rf"|\bwith\s+(?!{TITLE_EN}\b)({values.NAME_WORD}(?:\s+{values.NAME_WORD})?)(?!\w)"
)
ZH_TITLE_END = re.compile(r"(?:老师|医生|大夫|教练|律师|师傅)$")
ZH_PRO_BEFORE = re.compile(
    rf"(?:老师|医生|大夫|教练|律师|师傅)\s*[:：]?\s*({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)"
    r"(?=[\s，,。、；;！!？?的]|$)"
)
ZH_PRO = re.compile(
    rf"({values.ZH_SURNAME}[\u4e00-\u9fff]{{0,2}}?(?:老师|医生|大夫|教练|律师|师傅))"
)


def professional(name: str, s: dict[str, Any], tool: str = "") -> bool:
    """A person property for the one who serves (dentist, coach, 医生姓名), by its name, else by
    its description when its name says no other role (patient's 病人姓名 is the user's; a bare
    `name` says none), else, for a bare `name`, by its tool's name (find_doctor's name)."""
    if PROFESSION.search(name):
        return True
    bare = re.fullmatch(r"(?:full_?)?name|姓名|名字", name, re.I) is not None
    if (role(name, {}) is None or bare) and PROFESSION.search(str(s.get("description") or "")):
        return True
    return bare and bool(PROFESSION.search(" ".join(words(tool))))


def titled(text: str) -> str | None:
    """The one who serves, as the text calls them: a surname with the title ("周医生", "王老师"), a
    full name without it ("张伟医生" -> 张伟, "辅导老师王思雨" -> 王思雨),
    "Dr. Ng", "Coach Rivera", or the one an appointment is with ("with Maria Santos")."""
    after = ZH_PRO_BEFORE.search(text)
    if after:  # "辅导老师王思雨": the name after the title
        return after.group(1)
    zh = ZH_PRO.search(text)
    if zh:  # "张伟医生": a full name is said without its title, "周医生" with it
        given = ZH_TITLE_END.sub("", zh.group(1))
        return given if len(given) >= 2 else zh.group(1)
    m = TITLED_EN.search(text)
    return next((g for g in m.groups() if g), None) if m else None


FULL_NAME = re.compile(rf"(?<![\w'-])({values.FULL_RUN})(?![\w'-])")


def full_name(text: str, used: set[str]) -> str | None:
    """A person's full name said anywhere: two or three capitalized words, accented or not, with
    the particles between them ("María de la Cruz", "Jean-Luc van der Berg"), that name no place
    nor day ("Upgrade Priya Nair to the gold tier": a sentence's first word, a verb, is left off),
    not after a word of place ("at Blue Fern Bistro") nor a value another property took."""
    for m in FULL_NAME.finditer(text):
        if re.search(r"\b(?:at|in|near|from|to|into|on|of|the)\s+$", text[: m.start()], re.I):
            continue
        names = m.group(1).split()
        if SENTENCE_START.fullmatch(text[: m.start()]) or re.search(
            r"[.!?]\s+$", text[: m.start()]
        ):
            names = names[1:]  # a sentence's first word is capitalized anyway
        while names and re.fullmatch(values.NAME_PARTICLE, names[0]):
            names = names[1:]
        run = re.sub(r"['’]s$", "", " ".join(names))  # "Priya Raman's salary": Priya Raman
        capitals = [n for n in names if not re.fullmatch(values.NAME_PARTICLE, n)]
        if (
            not 2 <= len(capitals) <= 3
            or run in used
            or values.time_zones(run)
            or values.countries(run)
        ):
            continue
        if values.WEEKDAY_WORD.search(run) or re.search(
            rf"(?<!\w){values.MONTH_WORD}(?!\w)", run, re.I
        ):
            continue
        return run
    return None


ZH_TITLED = re.compile(  # "王老师", "李医生": a surname and the title it is called by
    rf"({values.ZH_SURNAME}[\u4e00-\u9fff]{{0,2}}?(?:老师|医生|大夫|教练|律师|经理|先生|女士|师傅|小姐|太太|阿姨|叔叔|大爷|大妈|奶奶|爷爷|阿婆|伯伯))"
)


ZH_SUBJECT = re.compile(  # "李建国上个月一共加了多少小时的班": a name as the sentence's subject
    rf"(?:^|[，。？！\s]|查一下|查查|帮我查|请问)({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)"
    r"(?=上个?[月周星礼]|下个?[月周星礼]|这个?[月周星礼]|本[月周]|今[天年]|昨天|明天|去年|一共|总共|已经|最近)"
)


WORKS_AT = re.compile(  # the employer a writer names: "head of ops at Copperline Logistics"
    r"\b(?:work(?:s|ing)?|employed|head|director|manager|lead|engineer|founder|officer|president|"
    r"ceo|cto|cfo|coo|vp|buyer|analyst|developer|designer|consultant|partner|owner)\b"
    r"[^,.;:!?\n]{0,24}?\b(?:at|for|with)\s+([A-Z][\w&'-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&'-]*)*)"
)


def organisation(src: Source) -> str | None:
    """The next company the text names ("Acme Corp", "北京星河科技有限公司"), else the capitalized
    name after "from" ("Hi, I'm Dana from Northwind"), else the proper name the text says
    ("Which Halvard boxes …")."""
    for org in values.organisations(src.text):
        if org not in src.used:
            src.used.add(org)
            return org
    hirer = HIRER.search(src.text) or EMPLOYER.search(src.text)
    if hirer:  # the company that hires ("Tidewater Analytics is looking for ..."), one works at
        return next(g for g in hirer.groups() if g)
    works = WORKS_AT.search(src.text)
    if works and works.group(1) not in src.used:  # "head of ops at Copperline Logistics"
        return works.group(1)
    named = FROM_ORG.search(src.text)  # "from Quarry & Sons", "from Lumen Labs"
    named_ = named.group(1) if named else values.ends(src.text).get("from")
    if named_ and named_[:1].isupper() and named_ not in src.used:
        return named_
    return proper_name(src.text, src.used, frozenset(words(src.tool)))  # "Which Halvard boxes"


def product(text: str) -> str | None:
    """What is ordered: the words after a quantity ("2 packs of Green Tea", "3 notebooks", "2 x
    A3 posters"), all the words of its name that `values.thing_of` reads after the count ("2 A3
    poster prints", "12 glossy postcards"), not only the first; never a unit ("500 g of flour":
    flour), and the thing a question asks there is enough of first (`values.enough_of`)."""
    asked = values.enough_of(text)
    if asked:
        return asked  # "each needs 500 g. Enough flour?": what is asked of
    for m in PRODUCT.finditer(text):
        if values.is_measure(m.group(1)):  # "500 g of flour": flour, never the g
            of = re.match(r"\s+of\s+([a-z][\w-]*)", text[m.end() :])
            if of:
                return of.group(1)
            continue
        whole = values.thing_of(text[m.start() :])
        return whole if whole and whole.startswith(f"{m.group(1)} ") else m.group(1)
    return None


def summary(text: str) -> str | None:
    """A one-line summary: the longest sentence of the text (markup removed), at most 160 chars."""
    plain = TAG.sub(" ", text)
    sentences = [x.strip() for x in re.split(r"(?<=[.!?。！？])\s+|\n+", plain) if x.strip()]
    if not sentences:
        return None
    best = max(sentences, key=len)
    return best if len(best) <= 160 else best[:157] + "..."


FX_LEG = re.compile(  # a property of an exchange-rate or conversion tool that names a currency
    r"^(?:base|quote|from|to|source|target|sell|buy|src|dst)(?:_?(?:ccy|cur|curr|currency|code))?$"
    r"|ccy|^cur(?:r)?$",
    re.I,
)


def _asks_code(name: str, s: dict[str, Any]) -> bool:
    """Whether a currency property asks for the currency itself (its name says currency, or its
    schema a code: "ISO 4217", a pattern, an enum, an example code "e.g. USD"), not a sum said
    in one. A tool about money (its concepts) takes a currency in the properties that name the
    legs of an exchange (base, quote, from_ccy, target: `FX_LEG`)."""
    said = f"{name} {s.get('description') or ''}"
    return bool(
        re.search(r"currenc|币种|ccy", name, re.I)
        or re.search(r"code|ISO|symbol|代码|代号|币种", said, re.I)
        or set(re.findall(r"\b[A-Z]{3}\b", str(s.get("description") or ""))) & values.KNOWN_CODES
        or s.get("enum")
        or s.get("pattern")
    )


HOW_MANY = re.compile(r"\bhow (?:many|much)(?: in)?\s+(\w+(?:\s+\w+)?)", re.I)


def currency(name: str, s: dict[str, Any], src: Source) -> str | None:
    """An ISO 4217 code for a currency property: the currency said at the property's end of a
    conversion ("from dollars to euros"), else the ones said in order, the one asked for ("how
    many yen is 250 euros") last; an enum takes only its members."""
    members = [str(m) for m in s.get("enum") or []]
    said = values.currencies(src.text)
    asked = HOW_MANY.search(src.text)
    target = values.currencies(asked.group(1)) if asked else []
    if target and target[0] in said:
        said = [c for c in said if c != target[0]] + [target[0]]
    end = values.ends(src.text).get(values.leg(name) or "")
    at_end = values.currencies(end) if end else []
    leg = values.leg(name)
    if at_end:
        pick: str | None = at_end[0]
    elif leg == "from":
        pick = said[0] if said else None
    elif leg == "to":
        pick = said[-1] if len(said) > 1 else None
    else:
        pick = next((c for c in said if f"currency:{c}" not in src.used), None)
    if pick is None or members and pick not in members:
        return None
    src.used.add(f"currency:{pick}")
    return pick
