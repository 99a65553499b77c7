"""A place written in the form its property's description shows (round 16, forms).

A description that shows its value by example asks for that form: "The city and state, e.g. San
Francisco, CA" wants "Los Angeles, CA" where the user says "LA"; "Origin airport IATA code, e.g.
SFO" wants "ORD" where the user says "Chicago"; "City and country, e.g. Paris, France" wants
"Tokyo, Japan". A sensible reader knows the well-known cities: their common short names and
nicknames ("SF", "NYC", "Philly", "Vegas", 纽约), their state or country, their main airport.
`CITIES` is that small general table of world knowledge (major cities only, no domain's nouns);
a place it does not know is left as the text says it.
"""

from __future__ import annotations

import re
from typing import Any

# name, state (US) or country, main airport, other names said for it
CITIES: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("New York", "NY", "JFK", ("NYC", "New York City", "NY", "Manhattan", "the Big Apple", "纽约")),
    ("Los Angeles", "CA", "LAX", ("LA", "L.A.", "洛杉矶")),
    ("San Francisco", "CA", "SFO", ("SF", "San Fran", "Frisco", "旧金山")),
    ("Chicago", "IL", "ORD", ("Chi-town", "芝加哥")),
    ("Seattle", "WA", "SEA", ("西雅图",)),
    ("Boston", "MA", "BOS", ("波士顿",)),
    ("Philadelphia", "PA", "PHL", ("Philly", "费城")),
    ("Washington", "DC", "DCA", ("DC", "D.C.", "Washington DC", "Washington, D.C.", "华盛顿")),
    ("Miami", "FL", "MIA", ("迈阿密",)),
    ("Atlanta", "GA", "ATL", ("ATL",)),
    ("Dallas", "TX", "DFW", ("达拉斯",)),
    ("Houston", "TX", "IAH", ("休斯顿",)),
    ("Austin", "TX", "AUS", ()),
    ("Denver", "CO", "DEN", ()),
    ("Las Vegas", "NV", "LAS", ("Vegas", "拉斯维加斯")),
    ("San Diego", "CA", "SAN", ()),
    ("San Jose", "CA", "SJC", ()),
    ("Phoenix", "AZ", "PHX", ()),
    ("Portland", "OR", "PDX", ()),
    ("New Orleans", "LA", "MSY", ("NOLA",)),
    ("Nashville", "TN", "BNA", ()),
    ("Detroit", "MI", "DTW", ()),
    ("Minneapolis", "MN", "MSP", ()),
    ("Orlando", "FL", "MCO", ()),
    ("Honolulu", "HI", "HNL", ("檀香山",)),
    ("London", "United Kingdom", "LHR", ("伦敦",)),
    ("Paris", "France", "CDG", ("巴黎",)),
    ("Berlin", "Germany", "BER", ("柏林",)),
    ("Tokyo", "Japan", "HND", ("东京",)),
    ("Seoul", "South Korea", "ICN", ("首尔",)),
    ("Beijing", "China", "PEK", ("北京",)),
    ("Shanghai", "China", "PVG", ("上海",)),
    ("Guangzhou", "China", "CAN", ("广州",)),
    ("Shenzhen", "China", "SZX", ("深圳",)),
    ("Chengdu", "China", "CTU", ("成都",)),
    ("Hangzhou", "China", "HGH", ("杭州",)),
    ("Hong Kong", "China", "HKG", ("HK", "香港")),
    ("Singapore", "Singapore", "SIN", ("新加坡",)),
    ("Sydney", "Australia", "SYD", ("悉尼",)),
    ("Toronto", "Canada", "YYZ", ("多伦多",)),
    ("Dubai", "United Arab Emirates", "DXB", ("迪拜",)),
]
US_STATE = re.compile(r"^[A-Z]{2}$")
CITY_STATE = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)*, [A-Z]{2}\b")
CITY_COUNTRY = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)*, [A-Z][a-z]+(?: [A-Z][a-z]+)*\b")
AIRPORT = re.compile(r"\bIATA\b|airport code|机场(?:三字)?代码|三字码", re.I)


def form(name: str, s: dict[str, Any]) -> str | None:
    """The form a place property's description shows: "city_state" ("e.g. San Francisco, CA"),
    "city_country" ("e.g. Paris, France"), "airport" (an IATA / airport code), else None."""
    desc = str(s.get("description") or "")
    if AIRPORT.search(desc) or re.search(r"(?:^|_)(?:iata|airport_code)(?:_|$)", name, re.I):
        return "airport"
    m = CITY_STATE.search(desc)
    if m:
        return "city_state"
    if re.search(r"\bcity and (?:the )?state\b|\bcity, state\b", desc, re.I):
        return "city_state"
    if CITY_COUNTRY.search(desc) and re.search(r"countr", desc, re.I):
        return "city_country"
    return None


def _city(said: str) -> tuple[str, str, str, tuple[str, ...]] | None:
    """The table's city a value names: its name or one of its other names, whole."""
    said = said.strip(" .,;!?")
    for row in CITIES:
        names = (row[0], *row[3])
        if any(said == n or (len(n) > 3 and said.lower() == n.lower()) for n in names):
            return row
    return None


def _said_in(text: str) -> tuple[str, str, str, tuple[str, ...]] | None:
    """The first of the table's cities the text names, by any of its names (a short one, "SF",
    "LA", only in capitals as a word of its own)."""
    best: tuple[int, tuple[str, str, str, tuple[str, ...]]] | None = None
    for row in CITIES:
        for n in (row[0], *row[3]):
            if re.fullmatch(r"[\u4e00-\u9fff]+", n):
                m = re.search(re.escape(n), text)
            else:
                flags = 0 if len(n) <= 3 else re.I
                m = re.search(rf"(?<![\w.]){re.escape(n)}(?![\w]|\.\w)", text, flags)
            if m and (best is None or m.start() < best[0]):
                best = (m.start(), row)
    return best[1] if best else None


def written(name: str, s: dict[str, Any], value: Any, text: str) -> Any:
    """A place value written in the form its description shows (`form`): "LA" as "Los Angeles,
    CA", "Chicago" as "ORD"; a value the table does not know is kept; a missing one is the
    table's city the text names."""
    kind = form(name, s)
    if kind is None or (value is not None and not isinstance(value, str)):
        return value
    if isinstance(value, str) and (CITY_STATE.fullmatch(value) or CITY_COUNTRY.fullmatch(value)):
        return value  # written in the form already ("Albany, NY")
    if isinstance(value, str) and value and kind == "city_state":
        city = value.strip(" ,.;")
        m = re.search(rf"(?<!\w){re.escape(city)},?\s+([A-Z]{{2}})\b", text)
        if m:  # "Albany, NY": the state the text writes after the city
            return f"{city}, {m.group(1)}"
    row = _row_of(kind, value, text)
    if isinstance(row, str):
        return row
    if row is None:
        return value
    city, where, airport, _names = row
    if kind == "airport":
        return airport
    if kind == "city_country" and US_STATE.match(where):
        return f"{city}, United States"
    return f"{city}, {where}"


def _row_of(kind: str, value: Any, text: str) -> tuple[str, str, str, tuple[str, ...]] | str | None:
    """The table's city a value (else, for a value missing, the text) names; an airport code
    said already, as a string."""
    if not (isinstance(value, str) and value):
        return _said_in(text) if kind != "airport" else None  # (two airports: no guess)
    if kind == "airport" and re.fullmatch(r"[A-Za-z]{3}", value) and _city(value) is None:
        return value.upper()  # a code said already
    return _city(value) or _said_in(value)
