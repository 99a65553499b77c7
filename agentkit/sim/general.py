"""The stand-in's policy for any tools that are not the orders world's: written rules, applied in
order to one typed view of the request (`agentkit.sim.view`).

1. Which tools: the user's words and each tool's name, description and schema are read as
   concepts (`agentkit.sim.lexicon`); a request also means the concepts its words link to
   without naming them (an umbrella or wind the weather, how far or driving a route, "am I
   free" the calendar, "can I afford" the balance: `lexicon.linked`, read in the request only),
   and where a candidate carries such a concept, another that only shares the thing the request
   names as its setting (the hike's trails beside the raincoat's weather) is not taken unless
   its name carries an act asked for (`_linked_first`); of candidates alike, a question takes
   one whose name reads (list_agenda) before one that does something else (invite_contact).
   A tool is a candidate when it shares a thing (weather, file,
   customer, ...) with the request, or the act its name carries; a tool whose name carries an act
   that changes something (cancel, delete, save, ...) only when the user asks for that act. The
   candidates whose names carry more of the request's concepts come first, then the best-scoring
   (a shared concept counts 2 for a thing, 1 for an act, twice when the tool's name carries it);
   the first is taken, then every other candidate that brings a concept the taken ones do not
   cover (a taken tool whose name names a thing covers that thing only), then any tool whose
   name's words the request uses and no taken tool's name holds, unless the request says one of
   them in the singular ("the Blue Mist song" beside search_songs; not "find apartments"), and,
   in Chinese, any tool that holds two or more pairs of the request's characters no taken tool
   holds, not of the concept table's words (a second thing asked: "团课课表" beside the locker's
   tool). A request to cancel or delete that no tool's name carries takes no tool whose name
   only reads for the words it shares (a refund, and show_schedule). With no concept shared, the tools whose name's words (in
   Chinese: whose description's pairs of characters, else one telling character that is not
   among the commonest, the request uses: 遛 of "谁遛的豆豆" and "遛狗记录"), ranked with, twice,
   the required inputs the request gives values of their kind (an amount, a currency, a date,
   an enum member it says or codes, "men's 40+" for M40; a number said only as a bracket, "40+",
   "under-1600", "40岁以上", is none: `typed_values`; under tool_choice "any" two such values find a tool on
   their own, a receipt's "$169.00" for log_expense); before those, a tool that
   runs shell commands when a read-only command answers the request (`agentkit.sim.shell`: "list
   all Python files" -> `ls *.py`), then a tool that reads files when the request names a file
   (`src/app.py`; a tool that searches inside files for a text asked about, with the tool that
   globs when a request of its own in the message asks how many files of a kind there are),
   then a user's own web search tool when the request asks for facts
   (`agentkit.sim.websearch`, rule 1); in Chinese, the best and any other that holds a pair the
   best does not. With nothing shared and no tool's words used, an English request to tools
   described in Chinese takes the one tool whose descriptions name, by its English gloss, a thing
   the request says and to which it gives two or more typed values ("We've got cockroaches at 12
   Rue ..., can someone come tomorrow? +33 6 ..." and 预约上门灭虫服务 whose pest lists 蟑螂:
   `_thing_listed`); a question that asks someone to come ("Can someone come tomorrow?") asks
   for the act, not to be told. With nothing shared, a follow-up about one entry of a listing ("Does the
   cheapest one include breakfast?", "第二只多大了") takes the tool that requires a key the
   listed entries hold (hotel_id; an id of its own, trail_id, when they hold a bare id: and so,
   for a follow-up that picks an entry by its place or as "that one", before the listing's
   own tool again: `_entry_asked`), and one that picks an entry and is no question ("The second
   one, two tickets.", "第二个，两张票。") the one changing tool whose required id the entries
   hold (`_act_on_entry`; an id filled with a plain word of such a follow-up is the picked
   entry's: `_picked_ids`; the calls one turn made of one tool are such a listing, in the order
   made: `agentkit.sim.fanout`, rule 1); an elliptic follow-up ("What about Berlin?", "那上海呢？")
   asks the earlier tasks' last call again, with the value it gives in place of that call's
   name-like input, its other inputs kept (`_again`); a request in one language and a tool
   described only in the other: the one tool that changes nothing, takes no number, and whose
   required inputs the request all fills with values of their kind (`_across`); a question
   about one thing it names by a code ("Is ICE 578 late?", "What's PX-4 doing?") takes the one
   tool offered that reads it, else, among several, the one reading tool whose one required
   input is an id: a code is what an id is (`_code_reader`). A tool that runs SQL is taken when the request names a
   table or column it defines, or asks for a count, an aggregate or a listing
   (`agentkit.sim.sql`). An order whose verb the table does not know ("log a pledge") asks for
   the act of the tool whose name's other words it uses (`implied_acts`), and a verb, outside
   a question, that a changing tool's object is made from asks for that tool's act ("I'd like to
   rent two pairs of skis" and `create_rental`: `derived_acts`), and so does the object itself
   said as a verb ("I want to return the drill" and `create_return`, "please pick up my parcel"
   and `schedule_pickup`: `_as_verb`); an order stated without its verb, no question, that names
   what a changing tool acts on and gives values of their kind for two or more of its required
   inputs asks for its act ("Three balcony seats for ... next Tuesday, please", "后天下午来取一下
   衣服吧，两袋，地址是…"; across languages the values alone, filling every required input of
   the one such tool: `stated_acts`; "get me ..." asks to be given, not to read); in Chinese, a
   verb the table does not know, before 一下 or after 帮我 ("续一下", "帮我寄"; after 我要 / 我想,
   ending its clause: "我要退货。"), asks for the act of each changing tool whose description
   holds it (续借: `verb_acts`); an act the user only
   asks when of ("when does it renew?") or a file's name (CHANGES.md) asks for no act. A
   question asks to be told: where tools are found by their words or values (under tool_choice
   "any" too), one whose name reads comes before one that acts ("菜园区的土现在干不干？":
   get_soil_moisture, never water_zone). A request to cancel takes no tool that acquires (book,
   reserve, buy) unless a clause of its own asks for that act with no word of undoing ("Cancel
   AP-31, I'd rather book one for Thursday", "取消预约 AP-31，再帮我约周四": `undoes`). Tools
   named like the orders world's that take inputs the world's do not (lookup_order by
   order_number) are the user's own, chosen by these rules (`applies`). A message that makes
   several requests (split where it says also, "and tell me", "and" before a question word,
   顺便, 另外, or after a question mark: `requests`) keeps a tool for each: the first chosen for
   a request alone, when none of those is taken and it shares a concept or a telling word with
   that request ("帮我约周六上午的皮划艇，顺便看看那天湖水多少度"). Before the concepts are
   weighed: a change after a completed act of an earlier task ("Actually, make it 4 players",
   "不好意思，改成6个人") that gives a new value of that act's inputs asks for the tool that
   updates such a thing and requires an id the act's result gives, else the act again with the
   new value, its other values kept (`_amends`); a wish for a thing ("I need a three-day fishing
   licence for ...") that one tool is named after (its name's words after its verb, no reading
   verb, all said in the wish; British spellings read as American ones) asks for that tool alone,
   a listing beside it being only a step (`_wished`). Across languages, a question about a thing
   it names (a proper name, the thing a Chinese question opens with: "珊瑚礁大缸最近一次…") asks
   the one reading tool that needs the id a finder by name yields (tank_id of find_tank(name):
   `_across_chain`), and a reading tool's one open name-like input takes a list of names the
   request gives ("东湖店、西溪店和滨江店": `_listed_for`); a Chinese question naming one thing
   (quoted, or the thing it opens with: "“远望七号”现在开到哪儿了？") to tools described in
   English only takes the one reading tool whose one required input is a name
   (`_named_reader`). A clause that only states the user's own code ("My library card is
   LC-20417.") asks for nothing: the tools are chosen for the rest of the message, and no act
   for a question beside it (`agentkit.sim.carried.unstated`); a message of such clauses only
   is noted and asked what to do. A verb that puts text into a file it names ("summarize a.md
   into b.md", "整理到 要点.md") takes the tool that writes files (`_copied_to`), for that
   file, never the one read. The Claude
   Code CLI's orchestration tools are called by their own rules only (`agentkit.sim.claude_code`);
   once the agent a task was handed to has reported, nothing more is called. A tool whose act
   the user forbids ("Don't accept anything yet", "do not award", "先别下单": a word of its name
   after don't / do not / never, or the characters after 先别 / 不要 / 请勿 in its description) is
   not chosen, and its clause asks for nothing (`_forbidden`).
2. Arguments: filled from the conversation by the schema (`agentkit.sim.arguments`); a value an
   earlier result supplies is taken from it. What an earlier turn of the conversation gave is
   still given unless the open task says otherwise: a required input the open task lacks is the
   one the latest call passed under the same name, else what the earlier turns' words give
   (never an id: that is picked or looked up; an id the one an earlier result of one record
   holds under the same name: `_still_given`). A required id the open task lacks that an
   earlier turn stated as of its kind is that value, before an entry is picked for the rest:
   one an earlier result of one record holds (or the one record it wraps) under the property's
   name, else the latest code the user's words labelled with the property's kind ("My patient
   number is PT-88412", "我的学员号是 ST-20931": `agentkit.sim.carried`, `_stated_before`). A
   string input named like a key a listing's entries hold takes the value of the one entry the
   request says by it, as listed ("I'll have the chicken tikka": `_listed_values`); a reading
   tool's one name left open by a Chinese question takes the thing it names (`_named_thing`). An id property takes only a value of its kind
   (`agentkit.sim.idkinds`): never one the conversation gave as another kind's (a call's or a
   result's key, the noun written before it, "restaurant R-118"; in Chinese the noun it is of,
   "YG-05 的瑜伽课"; a number plate's shape), nor an entry's id held under another tool's id key
   (book_id for card_number); lacking one, the tool that returns it runs first. A condition
   checked first that weighs a number ("If the tenant in flat 4B owes more than 300 pounds, ...")
   is read, once its look-up has answered, with the reading tool whose required ids the results
   give (get_arrears(tenant_id): `_check_read`). A condition
   checked first that weighs a number ("If the tenant in flat 4B owes more than 300 pounds, ...")
   is read, once its look-up has answered, with the reading tool whose required ids the results
   give (get_arrears(tenant_id): `_check_read`). "Today" is the day the system prompt says it is
   ("今天是 2027年3月12日", "Today is ...": `agentkit.sim.values.today_from`). An id a call
   lacks comes from the entry a result lists that the request picks (`agentkit.sim.pick`): by
   its superlative ("the cheapest", "最早一班有票的", "as early as possible"), its place ("the
   second one", "第二只"), by its words ("the Barolo", "the Kurosawa film"), or any one, or "it" /
   "that one" (the entry last singled out); never one that says it cannot serve ("on loan",
   "使用中"), and the only one that can when only one can; a superlative is never a value
   ("the weakest site" fills no site: `pick` rule 7); entries are a list's objects,
   `key: value` blocks, lines or prose sentences; the open task's results first, then the
   earlier tasks' (a follow-up). Several places named for one tool ("Paris and London") are one
   call each, and so are two names compared ("A和B，哪家便宜？"; a day said by name, "New Year's
   Eve", is no such name), several ends of one route from one start ("从A到B和到C":
   `agentkit.sim.fanout`, rule 3), several members of a required enum ("my reef tank and my planted tank")
   and several files named to read. Each tool fills from its own copy of the request's values;
   a tool only one of a message's several requests asks for, from that request's words when
   they fill it (the Eastside branch's hours, never the loan id of "renew L-4471": `_own_request`);
   two questions one tool answers, each of another thing, one call each, each from its own
   question's words ("How long is the Coral Spirit? And when was the Harbor Light built?":
   `_each_request`), each answered with its own question's field (`_part_of`). A
   language code comes from the language's name (`agentkit.sim.languages`); a SQL statement is
   written by `agentkit.sim.sql`; a file's text the request describes by `agentkit.sim.writing`
   (a file the task read, saved again with the edits the rules can make); a change asked for in
   the one file the request names is made in place: the file read first, then one exact-string
   edit per change (`agentkit.sim.editing`), never a whole-file write of anything else.
3. A turn calls every taken tool whose arguments are complete, together (several tool_use blocks),
   unless the request disables parallel tool use. A tool that lacks a value waits while another
   call may supply it; when no call can, a tool that searches, lists or finds and whose inputs
   the request fills is called first (lookup before act: `list_sailings` before `book_ferry`,
   `find_patient` before `add_vaccination`; a reading tool that names the id's thing,
   `get_chargers` for 充电桩编号, counts; a finder by name takes the thing the request names,
   "a session with Lena de Vries", "蓝鲸号上一次…": `_by_name`); an act that takes a listed entry (book, reserve, rent,
   hold) is never made on one the listing says cannot serve, and when none can (an empty list,
   every seat 使用中) the answer says so instead of asking for the id; after parallel look-ups of
   one tool, each one entity's record (three walkers), what one record says ("fully booked after
   11:00") is that entity's alone: the act goes to the one the request picks (the best rating)
   among those that can serve and whose free windows hold the act's time, an entity's name
   filling no other input (`_other_entity`), and the names looked up one by one are no items to
   act on once each (`_looked_up`); an id that is a piece of
   what another call looks up with ("BS1" of the postcode "BS1 4DJ") is no id, the act waits
   for that call's result; in numbered steps, a tool a later step names waits for that step; a
   tool taken only for its description's words is not asked about once another call has
   answered; once the task's calls have only read, a changing tool the request names (a word of
   its name, a telling character of its description) whose id a result's key gives and whose
   other inputs the request fills is the act asked for, called with the request's own values
   ("move my reservation to table 9" after find_reservation: `_led_to`); a tool lacking one id
   that a result lists several of is called once for each when the request asks about each
   (`agentkit.sim.fanout`, rule 2); when no call is left
   to make, the user is asked for it (end_turn with a question). An act's id the request
   labels as another kind of value that a reading tool takes ("member card number C-5521" for
   membership_id beside lookup_member(card_number)) is that tool's input: it is called first and
   the act takes the id its result gives (`_other_kind`). A target stated with a request for
   the difference ("I want 30 on hand; order whatever is missing", "备到30袋，缺多少就订多少")
   makes the act wait for the reading tool's count and take the target minus it (`_difference`);
   what a search found, asked to be saved to a file the request names ("save what you find to
   x.txt", "把搜到的结果保存到 x.txt"), is written there once it has answered (`_found_saved`).
4. After an error, by what its text says (`agentkit.sim.results.classify`): a format complaint is
   corrected once by the example it gives (a time the example writes as a date-time takes the
   request's day: "tomorrow at 9:00" -> "2026-02-11T09:00"), or by the one of the values it
   allows that the value names ("large" of "one of S, M, L, XL" -> "L"), or with the example's
   letters before a bare number ("4471" like "INV-00042" -> "INV-04471"), or a phone number said
   in groups in the international form the example gives ("139 1234 5678" like "+8613800138000"
   -> "+8613912345678"), or in the form it hints at without an example (`agentkit.sim.mending`:
   a field renamed, an airport code, cents, a unit it names, a clock, a beginning); each new
   complaint is corrected once (three at most), a missing value the request does not give is
   asked for (`_lacking`), and so is a value the error names that cannot be corrected; a transient one (flagged or only
   said: "ERROR 429 ... try again") is retried once, then said to be unavailable right now;
   not found is told to the user; a refusal
   stops every further call and says so; anything else is told. Each is said by what was tried
   ("I tried to look up the route, but ..."), never by a tool's name (`_doing`); a look-up that
   answered with nothing (an empty text or list) is said as nothing found, not retried
   (`_found_empty`). A file that could not be
   written (refused, failed) has the text it was to hold given in the answer (`_unwritten`).
4b. The fallback of a tool set that reads and globs files (the CLI's): a turn that would only ask
   the user for a file's text or an edit's strings (not a new file's path) reads first, never asks while files may give
   it: the files the task names, the files a file read names, else the tree listed once (`**/*`)
   and the files that share a word of the task, else all (`_files_first`; without a glob tool
   the shell lists the tree: `find . -type f`); no text is written
   while a file the request names is unread (`_unread_named`); a new file the
   request makes then holds what was worked out of them, each data file's records counted and
   its lines that hold the word asked listed (`_worked_text`, `_made_new`); never a file the
   task read or only changes. The answer then says what was written, without the listing.
4c. A value the request gives (a phone number, an e-mail address, a date, a code) that no file
   read holds replaces the value of its shape on the one line that holds the one the request
   names, by one Edit, not in a file kept aside (archive, backup: `_shaped_edit`), and said as
   the old value and the new in the user's language (`_edit_said`).
4d. Never destroy: a whole-file write whose text is the request's own words (20 characters or
   more, not quoted, while the text is to be worked out of files or the request only describes
   it), or that would replace a file there (read or listed) which the request neither makes nor
   asks to replace, keeping fewer than half of its lines, is not made; its text is then what is
   missing: files are read first (rule 4b), else the answer says so (`_kept_whole`). Once files
   were read, a file-writing tool that lacks its path too, in a request that makes no file, is
   not asked about: the files read answer the request.
4e. A change said in no file and by no text as written ("raise the request timeout from 10 to 30
   everywhere it's configured"): once files were read (rule 4b), each file read in which the
   change lands (`agentkit.sim.editing`), none kept aside, is changed, and the answer says file
   by file what changed and what a hook refused (`_edit_files_read`); a later step that only asks
   what was done ("then tell me what you changed") is answered by what the earlier steps said.
4g. An edit stated by a source of truth ("按 README 把这两个文件改对", "fix both files per the
   HANDBOOK"): the source and the other files named are read, and each setting of those files
   that the source says otherwise, with a value of its kind, takes the source's value
   (`editing.agreed`, `_edit_by_source`).
4f. The user's own MCP tool (`mcp__<server>__<tool>`) the request names, with one required text,
   is called for each id-shaped value (E-217) that the files read hold on the lines the request's
   rarest marking word picks ("ERROR") and on no other line; the files the request names are read
   first when that tool would only ask for its value (`_each_found`).
5. When nothing is left to call, the answer states first what the question asks for: a fact
   worked out from the records' fields (what is left of a whole minus the part taken, the records
   under their own threshold, those a bound keeps and the one picked among them, one code's
   lines counted and added up across files: `agentkit.sim.derived`), with the values it rests on
   and no quote of the records; else a total, an
   average or a count worked out from the results, or the one field the question names (and,
   when the request asks several questions, the result's other values after it)
   (`agentkit.sim.tally`; a listing cut to the records within the bounds its call was given,
   max_price or min_salary, and how many were left out said: `_within_bounds`), the record a superlative picks (`agentkit.sim.pick`), the record a
   comparison across the results picks, a value judged against the range its result gives, a
   figure worked out from rates, the lines of a file read that it asks about
   (`agentkit.sim.facts`: those lines are then the answer, the file's whole text, the searches
   and listings that found it and "the results don't say" are not said: `_lines_found`; else, for "which is cheaper, A or B?" / "哪家便宜？" over calls of one
   tool, the subject whose price field is the lowest (or, asked which costs more, the highest)
   and the difference (`_cheaper`); for "which one has more ...?" over several calls, the one whose
   named field is the highest or lowest, and asked "by how much?" / "高多少？", its lead over the
   next one: `records.margin_line`); then it quotes each result's values (not
   a result whose asked field led, nor a listing of records when a record picked from it, a
   count or a total worked out of it leads: the listing only fed the answer), in the user's language; a figure of the tables the files hold (`agentkit.sim.columns`),
   text counted in the files read, records of the kind asked for, the day or file with the
   most lines of a text, a changelog's entries by kind, the latest line asked about across the
   files (`agentkit.sim.files`; the files read are then not quoted), where a thing stands and
   what a purchase came to, the records of the kind a count asks for, each said
   (`agentkit.sim.tally`), whether a value is fit for a purpose, the entry worst or best for a
   plan outdoors (`agentkit.sim.facts`), a table's rows counted without its header and the
   duplicates in it, its clashes (rows alike but for one text column) and the places it leaves
   empty (`agentkit.sim.columns`), a question of several that no result answers said as not
   in the results (`agentkit.sim.tally`, rule 8), a subagent's report relayed in its own words (no "Agent
   returned:"), how many files of a kind a glob listed (and, of
   the files a search found, those among them: "其中哪个提到了…"); an act that went through is
   said done with every value of its confirmation, never cut down to the field the order's
   words name, and a look-up listing several entries that only gave the id such an act took
   (a customer's orders, a catalogue search) is a step: of it only the entry the act took is
   said (`_only_led`); a file written with a text made from the files the task read (not the
   request's words) is said with what it now holds, and the files read are not quoted again;
   and the edits asked for that need judgement, not made, are said; a request no tool serves is
   told, honestly, that this is the offline stand-in and what it cannot do (the request's own
   words, its first sentence), and, when no tool shares a concept or a
   telling word with it and no earlier task called one, pointed to whoever provides it
   (`agentkit.sim.facts`, rule 5). Numbered or conditional steps (`agentkit.sim.each`, rules 4 and 4a) are
   planned one at a time: a conditional step's act is made only when the latest result meets
   its condition, else the answer says why not; an act on a condition said in one sentence
   ("Water bed B-3 if the soil is dry", "要是太干，就滴灌") checks the condition first (rule 4b). A manner the system prompt asks for (a pirate,
   one word, one sentence) is honoured where `agentkit.sim.manner` can write it.
6. Forced tool_choice ("tool" / "any") calls without text (the API prefills the turn), and its
   input is ALWAYS valid for the tool's schema: every required property present with a value of
   its type, its pattern, enum and format respected; the value is the conversation's when there
   is one (rule 2, then the extraction readings of `agentkit.sim.structured`), else the schema's
   default, its first enum member, its minimum, or an empty-but-valid value
   (`agentkit.sim.conform`). A json_schema output format gets its answer as JSON by the same
   readings (`agentkit.sim.structured.extract`): what the request does not give is left empty,
   never made up, and the stand-in's own note never lands in a field. Under "any", when the
   plan's call still lacks a value, that call is the one forced (the check before the act); a
   tool that takes a list of strings records a message's several items in that list, in one
   call, never one call per item (`_one_record_each`); a call whose required identifier
   (order_id, waybill, 运单号) is no token the request writes is no call, and a tool whose
   identifier the request cannot give is not the one forced (`_ids_written`).
"""

from __future__ import annotations

import datetime
import json
import os
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..content import short
from ..offline.model import Reply
from . import (
    arguments as arguments_,
)
from . import (
    carried,
    chain,
    claude_code,
    columns,
    conditions,
    days,
    derived,
    direct,
    each,
    editing,
    facts,
    fanout,
    files,
    finder,
    gate,
    glosses,
    idkinds,
    lateness,
    manner,
    mending,
    operator,
    pace,
    party,
    pick,
    reach,
    records,
    reports,
    results,
    shell,
    speech,
    sql,
    structured,
    subtask,
    tally,
    validity,
    websearch,
    writing,
)
from .arguments import (
    LISTS_FOLDER,
    PATH,
    TOP_SAID,
    WHY,
    ZH_NO_NAME,
    Fill,
    Source,
    coded_member,
    fill_object,
    gather,
    in_passing,
    inside_folder,
    months_named,
    proper_name,
    quoted,
    reshape,
    role,
    temporal,
    unsaid_members,
    zh_home_name,
)
from .conform import conform
from .conversation import Conversation
from .lexicon import (
    BOOK_VERB,
    CHANGES,
    SERVICES,
    TABLE,
    THING,
    changes_asked,
    concepts,
    expressions,
    han_words,
    kind,
    linked,
    stem,
    words,
)
from .phrases import say, spoken_list
from .results import (
    DENIED,
    FAILED,
    FORMAT,
    NOT_FOUND,
    TRANSIENT,
    choices,
    classify,
    find,
    hint,
    said_error,
)
from .toolbox import TOOL_SEARCH
from .values import (
    DATE,
    WEEKDAY_WORD,
    ZH_NOT_NAME,
    ZH_SURNAME,
    date_layout,
    digits_for_words,
    enough_of,
    in_layout,
    iso_dates,
    leg,
    listed_unit,
    name_span,
    relative_dates,
    times,
    today_date,
)
from .view import Call, Tool, View, _tool, view
from .world import TOOL_SCHEMAS

ORDER_TOOLS = frozenset(TOOL_SCHEMAS)
_NO_TOOL = _tool("", "", {})


def applies(conv: Conversation) -> bool:
    """The general policy answers when the request offers a custom tool that is not the orders
    world's, unless it also offers the world's lookup_order and the task names an order. A tool
    named like one of the world's that takes an input the world's does not (`lookup_order` by
    `order_number`, `create_return` of a `line_id`) is the user's own, not the world's."""
    custom = {n for n in conv.custom_tools if not _worlds(conv, n) and n != TOOL_SEARCH}
    if not custom:
        return False
    offered = set(conv.box.callable) | set(conv.box.deferred)
    return not ("lookup_order" in offered and _worlds(conv, "lookup_order") and conv.orders())


def _worlds(conv: Conversation, name: str) -> bool:
    """The orders world's tool `name`: its name, and no input its schema does not define."""
    if name not in ORDER_TOOLS:
        return False
    offered = conv.box.callable.get(name) or {}
    props = (offered.get("input_schema") or {}).get("properties") or {}
    return set(props) <= set(TOOL_SCHEMAS[name]["input_schema"]["properties"])


@dataclass
class Turn:
    """What this turn does: tool calls (name, input) with what is said first, or answer lines."""

    calls: list[tuple[Tool, dict[str, Any]]] = field(default_factory=list)
    said: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    missing: list[tuple[Tool, list[str]]] = field(default_factory=list)
    stop: bool = False
    whole: bool = False  # the lines are the whole answer (no result quoted before them)
    first: list[str] = field(default_factory=list)  # what leads the answer: why an act was done


def score(t: Tool, asked: frozenset[str]) -> int:
    return sum(
        (2 if kind(c) == THING else 1) * (2 if c in t.name_concepts else 1)
        for c in asked & t.concepts
    )


# the words of a name that acquire something: never what a request to cancel or refund asks for
ACQUIRES = frozenset({"buy", "purchase", "book", "reserve"})


def candidate(t: Tool, asked: frozenset[str], task: str) -> bool:
    if not changes_asked(t.name, asked) or undoes(t, asked, task):
        return False
    things = {c for c in asked & t.concepts if kind(c) == THING}
    acts = {c for c in asked & t.name_concepts if kind(c) != THING and c != "read"}
    return bool(things or acts)


def undoes(t: Tool, asked: frozenset[str], task: str) -> bool:
    """The request asks to cancel or refund (退票) and the tool's name acquires (buy_ticket): the
    opposite act, never taken for it, unless a clause of its own asks for that act with no word
    of undoing ("Cancel AP-31 and book a new one for Thursday", "取消 AP-31，再帮我约周四")."""
    return (
        "cancel" in asked
        and "cancel" not in t.name_concepts
        and bool(ACQUIRES & set(words(t.name)))
        and not _acquired_apart(task)
    )


CLAUSE = re.compile(r"[,;:，；：。!?！？\n]|\.\s|\b(?:and|then|also)\b|然后|再|并且?|另外|顺便")
ACQUIRING = re.compile(r"\b(?:book|reserve|buy|purchase)\b", re.I)


def _acquired_apart(task: str) -> bool:
    """A clause of the request asks to book, reserve or buy (the verb itself: not "my booking")
    and holds no word of undoing."""
    return any(
        (ACQUIRING.search(c) or BOOK_VERB.search(c)) and not concepts(c) & UNDOING
        for c in CLAUSE.split(task)
    )


# words a tool's name shares with any request, which say nothing of what it does
NAME_NOISE = frozenset({"get", "set", "do", "make", "tool", "the", "for", "and", "info", "data"})


def named_in(t: Tool, task_words: frozenset[str]) -> int:
    """How many of the words of the tool's name the request uses (`convert_currency` in "convert
    100 USD to EUR" : 1): rule 1's fallback where the concept table knows none of its words."""
    return len(set(words(t.name)) - NAME_NOISE & task_words)


def task_words(task: str, tools: list[Tool] | None = None) -> frozenset[str]:
    """The words of a request a tool's words are matched with: its own Latin words (two said one
    after the other also joined: "check out" for checkout_book), and, where
    the tools are described in English (`described_in_english`), the English of the Chinese words neither
    the concept table nor `COMMON_HAN` knows (`glosses`: 储物柜 -> locker, 冰鞋 -> skates), so a
    Chinese request finds an English tool by its words; tools described in Chinese are read by
    their own characters."""
    said = words(task)  # (a phrasal verb said apart is the tool's word: "check out", checkout)
    joined = {a + b for a, b in zip(said, said[1:], strict=False) if len(a) > 2 and len(b) > 1}
    own = frozenset(said) | joined
    if not HAN.search(task) or not described_in_english(tools or []):
        return own
    return own | frozenset(words(glosses.english(task, known_han)))


def described_in_english(tools: list[Tool]) -> bool:
    """Every tool is named and described without Chinese (the dictionary bridges only to those)."""
    return bool(tools) and not any(HAN.search(f"{t.name} {t.description}") for t in tools)


def known_han(word: str) -> bool:
    """A Chinese word the concept table holds, or one of characters that tell nothing alone."""
    return word in han_words() or all(c in COMMON_HAN for c in word)


HAN = re.compile(r"[\u4e00-\u9fff]")


def pairs(text: str) -> frozenset[str]:
    """The pairs of Han characters in a row of a text ("售后工单" -> 售后, 后工, 工单)."""
    runs = re.findall(r"[\u4e00-\u9fff]+", text)
    return frozenset(r[i : i + 2] for r in runs for i in range(len(r) - 1))


# words of descriptions that say nothing of what a tool is about
PLAIN = frozenset(
    """the and for with from into this that these those its their your our you can may will
    would should could any all each some one two given based current specific provided return
    returns returned value values use used using tool tools data information info name names
    string number list when where which what how many much does not also only more most other
    about between over under than then there here get set make find look show give take new
    type types field fields object item items result results request response call calls
    e.g eg i.e ie etc like such example""".split()
)


# characters of many Chinese texts, which alone tell nothing of what a tool is about: grammar,
# persons, counts, time, asking, and the verbs of looking up, giving and keeping
COMMON_HAN = frozenset(
    "的了是在我你他她它们这那有和与或不也就都很还要会能可以吗呢吧啊么什怎多少几个一二三四五六七八九十"
    "两些每各某该其之于对把被给让从到为及而但如果所因此中上下前后左右里外内时天年月日号点分秒今明昨"
    "现再又才已经正将查询看找获取显示读写用使得种样次名称等信息数据记录返回指定根据当前最新户出入参"
    "方式情况问题请帮告诉想需谁哪久大小长短高低好新旧去来做说自己把并且给出当全部所有按照进行"
)


def telling_chars(text: str) -> frozenset[str]:
    """The Han characters of a text that are not among the commonest (`COMMON_HAN`)."""
    return frozenset(re.findall(r"[\u4e00-\u9fff]", text)) - COMMON_HAN


def _roots(text: str) -> frozenset[str]:
    """The telling words of a text, cut to six letters ("translate", "translation": "transl"),
    an ending of their form left off first ("pruning", "prune": "prun")."""
    return frozenset(_root(w) for w in words(text) if len(w) >= 3 and w not in PLAIN)


def _root(word: str) -> str:
    return re.sub(r"(?<=\w{3})(?:ing|ed|es|s|e)$", "", word)[:6]


def _enums(t: Tool) -> str:
    props = t.schema.get("properties") or {}
    return " ".join(
        str(m) for p in props.values() if isinstance(p, dict) for m in p.get("enum") or []
    )


LEAD = 240  # characters of a description whose words count (rule 1's fallback)


def shared(t: Tool, task_words: frozenset[str], task_pairs: frozenset[str]) -> int:
    """What a request shares with a tool beyond the concept table: the words of the tool's name
    (twice), the telling words of its description, properties and enum members ("translation
    memory" in "Search the translation memory for ..."), and, in Chinese, the pairs of characters
    of its name, description and enum members ("工单" in "售后工单处理到哪一步了" and in
    "按工单编号查询售后工单的处理进度")."""
    props = t.schema.get("properties") or {}
    about = " ".join(  # the description's lead only: a long manual's later words say little
        [t.description[:LEAD], *props]
        + [str(p.get("description") or "")[:LEAD] for p in props.values() if isinstance(p, dict)]
    )
    latin = len(_roots(f"{about} {_enums(t)}") & frozenset(_root(w) for w in task_words))
    own = f"{t.name} {t.description} {_enums(t)}"
    han = len(pairs(own) & task_pairs)
    if not han and task_pairs:  # no word in common: a telling character ("谁遛的豆豆", "遛狗记录")
        han = int(bool(telling_chars(own) & telling_chars("".join(task_pairs))))
    return 2 * named_in(t, task_words) + latin + han


def runs_commands(t: Tool) -> bool:
    """A tool about the shell (its name or description) that takes a command (`Bash`, a `bash`
    tool described as "Run a shell command.")."""
    props = t.schema.get("properties") or {}
    return "shell" in t.concepts and any(
        isinstance(p, dict) and role(k, p) == "command" for k, p in props.items()
    )


def globs(t: Tool) -> bool:
    """A tool whose required input is a glob pattern (`Glob`'s "The glob pattern to match files
    against"; not Grep, whose optional `glob` filters the files it searches)."""
    props = t.schema.get("properties") or {}
    need = [k for k in t.schema.get("required") or [] if isinstance(props.get(k), dict)]
    return any(role(k, props[k]) == "glob" for k in need)


def reads_files(t: Tool) -> bool:
    """A tool whose name reads (read, get, view, ...) and that takes a path (`Read`, `read_file`)."""
    props = t.schema.get("properties") or {}
    return "read" in t.name_concepts and any(
        isinstance(p, dict) and role(k, p) == "path" for k, p in props.items()
    )


REPORTED = re.compile(  # an act the user asks about, not for ("what changed", "改了什么")
    r"\b(?:what|which|who|when)\b[^.?!\n]{0,30}?\b(?:changed|updated|added|removed|deleted|created|"
    r"cancel+ed|sent|booked|edited|renamed|modified)\b|(?:改|更新|删|加)了(?:什么|哪些|些什么)"
    r"|\b(?:when|how often|how soon|how long until)\s+(?:does|do|did|will|is|are|was|would)\b[^.?!\n]{0,40}"
    r"|什么时候[^。？?！\n]{0,12}",
    re.IGNORECASE,
)


# a clause that forbids an act ("Don't accept anything yet", "do not book", "先别下单", "暂时不要付款"):
# its verb, then up to the clause's end
FORBIDS = re.compile(
    r"\b(?:don'?t|do not|never)\s+(?:(?:yet|just|actually|please)\s+)?([a-z]+)[^.,;!?\n]*"
    r"|(?:先别|(?<![特区分类告离级性个识辨鉴差派])别|(?<!要)不要|暂时别|请勿)([\u4e00-\u9fff]{2,6})",
    re.I,
)


def _forbidden(task: str, tools: list[Tool]) -> list[Tool]:
    """The tools whose act the user forbids: a clause "don't / do not / never <verb>" whose verb is
    a word of the tool's name ("Don't accept anything yet" and accept_quote), or 先别 / 不要 / 请勿
    before two characters the tool's description holds ("先别下单" and "向…下单", "先别买加油包" and
    "购买流量加油包", any pair of its first five characters; 别忘了 forbids nothing); or a changing
    tool whose name's verb carries the act the forbidden words name (their concept of an act, "别下单"
    and "先别帮我订" and book_charter; "don't reserve" and book_table): `_forbidden_act`."""
    out = []
    for m in FORBIDS.finditer(task):
        verb, han = m.group(1), m.group(2)
        han = re.sub(r"^(?:帮我|给我|替我|帮忙|帮|给)", "", han or "") or None
        acts = _forbidden_act(verb or (han or "")[:2])  # (its verb: not 别忘了帮我订)
        for t in tools:
            named = verb and stem(verb.lower()) in {stem(w) for w in words(t.name)}
            held = (
                han
                and not han.startswith("忘")
                and any(  # 先别买加油包: 加油 of 购买流量加油包
                    han[i : i + 2] in t.description or han[i : i + 2] in t.name
                    for i in range(min(len(han) - 1, 4))
                )
            )
            if named or held or acts & _verb_of(t) and _changes(t):
                out.append(t)
    return out


def _verb_of(t: Tool) -> frozenset[str]:
    """The concepts of the first word of a tool's name, its verb (book of book_van_hire; quote
    of quote_van_hire, whose "hire" is its object)."""
    first = words(t.name)[:1]
    return concepts(first[0]) if first else frozenset()


def _forbidden_act(said: str) -> frozenset[str]:
    """The acts that change something which the forbidden words name (下单, 订: book; cancel)."""
    return frozenset(c for c in concepts(said) if kind(c) != THING and c in CHANGES - {"run"})


def asked_of(task: str, tools: list[Tool] | None = None) -> frozenset[str]:
    """The concepts the request asks for: acts it only asks about, the words of file names and the
    lines it gives a file to hold (`agentkit.sim.writing`, rule 3) are left out; an order whose
    verb the table does not know asks for the act of the tool whose name's other words it uses
    (`implied_acts`); a fault told with no act and no question asks to report it (create)."""
    given = writing.LINES.search(task) if shell.FILE.search(task) else None
    if given:  # the lines a file is to hold ask for no act ("a checklist: buy flour, renew ...")
        task = task[: given.start(1)] + task[given.end(1) :]
    bare = shell.FILE.sub(" ", REPORTED.sub(" ", task))  # a file's name names no act (CHANGES.md)
    named = concepts(bare) | implied_acts(task, tools or []) | derived_acts(bare, tools or [])
    named |= linked(bare)  # "Do I need an umbrella?": the weather, though the word is not said
    if HAN.search(bare) and described_in_english(
        tools or []
    ):  # the English of the Chinese words the
        # table does not know (`glosses`), for tools described in English
        named |= concepts(glosses.english(bare, known_han))
    named |= verb_acts(task, tools or [])
    named |= {"fault"} if reports.FAULT_SAID.search(task) else set()
    if "fault" in named and not questions(task) and not {c for c in named if kind(c) != THING}:
        named |= {"create"}  # a fault told, no act named: a report of it ("the lift is stuck")
    return named | stated_acts(task, tools or [], named)


ZH_VERB = re.compile(
    r"([\u4e00-\u9fff])(?=一下)|(?:(?:帮|给|替)我们?|麻烦)([\u4e00-\u9fff])"
    r"|(?:我要|我想要?)([\u4e00-\u9fff])(?=[\u4e00-\u9fff]?(?:[。！!，,]|$))"
)


def verb_acts(task: str, tools: list[Tool]) -> frozenset[str]:
    """In Chinese, a verb the concept table does not know, standing as one ("续一下", "帮我寄",
    "来取一下", "我要退货。"): a telling character before 一下 or after 帮我 / 给我 / 替我 (or
    after 我要 / 我想, ending its clause in a word of two) asks for the act of
    each changing tool whose description holds that character (续 of renew_loan's 续借图书, 取
    of schedule_pickup's 上门取件); deleting and cancelling are never asked this way."""
    said = {c for m in ZH_VERB.finditer(task) for c in m.groups() if c} - COMMON_HAN
    return frozenset(
        c for t in tools if said & set(t.description) for c in t.name_concepts & CHANGES - UNDOING
    )


OBTAIN = re.compile(r"\b(?:get|grab|fetch)\s+(?:me|us)\b", re.I)
# what has happened is told, not asked for ("We were four at 8pm yesterday", "昨天已经去过了")
TOLD_PAST = re.compile(
    r"\b(?:yesterday|ago|was|were|had|did|went|came)\b|昨天|前天|上周|上个月|已经|刚才", re.I
)


def stated_acts(task: str, tools: list[Tool], named: frozenset[str]) -> frozenset[str]:
    """A request that names no act (`named`, the concepts read so far) and asks no question, but
    names what a changing tool acts on (a word of its name or description; in Chinese a pair of
    its characters, a member of its enum) and gives values of their kind for two or more of its
    required inputs (`typed_values`), asks for that tool's act: "Three balcony seats for the
    Nordic Strings concert next Tuesday, please" (reserve_tickets: a count, a section its enum
    lists, a date), "后天下午来取一下衣服吧，两袋，地址是…" (schedule_pickup: a date, a time slot,
    a count of bags). A request in one language and a tool described only in the other share no
    words: the values decide alone, when they fill every required input of the one changing tool
    that fits. "Get me ..." / "get us ..." names no act of reading: it asks to be given; what
    has happened ("yesterday", "we were", 已经) is told, not asked for; a word of reading that a
    changing tool's description holds as the thing it arranges (看 of 看房, "安排看房") asks for
    no reading. Deleting and cancelling are never asked this way."""
    acts = {c for c in named if kind(c) != THING}
    if acts == {"read"} and "read" not in concepts(OBTAIN.sub(" ", task)):
        acts = set()  # "get me two tickets ...": to be given them, not to read
    if acts == {"read"} and any(_read_is_its_thing(task, t) for t in tools):
        acts = set()  # "…下周三下午三点半看房" and 安排看房: the viewing is the thing arranged
    if not tools or questions(task) or acts or TOLD_PAST.search(task):
        return frozenset()
    said, han, zh = frozenset(words(task)), pairs(task), bool(pairs(task))
    near: list[Tool] = []
    far: list[Tool] = []
    for t in tools:
        need = len(t.schema.get("required") or [])
        if not t.name_concepts & CHANGES - UNDOING or need < 2 or typed_values(t, task) < 2:
            continue
        if shared(t, said, han):
            near.append(t)
        elif bool(re.search(r"[\u4e00-\u9fff]", f"{t.name} {t.description}")) != zh:
            if not arguments(t, gather(task, []))[1].missing:
                far.append(t)
    fit = near or (far if len(far) == 1 else [])
    return frozenset(c for t in fit for c in t.name_concepts & CHANGES - UNDOING)


POLITE = re.compile(
    r"^(?:\s*(?:please|kindly|pls|hey|hi|ok|okay|now|can you|could you|would you|will you)\b[,!]?)+",
    re.I,
)
WANTS = re.compile(
    r"^\s*(?:please\s+)?(?:i'?d like|i would like|we'?d like|we would like|i want|we want|i need|"
    r"we need|can i get|could i get|can we get|could we get|can i have|could i have|i'?m after)"
    r"\s+(?:a|an|one|two|three|four|\d+|some)\s",
    re.I,
)
NOT_ORDERS = re.compile(  # a question or a request to be told, not an order to act
    r"(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|am|do|does|did|has|have|"
    r"had|should|shall|may|might|must|can|could|will|would|tell|show|give|let|i|we|my|our|the|a|an|"
    r"this|that|it)$",
    re.I,
)


def _read_is_its_thing(task: str, tool: Tool) -> bool:
    """The request's one act of reading is said only in words a changing tool's description holds
    as what it acts on (看房 of 安排看房, "viewing" of schedule_viewing): without those words the
    request reads nothing."""
    if not tool.name_concepts & CHANGES - UNDOING:
        return False
    rest = task
    for pair in pairs(task) & pairs(tool.description):
        rest = rest.replace(pair, " ")
    for w in words(f"{tool.name} {tool.description}"):
        if len(w) > 3:
            rest = re.sub(rf"\b{re.escape(w)}\w*", " ", rest, flags=re.I)
    return "read" not in concepts(rest)


GIVES_VALUE = re.compile(r"[:：\d\"“'‘]|\bto\s+\S")  # material, a number, a quote, "to <value>"
UNDOING = frozenset({"delete", "cancel"})


def _opens_order(sentence: str) -> bool:
    """A sentence opens with a verb the concept table does not know, or wishes for a thing ("I'd
    like a court on ...": the thing wanted, an order for it)."""
    opener = POLITE.sub("", sentence.strip()).split(None, 1)
    verb = opener[0].lower().strip(",.!") if opener else ""
    if WANTS.match(sentence):
        return True
    return bool(re.fullmatch(r"[a-z]+", verb)) and not NOT_ORDERS.match(verb) and not concepts(verb)


def implied_acts(task: str, tools: list[Tool]) -> frozenset[str]:
    """An order that opens with a verb the concept table does not know ("log a pledge from
    ...", "Bump Priya's salary to 92,000") asks for the changing act of each tool whose name's
    other words the request all uses: record_pledge's create, update_salary's update. Questions
    and requests to be told ("is ...", "what ...", "tell me ...") imply nothing; nor does an
    order that gives no value to act with ("Summarize my notes": no material after a colon, no
    number, no quote, no "to ..."); deleting and cancelling are never implied. A wish for a
    thing ("I'd like a court on Friday at 6", "we need two kayaks for Saturday") is an order. The
    order may follow a sentence that only says who asks ("I'm patient P-20417. Please move my
    appointment to ...")."""
    sentences = [x for x in re.split(r"(?<=[.!?;])\s+|\n", task.strip()) if x.strip()]
    if not any(_opens_order(x) for x in sentences):
        return frozenset()
    if concepts(task) & CHANGES or not GIVES_VALUE.search(digits_for_words(task)):
        return frozenset()  # it names its act ("take the limes off"), or gives nothing to act with
    # the order's own words: not the material it hands over, quoted or after a colon
    said = set(words(re.sub(r"[\"“'‘][^\"”'’]*[\"”'’]|[:：].*", " ", task, flags=re.S)))
    out: set[str] = set()
    for t in tools:
        acts = {c for w in words(t.name) for c in concepts(w) if c in CHANGES}
        rest = [w for w in words(t.name) if not concepts(w) & CHANGES and w not in NAME_NOISE]
        if acts and rest and all(w in said for w in rest):
            out |= acts - UNDOING  # deleting or cancelling is never implied
    return frozenset(out)


def _wished(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1 for a wish for a thing ("I need a three-day fishing licence for ...", "we'd like two
    kayaks ...") that one tool is named after: the words of its name after its verb (issue_license:
    license) are all said in the wish, and that verb is no reading act. The wish asks for that
    tool's act; a tool that lists or reads beside it is only a step, called when the act lacks a
    value (rule 3), never for the words it shares ("fishing" of list_fishing_zones)."""
    wish = next((s for s in re.split(r"(?<=[.!?;])\s+|\n", v.task) if WANTS.match(s)), None)
    if wish is None:
        return []
    said = set(words(wish))
    named = []
    for t in tools:
        parts = [w for w in words(t.name) if w not in NAME_NOISE]
        if len(parts) < 2 or concepts(parts[0]) & (READS | {"calculate"}):
            continue
        if all(w in said for w in parts[1:]) and (t.schema.get("required") or []):
            named.append(t)
    return named if len(named) == 1 else []


ASKING = re.compile(
    r"^\s*(?:how|what|when|where|which|who|why|whether|is|are|does|do|did|was|were)\b", re.I
)


# the endings that make a noun of an act (rental, donation, reservation, enrolment, delivery)
ACT_NOUN = re.compile(r"(?:al|ation|ition|tion|sion|ion|ment|ance|ence|age|ure|ery|ry|y)")


def made_from(verb: str, noun: str) -> bool:
    """`noun` names the act of `verb` (rent: rental, donate: donation, reserve: reservation,
    enrol: enrolment; register: registration, subscribe: subscription): the verb, a final e
    dropped, and an ending that makes such a noun, or the two share their first seven letters
    (not time: timer, note: notebook)."""
    if len(verb) < 4 or len(noun) <= len(verb):
        return False
    base = verb.removesuffix("e")
    if noun.startswith(base) and ACT_NOUN.fullmatch(noun[len(base) :]):
        return True
    return len(os.path.commonprefix([verb, noun])) >= 7


def derived_acts(task: str, tools: list[Tool]) -> frozenset[str]:
    """A request that uses, outside a question, the verb a tool's object is made from ("I'd like
    to rent two pairs of skis" and `create_rental`, "donate 20 euros" and `add_donation`) asks for
    that tool's changing act (never deleting or cancelling)."""
    out: set[str] = set()
    for sentence in re.split(r"(?<=[.!?;])\s+|\n", task):
        if ASKING.match(POLITE.sub("", sentence)):
            continue
        said = set(words(sentence))
        for t in tools:
            acts = {c for w in words(t.name) for c in concepts(w) if c in CHANGES}
            rest = [  # (a service's act is a thing beside the verb: create_transfer's transfer)
                w
                for w in words(t.name)
                if not concepts(w) & CHANGES - SERVICES and w not in NAME_NOISE
            ]
            if acts and any(made_from(w, r) for w in said for r in rest):
                out |= acts - UNDOING
            elif acts and any(_as_verb(POLITE.sub("", sentence), r) for r in rest):
                out |= acts - UNDOING
    return frozenset(out)


def _as_verb(sentence: str, noun: str) -> bool:
    """The tool's object is said as a verb, the same word ("I want to return the drill" and
    `create_return`, "please transfer 200 to savings" and `make_transfer`, "please pick up my
    parcel" and `schedule_pickup`): after "to", "please", I or we, or opening the order."""
    split = re.fullmatch(r"([a-z]{3,}?)(up|off|out|in|back|over)", noun)  # pickup: "pick up"
    said = rf"{split[1]}\s*-?\s*{split[2]}" if split else re.escape(noun)
    return bool(
        re.search(
            rf"(?:^\W*|\b(?:to|please|i|we|i'll|we'll|let's|let us)\s+)(?:also\s+|just\s+)?"
            rf"{said}\b",
            sentence,
            re.I,
        )
    )


def choose(v: View) -> list[Tool]:
    """`_chosen_all`; a request for a figure that asks no file written ("add up the costs in
    costs.txt": add is no create) takes no tool that writes files."""
    chosen = _chosen_all(v)
    if columns.figure_asked(v.task) and not WRITES_ASKED.search(v.whole):
        return [t for t in chosen if not writes_files(t)]
    return chosen


def _chosen_all(v: View) -> list[Tool]:
    """The tools the request asks for (rule 1, `_choose`; for the rest of the message when a clause
    of it only states the user's own code: `agentkit.sim.carried.unstated`), and, for each further request the
    message makes (`requests`), the first tool chosen for it alone when none of those is taken
    and it shares a concept or a telling word with that request ("帮我约周六上午的皮划艇，顺便看看
    那天湖水多少度": the lake's conditions beside the kayak)."""
    if not v.earlier and carried.stated(v.task):
        return []  # "Hi! My account number is 4403-2219-07." opens with no request
    rest = carried.unstated(v.task)  # "My library card is LC-20417." asks for nothing
    every = [t for t in v.tools if t.name not in claude_code.ORCHESTRATION]
    acts = bool(
        rest and asked_of(rest, every) & CHANGES
    )  # "…，请把人数改为6人": the code is its input
    own = choose(replace(v, task=rest)) if rest and not acts else []
    banned = _forbidden(v.task, every)  # "Don't accept anything yet": that act is not chosen
    every = [t for t in every if t not in banned]
    v = replace(v, task=FORBIDS.sub(" ", v.task), tools=tuple(every)) if banned else v
    chosen = _reading(v, every, _entry_asked(v, _choose(v)), asked_of(v.task, every))
    if own:  # the rest's tools, and those read for the code's words (list_loans of the card)
        return own + [t for t in chosen if t not in own and not _changes(t) and not _takes_entry(t)]
    if rest and questions(rest) and not asked_of(rest, every) & CHANGES:
        # a question beside the code asks no act: none is taken for the code's own words
        reads = [t for t in chosen if not _changes(t) and not _takes_entry(t)]
        chosen = reads or chosen
    parts = requests(v.task)
    if len(parts) < 2 or chosen and runs_commands(chosen[0]) and shell.SHELL_ASKED.search(v.task):
        return chosen  # ("How many rows ...? Use bash.": the shell does it all)
    tools = [t for t in v.tools if t.name not in claude_code.ORCHESTRATION]
    for part in parts:
        own = [t for t in _choose(replace(v, task=part)) if _shares(t, part, tools)]
        # (a part that asks a question takes no tool that changes something, as the whole does)
        own = _reading(replace(v, task=part), tools, own, asked_of(part, tools))
        if own and not set(map(id, own)) & set(map(id, chosen)):
            chosen = chosen + own[:1]
    return chosen


WRITES_ASKED = re.compile(
    r"\b(?:write|save|create|store|put|record|log|copy|export|output)\b|写|保存|存到|存入|存成|创建|新建|记录|导出|输出",
    re.I,
)


SECOND = re.compile(  # a further request of the same message
    r"(?:[,;.!?]\s*|\s+)(?:and\s+)?also\b[,:]?"
    r"|[,;]?\s+and\s+(?=(?:tell|show|let)\s+me\b|(?:what|when|where|how|which|who|whether)\b)"
    r"|(?<=\?)\s+|(?<=？)\s*"
    r"|[，,。；;]?\s*(?:顺便|另外|并告诉我|再告诉我)",
    re.I,
)


def _entry_asked(v: View, chosen: list[Tool]) -> list[Tool]:
    """A follow-up that picks an entry of an earlier task's listing by its place or as "that one"
    ("Tell me more about the second trail", "第二条详细说说") asks about that entry: the tool that
    takes the entries' key (`_about_entry`) alone, not the listing's own tool again."""
    if v.calls or not v.before or not (pick.ordinal(v.task) or pick.REFERS.search(v.task)):
        return chosen
    tools = [t for t in v.tools if t.name not in claude_code.ORCHESTRATION]
    taker = _about_entry(v, tools)
    listed = {c.name for c in v.before}
    if taker and chosen and all(t is taker[0] or t.name in listed for t in chosen):
        return taker
    return chosen


def requests(task: str) -> list[str]:
    """The requests one message makes: its parts split where it says also, "and tell me", "and"
    before a question word, 顺便 or 另外, or after a question mark ("Book a kayak for Saturday
    and also tell me ...": two)."""
    return [p.strip(" ,，.。;；") for p in SECOND.split(task) if p.strip(" ,，.。;；")]


def _shares(t: Tool, part: str, tools: list[Tool]) -> bool:
    """The tool shares a concept, a word of its name or description, or in Chinese a pair or a
    telling character with the request `part`."""
    return bool(score(t, asked_of(part, tools)) or shared(t, task_words(part, tools), pairs(part)))


def _choose(v: View) -> list[Tool]:
    """The tools the request asks for (rule 1); where no concept is shared, the tools whose name's
    words (or, in Chinese, whose description's pairs of characters) the request uses, the most
    first. A tool that only shares such words is also taken beside the concept's choice
    ("subscriptions of the account sam@example.net": find_user_by_email by its concept, then
    list_subscriptions by its name), unless its name carries an act that changes something the
    user did not ask for."""
    tools = [t for t in v.tools if t.name not in claude_code.ORCHESTRATION]
    asked = asked_of(v.task, tools)
    said, han = task_words(v.task, tools), pairs(v.task)
    first = _before_concepts(v, tools)
    if first is not None:
        return first
    amends = _amends(v, tools) or _wished(v, tools)
    if amends:
        return amends
    told = questions(v.task) > 0  # a question: a tool whose name reads comes before another
    ranked = sorted(
        (t for t in tools if candidate(t, asked, v.task) and claude_code.by_its_rule(t, v.task)),
        key=lambda t: (
            -len({c for c in asked & t.name_concepts if kind(c) != THING} - {"read"}),
            -len(asked & t.name_concepts - {"read"}),
            len(t.name_concepts & {"list", "search"} - asked) if asked & CHANGES else 0,  # list_…
            -bool(t.name_concepts & READS) if told and not asked & CHANGES else 0,  # (a question)
            -score(t, asked),
        ),
    )
    ranked = _reader_first(v, tools, ranked)
    ranked = _linked_first(v.task, asked, ranked)  # (the setting's tools, here and beside)
    if not ranked:
        general = _general_tool(v, tools)
        if general is not None:
            return [general] + _copied_to(v.task, tools, [general])
        # a shell is taken by its own rule only (above), never for the words of its manual
        unasked = [
            t
            for t in tools
            if changes_asked(t.name, asked)
            and claude_code.by_its_rule(t, v.task)
            and not runs_commands(t)
            and not undoes(t, asked, v.task)
            and not _only_reads(t, asked, tools)
        ]
        found = _by_values(v, tools, unasked, [t for t in unasked if shared(t, said, han)])
        if not found:
            return (
                _thing_listed(v, tools)
                or _about_entry(v, unasked)
                or _act_on_entry(v, tools)
                or _again(v, unasked)
                or _across(v, unasked)
                or _across_chain(v, tools)
                or _code_reader(v, tools)
                or _named_reader(v, tools)
                or _name_taker(v, tools)
                or _most_filled(v, tools)
            )
        if han:  # the best, and any other that holds a pair of the request the taken ones do not
            taken = found[:1]
            taken += [t for t in found[1:] if _own_pairs(t, han, found[:1])]
            return taken
        # the best, and any other whose name's words the request uses ("UV index and tide
        # times"; not a reading tool beside the change asked of the same thing)
        best = set(words(found[0].name)) if found and found[0].name_concepts & CHANGES else set()
        lead = set(words(found[0].name)) if found else set()
        return found[:1] + [
            t
            for t in found[1:]
            if named_in(t, said)
            and not _bracketed(t, v.task)
            and ((set(words(t.name)) - NAME_NOISE & said) - best or t.name_concepts & CHANGES)
            and (  # get_recipe is not read beside search_recipes for "any saved recipes"
                t.name_concepts & CHANGES
                or (used := set(words(t.name)) - NAME_NOISE & said) - lead
                or _one_of(v.task, used)
            )
        ]
    chosen: list[Tool] = []
    covered: set[str] = set()
    for t in ranked:
        new = {c for c in asked & t.concepts if kind(c) == THING} - covered
        new |= asked & t.name_concepts - {"read"} - covered
        if not chosen or new:
            chosen.append(t)
            # a tool whose name names a thing covers that thing, not every thing its description
            # mentions (get_member's "returns the ticket_id" leaves get_ticket to be called)
            named = {c for c in asked & t.name_concepts if kind(c) == THING}
            covered |= (named or (asked & t.concepts)) | (asked & t.name_concepts)
    kept = _linked_first(v.task, asked, _beside(v.task, tools, chosen, covered))
    return kept if kept or not chosen else _read_instead(v, tools)


def _reader_first(v: View, tools: list[Tool], ranked: list[Tool]) -> list[Tool]:
    """Rule 1: a file to read is read by the tool that reads files, not by the shell's `cat`
    ranked first (`_instead_of_cat`)."""
    reader = _instead_of_cat(v, tools) if ranked and runs_commands(ranked[0]) else None
    if reader is None:
        return ranked
    return [reader] + [t for t in ranked if t is not reader and not runs_commands(t)]


def _read_instead(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1: only a shell was ranked and no command of its rules serves the request: a file
    the request names is read ("把 a.txt 的步骤列给我", `_general_tool`), else nothing."""
    general = _general_tool(v, tools)
    return [general] if general is not None and not runs_commands(general) else []


READS = frozenset({"read", "list", "search"})


def _linked_first(task: str, asked: frozenset[str], ranked: list[Tool]) -> list[Tool]:
    """Rule 1: a request that means a concept without its word (`agentkit.sim.lexicon.linked`:
    "Do I need a raincoat for the hike?" means the weather, "How far is Ghent from Bruges by
    bike?" a route, "Can I afford the ticket?" the balance) asks about that concept: where a
    candidate carries it, another candidate that only shares a thing the request names as its
    setting (the hike's trails, the bike's rental, the ticket's purchase) is not taken, unless
    its name carries an act the request asks for ("Book a cab if it won't rain")."""
    links = linked(task) & asked
    if not links or not any(links & t.concepts for t in ranked):
        return ranked
    acts = {c for c in asked if kind(c) != THING} - {"read"}
    return [t for t in ranked if links & t.concepts or t.name_concepts & acts]


def _reading(v: View, tools: list[Tool], chosen: list[Tool], asked: frozenset[str]) -> list[Tool]:
    """Rule 1: a question that asks no change ("What time is Lily picked up?") takes no tool that
    changes something (`_changes`: set_pickup, "Change who picks a child up"): the chosen tools
    that only read, else the one reading tool that shares its words, else the one reading tool
    the request gives every required value (find_child by the child's full name)."""
    if not questions(v.task) or asked & CHANGES or not any(_changes(t) for t in chosen):
        return chosen
    if COME_ASKED.search(v.task):  # "Can someone come tomorrow?": a visit asked, no question
        return chosen
    kept = [t for t in chosen if not _changes(t)]
    if kept:
        return kept
    readers = [t for t in tools if not _changes(t) and _shares(t, v.task, tools)]
    readers = readers or [  # else the one reading tool the request gives every required value
        t
        for t in tools
        if not _changes(t)
        and t.schema.get("required")
        and not arguments(t, gather(v.task, []))[1].missing
    ]
    return readers[:1] if len(readers) == 1 else chosen


COME_ASKED = re.compile(  # a question that asks someone to come and do the work
    r"\b(?:can|could|would|will)\s+(?:you\s+(?:send|get)\s+)?(?:someone|somebody|anyone|a technician)"
    r"\s+(?:come|drop by|stop by|pop round|visit|be sent)\b|能不能派人|可以派人|能派人|派个人",
    re.I,
)


TYPED_ROLES = frozenset({"email", "phone", "currency", "zone", "location", "id"})


def typed_values(t: Tool, task: str) -> int:
    """How many of the tool's required inputs the request gives a value of their kind: a number,
    a yes or no, an enum member it says, a date or time, an email, a phone, a currency, a place,
    an id ("$169.00"
    fills amount and currency); free text (a reason, a note) is no such evidence."""
    props = t.schema.get("properties") or {}
    got = arguments(t, gather(task, []))[1].values
    n = 0
    for k in t.schema.get("required") or []:
        p, x = props.get(k), got.get(k)
        if not isinstance(p, dict) or x is None or x == "":
            continue
        if p.get("enum"):  # a member said, or coded ("men's 40+": M40), or by its stem
            n += (
                str(x).lower() in task.lower()
                or x == coded_member(p["enum"], task)
                or any(w[:6] in task.lower() for w in re.findall(r"[a-z]{6,}", str(x).lower()))
            )
        elif p.get("type") in ("number", "integer", "boolean"):
            n += not _bracket(x, task)  # "the men's 40+ category": 40 is no bib
        elif isinstance(x, str):
            n += role(k, p) in TYPED_ROLES or temporal(k, p) is not None
    return n


def _most_filled(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1's last fallback, before saying no tool serves: the one tool to which the request
    gives values of their kind for three or more required inputs, more than to any other ("Tom
    Becker wants his furnace inspected this Thursday, between 1 and 4 pm": schedule_visit's date,
    window and job), not one that undoes; in a conversation's first task; a tool that changes
    something never for a question or a day gone by ("Is a table for four free at 8pm?")."""
    if v.before:
        return []
    asked = asked_of(v.task, tools)
    counts = sorted(
        ((typed_values(t, v.task), t) for t in tools if not undoes(t, asked, v.task)),
        key=lambda nt: -nt[0],
    )
    if not counts or counts[0][0] < 3 or len(counts) > 1 and counts[1][0] == counts[0][0]:
        return []
    best = counts[0][1]
    today = today_date().isoformat()
    told = questions(v.task) or any(d < today for _at, d in iso_dates(v.task))
    return [] if told and best.name_concepts & CHANGES else [best]  # (a question, a past day)


def _thing_listed(v: View, tools: list[Tool]) -> list[Tool]:
    """A request that asks no act a tool names, in a language other than the tools' (an English
    request to tools described in Chinese), still asks for the one tool whose description or an
    input's description names, in its words, a thing the request says (its English gloss:
    "cockroaches" and 例如 蟑螂、老鼠) and to which it gives values of two or more required inputs
    of their kind (`typed_values`: an address, a date, a phone)."""
    if v.lang != "en":
        return []
    said = {_singular(w) for w in re.findall(r"[A-Za-z]{4,}", v.task)}
    fit = [
        t
        for t in tools
        if not runs_commands(t) and _glossed_things(t) & said and typed_values(t, v.task) >= 2
    ]
    return fit if len(fit) == 1 else []


def _glossed_things(t: Tool) -> set[str]:
    """The English glosses (single words, singular) of the Chinese words of a tool's description
    and its inputs' descriptions."""
    props = t.schema.get("properties") or {}
    text = " ".join(
        [
            t.description,
            *(str(p.get("description") or "") for p in props.values() if isinstance(p, dict)),
        ]
    )
    out: set[str] = set()
    for w in glosses.segmented(text) if re.search(r"[\u4e00-\u9fff]", text) else []:
        if len(w) < 2:
            continue
        out |= {_singular(g) for g in glosses.gloss(w) if re.fullmatch(r"[A-Za-z]{4,}", g)}
    return out


def _singular(word: str) -> str:
    """An English noun's singular, near enough to compare ("cockroaches", "mice" stay apart)."""
    w = word.lower()
    if re.search(r"(?:ch|sh|x|ss)es$", w):
        return w[:-2]
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def _bracket(x: Any, task: str) -> bool:
    """The number is said only as a bracket of a category ("40+", "the over-40s", "under-1600",
    "40岁以上", "40岁组"): a class of things, never a count, an amount or an id of one."""
    if isinstance(x, bool) or not isinstance(x, (int, float)) or x != int(x):
        return False
    n = str(int(x))
    said = list(re.finditer(rf"(?<![\d.]){n}(?![\d.])", task))
    bracket = re.compile(
        rf"(?<![\d.]){n}\+|\b(?:under|over|u|o)[- ]?{n}s?\b|\b{n}s\b|{n}\s*岁(?:以上|以下|组|段)"
        rf"|{n}\s*(?:以上|以下)",
        re.I,
    )
    return bool(said) and len(bracket.findall(task)) >= len(said)


def _bracketed(t: Tool, task: str) -> bool:
    """Every required input of the tool is a number the request says only as a bracket (`_bracket`:
    get_runner(bib) beside "the men's 40+ category"): nothing of the request is for it."""
    need = t.schema.get("required") or []
    got = arguments(t, gather(task, []))[1].values
    return bool(need) and all(k in got and _bracket(got[k], task) for k in need)


def _by_values(v: View, every: list[Tool], tools: list[Tool], found: list[Tool]) -> list[Tool]:
    """Rule 1's fallback, ranked: the words shared (`shared`) and, twice, the required inputs the
    request gives values of their kind (`typed_values`). Under tool_choice "any" a tool (any that does
    not undo what is asked) to which the request gives two or more such values is found too, and
    so it is beside a tool found by its words (a receipt's "$169.00" for log_expense's amount and
    currency, before flag_for_review, which only shares the word "receipt"); a tool this task
    has called stays found (the turn after a forced call)."""
    said, han = task_words(v.task, tools), pairs(v.task)
    forced = v.choice.get("type") == "any"
    called = {c.name for c in v.calls if c.result is not None and not c.failed}
    pool = [
        t
        for t in every
        if t in tools
        or t.name in called
        or (forced and not undoes(t, asked_of(v.task, every), v.task))
    ]
    typed = {t.name: typed_values(t, v.task) for t in pool}
    if forced or found:
        found = found + [t for t in pool if t not in found and typed[t.name] >= 2]
    told = bool(questions(v.task))  # a question asks to be told: a tool that reads comes first
    return sorted(
        found,
        key=lambda t: (
            -(told and bool(t.name_concepts & READS) and not t.name_concepts & CHANGES),
            -(shared(t, said, han) + 2 * typed.get(t.name, 0)),
        ),
    )


def _only_reads(t: Tool, asked: frozenset[str], tools: list[Tool]) -> bool:
    """The request asks to cancel or delete, no tool's name carries that act, and this tool's
    name only reads, lists or searches (show_schedule for a refund): it cannot serve by the words
    it shares (mark_consumed, whose verb the table does not know, still may)."""
    undo = asked & UNDOING
    if not undo or any(o.name_concepts & undo for o in tools):
        return False
    return bool(t.name_concepts & READS) and not t.name_concepts & CHANGES


ELLIPTIC = re.compile(
    r"^\W*(?:and|what about|how about|and what about|same for|now for|also for|ok,? and)\b"
    r"|^\W*(?:那|那么|还有)?[^。！？?!\n]{1,20}呢\W*$",
    re.I,
)


def _again(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1 for an elliptic follow-up ("And in London?", "What about Berlin?", "那上海呢？"):
    it asks the last call of the earlier tasks again, with the value it gives (a place, a date,
    an id, a member) in place of that call's; the call's other values stay
    (`_carried_over`). Nothing is taken when the request gives no value the call had not."""
    if not v.before or not ELLIPTIC.search(v.task.strip()) or len(v.task) > 80:
        return []
    last = v.before[-1]
    t = next((t for t in tools if t.name == last.name), None)
    if t is None:
        return []
    got = arguments(t, gather(v.task, []))[1].values
    new = {k: x for k, x in got.items() if x not in (None, "") and last.input.get(k) != x}
    return [t] if new or _elided(v.task, last) else []


ELIDED = re.compile(
    r"^\W*(?:and|what about|how about|and what about|same for|now for|also for|ok,? and)"
    r"\s+(?:in|at|for|on|with)?\s*(?:the\s+)?(?P<en>[^?!.\n]{1,40}?)\s*[?!.]*$"
    r"|^\W*(?:那|那么|还有)?(?P<zh>[^。！？?!\n]{1,20}?)(?:的)?呢\W*$",
    re.I,
)


AMEND = re.compile(  # a change of what was just done: "make it 4", "改成三张吧"
    r"\b(?:make (?:it|that|them|this)|change (?:it|that|this|them)(?: to)?|instead|rather|"
    r"switch (?:it|that) to|move (?:it|that) to|bump (?:it|that) (?:up|down) to)\b"
    r"|改成|改为|换成|改到|变成"
)
AMEND_OPENER = re.compile(  # "Actually, 4 players.", "不好意思，6个人。": a change when no question
    r"^\W*(?:actually|sorry|oh|wait|hmm|on second thought|oops)\b|^\W*(?:不好意思|等一下|哦)", re.I
)


def _amended(v: View) -> Call | None:
    """The act an amending follow-up changes ("Actually, make it 4 players." after book_lane,
    "不好意思，改成6个人。" after reserve_table): the earlier tasks' last call of a changing tool
    that went through, when the request is short and reads as a change (`AMEND`, or `AMEND_OPENER`
    outside a question), gives a value of that call's inputs it did not have, and shares no word
    with any other tool than that act's and the tools that update ("Sorry, and the weather
    tomorrow?" asks the weather, never to book again for tomorrow)."""
    if not v.before or len(v.task) > 160:
        return None
    if not AMEND.search(v.task) and not (AMEND_OPENER.search(v.task) and not questions(v.task)):
        return None
    last = next(
        (c for c in reversed(v.before) if c.result is not None and not c.failed and _acts(v, c)),
        None,
    )
    t = v.tool(last.name) if last else None
    if last is None or t is None:
        return None
    tools = list(v.tools)
    if any(
        o.name != last.name and "update" not in o.name_concepts and _shares(o, v.task, tools)
        for o in tools
    ):
        return None
    got = arguments(t, gather(v.task, []))[1].values
    new = {
        k for k, x in got.items() if k in last.input and x not in (None, "") and x != last.input[k]
    }
    return last if new else None


def _acts(v: View, c: Call) -> bool:
    t = v.tool(c.name)
    return t is not None and bool(t.name_concepts & CHANGES)


def _amends(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1 for a change after a completed act (`_amended`): the tool that changes such a thing
    (its name's act is update: modify_reservation, update_booking) and requires an id the act's
    result gives, else the act again with the new value (`_amend_inputs`)."""
    last = _amended(v)
    if last is None:
        return []
    keys = {str(k) for k in _keys(last.data)}
    changers = [
        t
        for t in tools
        if t.name != last.name
        and "update" in t.name_concepts
        and any(k in keys and names_an_id(t, k) for k in t.schema.get("required") or [])
    ]
    again = [t for t in tools if t.name == last.name]
    return changers[:1] or again


def _amend_inputs(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """The inputs of an amending call (`_amends`): the act's own call again keeps its values and
    takes only the new ones the request gives for them; a changing tool takes the act's id from
    its result, and of its other inputs only those the request gives."""
    last = _amended(v)
    if last is None:
        return variants, got
    said = arguments(v.tool(last.name) or t, gather(v.task, []))[1].values
    if t.name == last.name:
        new = {k: x for k, x in said.items() if k in last.input and x not in (None, "")}
        one = {**last.input, **{k: x for k, x in new.items() if x != last.input[k]}}
        return [one], Fill(one, [])
    data = last.data if isinstance(last.data, dict) else {}
    ids = {k: data[k] for k in t.schema.get("required") or [] if k in data}
    changed = {k: x for k, x in said.items() if k in last.input and x != last.input[k]}
    props = t.schema.get("properties") or {}
    one = {**ids, **{k: x for k, x in changed.items() if k in props}}
    one.update({k: x for k, x in (variants[0] if variants else {}).items() if k in ids})
    rest = [k for k in got.missing if k not in one]
    return [one], Fill(one, rest)


def _elided(task: str, last: Call) -> tuple[str, str] | None:
    """What an elliptic follow-up gives in place of the earlier call's value ("What about Berlin?"
    after get_weather(location="Paris"): location, Berlin): the words it asks about, for the one
    input of that call that held a name (words, not a number, a date or an id)."""
    m = ELIDED.search(task.strip())
    said = (m.group("en") or m.group("zh") or "").strip() if m else ""
    named = [
        k
        for k, x in last.input.items()
        if isinstance(x, str)
        and re.fullmatch(r"[^\d\W][\w' -]{0,38}", x)
        and len(x.split()) <= 3
        and not pick.ID_LIKE.fullmatch(x)
    ]
    if not said or len(named) != 1 or last.input[named[0]] == said or WHEN.search(said):
        return None
    return named[0], said


WHEN = re.compile(  # a time, not a name: "And tomorrow?", "那明天呢"
    r"\b(?:today|tomorrow|tonight|yesterday|weekend|morning|afternoon|evening|next|last|this|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d)|今天|明天|后天|昨天|今晚|明晚|"
    r"周[一二三四五六日末]|星期|下周|上周|早上|下午|晚上|\d",
    re.I,
)


def _carried_over(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """An elliptic follow-up's call (`_again`): the values it lacks are the earlier call's."""
    earlier = [c for c in v.before if c.name == t.name]
    if not got.missing or not earlier or not ELLIPTIC.search(v.task.strip()):
        return variants, got
    kept = {k: earlier[-1].input[k] for k in got.missing if k in earlier[-1].input}
    elided = _elided(v.task, earlier[-1])
    if elided is not None and elided[0] in got.missing:
        kept[elided[0]] = elided[1]
    rest = [k for k in got.missing if k not in kept]
    return [{**a, **kept} for a in variants], Fill({**got.values, **kept}, rest)


def _across(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1 across languages: a Chinese request and a tool described in English only (or the
    other way round) share no words to compare, so the values decide: the one tool whose name
    changes nothing and every required input of which the request fills with a value of its kind
    (`typed_values`: "我昨天走了多少步？" and get_step_count(date)), or, for one name-like input, with
    the names it lists ("对比一下东湖店、西溪店和滨江店 2026-W47 的营业额" and
    get_store_revenue(store, week): `_listed_for`)."""
    zh = bool(pairs(v.task))
    fits = [
        t
        for t in tools
        if bool(re.search(r"[\u4e00-\u9fff]", f"{t.name} {t.description}")) != zh
        and not t.name_concepts & CHANGES
        and (need := len(t.schema.get("required") or [])) > 0
        and not _takes_numbers(t)
        and (typed_values(t, v.task) == need or _listed_for(t, v.task))
    ]
    return fits if len(fits) == 1 else []


CODE_NAMED = re.compile(  # a thing named by its code: "ICE 578", "LH441", "KX-2209", "12B"
    r"(?<![\w-])(?:[A-Z]{1,5}[ -]?\d{1,6}[A-Z]?|\d{1,5}[A-Z]{1,3})(?![\w-])"
)


def _code_reader(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1 for a question about one thing it names by a code ("Is ICE 578 running late?"):
    the one tool offered that reads (its name changes nothing) and takes, as its one required
    input, a string of no typed role (train, vessel, unit): the code is that thing. Among
    several tools, the one reading tool whose one required input is an id ("What's PX-4
    pumping right now?" and get_pump_status(pump_id)): a code is what an id is."""
    if not questions(v.task) or len(CODE_NAMED.findall(v.task)) != 1:
        return []
    fits, ids = [], []
    for t in tools:
        props = t.schema.get("properties") or {}
        need = t.schema.get("required") or []
        p = props.get(need[0]) if len(need) == 1 else None
        if (
            isinstance(p, dict)
            and p.get("type", "string") == "string"
            and not p.get("enum")
            and not t.name_concepts & CHANGES
        ):
            ids += [t] if idkinds.is_id_key(need[0]) else []
            fits += [t] if role(need[0], p) is None else []
    if len(fits) == 1 == len(tools):
        return fits
    return ids if len(ids) == 1 else []


def _listed_for(t: Tool, task: str) -> int:
    """1 when the tool's name reads (get_store_revenue), the request lists two or more named
    things ("东湖店、西溪店和滨江店"), and exactly one required input of the tool, a string of no
    typed role, is left open for them, every other filled: one call each."""
    if not t.name_concepts & READS or len(each.named_things(task, "")) < 2:
        return 0
    props = t.schema.get("properties") or {}
    got = arguments(t, gather(task, []))[1]
    open_ = [
        k
        for k in t.schema.get("required") or []
        if k in got.missing
        and isinstance(p := props.get(k), dict)
        and p.get("type", "string") == "string"
        and not p.get("enum")
        and role(k, p) is None
    ]
    return int(len(open_) == 1 == len(got.missing))


def _across_chain(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1 across languages for a question about a thing it names ("珊瑚礁大缸最近一次是什么时候
    喂的？" and English tools): the one reading tool that needs the id of a thing a finder
    (find_tank(name), "Find ... by name") looks up by name, the thing's word in the id (tank of
    tank_id); the finder is called first for it (rule 3, `_finder`, `_by_name`)."""
    zh = bool(pairs(v.task))
    if not questions(v.task) or named_in_request(v.task, set()) is None:
        return []
    finders = [
        t
        for t in tools
        if bool(re.search(r"[\u4e00-\u9fff]", f"{t.name} {t.description}")) != zh
        and FINDS.search(f"{' '.join(words(t.name))} {t.description}")
        and not t.name_concepts & CHANGES
        and any(NAME_KEY.search(k) for k in t.schema.get("required") or [])
    ]
    readers = [
        t
        for t in tools
        if t not in finders
        and t.name_concepts & READS
        and not t.name_concepts & CHANGES
        and any(
            names_an_id(t, k) and _lists_for(f, [(t, k)])
            for k in t.schema.get("required") or []
            for f in finders
        )
    ]
    return readers if len(readers) == 1 else []


def _name_input(t: Tool) -> str | None:
    """A tool's one required input when it is a name: a string, no enum, named like a name
    (vessel_name, title) or of no typed role (greenhouse, horse); else None."""
    props = t.schema.get("properties") or {}
    need = t.schema.get("required") or []
    p = props.get(need[0]) if len(need) == 1 else None
    if not isinstance(p, dict) or p.get("type", "string") != "string" or p.get("enum"):
        return None
    return need[0] if NAME_KEY.search(need[0]) or role(need[0], p) is None else None


def _named_reader(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1 across languages for a question about one thing it names ("“远望七号”现在开到哪儿
    了？", "三号棚里现在多少度？") and tools described in English only: the one reading tool whose
    one required input is a name, when the thing is quoted or named with a number (七号, 三号棚)
    or the question glosses a word of the tool's (`_glossed_for`: 湿度 and "humidity"); the
    name is its input (`_named_thing`). "今天天气怎么样？" names no such thing."""
    zh = bool(pairs(v.task))
    name = named_in_request(v.task, set()) if zh and questions(v.task) else None
    if name is None:
        return []
    if any(re.search(r"[\u4e00-\u9fff]", f"{t.name} {t.description}") for t in tools):
        return []
    fits = [t for t in tools if not t.name_concepts & CHANGES and _name_input(t) is not None]
    if len(fits) != 1:
        return []
    return fits if _names_thing(v.task, name, fits[0]) else []


def _name_taker(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1 for an English question about one thing it names by a proper name, in words no
    tool shares ("Is Biscuit up to date on his shots?" beside get_vaccination(pet_name); "How
    long is the Kestrel Ridge Loop?" beside find_trails(query)), or a Chinese question about the
    thing it opens with ("翠湖苑有没有两居室？" beside list_flats(estate)): the one reading tool
    whose one required input is a name; the name is its input."""
    if not questions(v.task) or v.searches:  # (with a web search, that serves it)
        return []
    if pairs(v.task):  # a Chinese question's subject: "翠湖苑有没有两居室？"
        if not _subject_named(v.task):
            return []
    elif proper_name(v.task, set()) is None:
        return []
    takes = _takes_a_name if pairs(v.task) else lambda t: _name_input(t) is not None
    fits = [t for t in tools if not t.name_concepts & CHANGES and takes(t)]
    return fits if len(fits) == 1 else []  # (an English place is no name: "capital of France")


def _subject_named(task: str) -> str | None:
    """The thing a Chinese question opens with (`named_in_request`) when it is a name: not a
    deictic, a time (今天天气), a word the concept table knows, nor the subject of a question of
    knowledge (人工智能是什么)."""
    name = named_in_request(task, set())
    if (
        not name
        or re.match(r"那|这|该|此|上面|刚才", name)
        or ZH_NO_NAME.search(name)
        or concepts(name)
        or re.search(r"是什么|是谁|是啥|什么意思", task)
    ):
        return None
    return name


def _takes_a_name(t: Tool) -> bool:
    """A tool's one required input is a name: `_name_input`, or a place's name (小区名称)."""
    need = t.schema.get("required") or []
    p = (t.schema.get("properties") or {}).get(need[0]) if len(need) == 1 else None
    if _name_input(t) is not None:
        return True
    return isinstance(p, dict) and not p.get("enum") and role(need[0], p) == "location"


def _names_thing(task: str, name: str, t: Tool) -> bool:
    """The thing a Chinese question opens with is one the tool's name input takes: quoted, named
    with a number (七号, 三号棚), or asked about in a word the tool's text glosses."""
    if QUOTED_NAME.search(task) is not None or NUMBERED_NAME.search(name) is not None:
        return True
    if re.match(r"那|这|该|此|上面|刚才", name):
        return False  # "那个工单…": the one said before, no name (its id is the earlier result's)
    if _kind_only(name, t):
        return False  # "雪场现在积雪多厚？": 雪场 (snow + 场) is the tool's kind of thing, no name
    rest = task.replace(name, " ")
    return _glossed_for(rest, t) or _worded_for(rest, t)


def _worded_for(task: str, t: Tool) -> bool:
    """A Chinese question says a word of two characters or more that the tool's Chinese
    description says ("经费" of "查询社团的经费余额"): it asks what the tool tells."""
    return any(
        len(w) >= 2 and w in t.description
        for run in re.findall(r"[\u4e00-\u9fff]+", task)
        for w in glosses.segmented(run)
    )


def _kind_only(name: str, t: Tool) -> bool:
    """A name whose concepts the tool's own words all say (雪场: snow, of get_snow_report), or made
    only of words the tool's own words gloss and a single character beside them: the tool's kind
    of thing, not one thing's name (two characters more are a name: 星海俱乐部)."""
    if concepts(name) and concepts(name) <= t.name_concepts | concepts(t.description):
        return True  # (雪场: snow, a thing the tool's own words say)
    own = _stems_of(t)
    parts = glosses.segmented(name)
    hit = [w for w in parts if _gloss_stems(w) & own]
    rest = "".join(w for w in parts if w not in hit)
    if len(rest) >= 2:
        return False  # "星海俱乐部": two characters before the kind's word (club) name one
    return bool(hit) and all(w in hit or len(w) == 1 for w in parts)


def _stems_of(t: Tool) -> set[str]:
    """The first five letters of each word of four letters or more of a tool's name and
    description (what a gloss is compared with)."""
    said = f"{' '.join(words(t.name))} {t.description}".lower()
    return {w[:5] for w in re.findall(r"[a-z]{4,}", said)}


def _gloss_stems(word: str) -> set[str]:
    """The same stems of a Chinese word's English gloss (`glosses`)."""
    return {x[:5] for g in glosses.gloss(word) for x in re.findall(r"[a-z]{4,}", g.lower())}


NUMBERED_NAME = re.compile(r"[\u4e00-\u9fff\d]号(?:[\u4e00-\u9fff]{0,2})$")  # 远望七号, 三号棚
NO_KIND = frozenset({"current", "name", "list", "latest", "information", "details", "data"})


def _glossed_for(task: str, t: Tool) -> bool:
    """A Chinese question says, by the English gloss of a word of two characters or more
    (`glosses`), a word of the tool's name or description ("湿度" humidity and "temperature and
    humidity readings", "浇水" water and "last watering"): it asks what the tool tells."""
    own = _stems_of(t) - {w[:5] for w in NO_KIND}
    for run in re.findall(r"[\u4e00-\u9fff]+", task):
        for w in glosses.segmented(run) if len(run) >= 2 else []:
            said = _gloss_stems(w) if len(w) >= 2 else set()
            if any(g.startswith(o) or o.startswith(g) for g in said for o in own):
                return True  # ("funds" and get_fund: a four-letter word is its whole stem)
    return False


def _listed_values(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """A required string input (no id, no enum) named like a key the entries of a listing hold
    takes the value of the one entry the request says by it, as the listing writes it ("I'll have
    the chicken tikka" and a menu's dish: `agentkit.sim.carried.listed_value`)."""
    props = t.schema.get("properties") or {}
    results = [c.data for c in (*v.calls, *v.before) if c.result is not None and not c.failed]
    if len(variants) != 1 or not results:
        return variants, got
    kept = {}
    for k in t.schema.get("required") or []:
        p = props.get(k) or {}
        if p.get("type", "string") != "string" or p.get("enum") or names_an_id(t, k):
            continue
        found = carried.listed_value(v.task, results, k)
        if found is not None and variants[0].get(k) != found:
            kept[k] = found
    if not kept:
        return variants, got
    return [{**variants[0], **kept}], Fill(
        {**got.values, **kept}, [k for k in got.missing if k not in kept]
    )


def _named_thing(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """A reading tool's one required name (or place's name) left open by a Chinese question that
    names one thing ("三号棚里现在多少度？" for get_greenhouse_readings(greenhouse)) takes that
    thing (`named_in_request`), when the question asks what the tool tells or the tool is the
    only one that takes a name ("翠湖苑有没有两居室？" for list_flats(estate))."""
    need = t.schema.get("required") or []
    key = _name_input(t) or (need[0] if _takes_a_name(t) else None)
    if key is None or key not in got.missing or t.name_concepts & CHANGES:
        return variants, got
    if not pairs(v.task) or not questions(v.task):
        return variants, got
    name = named_in_request(v.task, set())
    only = [x for x in v.tools if not x.name_concepts & CHANGES and _takes_a_name(x)] == [t]
    only = only and _subject_named(v.task) == name
    if not name or not (only or _names_thing(v.task, name, t)):
        return variants, got
    return _with(variants, got, key, name)


def _enough_of(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """A reading tool's one required name left open by a question whether there is enough of a
    thing ("each takes 200 g of wool. Have I got enough wool?", "每人发2瓶水，水够不够？") takes
    that thing (`values.enough_of`)."""
    key = _name_input(t)
    if key is None or key not in got.missing or t.name_concepts & CHANGES:
        return variants, got
    thing = enough_of(v.task)
    return _with(variants, got, key, thing) if thing else (variants, got)


def _takes_numbers(t: Tool) -> bool:
    """A required input is a number: any figure of a request fills it, which says nothing of
    what the request is about ("36 乘以 12" and boil_kettle's litres)."""
    props = t.schema.get("properties") or {}
    return any(
        isinstance(p := props.get(k), dict) and p.get("type") in ("number", "integer")
        for k in t.schema.get("required") or []
    )


def _one_of(task: str, used: set[str]) -> bool:
    """The request says one of the words `used` in the singular ("the Blue Mist song"): it asks
    about one thing, not for a listing ("find apartments")."""
    return any(
        w in used and w == tok.lower() and not tok.lower().endswith("s")
        for tok in re.findall(r"[A-Za-z]+", task)
        for w in words(tok)
    )


def _about_entry(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1 for a follow-up about one entry of a listing ("Does the cheapest one include
    breakfast?", "第二只多大了", "the first one"): the request picks it by a superlative, an
    ordinal or "that one" / 那款 (`agentkit.sim.pick`), and a tool takes, as a required input,
    a key the listed entries hold (`get_hotel_details(hotel_id)` after entries with hotel_id), or
    an id of its own when they hold a bare id (`get_trail(trail_id)` after entries with id);
    among several, the one whose name reads."""
    said = pick.superlative(v.task) or pick.ordinal(v.task) or pick.REFERS.search(v.task)
    if not said:
        return []
    keys = {
        str(k)
        for data in _raw(v.calls) + _raw(v.before)
        for _, entry in pick.entries(data)
        if isinstance(entry, dict)
        for k in entry
    } | (fanout.fanned_keys(v.before) if pick.ordinal(v.task) and not v.calls else set())
    takers = [
        t
        for t in tools
        if any(
            k in keys or ("id" in keys and names_an_id(t, k))
            for k in t.schema.get("required") or []
        )
    ]
    takers.sort(key=lambda t: "read" not in t.name_concepts)
    return takers[:1]


def _act_on_entry(v: View, tools: list[Tool]) -> list[Tool]:
    """Rule 1 for a follow-up that picks one entry of a listing by its place, superlative or
    "that one" and is no question ("The second one, two tickets.", "第二个，两张票。"): it asks
    for the act on that entry, the one changing tool whose required id the listed entries hold
    (their event_id, or their bare id for an id of the tool's)."""
    said = pick.superlative(v.task) or pick.ordinal(v.task) or pick.REFERS.search(v.task)
    if not said or questions(v.task):
        return []
    keys = {
        str(k)
        for data in _raw(v.calls) + _raw(v.before)
        for _, entry in pick.entries(data)
        if isinstance(entry, dict)
        for k in entry
    }
    takers = [
        t
        for t in tools
        if not _reads(t)
        and any(
            names_an_id(t, k) and (k in keys or "id" in keys)
            for k in t.schema.get("required") or []
        )
    ]
    return takers if len(takers) == 1 else []


def _beside(task: str, tools: list[Tool], chosen: list[Tool], covered: set[str]) -> list[Tool]:
    """Rule 1's last steps: a tool whose name's words the request uses, when they bring what no
    chosen tool covers, and never one that changes something for a question that asks no change
    (`_changes`); no shell beside a tool that writes the file, no reading tool beside it when the
    one file named is being created (`_creates_one`)."""
    asked, said = asked_of(task, tools), frozenset(words(task))
    # the words of the chosen tools that carry a changing act the user asked for
    named_by_changes = {
        w for c in chosen if c.name_concepts & CHANGES & asked for w in words(c.name)
    }
    for t in tools:
        used = set(words(t.name)) - NAME_NOISE & said
        if t in chosen or not used or not changes_asked(t.name, asked) or undoes(t, asked, task):
            continue
        if not used - named_by_changes and not t.name_concepts & CHANGES:
            continue  # list_reminders is not read beside add_reminder for "add a reminder"
        if all(concepts(w) and concepts(w) <= covered for w in used):
            continue
        if questions(task) and not asked & CHANGES and _changes(t):
            continue  # "What time is Lily picked up?" asks; set_pickup ("Change who ...") acts
        if not used - {w for c in chosen for w in words(c.name)} and not _one_of(task, used):
            continue  # get_apartment is not read beside search_apartments for "find apartments"
        chosen.append(t)
    chosen += _copied_to(task, tools, chosen)
    chosen += _beside_han(task, tools, chosen, asked)
    if any(writes_files(t) for t in chosen) and not shell.given(task):
        chosen = [t for t in chosen if not runs_commands(t)]
    if _creates_one(task, tools, chosen, asked):  # a file being created is not read beside it
        chosen = [t for t in chosen if not reads_files(t) or writes_files(t)]
    # a shell is called only for a command its rules give (agentkit.sim.shell): never asked
    # what to run for a joke, a count or a list of languages
    return [t for t in chosen if not runs_commands(t) or shell.command(task)]


def _creates_one(task: str, tools: list[Tool], chosen: list[Tool], asked: frozenset[str]) -> bool:
    """Rule 1: the request creates one file ("在当前目录创建一个 .env 文件，内容是 …", "create
    notes.txt containing …"), names no other and asks no reading: a tool that writes files is
    chosen, and a reading tool beside it (chosen for "目录" or "内容") has nothing to read."""
    named = set(shell.FILE.findall(task))
    return (
        "create" in asked
        and "read" not in asked
        and len(named) <= 1
        and any(writes_files(t) for t in chosen)
    )


def _changes(t: Tool) -> bool:
    """A tool that changes something, by its name's act or its description's first word
    (set_pickup, "Change who picks a child up and when.")."""
    if runs_commands(t) or writes_files(t) or reads_files(t):
        return False  # (a shell's, a file tool's rules decide: read-only unless a change is asked)
    lead = re.findall(r"^[A-Za-z]+", t.description.strip())  # (an English description's verb)
    return bool(
        t.name_concepts - {"run"} & CHANGES or lead and concepts(lead[0]) - {"run"} & CHANGES
    )


def _copied_to(task: str, tools: list[Tool], chosen: list[Tool]) -> list[Tool]:
    """A tool that writes files, for "copy the FAULT lines into faults.txt" (copy as a verb with
    the file it goes to; "a copy of Dune" is no act), and for any verb that puts text into a file
    it names ("summarize notes.md into tldr.md", "把要点整理到 要点.md")."""
    writer = [t for t in tools if writes_files(t) and t not in chosen][:1]
    return writer if COPIED_TO.search(task) and not any(writes_files(t) for t in chosen) else []


COPIED_TO = re.compile(
    r"\b(?:copy|summari[sz]e|export|dump)\b(?:[^.。\n]|\.(?=\w)){0,60}?\b(?:to|into)\s+[`'\"]?"
    r"[\w./-]+\.[A-Za-z]\w{0,5}\b|(?:复制|整理|汇总|总结|导出|记录|记)(?:到|进)\s*[\w./-]+\.[A-Za-z]\w{0,5}",
    re.IGNORECASE,
)


# pairs of characters that many Chinese requests and descriptions hold, naming no thing
PLAIN_PAIRS = frozenset(
    "查询 查看 查一 一下 帮我 可以 获取 信息 指定 某个 某天 根据 返回 用户 我的 现在 今天 明天 "
    "还有 是否 一个 多少 什么 怎么 看看 情况 这个 那个 顺便 的话 没有 记录".split()
)


# the pairs of the concept table's Chinese words: weighed by the concepts, not again here
TABLE_PAIRS = pairs(" ".join(zh for _, _, zh in TABLE.values()))


def _own_pairs(t: Tool, han: frozenset[str], others: list[Tool]) -> frozenset[str]:
    """The pairs of characters of the request that the tool's name and description hold and no
    tool of `others` does, plain pairs and those of the concept table's words (员工) left out."""
    theirs = pairs(" ".join(f"{o.name} {o.description}" for o in others))
    return pairs(f"{t.name} {t.description}") & han - theirs - PLAIN_PAIRS - TABLE_PAIRS


def _beside_han(
    task: str, tools: list[Tool], chosen: list[Tool], asked: frozenset[str]
) -> list[Tool]:
    """Rule 1 in Chinese: beside the tools the concepts chose, a tool whose name and description
    hold two or more pairs of the request's characters that no chosen tool holds ("团课课表" and
    "查询健身房某天的团课课表", beside locker_status for "会员 G-2041 的储物柜"): a second thing
    the request asks about."""
    han = pairs(task)
    if not han or not chosen:
        return []
    return [
        t
        for t in tools
        if t not in chosen
        and changes_asked(t.name, asked)
        and not undoes(t, asked, task)
        and not runs_commands(t)
        and len(_own_pairs(t, han, chosen)) >= 2
    ]


def _shell_asked(v: View, tools: list[Tool]) -> list[Tool]:
    """The shell, when the request asks for it ("用 shell 命令数一下 ...", "Use bash.") and a
    command serves the request (`agentkit.sim.shell.command`)."""
    shells = [t for t in tools if runs_commands(t)]
    if shells and shell.SHELL_ASKED.search(v.task) and shell.command(v.task, results_of(v)):
        return shells[:1]
    return []


def _tree_shell(v: View, tools: list[Tool]) -> list[Tool]:
    """The shell, first, for a question about the files of the working tree that one read-only
    command answers over the whole tree (`agentkit.sim.shell.tree_command`: lines of all the
    files of a kind, a TODO in them, which file defines a name, the biggest files, the space
    of each folder), when no tool of the user's own matches, searches or lists files: a tool
    whose name only shares a verb ("list" of task_list, list_teammates) is about another thing;
    a tool that only matches names or searches text (the CLI's Glob and Grep) serves no size, no
    space, no count of words and no time of change: beside it the shell still does those."""
    runner = [t for t in tools if runs_commands(t)]
    if not runner or not shell.over_tree(v.task):
        return []
    if any(c.name != runner[0].name for c in v.calls):  # (later steps: the shell's answer stays)
        return []
    plain = [t for t in tools if t not in runner and not reads_files(t) and not writes_files(t)]
    cmd = shell.tree_command(v.task)
    finds = cmd is None or cmd.startswith("grep")  # (what a glob or a search could find too)
    if any((finds or not (globs(t) or files.greps(t))) and _serves_tree(t) for t in plain):
        return []
    return runner[:1]


def _serves_tree(t: Tool) -> bool:
    """A tool that matches, searches or speaks of files; a glob or a search only finds names and
    lines: no size, no space of a folder, no count of lines (those are the shell's, rule
    `_tree_shell`)."""
    return globs(t) or files.greps(t) or _about_files(t)


def _about_files(t: Tool) -> bool:
    """A tool whose name or description speaks of files or folders (list_files, "Search the
    project's files")."""
    return bool(shell.FILES.search(f"{t.name.replace('_', ' ')} {t.description}"))


def _before_concepts(v: View, tools: list[Tool]) -> list[Tool] | None:
    """What is chosen before the concepts are weighed: the user's own subagent tool when the work
    is to be handed over (`agentkit.sim.subtask`), the shell when the request asks for it and a
    command serves it, a tool that matches a glob for files of a kind,
    else a shell for which files there are or how many (`ls *.toml | wc -l`), and for the lines
    of each file of a kind (`find . -name '*.csv' -exec wc -l {} +`, before any globbing tool),
    a reading tool (then a creating one) for a figure of a table file the request names,
    the one tool that takes one string when the request lists items (`agentkit.sim.each`), a
    calculator for arithmetic said in words ("12% of 250")."""
    helper = subtask.helper_for(v, tools)
    if helper is not None:
        return [helper]
    coders = [t for t in tools if sql.runs_sql(t)][:1]  # a table or column it defines is named
    first = coders if coders and sql.asks(v.task, coders[0], results_of(v)) else []
    first = first or _shell_asked(v, tools) or _tree_shell(v, tools)
    if first:
        return first
    runner = [t for t in tools if runs_commands(t)]
    if runner and shell.lines_each(v.task):  # each file's lines: one command counts them all
        return runner[:1]
    globber = [t for t in tools if globs(t)]
    if globber and shell.glob_pattern(v.task):
        reader = [t for t in tools if reads_files(t)][:1]
        if not columns.figure_asked(v.task):  # what the files hold is asked: they are read
            only_files = shell.files_asked(v.task) and not shell.contents_asked(v.task)
            return globber[:1] + ([] if only_files else reader)
        # a figure of the files' tables: they are read, then it is written (agentkit.sim.columns)
        writer = [t for t in tools if writes_files(t)][:1] if shell.FILE.search(v.task) else []
        return globber[:1] + reader + writer
    lister = _lister(v, tools)
    if lister:
        return lister
    named = [f for f in shell.FILE.findall(v.task) if re.search(r"\.(?:csv|tsv)$", f, re.I)]
    if not named and columns.figure_asked(v.task) in ("total", "average"):
        to = WRITTEN_TO.search(v.task)  # (not the file the figure is written to)
        named = [f for f in shell.FILE.findall(v.task) if not (to and to.group(1).endswith(f))]
        named = [f for f in named if not _made(v.task, f)]  # ("写一份 汇总.md": written, not read)
        named = [f for f in named[:1] if not f.endswith(".json")]
        # (a text of labelled numbers, "venue: 2200": sim.columns rule 11)
    reader = [t for t in tools if reads_files(t)][:1]
    if reader and named and columns.figure_asked(v.task):  # a figure of a named table file:
        # it is read, then the figure is written when a second file is named (sim.columns)
        more = len(set(shell.FILE.findall(v.task))) > len(named)
        writers = sorted(
            (t for t in tools if writes_files(t)), key=lambda t: "create" not in t.name_concepts
        )
        return reader + (writers[:1] if more else [])
    grepper = [t for t in tools if files.greps(t)]
    if grepper and shell.target(v.task):  # text to find in files (agentkit.sim.files)
        reader = [t for t in tools if reads_files(t)]
        return grepper[:1] + reader[:1]
    return _worded(v, tools)


def _made(task: str, name: str) -> bool:
    """The request names the file as the one it writes or creates ("write report.md", "写一份
    汇总.md", "生成 周报.txt")."""
    verb = r"\b(?:write|create|make|produce|generate|draft)\b|写|生成|创建|新建|做"
    return bool(
        re.search(
            rf"(?:{verb})\s*(?:(?:a|an|up|out|一份|一个|个|份)\s*)?{re.escape(name)}", task, re.I
        )
    )


def _worded(v: View, tools: list[Tool]) -> list[Tool] | None:
    """A calculator for arithmetic said in words; the one tool that takes one string for the
    items a request lists (`agentkit.sim.each`, rule 1)."""
    calculators = [t for t in tools if chain.takes_expression(t)]
    if calculators and not expressions(v.task) and direct.expression(v.task):  # said in words
        return calculators[:1]
    if each.work_items(v.task):  # listed items and one tool that takes one string (each, rule 1)
        takers = [t for t in tools if each.item_property(t) and not each.finishes(t)]
        if len(takers) == 1 and changes_asked(takers[0].name, concepts(v.task)):
            return takers + [t for t in tools if each.finishes(t)]
    return None


def _lister(v: View, tools: list[Tool]) -> list[Tool]:
    """Which files there are, or how many (no text to find in them), and no tool that matches
    globs (the CLI defers Glob), greps, lists or searches: a shell's read-only command lists them
    (`agentkit.sim.shell`), never a file to read asked for."""
    runner = [t for t in tools if runs_commands(t)]
    if not runner or v.calls or shell.FILE.search(v.task) or not shell.lists_files(v.task):
        return []
    if shell.target(v.task) or any(globs(t) or files.greps(t) for t in tools):
        return []  # text to find in the files, or a tool that matches or searches them
    if any(
        t.name_concepts & {"list", "search"} and _about_files(t) for t in tools if t not in runner
    ):
        return []  # the user's own tool that lists or searches files is weighed by its concepts
    # (task_list, list_teammates list other things: the verb alone makes no tool for files)
    return runner[:1] if shell.command(v.task, results_of(v)) else []


def _general_tool(v: View, tools: list[Tool]) -> Tool | None:
    """Where no concept is shared: a tool that runs shell commands when a read-only command
    answers the request, a user's own web search tool when it asks for facts, a tool that reads
    files when it names a file."""
    runner = [t for t in tools if runs_commands(t)]
    if runner and shell.command(v.task, results_of(v)):
        return _instead_of_cat(v, tools) or runner[0]
    coders = [t for t in tools if sql.runs_sql(t)]
    if coders and sql.questions_data(v.task):  # its tables are listed first (agentkit.sim.sql)
        return coders[0]
    finder = [t for t in tools if "search" in t.name_concepts and "web" in t.concepts]
    if finder and websearch.asks_for_facts(v.task):
        return finder[0]
    reader = [t for t in tools if reads_files(t)]
    if reader and shell.FILE.search(v.task):
        return reader[0]
    return None


def _instead_of_cat(v: View, tools: list[Tool]) -> Tool | None:
    """A tool that reads files, rather than the shell's `cat`, for a file to read."""
    reader = [t for t in tools if reads_files(t)]
    cmd = shell.command(v.task, results_of(v)) or ""
    return reader[0] if reader and cmd.startswith("cat ") else None


def serves(conv: Conversation) -> bool:
    """Some custom tool of the request is a candidate for its task (rule 1)."""
    return bool(choose(view(conv)))


def results_of(v: View, calls: Sequence[Call] | None = None) -> list[Any]:
    """The open task's successful results as data (or those of `calls`: an earlier task's),
    latest first; in a list, the item the request's superlative picks comes first
    (`agentkit.sim.pick`)."""
    return [
        pick.first(v.task, c.data)
        for c in reversed(v.calls if calls is None else calls)
        if c.result is not None and not c.is_error
    ]


def arguments(t: Tool, src: Source) -> tuple[list[dict[str, Any]], Fill]:
    """The tool's input variants (one per place when several are named) and what is missing; a
    subagent tool's, the work in the user's words (`agentkit.sim.subtask`)."""
    if subtask.delegating(t):
        return [subtask.input_for(t, src.text)], Fill({}, [])
    own = replace(src, tool=t.name, about=t.description)
    got = fill_object(t.schema, own, t.schema, False, t.concepts)
    records_it = t.name_concepts & CHANGES or (
        "fault" in t.concepts and not t.name_concepts & READS
    )
    told = reports.filled(t.schema, src.text, got.values) if records_it else {}
    got.values.update(told)  # a fault told: what, where and what happened (sim.reports)
    got.missing = [m for m in got.missing if m not in told]
    props = t.schema.get("properties") or {}
    for key in [
        k
        for k, x in got.values.items()
        if pick.is_superlative(x) and not (props.get(k) or {}).get("enum")  # sort: "newest"
    ]:
        del got.values[key]  # a superlative picks among things, it names none (pick rule 7)
        got.missing = [*got.missing, key] if _required(t, key) else got.missing
    if sql.runs_sql(t):  # the statement is written by agentkit.sim.sql
        prop = sql.statement_property(t) or ""
        got.values[prop] = sql.statement(src.text, t.description, src.results)
        got.missing = [m for m in got.missing if m != prop]
    many = [k for k, val in got.values.items() if isinstance(val, list) and _scalar_prop(t, k)]
    if not many:
        return [got.values], got
    k = many[0]
    return [{**got.values, k: one} for one in got.values[k]], got


def _required(t: Tool, name: str) -> bool:
    return name in (t.schema.get("required") or [])


def _scalar_prop(t: Tool, name: str) -> bool:
    prop = (t.schema.get("properties") or {}).get(name) or {}
    return isinstance(prop, dict) and prop.get("type") == "string"


def _doing(v: View, t: Tool, act: bool | None = None) -> str:
    """What a call of the tool was for, in words ("look up the route", "查一下假期余额";
    `agentkit.sim.speech.intent`; `act`, said as an act whatever its name's words): a failure,
    or an act not made, is said by what was tried, never by a tool's name."""
    acts = bool(t.name_concepts & CHANGES - {"run"}) if act is None else act
    return speech.intent(t.name, v.lang, acts, t.description)


DELETES = re.compile(r"^\s*(?:sudo\s+)?(?:rm|del|unlink|trash|Remove-Item)\s+(?P<args>.+)$")


def _deleting(c: Call) -> str | None:
    """The files a shell command deletes (`rm -f a.bak b.tmp`: "a.bak, b.tmp"), or None."""
    m = DELETES.match(str(c.input.get("command", "")))
    try:
        names = [a for a in shlex.split(m.group("args")) if not a.startswith("-")] if m else []
    except ValueError:
        return None
    return ", ".join(names) or None


def recover(v: View, t: Tool, last: Call, turn: Turn) -> None:
    """Rule 4: the tool's latest call failed; what was tried is said in words (`_doing`)."""
    text = last.result or ""
    err = short(said_error(text).strip(), 240).rstrip(".。")
    kind_ = classify(text)
    same = _times_said(v, t, last, kind_)
    lacking = _lacking(t, last, said_error(text)) if kind_ in (FORMAT, FAILED, DENIED) else []
    if _first_needed(v, t, last, turn) or _fixed_by_form(v, t, last, kind_, turn):
        return  # "Open one with create_ticket first"; "Policy numbers look like POL-XXXXXX"
    if kind_ == DENIED and not lacking:  # a refused deletion names its files, left to the
        # user; the rest is done (a refusal that names a value to add asks for it)
        gone = _deleting(last)
        turn.lines.append(
            say(v.lang, "g_delete_refused", files=gone, err=err)
            if gone
            else say(v.lang, "g_denied", doing=_doing(v, t), err=err)
        )
        turn.stop = not gone
    elif kind_ == NOT_FOUND and (look := _look_around(v, t, last)) is not None:
        turn.calls.append(look[0])  # a named file not there: the tree is searched once
        turn.said.append(say(v.lang, "g_look_around", name=look[1]))
    elif kind_ == NOT_FOUND:
        turn.lines.append(say(v.lang, "g_not_found", doing=_doing(v, t), err=err))
    elif lacking:  # "missing required field 'email'": a value the request does not give, asked
        _ask_lacking(v, t, last, lacking, err, turn)
    elif kind_ == FORMAT and same == 1 and (fixed := correct(v, t, last)) is not None:
        turn.calls.append((t, fixed))
        turn.said.append(say(v.lang, "g_retry_format", doing=_doing(v, t), err=err))
    elif kind_ == FORMAT:  # the value the error names is asked for in the form it wants
        turn.lines.append(say(v.lang, "g_cannot_fix", doing=_doing(v, t), err=err))
        named = _complained_of(t, last, text.lower())
        turn.missing += [(t, named)] if named else []
    elif kind_ == TRANSIENT and same == 1:
        turn.calls.append((t, dict(last.input)))
        turn.said.append(say(v.lang, "g_retry_transient", doing=_doing(v, t), err=err))
    else:
        key = "g_unavailable" if kind_ == TRANSIENT else "g_failed"
        turn.lines.append(say(v.lang, key, doing=_doing(v, t), err=err))
    if not any(a is t for a, _ in turn.calls):
        turn.lines += _unwritten(v, t, last)


FORM_NAMED = re.compile(  # an error that names the form a value takes, whatever else it says
    r"\b(?:look|looks|written|formatted) like\b|\bhave the form\b|\bin the form\b|\bform(?:at)? (?:is|of)\b|"
    r"\bmust (?:be|look|match|start)\b|\be\.g\.|\bfor example\b|\bexpected (?:format|form)\b|"
    r"格式|形如|例如|应为|应该是|写成",
    re.I,
)


def _times_said(v: View, t: Tool, last: Call, kind_: str) -> int:
    """How often the tool's failure of this class was met: a failure not flagged is_error counts
    by its words (agentkit.sim.chain); each format complaint is corrected once ("phone must start
    with +86", then "use 24-hour time"), the same complaint again, or a fourth one, is told."""
    if kind_ != FORMAT:
        return sum(
            1
            for c in v.calls
            if c.name == t.name
            and (c.is_error or c.input == last.input)
            and classify(c.result or "") == kind_
        )
    text = last.result or ""
    told = [
        c for c in v.calls if c.name == t.name and c.failed and classify(c.result or "") == FORMAT
    ]
    if len(told) > 3:
        return len(told)
    return sum(said_error(c.result or "") == said_error(text) for c in told)


def _form_named(v: View, t: Tool, last: Call, kind_: str, turn: Turn) -> bool:
    """Rule 4a: an error of another class (not found, failed) that names the form a value takes
    ("No policy found for '448812'. Policy numbers have the form POL-XXXXXX") is corrected as a
    format complaint is, once: the call again with the value rewritten in that form."""
    text = last.result or ""
    if kind_ not in (NOT_FOUND, FAILED) or not FORM_NAMED.search(text) or _retried(v, t, last):
        return False
    fixed = correct(v, t, last)
    if fixed is None or any(c.name == t.name and c.input == fixed for c in v.calls):
        return False
    err = short(said_error(text).strip(), 240).rstrip(".。")
    turn.calls.append((t, fixed))
    turn.said.append(say(v.lang, "g_retry_format", doing=_doing(v, t), err=err))
    return True


def _listed_retry(v: View, t: Tool, last: Call, kind_: str, turn: Turn) -> bool:
    """Rule 4a (`agentkit.sim.finder` rule 7): a failure that lists the values it takes ("未找到
    站点：南京。可用站点：A、B、C") is retried once with the listed value the failed one meant,
    else the one the user's words name; the value the failure quotes is the one replaced."""
    text = said_error(last.result or "")
    opts = finder.listed_in_error(text) if kind_ in (NOT_FOUND, FORMAT, FAILED) else []
    sent = [
        (k, x) for k, x in last.input.items() if isinstance(x, str) and len(x) > 1 and x in text
    ]
    props = t.schema.get("properties") or {}
    if len(sent) > 1:  # one value under two names: the one whose words the failure says
        sent = [(k, x) for k, x in sent if _said_in(k, props.get(k) or {}, text)]
    if not opts or len(sent) != 1:
        return False
    k, x = sent[0]
    pick = finder.corrected(x, v.whole, opts, text)
    if pick is None or any(c.name == t.name and c.input.get(k) == pick for c in v.calls):
        return False
    err = short(text.strip(), 240).rstrip(".。")
    turn.calls.append((t, {**last.input, k: pick}))
    turn.said.append(say(v.lang, "g_retry_listed", doing=_doing(v, t), err=err, value=pick))
    return True


def _fixed_by_form(v: View, t: Tool, last: Call, kind_: str, turn: Turn) -> bool:
    """Rule 4a: a failure corrected by the values it lists, else by the form it names."""
    return _listed_retry(v, t, last, kind_, turn) or _form_named(v, t, last, kind_, turn)


def _said_in(k: str, p: dict[str, Any], text: str) -> bool:
    """Whether a text names a property: its key, or a pair of its description's Chinese (the
    gate's cue words, `agentkit.sim.gate.cue_words`)."""
    _, pairs = gate.cue_words(k, p)
    return k.lower() in text.lower() or any(x in text for x in pairs - {"服务", "信息"})


def _retried(v: View, t: Tool, last: Call) -> bool:
    """The tool was already called again after a failure of the same words: no third try."""
    same = [
        c
        for c in v.calls
        if c.name == t.name and said_error(c.result or "") == said_error(last.result or "")
    ]
    return len(same) > 1


FIRST = re.compile(  # the error asks for another tool's call before this one
    r"\bfirst\b|\bbefore\b|\brequires?\b|\bneeds?\b|\bthen retry\b|\bpass (?:its|the)\b|先|之前|再把|需要",
    re.I,
)


def _first_needed(v: View, t: Tool, last: Call, turn: Turn) -> bool:
    """Rule 4b: an error that names another offered tool as a prerequisite ("Open one with
    create_ticket first, then retry", "请先调用 create_expense_report 创建报销单"): that tool is
    called with what the request and the results give (once); once it has answered, the failed
    call is made again with the value its result holds under a key of the failed tool (ticket_id),
    else under the one id its result gives for the one id property the failed call left out.
    False when the error names no such tool, or its inputs cannot be filled (rule 4 goes on)."""
    text = said_error(last.result or "")
    named = [
        o
        for o in v.tools
        if o.name != t.name and re.search(rf"(?<![\w]){re.escape(o.name)}(?![\w])", text)
    ]
    if len(named) != 1 or not FIRST.search(text):
        return False
    pre = named[0]
    at = v.calls.index(last)
    after = [c for c in v.calls[at + 1 :] if c.name == pre.name]
    if not after:
        variants, got = arguments(pre, gather(v.task, results_of(v)))
        if got.missing or len(variants) != 1:
            return False
        turn.calls.append((pre, variants[0]))
        return True
    done = after[-1]
    if done.failed or any(c.name == t.name for c in v.calls[at + 1 :]):
        return False
    data = done.data if isinstance(done.data, dict) else {}
    props = t.schema.get("properties") or {}
    given = {
        k: data[k] for k in props if k not in last.input and isinstance(data.get(k), str | int)
    }
    if not given:
        open_ids = [k for k in props if k not in last.input and _id_like(k)]
        ids = [k for k, x in data.items() if _id_like(str(k)) and isinstance(x, str | int)]
        if len(open_ids) == 1 and len(ids) == 1:
            given = {open_ids[0]: data[ids[0]]}
    if not given:
        return False
    turn.calls.append((t, {**last.input, **given}))
    return True


MISSING = re.compile(
    r"\bmissing\b|\brequired\b|\bis needed\b|\bmust be (?:provided|given|supplied)\b|"
    r"\bno \w+ (?:given|provided|supplied)\b|必填|必须填写|不能为空|为空|缺少|缺失|未提供|没有提供|请提供|请填写|"
    r"注明|补充|\bplease (?:include|specify|state|add|fill in)\b|\bneeds? to (?:include|specify|state)\b",
    re.I,
)


def _ask_lacking(v: View, t: Tool, last: Call, lacking: list[str], err: str, turn: Turn) -> None:
    """Rule 4: what a failure said is missing is asked for, unless the user's reply gives it."""
    added = _reply_adds(v, t, lacking)
    if added:
        turn.calls.append((t, {**last.input, **added}))
        return
    turn.lines.append(say(v.lang, "g_not_done", doing=_doing(v, t), err=err))
    turn.missing.append((t, lacking))


def _reply_adds(v: View, t: Tool, lacking: list[str]) -> dict[str, Any]:
    """Rule 4: the one free text a failure named as missing ("Please include purpose"), given by
    the user's reply to the question that asked for it: the reply's words."""
    props = t.schema.get("properties") or {}
    if not v.reply or len(lacking) != 1:
        return {}
    k, prop = lacking[0], props.get(lacking[0]) or {}
    if prop.get("type", "string") != "string" or prop.get("enum") or prop.get("pattern"):
        return {}
    return {k: v.reply.strip().rstrip(".。!！")}


def _lacking(t: Tool, last: Call, said: str) -> list[str]:
    """Rule 4: the properties an error says are missing ("missing required field 'email'",
    "缺少参数：联系电话") that the failed call did not send: named by their key or their
    description's first words. The request did not give them (else they were sent): they are
    asked for."""
    if not MISSING.search(said):
        return []
    props = t.schema.get("properties") or {}
    low = said.lower()
    out = []
    for k, p in props.items():
        if k in last.input:
            continue
        label = speech.asked_label(k, p, "zh")
        if re.search(rf"(?<![A-Za-z_]){re.escape(k.lower())}(?![A-Za-z_])", low) or (
            re.search(r"[\u4e00-\u9fff]", label) and label in said
        ):
            out.append(k)
    return out


def _look_around(v: View, t: Tool, last: Call) -> tuple[tuple[Tool, dict[str, Any]], str] | None:
    """Rule 4 for a file the request names that a reading tool or the shell did not find: the
    shell's search of the working tree for the files of its kind (`agentkit.sim.shell.look_for`),
    once a task, where reading files is what the task does: not when a call of another tool
    (a quote, a submission) is part of it, whose act goes on."""
    others = [c for c in v.calls if c.name != TOOL_SEARCH and not _file_work(v, c.name)]
    if others:
        return None
    runner = [r for r in v.tools if runs_commands(r)]
    name = shell.missing_name(list(last.input.values()))
    if not runner or name is None or not (reads_files(t) or runs_commands(t)):
        return None
    cmd = shell.look_for(name)
    if any(cmd in c.input.values() for c in v.calls):
        return None
    props = runner[0].schema.get("properties") or {}
    key = next(k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "command")
    return (runner[0], {key: cmd}), name


def _file_work(v: View, name: str) -> bool:
    """The tool reads files or runs commands (or is not offered: nothing to say of it)."""
    t = v.tool(name)
    return t is None or reads_files(t) or runs_commands(t)


def _looked_around(v: View, turn: Turn) -> bool:
    """Rule 4, after the search of `_look_around`: the path found with the file's name is read
    (by the reading tool that failed, or `cat` in the shell); no such path: the answer says the
    file is not there and names the files of its kind that are. False when no search was made
    or the found file has been read."""
    looked = [
        (i, c) for i, c in enumerate(v.calls)
        if c.result is not None and not c.failed and c.name in {t.name for t in v.tools if runs_commands(t)}
        and any(isinstance(x, str) and x.startswith("find . -name '*.") and x.endswith("-not -path '*/.*'")
                for x in c.input.values())
    ]  # fmt: skip
    failed = [c for c in v.calls if c.failed and shell.missing_name(list(c.input.values()))]
    if not looked or not failed:
        return False
    last = v.calls[-1]
    if looked[-1][0] == len(v.calls) - 2 and last.result is not None and not last.failed:
        name = shell.missing_name(list(last.input.values())) or ""  # the found file, read
        turn.lines.append(say(v.lang, "g_found_text", path=name, text=short(last.result, 2000)))
        turn.whole = True
        return True
    if looked[-1][0] != len(v.calls) - 1:
        return False
    name = shell.missing_name(list(failed[-1].input.values())) or ""
    found = shell.listed_paths(looked[-1][1].result or "")
    same = [p for p in found if p.rpartition("/")[2] == name.rpartition("/")[2]]
    if same:
        tool = v.tool(failed[-1].name)
        if tool is None:
            return False
        props = tool.schema.get("properties") or {}
        key = next(
            (
                k
                for k, p in props.items()
                if isinstance(p, dict) and role(k, p) in ("path", "command")
            ),
            None,
        )
        if key is None:
            return False
        value = same[0] if reads_files(tool) else f"cat {shlex.quote(same[0])}"
        turn.calls.append((tool, {**failed[-1].input, key: value}))
        turn.said.append(say(v.lang, "g_found_at", name=name, path=same[0]))
        return True
    ext = name.rpartition(".")[2]
    key = "g_not_here" if found else "g_none_here"
    turn.lines.append(say(v.lang, key, name=name, ext=ext, found=spoken_list(v.lang, found[:10])))
    turn.whole = True
    return True


def _unwritten(v: View, t: Tool, last: Call) -> list[str]:
    """Rule 4: a file that could not be written (refused, failed): the text it was to hold is
    given in the answer, so that what the user asked for is not lost."""
    props = t.schema.get("properties") or {}
    body = [k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "text"]
    text = last.input.get(body[0]) if writes_files(t) and len(body) == 1 else None
    if not isinstance(text, str) or not text.strip():
        return []
    return [say(v.lang, "g_unwritten", text=text.strip())]


def correct(v: View, t: Tool, last: Call) -> dict[str, Any] | None:
    """The failed input with the value the error complains about rewritten in the shape of the
    example it gives ("expected A-1001": "a1001" -> "A-1001"); None when that cannot be done.
    Where the error names some of the input's keys, only their values are rewritten."""
    text = (last.result or "").lower()
    explicit = _complained_of(t, last, text)
    units = {  # "use abbreviations such as mi, km": each unit word as the codes listed
        k: code
        for k, value in last.input.items()
        if isinstance(value, str)
        and (not explicit or k in explicit)
        and (code := listed_unit(value, last.result or "", 1)) not in (None, value)
    }
    if units:
        return {**last.input, **units}
    said = said_error(last.result or "")
    moved = mending.renamed(last.input, said)
    if moved is not None:  # "unknown field 'qty', did you mean 'quantity'?"
        return moved
    named = explicit or list(last.input)
    hinted = {
        k: _typed(t, k, f)
        for k in named
        if (f := mending.mended(last.input[k], said, v.task, bool(explicit))) is not None
    }
    if hinted:  # an airport code, cents, a unit, a clock, a beginning, national digits
        return {**last.input, **hinted}
    example = hint(last.result or "") or date_layout(last.result or "") or _zeros(last.result or "")
    joined = {  # "no spaces": the value as the request wrote it, its pieces after it joined
        k: j
        for k in named
        if isinstance(last.input.get(k), str)
        and (j := _joined(last.input[k], last.result or "", v.task)) is not None
    }
    if example is None:
        return {**last.input, **joined} if joined else _chosen(last, named, v.task)
    for k in named:
        value = joined.get(k, last.input.get(k))
        fixed = (
            _in_kind(value, example, last.result or "", v.task) if isinstance(value, str) else None
        )
        fixed = fixed or (reshape(value, example) if isinstance(value, str) else None)
        fixed = fixed or (_prefixed(value, example) if isinstance(value, str) else None)
        fixed = fixed or (_reprefixed(value, example) if isinstance(value, str) else None)
        fixed = fixed or (value if k in joined else None)
        if fixed is not None and fixed != last.input.get(k):
            return {**last.input, k: fixed}
    return _chosen(last, named, v.task)


def _typed(t: Tool, key: str, value: Any) -> Any:
    """A corrected number sent as text where the property is a string ("120")."""
    p = (t.schema.get("properties") or {}).get(key)
    wants_text = isinstance(p, dict) and p.get("type") == "string"
    return str(value) if wants_text and isinstance(value, int | float) else value


def _complained_of(t: Tool, last: Call, text: str) -> list[str]:
    """The keys of the failed input an error names: by the key ("phone", "check_in") or by a word
    of its description ("金额" of "转账金额", "phone" of "Contact phone")."""
    props = t.schema.get("properties") or {}
    named = [k for k in last.input if k.lower() in text or k.lower().replace("_", " ") in text]
    if named:
        return named
    found = []
    for k in last.input:
        p = props.get(k)
        desc = str(p.get("description") or "") if isinstance(p, dict) else ""
        said = re.findall(r"[A-Za-z]{4,}", desc.lower()) + re.findall(r"[\u4e00-\u9fff]{2}", desc)
        if any(w in text for w in said):
            found.append(k)
    return found


NO_SPACES = re.compile(
    r"\bno spaces?\b|\bwithout spaces?\b|\bmust not contain spaces?\b|不能有空格|不含空格|不要空格|无空格"
    r"|不能有空格或|中间不能有空格",
    re.I,
)


def _joined(value: str, said: str, task: str) -> str | None:
    """An error that says no spaces ("no spaces", "中间不能有空格"): the value as the request wrote
    it with the pieces that follow it there joined ("4471 B" -> "4471B", "MSKU 604218 3" ->
    "MSKU6042183"); None when the request writes nothing after it."""
    if not NO_SPACES.search(said) or not value.strip():
        return None
    m = re.search(re.escape(value.strip()) + r"((?:[ \t]+[A-Za-z0-9]{1,8}){1,3})(?![\w-])", task)
    return value.strip() + "".join(m.group(1).split()) if m else None


def _reprefixed(value: str, example: str) -> str | None:
    """A value shaped like the part of the example after its letters, written with them
    ("4471B" like "DC-0000X" -> "DC-4471B")."""
    shape = re.fullmatch(r"([A-Za-z]+[-_#]?)(\w+)", example)
    if shape is None:
        return None
    rest = "".join(
        r"\d" if c.isdigit() else "[A-Za-z]" if c.isalpha() else re.escape(c)
        for c in shape.group(2)
    )
    return shape.group(1) + value.upper() if re.fullmatch(rest, value) else None


PADDED = re.compile(  # "8 digits ... leading zeros", "必须是8位数字，不足8位请在前面补0"
    r"(?=.*(?:leading zeros?|zero-?padded|pad(?:ded)? with zeros?|补\s*0|补零|前导零|前面加0))"
    r".*?(\d{1,2})\s*(?:-?\s*digits?\b|位)",
    re.I | re.S,
)


def _zeros(said: str) -> str | None:
    """The example an error spells in words when it asks for a number padded with zeros to a
    width ("must be 8 digits with leading zeros" -> "00000000"), else None."""
    m = PADDED.search(said)
    return "0" * int(m.group(1)) if m and 1 < int(m.group(1)) <= 20 else None


def _prefixed(value: str, example: str) -> str | None:
    """A number written with the example's letters before it, its digits as many as the
    example's ("4471" like "INV-00042" -> "INV-04471"; "88" like "T-7" -> "T-88")."""
    shape = re.fullmatch(r"([A-Za-z]+[-_ #]?)(\d+|([NXD#])\3+)", example)
    if shape is None or not value.strip().isdigit():
        return None
    digits = value.strip()
    width = len(shape.group(2)) if shape.group(2)[0] in "0NXD#" else 0  # ("ACC-NNNN": 4 digits)
    return shape.group(1) + digits.zfill(width)


def _chosen(last: Call, named: list[str], task: str = "") -> dict[str, Any] | None:
    """The failed input with a value the error does not allow replaced by the one of the values it
    lists that the value names: the same word in another case, or the one it starts with or that
    starts with it ("large" of "one of S, M, L, XL" -> "L", "Monday" of "Mon, Tue" -> "Mon");
    else the one of them the request says ("with high priority" -> "high")."""
    allowed = choices(last.result or "")
    for k in named:
        value = last.input.get(k)
        if not isinstance(value, str) or not value or value in allowed:
            continue
        low = value.lower()
        same = [m for m in allowed if m.lower() == low]
        near = [m for m in allowed if low.startswith(m.lower()) or m.lower().startswith(low)]
        found = same or near
        if len(found) == 1:
            return {**last.input, k: found[0]}
    for k in named:  # else the one allowed value the request says as a word of its own
        said = [m for m in allowed if re.search(rf"(?<![\w-]){re.escape(m)}(?![\w-])", task, re.I)]
        if isinstance(last.input.get(k), str) and len(said) == 1 and said[0] != last.input[k]:
            return {**last.input, k: said[0]}
    return None


def _in_kind(value: str, example: str, said: str = "", task: str = "") -> str | None:
    """The value written as the example's kind writes it: a 24-hour time ("6:30pm" like "18:30"
    -> "18:30"), an ISO date ("March 3, 2026" like "2026-01-31" -> "2026-03-03"), a date with its
    year last ("2027-02-11" like "11.02.2027" -> "11.02.2027": the day first when the error's
    format says DD before MM, or the example's first number is over 12, or it writes dots), a
    date-time ("09:00" like "2026-02-03T14:00": the value's date and time, else the request's,
    "tomorrow at 9:00" -> "2026-02-11T09:00"); a layout the error spells in letters comes first
    ("must be DDMMYYYY": "1991-02-14" -> "14021991", the letters say the order)."""
    layout = date_layout(said)
    datelike = re.search(r"\d{1,4}\s*[-/.年月]\s*\d{1,2}", value)  # "18/12/2026": no name, no phone
    dated = iso_dates(value) or (iso_dates(task) if datelike else [])  # else the request's date
    if layout is not None and len(dated) == 1:  # "must be DDMMYYYY": in its order
        return in_layout(dated[0][1], layout)
    stamp = re.fullmatch(r"\d{4}-\d{2}-\d{2}([T ])\d{2}:\d{2}(:\d{2})?(Z?)", example)
    if stamp:
        day = iso_dates(value) or iso_dates(task)
        clock = times(value) or times(task)
        if not day or not clock:
            return None
        seconds = ":00" if stamp.group(2) else ""
        return f"{day[0][1]}{stamp.group(1)}{clock[0][1]}{seconds}{stamp.group(3)}"
    last = re.fullmatch(r"(\d{1,2})([./-])(\d{1,2})\2\d{4}", example)
    if re.fullmatch(r"\d{1,2}:\d{2}", example):
        found = times(value)
    elif re.fullmatch(r"\d{4}-\d{2}-\d{2}", example) or last:
        found = iso_dates(value)
    else:
        return None
    if len(found) != 1:
        return None
    if not last:
        return found[0][1]
    y, m, d = found[0][1].split("-")
    order = re.search(r"\b(DD|MM)\W?(?:DD|MM)\b", said, re.I)
    day_first = (
        order.group(1).upper() == "DD" if order else int(last.group(1)) > 12 or last.group(2) == "."
    )
    sep = last.group(2)
    return sep.join([d, m, y] if day_first else [m, d, y])


def _chained(v: View, turn: Turn) -> bool:
    """An expression over one-operation tools (`agentkit.sim.chain`): this turn's steps, a failed
    step judged by rule 4, or the worked-out answer; False when those rules do not apply."""
    steps = chain.steps_for(v)
    if steps is None:
        return False
    if steps.failed is not None:
        recover(v, steps.failed[0], steps.failed[1], turn)
        return True
    turn.calls = steps.calls
    if not steps.calls and steps.value is not None:
        turn.lines.append(chain.worked_answer(v, steps))
        turn.whole = True
    return True


def plan(v: View, conv: Conversation | None = None, context: str = "") -> Turn:
    """This turn's calls, or the lines of the answer (rules 1 to 5); `context`, the words of the
    task's earlier steps, gives a required value the step's own words do not."""
    turn = Turn()
    if _chained(v, turn) or _report_saved(v, turn, conv) or _handed_over(v):
        return turn
    if _edit_in_place(v, turn, conv) or _looked_around(v, turn):  # (rule 4: a named file
        return turn  # searched for in the tree)
        return turn
    src = gather(v.task, results_of(v))
    src.context = v.whole if v.whole != v.task else ""
    asked, said = concepts(v.task), frozenset(words(v.task))
    answered = any(
        c.result is not None and not c.is_error and c.name not in claude_code.QUIET for c in v.calls
    )
    chosen = choose(v)
    for t in chosen:
        mine = [c for c in v.calls if c.name == t.name]
        if mine and mine[-1].failed:
            recover(v, t, mine[-1], turn)
            continue
        if _waits_or_reads(v, t, chosen, turn, conv):
            continue
        variants, got = _inputs(v, t, _fresh(src), conv)
        variants, got = _own_request(v, t, variants, got, conv)
        if got.missing and context:
            variants, got = _from_context(v, t, variants, got, context, conv)
        ids = [k for k in t.schema.get("required") or [] if names_an_id(t, k)]
        each_id = (
            fanout.each_inputs(
                v.task, v.calls, ids, variants[0], got.missing, [c.input for c in mine], _reads(t)
            )
            if len(variants) == 1
            else []
        )
        # "each zone" after a listing of zone ids: one call per id; "<document>…</document> Use
        # the print_entities tool": what the material says, recorded
        made = each_id or _records_handed(v, t, variants, got.missing, mine)
        if made:
            turn.calls += [(t, a) for a in made]
            continue
        variants, got = _said_name(v, t, variants, got)
        if got.missing:
            # nothing is asked for a tool that has answered this task, nor for a tool taken only
            # for its description's words once another call of the task has answered (Bash
            # beside an MCP calculator that gave 405)
            done = any(c.result is not None and not c.failed for c in mine)
            unnamed = not (asked & t.name_concepts - {"read"}) and not named_in(t, said)
            first = _provided(v, t, got, src, conv)  # rule 2c: a look-up that gives it, first
            turn.calls += [first] if first else []
            if (
                not first
                and not done
                and not (answered and unnamed)
                and not _nothing_own(v, t, got)
            ):
                # a required enum the user has not chosen is asked with the rest, never guessed
                unsaid = unsaid_members(t.schema, variants[0] if variants else {}, v.task)
                turn.missing.append((t, got.missing + [m for m in unsaid if m not in got.missing]))
            continue
        _add_calls(t, variants, mine, turn, conv)
    _await_lookup(turn)
    _id_looked_up(v, turn)
    _other_kind(v, turn)
    turn.calls += _led_to(v, chosen, conv) or _found_saved(v, turn)
    _difference(v, turn)
    _unchosen_failures(v, chosen, turn)
    _source_first(v, turn, conv)
    _shaped_edit(v, turn, conv)
    _files_first(v, turn, conv)
    _checklist_saved(v, turn, conv)
    _close(v, chosen, turn, src)
    banned = {t.name for t in _forbidden(v.task, list(v.tools))}  # (no step leads to it either)
    turn.calls = [(t, a) for t, a in turn.calls if t.name not in banned]
    _gate_all(v, turn, src, conv)
    return turn


def _gate_all(v: View, turn: Turn, src: Source, conv: Conversation | None) -> None:
    """Rule 2c for the calls other rules made (an act after its look-up): a call whose required
    value fails its check, with none to take its place, is not made; the look-up that gives
    that value is called instead (`_provided`), else the value is asked."""
    for t, args in list(turn.calls):
        checked, got = _gated(v, t, [args], Fill(dict(args), []))
        if got.missing:
            at = turn.calls.index((t, args))
            first = _provided(v, t, got, src, conv)
            if first and all(u.name != first[0].name for u, _ in turn.calls):
                turn.calls[at] = first
            else:
                turn.calls.remove((t, args))
                turn.missing.append((t, got.missing))
        elif checked != [args]:
            at = turn.calls.index((t, args))
            turn.calls[at : at + 1] = [(t, a) for a in checked]


def _checklist_saved(v: View, turn: Turn, conv: Conversation | None) -> None:
    """Rule 10 of `agentkit.sim.writing`: a checklist the task read whose items the request ticks
    or moves ("把铺地砖打勾，再把已完成的移到 …") is saved whole with those changes, once, when no
    other rule of the turn writes it."""
    saver = next((t for t in v.tools if _saves_whole(t)), None)
    read = [c for c in v.calls if not c.failed and (t := v.tool(c.name)) and reads_files(t)]
    if saver is None or not read or turn.missing or any(c.name == saver.name for c in v.calls):
        return
    if any(t.name == saver.name or _edit_props(t) for t, _ in turn.calls):
        return
    target = next(
        (c for c in read if writing.ticked(v.whole, _file_text(c.result)) is not None), None
    )
    if target is None:
        return
    props = saver.schema.get("properties") or {}
    at = next((k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "path"), None)
    body = next((k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "text"), None)
    if at and body:
        text = writing.ticked(v.whole, _file_text(target.result))
        turn.calls.append((saver, {at: next(iter(target.input.values())), body: text}))
        turn.lines = []


def _own_request(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill, conv: Conversation | None
) -> tuple[list[dict[str, Any]], Fill]:
    """Rule 2 for a message of several requests (`requests`): a tool that only one of them asks
    for takes the values of its own request when they fill it ("Book class SP-9 and also tell me
    if member M-77's locker is free": the locker of M-77 only, never of the class SP-9; "renew
    L-4471, and when does the Eastside branch open?": the Eastside branch); the folder and the
    kind of files the whole message names stay its scope ("how many markdown files under /m?
    which menu mentions 素食?": the search keeps /m and *.md)."""
    parts = requests(v.task)
    if len(parts) < 2:
        return variants, got
    own = [p for p in parts if any(o is t or o.name == t.name for o in _choose(replace(v, task=p)))]
    own = [
        p for p in own if not STATES_VALUE.match(p)
    ]  # "My library card is 2291-4410": no request
    asked = [p for p in parts if p in own or questions(p) and not _choose(replace(v, task=p))]
    if len(own) > 1 or own and len(asked) > 1:  # (a question that asks no other tool: its own)
        return _each_request(v, t, asked, variants, got, conv)
    if len(own) != 1:
        return variants, got
    mine = _inputs(replace(v, task=own[0]), t, gather(own[0], results_of(v)), conv)
    if len(mine[0]) != 1 or mine[1].missing or len(variants) != 1:
        return variants, got
    props = t.schema.get("properties") or {}
    scope = {  # the folder and the kind of files the whole message names stay the scope
        k: x
        for k, x in variants[0].items()
        if k not in mine[0][0] and role(k, props.get(k) or {}) in ("path", "glob")
    }
    args = {**mine[0][0], **scope}
    return [args], Fill({**mine[1].values, **scope}, [])


def _each_request(
    v: View,
    t: Tool,
    own: list[str],
    variants: list[dict[str, Any]],
    got: Fill,
    conv: Conversation | None,
) -> tuple[list[dict[str, Any]], Fill]:
    """Rule 2 for two questions in one message that one tool answers, each of another thing ("How
    many members does the Riverside Chess Club have? And when was the Harbor Rowing Club
    founded?"): one call per request, each with its own values, when each request fills the tool
    whole by itself with a thing written in it, no question sent whole ("需要哪些材料"), and they
    differ; else the whole message's values stand."""
    if len(variants) != 1 or not all(questions(p) for p in own):
        return variants, got
    each: list[dict[str, Any]] = []
    for part in own:
        mine = _inputs(replace(v, task=part), t, gather(part, results_of(v)), conv)
        if len(mine[0]) != 1 or mine[1].missing or not mine[0][0]:
            return variants, got
        each.append(mine[0][0])
    apart = [k for k in each[0] if len({str(a.get(k)) for a in each}) > 1]
    for part, args in zip(own, each, strict=True):  # each thing written in its own question,
        said = {k: str(args.get(k, "")) for k in apart}  # never one inside another ("a.toml")
        if not apart or not all(x and x.lower() in part.lower() for x in said.values()):
            return variants, got
        if any(ASKS_WITHIN.search(x) for x in said.values()):
            return variants, got  # "需要哪些材料" sent whole: a question, no thing of its own
        if any(x in str(b.get(k)) for b in each if b is not args for k, x in said.items()):
            return variants, got
    if variants[0] not in each:
        return variants, got
    return each, got


ASKS_WITHIN = re.compile(
    r"多少|几|哪|什么|怎么|怎样|如何|是否|吗|呢|[?？]|^(?:which|what|how|who|when|where|why)\b",
    re.I,
)
STATES_VALUE = re.compile(  # a statement that gives a value, no request of its own
    r"^(?:my|our|his|her|their)\s+[\w' -]{1,30}?\s+(?:is|are)\s+\S+$|^我的[\u4e00-\u9fff]{1,6}是\S+$",
    re.I,
)


def _other_kind(v: View, turn: Turn) -> None:
    """Rule 3: an act's id the request gives as a value of another kind, which a reading tool
    takes ("my member card number C-5521" for membership_id beside lookup_member(card_number);
    "会员卡号" the same) is that tool's input, not the act's id: the reading tool is called
    with it first, and the act then takes the id the result gives."""
    for i, (t, args) in enumerate(list(turn.calls)):
        for k, x in args.items():
            u = _labelled_for(v, t, k, str(x)) if names_an_id(t, k) else None
            if u is None:
                continue
            done = [c for c in v.calls if c.name == u.name and c.result and not c.failed]
            given = _given(done, k)
            if len(given) == 1:
                turn.calls[i] = (t, {**args, k: given.pop()})
            elif not done:
                looked, got = arguments(u, gather(v.task, []))
                turn.calls[i] = (u, looked[0]) if not got.missing else turn.calls[i]
            break
    _picked_ids(v, turn)
    unique: list[tuple[Tool, dict[str, Any]]] = []
    for call in turn.calls:
        if call not in unique:
            unique.append(call)
    turn.calls = unique


SHORTFALL = re.compile(
    r"\b(?:the\s+difference|whatever(?:'s|\s+is)\s+(?:missing|short)|what(?:'s|\s+is)\s+"
    r"(?:missing|short)|make\s+up\s+the\s+rest)\b"
    # "top it up" to a target; not "top up my card with 20 euros", an amount to add
    r"|\btop\s+(?:it\s+|them\s+)?up\b(?![^.?!\n]{0,40}?\b(?:with|by)\s+\S{0,3}\d)"
    r"|缺多少|差多少|补齐|补足|补到",
    re.I,
)
ON_HAND = re.compile(
    r"stock|on_?hand|on_?shelf|in_?store|remain|available|quantity|qty|count|level|库存|现有|剩",
    re.I,
)


def _difference(v: View, turn: Turn) -> None:
    """Rule 3 for a quantity worked out: the request states a target and asks for the difference
    ("I want 40 on the shelf; order whatever is missing", "备货到40件，缺多少就订多少"); the act
    that takes the target number waits for the reading tool that gives the current count (called
    first with the act's own inputs it takes), then takes the target minus that count, and is
    not made when nothing is missing."""
    said = f"{v.whole} {v.task}"
    if not SHORTFALL.search(said):
        return
    for i, (t, args) in enumerate(list(turn.calls)):
        if _reads(t):
            continue
        for k, x in args.items():
            if type(x) is not int or str(x) not in said:
                continue
            have = _on_hand(v)
            reader = _reader_for(v, t, args)
            if (
                have is None
                and reader is not None
                and any(c.name == reader[0].name for c in v.calls)
            ):
                return  # the reading tool gave no count: the act is made as asked
            if have is None:  # the act waits for the count
                turn.calls.remove((t, args))
                if reader is not None and reader not in turn.calls:
                    turn.calls.insert(0, reader)
            elif x - have > 0:
                turn.calls[i] = (t, {**args, k: x - have})
            else:
                turn.calls.remove((t, args))
            return


def _on_hand(v: View) -> int | None:
    """The current count a reading call of the task gave (its stock, quantity or level field)."""
    for c in reversed(v.calls):
        t = v.tool(c.name)
        if t is None or not _reads(t) or c.result is None or c.failed:
            continue
        counts = [x for k, x in _pairs(c.result) if ON_HAND.search(k) and type(x) is int]
        if len(counts) == 1:
            return counts[0]
    return None


def _reader_for(v: View, t: Tool, args: dict[str, Any]) -> tuple[Tool, dict[str, Any]] | None:
    """A reading tool whose required inputs the act's own values fill (check_stock(sku))."""
    for u in v.tools:
        required = list(u.schema.get("required") or [])
        if _reads(u) and required and all(k in args for k in required):
            return (u, {k: args[k] for k in required})
    return None


def _picked_ids(v: View, turn: Turn) -> None:
    """An id filled with a plain word of the request, no digit in it ("tickets" of "the second
    one, two tickets"), when the request picks an entry of a listing by its place, superlative
    or "that one": the id is the picked entry's."""
    if not (pick.superlative(v.task) or pick.ordinal(v.task) or pick.REFERS.search(v.task)):
        return
    for i, (t, args) in enumerate(turn.calls):
        for k, x in args.items():
            at = fanout.placed(v.task, v.calls, k) or fanout.placed(v.task, v.before, k)
            if at is not None and names_an_id(t, k):  # "the second one" of a fan-out
                turn.calls[i] = (t, {**turn.calls[i][1], k: at})
                continue
            if not (names_an_id(t, k) and isinstance(x, str)) or re.search(r"\d", x):
                continue
            found = _entry(v.task, results_of(v), k, _raw(v.calls)) or _entry(
                v.task, _earlier(v), k, _raw(v.before)
            )
            if found is not None:
                turn.calls[i] = (t, {**args, k: found})


def _labelled_for(v: View, t: Tool, key: str, value: str) -> Tool | None:
    """The reading tool whose input the request's words before a value name (card_number,
    "会员卡号"), when the act's key does not."""
    at = v.task.find(value)
    if at < 0 or not value.strip():
        return None
    before = v.task[max(0, at - 40) : at].lower()
    mine = set(words(key)) - ID_WORDS
    own = (t.schema.get("properties") or {}).get(key) or {}
    own_desc = str(own.get("description") or "") if isinstance(own, dict) else ""
    for u in v.tools:
        props = u.schema.get("properties") or {}
        if u is t or not _reads(u):
            continue
        for name, prop in props.items():
            nouns = set(words(name)) - ID_WORDS - mine
            desc = str((prop or {}).get("description") or "") if isinstance(prop, dict) else ""
            han = [h for h in re.findall(r"[\u4e00-\u9fff]{2,}", desc) if h in before]
            if nouns and all(n in before for n in nouns) or han and han[0] not in own_desc:
                return u
    return None


def _reads(t: Tool) -> bool:
    """A tool that only reads: its name reads or searches, or it searches file contents or
    matches a glob (Grep, Glob)."""
    return bool(t.name_concepts & {"read", "search"}) or files.greps(t) or globs(t)


def _led_to(
    v: View, chosen: list[Tool], conv: Conversation | None
) -> list[tuple[Tool, dict[str, Any]]]:
    """Rule 3, after the look-up: when every call of the task so far has only read (the booking
    found, the member looked up), a tool that changes something, which the request names by a
    word of its name (a Chinese word by its English gloss: 精洗 and redeem_wash) or, in Chinese,
    a telling character of its description that the reading
    tools do not hold ("move it to table 9" and change_table, 换 and 换桌), whose id a key of the
    results gives and whose every other required input the request fills, is the act asked for:
    it is called, never left for the user to ask again; its other inputs are the request's own
    values, never the looked-up record's (the room to move to, not the room booked)."""
    done = [c for c in v.calls if c.result is not None and not c.failed]
    tools = [v.tool(c.name) or _NO_TOOL for c in done]
    if not done or not all(_reads(t) for t in tools) or questions(v.task):
        return []
    keys = {k for c in done for k in _keys(c.result)}
    said, held = (
        task_words(v.task, list(v.tools)),
        {w for t in tools + chosen for w in words(t.name)},
    )
    han = telling_chars(v.task) - {
        ch for t in tools + chosen for ch in telling_chars(t.description)
    }
    led: list[tuple[Tool, dict[str, Any]]] = []
    for t in v.tools:
        required = list(t.schema.get("required") or [])
        ids = [k for k in required if names_an_id(t, k) and k in keys]
        named = (set(words(t.name)) - NAME_NOISE - held) & said or han & telling_chars(
            t.description
        )
        if t in chosen or _reads(t) or not ids or not named:
            continue
        variants, got = arguments(t, gather(v.task, []))
        for k in ids:  # the act's id is the looked-up record's, never a value of another kind
            only = _given(done, k)
            # the one value the results hold under the key (the order's number beside its
            # lines), else the entry the request picks (the drill's line)
            found = (
                only.pop() if len(only) == 1 else _entry(v.task, results_of(v), k, _raw(v.calls))
            )
            if found is not None:
                variants, got = _with(variants, got, k, found)
        lookup = {str(x) for c in done for x in c.input.values()}  # the look-up's own input
        others = {str(x) for k, x in got.values.items() if k not in ids}
        if not got.missing and len(variants) == 1 and not lookup & others:
            led.append((t, variants[0]))
    return led


FOUND = re.compile(
    r"\bwhat(?:ever)?\s+(?:you|it)\s+(?:finds?|found|gets?|got)\b|\bthe\s+(?:results?|findings|"
    r"matches)\b|找到的|查到的|搜到的|搜索结果|查询结果",
    re.I,
)


def _found_saved(v: View, turn: Turn) -> list[tuple[Tool, dict[str, Any]]]:
    """Rule 3 after a search: a request to save what it found to a file it names ("save what you
    find to lentils.txt", "把找到的结果保存到 lentils.txt") writes the results' lines there once
    the task's calls have only read; the text is what the search found, never asked for."""
    done = [c for c in v.calls if c.result is not None and not c.failed]
    if turn.calls or not done or not FOUND.search(v.task) or not WRITTEN_TO.search(v.task):
        return []
    if columns.figure_asked(v.whole) or _from_files(v):  # "write the result to ...": the figure
        return []  # (sim.columns) or the fact the files give (sim.facts) is written instead
    if not all(_reads(v.tool(c.name) or _NO_TOOL) for c in done):
        return []
    found = [_parsed(c.result) for c in done]
    lines = [
        values(x, "en") if isinstance(x, dict) else _one(x)
        for data in found
        for x in (data if isinstance(data, list) else [data])
    ]
    path = WRITTEN_TO.search(v.task)
    for t in v.tools:
        props = t.schema.get("properties") or {}
        body = [k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "text"]
        where = [k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "path"]
        if not writes_files(t) or len(body) != 1 or len(where) != 1 or path is None:
            continue
        args, got = arguments(t, gather(v.task, []))
        if [m for m in got.missing if m not in (body[0], where[0])]:
            continue
        text = _summary(v) or "\n".join(lines) + "\n"  # a summary asked: what was found
        return [(t, {**args[0], where[0]: path.group(1), body[0]: text})]
    return []


def _parsed(data: Any) -> Any:
    if isinstance(data, str):
        try:
            return results.loads(data)
        except ValueError:
            return data
    return data


def _keys(data: Any) -> set[str]:
    """The keys of a result's objects, at any depth."""
    return {k for k, _ in _pairs(data)}


def _valued(data: Any, key: str) -> list[Any]:
    """The scalar values a result's objects give the key, at any depth."""
    return [x for k, x in _pairs(data) if k == key and isinstance(x, (str, int))]


def _given(calls: list[Call], key: str) -> set[str]:
    """The values the calls' results give the key, at any depth (one means the id is known)."""
    return {str(x) for c in calls for x in _valued(c.result, key)}


def _file_text(result: str | None) -> str:
    """The text of a file as a reading call returned it: line numbers dropped, one last newline."""
    return "\n".join(files.unnumbered(result or "")).strip("\n") + "\n"


def _pairs(data: Any) -> list[tuple[str, Any]]:
    if isinstance(data, str):
        try:
            data = results.loads(data)
        except ValueError:
            return []
    if isinstance(data, dict):
        return [*data.items(), *(p for x in data.values() for p in _pairs(x))]
    if isinstance(data, list):
        return [p for x in data for p in _pairs(x)]
    return []


def _source_first(v: View, turn: Turn, conv: Conversation | None) -> None:
    """A writing tool that still lacks its text while the request names another file, not read
    yet, than the one it writes to: that file is read first (the text may be a part of it,
    `agentkit.sim.writing`, rules 4 to 6)."""
    reader = next((t for t in v.tools if reads_files(t)), None)
    waiting = any(writes_files(t) for t, _ in turn.missing)
    target = WRITTEN_TO.search(v.task)
    if turn.calls or not waiting or reader is None or target is None:
        return
    read = {os.path.basename(str(a)) for c in v.calls for a in c.input.values()}
    sources = [
        f
        for f in dict.fromkeys(shell.FILE.findall(v.task))
        if os.path.basename(f) != os.path.basename(target.group(1))
        and os.path.basename(f) not in read
    ]
    args, got = arguments(reader, gather(sources[0], [])) if sources else ([], Fill({}, ["?"]))
    if got.missing:
        return
    turn.calls.append((reader, claude_code.absolute(conv, reader, args[0]) if conv else args[0]))
    turn.missing = []


# files whose text is no use to read for a task's facts
UNREAD_KINDS = re.compile(
    r"\.(?:png|jpe?g|gif|pdf|zip|gz|tar|bin|exe|so|pyc|ico|woff2?|mp[34])$", re.I
)
TREE = "find . -type f -not -path '*/.*'"  # the tree listed by a shell (rule 4b)
MOST_READ = 8  # files read, at most, when none of those listed shares a word with the task


def _files_first(v: View, turn: Turn, conv: Conversation | None) -> None:
    """Rule 4b, the fallback of a tool set that reads and globs files (the CLI's Read beside
    Glob): a turn that would only ask the user for a file's text or an edit's strings never asks
    while the files may give it. It reads, in this order, the files the
    task names, the files a file read names (a README's "stock is in cellar/stock.csv"), then
    lists the tree once (`**/*`) and reads the files listed whose path shares a word of the task,
    else every file listed (up to MOST_READ); only when each of those was tried does it ask. The
    file the request writes to is not read; a file's text is then worked out from what was read
    (`_worked_text`)."""
    reader = next((t for t in v.tools if reads_files(t)), None)
    glob = next((t for t in v.tools if globs(t)), None)
    # without a glob tool, the shell lists the tree: `find . -type f` (the CLI's Bash)
    glob = glob or next((t for t in v.tools if runs_commands(t)), None)
    waiting = any(
        _replaces_strings(t) or (writes_files(t) and not _new_unnamed(v, t, m))
        for t, m in turn.missing
    )  # (a new file's path is in no file: the listing cannot give it)
    waits = waiting or _tree_listed(v)  # (the tree listed for a change not made yet)
    if turn.calls or turn.stop or not waits or reader is None or glob is None:
        return
    tried = {os.path.basename(str(a)) for c in v.calls for a in c.input.values() if a}
    target = WRITTEN_TO.search(v.task)
    skip = {os.path.basename(target.group(1))} if target else set()
    made = {os.path.basename(str(a)) for t, _ in turn.missing for a in _path_values(v, t)}
    skip |= {f for f in made if _made_new(v, f)}
    listed = [f for c in v.calls if c.name == glob.name and not c.failed for f in _globbed_paths(c)]
    if runs_commands(glob):
        finds = [c for c in v.calls if c.name == glob.name and TREE in c.input.values()]
        listed = [f for c in finds if not c.failed for f in shell.listed_paths(str(c.result))]

    def fresh(names: list[str]) -> list[str]:
        out = [f for f in dict.fromkeys(names) if os.path.basename(f) not in tried | skip]
        return [f for f in out if not UNREAD_KINDS.search(f)]

    named = fresh(shell.FILE.findall(VALUE.sub(" ", v.task)))  # (marta.lind@… is no file)
    pointed = fresh(
        [
            _as_listed(f, listed)
            for c in v.calls
            if c.result and not c.failed and _read_file(v, c)
            for f in shell.FILE.findall(_file_text(str(c.result)))
        ]
    )
    todo = named or pointed
    listing = TREE if runs_commands(glob) else "**/*"
    if not todo and not listed and not any(listing in c.input.values() for c in v.calls):
        key = next(k for k in glob.schema.get("required") or [] if k)
        turn.calls.append((glob, {key: listing}))
        turn.missing = []
        return
    if not todo:
        rest = fresh(listed)
        said = {w.lower() for w in words(v.task) if len(w) > 2} | set(pairs(v.task))
        near = [f for f in rest if said & _path_words(f)]
        todo = near or rest[:MOST_READ]
    calls = []
    for f in todo:
        args, got = arguments(reader, gather(f, []))
        if not got.missing:
            calls.append((reader, claude_code.absolute(conv, reader, args[0]) if conv else args[0]))
    if calls:
        turn.calls += calls
        turn.missing = []


VALUE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<![\w.])\+?\d[\d./:-]{3,}\d(?![\w.])")
KEPT_ASIDE = re.compile(r"archive|backup|\bold\b|\.bak\b|归档|备份|旧", re.I)


def _shape(value: str) -> str:
    """A value's shape: an e-mail address's is @; else its digits as 9 and its letters as a
    ("0571-86651234": 9999-99999999)."""
    if "@" in value:
        return "@"
    return re.sub(r"[^\W\d_]", "a", re.sub(r"\d", "9", value))


def _shaped_edit(v: View, turn: Turn, conv: Conversation | None) -> None:
    """Rule 4c, the fallback of an edit that lacks its strings once files were read: a value the
    request gives (a phone number, an e-mail address, a date, a code) that no file read holds
    replaces the value of the same shape on the one line of a read file that also holds a
    word or pair of characters of the request (the client, the person named); a file kept
    aside (archive, backup, 归档) is not edited."""
    waiting = [t for t, _ in turn.missing if writes_files(t) or _replaces_strings(t)]
    edit = next((t for t in v.tools if _replaces_strings(t)), None)
    if turn.calls or edit is None:
        return
    made = [c for c in v.calls if c.name == edit.name and not c.failed and c.result is not None]
    given = VALUE.findall(v.task)
    made = [c for c in made if any(x in str(c.input.values()) for x in given) and _swapped(edit, c)]
    if made and all(c.name != edit.name or c in made for c in v.calls):  # (made once: said by
        # its values, nothing more is asked)
        turn.missing = [(t, m) for t, m in turn.missing if t not in waiting]
        turn.lines += [_edit_said(v, edit, c) for c in made]
        turn.whole = True
        return
    if not (waiting or _tree_listed(v)) or any(c.name == edit.name for c in v.calls):
        return
    old_key, new_key = editing.edit_keys(edit.schema.get("properties") or {}) or ("", "")
    read = [c for c in v.calls if c.result and not c.failed and _read_file(v, c)]
    texts = "\n".join(_file_text(str(c.result)) for c in read)
    given = [x for x in VALUE.findall(v.task) if x not in texts]
    said = _roots(v.task) | pairs(v.task)
    for c in read if given else []:
        path = next((str(a) for a in c.input.values() if isinstance(a, str)), "")
        if KEPT_ASIDE.search(path):
            continue
        hits = [
            (line, old, new)
            for line in files.unnumbered(str(c.result))
            if said & _line_words(line)
            for old in VALUE.findall(line)
            for new in given
            if _shape(old) == _shape(new)
        ]
        if len(hits) == 1:
            line, old, new = hits[0]
            props = edit.schema.get("properties") or {}
            key = next((k for k, p in props.items() if role(k, p) == "path"), "file_path")
            args = {key: path, old_key: line, new_key: line.replace(old, new)}
            turn.calls.append((edit, args))
    if turn.calls:
        turn.missing = [(t, m) for t, m in turn.missing if t not in waiting]


def _swapped(edit: Tool, c: Call) -> bool:
    """The edit put one value in for another of its shape, the rest of the line kept (rule 4c)."""
    old_key, new_key = editing.edit_keys(edit.schema.get("properties") or {}) or ("", "")
    old, new = str(c.input.get(old_key)), str(c.input.get(new_key))
    olds, news = VALUE.findall(old), VALUE.findall(new)
    swaps = [(a, b) for a, b in zip(olds, news, strict=False) if a != b]
    return (
        len(olds) == len(news)
        and len(swaps) == 1
        and old.replace(*swaps[0]) == new
        and (_shape(swaps[0][0]) == _shape(swaps[0][1]))
    )


def _edit_said(v: View, edit: Tool, c: Call) -> str:
    """An edit of rule 4c said in the user's language: the file and the value put in for the old."""
    old_key, new_key = editing.edit_keys(edit.schema.get("properties") or {}) or ("", "")
    olds, news = VALUE.findall(str(c.input.get(old_key))), VALUE.findall(str(c.input.get(new_key)))
    pairs_ = [f"`{a}` → `{b}`" for a, b in zip(olds, news, strict=False) if a != b]
    return say(v.lang, "g_edited", file=_file_name(c), changes=spoken_list(v.lang, pairs_))


REPLACES = re.compile(  # a request that asks for a file's text to be replaced
    r"\b(?:overwrite|replace|rewrite|clear|empty|reset|regenerate)\b|覆盖|重写|替换|清空|重置|重新生成",
    re.I,
)


ID_SHAPE = re.compile(r"(?<![\w-])[A-Za-z]{1,5}-?\d{2,}(?:-\d+)?(?![\w-])")
MOST_LOOKED_UP = 8


def _each_found(v: View, turn: Turn) -> None:
    """Rule 4f, the user's own tool fed from the files: when a turn would end (answer or ask),
    a tool of the user's MCP server (`mcp__<server>__<tool>`) that the request names and no call
    has used yet, with one required text property, is called once for each id-shaped value
    (E-217, PK-4415) that the files read hold on their lines that hold the request's rarest
    marking word ("ERROR", "FAIL": in some lines, not all) and on none of the other lines (the
    vehicle every line names is not what is looked up), in the order found, up to
    MOST_LOOKED_UP."""
    if turn.calls or turn.stop:
        return
    said = _roots(v.whole) | pairs(v.whole) | {w.lower() for w in words(v.whole) if len(w) > 2}
    read = [c for c in v.calls if c.result and not c.failed and _read_file(v, c)]
    own = [
        t
        for t in v.tools
        if t.call_name.startswith("mcp__")
        and not any(c.name == t.name for c in v.calls)
        and (t.name.lower() in v.whole.lower() or t.name_concepts & concepts(v.task))
        and len(t.schema.get("required") or []) == 1
        and ((t.schema.get("properties") or {}).get(t.schema["required"][0]) or {}).get("type")
        == "string"
    ]
    reader = next((t for t in v.tools if reads_files(t)), None)
    if own and not read and reader and any(t in own for t, _ in turn.missing):
        named = [f for f in shell.FILE.findall(VALUE.sub(" ", v.task)) if not _was_tried(v, f)]
        calls = [(reader, a[0]) for f in named for a, g in [arguments(reader, gather(f, []))]]
        turn.calls = [c for c in calls if c[1]][:MOST_READ]  # (the files first, then the tool)
        turn.missing = [] if turn.calls else turn.missing
    if not own or not read:
        return
    rows = [x for c in read for x in files.unnumbered(str(c.result)) if x.strip()]
    held = {m: [r for r in rows if m in _line_words(r) | set(r.lower().split())] for m in said}
    marks = sorted((len(h), m) for m, h in held.items() if 0 < len(h) < len(rows))
    if not marks:
        return
    marked = held[marks[0][1]]
    rest = " ".join(r for r in rows if r not in marked)
    found = [x for r in marked for x in ID_SHAPE.findall(r) if x not in rest]
    found = list(dict.fromkeys(found))[:MOST_LOOKED_UP]
    t = own[0]
    key = t.schema["required"][0]
    if found:
        turn.calls = [(t, {key: x}) for x in found]
        turn.lines, turn.missing = [], []


def _was_tried(v: View, path: str) -> bool:
    return any(
        os.path.basename(str(a)) == os.path.basename(path)
        for c in v.calls
        for a in c.input.values()
    )


FOLDER = re.compile(r"\b(?:folder|directory|dir)\b|目录|文件夹", re.I)


def _kept_whole(v: View, turn: Turn, conv: Conversation | None) -> None:
    """Rule 4d, never destroy: a whole-file write (`Write`) is dropped when its text is the
    request's own words copied (20 characters or more, not a text the request quotes or gives),
    or when it would replace a file that is there (read or listed) which the request neither
    makes nor asks to be replaced, keeping fewer than half of its lines. Its text is then what
    is missing: the files are read first (rule 4b), else the answer says so."""
    read = any(c.result and not c.failed and _read_file(v, c) for c in v.calls)
    if read and not turn.calls and not MADE.search(v.whole) and not WRITTEN_TO.search(v.whole):
        # a file-writing tool that lacks its path too, when the request makes no file: the
        # files read answer the request; nothing is asked of the user to write
        turn.missing = [
            (t, m)
            for t, m in turn.missing
            if not (writes_files(t) and any(role(k, {}) == "path" for k in m))
        ]
    dropped = [(t, a) for t, a in turn.calls if _destroys(v, t, a)]
    if not dropped:
        return
    turn.calls = [c for c in turn.calls if c not in dropped]
    for t, _ in dropped:
        props = t.schema.get("properties") or {}
        body = [k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "text"]
        turn.missing.append((t, body[:1]))
    if not turn.calls:
        turn.lines = []
        _files_first(v, turn, conv)


def _destroys(v: View, t: Tool, args: dict[str, Any]) -> bool:
    """Rule 4d: the write `args` of `t` copies the request or replaces a file it should keep."""
    if not writes_files(t) or _replaces_strings(t):
        return False
    props = t.schema.get("properties") or {}
    path = next((str(a) for k, a in args.items() if role(k, props.get(k) or {}) == "path"), "")
    text = next((str(a) for k, a in args.items() if role(k, props.get(k) or {}) == "text"), "")
    if not path or not text.strip():
        return False
    flat = re.sub(r"\s+", "", text.strip(" \n.。"))
    given = [re.sub(r"\s+", "", q) for q in quoted(v.whole)]
    copied = len(flat) >= 20 and flat in re.sub(r"\s+", "", v.whole)
    base = os.path.basename(path)
    others = [f for f in shell.FILE.findall(v.whole) if os.path.basename(f) != base]
    read = any(c.result and not c.failed and _read_file(v, c) for c in v.calls)
    worked = others or read or FOLDER.search(v.whole)  # (the text is to be worked out of them)
    if copied and (worked or not writing.gives_text(v.task)) and not any(flat in q for q in given):
        return True
    if _made_new(v, path) or REPLACES.search(v.task):
        return False
    olds = [
        _file_text(str(c.result))
        for c in v.calls
        if c.result
        and not c.failed
        and _read_file(v, c)
        and any(os.path.basename(str(a)) == base for a in c.input.values())
    ]
    listed = any(
        os.path.basename(f) == base
        for c in v.calls
        if globs(v.tool(c.name) or _NO_TOOL) and not c.failed
        for f in _globbed_paths(c)
    )
    if not olds:
        return listed
    lines = [x.strip() for x in olds[-1].splitlines() if x.strip()]
    return sum(x in text for x in lines) * 2 < len(lines)


def _tree_listed(v: View) -> bool:
    """Rule 4b listed the whole tree (`**/*`) and no file was written or edited since."""
    changers = {t.name for t in v.tools if writes_files(t) or _replaces_strings(t)}
    listed = [
        i
        for i, c in enumerate(v.calls)
        if globs(v.tool(c.name) or _NO_TOOL) and "**/*" in c.input.values()
    ]
    return bool(listed) and not any(c.name in changers for c in v.calls[listed[0] :])


NEW_FILE = re.compile(
    r"\b(?:create|make|write|add|start)\s+(?:a|an|one)\s+(?:new\s+)?file\b|"
    r"(?:新建|创建|建|写)(?:一个|个)?(?:新)?文件",
    re.I,
)


def _new_unnamed(v: View, t: Tool, missing: list[str]) -> bool:
    """The tool still waits for a path no file read can give: the request makes a new file it
    gives no name ("create a file while it runs"), or its act is another tool's, already called
    ("Create 3 tasks on the board": task_create), and it names no file and asks no question. A
    question ("who first suggested ...?") or an edit of a file it describes ("司机名单") is
    answered from the files the tree lists."""
    props = t.schema.get("properties") or {}
    lacks_path = any(role(k, props.get(k) or {}) == "path" for k in missing)
    named = shell.FILE.search(VALUE.sub(" ", v.task))
    asks = "?" in v.task or "？" in v.task
    others = any(
        (u := v.tool(c.name)) is not None and _of_a_record(u) and not runs_commands(u)
        for c in v.calls
    )
    return lacks_path and (bool(NEW_FILE.search(v.task)) or others and not (named or asks))


def _replaces_strings(t: Tool) -> bool:
    """A tool that edits a file by a string to find and one to put in (`Edit`)."""
    return editing.edit_keys(t.schema.get("properties") or {}) is not None


def _path_values(v: View, t: Tool) -> list[Any]:
    """The paths a tool still waiting for a value was given by the request (Write's file_path)."""
    props = t.schema.get("properties") or {}
    args, _ = arguments(t, gather(v.task, []))
    return [
        a for k, a in (args[0] if args else {}).items() if role(k, props.get(k) or {}) == "path"
    ]


def _globbed_paths(c: Call) -> list[str]:
    """The paths a globbing call listed, one a line."""
    lines = [x.strip() for x in str(c.result or "").splitlines()]
    return [x for x in lines if x and not x.startswith(("No files", "Found ")) and " " not in x]


def _as_listed(name: str, listed: list[str]) -> str:
    """A file a text names, as the listing of the tree spells its path (plate_A.csv: plates/plate_A.csv)."""
    same = [f for f in listed if f == name or f.endswith("/" + name)]
    return same[0] if same else name


def _path_words(path: str) -> set[str]:
    """The words of a path's folders and stem (lowercase), and its pairs of Chinese characters."""
    stem = os.path.splitext(path)[0]
    return {w.lower() for w in re.split(r"[\W_]+", stem) if len(w) > 2} | set(pairs(stem))


def _edit_in_place(v: View, turn: Turn, conv: Conversation | None) -> bool:
    """A change asked for in the one file the request names (`agentkit.sim.editing`): the file
    is read first, then each change is one call of the edit tool, or the read text with the
    changes made is saved whole by the writing tool; then the answer says what changed. True
    when the rule planned this turn."""
    named = list(dict.fromkeys(shell.FILE.findall(v.task)))
    reader = next((t for t in v.tools if reads_files(t)), None)
    editor = next((t for t in v.tools if _edit_props(t)), None)
    saver = editor or next((t for t in v.tools if writes_files(t)), None)
    if reader and saver and _edit_by_source(v, turn, conv, (reader, saver)):
        return True
    if reader is None or saver is None or not editing.requested(v.task):
        return False
    if len(named) != 1:
        return _edit_several(v, turn, conv, (reader, saver), named)
    if not editing.targets(v.task, os.path.basename(named[0])):
        return False
    others = {t.name for t in choose(v)} - {reader.name, saver.name}
    if others - {t.name for t in v.tools if writes_files(t) or _edit_props(t)}:
        return False  # the request is about another tool too ("set a reminder to ...")
    base = os.path.basename(named[0])
    reads = [c for c in v.calls if c.name == reader.name and _names_file(c, base)]
    if any(c.failed for c in reads) or any(c.failed for c in v.calls if c.name == saver.name):
        return False  # an error is judged by rule 4
    if not reads:
        args, _ = arguments(reader, gather(named[0], []))
        turn.calls.append(
            (reader, claude_code.absolute(conv, reader, args[0]) if conv else args[0])
        )
        return True
    text = _file_text(reads[-1].result)
    made, missed = editing.changes(v.task, text)
    path = next(iter(reads[-1].input.values()))
    lines = [say(v.lang, "g_edit_missed", file=base, what=x) for x in missed]
    if any(c.name == saver.name and c.result is not None for c in v.calls):
        changed = spoken_list(v.lang, [f"`{c.old}` → `{c.new}`" for c in made])
        turn.lines += [say(v.lang, "g_edited", file=base, changes=changed)] + lines
        turn.whole = True
    elif made:
        turn.calls += _edits(saver, path, made, text)
    else:
        turn.lines += lines
    return True


def _edit_several(
    v: View, turn: Turn, conv: Conversation | None, tools: tuple[Tool, Tool], named: list[str]
) -> bool:
    """The changes asked for in several files: each in its own clause (`editing.per_file`), one
    change said once for files named together (`editing.files_of_change`: "in a.yaml and .env"), or a
    text changed wherever it is found (no file named)."""
    plan = editing.per_file(v.task, named)
    if len(plan) > 1:
        return _edit_files(v, turn, conv, tools, plan)
    places = editing.files_of_change(v.task, named)
    if len(places) > 1:
        return _edit_files(v, turn, conv, tools, [(f, v.task) for f in places])
    return not named and (
        _edit_where_found(v, turn, conv, tools) or _edit_files_read(v, turn, conv, tools)
    )


CHANGE_ASKED = re.compile(
    r"改|修正|更新|同步|对齐|\b(?:fix|update|align|bring|correct|sync|make|change|edit)\b", re.I
)


def _edit_by_source(
    v: View, turn: Turn, conv: Conversation | None, tools: tuple[Tool, Tool]
) -> bool:
    """Rule 4g, an edit the request states by a source of truth ("按 README 把这两个文件改对",
    "bring settings.ini in line with docs/OPS.md"): the source (named, else the listed file
    whose name it says: README, "the operations doc") and the other files named are read, then
    each setting of those files that the source gives another value of its kind is changed to
    it (`editing.agreed`), as for several named files (`_edit_files`)."""
    said = editing.source_of_truth(v.whole)
    if said is None or not CHANGE_ASKED.search(v.whole):
        return False
    reader, _ = tools
    glob = next((t for t in v.tools if globs(t)), None)
    listed = [
        f
        for c in v.calls
        if glob and c.name == glob.name and not c.failed
        for f in _globbed_paths(c)
    ]
    stem = os.path.basename(said).split(".")[0].lower()
    source = said if shell.FILE.fullmatch(said) else None
    source = source or next(
        (f for f in listed if os.path.basename(f).split(".")[0].lower() == stem), None
    )
    named = [f for f in dict.fromkeys(shell.FILE.findall(VALUE.sub(" ", v.whole)))]
    targets = [f for f in named if os.path.basename(f) != os.path.basename(source or said)]
    if not targets:
        return False
    if source is None:
        if glob is None or listed:
            return False
        turn.calls.append((glob, {next(iter(glob.schema.get("required") or ["pattern"])): "**/*"}))
        return True
    texts = {}
    for f in [source, *targets]:
        got = [c for c in v.calls if c.name == reader.name and _names_file(c, os.path.basename(f))]
        if got and not got[-1].failed:
            texts[f] = _file_text(got[-1].result)
    unread = [f for f in [source, *targets] if f not in texts]
    if unread:
        key = files.path_property(reader) or "file_path"
        for f in unread:
            args = {**arguments(reader, gather(f, []))[0][0], key: f}
            turn.calls.append((reader, claude_code.absolute(conv, reader, args) if conv else args))
        return True
    plan = [(f, editing.agreed(texts[source], texts[f])) for f in targets]
    return any(c for _, c in plan) and _edit_files(v, turn, conv, tools, plan)


def _edit_files_read(
    v: View, turn: Turn, conv: Conversation | None, tools: tuple[Tool, Tool]
) -> bool:
    """Rule 4e, a change said in no file and by no text as written ("raise the request timeout
    from 10 to 30 everywhere it's configured"): once files were read (rule 4b reads the tree),
    each file read in which the change lands (`editing.changes`), none kept aside (archive,
    backup), is changed as for several named files (`_edit_files`)."""
    reader = tools[0]
    read = [c for c in v.calls if c.name == reader.name and c.result and not c.failed]
    landing = [
        str(next(iter(c.input.values())))
        for c in read
        if not KEPT_ASIDE.search(str(next(iter(c.input.values()), "")))
        and editing.changes(v.task, _file_text(c.result))[0]
    ]
    landing = list(dict.fromkeys(landing))
    return bool(landing) and _edit_files(v, turn, conv, tools, [(f, v.task) for f in landing])


def _edit_where_found(
    v: View, turn: Turn, conv: Conversation | None, tools: tuple[Tool, Tool]
) -> bool:
    """A change of a text said as it is written, in no file named ("把 notes 下所有纪要里的“张伟”
    改成“张玮”", "replace the old number 0800 111 with 0800 222 everywhere"): the content search
    finds the files that hold it (in the folder the request names), then every file found is
    read and changed, as for several named files (`_edit_files`)."""
    grep = next((t for t in v.tools if files.greps(t)), None)
    found = editing.literal_asked(v.task)
    if grep is None or found is None:
        return False
    searches = [c for c in v.calls if c.name == grep.name]
    if not searches:
        props = grep.schema.get("properties") or {}
        pattern = next(k for k in grep.schema.get("required") or [] if k in props)
        args: dict[str, Any] = {pattern: re.escape(found)}
        folder = editing.folder(v.task)
        at = files.path_property(grep)
        if folder and at:
            args[at] = folder
        turn.calls.append((grep, args))
        return True
    holding = files.paths_listed(v, grep)
    if not holding:
        return False  # the answer says the search found nothing (the general rules)
    return _edit_files(v, turn, conv, tools, [(f, v.task) for f in holding])


def _edit_files(
    v: View,
    turn: Turn,
    conv: Conversation | None,
    tools: tuple[Tool, Tool],
    plan: list[tuple[str, str]],
) -> bool:
    """Changes asked for in several named files, each in its own words ("in config.yaml set
    api_url to ..., and in .env set DEBUG=false"): every file is read first, together; then each
    file's changes are made, together; then the answer says, file by file, what changed, and
    quotes what refused a change (a hook's or a permission's refusal) or failed."""
    reader, saver = tools
    reads = {
        f: [c for c in v.calls if c.name == reader.name and _names_file(c, os.path.basename(f))]
        for f, _ in plan
    }
    unread = [f for f, _ in plan if not reads[f]]
    unread += [  # a file not where it was said, found since by a search: read where it is
        found
        for f, _ in plan
        if reads[f] and reads[f][-1].failed
        for found in [_found_at(v, reader, os.path.basename(f))]
        if found
    ]
    if unread:
        key = files.path_property(reader) or "file_path"
        for f in unread:
            args = [{**arguments(reader, gather(f, []))[0][0], key: f}]
            turn.calls.append(
                (reader, claude_code.absolute(conv, reader, args[0]) if conv else args[0])
            )
        return True
    lost = any(classify(r[-1].result or "") == NOT_FOUND for r in reads.values() if r[-1].failed)
    if lost and not any(c.name not in (reader.name, saver.name) for c in v.calls):
        return False  # a file not where it was said is looked for first (`recover`)
    saved = [c for c in v.calls if c.name == saver.name]
    done = any(not c.failed and c.result is not None for c in saved)
    for f, clause in plan:
        base, last = os.path.basename(f), reads[f][-1]
        if last.failed:
            turn.lines.append(
                say(v.lang, "g_failed", doing=_doing(v, reader), err=said_error(last.result or ""))
            )
            continue
        text = _file_text(last.result)
        made, missed = editing.changes(clause, text)
        turn.lines += [say(v.lang, "g_edit_missed", file=base, what=x) for x in missed]
        mine = [c for c in saved if _names_file(c, base)]
        if not mine and made:
            turn.calls += _edits(saver, next(iter(last.input.values())), made, text)
        elif mine and all(not c.failed for c in mine):
            changed = spoken_list(v.lang, [f"`{c.old}` → `{c.new}`" for c in made])
            turn.lines.append(say(v.lang, "g_edited", file=base, changes=changed))
        turn.lines += [_edit_refused(v, base, c, done) for c in mine if c.failed]
    if turn.calls:
        turn.lines = []
    else:
        turn.whole = True
    return True


def _edit_refused(v: View, base: str, c: Call, done: bool) -> str:
    """What is said of a file's edit that failed: a refusal quoted, as the one file left as it
    was when the other files were changed (`done`)."""
    err = short(said_error(c.result or "").strip(), 240).rstrip(".。")
    key = "g_denied" if classify(c.result or "") == DENIED else "g_failed"
    doing = say(v.lang, "g_edit_doing", file=base)
    if key == "g_denied" and done:
        return say(v.lang, "g_edit_refused", doing=doing, file=base, err=err)
    return say(v.lang, key, doing=doing, err=err)


def _found_at(v: View, reader: Tool, base: str) -> str | None:
    """Where a search's result (a path a line) places the file `base`, or None."""
    for c in v.calls:
        if c.name == reader.name or c.failed:
            continue
        for line in str(c.result or "").splitlines():
            path = line.strip().removeprefix("./")
            if os.path.basename(path) == base and path != base:
                return path
    return None


def _edit_props(t: Tool) -> tuple[str, str] | None:
    props = t.schema.get("properties") or {}
    has_path = any(isinstance(p, dict) and role(k, p) == "path" for k, p in props.items())
    return editing.edit_keys(props) if has_path else None


def _names_file(c: Call, base: str) -> bool:
    return any(isinstance(a, str) and os.path.basename(a) == base for a in c.input.values())


def _edits(
    saver: Tool, path: Any, made: list[editing.Change], text: str
) -> list[tuple[Tool, dict[str, Any]]]:
    """Rule 4 of `agentkit.sim.editing`: one edit call per change, or the whole text saved."""
    props = saver.schema.get("properties") or {}
    at = next(k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "path")
    keys = _edit_props(saver)
    if keys:
        every = next(  # the replace-all switch (`replace_all`): on for a change of rule 3d
            (
                k
                for k, p in props.items()
                if isinstance(p, dict) and p.get("type") == "boolean" and re.search(r"all", k, re.I)
            ),
            None,
        )
        return [
            (
                saver,
                {
                    at: path,
                    keys[0]: c.old,
                    keys[1]: c.new,
                    **({every: True} if every and c.every else {}),
                },
            )
            for c in made
        ]
    body = next((k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "text"), None)
    return [(saver, {at: path, body: editing.applied(text, made)})] if body else []


def _await_lookup(turn: Turn) -> None:
    """Rule 3: an act whose id is a piece of what another call of the turn looks up with ("accept
    the cheapest quote" and "BS1" of the postcode "BS1 4DJ" the quotes are fetched for) is no id
    of the request: the act waits for the lookup's result."""
    for t, args in list(turn.calls):
        looked = [
            str(x)
            for u, other in turn.calls
            if u is not t and not u.name_concepts & CHANGES
            for x in other.values()
        ]
        taken = [k for k, x in args.items() if names_an_id(t, k) and _piece_of(x, looked)]
        if taken:
            turn.calls.remove((t, args))
            turn.missing.append((t, taken))


def _id_looked_up(v: View, turn: Turn) -> None:
    """Rule 3: an id the act lacks, when no call is made this turn, is fetched, never asked of the
    user: a reading tool not yet called in the task, whose every required input (one or more)
    the request fills, is called first (get_showtimes(film, date) before buy_tickets(showing_id));
    the act then takes the id its result gives."""
    lacking = [t for t, keys in turn.missing if any(names_an_id(t, k) for k in keys)]
    if turn.calls or not lacking:
        return
    called = {c.name for c in v.calls}
    for u in v.tools:
        required = list(u.schema.get("required") or [])
        if u in lacking or u.name in called or not required or not _looks_up(u):
            continue
        looked, got = arguments(u, gather(v.task, []))
        if not got.missing and len(looked) == 1:
            turn.calls.append((u, looked[0]))
            turn.missing = [(t, ks) for t, ks in turn.missing if t not in lacking]
            return


def _looks_up(t: Tool) -> bool:
    """A tool whose name says it reads, searches or lists, and changes nothing."""
    return bool(t.name_concepts & {"read", "search", "list"}) and not t.name_concepts & CHANGES


def _fresh(src: Source) -> Source:
    """The values of the request for one tool: what another tool's filling took stays free."""
    return replace(src, numbers=list(src.numbers), used=set(src.used), money=list(src.money))


SAVED_AS = re.compile(
    r"(?:写成|写为|做成|整理成|存成|保存成|\bas\b|\binto\b)\s*(?:a\s+)?[`'\"]?([\w./-]+\.[A-Za-z]\w{0,5})"
)


def _saves_whole(t: Tool) -> bool:
    """A tool that writes a whole file (Write, `write_file`): not an edit, not the CLI's own."""
    return writes_files(t) and not _edit_props(t) and t.name not in claude_code.ORCHESTRATION


def _report_saved(v: View, turn: Turn, conv: Conversation | None) -> bool:
    """A subagent's report, when the request asks for a file to hold what it found ("让 X 检查
    …，然后把问题写成 报告.md", "... and write the findings to audit.md"): the report is written
    to that file, once, by the tool that creates files; then it is the answer (`_handed_over`)."""
    reports = [
        claude_code.report_of(c.result)
        for c in v.calls
        if isinstance(c.result, str) and not c.failed and c.name in ("Agent", "Task")
    ]
    report = next((r for r in reversed(reports) if r), None)
    saver = next((t for t in v.tools if _saves_whole(t)), None)
    if report is None or saver is None or any(c.name == saver.name for c in v.calls):
        return False
    to = WRITTEN_TO.search(v.whole) or SAVED_AS.search(v.whole)
    named = [f for f in shell.FILE.findall(v.whole) if _made(v.whole, f)]
    name = to.group(1) if to else named[0] if named else None
    props = saver.schema.get("properties") or {}
    at = next((k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "path"), None)
    body = next((k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "text"), None)
    if not (name and at and body):
        return False
    args = {at: name, body: report + "\n"}
    turn.calls.append((saver, claude_code.absolute(conv, saver, args) if conv else args))
    return True


def _handed_over(v: View) -> bool:
    """The agent the task was handed to (the CLI's Agent or Task tool, a user's own subagent tool)
    has reported: its report is the answer, nothing more is called."""
    return any(
        c.result and not c.failed and (c.name in ("Agent", "Task") or subtask.delegating(t))
        for c in v.calls
        for t in [v.tool(c.name) or _NO_TOOL]
    )


def _from_context(
    v: View,
    t: Tool,
    variants: list[dict[str, Any]],
    got: Fill,
    context: str,
    conv: Conversation | None,
) -> tuple[list[dict[str, Any]], Fill]:
    """A step's missing values, as the earlier steps' words and the step's give them."""
    wide = replace(v, task=f"{context}\n{v.task}")
    more, whole = _inputs(wide, t, gather(wide.task, results_of(wide)), conv)
    found = {k: more[0][k] for k in got.missing if k in more[0]}
    if not found:
        return variants, got
    rest = [k for k in got.missing if k not in found]
    return [{**a, **found} for a in variants], Fill({**got.values, **found}, rest)


FINDS = re.compile(
    r"\b(?:search|find|list|lookup|look up|query|browse)\b|搜索|查找|查询|列出|检索", re.I
)


def _finder(v: View, src: Source, chosen: list[Tool], turn: Turn) -> None:
    """Chaining by data, looked ahead: a chosen tool lacks an id that no call has given yet, so a
    tool that searches or lists (by its name or description), or that changes nothing and names
    the thing the id is of (get_stations for a station's 充电桩编号), and whose input the request
    fills is called first; the id is then taken from the entry its result lists
    (`agentkit.sim.pick`). After a look-up, a tool not called yet that lists the id's thing is
    called the same way, its inputs from the request and the results (a chain of three)."""
    waiting = [
        (t, k)
        for t, missing in turn.missing
        for k in missing
        if names_an_id(t, k) or _a_pick(t, k) or in_named_folder(v.task, t, k)
    ]
    if not waiting:
        return
    answered = [c for c in v.calls if c.result is not None and not c.failed]
    if not answered and any(c.result is not None for c in v.calls):
        return  # a failed look-up is judged by rule 4, never looked up again here
    for t in v.tools:
        about = f"{' '.join(words(t.name))} {t.description}"
        if t in chosen or not (FINDS.search(about) or _lists_for(t, waiting)):
            continue
        if answered and (any(c.name == t.name for c in v.calls) or not _lists_for(t, waiting)):
            continue  # after a look-up: a tool not called yet that lists the id's thing,
            # its inputs from the request and the results ("约最早的号": find_office, then
            # list_slots with the office found, then book_slot)
        variants, got = arguments(t, gather(v.task, results_of(v) if answered else []))
        variants, got = _by_name(v, t, variants, got, waiting)
        for k in t.schema.get("required") or [] if answered else []:
            found = _given(answered, k)
            if names_an_id(t, k) and len(found) == 1:  # the id a result gave, not a code said
                variants, got = _with(variants, got, k, found.pop())
        if not got.missing and changes_asked(t.name, concepts(v.task)):
            turn.calls.append((t, variants[0]))
            turn.missing = []
            return


NAME_KEY = re.compile(r"^(?:name|query|q|keyword|keywords|term|search|title)$|_name$", re.I)
ZH_SUBJECT = re.compile(  # the thing a Chinese question opens with: "珊瑚礁大缸最近一次是…"
    r"^(?:请问|帮我查一下|帮我查|查一下|查查|看看)?(?!我|你|他|她|咱|大家|这|那)"
    r"([\u4e00-\u9fff\w·-]{2,12}?)(?:里|内)?"
    r"(?=上一次|上次|最近|最后一次|什么时候|哪天|几点|几时|现在|今天|目前|是|有|在|的|怎么样|多少|还"
    r"|想|要|打算|准备|计划|需要)"  # "摄影社想买…": the one who wants, named first
)
QUOTED_NAME = re.compile(r"[“「《\"]([^”」》\"\n]{2,20})[”」》\"]")  # "“远望七号”现在…"


def named_in_request(task: str, taken: set[str]) -> str | None:
    """The thing a request names for a look-up by name: its proper name ("a session with Lena de
    Vries", "book Biscuit in"), none another input took, else the one Chinese name it quotes
    ("“远望七号”"), else the thing a Chinese question opens with ("蓝鲸号上一次保养是哪天？" ->
    蓝鲸号; "三号棚里现在…" -> 三号棚)."""
    found = proper_name(task, set(taken))
    if found:
        return found
    quoted = [q for q in QUOTED_NAME.findall(task) if q not in taken]
    if len(quoted) == 1 and re.search(r"[\u4e00-\u9fff]", quoted[0]):
        return quoted[0]  # a name in quotes: "“远望七号”现在开到哪儿了？"
    for sentence in re.split(r"[。！？?!\n]", task):
        sentence = re.sub(
            r"^(?:(?:另外|此外|还有|而且|那么|对了)\s*[，,、]?\s*)+", "", sentence.strip()
        )
        m = ZH_SUBJECT.match(sentence.strip())
        if m and re.search(r"[\u4e00-\u9fff]", m.group(1)) and not ZH_NOT_NAME.search(m.group(1)):
            return name_span(m.group(1))  # "另外星海俱乐部一共有…" -> 星海俱乐部
    return None


def _by_name(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill, waiting: list[tuple[Tool, str]]
) -> tuple[list[dict[str, Any]], Fill]:
    """Rule 3's look-up by name: a tool that finds things by name (find_artist(name),
    find_tank(name)), called for the id a waiting act or reading tool lacks, takes the thing the
    request names (`named_in_request`) for its name input when that is open or holds no word (a
    date is no name)."""
    props = t.schema.get("properties") or {}
    keys = [
        k
        for k in t.schema.get("required") or []
        if NAME_KEY.search(k) and (props.get(k) or {}).get("type", "string") == "string"
    ]
    open_ = [
        k
        for k in keys
        if k in got.missing or not re.search(r"[^\W\d_]", str(got.values.get(k, "")))
    ]
    if len(open_) != 1:
        return variants, got
    taken = {
        str(x) for w, _ in waiting for x in arguments(w, gather(v.task, []))[1].values.values()
    }
    about = f"{open_[0]} {(props.get(open_[0]) or {}).get('description') or ''}"
    person = re.search(r"姓名|人名|full name|person", about, re.I)  # (a person's: 员工姓名)
    name = (name_said(v.task, about, taken) if person else None) or named_in_request(v.task, taken)
    return _with(variants, got, open_[0], name) if name else (variants, got)


def _nothing_own(v: View, t: Tool, got: Fill) -> bool:
    """Rule 3: a tool the user gave nothing of its own is not asked about once another act has
    been done: every value it holds is one an answered call of another tool took (the flat "1203"
    of a repair, beside record_rent_payment's month and amount nobody said), and what it lacks
    is no id a look-up could give."""
    others = [
        c
        for c in v.calls
        if c.name != t.name and c.result is not None and not c.failed and _acted_by(v, c)
    ]
    taken = {str(x) for c in others for x in c.input.values()}
    given = {str(x) for x in got.values.values()}
    return (
        bool(others)
        and bool(given)
        and given <= taken
        and not any(names_an_id(t, k) for k in got.missing)
    )


def _acted_by(v: View, c: Call) -> bool:
    """Whether the call was of a tool that changes something (an act done, not a look-up)."""
    done = v.tool(c.name)
    return done is not None and bool(done.name_concepts & CHANGES)


NAMED_KEY = re.compile(  # a property that holds a name: of a person, a client, a company
    r"(?:^|_)(?:name|client|customer|company|person|member|patient|guest|owner|contact)$"
    r"|姓名|名称|名字|客户|公司|单位名",
    re.I,
)
ORG_KEY = re.compile(
    r"client|customer|company|org|firm|vendor|supplier|客户|公司|单位|企业|机构", re.I
)
ZH_SAID_PERSON = (
    re.compile(  # "市场部的赵磊请…", "帮赵磊…", "，赵磊说…": a surname and one or two more
        rf"(?:^|(?<=[的帮给替为和跟与，,。；;！!？?\s：:]))({ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)"
        r"(?=请|订|约|办|查|预约|报名|申请|登记|的|说|要|想|[，,。！!？?\s]|$)"
    )
)
ZH_ORG = re.compile(  # "华信贸易那个案子": a name its kind of business ends
    r"(?:^|(?<=[，,。；;！!？?\s：:“「]|查|找|是|为|给|和|跟|与))(?![我你他她这那帮给请])"
    r"([\u4e00-\u9fff]{2,8}?(?:贸易|公司|集团|科技|实业|物流|传媒|股份|工作室|事务所|银行|医院|学校|酒店|餐厅))"
)


def _said_name(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """Rule 2's last look before a name is asked for: a required name the readings left open (a
    person's, a client's) is the one the user's words give in any form: a whole proper name
    ("Kate Olsen", never a day), a pet's or a child's name after 我家…叫, a Chinese surname and
    given name beside 的 / 帮 / a pause ("市场部的赵磊请…"), and, for a client or a company, a
    name its kind of business ends ("华信贸易那个案子"). Asked only when none is there."""
    props = t.schema.get("properties") or {}
    open_ = [
        k
        for k in got.missing
        if (props.get(k) or {}).get("type", "string") == "string"
        and "enum" not in (props.get(k) or {})
        and NAMED_KEY.search(f"{k} {(props.get(k) or {}).get('description') or ''}")
    ]
    if len(open_) != 1 or len(variants) != 1:
        return variants, got
    key, about = open_[0], f"{open_[0]} {(props.get(open_[0]) or {}).get('description') or ''}"
    found = name_said(v.task, about, {str(x) for x in got.values.values()})
    return _with(variants, got, key, found) if found else (variants, got)


def name_said(task: str, about: str, said: set[str]) -> str | None:
    """`_said_name`'s name of the kind `about` (a property's name and description) asks for,
    none of `said`: a business name first for a client or a company, else a whole proper name,
    a pet's name after 我家…叫, a Chinese surname and given name, a business name."""
    whole = proper_name(task, said)
    org = next((m.group(1) for m in ZH_ORG.finditer(task) if m.group(1) not in said), None)
    zh = next((m.group(1) for m in ZH_SAID_PERSON.finditer(task) if m.group(1) not in said), None)
    found = (org if ORG_KEY.search(about) else None) or (
        whole if whole and " " in whole and not WEEKDAY_WORD.search(whole) else None
    )
    found = found or zh_home_name(task) or zh or org
    return found if found and found not in said else None


def _lists_for(t: Tool, waiting: list[tuple[Tool, str]]) -> bool:
    """A tool that changes nothing and names the thing a waiting id is of: the id's words
    (station of station_id, table of "Table number") in its name or description, or in Chinese
    the noun its description puts before 编号 ("充电桩编号": 充电桩)."""
    if t.name_concepts & CHANGES:
        return False
    about = f"{t.name} {t.description}"
    said = set(words(about))
    for act, key in waiting:
        prop = (act.schema.get("properties") or {}).get(key) or {}
        desc = str(prop.get("description") or "")
        nouns = set(words(f"{key} {desc}")) - ID_WORDS
        han = re.findall(r"([\u4e00-\u9fff]{2,})(?:编号|代码|单号|号码|id|ID)", desc)
        if nouns & said or any(h[-2:] in about for h in han):
            return True
    return False


ID_WORDS = frozenset({"id", "no", "number", "num", "code", "ref", "reference", "identifier", "the"})


def _a_pick(t: Tool, key: str) -> bool:
    """A value chosen among things a listing offers, named by the thing alone (room, walker,
    slot, table; not a name, a date, a number or a kind): a string of one word and no role, no
    enum, no time; a tool that lists that thing (`_lists_for`) supplies it ("a room" and
    check_room_availability, which lists the free rooms)."""
    prop = (t.schema.get("properties") or {}).get(key) or {}
    return (
        prop.get("type") == "string"
        and "enum" not in prop
        and re.fullmatch(r"[a-z]+", key) is not None
        and role(key, prop) is None
        and temporal(key, prop) is None
    )


def _unchosen_failures(v: View, chosen: list[Tool], turn: Turn) -> None:
    """Rule 4 for a failed call of a tool the request's words did not choose this turn (the user's
    follow-up, or a call the loop made itself): its error is still judged."""
    names = {t.name for t in chosen}
    for name in dict.fromkeys(c.name for c in v.calls):
        last = [c for c in v.calls if c.name == name][-1]
        t = v.tool(name)
        later = {c.name for c in v.calls[v.calls.index(last) + 1 :]}
        waits = bool(later) and all(
            re.search(rf"\b{re.escape(n)}\b", last.result or "") for n in later
        )
        if name not in names and t is not None and last.failed and (last is v.calls[-1] or waits):
            recover(v, t, last, turn)


def _add_calls(
    t: Tool, variants: list[dict[str, Any]], mine: list[Call], turn: Turn, conv: Conversation | None
) -> None:
    """The tool's calls not made before; a tool that has answered this task is called again only
    for listed items, places, shell commands or SQL statements."""
    again = runs_commands(t) or sql.runs_sql(t)
    if len(variants) == 1 and not again and any(c.result and not c.failed for c in mine):
        return
    for args in variants:
        if conv is not None:
            args = claude_code.absolute(conv, t, args)
        if not any(c.input == args for c in mine):
            turn.calls.append((t, args))


def _waits_or_reads(
    v: View, t: Tool, chosen: list[Tool], turn: Turn, conv: Conversation | None
) -> bool:
    """A finishing tool waits for the rest (`agentkit.sim.each`, rule 3); a reading tool beside a
    search reads what the search found (`agentkit.sim.files`, rule 2). True when `t` is done with."""
    if each.finishes(t) and len(chosen) > 1:
        return True
    if reads_files(t) and any(files.greps(g) or globs(g) for g in chosen):
        found = files.to_read(v, t, chosen)
        turn.calls += [(t, claude_code.absolute(conv, t, a) if conv else a) for a in found]
        return True
    return False


def _close(v: View, chosen: list[Tool], turn: Turn, src: Source) -> None:
    """The turn's last rules: after a refusal no call; a tool that finds the id a chosen tool
    lacks; with nothing else to call, the finishing tool; one call a turn when the user asked for
    one by one (`agentkit.sim.each`)."""
    _nothing_serves(v, turn)
    if not turn.calls and turn.missing and not turn.stop:
        _finder(v, src, chosen, turn)
    if any(_act_part(c) != c for c in _orders(v.task)):  # ("…的话就直接付了": why it was)
        turn.first = turn.first or _need_met(v)
    if not turn.calls and not turn.missing and not turn.stop:
        _each_detail(v, turn)  # ("which of the tanks are below 30%?": each tank's level read)
    if not turn.calls and not turn.missing and not turn.stop:
        _other_side(v, turn)  # ("enough to cover what the house used?": the use read too)
    if not turn.calls and not turn.missing and not turn.stop:
        _act_left(v, chosen, turn)  # an act asked that no rule took: done now, not dumped
        _difference(v, turn)  # ("I want 30 on hand ... order whatever is missing": 30 - 7)
    if turn.stop:
        turn.calls = []
    elif not turn.calls and not turn.missing:
        _finish(v, chosen, turn)
    if turn.calls and each.one_by_one(v.task):
        turn.calls = turn.calls[:1]


ORDER_ZH = re.compile(r"帮我|帮忙|给我|替我|请|麻烦|就|直接|顺便|把")
ORDER_EN = re.compile(
    r"^(?:please|kindly|can you|could you|would you|will you|go ahead|then|and then|also|just)\b"
    r"|\bplease[.!]?$|^(?:i'?d like|i want|i need|we need)\b",
    re.I,
)
ASKED_ZH = re.compile(r"[？?]$|[吗呢么]$|(.)[不没]\1")  # "要不要浇水", "够不够": a question


def _orders(task: str) -> list[str]:
    """The clauses of a request that ask for something to be done, not asked about: in Chinese
    a clause with 帮我 / 请 / 就 / 直接 / 把 … that is no question ("帮我请下周五一天年假",
    "要的话就直接浇四十分钟"; not "要不要浇水？"), in English one opening with please / can you /
    then / I'd like … or a condition ("if so, …")."""
    out = []
    for sentence in re.split(r"(?<=[。！？!?；;\n])|(?<=\.)\s+", task):
        for clause in re.split(r"[，,]\s*(?=[^\d])", sentence):
            c = clause.strip(" 。.!！；;")
            if not c:
                continue
            asked = ASKED_ZH.search(c) or c.endswith("?")
            if each.conditional(c) or (not asked and (ORDER_ZH.search(c) or ORDER_EN.search(c))):
                out.append(c)
    return out


def _act_left(v: View, chosen: list[Tool], turn: Turn) -> None:
    """Rule 3c, the fallback before answering: after a result, an act the request asks for that
    no rule has taken yet ("帮我请下周五一天年假" after the balance was read, "要的话就直接浇四十
    分钟" once the soil was read) is done rather than the results dumped: the one tool not called
    yet that acts (no reading, deleting or cancelling) for which an order clause of the request
    (not one that asks to be told: "帮我查一下读数") gives a value of an input's kind or shares
    its words, and whose required inputs the request and the results all fill (a one-day span's
    end is its start: "请一天假"; a number the act says is its own: "烧到 220 度"; an id the
    earlier calls passed is the thing acted on). Its optional inputs keep only values the
    clause's sentence or a result gives. A tool the rules chose and did not call, or a turn that
    already says why not, is left alone."""
    done = [c for c in v.calls if c.result is not None]
    if not done or done[-1].failed or turn.lines:
        return
    called = {c.name for c in v.calls} | {t.name for t in chosen}
    best: list[tuple[int, Tool, dict[str, Any]]] = []
    for clause in _orders(v.task):
        act = _act_part(clause)  # "要是低于安全库存了就补 200 件": 补 200 件
        if {"read", "list", "search"} & concepts(act) and not CHANGES & concepts(act):
            continue  # "帮我查一下3号炉的读数" asks to be told
        for t in v.tools:
            if t.name in called or not _may_act(t):
                continue
            if _unjudged(v, clause, act, done, turn):
                continue
            score = typed_values(t, act) + shared(t, frozenset(words(act)), pairs(act))
            # an act on a condition whose verb no tool's words hold ("不超过 200 块就交了"):
            # any acting tool, scored 0, so the one the results fill is taken
            args = _act_inputs(v, t, clause, act, done) if score or act != clause else None
            if args is not None:
                best.append((score, t, args))
    top = [b for b in best if b[0] == max((b[0] for b in best), default=0)]
    if len({t.name for _, t, _ in top}) == 1:
        turn.calls.append((top[0][1], top[0][2]))


WEIGHS = re.compile(  # a question that weighs one measure against another (class words)
    r"\b(?:enough|cover|afford|in time|make it|on time|catch|exceed|surplus|shortfall|short|"
    r"over budget|within budget|compare|versus|vs)\b"
    r"|够|足够|来得及|赶得上|赶上|超支|超预算|超了|超出|盈余|缺口|对比|比较|抵得上",
    re.I,
)


def _other_side(v: View, turn: Turn) -> None:
    """Rule 3d, before answering: a question that weighs one measure against another ("enough to
    cover what the house used?", "can I make it?", 超预算了吗, 来得及吗), once only reading tools
    answered, is answered with both sides read: an offered reading tool not called yet, whose
    required inputs (one or more) are those of a tool already called (generation and
    consumption over the same dates: the same values), or which the request names by a word of
    its name and the request and the results fill, is called first."""
    done = [c for c in v.calls if c.result is not None and not c.failed]
    tools = [v.tool(c.name) or _NO_TOOL for c in done]
    if not done or not WEIGHS.search(v.task) or any(t.name_concepts & CHANGES for t in tools):
        return
    said = task_words(v.task, list(v.tools))
    for u in v.tools:
        required = set(u.schema.get("required") or [])
        if any(c.name == u.name for c in v.calls) or not required or not _looks_up(u):
            continue
        same = next((c.input for c in done if set(c.input) == required), None)
        if same is not None:
            turn.calls.append((u, dict(same)))
            return
        route = _route_between(v, u)
        if route is not None:
            turn.calls.append((u, route))
            return
        if (set(words(u.name)) - NAME_NOISE) & said:
            looked, got = arguments(u, gather(v.task, results_of(v)))
            if not got.missing and len(looked) == 1:
                turn.calls.append((u, looked[0]))
                return


def _each_detail(v: View, turn: Turn) -> None:
    """Rule 3d, before answering: a listing of ids the request asks about each of, or which of
    them (`agentkit.sim.fanout`, rule 2), whose entries hold nothing its conditions are about,
    is read entry by entry: an offered reading tool not called yet that takes one such id (its
    other required inputs filled by the request) is called once for each."""
    done = [c for c in v.calls if c.result is not None and not c.failed]
    if not done or any((v.tool(c.name) or _NO_TOOL).name_concepts & CHANGES for c in done):
        return
    entries = pick.listing_entries(done[-1].data)
    if entries and any(conditions.applying(v.task, entries)):
        return  # (the listing itself holds what the question weighs)
    for u in v.tools:
        required = list(u.schema.get("required") or [])
        if any(c.name == u.name for c in v.calls) or not required or not _looks_up(u):
            continue
        for k in [k for k in required if names_an_id(u, k)]:
            ids = fanout.ids_to_read(v.task, done[-1:], k, [])
            if not ids:
                continue
            looked, got = arguments(u, gather(v.task, []))
            if [m for m in got.missing if m != k] or len(looked) != 1:
                continue
            turn.calls += [(u, {**looked[0], k: x}) for x in ids]
            return


def _route_between(v: View, u: Tool) -> dict[str, Any] | None:
    """Rule 3d for a tool of a route's two ends (from_stage, to_stage): the two entries of a
    listing the request names, in its order, give its ends: each entry's value that is a member
    of the end's enum, else its field of the end's words (stage of from_stage)."""
    props = u.schema.get("properties") or {}
    ends = [k for k in props if leg(k) == "from"], [k for k in props if leg(k) == "to"]
    if (
        len(ends[0]) != 1
        or len(ends[1]) != 1
        or set(u.schema.get("required") or [])
        - {
            ends[0][0],
            ends[1][0],
        }
    ):
        return None
    low = v.task.lower()
    named = sorted(
        (low.find(str(x).lower()), e)
        for c in v.calls
        if c.result and not c.failed
        for e in pick.listing_entries(c.data)
        for x in e.values()
        if isinstance(x, str) and len(x) >= 3 and str(x).lower() in low
    )
    entries = list({id(e): e for _, e in named}.values())
    if len(entries) != 2:
        return None
    args: dict[str, Any] = {}
    for k, e in zip((ends[0][0], ends[1][0]), entries, strict=True):
        enum = [str(m) for m in (props[k] or {}).get("enum") or []]
        thing = set(words(k)) - {"from", "to", "start", "end", "origin", "destination"}
        x = next((x for x in e.values() if str(x) in enum), None) if enum else None
        x = x or next((e[j] for j in e if set(words(j)) & thing), None)
        if x is None:
            return None
        args[k] = x
    return args


def _may_act(t: Tool) -> bool:
    """A tool that acts, as the fallback may call it: no reading, deleting or cancelling, no
    shell, file or SQL tool, no finishing or reporting tool (their own rules decide), and every
    required input a plain value (a string, a number, a yes or no: no list of findings)."""
    if operator.reads(t.name, t.description) or t.name_concepts & UNDOING or each.finishes(t):
        return False
    props = t.schema.get("properties") or {}
    plain = ("string", "integer", "number", "boolean")
    if any(
        (props.get(k) or {}).get("type", "string") not in plain
        for k in t.schema.get("required") or []
    ):
        return False
    return not (runs_commands(t) or writes_files(t) or reads_files(t) or sql.runs_sql(t))


def _act_inputs(v: View, t: Tool, clause: str, act: str, done: list[Call]) -> dict[str, Any] | None:
    """Rule 3c's inputs of `t` for the act of `clause`, or None when a required one is missing."""
    variants, got = arguments(t, gather(v.whole.replace(clause, act), results_of(v)))
    if len(variants) != 1:
        return None
    props = t.schema.get("properties") or {}
    own = arguments(t, gather(act, []))[0][0]  # a number the act says is its own ("烧到 220 度")
    args = variants[0] | {
        k: x for k, x in own.items() if (props.get(k) or {}).get("type") in NUMERIC
    }
    whole = _one_day(t, args, [k for k in got.missing if k not in args], clause)
    if whole is None:
        return None
    args = whole | {k: x for k in whole if _id_like(k) and (x := _passed(done, k)) is not None}
    for k, x in list(args.items()):  # a code the look-up was given is that thing's, not this
        held = _held(done, k, str((props.get(k) or {}).get("description") or ""))
        if _id_like(k) and held is not None and any(x in c.input.values() for c in done):
            args[k] = held  # one's: the invoice's number the result gives (发票号: PB-7730)
    sentence = next((x for x in re.split(r"[。！？!?.\n]", v.task) if clause in x), clause)
    seen = " ".join(c.result or "" for c in done)
    required = set(t.schema.get("required") or [])
    return {k: x for k, x in args.items() if k in required or str(x) in sentence or str(x) in seen}


def _held(calls: list[Call], key: str, described: str) -> Any:
    """The value the latest result holds under `key` or under the words describing it (发票号)."""
    for c in reversed(calls):
        data = c.data if isinstance(c.data, dict) else {}
        for k, x in data.items():
            if isinstance(x, str | int) and (k == key or (described and str(k) == described)):
                return x
    return None


def _passed(calls: list[Call], key: str) -> Any:
    """The one value the earlier calls passed under `key`, else None."""
    found = {json.dumps(c.input[key]) for c in calls if key in c.input}
    return json.loads(found.pop()) if len(found) == 1 else None


def _act_part(clause: str) -> str:
    """The act of a clause made on a condition, without the condition: the words after 就 /
    那么 / then, or after the comma of "if so, ..."; the clause itself when it states none."""
    if not each.conditional(clause) and not CONDITIONED.search(clause):
        return clause
    return re.split(r"就|那么|\bthen\b|[,，]", clause)[-1].strip() or clause


CONDITIONED = re.compile(r"的话|如果|要是|假如|\bif\b|\bunless\b", re.I)


def _unjudged(v: View, clause: str, act: str, done: list[Call], turn: Turn) -> bool:
    """An act on a condition the results do not meet ("没超过 300 块的话就付了" and 应付 360 元):
    why not is said, and True; also True when no result gives figures to judge it by and no
    step of the request (`agentkit.sim.each`, rule 4a) judges it."""
    if act == clause:
        return False
    need = next((n for c in reversed(done) if (n := conditions.need(v.whole, c.data))), None)
    if need is None:
        return not each.conditional(clause)
    if not need.met:
        doing = _doing(v, next(iter(v.tools)), True)
        turn.lines.append(say(v.lang, "g_unmet", why=_need_said(v.lang, need), doing=doing))
    return not need.met


NUMERIC = ("integer", "number")
ONE_DAY = re.compile(r"一天|当天|\b(?:one|a|single) day\b|\bfor the day\b", re.I)
END_KEY = re.compile(r"end|until|to_date|return|finish|结束", re.I)


def _one_day(
    t: Tool, args: dict[str, Any], missing: list[str], clause: str
) -> dict[str, Any] | None:
    """The inputs with a one-day span's end date set to its start ("请一天假"); None when a
    required input is still missing."""
    if not missing:
        return args
    starts = [
        k for k, x in args.items() if temporal(k, (t.schema["properties"] or {}).get(k) or {})
    ]
    if (
        len(missing) == 1
        and END_KEY.search(missing[0])
        and len(starts) == 1
        and ONE_DAY.search(clause)
    ):
        return {**args, missing[0]: args[starts[0]]}
    return None


# the words of a name that take one of a listing's entries for the user
TAKES_ENTRY = ACQUIRES | {
    *("rent", "hire", "borrow", "hold", "claim", "enrol", "enroll", "order", "accept", "select"),
    *("choose", "pick", "adopt", "join", "register"),
}


def _takes_entry(t: Tool) -> bool:
    return "book" in t.name_concepts or bool(TAKES_ENTRY & set(words(t.name)))


def _nothing_serves(v: View, turn: Turn) -> None:
    """Rule 3: an act that takes one of a listing's entries (book, reserve, rent, accept, ...) is
    not made on an entry the listing says cannot serve ("on loan", "使用中"), and its missing id
    is not asked for when the latest listing has no entry that can (an empty list, every seat in
    use): the answer says why instead."""
    done = [c for c in v.calls if c.result is not None and not c.failed]
    if not done:
        return
    for t, args in list(turn.calls):
        ids = [str(x) for k, x in args.items() if names_an_id(t, k)] if _takes_entry(t) else []
        for c in done:
            listed = [x for _, x in pick.entries(c.data)] or [c.data]  # a listing, or one record
            bad = [x for x in listed if isinstance(x, dict | str) and pick.id_of(x) in ids]
            why = pick.why_not(bad[0]) if bad else None
            other = _other_entity(v, t, c, args, ids, done) if why is not None else None
            if other is not None:  # another entity's look-up can serve: the act goes to it
                turn.calls[turn.calls.index((t, args))] = (t, other)
                break
            if why is not None:
                turn.calls.remove((t, args))
                turn.lines.append(say(v.lang, "g_unmet", why=why, doing=_doing(v, t, True)))
                break
    last = done[-1]
    why = _none_serve(last.data) if last.name not in {t.name for t, _ in turn.missing} else None
    alike = [c for c in done if c.name == last.name]  # parallel look-ups: each one entity's facts
    why = None if len(alike) > 1 and any(_none_serve(c.data) is None for c in alike) else why
    for t, missing in list(turn.missing) if why is not None else []:
        if _takes_entry(t) and any(names_an_id(t, k) for k in missing):
            turn.missing.remove((t, missing))
            turn.lines.append(say(v.lang, "g_unmet", why=why, doing=_doing(v, t, True)))


def _other_entity(
    v: View, t: Tool, source: Call, args: dict[str, Any], ids: list[str], done: list[Call]
) -> dict[str, Any] | None:
    """Rule 3 for parallel look-ups of one tool, each one entity's record (three walkers, three
    venues): what one record says (its note "fully booked after 11:00") is that entity's alone;
    the act goes to the record the request picks (`agentkit.sim.pick`: the best rating) among
    the others that can serve and whose free windows hold the act's time, else to none."""
    alike = [c for c in done if c.name == source.name and isinstance(c.data, dict)]
    at = next((str(x) for x in args.values() if isinstance(x, str) and TIME_ONLY.match(x)), "")
    serving = [c for c in alike if pick.can_serve(c.data) and _holds_time(c.data, at)]
    if len(alike) < 2 or not serving:
        return None
    items = [c.data for c in serving]
    fields = (
        (pick.picked(v.task, items) or _best_named(v.task, items)) if len(items) > 1 else items[0]
    )
    if fields is None:
        return None
    new = pick.id_of(fields)
    if not new:
        return None
    out = {k: (new if str(x) in ids else x) for k, x in args.items()}
    names = {str(x) for c in alike for x in c.input.values()}  # the entities' own names
    wrong = [k for k, x in out.items() if str(x) in names]
    if wrong:  # an entity's name fills no other input: read again without them ("with Biscuit")
        task = v.task
        for n in names:
            task = task.replace(n, " ")
        again = arguments(t, gather(task, []))[1].values
        out = {k: (again.get(k, x) if k in wrong else x) for k, x in out.items()}
    return out


BEST = re.compile(r"\b(?:best|top|highest|greatest|most)\b|最好|最高|最多", re.I)
LEAST = re.compile(r"\b(?:lowest|least|fewest|cheapest)\b|最低|最少|最便宜", re.I)


def _best_named(task: str, items: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The item whose number field the request names ("the best rating", "评分最高的") is the
    highest (lowest, said "lowest"), or None."""
    said = set(words(task)) | {w for w in re.findall(r"[\u4e00-\u9fff]{2}", task)}
    keys = [
        k
        for k, x in items[0].items()
        if isinstance(x, int | float) and not isinstance(x, bool) and set(words(k)) & said
    ]
    if len(keys) != 1 or not (BEST.search(task) or LEAST.search(task)):
        return None
    k = keys[0]
    valued = [i for i in items if isinstance(i.get(k), int | float)]
    return (min if LEAST.search(task) else max)(valued, key=lambda i: i[k]) if valued else None


TIME_ONLY = re.compile(r"^\d{1,2}:\d{2}$")
SPAN = re.compile(r"(\d{1,2}):(\d{2})\s*[-–~至到]\s*(\d{1,2}):(\d{2})")


def _holds_time(data: dict[str, Any], at: str) -> bool:
    """A record whose free windows ("13:00-17:30") are listed holds a clock time when one of
    them does (no windows listed, or no time: it holds it)."""
    spans = [
        m.groups()
        for x in data.values()
        if isinstance(x, list)
        for m in map(SPAN.search, map(str, x))
        if m
    ]
    if not at or not spans:
        return True
    h, m = map(int, at.split(":"))
    t = h * 60 + m
    return any(int(a) * 60 + int(b) <= t < int(c) * 60 + int(d) for a, b, c, d in spans)


def _none_serve(data: Any) -> str | None:
    """What says no entry of a listing can serve (each of its entries, a text's lines or
    sentences too: one "fully booked" quote among others is no answer), or None."""
    found = [x for _, x in pick.entries(data)]
    if found:
        return None if any(pick.can_serve(x) for x in found) else pick.why_not(found[0])
    return pick.unmet(data)


def _inputs(
    v: View, t: Tool, src: Source, conv: Conversation | None
) -> tuple[list[dict[str, Any]], Fill]:
    """The tool's inputs by the rules: the schema's filling (`agentkit.sim.arguments`), one per
    listed item, a described file's text, a calculator's expression said in words, an id the
    entry a result lists gives."""
    made = arguments(t, src)  # values the whole request says, one call each, are not split up
    whole = len(made[0]) > 1 and not made[1].missing  # ("第9类和第43类": 09, 43; one keyword)
    variants, got = _route_legs(v, t, *(made if whole else _per_item(v, t, *made)))
    if writes_files(t) and _unread_named(v, t, variants):  # (rule 4b: a file named is read
        variants, got = _text_waits(t, variants, got)  # first)
    else:
        variants, got = _described(v, t, variants, got)
    variants, got = _expressed(v, t, variants, got, conv)
    if globs(t):
        variants = [_one_folder(t, a) for a in variants]
    if reads_files(t):
        variants = _each_file(v, t, variants)
    variants, got = _stated_before(v, t, *_pieces_unfilled(v, t, variants, got))
    variants, got = _replied(v, t, variants, got)
    variants, got = _named_thing(v, t, *_listed_values(v, t, variants, got))
    variants, got = _enough_of(v, t, variants, got)
    variants, got = _carried_over(v, t, *_identified(v, t, variants, got))
    return _gated(v, t, *_amend_inputs(v, t, *_still_given(v, t, variants, got)))


def _provided(
    v: View, t: Tool, got: Fill, src: Source, conv: Conversation | None
) -> tuple[Tool, dict[str, Any]] | None:
    """Rule 2c: another offered look-up, not yet called, whose name or description names a
    missing value (classify_product's "HS tariff codes" for hs_code), filled whole by the
    request, is called before the user is asked (`agentkit.sim.gate.provider`)."""
    called = {c.name for c in v.calls}
    tools = [u for u in v.tools if u.name not in called and not u.name_concepts & CHANGES]
    tools = [u for u in tools if _of_a_record(u)] if _of_a_record(t) else []
    for key in got.missing:
        u = gate.provider(t.name, key, tools)
        if u is not None:
            variants, fill = _inputs(v, u, _fresh(src), conv)
            if variants and not fill.missing:
                return u, variants[0]
    return None


def _of_a_record(t: Tool) -> bool:
    """Whether a tool's input is a record's values (not a file's, a shell's or an agent's)."""
    return not (
        reads_files(t) or writes_files(t) or globs(t) or t.name in claude_code.ORCHESTRATION
    )


def _gated(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """Rule 2c (`agentkit.sim.gate`): each value is checked just before the call is made."""
    props = t.schema.get("properties") or {}
    if not variants or not props or subtask.delegating(t) or sql.runs_sql(t):
        return variants, got
    if not _of_a_record(t):
        return variants, got
    calls = [*reversed(v.calls), *reversed(v.before)]
    done = [c for c in calls if c.result is not None and not c.failed]
    said = {  # a property described nowhere takes the description its namesake has in another tool
        k: p
        for u in v.tools
        for k, p in (u.schema.get("properties") or {}).items()
        if isinstance(p, dict) and p.get("description")
    }
    props = {
        k: {**p, "description": said[k]["description"]}
        if isinstance(p, dict) and not p.get("description") and k in said
        else p
        for k, p in props.items()
    }
    others = {
        k: p for u in v.tools if u is not t for k, p in (u.schema.get("properties") or {}).items()
    }
    seen = gate.Reading(
        v.task,
        t.description,
        {**others, **props},
        [c.input for c in calls],
        [c.result for c in done],
        not t.name_concepts & CHANGES,
    )
    checked, missing = gate.gated(seen, props, list(t.schema.get("required") or []), variants)
    unread = [m for m in got.missing if not all(m in c for c in checked)]
    missing = [*unread, *(m for m in missing if m not in unread)]
    if missing and not unread:
        checked = checked[:1]
    return checked, Fill(dict(checked[0]) if len(checked) == 1 else got.values, missing)


def _still_given(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """Rule 2 across turns: what an earlier turn of the conversation gave is still given unless
    the open task says otherwise (its own values come first). A required input the open task
    lacks is the one the conversation's latest call passed under the same name (book_court's
    date after find_courts(date=...)), an id the one an earlier result of one record holds under
    the same name (card_no of register_member's result for book_class(card_no)), else what the
    earlier turns' words give, never an id
    (an entry's id is picked from the results or looked up; from an earlier turn's listing when
    the request picks by a superlative or an ordinal: "Order the cheapest one of those")."""
    if not got.missing or not (v.before or v.earlier):
        return variants, got
    calls = [*v.before, *v.calls]
    kept: dict[str, Any] = {}
    for k in got.missing:
        given = [
            c.input[k] for c in reversed(calls) if k in c.input and c.input[k] not in ("", None)
        ]
        if given:
            kept[k] = given[0]
    rest = [k for k in got.missing if k not in kept and "." not in k and not names_an_id(t, k)]
    if rest and v.earlier:
        _, more = arguments(t, gather(f"{v.earlier}\n{v.task}", results_of(v)))
        kept |= {k: more.values[k] for k in rest if k in more.values}
    ids = [k for k in got.missing if k not in kept and "." not in k]
    for k in ids if v.before else []:  # "用她的卡约一下": the card the earlier act gave
        one = _one_given(v.before, k, v.task)
        if one is not None:
            kept[k] = one
    ids = [k for k in ids if k not in kept]
    if ids and v.before and (pick.superlative(v.task) or pick.ordinal(v.task)):
        # "Order the cheapest one of those": picked from the earlier listing
        _, more = arguments(t, gather(v.task, results_of(v, v.before)))
        kept |= {k: more.values[k] for k in ids if k in more.values}
    if not kept:
        return variants, got
    left = [k for k in got.missing if k not in kept]
    return [{**a, **kept} for a in variants], Fill({**got.values, **kept}, left)


def _stated_before(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """Rule 2 across turns: a required id the open task lacks that an earlier turn stated as of
    the property's kind (`agentkit.sim.carried`): held by an earlier result of one record under
    the property's name, else labelled by the user's words ("我的学员号是 ST-20931" for
    student_id), before an entry is picked for the ids still missing."""
    if not (v.before or v.earlier) or not got.missing:
        return variants, got
    props = t.schema.get("properties") or {}
    kept: dict[str, Any] = {}
    for k in [k for k in got.missing if "." not in k and names_an_id(t, k)]:
        held = carried.held_id(v.before, k) if v.before else None
        said = carried.stated_id(k, props.get(k) or {}, v.earlier, t.name) if v.earlier else None
        found = held if held is not None else said
        if found is not None and found not in kept.values():
            kept[k] = found
    if not kept:
        return variants, got
    left = [k for k in got.missing if k not in kept]
    return [{**a, **kept} for a in variants], Fill({**got.values, **kept}, left)


def _replied(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """Rule 2, a reply to the question for one value: when the open task's latest words answer
    a question of its own (the stand-in asked for what it still needed) and one string input is
    still missing, the one code the reply holds ("Sure, it's 7730-22-019.", "是 GX-118") is that
    value, where it fits the property's pattern and no other input took it."""
    if not v.reply or len(got.missing) != 1 or "." in got.missing[0]:
        return variants, got
    k = got.missing[0]
    prop = (t.schema.get("properties") or {}).get(k) or {}
    if prop.get("type", "string") != "string" or prop.get("enum"):
        return variants, got
    used = {str(x) for x in got.values.values()}
    codes = [
        m.group(1)
        for m in carried.TOKEN.finditer(v.reply)
        if m.group(1) not in used and not DATE.fullmatch(m.group(1))
    ]
    wanted = prop.get("pattern")
    if len(codes) != 1 or isinstance(wanted, str) and not re.search(wanted, codes[0]):
        return variants, got
    return [{**a, k: codes[0]} for a in variants], Fill({**got.values, k: codes[0]}, [])


def _one_given(calls: Sequence[Call], key: str, task: str = "") -> Any:
    """The id an earlier task's latest result that is one record (no listing) gives under `key`
    itself (`agentkit.sim.idkinds`: a value of the property's own kind), else, when the request
    refers back to it ("那个工单", "that ticket"), under the one key that names the same thing
    (ticket and 工单号), else None."""
    want = {c for c in concepts(" ".join(words(key))) if kind(c) == THING}
    for c in reversed(calls):
        data = c.data if c.result is not None and not c.failed else None
        if isinstance(data, dict) and not pick.entries(data):
            same = [k for k in data if want & concepts(str(k))] if pick.REFERS.search(task) else []
            found = data.get(key, data[same[0]] if len(same) == 1 and want else None)
            if isinstance(found, str | int) and not isinstance(found, bool):
                return found
    return None


def _piece_of(value: Any, looked: list[str]) -> bool:
    """A code of letters and digits that starts a longer value of several words ("BS1" of "BS1
    4DJ"), or is that whole code of two halves; a bare number never is (table 12 is no piece of
    "2027-05-12")."""
    x = str(value)
    if not re.search(r"[A-Za-z]", x) or not re.search(r"\d", x):
        return False
    if " " in x.strip() and x in looked:  # "LS6 2AB" the quotes were fetched for
        return True
    return any(re.search(rf"(?<![\w-]){re.escape(x)}\s+\S", y) for y in looked if y != x)


def _pieces_unfilled(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """An act's id that is a piece of what another call of the task looked up with ("BS1" of the
    postcode "BS1 4DJ") is no id: it is missing, for the entry a result lists to give it."""
    if len(variants) != 1:
        return variants, got
    looked = [str(x) for c in v.calls if c.name != t.name for x in c.input.values()]
    pieces = [k for k, x in variants[0].items() if names_an_id(t, k) and _piece_of(x, looked)]
    if not pieces:
        return variants, got
    kept = {k: x for k, x in variants[0].items() if k not in pieces}
    return [kept], Fill(kept, [*got.missing, *pieces])


def _each_file(v: View, t: Tool, variants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A request that names several files to read ("read scores.csv and names.txt") reads each
    of them, together: not the one it writes to ("... save it to out.txt"), and a name said
    again as the end of a path also named ("conf.toml ... 文件在 /srv/app/conf.toml") is that
    one file, read by its path."""
    key = files.path_property(t)
    said = list(dict.fromkeys(shell.FILE.findall(v.task)))
    named = [f for f in said if not any(g != f and g.endswith("/" + f) for g in said)]
    target = WRITTEN_TO.search(v.task)
    if target:
        named = [f for f in named if os.path.basename(f) != os.path.basename(target.group(1))]
    if key is not None and len(variants) == 1 and len(named) == 1 < len(said):
        return [{**variants[0], key: named[0]}] if variants[0].get(key) in said else variants
    if key is None or len(variants) != 1 or len(named) < 2 or variants[0].get(key) not in named:
        return variants
    return [{**variants[0], key: f} for f in named]


def _one_folder(t: Tool, args: dict[str, Any]) -> dict[str, Any]:
    """A glob that starts with the folder to search ("logs/**/*.log") is not given that folder
    again as the optional directory to search in (which would look in logs/logs/)."""
    props = t.schema.get("properties") or {}
    glob = next((str(a) for k, a in args.items() if role(k, props.get(k) or {}) == "glob"), "")
    need = set(t.schema.get("required") or [])
    return {
        k: a
        for k, a in args.items()
        if k in need
        or role(k, props.get(k) or {}) == "glob"
        or not (isinstance(a, str) and a and glob.startswith(a.rstrip("/") + "/"))
    }


def names_an_id(t: Tool, key: str) -> bool:
    """A property that takes an id an entry of a listing gives: by its role (customer_id), or a
    name ending in no / number / code / ref / slot (order_no, quote_ref), or a name of no other
    role described as an id ("Table number", "充电桩编号"; not "Number of guests")."""
    prop = (t.schema.get("properties") or {}).get(key) or {}
    if role(key, prop) == "id" or re.search(r"_(?:no|number|code|ref|reference|slot)$", key):
        return True
    said = str(prop.get("description") or "").strip().rstrip(".。")
    return role(key, {}) is None and bool(ID_SAID.search(said))


ID_SAID = re.compile(
    r"^(?!(?:the\s+)?number of)[\w\s'-]{0,30}\b(?:id|ID|identifier|number|code|ref)$|编号$|代码$|单号$"
)


def _identified(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """A missing id from the entry of a result the request picks by its place in the listing ("the
    second one", "第三个"), by its superlative or names by its words, or for any one, the first
    that serves (`agentkit.sim.pick`, rules 1, 3, 3a and 4);
    the open task's results first, then those of the conversation's earlier tasks (a follow-up:
    "book the Wednesday one" after the slots were listed)."""
    props = t.schema.get("properties") or {}
    variants, got = _repicked(v, t, variants, got)
    ids = [k for k in got.missing if names_an_id(t, k) or in_named_folder(v.whole, t, k)]
    if len(ids) != 1:
        return variants, got
    task = v.task if v.whole == v.task or _says_which(v.task) else v.whole
    found = _entry(task, results_of(v), ids[0], _raw(v.calls), _fact_texts(v.calls)) or _entry(
        task, _earlier(v), ids[0], _raw(v.before), _fact_texts(v.before)
    )
    if found is None and role(ids[0], props.get(ids[0]) or {}) == "path":
        found = described_path(task, [str(c.result) for c in reversed(v.calls) if not c.failed])
    found = found if found is not None else _only_found(v, t, ids[0])
    if found is None:
        return variants, got
    integer = (props.get(ids[0]) or {}).get("type") == "integer" and found.isdigit()
    return _with(variants, got, ids[0], int(found) if integer else found)


def _only_found(v: View, t: Tool, key: str) -> str | None:
    """The last look-up of the open task (another tool's), one that names the id's thing
    (find_employee for employee_id), found one record, in any form ("员工：赵磊，编号 E-1047，…"):
    the id a next call lacks is that record's."""
    answered = [c for c in v.calls if c.name != t.name and c.result is not None and not c.failed]
    finder = v.tool(answered[-1].name) if answered else None
    nouns = set(words(key)) - ID_WORDS
    if finder is None or not nouns & set(words(f"{finder.name} {finder.description}")):
        return None  # (the id of the thing the look-up finds: find_employee for employee_id)
    data = answered[-1].data
    found = pick.entries(data)
    if len(found) == 1:
        return pick.id_of(found[0][1], key)
    if (
        found
        or not isinstance(data, dict)
        or any(isinstance(x, list | dict) for x in data.values())
    ):
        return None  # (a listing's wrapper, {"block": "E7", "rows": [...]}, is no one record)
    looked = {str(x) for x in answered[-1].input.values()}  # what it looked up by is no id
    codes = set(pick.ID_LIKE.findall(str(answered[-1].result))) - looked
    return codes.pop() if len(codes) == 1 else None


def in_named_folder(task: str, t: Tool, key: str) -> bool:
    """Whether a file's path is one a listing gives: the request names only the folder the file
    is in ("/共享/视频 里那个…", "In /Photos/Lisbon there's ..."), so a tool that lists runs first."""
    prop = (t.schema.get("properties") or {}).get(key) or {}
    if role(key, prop) != "path" or LISTS_FOLDER.search(f"{key} {t.name} {t.description}"):
        return False  # (a tool that lists a folder takes the folder)
    said = PATH.findall(task)
    return bool(said) and inside_folder(said[0], task)


def described_path(task: str, texts: list[str]) -> str | None:
    """The file a request describes among the paths a listing gave (a folder's files, one a
    line): the one whose name holds most of the request's words, digits and marks that not every
    listed name holds ("带(1)的那个" -> "海边(1).mp4", "the one with 'copy' in its name");
    None when two are as likely."""
    bits = set(re.findall(r"\(\d+\)|[A-Za-z0-9]{2,}", task.lower()))
    bits |= {
        a + b
        for run in re.findall(r"[\u4e00-\u9fff]+", task)
        for a, b in zip(run, run[1:], strict=False)
    }
    for text in texts:
        paths = list(dict.fromkeys(PATH_LISTED.findall(text)))
        if len(paths) < 2:
            continue
        names = [p.rsplit("/", 1)[-1].lower() for p in paths]
        marks = {b for b in bits if not all(b in n for n in names)}
        score = sorted(
            ((sum(b in n for b in marks), p) for n, p in zip(names, paths, strict=True)),
            reverse=True,
        )
        if score[0][0] and score[0][0] > score[1][0]:
            return score[0][1]
    return None


PATH_LISTED = re.compile(r"(?<![\w/])/[^\s\t\"',]+\.[A-Za-z0-9]{1,5}(?![\w])")


def _repicked(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """An id a result's field filled (the first entry of a listing of several) that the request
    does not say, when the request picks another entry by its superlative or its conditions ("the
    earliest one under €90": not the first tee time, which costs €95)."""
    task = v.task if v.whole == v.task or _says_which(v.task) else v.whole
    results = results_of(v)
    for k, x in list(got.values.items()):
        if not names_an_id(t, k) or str(x) in v.whole or not _in_listing(results, k, x):
            continue
        found = pick.picked_id(task, results, k) or pick.fitting_id(task, results, k)
        if found is not None and found != str(x):
            value = int(found) if isinstance(x, int) and found.isdigit() else found
            variants, got = _with(variants, got, k, value)
    return variants, got


def _in_listing(results: list[Any], key: str, value: Any) -> bool:
    """Whether `value` is the `key` of an entry of a result's listing of several entries."""
    for data in results:
        items = pick.listing_entries(data)
        if len(items) > 1 and any(str(x.get(key)) == str(value) for x in items):
            return True
    return False


def _says_which(task: str) -> bool:
    """Whether a step's own words say which entry it wants: a superlative or a condition
    (else a step like "book it" takes the whole request's: "the earliest one under €90")."""
    return pick.superlative(task) is not None or bool(
        conditions.bounds(task) or conditions.features(task)
    )


def _entry(
    task: str, results: list[Any], key: str, raw: list[Any], texts: Sequence[str] = ()
) -> str | None:
    """The id the request picks (`agentkit.sim.pick`): by its superlative (over the results as
    data, then over the lines of a text result read as facts: "可约时段:" and its "- SL-0830 08:30"
    lines), its ordinal (over the results as they came, `raw`), its words (over such lines too:
    "刀削面" and "PO-88412 | … | 手工刀削面" under "customer: C-2207"), any one, or "it" /
    "that one"."""
    return (
        pick.picked_id(task, results, key)
        or pick.picked_id(task, list(texts), key)
        or pick.fitting_id(task, results, key)
        or pick.ordinal_id(task, raw, key)
        or pick.entry_id(task, results, key)
        or _line_entry(task, texts, key)  # the lines under a text's `key:` line
        or pick.referred_id(task, raw, key)  # "it", "that one": before any one
        or pick.any_one(task, results, key)
    )


def _line_entry(task: str, texts: Sequence[str], key: str) -> str | None:
    """Rule 2's entry named by its words among a text's lines of one id each, two or more such
    lines ("PO-88412 | 下单 2026-11-26 | 手工刀削面 | 280 箱" under "customer: C-2207"): a line
    of a JSON list, several ids in one line, is no entry."""
    for text in texts:
        lines = [x for x in text.splitlines() if len(pick.ID_LIKE.findall(x)) == 1]
        found = pick.entry_id(task, ["\n".join(lines)], key) if len(lines) >= 2 else None
        if found is not None:
            return found
    return None


def _fact_texts(calls: tuple[Call, ...]) -> list[str]:
    """The successful results' texts, latest first, that were read as facts (a text's lines of
    entries under a `key:` line are no fact of it)."""
    return [
        c.result
        for c in reversed(calls)
        if c.result is not None and not c.failed and isinstance(c.data, dict)
    ]


def _raw(calls: tuple[Call, ...]) -> list[Any]:
    """The successful results of `calls` as data, latest first, in the order they came."""
    return [c.data for c in reversed(calls) if c.result is not None and not c.failed]


def _earlier(v: View) -> list[Any]:
    """The successful results of the conversation's earlier tasks, latest first."""
    return [
        pick.first(v.task, c.data)
        for c in reversed(v.before)
        if c.result is not None and not c.is_error
    ]


def _with(
    variants: list[dict[str, Any]], got: Fill, key: str, value: Any
) -> tuple[list[dict[str, Any]], Fill]:
    rest = [m for m in got.missing if m != key]
    return [{**a, key: value} for a in variants], Fill({**got.values, key: value}, rest)


def _looked_up(task: str, value: Any, looked: set[str]) -> bool:
    """The names listed are the entities another tool looked up one by one (three walkers): an
    act on one of them is made once, not once per name (`_other_entity`)."""
    named = _names_listed(task, value)
    return bool(named) and set(named) <= looked


def _route_legs(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """One variant per end of a route the request names from one start ("从上海到苏州和到杭州",
    `agentkit.sim.fanout`, rule 3)."""
    legs = fanout.legs(v.task, t.schema.get("properties") or {})
    if not legs or not variants:
        return variants, got
    rest = [m for m in got.missing if m not in legs[0]]
    return [{**variants[0], **x} for x in legs], Fill({**got.values, **legs[0]}, rest)


def _items_for(t: Tool, listed: list[str], key: str | None) -> tuple[list[str], str | None]:
    """The listed items a tool's item property takes: a path takes a file's name, never a figure
    the request lists ("写一份 汇总.md：每个门店的销售额、…")."""
    prop = (t.schema.get("properties") or {}).get(key or "") or {}
    if key is not None and role(key, prop) == "path":
        listed = [x for x in listed if shell.FILE.search(x) or "/" in x]
    return listed, key


def _per_item(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """One variant per item the request lists (`agentkit.sim.each`, rules 1, 5 and 6)."""
    listed, key = _items_for(t, each.work_items(v.task), each.item_property(t))
    props = t.schema.get("properties") or {}
    if listed and key is not None and not each.finishes(t):
        return [{**variants[0], key: x} for x in listed], Fill(got.values, [])
    months = [k for k, p in props.items() if isinstance(p, dict) and temporal(k, p) == "month"]
    listed_months = months_named(v.task) if len(months) == 1 else []
    if len(listed_months) >= 2:  # one call per month listed ("10月、11月、12月")
        rest = [m for m in got.missing if m != months[0]]
        inputs = [{**variants[0], months[0]: x} for x in listed_months]
        return inputs, Fill({**got.values, months[0]: listed_months[0]}, rest)
    open_ = {**got.values, **dict.fromkeys(got.missing, "")}
    looked = {str(x) for c in v.calls if c.name != t.name for x in c.input.values()}
    for key, value in open_.items():  # each.py rule 6: one call per named thing
        named = [] if _looked_up(v.task, value, looked) else _names_listed(v.task, value)
        prop = props.get(key) or {}
        person = role(key, prop) == "person" and not _changes(t)  # 王一鸣、李思远、赵晓彤: each
        titled = named == each.titles(v.task)  # 《星海》和《归途》: a title is no text to write
        if named and prop.get("type") == "string" and (role(key, prop) is None or person or titled):
            rest = [m for m in got.missing if m != key]
            inputs = [{**variants[0], key: x} for x in named]
            return inputs, Fill({**got.values, key: named[0]}, rest)
    listed = each.listed_records(v.task) if not _takes_list(t) else []
    records = [arguments(t, gather(part, results_of(v))) for part in listed]
    if records and all(not f.missing for _, f in records):  # each.py rule 5a: one per record
        inputs = [vs[0] for vs, _ in records]
        if len({json.dumps(a, sort_keys=True) for a in inputs}) == len(inputs):
            return inputs, Fill(inputs[0], [])
    members = _members_named(t, v.task)
    if members is not None:  # one call per enum member named ("my reef tank and my planted tank")
        key, named = members
        rest = [m for m in got.missing if m != key]
        return [{**variants[0], key: x} for x in named], Fill({**got.values, key: named[0]}, rest)
    counted = each.counted_parts(v.task) if not _takes_list(t) else []
    filled = [arguments(t, gather(part, results_of(v))) for part in counted]
    if len(filled) >= 2 and all(
        not f.missing and _members_said(t, f.values, part)
        for (_, f), part in zip(filled, counted, strict=True)
    ):
        inputs = [vs[0] for vs, _ in filled]
        if len({json.dumps(a, sort_keys=True) for a in inputs}) == len(inputs):
            return inputs, Fill(inputs[0], [])
    return variants, got


def _members_said(t: Tool, values: dict[str, Any], part: str) -> bool:
    """Each enum member filled from `part` is one it says (by its word or its code), not the
    schema's first member put in for nothing said ("how many players scored at least 4 points"
    names no bracket)."""
    props = t.schema.get("properties") or {}
    return all(
        str(x).lower() in part.lower() or x == coded_member(p["enum"], part)
        for k, x in values.items()
        if isinstance(p := props.get(k), dict) and p.get("enum") and isinstance(x, str)
    )


def _names_listed(task: str, value: Any) -> list[str]:
    """The named things listed beside an input's value (`agentkit.sim.each`, rule 6); a value that
    is wholly a day said by name ("New Year's Eve", "Christmas Day") is no name of them."""
    if not isinstance(value, str):
        return []
    days = relative_dates(value, datetime.date(2000, 1, 1))
    if len(days) == 1 and days[0][0] == 0 and days[0][1] == len(value.strip()):
        value = ""
    return each.named_things(task, value)


def _members_named(t: Tool, task: str) -> tuple[str, list[str]] | None:
    """A required string property with an enum of which the request names two or more members,
    as words ("reef" and "planted" of tank: reef, planted, quarantine; "卧室和客厅"), and no other
    property of the tool takes them (from_account and to_account share the members named): the
    property and the members, in the order the request names them."""
    props = t.schema.get("properties") or {}
    for key in t.schema.get("required") or []:
        p = props.get(key)
        if not isinstance(p, dict) or p.get("type") != "string" or not p.get("enum"):
            continue
        passing = in_passing(p["enum"], task)  # "the porch is fine; dim the den": the den
        at = {
            str(m): found.start()
            for m in p["enum"]
            if (found := re.search(_as_word(str(m)), task, re.I)) and str(m) not in passing
        }
        others = [q for k, q in props.items() if k != key and isinstance(q, dict)]
        if len(at) >= 2 and not any(set(at) & set(map(str, q.get("enum") or [])) for q in others):
            return key, sorted(at, key=lambda m: at[m])  # (not from_account and to_account)
    return None


def _as_word(member: str) -> str:
    """A pattern for an enum member standing as a word (Han characters stand anywhere)."""
    if re.search(r"[\u4e00-\u9fff]", member):
        return re.escape(member)
    return rf"(?<![\w-]){re.escape(member)}(?![\w-])"


def _takes_list(t: Tool) -> bool:
    props = t.schema.get("properties") or {}
    return any(isinstance(p, dict) and p.get("type") == "array" for p in props.values())


def writes_files(t: Tool) -> bool:
    """A tool whose name creates or changes something and that takes a path (`Write`,
    `write_file`)."""
    props = t.schema.get("properties") or {}
    return bool(t.name_concepts & {"create", "update"}) and any(
        isinstance(p, dict) and role(k, p) == "path" for k, p in props.items()
    )


def _described(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """A file's text the request describes rather than gives ("a hello world script at hello.py",
    `agentkit.sim.writing`), for a tool that writes files and still lacks it."""
    if not writes_files(t):
        return variants, got
    props = t.schema.get("properties") or {}
    paths = [_written_path(v, props, a) for a in variants]
    path = next((a for k, a in paths[0].items() if role(k, props.get(k) or {}) == "path"), None)
    text = writing.described(v.task, str(path)) if path else None
    form = writing.templated(v.task, _read_text(v)) if path and text is None else None
    text = form or text  # (each record read, in the quoted form of an entry)
    body = [k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "text"]
    ticked = _ticked(v, path, paths, got, body[0]) if body and text is None else None
    if text is None and (ticked or quoted(v.task)):  # (a quoted text is the file's, unless it
        # is the mark of a list the request gives: "One '- [ ]' line per item", or the heading
        # a read checklist's done items move under)
        return ticked or (variants, got)
    variants = paths
    if path and columns.figure_asked(v.whole):  # a figure the files' tables give (sim.columns),
        # asked in this step or an earlier one ("average the scores and write it to ...")
        fig = columns.figure(v.whole, _texts(v))
        lead = _figures(v)[:-1] if fig and not fig.groups else _figures(v)[:1] if fig else []
        lead = lead if fig and (len(_figures(v)) > 1) else []  # (the judgement said first)
        text = "".join(x + "\n" for x in [*lead, fig.value]) if fig else None
    text = form or text
    parts = columns.report_parts(v.whole, _texts(v)) if path else None
    text = "".join(f"- {p}: {x}\n" for p, x in parts) if parts else text  # (columns, rule 12)
    key = body[0] if body else (got.missing[0] if len(got.missing) == 1 else None)
    text = text if text is not None else _summary(v)
    read = _read_text(v) if text is None and SAVES_IT.search(v.task) else None
    if read is not None:  # a file this task read, saved again with the edits asked for
        text = writing.edited(v.whole, read)
    if text is None:  # a part of a file this task read: the lines that meet a condition
        text = writing.selected(v.whole, _read_text(v))
    if text is None:  # what the request asks of a table this task read (durations, latest)
        text = writing.tabulated(v.whole, _read_text(v))
    if text is None:  # a summary of a file this task read: its entries
        text = writing.summarised(v.whole, _read_text(v))
    worked = SUMMARY.search(v.whole) and not quoted(v.task)  # (the answer, worked out first)
    wanted = text is None and key is not None and (worked or not writing.gives_text(v.task))
    text = _worked_text(v, path) if wanted else text  # (rule 4b: worked out of the files read)
    if text is None and key is not None and (worked or not writing.gives_text(v.task)):
        # a text described by what it should hold ("listing only the items I have fewer of")
        # is not the request's words: it is asked for, never made up
        kept = {k: a for k, a in got.values.items() if k != key}
        return [kept], Fill(kept, sorted({*got.missing, key}))
    if text is None or key is None or [m for m in got.missing if m != key]:
        return variants, got
    return [{**a, key: text} for a in variants], Fill({**got.values, key: text}, [])


def _worked_text(v: View, path: Any) -> str | None:
    """Rule 4b: a new file's text the request describes but no rule of `agentkit.sim.writing`
    makes, once the task has read files: worked out of what was read, never the request's words
    nor a question to the user. The fact the answer leads with, when it is no line of a file
    read (the value said most), then for each file read its lines that hold a word of the
    request that some of its lines hold and not all ("the high-severity ones", "ERROR"), counted
    and listed, else its records counted (a prose file that holds none is left out). None (the
    text is then asked for) when nothing was found so, for a file the task read or does not make
    (that one is edited, not replaced: `_made_new`), before anything was read, or while a file
    the task names is still unread."""
    read = [c for c in v.calls if c.result and not c.failed and _read_file(v, c)]
    if not read or path is None or _was_read(v, str(path)) or not _made_new(v, str(path)):
        return None
    said = _roots(v.whole) | pairs(v.whole)
    texts = "\n".join(_file_text(str(c.result)) for c in read)
    lead = _answer(v, Turn(), compose=False).strip().splitlines()[:1]
    lead = [
        x
        for x in lead
        if x.strip() not in texts
        and not shell.FILE.fullmatch(x.strip())
        and not x.rstrip().endswith((":", "："))  # (a heading of a file's quoted text)
    ]
    out: list[str] = []
    for c in [c for c in read if not _file_name(c).lower().endswith((".md", ".rst"))]:
        rows = [x for x in files.unnumbered(str(c.result)) if x.strip()]  # (not a guide's)
        rows = rows[1:] if rows and _header_row(rows) else rows
        marks = [m for m in sorted(said) if 0 < sum(m in _line_words(r) for r in rows) < len(rows)]
        held = [r for r in rows if set(marks) & _line_words(r)]
        if held:
            n, shown = len(held), spoken_list(v.lang, marks)
            out.append(
                say(v.lang, "g_found_in", file=_file_name(c), rows=len(rows), n=n, marks=shown)
            )
            out += [f"  - {r.strip()}" for r in held]
        elif rows and not _file_name(c).lower().endswith(".txt"):
            out.append(say(v.lang, "g_rows_in", file=_file_name(c), n=len(rows)))
    return "\n".join(lead + out) + "\n" if out else None


MADE = re.compile(  # a file the request makes: "write report.md", "写一份 错误报告.md", "save it to";
    # not what a file already says ("README 里写了…，但 app.yaml …": 写了, and a clause's end)
    r"(?:\b(?:write|create|make|produce|generate|draft|prepare|start)\b|写(?![了着过的])|生成|创建|新建)"
    r"(?:[^.。\n，,；;]|\.(?=\w)){0,40}?(?<![\w.])([\w./-]+\.[A-Za-z][A-Za-z0-9]{0,5})",
    re.I,
)


def _made_new(v: View, path: str) -> bool:
    """The file at `path` is one the request makes (`MADE`, `WRITTEN_TO`), not one it changes
    ("fill in the TODOs in label.md", "在 changelog.md 末尾记一笔"): only such a file takes a text
    worked out of others (rule 4b)."""
    made = [m.group(1) for m in [*MADE.finditer(v.whole), *WRITTEN_TO.finditer(v.whole)]]
    return os.path.basename(path) in {os.path.basename(f) for f in made}


def _text_waits(
    t: Tool, variants: list[dict[str, Any]], got: Fill
) -> tuple[list[dict[str, Any]], Fill]:
    """The writing tool's text left out, still needed (a file named is read first: rule 4b)."""
    props = t.schema.get("properties") or {}
    body = [k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "text"][:1]
    kept = [{k: a for k, a in x.items() if k not in body} for x in variants]
    values = {k: a for k, a in got.values.items() if k not in body}
    return kept, Fill(values, sorted({*got.missing, *body}))


def _unread_named(v: View, t: Tool, variants: list[dict[str, Any]]) -> list[str]:
    """Rule 4b: in a tool set that reads and globs files, the files the request names, other
    than the one the writing tool `t` writes and those it makes, that no call has tried yet."""
    if not any(globs(t) for t in v.tools) or not any(reads_files(t) for t in v.tools):
        return []
    props = t.schema.get("properties") or {}
    args = _written_path(v, props, variants[0]) if variants else {}
    path = next((str(a) for k, a in args.items() if role(k, props.get(k) or {}) == "path"), "")
    tried = {os.path.basename(str(a)) for c in v.calls for a in c.input.values() if a}
    named = dict.fromkeys(shell.FILE.findall(VALUE.sub(" ", v.whole)))
    skip = tried | {os.path.basename(path)}
    return [f for f in named if os.path.basename(f) not in skip and not _made_new(v, f)]


def _header_row(rows: list[str]) -> bool:
    """The first row of a table is its header: cells split by a comma, tab or bar, no digit."""
    return bool(re.search(r"[,\t|]", rows[0])) and not re.search(r"\d", rows[0])


NEGATED = re.compile(r"[\w-]+\s*[:=：]\s*(?:no|false|none|否|无|没有)(?![\w\u4e00-\u9fff])", re.I)


def _line_words(line: str) -> set[str]:
    """A line's telling words, cut to their roots (`_roots`), and its pairs of Han characters;
    a label said with no, false or 否 ("retrap: no") is not held."""
    line = NEGATED.sub(" ", line)
    return set(_roots(line) | pairs(line))


def _ticked(
    v: View, path: Any, paths: list[dict[str, Any]], got: Fill, key: str
) -> tuple[list[dict[str, Any]], Fill] | None:
    """A read checklist, its items ticked or moved (`writing.ticked`), as the text written to it
    (the path, when this step leaves it out, is the file read)."""
    text = writing.ticked(v.whole, _read_text(v))
    if text is None or (path is not None and not _was_read(v, str(path))):
        return None
    left = [m for m in got.missing if m != key]
    return [{**a, key: text} for a in paths], Fill({**got.values, key: text}, left)


WRITTEN_TO = shell.WRITTEN_TO  # "save it to out.txt", "写到 summary.txt"


def _written_path(v: View, props: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
    """A file-writing tool's path when the request names several files: the one named after a
    writing word ("写到 平均.txt", "save it to out.txt"), else the last one not read."""
    key = next((k for k in args if role(k, props.get(k) or {}) == "path"), None)
    named = list(dict.fromkeys(shell.FILE.findall(v.task)))
    if key is None or len(named) < 2:
        return args
    m = WRITTEN_TO.search(v.task)
    read = {
        str(a).rsplit("/", 1)[-1] for c in v.calls for a in c.input.values() if isinstance(a, str)
    }
    unread = [f for f in named if f.rsplit("/", 1)[-1] not in read]
    target = m.group(1) if m else (unread[-1] if unread else None)
    if target is None or str(args[key]).endswith(target):
        return args
    if os.path.isabs(target):  # "写进 /srv/stock/reorder.txt": the path as said
        return {**args, key: target}
    old = str(args[key])
    base = old[: -len(old.rsplit("/", 1)[-1])] if "/" in old and os.path.isabs(old) else ""
    return {**args, key: base + target}


SAVES_IT = re.compile(
    r"\b(?:save|write|store|copy)\s+(?:it|that|them|the result|the (?:cleaned|fixed|new|edited) "
    r"(?:version|file|text|copy))\b|\bsave (?:as|to)\b|保存为|另存为|存为|存成|保存到|写入到",
    re.I,
)


SUMMARY = re.compile(
    r"\bsummary\b|\bsummari[sz]e\b|\bwhat (?:you|it) (?:found|finds)\b|\bthe (?:answer|findings)\b"
    r"|\b(?:your|the|my|a) (?:conclusion|verdict|judgement|judgment|assessment)\b|\bfindings\b"
    r"|\b(?:those|these|the) (?:counts|totals|numbers|figures)\b"
    r"|总结|摘要|汇总|(?:查到|找到|搜到)的(?:结果|内容)|结论|判断结果",
    re.I,
)
ONE_LINE = re.compile(r"\bone[- ]line|\bsingle line|\bone sentence|一行|一句话", re.I)


def _summary(v: View) -> str | None:
    """A file's text the request asks to be a summary of what the task found ("then write a
    one-line summary of that into kestrel.txt", "把查到的结果总结一下写到 x.txt", "write your
    conclusion / the findings / those counts to x.md", "把结论写进 x.md"; such a file waits for
    what is worked out, never takes the request's own words): the lines the
    answer leads with (the fact asked for), else the lines of the files read that hold the text
    searched for, each after its file's name; one line when one is asked for. None before
    anything was found."""
    if not SUMMARY.search(v.whole):
        return None
    lead = _keys_asked(v) + _from_files(v) + _facts(v) + _figures(v) + _picks(v)
    if columns.report_parts(v.whole, _texts(v)):  # several figures of one table: those (rule 12)
        lead = _figures(v)
    if not lead:
        target = shell.target(v.whole)
        for c in v.calls if target else []:
            if c.result is None or c.failed or not _read_file(v, c):
                continue
            for line in files.unnumbered(str(c.result)):
                if str(target).lower() in line.lower():
                    lead.append(f"{_file_name(c)}: {line.strip()}")
    if not lead:
        return None
    return "\n".join(lead[:1] if ONE_LINE.search(v.whole) else lead) + "\n"


def _was_read(v: View, path: str) -> bool:
    """This task read the file at `path` (by its name)."""
    base = os.path.basename(path)
    return any(
        not c.failed
        and reads_files(t)
        and any(os.path.basename(str(a)) == base for a in c.input.values())
        for c in v.calls
        if (t := v.tool(c.name)) is not None
    )


def _read_text(v: View) -> str | None:
    """The text of the file this task read last (a reading tool's, or the shell's `cat`)."""
    for c in reversed(v.calls):
        t = v.tool(c.name)
        cat = (
            t is not None
            and runs_commands(t)
            and str(c.input.get("command", "")).startswith("cat ")
        )
        if c.result and not c.failed and t is not None and (reads_files(t) or cat):
            return _file_text(c.result)
    return None


def _undone(v: View) -> list[str]:
    """Rule 5: the edits asked for that the stand-in's rules do not make (`agentkit.sim.writing`),
    once a file was written."""
    wrote = any(
        c.result and not c.failed and writes_files(v.tool(c.name) or _NO_TOOL) for c in v.calls
    )
    asks = writing.cannot(v.whole) if wrote else []
    if asks and writing.summarised(v.whole, _read_text(v)):  # (the summary made of its entries)
        asks = [a for a in asks if not writing.SUMMARY.search(a)]
    return [say(v.lang, "g_cannot_edit", asks=spoken_list(v.lang, asks))] if asks else []


def _expressed(
    v: View, t: Tool, variants: list[dict[str, Any]], got: Fill, conv: Conversation | None
) -> tuple[list[dict[str, Any]], Fill]:
    """A calculator's expression the request says in words ("15% of 200", "multiply that by 2",
    "had four, adopted 2 more"), in Python's notation (`agentkit.sim.direct.expression`)."""
    props = t.schema.get("properties") or {}
    key = next((k for k in got.missing if role(k, props.get(k) or {}) == "expression"), None)
    expr = direct.expression(v.task, conv.messages if conv else None) if key else None
    if key is None or expr is None or len(got.missing) != 1:
        return variants, got
    return [{**a, key: expr} for a in variants], Fill({**got.values, key: expr}, [])


def _finish(v: View, chosen: list[Tool], turn: Turn) -> None:
    """Rule 3 of `agentkit.sim.each`: the finishing tool, once the rest has answered."""
    done = next((t for t in chosen if each.finishes(t)), None)
    if done is None or len(chosen) < 2 or any(c.name == done.name for c in v.calls):
        return
    if any(c.result is None for c in v.calls) or not v.calls:
        return
    key = each.item_property(done) or next(iter(done.schema.get("properties") or {}), None)
    summary = "; ".join(values(c.data, v.lang) for c in v.calls if c.result and not c.is_error)
    turn.calls.append((done, {key: short(summary, 1000)} if key else {}))


def general_reply(conv: Conversation) -> Reply:
    """The reply under the general policy."""
    v = view(conv)
    extra = claude_code.loaded(v)
    if extra:  # tools a ToolSearch result gave in full are callable by their names
        known = {t.name for t in v.tools}
        more = [_tool(n, t["name"], t) for n, t in extra.items() if n not in known]
        v = replace(v, tools=v.tools + tuple(more))
    forced = v.choice.get("type")
    early = _before_plan(conv, v, forced)
    if early is not None:
        return early
    turn = _steps(v, conv) if forced != "none" else Turn()
    _kept_whole(v, turn, conv)
    _each_found(v, turn)
    if forced != "none":
        turn = _govern(v, turn)
    if forced in ("tool", "any"):
        return _forced(v, turn, conv)
    if turn.calls:
        return _calls(v, turn)
    if forced != "none" and not turn.missing:
        read = ["\n".join(x) for _n, x in _files_read(v)]
        final = claude_code.structured_call(v, read)
        if final is not None:  # (the files read are in it: not quoted before it)
            return Reply(([] if read else [_text(_answer(v, turn))]) + [final], "tool_use")
    said = manner.in_manner(conv.system, v.lang, _answer(v, turn), _lead_value(v, turn))
    reply = Reply([_text(said)], "end_turn")
    schema = structured.schema_of(conv.req)
    if schema is not None:  # rule 6: the answer as JSON, read from the request and its results
        value = structured.extract(schema, v.task, results_of(v))
        return Reply([_text(json.dumps(value, ensure_ascii=False))], "end_turn")
    return reply


def without_tools(conv: Conversation) -> Reply | None:
    """A request that offers no tools after a history of calls to tools that are not the orders
    world's (a compaction or summary request: the live API answers it, see
    `agentkit.offline.validation`): no call can be made, so the answer quotes the results
    (rule 5); None when tools are offered or no such call was made."""
    if conv.req.get("tools") or not conv.calls or any(c.name in ORDER_TOOLS for c in conv.calls):
        return None
    v = view(conv)
    if not v.calls:  # a later question ("summarize the conversation"): every call made so far
        made = [conv.by_id[b] for b in conv.answered if b in conv.by_id]
        v = replace(v, calls=tuple(Call(c.name, c.input, c.content, c.is_error) for c in made))
    if not any(c.result is not None and not c.failed for c in v.calls):
        return None
    return Reply([_text(_answer(v, Turn()))], "end_turn")


def _steps(v: View, conv: Conversation) -> Turn:
    """This turn's plan; for numbered steps, the first step's with a call left to make
    (`agentkit.sim.each`, rule 4), a value it lacks taken from the earlier steps' words ("find a
    room for 2026-07-03 and book it"), a conditional step's call made only when the latest result
    meets its condition (rule 4a), a step's act that still lacks a value not asked for when the
    latest result says nothing can serve ("No hotels found"); else the whole task's answer, with
    what the steps said."""
    steps = each.numbered(v.task)
    if steps and steps == each.condition_first(v.task) and not _checks(v):
        steps = []  # a condition no tool checks ("12A if it's free"): the request as one task
    if not steps:
        return plan(v, conv)
    # a step that asks what the earlier ones did ("then tell me what you changed"): what they
    # say is its answer
    steps = [
        s
        for i, s in enumerate(steps)
        if not (i and REPORTED.search(s) and not editing.requested(s))
    ]
    said: list[str] = []
    whole = False  # (an answer a step said whole: no result quoted before it)
    for i, step in enumerate(steps):
        # a condition checked first takes what it lacks from the act's words ("the bed"), and
        # the act waits for it
        first = not i and bool(each.condition_first(v.task))
        turn = plan(
            replace(v, task=step, request=v.whole),
            conv,
            context=" ".join(steps[:i]) or v.task * first,
        )
        if first:
            _check_only(v, steps[1], turn)
            _check_read(v, steps[1], turn)
        # a conditional act, or an act still lacking a value, waits on the latest result
        wanted = each.conditional(step) or (None if turn.calls else "yes")
        if i and (turn.calls or turn.missing) and wanted and not turn.stop:
            skipped = _unmet(v, wanted, turn)
            if skipped:
                return Turn(lines=said + [skipped])
        if i and (each.conditional(step) or each.REFERS_BACK.search(step)):
            turn.calls = [(t, _carried(v, step, t, a)) for t, a in turn.calls]
            _quoted_text(v, step, turn)
        if turn.missing and not turn.calls and _later(v, steps[i + 1 :], turn):
            continue  # a later step's words take the tool that waits here
        if turn.calls or turn.stop or turn.missing:  # a value this step needs is asked for
            return turn
        said += [line for line in turn.lines if line not in said]
        whole = whole or turn.whole
    yes = any(each.conditional(s) == "yes" for s in steps[1:])
    return Turn(lines=said, first=_need_met(v) if yes else [], whole=whole)  # "土壤湿度 18%，低于…"


def _need_met(v: View) -> list[str]:
    """Why an act on a condition was done: the reading it was done on against its bound, when a
    call followed that reading."""
    done = [c for c in v.calls if c.result is not None and not c.failed]
    for c in done[:-1]:
        need = conditions.need(v.task, c.data)
        if need is not None and need.met:
            return [_need_said(v.lang, need)]
    return []


def _govern(v: View, turn: Turn) -> Turn:
    """The operator's rules (`agentkit.sim.operator`, rules 1 to 6) held against this turn."""
    found = operator.rules(v.system, [(t.name, t.description) for t in v.tools])
    read_only = next((r for r in found if r.kind == "read_only"), None)
    if read_only is not None:
        _read_only(v, read_only, turn)
        return turn
    if any(_first(v, r, turn) for r in found if r.kind == "first"):
        return turn
    results = [c.data for c in v.calls if c.result is not None and not c.failed]
    for r in found:
        if r.kind == "bound":
            _bound(v, r, turn, results)
        elif r.kind == "blocked":
            _blocked(v, r, turn, results)
        elif r.kind == "limit":
            _limit(v, r, turn)
    for r in found:
        if r.kind == "confirm":
            _confirm(v, r, turn)
    return turn


def _acting(t: Tool) -> bool:
    return not operator.reads(t.name, t.description)


def _ruled(v: View, r: operator.Rule, t: Tool) -> bool:
    """An act the rule governs: one it names, or one its clause says."""
    names = [x.name for x in v.tools]
    named = t.name in (r.tool, r.other)
    return _acting(t) and (named or operator.governs(r, t.name, t.description, names))


def _read_only(v: View, r: operator.Rule, turn: Turn) -> None:
    """Rule 1: no act; the answer says so, quoting the rule."""
    barred = [t.name for t, _ in turn.calls if _acting(t)]
    barred += [t.name for t, _ in turn.missing if _acting(t)]
    if not barred:
        return
    acts = [t for t, _ in turn.calls + turn.missing if _acting(t)]  # type: ignore[operator]
    turn.calls = [(t, a) for t, a in turn.calls if not _acting(t)]
    turn.missing = [(t, m) for t, m in turn.missing if not _acting(t)]
    if not turn.calls and not any(not _acting(v.tool(c.name) or acts[0]) for c in v.calls):
        _read_figure(v, acts[0], turn)  # (what the act is about is still read and told)
    if not turn.calls:
        tools = spoken_list(v.lang, list(dict.fromkeys(barred)))
        turn.lines.append(say(v.lang, "op_read_only", tools=tools, rule=r.text))
        turn.stop = True


def _first(v: View, r: operator.Rule, turn: Turn) -> bool:
    """Rule 2: an act waits for the tool the rule names; that tool is called (or its values
    asked for) first. True when the turn was changed."""
    if not any(_ruled(v, r, t) for t, _ in turn.calls + turn.missing):  # type: ignore[operator]
        return False
    name = operator.first_tool(r, [(t.name, t.description) for t in v.tools])
    first = v.tool(name)
    if first is None or any(c.name == name for c in v.calls):  # (called once, whatever said)
        return False
    if any(t.name == name for t, _ in turn.calls):
        turn.calls = [(t, a) for t, a in turn.calls if t.name == name]
        return True
    variants, got = arguments(first, gather(v.task, results_of(v)))
    turn.calls, turn.said = ([(first, variants[0])], []) if not got.missing else ([], [])
    turn.missing = [(first, got.missing)] if got.missing else []
    return True


def _blocked(v: View, r: operator.Rule, turn: Turn, results: list[Any]) -> None:
    """Rule 3: an act not made when a result holds the state the rule's subject says; it waits
    for a read made beside it, and is told why when the request asked it and it was not planned."""
    state = operator.in_state(r, results)
    barred = [t.name for t, _ in turn.calls if _ruled(v, r, t)]
    reads = [(t, a) for t, a in turn.calls if not _acting(t)]
    if barred and reads and not state:  # (the act waits for the reads beside it: their state)
        turn.calls = reads
        return
    if state and not barred and not turn.calls:  # (an act asked, not planned: still told why)
        called = {c.name for c in v.calls}
        barred = [t.name for t in choose(v) if _ruled(v, r, t) and t.name not in called]
    if state and barred:
        turn.calls = [(t, a) for t, a in turn.calls if t.name not in barred]
        turn.missing = [(t, m) for t, m in turn.missing if t.name not in barred]
        tools = spoken_list(v.lang, list(dict.fromkeys(barred)))
        turn.lines.append(say(v.lang, "op_blocked", tools=tools, state=state, rule=r.text))


def _limit(v: View, r: operator.Rule, turn: Turn) -> None:
    """Rule 5: an input beyond the limit is asked about, or set to the limit after a yes."""
    yes = operator.affirmed(v.task)
    kept = []
    for t, a in turn.calls:
        k = operator.limit_input(r, t.schema, a) if _acting(t) else None
        if k is None:
            kept.append((t, a))
        elif yes:
            kept.append((t, {**a, k: int(r.bound) if r.bound.is_integer() else r.bound}))
        else:
            bound = f"{r.bound:g}"
            turn.lines.append(say(v.lang, "op_limit", rule=r.text, prop=k, value=a[k], bound=bound))
    turn.calls = kept


def _confirm(v: View, r: operator.Rule, turn: Turn) -> None:
    """Rule 6: an act of the kind put to the user as a question until the user says yes."""
    yes = operator.affirmed(v.task)
    barred = [(t, a) for t, a in turn.calls if _ruled(v, r, t)]
    if not barred or yes:
        return
    if yes is False:
        tools = spoken_list(v.lang, list(dict.fromkeys(t.name for t, _ in barred)))
        turn.lines.append(say(v.lang, "op_declined", tools=tools))
    else:
        asked = [f"{t.name}({', '.join(f'{k}: {x}' for k, x in a.items())})" for t, a in barred]
        turn.lines.append(say(v.lang, "op_confirm", calls=spoken_list(v.lang, asked)))
    turn.calls = [(t, a) for t, a in turn.calls if (t, a) not in barred]


def _bound(v: View, r: operator.Rule, turn: Turn, results: list[Any]) -> None:
    """Rule 4: a figure beyond the bound takes the act named instead (or none); a request to
    process the thing takes the act the rule picks; without the figure, it is read first."""
    value = next(
        (x for x in (operator.result_figure(d, r.unit) for d in results) if x is not None), None
    )
    governed = [(t, a) for t, a in turn.calls if _ruled(v, r, t)]
    if value is None:
        lacking = [t for t, _ in turn.missing if _ruled(v, r, t)]  # (the figure it lacks)
        if governed or lacking:
            _read_figure(v, (governed[0][0] if governed else lacking[0]), turn)
        return
    over = value > r.bound
    sign = r.unit if r.unit and r.unit in "$€£¥" else ""  # ($2640, not 2640 $)
    unit = "" if sign else f" {r.unit}".rstrip()
    figure, limit = f"{sign}{value:g}{unit}", f"{sign}{r.bound:g}{unit}"
    why = say(v.lang, "op_reason", value=figure, bound=limit)
    if over and not r.tool:
        if governed:
            turn.calls = [(t, a) for t, a in turn.calls if (t, a) not in governed]
            tools = spoken_list(v.lang, [t.name for t, _ in governed])
            turn.lines.append(say(v.lang, "op_bound_blocked", tools=tools, why=why, rule=r.text))
        return
    want, drop = (r.tool, r.other) if over else (r.other, r.tool)
    called = {c.name for c in v.calls if not c.failed}
    if want in called:  # (made already: the other act is not made after it)
        turn.calls = [(t, a) for t, a in turn.calls if t.name not in (want, drop)]
        turn.missing = [(t, m) for t, m in turn.missing if t.name not in (want, drop)]
        if not turn.calls and over and r.other:
            turn.lines.append(
                say(v.lang, "op_routed", tool=r.tool, other=r.other, why=why, rule=r.text)
            )
        return
    asked = not turn.calls and not turn.missing and not {want, drop} & called
    asked = asked and bool(operator.PROCESS.search(v.task)) and not re.search(r"[?？]", v.task)
    target = v.tool(want)
    planned = [t.name for t, _ in turn.calls + turn.missing]  # type: ignore[operator]
    if target is not None and (asked or drop in planned):
        args = _routed_inputs(v, target, why, value)
        if args is not None:
            turn.calls = [(t, a) for t, a in turn.calls if t.name != drop] + [(target, args)]
            turn.missing = [(t, m) for t, m in turn.missing if t.name not in (target.name, drop)]
            turn.lines = []


def _read_figure(v: View, act: Tool, turn: Turn) -> None:
    """Rule 4, without the figure yet: the reading tool that shares the act's thing is called
    first (get_claim before approve_claim)."""
    called = {c.name for c in v.calls}
    for t in v.tools:
        shares = t.name_concepts & act.name_concepts or set(words(t.name)[1:]) & set(
            words(act.name)[1:]
        )
        needs = set(t.schema.get("required") or [])
        same_inputs = bool(needs) and needs <= set(act.schema.get("properties") or {})
        if _acting(t) or not (shares or same_inputs) or t.name in called:
            continue
        variants, got = arguments(t, gather(v.task, results_of(v)))
        if not got.missing:
            turn.calls, turn.said = [(t, variants[0])], []
            return


def _routed_inputs(v: View, t: Tool, why: str, value: float) -> dict[str, Any] | None:
    """The inputs of the act a bound picks: from the conversation and the results, its text
    input (a reason, a note) saying why, unless the user gave one, a sum it lacks the figure
    weighed; None when one is missing."""
    variants, got = arguments(t, gather(v.task, results_of(v)))
    args = dict(variants[0])
    props = t.schema.get("properties") or {}
    for k in got.missing:
        if (props.get(k) or {}).get("type") in ("number", "integer") and operator.MONEY_KEYS.search(
            k
        ):
            args[k] = int(value) if value.is_integer() else value
    given = re.search(r"\bbecause\b|\breason\b|由于|因为|原因", v.task, re.I)
    for k, p in props.items():
        texty = role(k, p or {}) == "text" or k in ("reason", "note", "comment", "justification")
        if texty and (k in got.missing or not given):
            args[k] = why
    return args if all(k in args for k in t.schema.get("required") or []) else None


def _checks(v: View) -> bool:
    """Rule 4b: the condition's own words, asked, choose a tool the act's words do not."""
    found = each.condition(v.task)
    if found is None:
        return False
    _, cond, act = found
    asked = "吗？" if re.search(r"[\u4e00-\u9fff]", cond) else "?"
    acting = {t.name for t in choose(replace(v, task=act))}
    return any(t.name not in acting for t in choose(replace(v, task=cond + asked)))


def _check_only(v: View, act: str, turn: Turn) -> None:
    """Rule 4a: the step that checks a condition calls no tool its act asks for, when another
    is left to check with ("Water bed B-3 if the soil is dry": the moisture read, no watering)."""
    acting = {t.name for t in choose(replace(v, task=act))}
    calls = [(t, a) for t, a in turn.calls if t.name not in acting]
    missing = [(t, m) for t, m in turn.missing if t.name not in acting]
    if calls or missing:
        turn.calls, turn.missing = calls, missing


def _check_read(v: View, act: str, turn: Turn) -> None:
    """Rule 4b: a condition checked first, once its look-up has answered ("If the tenant in flat
    4B owes more than 300 pounds, ..." and find_tenant's tenant_id), is read with the tool that
    changes nothing, has not been called, and whose every required input is an id a result gives
    (get_arrears(tenant_id)), when the condition weighs a number and no result yet gives one."""
    if turn.calls or turn.missing or turn.stop or not v.calls:
        return
    found = each.condition(v.task)
    if not found or not re.search(r"\d", found[1]) or any(_has_number(c.data) for c in v.calls):
        return  # (a condition on a number, and no result yet gives one)
    acting = {t.name for t in choose(replace(v, task=act))}
    called = {c.name for c in v.calls}
    results = results_of(v)
    for t in v.tools:
        required = t.schema.get("required") or []
        if t.name in acting | called or _changes(t) or not required:
            continue
        if not all(names_an_id(t, k) for k in required):
            continue
        got = {k: _from_kind(results, k) for k in required}
        if all(x is not None for x in got.values()):
            turn.calls = [(t, got)]
            return


def _has_number(data: Any) -> bool:
    """A result that gives a number: a numeric field, or a line "key: 3.72"."""
    if isinstance(data, dict):
        return any(_has_number(x) for x in data.values())
    if isinstance(data, list):
        return any(_has_number(x) for x in data)
    if isinstance(data, str):
        return bool(re.search(r"^\s*[\w ]+[:：]\s*-?\d+(?:\.\d+)?\b", data, re.M))
    return isinstance(data, int | float) and not isinstance(data, bool)


def _from_kind(results: list[Any], key: str) -> Any:
    """The value a result holds under `key` itself."""
    for data in results:
        found = find(data, key)
        if isinstance(found, str | int) and not isinstance(found, bool):
            return found
    return None


def _later(v: View, later: list[str], turn: Turn) -> bool:
    """Every tool a step would ask a value for is chosen by a later step too (rule 5's steps: "get
    quotes, then hire the cheapest. Name's Omar Haddad": hire_plumber is the second step's)."""
    if turn.stop or not later:
        return False
    chosen = {t.name for step in later for t in choose(replace(v, task=step))}
    return all(t.name in chosen for t, _ in turn.missing)


def _carried(v: View, step: str, t: Tool, args: dict[str, Any]) -> dict[str, Any]:
    """A step about what an earlier step found ("if not, place a hold", "book it") acts on the same
    thing: a value an earlier call of another tool was given under the same name is kept, unless
    the step's own words give this property its value (a path by its file name; and no other
    property the same one)."""
    given = {k: x for c in v.calls if c.name != t.name and not c.failed for k, x in c.input.items()}
    said = [x for x in args.values()]
    return {
        k: x if _in_step(x, step) and said.count(x) == 1 else given.get(k, x)
        for k, x in args.items()
    }


def _in_step(x: Any, step: str) -> bool:
    """The step's own words give the value: as it is, or a path's file name ("save it as b.md"
    for the working directory's /…/b.md)."""
    return isinstance(x, str) and bool(x) and (x in step or os.path.basename(x) in step)


def _quoted_text(v: View, step: str, turn: Turn) -> None:
    """A step that refers to what an earlier step found and gives no text of its own (no quote,
    no "saying ...") writes, as its note, message or body, what the earlier results gave ("save
    it as a note", "把结果记到笔记里"); a reason the request gives (`arguments.WHY`) stays."""
    done = [c for c in v.calls if c.result is not None and not c.failed]
    if not done or quoted(step) or writing.gives_text(step):
        return
    text = short("; ".join(values(c.data, v.lang) for c in done), 1000)
    for t, missing in list(turn.missing):
        props = t.schema.get("properties") or {}
        if writes_files(t):  # a file's text is described, asked for, never made up (_described)
            continue
        if len(missing) == 1 and role(missing[0], props.get(missing[0]) or {}) == "text":
            variants, _ = arguments(t, gather(v.task, results_of(v)))
            turn.calls.append((t, {**variants[0], missing[0]: text}))
            turn.missing.remove((t, missing))
    for i, (t, args) in enumerate(turn.calls):
        props = t.schema.get("properties") or {}
        texts = [k for k in args if role(k, props.get(k) or {}) == "text"]
        if texts and WHY.search(texts[0]) and isinstance(args[texts[0]], str):
            continue  # a reason the request gives is the user's ("重复收了一笔…", "because …")
        if len(texts) == 1 and not writes_files(t) and not any(c.name == t.name for c in done):
            turn.calls[i] = (t, {**args, texts[0]: text})


def _unmet(v: View, wanted: str | None, turn: Turn) -> str | None:
    """Rule 4a of `agentkit.sim.each`: why a conditional step's calls are not made, or None when
    the latest answered call meets its condition (a failed one never does)."""
    done = [c for c in v.calls if c.result is not None]
    if not done:
        return None
    last = done[-1]
    said = short(str(last.result or "").strip().rstrip(".。"), 120)  # a failure in its own words
    why = (f"“{said}”" if last.failed else None) or pick.unmet(last.data, v.task)
    alike = [c for c in done if c.name == last.name and c.input != last.input and not c.failed]
    if why is not None and any(pick.unmet(c.data, v.task) is None for c in alike):
        why = None  # (parallel look-ups: one entity's note is its own; another can serve)
    need = None if last.failed else conditions.need(v.task, last.data)
    if need is not None:  # a reading against its bound ("土壤湿度 18%" and "建议湿度下限 25%")
        why = None if need.met else _need_said(v.lang, need)
    acts = [_doing(v, t, True) for t, _ in turn.calls] + [
        _doing(v, t, True) for t, _ in turn.missing
    ]
    doing = spoken_list(v.lang, list(dict.fromkeys(acts)))  # what was not done, in words
    if wanted == "yes" and why is not None:
        return say(v.lang, "g_unmet", why=why, doing=doing)
    if wanted == "no" and why is None:
        return say(v.lang, "g_not_needed", doing=doing)
    return None


def _need_said(lang: str, need: conditions.Need) -> str:
    """A reading and its bound, compared in words ("土壤湿度 30%，不低于建议湿度下限 25%")."""
    key = "g_reading_below" if need.below else "g_reading_not_below"
    if "上限" in need.bound or re.search(
        r"max|upper|limit|budget|cap|\$|元|块|€|£", need.bound, re.I
    ):
        key = "g_reading_not_above" if need.below else "g_reading_above"
    return say(lang, key, reading=need.reading, bound=need.bound)


def _before_plan(conv: Conversation, v: View, forced: Any) -> Reply | None:
    """What comes before any tool is chosen: the CLI's ToolSearch or Agent call
    (`agentkit.sim.claude_code`), then an answer that needs no tool (`agentkit.sim.direct`)."""
    if forced not in ("tool", "any", "none"):
        early = claude_code.before_plan(conv, v)
        if early is not None:
            return Reply(early, "tool_use")
    if forced not in ("tool", "any") and not v.calls:
        said = _direct_reply(conv, v)
        if said is not None and not said.talk and plan(v, conv).calls:
            said = None  # a tool the request names can do the work ("150克米饭…一共多少千卡")
        if said is not None:
            schema = structured.schema_of(conv.req)  # a structured output: the answer as JSON
            if schema is not None:
                return Reply(
                    [
                        _text(
                            json.dumps(
                                structured.direct_json(schema, said, v.task), ensure_ascii=False
                            )
                        )
                    ],
                    "end_turn",
                )
            return Reply([_text(manner.in_manner(conv.system, v.lang, said.text))], "end_turn")
    return None


def _direct(conv: Conversation, v: View) -> str | None:
    said = _direct_reply(conv, v)
    return said.text if said else None


def _direct_reply(conv: Conversation, v: View) -> direct.DirectAnswer | None:
    """The direct answer (`agentkit.sim.direct`) with the request's tools, loaded or deferred."""
    deferred = [n for n in conv.box.deferred if v.tool(n) is None]
    names = [t.call_name for t in v.tools] + [conv.box.deferred[n] for n in deferred]
    ops = {op.tool.name for op in chain.operators(v.tools).values()}  # `operate(op, p, q)`
    kinds = [  # an arithmetic tool by what it takes, not by a word ("add_item" is none)
        frozenset({"calculate"})
        if t.name in ops or chain.takes_expression(t) or t.name_concepts & {"math", "calculate"}
        else frozenset()
        for t in v.tools
    ]
    kinds += [concepts(n) for n in deferred]
    return direct.reply_without_tools(v.lang, v.task, names, kinds, conv.messages)


def _calls(v: View, turn: Turn) -> Reply:
    calls = turn.calls[:1] if v.one_call else turn.calls
    aims = [
        speech.intent(t.name, v.lang, bool(t.name_concepts & CHANGES - {"run"}), t.description)
        for t, _ in calls
    ]
    names = spoken_list(v.lang, list(dict.fromkeys(aims)))
    said = turn.said or [say(v.lang, "g_call_next" if v.calls else "g_call", tools=names)]
    content = [_text(" ".join(dict.fromkeys(said)))]
    content += [{"type": "tool_use", "name": t.call_name, "input": a} for t, a in calls]
    return Reply(content, "tool_use")


TALKS = re.compile(r"\b(?:send|reply|respond|message|tell|say|notify|speak)\b", re.I)
TO_USER = re.compile(r"\b(?:user|customer|human|person|text message|reply)\b", re.I)


def talker(v: View) -> tuple[Tool, str] | None:
    """A tool that sends text to the user ("send_text_to_user: Sends a text message to a user"),
    and its property for the text."""
    for t in v.tools:
        about = f"{' '.join(words(t.name))} {t.description}"
        props = t.schema.get("properties") or {}
        texts = [k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "text"]
        if TALKS.search(about) and TO_USER.search(about) and len(texts) == 1:
            return t, texts[0]
    return None


def _forced(v: View, turn: Turn, conv: Conversation) -> Reply:
    """tool_choice "tool" or "any": tool_use blocks and no text before them. The docs, "Forcing
    tool use" (https://docs.anthropic.com/en/docs/build-with-claude/tool-use): "when you have
    `tool_choice` as `any` or `tool`, we will prefill the assistant message to force a tool to be
    used. This means that the models will not emit a chain-of-thought `text` content block
    before `tool_use` content blocks, even if explicitly asked to do so." Each input is valid for
    its tool's schema (rule 6, `_valid_input`). Under "any",
    with a tool that sends text to the user, what the answer would have said goes to the user
    through it (a greeting answered, a missing value asked for) when no other call can be made:
    never the user's own words sent back."""
    name = v.choice.get("name") if v.choice.get("type") == "tool" else None
    to_user = talker(v) if name is None else None
    refused = refused_tools(v) if name is None else set()
    to_user = None if to_user is not None and to_user[0].name in refused else to_user
    work = [
        (t, a)
        for t, a in turn.calls
        if (to_user is None or t is not to_user[0]) and t.name not in refused
    ]
    if name is None:  # a call on an identifier the text never writes is no call (rule 6)
        work = [(t, a) for t, a in work if _ids_written(t, a, v.task)]
        unwritten = {t.name for t in v.tools if not _ids_written(t, {}, v.task)}
        refused |= unwritten if unwritten < {t.name for t in v.tools} - refused else set()
    if name is None and work:
        calls = work[:1] if v.one_call else _one_record_each(work)
        return Reply(
            [_use(t, structured.complete(t.schema, a, v.task)) for t, a in calls], "tool_use"
        )
    if to_user is not None:
        said = (None if v.calls else _direct(conv, v)) or _answer(v, turn)
        return Reply([_use(to_user[0], conform({to_user[1]: said}, to_user[0].schema))], "tool_use")
    tool = next((t for t in v.tools if t.call_name == name or t.name == name), None)
    # the call the plan would make with its values (a check before the act), else the first chosen
    missing = [t for t, *_ in turn.missing if t.name not in refused]
    left = [t for t in choose(v) if t.name not in refused]
    left = left or [t for t in v.tools if t.name not in refused]
    tool = tool or (missing[0] if missing else None) or left[0]
    return Reply([_use(tool, _valid_input(v, tool))], "tool_use")


IDENTIFIER = re.compile(r"waybill|tracking|运单|单号|编号|工单", re.I)


def _ids_written(t: Tool, args: dict[str, Any], task: str) -> bool:
    """Whether each required identifier of a call (order_id, waybill, 运单号) is a token the
    request writes (given in `args`, else one the request holds at all, a phone none)."""
    from .kindcheck import tokens

    props = t.schema.get("properties") or {}
    said = {re.sub(r"\W", "", tok).upper() for tok, cue in tokens(task) if cue != "phone"}
    for k in t.schema.get("required") or []:
        p: dict[str, Any] = props[k] if isinstance(props.get(k), dict) else {}
        if p.get("type", "string") != "string" or p.get("enum"):
            continue
        if not (role(k, p) == "id" or IDENTIFIER.search(f"{k} {p.get('description') or ''}")):
            continue
        got = re.sub(r"\W", "", str(args.get(k) or "")).upper()
        if (got and got not in said) or (not got and not said):
            return False
    return True


REFUSED_EN = re.compile(
    r"\bno\s+(?:need\s+(?:to|for)\s+)?(?:a\s+|an\s+|the\s+|any\s+)?([a-z]+)"
    r"|\b(?:don't|do not|doesn't|does not|needn't|won't)\s+(?:need\s+(?:to\s+|a\s+|an\s+)?)?([a-z]+)"
    r"|\bwithout\s+(?:a\s+|an\s+)?([a-z]+)",
    re.I,
)
REFUSED_ZH = re.compile(r"(?:不用|不需要|无需|不必|没必要|用不着)([\u4e00-\u9fff]{2,4})")


def refused_tools(v: View) -> set[str]:
    """Under tool_choice "any", the tools whose act the message says is not wanted: a word said
    after a no ("No meeting needed", "no need to reply", "不用开会") that names the tool or the
    thing its description is for. Never all of them (then the message refuses no tool)."""
    said = [stem(w.lower()) for m in REFUSED_EN.finditer(v.task) for w in m.groups() if w]
    zh = [m.group(1) for m in REFUSED_ZH.finditer(v.task)]
    said += [stem(w) for z in zh for g in glosses.gloss(z[:2]) for w in re.findall(r"[a-z]+", g)]
    said = [w for w in said if len(w) >= 4 and w not in ("need", "have", "worry", "problem")]
    out = set()
    for t in v.tools:
        about = f"{' '.join(words(t.name))} {t.description.split('.')[0]}"
        held = {stem(w.lower()) for w in re.findall(r"[A-Za-z]+", about)}
        if set(said) & held or any(z[:2] in t.description for z in zh):
            out.add(t.name)
    return out if len(out) < len(v.tools) else set()


RECORDS_WHAT_IS_SAID = speech.WRITES_OUT | {
    "record", "log", "save", "store", "classify", "tag", "label", "annotate", "report",
}  # fmt: skip


def _records_handed(
    v: View, t: Tool, variants: list[dict[str, Any]], missing: list[str], mine: list[Any]
) -> list[dict[str, Any]]:
    """A tool the user names for material they hand over ("<text>…</text> Use the
    print_entities tool"), one whose name opens with a verb of setting out or recording what a text
    says (print_, extract_, record_, classify_), records what the material says: its missing values are extracted from
    the material as a forced call's are (`agentkit.sim.structured.complete`), and the call is made
    when every one of them is found; else none (the value is asked for)."""
    if not missing or mine or not named_in(t, frozenset(words(v.task))):
        return []
    if (speech.key_parts(t.name) or [""])[0] not in RECORDS_WHAT_IS_SAID:
        return []  # (an act's missing value is asked for, never filled from the material)
    if not structured.material(v.task)[1]:
        return []
    filled = structured.complete(t.schema, variants[0] if variants else {}, v.task)
    found = all(filled.get(k) not in (None, "", [], {}) for k in missing)
    return [filled] if found else []


def _one_record_each(calls: list[tuple[Tool, dict[str, Any]]]) -> list[tuple[Tool, dict[str, Any]]]:
    """Under tool_choice "any", a tool that takes a list of strings records the several items
    a message names in that list, in one call: a second call of it (one per item) is the same
    record logged twice, and is left out."""
    seen: set[str] = set()
    out = []
    for t, a in calls:
        props = t.schema.get("properties") or {}
        listed = any(
            isinstance(p, dict) and p.get("type") == "array"
            and (p.get("items") or {}).get("type", "string") == "string"
            for p in props.values()
        )  # fmt: skip
        if listed and t.call_name in seen:
            continue
        seen.add(t.call_name)
        out.append((t, a))
    return out


def _valid_input(v: View, tool: Tool) -> dict[str, Any]:
    """Rule 6: a forced call's input is ALWAYS valid for the tool's schema: every required
    property present with a value of its type that respects its pattern, enum and format. The
    value is the conversation's when it gives one (rule 2, then the extraction readings of
    `agentkit.sim.structured`: a dish, a version, what is refused), else the schema's default,
    its first enum member, its minimum, or an empty-but-valid value (`agentkit.sim.conform`):
    never a placeholder, never the user's whole sentence."""
    variants, _ = arguments(tool, gather(v.task, results_of(v)))
    return structured.complete(tool.schema, variants[0], v.task)


def forced_input(conv: Conversation, name: str) -> dict[str, Any]:
    """The input a forced call of the tool `name` gets by rule 6 (used by the orders world too):
    valid for the tool's schema, every required property present with a value of its type
    (pattern, enum and format respected): the conversation's value when there is one, else the
    schema's default, first enum member, minimum, or an empty-but-valid value (`_valid_input`)."""
    v = view(conv)
    tool = next((t for t in v.tools if t.name == name), None)
    if tool is None:
        return {}
    return _valid_input(v, tool)


def text_fill(conv: Conversation, schema: dict[str, Any]) -> dict[str, Any]:
    """An object schema's values found in the open task's words and results (rule 6 for a
    structured answer), without the forced fallbacks: what the conversation does not give is left
    out."""
    v = view(conv)
    got = fill_object(schema, gather(v.task, results_of(v)), schema, False, frozenset())
    return got.values


def _use(t: Tool, args: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "name": t.call_name, "input": args}


def _answer(v: View, turn: Turn, compose: bool = True) -> str:
    """Rule 5, its keys said in the user's words (`agentkit.sim.speech`, rule 2a)."""
    said = speech.USERS_WORDS.set(v.task)
    try:
        return _answer_of(v, turn, compose)
    finally:
        speech.USERS_WORDS.reset(said)


def _answer_of(v: View, turn: Turn, compose: bool) -> str:
    """Rule 5: what the question asks for first (a total, a count, the one field it names:
    `agentkit.sim.tally`), the results' values quoted (a result whose asked field leads is not),
    then what failed, then what is still needed."""
    v = _entries_detailed(v)  # (a listing read entry by entry: one listing of the details)
    calls_, left_out = _within_bounds(v)
    v = replace(v, calls=tuple(calls_))  # (a listing past the bounds its call was given: cut)
    counted_rows = [] if turn.whole else _tables_asked(v)  # (rows counted: no total)
    worked = [] if turn.whole or counted_rows else totals(v)
    asked: list[str] = []
    lines: list[str] = []
    acted: list[str] = []  # an act's confirmation, before the look-ups quoted
    steps: list[str] = []  # the entries look-ups gave the act: after its confirmation
    seen: set[str] = set()
    told = [] if turn.whole else _from_files(v)
    figures = _figures(v)  # (a figure of the files' tables: they are not quoted either)
    wrote = [] if turn.whole or not compose else _composed(v)
    pointed = not turn.whole and _lines_found(v)  # (the lines asked for: no whole file, listing)
    for c in [] if turn.whole else v.calls:
        if (
            c.result is None
            or c.failed
            or c.name in claude_code.QUIET
            or ((told or figures or counted_rows) and _finds_files(v, c))
            or (pointed and _finds_files(v, c) and not _read_file(v, c))
            or (wrote and (_read_file(v, c) or _writes(v, c) or _finds_files(v, c)))
            or _step_said(v, c, steps)
            or (isinstance(c.data, dict) and not _acted(v, c) and _superseded(v, c, c.data))
        ):
            continue  # (the files' fact told: what was read is not quoted again)
        relayed = claude_code.report_of(c.result) if isinstance(c.result, str) else None
        read = relayed is None and isinstance(c.result, str) and _read_file(v, c)
        report = _read_quote(v, c, pointed, asked) if read else relayed
        if read and report is None:
            continue  # (the lines asked for are told: the file's whole text is not quoted)
        field_ = None if worked or report else _asked(v, c)  # a total's parts are quoted
        if field_:
            asked.append(field_)
            if questions(v.task) < 2 or _part_of(v, v.task, c) != v.task:
                continue  # (several questions of one result: its other values are quoted too)
        act = _acted(v, c) and not report
        # (a subagent's report is relayed as its words, not as a tool's return)
        line = relayed or _quote(v, c, report, act)
        if not line.strip():  # a result with no values (tool_reference blocks only)
            continue
        if line not in seen:
            seen.add(line)
            (acted if act else lines).append(line)
    acted += _left_aside(v)
    lines_ = wrote + acted + lines + left_out + steps
    worked_out = [] if told or figures or turn.whole else _derived(v) or _judged(v)
    if worked_out:  # a fact worked out from the records leads; the results are quoted after it
        out = turn.first + worked_out + _other_asked(v) + acted + _undone(v) + turn.lines
        # (the records are not quoted again)
        return "\n".join(out)
    said = [] if told or figures or turn.whole else _records_said(v)
    # (the value said most or the record picked leads: no total of them all)
    alone = records.FREQUENT.search(v.task) or _picked_sum(v)
    worked = [] if said and alone else worked
    data = [c.data for c in v.calls if c.result is not None and not c.failed]
    said = [] if facts.crossed(v.task, data) is not None else said  # (yes or no over the top)
    grouped = _grouped(v, figures)  # a figure by groups answers which group: it leads
    said, worked = ([], []) if grouped else (said, worked)
    lead = [] if grouped else _keys_asked(v) + _facts(v, picked=bool(said))
    compared = [] if lead or said else (_cheaper(v) or _compared(v))
    listed = [] if told else _listed(v)  # (how many files: before the record they hold)
    said = listed + said if said else said
    counted = [] if told or said else listed + (_counted(v) or _mentioned(v))
    kept = bool(counted) and not listed  # (the rows the question's values keep: not all rows)
    counted = [] if grouped else counted
    tables = [] if worked or told or lead or figures or kept else counted_rows
    picks = [] if said else _picks(v)
    lines = (
        worked
        + told
        + (acted if said else [])
        + said
        + lead
        + counted
        + figures
        + tables
        + picks
        + compared
        + asked
    )
    fed = _listings(v) if (said or worked or counted) and not turn.lines else set()
    lines += [x for x in lines_ if (not said or x not in acted) and x not in fed]
    lines += ([] if pointed else _left_open(v, turn, lines, data)) + _undone(v) + turn.lines
    for t, missing in [] if turn.stop else turn.missing:
        props = t.schema.get("properties") or {}
        fields = spoken_list(v.lang, [speech.asked_label(k, props.get(k), v.lang) for k in missing])
        aim = speech.intent(
            t.name, v.lang, bool(t.name_concepts & CHANGES - {"run"}), t.description
        )
        lines.append(say(v.lang, "g_ask_image" if v.images else "g_ask", aim=aim, fields=fields))
    return "\n".join(turn.first + lines) if lines else _told_none(v)


def _entries_detailed(v: View) -> View:
    """Rule 5 for a listing read entry by entry (`agentkit.sim.fanout`, rule 2) when the request
    asks which of them or for the one a superlative picks: the answer reads one listing whose
    entries hold their details (each call's object merged into its entry, a text under
    "details"), so the conditions and the superlative are weighed over the entries."""
    if not (fanout.asks_which(v.task) or pick.superlative(v.task)):
        return v
    calls = list(v.calls)
    for i, c in enumerate(calls):
        ok = [d for d in calls[i + 1 :] if d.result is not None and not d.failed]
        for k in dict.fromkeys(k for d in ok for k in d.input):
            ids = fanout.listed_ids(c.data, k) if c.result and not c.failed else []
            fan = [d for d in ok if d.name != c.name and str(d.input.get(k)) in ids]
            if len(fan) < 2 or len({d.name for d in fan}) != 1:
                continue
            merged = []
            for e in pick.listing_entries(c.data) or [{k: x} for x in ids]:
                d = next((d for d in fan if str(d.input[k]) == str(e.get(k))), None)
                got = d.data if d is not None and isinstance(d.data, dict) else None
                more = got if got is not None else {"details": d.result} if d else {}
                merged.append({**e, **{x: y for x, y in more.items() if x not in e}})
            whole = Call(c.name, c.input, json.dumps(merged, ensure_ascii=False), False)
            kept = [whole if d is c else d for d in calls if d not in fan]
            return replace(v, calls=tuple(kept))
    return v


def _within_bounds(v: View) -> tuple[list[Call], list[str]]:
    """Rule 5: a listing is quoted with only the records that keep to the bounds its call was
    given (max_price 1200: a record whose price is 1240 is no match, whatever the tool sent
    back), and how many were left out is said; the calls as they are otherwise."""
    out: list[Call] = []
    said: list[str] = []
    for c in v.calls:
        data = c.data if c.result is not None and not c.failed else None
        bounds = _bounds_given(c)
        holder = data if isinstance(data, list) else None
        lists = (
            [k for k, x in data.items() if isinstance(x, list)] if isinstance(data, dict) else []
        )
        if isinstance(data, dict) and len(lists) == 1:
            holder = data[lists[0]]
        recs = [r for r in holder or [] if isinstance(r, dict)]
        kept = [r for r in recs if _keeps(r, bounds)]
        if not bounds or not recs or len(recs) != len(holder or []) or len(kept) in (0, len(recs)):
            out.append(c)
            continue
        if isinstance(data, dict):  # (a count of the listing is the count kept)
            data = {k: kept if k == lists[0] else len(kept) if k == "count" else x
                    for k, x in data.items()}  # fmt: skip
        else:
            data = kept
        out.append(replace(c, result=json.dumps(data, ensure_ascii=False)))
        k, limit, _, _ = bounds[0]
        said.append(say(v.lang, "g_left_out", n=len(recs) - len(kept), field=k, value=limit))
    return out, said


def _bounds_given(c: Call) -> list[tuple[str, float, bool, set[str]]]:
    """The range ends a call was given: (its key, its value, a ceiling, the key's other words)."""
    return [
        (k, x, bool(arguments_.HIGH_END.search(k.lower())), arguments_.bound_nouns(k))
        for k, x in c.input.items()
        if isinstance(x, int | float) and not isinstance(x, bool)
        and (arguments_.HIGH_END.search(k.lower()) or arguments_.LOW_END.search(k.lower()))
    ]  # fmt: skip


def _keeps(r: dict[str, Any], bounds: list[tuple[str, float, bool, set[str]]]) -> bool:
    """Whether a record's number fields of a bound's words keep within it (a record's own range
    end, max_guests 200 of a hall, is what it allows, no value to bound)."""
    for _, limit, ceiling, noun in bounds:
        for key, x in r.items():
            low = str(key).lower()
            if arguments_.HIGH_END.search(low) or arguments_.LOW_END.search(low):
                continue
            if isinstance(x, int | float) and noun & arguments_.bound_nouns(str(key)):
                if x > limit if ceiling else x < limit:
                    return False
    return True


def _other_asked(v: View) -> list[str]:
    """Rule 5: beside a bill worked out of a price list (`agentkit.sim.party`), the message's
    other questions ("What's showing, and is any of it good for little ones?") are answered by
    the other results: a text of sentences as it is written, never cut into fragments, any
    other result quoted."""
    if questions(v.task) < 2 or not party.ASKED.search(v.task):
        return []
    out = []
    for c in v.calls:
        if c.result is None or c.failed or party.priced(c.result) or party.priced(c.data):
            continue
        prose = isinstance(c.result, str) and len(re.findall(r"[.!?。！？](?:\s|$)", c.result)) >= 2
        out.append(short(c.result.strip(), 1500) if prose else _quote(v, c, None, False))
    return out


def _judged(v: View) -> list[str]:
    """Rule 5: a judgement worked out of the results' figures, which leads and stands for them
    (they are not quoted): whether what is left lasts, or a goal is on track, to the end of the
    month or week the question names (`agentkit.sim.pace`); whether a thing gets where it is
    going within the days the question names, at its result's daily rate (`agentkit.sim.reach`);
    what a party's prices by kind of person come to (`agentkit.sim.party`);
    which of the listed ones gets the
    user there by the time they name, and why not the others (`agentkit.sim.lateness`, rule 5)."""
    done = [c.data for c in v.calls if c.result is not None and not c.failed]
    rate = pace.paced(v.task, done) if done else None
    if rate is not None:
        return [pace.paced_line(v.lang, rate)]
    gets = reach.reached(v.task, done) if done else None
    if gets is not None:
        return [reach.reach_line(v.lang, gets)]
    texts = [c.result for c in v.calls if c.result is not None and not c.failed]
    bill = party.totalled(v.task, done + texts) if done else None
    if bill is not None:
        return [party.party_line(v.lang, bill)]
    sides = [
        (_side_label(v, t), f"{c.name} {t.description}", c.data)
        for c in v.calls
        if c.result is not None and not c.failed and (t := v.tool(c.name)) is not None
    ]
    weighed = facts.weighed(v.task, sides)
    if weighed is not None:
        return [facts.weighed_line(v.lang, weighed)]
    gap = lateness.between(v.task, done) if done else None
    if gap is not None:
        return [lateness.between_line(v.lang, gap)]

    timely = lateness.timely_pick(v.task, done) if done else None
    return [lateness.timely_line(v.lang, timely)] if timely is not None else []


def _side_label(v: View, t: Tool) -> str:
    """What a tool's result is about, in a few words: its heading without the colon, else (in
    Chinese) its description's first phrase."""
    head = speech.result_heading(t.name, v.lang, False).rstrip(":：")
    if v.lang == "zh" and head == "查询结果":
        head = re.split(r"[，。,.;；（(]", t.description)[0][:12] or head
    return head[0].lower() + head[1:] if v.lang == "en" and head[1:2].islower() else head


def _grouped(v: View, figures: list[str]) -> bool:
    """Rule 5: the figure said is one of each group (`agentkit.sim.columns`, rule 10)."""
    fig = columns.figure(v.whole, _texts(v)) if figures else None
    return bool(fig is not None and fig.groups)


def _read_quote(v: View, c: Call, pointed: bool, asked: list[str]) -> str | None:
    """Rule 5 for a file read: the lines the question asks about go to `asked`, and the file is
    then not quoted (None); nor when the line searched for is told (`pointed`, `_mentioned`);
    else its text with its lines (`agentkit.sim.files.file_text`), of the version's section
    when the question names one (`agentkit.sim.facts.section`)."""
    assert isinstance(c.result, str)
    lines = files.unnumbered(c.result)
    found = facts.asked_lines(v.task, lines)
    asked += [facts.lines_line(v.lang, _file_name(c), found)] if found else []
    last = facts.latest_line(v.task, found)
    asked += [say(v.lang, "g_latest_line", n=last[0], text=last[1])] if last else []
    if found or pointed:
        return None
    head, part = facts.section(v.task, lines)
    text, more = files.file_text(c.result if not head else "\n".join([head, *part]))
    return text + ("\n" + say(v.lang, "g_more_lines", n=more) if more else "")


def _listings(v: View) -> set[str]:
    """Rule 5: the quotes of the results that list records (a listing only fed the fact that
    leads: it is not quoted)."""
    return {
        _quote(v, c, None, _acted(v, c))
        for c in v.calls
        if c.result is not None and not c.failed and len(records.records_listed(c.data)) >= 2
    }


def _quote(v: View, c: Call, report: str | None, act: bool) -> str:
    """Rule 5: one result as the answer says it (`agentkit.sim.speech`): a file's text under its
    name, rows a query gave as they are, else its values under what they are about, without the
    tool's name; of a look-up, not what it was given nor what a later call took."""
    if report is not None:
        return say(v.lang, "g_file_text", file=_file_name(c), text=report)
    rows = sql.rows_told(c.input, c.data)
    if rows:
        return rows
    run = speech.runner_said(c.result, v.lang) if isinstance(c.result, str) else None
    if run:  # a test runner's output: its verdict and failed tests (speech, rule 9)
        return run
    command = next((x for x in c.input.values() if isinstance(x, str)), "")
    counted = speech.counts_said(command, c.data, v.lang) if isinstance(c.data, str) else None
    if counted:
        return counted
    later = v.calls[v.calls.index(c) + 1 :] if c in v.calls else []
    fed = {
        speech.norm(x) for d in later for x in d.input.values() if not isinstance(x, dict | list)
    }
    data = _top_asked(v.task, c.data)
    of = _one_of_several(v, c)
    about = None
    if isinstance(data, dict) and not act:  # (the heading's subject: the user's own word)
        first = next((x for x in c.input.values() if isinstance(x, str) and x), None)
        users = _users_subject(v, c, [first]) if first else []
        about = users[0] if users and users[0] != first else ("" if first and not users else None)
    return speech.result_said(
        data, v.lang, c.name, act=act, given=c.input, fed=fed, of=of, about=about
    )


def _one_of_several(v: View, c: Call) -> str | None:
    """The thing one of several look-ups of one tool was asked about, each of another thing
    (get_language_info for 葡萄牙语, then for 斯瓦希里语): the one string input that tells the
    calls apart, which heads its result; None for a tool called once."""
    alike = [d for d in v.calls if d.name == c.name and d.result is not None and not d.failed]
    if len(alike) < 2:
        return None
    apart = [
        k
        for k, x in c.input.items()
        if isinstance(x, str) and len({str(d.input.get(k)) for d in alike}) == len(alike)
    ]
    said = str(c.input[apart[0]]) if len(apart) == 1 else ""
    return said if 0 < len(said) <= 30 else None


def _top_asked(task: str, data: Any) -> Any:
    """A list result longer than the count the user asked for ("Just the top 3.", "前三个") is
    said as its first that many, in the tool's order, whether the tool took a limit or not."""
    m = TOP_SAID.search(digits_for_words(task))
    n = int(next(g for g in m.groups() if g)) if m else 0
    if n and isinstance(data, list) and len(data) > n:
        return data[:n]
    lists = [k for k, x in data.items() if isinstance(x, list)] if isinstance(data, dict) else []
    if n and len(lists) == 1 and len(data[lists[0]]) > n:
        return {**data, lists[0]: data[lists[0]][:n]}
    return data


def _left_open(v: View, turn: Turn, lines: list[str], data: list[Any]) -> list[str]:
    """Rule 5: of several questions, those no result answers, said so (`agentkit.sim.tally`,
    rule 8)."""
    if not lines or turn.whole:
        return []
    return [say(v.lang, "g_not_given", what=p) for p in tally.unanswered(v.task, data)]


def _told_none(v: View) -> str:
    """No line to say: a look-up of the task that answered with nothing (an empty text, list or
    object) is told as what was tried and that nothing was found (`_found_empty`), never as a
    request no tool serves; else what the tools here cannot do, and who provides it."""
    empty = _found_empty(v)
    if empty:
        return empty
    where = facts.elsewhere(v.lang, v.task) if _unserved(v) and not v.before else None
    return "\n".join([_no_tool(v)] + ([where] if where else []))


def _no_tool(v: View) -> str:
    """What the tools here cannot do, in the request's own words
    (`agentkit.sim.facts.asked_words`); no fact is made up."""
    codes = carried.stated(v.task)  # "My member number is MB-1110." asks for nothing yet
    if codes:
        return say(v.lang, "g_noted", codes=spoken_list(v.lang, codes))
    ask = facts.asked_words(v.task)
    if not ask:
        return say(v.lang, "g_no_tool")
    first = re.match(r"[^.?!。？！\n]*[?？]", v.task.strip())  # a question, not a polite order
    question = first is not None and questions(first.group(0)) > 0
    return say(v.lang, "g_no_tool_q" if question else "g_no_tool_for", ask=ask)


def _found_empty(v: View) -> str | None:
    """Rule 5: the task's latest answered call returned nothing (an empty text, [] or {}, null):
    what was tried, with the values it was given ("I tried to search the notes (Lisbon), and
    nothing was found."), said once; no retry."""
    done = [c for c in v.calls if c.result is not None and not c.failed]
    last = done[-1] if done else None
    t = v.tool(last.name) if last is not None else None
    if last is None or t is None or (last.result or "").strip() not in EMPTY_RESULTS:
        return None
    given = [str(x) for x in last.input.values() if isinstance(x, str | int | float) and str(x)]
    said = ("（{}）" if v.lang == "zh" else " ({})").format(", ".join(given)) if given else ""
    return say(v.lang, "g_found_empty", doing=_doing(v, t), given=said)


EMPTY_RESULTS = frozenset({"", "[]", "{}", "null", "None", '""', "[ ]"})


def _unserved(v: View) -> bool:
    """No tool offered shares a concept or a telling word with the request (rule 1's readings):
    the request is for someone else, not for a tool these rules failed to choose."""
    asked = asked_of(v.task, list(v.tools))
    task_words, task_pairs = frozenset(words(v.task)), pairs(v.task)
    return not any(score(t, asked) or shared(t, task_words, task_pairs) for t in v.tools)


ASKS_FOR = re.compile(
    r"^\s*(?:can|could|would|will) you\b|^\s*please\b|^\s*(?:请|麻烦|能不能|可以)?帮我", re.I
)


def questions(task: str) -> int:
    """How many questions the request asks: its sentences that end in a question mark, not a
    polite order ("Can you pull up the lyrics?")."""
    asked = re.findall(r"[^?？.!。！\n]+[?？]", task)
    return sum(1 for q in asked if not ASKS_FOR.search(q))


def _lead_value(v: View, turn: Turn) -> str | None:
    """The one value the answer leads with (a total, the one field asked for), for an answer in
    one word (`agentkit.sim.manner`); None when it leads with none."""
    done = [c for c in v.calls if c.result is not None and not c.failed]
    if turn.whole or turn.missing or not done:
        return None
    got = tally.work_out(v.task, [(c.data, c.input) for c in done])
    if got is not None:
        return f"{got.value}{got.unit}" if v.lang == "zh" else f"{got.value} {got.unit}".strip()
    fields = [f for c in done if (f := tally.asked_field(v.task, c.data, c.input)) is not None]
    if len(fields) != 1:
        return None
    if fields[0].yes_no:
        return (
            ("是" if fields[0].value else "否")
            if v.lang == "zh"
            else ("Yes" if fields[0].value else "No")
        )
    return str(fields[0].value)


def _part_of(v: View, task: str, c: Call) -> str:
    """Of a message of several requests, the one a call's input was taken from (the only part
    that writes one of its string values: "… And when was the Harbor Rowing Club founded?" for
    get_club("Harbor Rowing Club")), so each call answers its own question; else the message."""
    parts = requests(task)
    if len(parts) < 2 or _one_of_several(v, c) is None:
        return task  # (one look-up for several questions: each is asked of it)
    said = [str(x) for x in c.input.values() if isinstance(x, str) and len(str(x)) >= 2]
    own = [p for p in parts if any(x.lower() in p.lower() for x in said)]
    return own[0] if len(parts) > 1 and len(own) == 1 else task


def _asked(v: View, c: Call) -> str | None:
    """The sentence that states the one field the question names (`agentkit.sim.tally`, rule 5),
    or a value judged against the range its result gives (`agentkit.sim.facts`, rule 2)."""
    if _acted(v, c) and not questions(v.task):
        return None  # an act ordered ("Can you book me a standing desk?"): its whole confirmation
    task = _part_of(v, v.task, c)
    got = tally.asked_field(task, c.data, c.input)
    later = [x for d in v.calls[v.calls.index(c) + 1 :] for x in d.input.values()]
    judged = facts.judged(task, c.data)
    if (got is None and judged is None) or got is not None and got.value in later:
        return None  # (a step of a chain, not the answer)
    named = [  # the subject: the input's first short value ("Oslo", "GH-2", "Asia/Tokyo")
        str(x)
        for x in c.input.values()
        if isinstance(x, str)  # (a count, "adults": 2, names nothing)
        and len(str(x)) <= 30
        and not re.search(r"^[./~]|\.(?=\d*[A-Za-z])\w{1,5}$|/.*/", str(x))  # not a path (4.080 is)
        and len(str(x).split()) <= 3
        and not re.search(r"[?？]|^(?:which|what|who|how|where|when)\b", str(x), re.I)
    ][:1]  # (not a question sent as the input)
    named = _users_subject(v, c, named)
    if judged is not None:
        subject = (f"{named[0]} 的 " if v.lang == "zh" else f"For {named[0]}, ") if named else ""
        line = facts.judged_line(v.lang, judged, subject)
        if facts.fit_asked(v.task):  # within the range is fit (facts, rule 11)
            verdict = say(
                v.lang, "g_fit_range_yes" if judged.where == "within" else "g_fit_range_no"
            )
            line = f"{verdict}{line}" if v.lang == "zh" else f"{verdict} {line}"
        return line
    assert got is not None
    key = ("g_yes" if got.value else "g_no") if got.yes_no else "g_field"
    lead = "For" if key == "g_field" else "for"
    subject = (f"{named[0]} 的 " if v.lang == "zh" else f"{lead} {named[0]}, ") if named else ""
    raw = got.value.rstrip(".。") if isinstance(got.value, str) else got.value
    value = speech.value(raw, v.lang)  # (a yes/no said as yes or no, not True)
    value = speech.unit_added(got.key, value, v.lang)
    if got.also:  # when the status asked is expected (tally, rule 6)
        sep, colon = ("，", "：") if v.lang == "zh" else (", ", ": ")
        told = sep.join(
            f"{speech.label(k, v.lang, capital=False)}{colon}"
            f"{speech.unit_added(k, speech.value(x, v.lang), v.lang)}"
            for k, x in got.also
        )
        value = f"{value}（{told}）" if v.lang == "zh" else f"{value} ({told})"
    field_ = speech.label(got.key, v.lang, capital=False)
    return say(v.lang, key, subject=subject, field=field_, value=value)


def _users_subject(v: View, c: Call, named: list[str]) -> list[str]:
    """Rule 5: an answer's subject is the user's own word: a value the call took from an earlier
    result (the zone id Z-1 a postcode's look-up gave) gives way to the value of the chain's
    earlier call that the request says (90210); with none, no subject."""
    if not named or speech.norm(named[0]) in speech.norm(v.task):
        return named
    before = v.calls[: v.calls.index(c)] if c in v.calls else []
    said = [
        str(x)
        for d in before
        for x in d.input.values()
        if isinstance(x, str | int) and not isinstance(x, bool)
        and speech.norm(x) in speech.norm(v.task)
    ]  # fmt: skip
    fed = any(speech.norm(named[0]) in speech.norm(d.result or "") for d in before)
    return said[:1] if fed else named


def _step_said(v: View, c: Call, lines: list[str]) -> bool:
    """Whether the call was a step of the act (`_only_led`); if so, the entry it took is added to
    `lines`, said as the look-up's result."""
    took = _only_led(v, c)
    if took is None:
        return False
    if isinstance(took, dict) and _superseded(v, c, took):
        return True  # (the act's confirmation is the entry's latest state)
    quoted = (
        speech.result_said(took, v.lang, c.name) if isinstance(took, dict) else str(took).strip()
    )
    lines += [quoted] if quoted else []
    return True


def _superseded(v: View, c: Call, record: dict[str, Any]) -> bool:
    """Rule 5: a record a look-up gave that a later act went through on (the act's result holds
    the record's id) and whose confirmation restates a field of (title, date, plan): the act's
    result is the thing's latest state, so the earlier record is not said beside it (the loan's
    old due date after the renewal's new one)."""
    mine = {k: speech.norm(x) for k, x in record.items() if isinstance(x, str) and x.strip()}
    for d in v.calls[v.calls.index(c) + 1 :] if c in v.calls else []:
        if not (isinstance(d.data, dict) and _acted(v, d)):
            continue
        theirs = {speech.norm(x) for x in d.data.values() if isinstance(x, str)}
        held = {k for k, x in mine.items() if x in theirs and _id_like(k)}
        if held and set(record) & set(d.data) - held:
            return True
    return False


def _id_like(key: str) -> bool:
    return bool(re.search(r"(?:^|_)(?:id|no|number|code|ref)$|Id$|ID$|编号|单号|号$", key))


def _only_led(v: View, c: Call) -> Any:
    """Rule 5: a look-up whose result only led to the act asked (it gave the id a later act that
    went through took: the purchase order picked of a customer's listing, the accession found by
    a search) is a step, not what the user asked: the act's confirmation is told, and of the
    look-up's listing only the entry the act took (the tee time booked, with its time and
    price), not the listing (a question asked beside the act keeps it); None when it is no
    such step."""
    own = v.tool(c.name)
    if questions(v.task) or own is None or not isinstance(c.result, str):
        return None
    if not (_reads(own) or own.name_concepts & READS):
        return None  # (list_bookings reads, whatever its name's thing)
    listed = pick.entries(c.data)
    listed = listed if len(listed) >= 2 else pick.entries(c.result)
    if len(listed) < 2:
        return None  # (one record looked up, the arrears owed: what it says is told)
    later = v.calls[v.calls.index(c) + 1 :]
    for d in later:
        t = v.tool(d.name)
        if t is None or d.result is None or d.failed or _reads(t) or t.name_concepts & READS:
            continue  # (an act: a tool that neither reads nor searches, request_samples too)
        ids = [str(x) for k, x in d.input.items() if names_an_id(t, k) and str(x) not in v.task]
        if ids and all(x in c.result for x in ids):
            took = [e for _, e in listed if pick.id_of(e) in ids]
            return took[0] if len(took) == 1 else ""
    return None


def _left_aside(v: View) -> list[str]:
    """Rule 5 for an act made for some entries of a listing (`agentkit.sim.pick`, rule 7): when
    it was made for several, or the request put some aside ("leave the DVD alone"), the entries
    it was not made for are named, so the user sees what was left as it was."""
    acts = [
        c
        for c in v.calls
        if c.result and not c.failed and not _reads(v.tool(c.name) or _NO_TOOL) and c.input
    ]
    if not acts or len(acts) < 2 and not pick.unwanted(v.task):
        return []
    for c in v.calls:
        items = pick.listing_entries(c.data) if c.result and not c.failed else []
        if c in acts or len({a.name for a in acts}) != 1:
            continue
        for k in {k for a in acts for k in a.input}:
            done = {str(a.input[k]) for a in acts if k in a.input}
            ids = {str(e.get(k)) for e in items if e.get(k) is not None}
            if len(ids) < 2 or not done & ids or not ids - done:
                continue
            if len(done & ids) < 2 and not pick.unwanted(v.task):
                continue  # (one entry acted on, nothing put aside: no listing of the rest)
            names = [
                f"{e[k]} ({', '.join(str(x) for j, x in e.items() if j != k and _plain(x))[:60]})"
                for e in items
                if str(e.get(k)) not in done
            ]
            return [say(v.lang, "g_left_aside", names=spoken_list(v.lang, names))]
    return []


def _plain(x: Any) -> bool:
    return isinstance(x, str) and 0 < len(x) <= 40


def _acted(v: View, c: Call) -> bool:
    """Rule 5: the call was an act that changes something (book, create, renew ...; not one that
    runs a query or a report, which reads), and it went through: its result is the act's
    confirmation, said as done with every value it gives (a confirmation code, a price), never
    cut down to the one field the order's words name ("a standing desk" and desk). A result that
    says the act is pending or could not be done ("待审批", "暂时无法预约", "awaiting approval") went
    through as no act: it is quoted as a result."""
    t = v.tool(c.name)
    acts = t.name_concepts & CHANGES - {"run"} if t is not None else frozenset()
    undone = NOT_DONE.search(json.dumps(c.result, ensure_ascii=False) if c.result else "")
    return bool(acts) and c.result is not None and not c.failed and not undone


NOT_DONE = re.compile(
    r"\bpending\b|\bawaiting\b|\bnot (?:yet )?(?:confirmed|approved|possible|available|booked|done)\b|"
    r"\bcould ?n[o']t\b|\bcannot\b|\bunable\b|\bfailed\b|\bdeclined\b|\brejected\b|"
    r"待审批|审批中|审核中|待确认|待处理|暂时无法|无法|未能|失败|没有成功|排队中",
    re.I,
)


def _facts(v: View, picked: bool = False) -> list[str]:
    """Rule 5 for a comparison across the results and a figure worked out from rates
    (`agentkit.sim.facts`, rules 1 and 3); with a record picked (`agentkit.sim.records`), no
    comparison and no extreme of its own, the other readings kept."""
    done = [_plain_read(v, c) for c in v.calls if c.result is not None and not c.failed]
    if not done:
        return []
    out = []
    got = None if picked else facts.compared(v.task, [(c.data, c.input) for c in done])
    if got is not None:
        out.append(facts.compared_line(v.lang, got))
    change = (
        None if picked or got else facts.changed(v.task, [(c.name, c.data, c.input) for c in done])
    )
    if change is not None:  # (rule 13 of sim.facts: the change between two readings)
        out.append(facts.changed_line(v.lang, change))
    yes_no = facts.crossed(v.task, [c.data for c in done]) if not (got or change) else None
    if yes_no is not None:
        out.append(facts.crossed_line(v.lang, yes_no))
    top = None if picked or got or yes_no else facts.extreme(v.task, [c.data for c in done])
    if top is not None:
        out.append(facts.extreme_line(v.lang, top))
    fit_day = facts.suited(v.task, [c.data for c in done]) if not out else None
    if fit_day is not None:
        out.append(facts.suited_line(v.lang, fit_day))
    rule = pick.superlative(v.task)  # (earliest / latest: sim.pick names the item; the next one
    later = out or (  # of dated entries too, of bare clock times `facts.ordered` after now)
        rule is not None
        and (rule[0] != "upcoming" or any(pick.picked(v.task, c.data) for c in done))
    )
    when = facts.ordered(v.task, [c.data for c in done], v.system) if not later else None
    if when is not None:
        out.append(facts.ordered_line(v.lang, when))
    # rules 14-16 of sim.facts (an umbrella, can I afford, am I free) lead, before rule 11
    verdict = None if out else facts.verdict_line(v.lang, v.task, [c.data for c in done])
    texts = [  # (a JSON result is read as its data: its one line is no line of a file)
        c.result
        if isinstance(c.result, str) and not c.result.lstrip().startswith(("{", "["))
        else c.data
        for c in done
    ]
    need = None if out or verdict else facts.enough(v.task, texts)  # (rule 17: the lines read)
    verdict = facts.enough_line(v.lang, need) if need else verdict
    out += [verdict] if verdict else []
    fit = None if verdict else facts.fit_of(v.task, [(c.data, c.input) for c in done])
    if fit is not None:
        out.append(facts.fit_line(v.lang, fit))
    worked = facts.derived(v.task, [c.data for c in done])
    if worked is not None:
        out.append(facts.derived_line(v.lang, worked))
    data = [c.data for c in done]
    return out or _still_valid(v, data) or _timed(v, data)


def _still_valid(v: View, data: list[Any]) -> list[str]:
    """Still valid on the day the question names (`agentkit.sim.validity`)."""
    still = validity.valid_on(v.task, data)
    return [validity.validity_line(v.lang, still)] if still is not None else []


def _timed(v: View, data: list[Any]) -> list[str]:
    """Rule 5 for the hours of a day the question names (`agentkit.sim.days`) and whether a thing
    runs late (`agentkit.sim.lateness`)."""
    day = days.on_day(v.task, data)
    if day is not None:
        return [days.on_day_line(v.lang, day)]
    behind = lateness.late(v.task, data)
    if behind is not None:
        return [lateness.late_line(v.lang, behind)]
    timely = lateness.in_time(v.task, data)
    if timely is not None:
        return [lateness.in_time_line(v.lang, timely)]
    warned = facts.advised(v.task, data)  # (rule 22 of sim.facts: should I ... ? no)
    return [facts.advised_line(v.lang, warned)] if warned else []


def _files_read(v: View) -> list[tuple[str, list[str]]]:
    """The files the task read, each (its name, its lines)."""
    return [
        (_file_name(c), files.unnumbered(c.result))
        for c in v.calls
        if isinstance(c.result, str) and not c.failed and _read_file(v, c)
    ]


def _lines_found(v: View) -> bool:
    """Rule 5: a file read holds the lines the question asks about (`agentkit.sim.facts`, rule 4)
    or the line with the text searched for (`agentkit.sim.files`, rule 10). Those lines are the
    answer: the file's whole text, the listings and searches that led to it and "the results
    don't say" of a second question about the same lines are not said."""
    if any(facts.asked_lines(v.task, lines) for _name, lines in _files_read(v)):
        return True
    reader = next((t for t in v.tools if reads_files(t)), None)
    return bool(reader and files.holding_text(v, reader))


def _finds_files(v: View, c: Call) -> bool:
    """A call that read, listed or searched files."""
    t = v.tool(c.name)
    return t is not None and (reads_files(t) or globs(t) or files.greps(t))


def _from_files(v: View) -> list[str]:
    """Rule 5 for the group with the most lines holding a text and a changelog's entries by
    kind (`agentkit.sim.files`, rules 6 and 7)."""
    read = _files_read(v)
    stale = facts.outdated(v.whole, [(n, "\n".join(lines)) for n, lines in read])
    if stale is not None:  # which file is out of date (sim.facts, rule 18)
        return [facts.outdated_line(v.lang, stale)]
    typed = _by_type(v, read)
    if typed:  # lines of a kind by their type, the earliest (sim.files, rules 8a and 8b)
        return typed
    kinds = facts.kinds_counted(v.whole, [(n, "\n".join(lines)) for n, lines in read])
    if kinds is not None:  # lines of each kind counted (sim.facts, rule 19)
        return [facts.kinds_line(v.lang, kinds, [n for n, _ in read])]
    most = files.most_lines(v.task, read) if read else None
    if most is not None:
        return _most_said(v.lang, most)
    last = files.latest_across(v.task, read) if read else None
    if last is not None:
        out = [say(v.lang, "g_latest_across", file=last.file, n=last.n, text=last.text)]
        if last.others:
            others = spoken_list(v.lang, [f"{f} {t}" for f, t in last.others])
            out.append(say(v.lang, "g_most_others", others=others))
        if last.tags:
            out.append(say(v.lang, "g_latest_tags", tags=", ".join(last.tags)))
        return out
    out = []
    for name, lines in read:
        got = files.changelog_entries(v.task, lines)
        if got is not None:
            counts = [
                say(
                    v.lang,
                    "g_entries_listed" if 0 < len(items) <= 5 else "g_entries_kind",
                    n=len(items),
                    kind=files.kind_name(v.lang, kind),
                    items=("；" if v.lang == "zh" else "; ").join(items),
                )
                for kind, items in got.counts
            ]
            counted = ("、".join(counts)) if v.lang == "zh" else spoken_list(v.lang, counts)
            out.append(say(v.lang, "g_entries", section=got.section or name, counts=counted))
    return out


def _by_type(v: View, read: list[tuple[str, list[str]]]) -> list[str]:
    """Rules 8a and 8b of `agentkit.sim.files`: the lines asked about counted by type, and the
    earliest of them across the files."""
    out = []
    counts = files.by_type(v.whole, read)
    if counts:
        each = spoken_list(v.lang, [f"{k} × {n}" for k, n in counts])
        out.append(say(v.lang, "g_by_type", n=sum(n for _, n in counts), counts=each))
    first = files.earliest_across(v.whole, read)
    if first:
        out.append(say(v.lang, "g_earliest", file=first[0], n=first[1], text=first[2]))
    return out


def _most_said(lang: str, m: files.Most) -> list[str]:
    sep = "、" if lang == "zh" else ", "
    where = ("；" if lang == "zh" else "; ").join(
        say(lang, "g_most_where", file=f, lines=sep.join(map(str, ns))) for f, ns in m.where
    )
    out = [say(lang, "g_most_lines", text=m.text, group=m.group, n=m.n, where=where)]
    if m.others:
        others = spoken_list(lang, [say(lang, "g_most_other", group=g, n=n) for g, n in m.others])
        out.append(say(lang, "g_most_others", others=others))
    if m.tags:
        out.append(say(lang, "g_most_tags", tags=sep.join(m.tags)))
    elif len(m.lines) <= 3:
        out.append(say(lang, "g_most_quoted", lines=" / ".join(m.lines)))
    return out


def _plain_read(v: View, c: Call) -> Call:
    """A call that read a file, its text without the line numbers the reading tool put before
    each line ("1\t", "     1→"), so that a table's rows are read as rows."""
    if not isinstance(c.result, str) or not _read_file(v, c):
        return c
    return replace(c, result="\n".join(files.unnumbered(c.result)))


def _keys_asked(v: View) -> list[str]:
    """Rule 5 for the keys missing from or repeated in the files read (`agentkit.sim.facts`,
    rule 10)."""
    read = [
        (_file_name(c), files.unnumbered(c.result))
        for c in v.calls
        if isinstance(c.result, str) and not c.failed and _read_file(v, c)
    ]
    got = facts.key_check(v.task, read) if read else None
    return facts.key_lines(v.lang, got) if got is not None else []


def totals(v: View) -> list[str]:
    """Rule 5 for a request that asks for a total, an average or a count: worked out from the
    results (`agentkit.sim.tally`) and stated."""
    done = [
        (c.data, c.input)
        for c in v.calls
        if c.result is not None and not c.failed and c.name not in claude_code.QUIET
    ]
    if columns.figure(v.whole, _texts(v)) is not None:  # the files' tables give it (sim.columns)
        return []
    got = tally.work_out(v.task, done) if done else None
    if got is None:
        return []
    field_ = got.label or ("项目" if v.lang == "zh" else "items")
    unit = f" {got.unit}" if got.unit and v.lang == "en" else got.unit
    if got.items:  # a count of a kind, each record counted said (tally, rule 4)
        sep = "；" if v.lang == "zh" else "; "
        kind = got.label if v.lang == "zh" else _asked_kind(v.task, got.label)
        said = say(
            v.lang,
            "g_count_kind",
            total=got.value,
            unit=got.unit,
            kind=kind,
            items=sep.join(got.items),
        )
        return [said]
    if got.label and not got.unit and speech.unit(got.label, v.lang):  # weight_kg: kg, 重量
        said_unit = speech.unit(got.label, v.lang)
        unit = f" {said_unit}" if v.lang == "en" else said_unit
        field_ = speech.label(got.label, v.lang, capital=False)
    line = say(v.lang, f"g_{got.how}", total=got.value, unit=unit, field=field_, n=got.n)
    bar = facts.total_bar(v.task, got.value) if got.how == "total" else None
    if bar is None:
        return [line]
    return [say(v.lang, facts.bar_key(v.task, bar[1]), total=f"{got.value}{unit}",
                limit=facts._n(bar[0])), line]  # fmt: skip


def _asked_kind(task: str, kind: str) -> str:
    """The kind as the question says it ("dogs" for dog, "failed" for fail)."""
    m = re.search(rf"\b{re.escape(kind)}(?:s|es|ed|d)?\b", task, re.I)
    return m.group(0) if m else kind


def _texts(v: View) -> list[str]:
    return [c.result for c in v.calls if c.result and not c.is_error]


def _figures(v: View) -> list[str]:
    """Rule 5 for a figure the request asks of the tables the files hold (`agentkit.sim.columns`)."""
    parts = columns.report_parts(v.whole, _texts(v))  # several figures asked of one table (rule 12)
    if parts:
        return [f"{p}: {x}" for p, x in parts]
    fig = columns.figure(v.whole, _texts(v))
    if fig is None:
        return []
    kind = say(v.lang, f"g_figure_{fig.kind}")
    if fig.groups:  # by groups (sim.columns, rule 10): the group asked for first, then each
        sep = "；" if v.lang == "zh" else "; "
        each = sep.join(f"{k}: {x}" for k, x in fig.groups)
        out = [say(v.lang, "g_figure_by", kind=kind, column=fig.column, by=fig.by, groups=each)]
        way, label, value = fig.picked
        if way:
            top = say(v.lang, f"g_figure_{way}", kind=kind, column=fig.column, by=fig.by,
                      label=label, value=value)  # fmt: skip
            out.insert(0, top)
        return out
    key = "g_figure" if fig.tables > 1 else "g_figure_one"  # (one table: no count of tables)
    column = fig.column or say(v.lang, "g_figure_entries")
    line = say(v.lang, key, kind=kind, column=column, n=fig.tables, value=fig.value)
    bar = facts.total_bar(v.whole, float(fig.value)) if fig.kind == "total" else None
    if bar is None:
        return [line]
    over = facts.bar_key(v.whole, bar[1])  # a limit the user gives (facts, 8c)
    return [say(v.lang, over, total=fig.value, limit=facts._n(bar[0])), line]


def _mentioned(v: View) -> list[str]:
    """Rule 5 for which file holds the text searched for (`agentkit.sim.files`, rule 10)."""
    reader = next((t for t in v.tools if reads_files(t)), None)
    found = files.holding_text(v, reader) if reader else []
    if not found:
        return []
    parts = [say(v.lang, "g_mentioned_at", file=f, n=n, line=line) for f, n, line in found]
    text = shell.target(v.task)
    return [say(v.lang, "g_mentioned", text=text, parts=spoken_list(v.lang, parts))]


def _listed(v: View) -> list[str]:
    """Rule 5 for how many files of a kind there are (`agentkit.sim.files`, rule 9)."""
    found = files.globbed(v, list(v.tools))
    if found is None:
        return []
    if not found:
        return [say(v.lang, "g_no_files_listed")]
    return [say(v.lang, "g_files_listed", n=len(found), names=spoken_list(v.lang, found))]


def _clash_lines(v: View, clashed: tuple[list[columns.Clash], list[str]]) -> list[str]:
    """Rule 5 for the clashes in a table and what it leaves empty (`agentkit.sim.columns`, rule 8)."""
    sep = "、" if v.lang == "zh" else ", "
    out = [
        say(
            v.lang,
            "g_clash",
            file=c.file,
            shared=c.shared,
            rows=spoken_list(v.lang, list(c.rows)),
            lines=sep.join(map(str, c.lines)),
        )
        for c in clashed[0]
    ]
    return out + ([say(v.lang, "g_gap", gaps="; ".join(clashed[1]))] if clashed[1] else [])


def _tables_asked(v: View) -> list[str]:
    """Rule 5 for the rows of a table counted, the duplicates in it and the rows with empty
    cells (`agentkit.sim.columns`, rules 6, 7 and 9): of the files read, else of the shell's
    line count."""
    read = [(name, "\n".join(text)) for name, text in _files_read(v)]
    clashed = columns.clashes(v.task + "\n" + v.system, read)
    if clashed is not None and (clashed[0] or clashed[1]):
        return _clash_lines(v, clashed)
    stated = "\n".join([v.whole, v.system, *(t for _, t in read)])
    found = columns.problems(v.whole + "\n" + v.system, read, stated)
    if found:  # each row tested against its columns' range and kind (sim.columns, rule 13)
        head = say(v.lang, "g_problems", file=read[0][0], n=len(found))
        return [head] + [say(v.lang, f"g_problem_{p.kind}", **vars(p)) for p in found]
    empty = columns.blanks(v.task, read)
    if empty is not None:
        return _blank_lines(v, empty, [n for n, _ in read])
    dups = columns.duplicates(v.task, read)
    if dups is not None:
        sep = "、" if v.lang == "zh" else ", "
        return [
            say(
                v.lang,
                "g_dup",
                file=d.file,
                value=d.value,
                rows="; ".join(d.rows),
                lines=sep.join(map(str, d.lines)),
            )
            for d in dups
        ] or [say(v.lang, "g_no_dup", files=spoken_list(v.lang, [n for n, _ in read]))]
    rows = columns.rows_counted(v.task, read)
    for c in [] if rows else v.calls:
        command = c.input.get("command")
        if isinstance(command, str) and isinstance(c.result, str) and not c.failed:
            rows = rows or columns.lines_counted(v.task, command, c.result)
    if rows is None:
        return []
    key = "g_rows_wc" if rows.header else "g_rows"
    return [say(v.lang, key, n=rows.n, thing=rows.thing, file=rows.file, lines=rows.n + 1)]


def _blank_lines(v: View, found: list[columns.Blank], names: list[str]) -> list[str]:
    """Rule 5 for the rows with empty cells (`agentkit.sim.columns`, rule 9): each row with its
    line number, the columns it leaves empty and its cells; or that every row is filled."""
    if not found:
        return [say(v.lang, "g_no_blank", files=spoken_list(v.lang, names))]
    sep = "、" if v.lang == "zh" else ", "
    out = []
    for file in dict.fromkeys(b.file for b in found):
        rows = [
            say(v.lang, "g_blank_row", n=b.line, row=b.row, columns=sep.join(b.columns))
            for b in found
            if b.file == file
        ]
        out.append(
            say(
                v.lang,
                "g_blank",
                file=file,
                n=len(rows),
                rows="；".join(rows) if v.lang == "zh" else "; ".join(rows),
            )
        )
    return out


def _counted(v: View) -> list[str]:
    """Rule 5 for text the request counts in the files read (`agentkit.sim.files`, rule 4)."""
    reader = next((t for t in v.tools if reads_files(t)), None)
    if reader is None or columns.report_parts(v.whole, _texts(v)):  # (a report's parts: rule 12)
        return []
    found = files.tally(v, reader)
    kept = files.records(v, reader) if found is None else None
    if kept is not None:  # records of the kind asked for (files, rule 5)
        kind, ids = kept
        return [say(v.lang, "g_records", kind=kind, n=len(ids), ids=spoken_list(v.lang, ids))]
    if found is None:
        return []
    n, per = found
    if len(per) == 1:  # one file: its name and the count, no sum over files
        name = os.path.basename(str(per[0][0]))
        return [say(v.lang, "g_counted_one", file=name, n=n, text=files.counted(v.task))]
    parts = spoken_list(v.lang, [f"{name} {k}" for name, k in per])
    return [say(v.lang, "g_counted", files=len(per), n=n, text=files.counted(v.task), parts=parts)]


MORE = re.compile(
    r"\b(?:more|higher|bigger|larger|greater|most|highest)\b|更多|更高|更大|最多|最高|最大", re.I
)
LESS = re.compile(
    r"\b(?:less|fewer|lower|smaller|least|lowest)\b|更少|更低|更小|最少|最低|最小", re.I
)
WHICH = re.compile(r"\b(?:which|who)\b|哪个|哪一个|哪边|哪只|谁", re.I)


def _compared(v: View) -> list[str]:
    """Rule 5 for "which one has more nitrate?" / "哪个更高" over several calls of one tool: the
    field the question names (`agentkit.sim.tally.asked_field`) compared across their results,
    and the call whose value is the highest (or lowest) said with its subject (its input)."""
    how = "more" if MORE.search(v.task) else "less" if LESS.search(v.task) else None
    if how is None or not WHICH.search(v.task):
        return []
    seen = []
    for c in v.calls:
        got = tally.asked_field(v.task, c.data, c.input) if c.result and not c.failed else None
        subject = next((x for x in c.input.values() if isinstance(x, str) and x), None)
        if got is None or isinstance(got.value, bool) or not isinstance(got.value, int | float):
            continue
        seen.append((got.value, got.key, subject))
    if len(seen) < 2 or len({k for _, k, _ in seen}) != 1 or None in [s for *_, s in seen]:
        return []
    value, key, subject = (max if how == "more" else min)(seen, key=lambda x: x[0])
    return [
        say(
            v.lang,
            "g_most_of",
            subject=subject,
            how=say(v.lang, f"g_{how}"),
            field=key,
            value=value,
        )
    ]


CHEAPER = re.compile(
    r"\bcheaper\b|\bless expensive\b|\bcosts? less\b|\bbetter (?:price|deal)\b|便宜|实惠|划算",
    re.I,
)
DEARER = re.compile(
    r"\bmore expensive\b|\bpricier\b|\bcosts? more\b|更贵|贵一些|贵些|哪.{0,6}贵", re.I
)
WHICH_OF = re.compile(r"\b(?:which|who)\b|哪|谁|\bor\b|还是", re.I)
AMOUNT = re.compile(r"^\s*([^\d\s]{0,3})\s*(\d[\d,]*(?:\.\d+)?)")


def _cheaper(v: View) -> list[str]:
    """Rule 5 for "which is cheaper, A or B (and by how much)?" / "哪家便宜？便宜多少？" over calls of
    one tool, one a subject: each result's price (its one field named like a price, fare, rate or
    cost; the amount its value starts with), the cheapest (or, asked which costs more, the dearest)
    said with its subject (the input the calls differ in) and the difference to the other end."""
    how = "less" if CHEAPER.search(v.task) else "more" if DEARER.search(v.task) else None
    done = [c for c in v.calls if c.result is not None and not c.failed]
    if how is None or not WHICH_OF.search(v.task) or len(done) < 2:
        return []
    if len({c.name for c in done}) != 1:
        return []
    differ = [k for k in done[0].input if len({str(c.input.get(k)) for c in done}) == len(done)]
    seen = []
    for c in done:
        price = _price_of(c.data)
        if price is None or not differ:
            return []
        seen.append((price[0], price[1], str(c.input[differ[0]])))
    seen.sort(key=lambda x: x[0])
    (low, sym, cheap), (high, _, dear) = seen[0], seen[-1]
    if how == "more":
        (low, sym, cheap), (high, _, dear) = seen[-1], seen[0]
    diff = abs(high - low)
    amount = f"{sym}{diff:,.2f}".removesuffix(".00")
    return [
        say(
            v.lang,
            f"g_{'cheaper' if how == 'less' else 'dearer'}",
            subject=cheap,
            value=f"{sym}{low:,.2f}".removesuffix(".00"),
            other=dear,
            other_value=f"{sym}{high:,.2f}".removesuffix(".00"),
            diff=amount,
        )
    ]


def _price_of(data: Any) -> tuple[float, str] | None:
    """The amount and currency sign of a result's one price field ("价格: ¥1,280/晚" -> 1280, ¥)."""
    if not isinstance(data, dict):
        return None
    found = [
        x
        for k, x in data.items()
        if isinstance(x, str | int | float)
        and not isinstance(x, bool)
        and re.search(pick.KEYS["price"], str(k), re.I)
    ]
    m = AMOUNT.match(str(found[0])) if len(found) == 1 else None
    return (float(m.group(2).replace(",", "")), m.group(1)) if m else None


def _records_done(v: View) -> list[tuple[Any, dict[str, Any], str]]:
    return [
        (_plain_read(v, c).data, c.input, str(_plain_read(v, c).result))
        for c in v.calls
        if c.result is not None and not c.failed and c.name not in claude_code.QUIET
    ]


def _derived(v: View) -> list[str]:
    """Rule 5 for a fact worked out from the results' records: what is left, the records under
    their own threshold, those a bound keeps and the one picked among them, a code's lines added
    up (`agentkit.sim.derived`)."""
    done = _records_done(v)
    got = derived.derive(v.task, done) if done else None
    return derived.lines(v.lang, got) if got is not None else []


def _picked_sum(v: View) -> bool:
    """The record picked is a file's entries added up: the question's total is its own."""
    done = _records_done(v)
    top = records.record_asked(v.task, done, v.system) if done else None
    return top is not None and top.record.added.get(top.key, 0) > 1


def _records_said(v: View) -> list[str]:
    """Rule 5 for the record a superlative, a part of the day or a kind picks from the results'
    records, and the value said most often (`agentkit.sim.records`); a message of several
    questions that each pick by another field ("the fullest in percent, and which one holds the
    most water in absolute terms?") has each one's record said."""
    done = _records_done(v)
    if not done:
        return []
    told = _shell_counts(v)
    if told:
        return told
    got = records.frequent(v.task, done, _files_read(v))
    if got is not None:
        return [records.frequent_line(v.lang, got)]
    parts = requests(v.task)
    tops = [t for p in parts if (t := records.record_asked(p, done, v.system))]
    if len(parts) > 1 and len(tops) > 1 and len({t.key for t in tops}) == len(tops):
        return [records.picked_line(v.lang, t) for t in tops]  # each part's own record
    top = records.record_asked(v.task, done, v.system)
    if top is None:
        go = records.to_go_for(v.task, done)  # "which one should I go to?" (records, rule 6)
        return [records.to_go_for_line(v.lang, go)] if go is not None else []
    margin = records.margin_line(v.lang, v.task, top)  # "高多少？": the lead over the next one
    return [records.picked_line(v.lang, top), *([margin] if margin else [])]


def _shell_counts(v: View) -> list[str]:
    """Rule 5 for the counts a shell command of several parts printed (`agentkit.sim.shell.counts`):
    each said with what it counted, in one sentence."""
    for c in v.calls:
        cmd = c.input.get("command")
        got = shell.counts(cmd, c.result) if isinstance(cmd, str) and c.result else []
        if got:
            said = [
                say(v.lang, f"sh_{what}", where=where, name=name, n=n)
                for what, where, name, n in got
            ]
            line = ("，".join(said) + "。") if v.lang == "zh" else "; ".join(said) + "."
            return [line if v.lang == "zh" else line[0].upper() + line[1:]]
    return []


def _picks(v: View) -> list[str]:
    """The items the request's superlative picks from the results (`agentkit.sim.pick`)."""
    rule = pick.superlative(v.task)
    done = [c.data for c in v.calls if c.result is not None and not c.failed]
    if rule is None or facts.extreme(v.task, done) is not None:  # (the quantity named: facts)
        return []
    out = []
    for c in v.calls:
        item = pick.picked(v.task, c.data) if c.result and not c.is_error else None
        if item is not None:
            out.append(say(v.lang, "g_pick", which=rule[2], item=speech.record_line(item, v.lang)))
    return out


def _file_name(c: Call) -> str:
    """The name of the file a call read: its path's last part."""
    paths = [str(x) for x in c.input.values() if isinstance(x, str) and re.search(r"[./]", x)]
    return os.path.basename(paths[0].rstrip("/")) if paths else c.name


def _writes(v: View, c: Call) -> bool:
    t = v.tool(c.name)
    return t is not None and writes_files(t)


def _composed(v: View) -> list[str]:
    """Rule 5: a file written with a text made from the files the task read (`agentkit.sim.
    writing` rules 4 to 9, not the request's own words) is said with what it now holds; the
    files read are then not quoted again."""
    out = []
    for c in v.calls:
        if c.result is None or c.failed or not _writes(v, c):
            continue
        t = v.tool(c.name)
        props = (t.schema.get("properties") or {}) if t is not None else {}
        body = next(
            (k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "text"), None
        )
        text = c.input.get(body) if body else None
        read = _read_text(v)
        if not isinstance(text, str) or not text.strip() or read is None or text.strip() in v.task:
            continue
        out.append(say(v.lang, "g_wrote", file=_file_name(c), text=text.rstrip("\n")))
    return out


def _read_file(v: View, c: Call) -> bool:
    t = v.tool(c.name)
    return t is not None and reads_files(t)


def values(data: Any, lang: str) -> str:
    """A result's values as a sentence quotes them: "temperature: 18, condition: Sunny"."""
    sep = "，" if lang == "zh" else ", "
    if isinstance(data, dict):
        return sep.join(f"{k}: {_one(x)}" for k, x in data.items())
    if isinstance(data, list):
        return sep.join(_one(x) for x in data)
    return short(str(data), 300)


def _one(x: Any) -> str:
    return json.dumps(x, ensure_ascii=False) if isinstance(x, dict | list) else str(x)


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}
