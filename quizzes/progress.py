"""Per-topic mastery over time, from the stored attempts: an SVG chart and text bars.

A topic's mastery is the share of its questions asked so far (by primary topic) whose latest answer
was right. Only topics asked at least once are charted, with their counts (right / asked): a topic
never asked has no score, so it is neither 0 % nor "weakest"; the charts say how many such topics
there are. The history holds one point per session from the topic's first question on, taken after
the session's last answer. Charts list the weakest topic first.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .bank import Item, Topic
from .messages import percent, t
from .render import columns as display_width
from .store import Store

SPARKS = "▁▂▃▄▅▆▇█"
HISTORY_POINTS = 12  # the most recent sessions a chart shows


@dataclass(frozen=True)
class TopicMastery:
    topic: Topic
    items: int  # questions in the bank with this primary topic
    attempted: int  # of those, answered at least once
    mastered: int  # of those, last answered right
    history: tuple[float, ...]  # mastery after each session, oldest first

    @property
    def mastery(self) -> float:
        """The share of the questions asked whose latest answer was right."""
        return self.mastered / self.attempted if self.attempted else 0.0


def mastery(store: Store, items: Sequence[Item], topics: Mapping[str, Topic]) -> list[TopicMastery]:
    """Each topic asked at least once, weakest first (at equal mastery, the one asked more first).

    ``unasked(rows, items, topics)`` counts the topics left out."""
    topic_of = {item.id: item.topic for item in items}
    sizes: dict[str, int] = {}
    for item in items:
        sizes[item.topic] = sizes.get(item.topic, 0) + 1
    latest: dict[str, bool] = {}
    history: dict[str, list[float]] = {tid: [] for tid in sizes}
    attempts = [a for a in store.attempts() if a.item_id in topic_of]
    for i, attempt in enumerate(attempts):
        latest[attempt.item_id] = attempt.correct
        last_of_session = i + 1 == len(attempts) or attempts[i + 1].session != attempt.session
        if last_of_session:
            right, asked = _mastered(latest, topic_of), _asked(latest, topic_of)
            for tid in asked:
                history[tid].append(right.get(tid, 0) / asked[tid])
    right, seen = _mastered(latest, topic_of), _asked(latest, topic_of)
    order = {tid: i for i, tid in enumerate(topics)}
    rows = [
        TopicMastery(topics[tid], size, seen[tid], right.get(tid, 0), tuple(history[tid]))
        for tid, size in sizes.items()
        if tid in topics and tid in seen
    ]
    return sorted(rows, key=lambda r: (r.mastery, -r.attempted, order[r.topic.id]))


def unasked(
    rows: Sequence[TopicMastery], items: Sequence[Item], topics: Mapping[str, Topic]
) -> int:
    """How many topics with questions in ``items`` no row covers: never asked yet."""
    charted = {r.topic.id for r in rows}
    return len({item.topic for item in items if item.topic in topics} - charted)


def _asked(latest: Mapping[str, bool], topic_of: Mapping[str, str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item_id in latest:
        counts[topic_of[item_id]] = counts.get(topic_of[item_id], 0) + 1
    return counts


def _mastered(latest: Mapping[str, bool], topic_of: Mapping[str, str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item_id, correct in latest.items():
        if correct:
            counts[topic_of[item_id]] = counts.get(topic_of[item_id], 0) + 1
    return counts


# -- text ----------------------------------------------------------------------------------------


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, ending in "…" when cut."""
    if display_width(text) <= width:
        return text
    out, used = "", 0
    for c in text:
        w = display_width(c)
        if used + w > width - 1:
            break
        out, used = out + c, used + w
    return out + "…"


def sparkline(points: Sequence[float]) -> str:
    return "".join(SPARKS[min(int(p * len(SPARKS)), len(SPARKS) - 1)] for p in points)


def text_chart(
    rows: Sequence[TopicMastery], lang: str, width: int = 80, left_out: int = 0
) -> list[str]:
    """One line per topic asked, weakest first: a bar, the percentage, right/asked, the trend, the
    topic's name; then how many topics were never asked (``left_out``)."""
    if not rows:
        return [t(lang, "mastery.empty")]
    bar = 12
    lines = [t(lang, "mastery.header")]
    for r in rows:
        filled = round(r.mastery * bar)
        trend = sparkline(r.history[-HISTORY_POINTS:]).ljust(HISTORY_POINTS)
        gauge = "█" * filled + "░" * (bar - filled)
        head = f"  {gauge} {percent(r.mastery):3d}% {r.mastered:>2}/{r.attempted:<2} {trend} "
        lines.append(head + clip(r.topic.get(lang), max(8, width - display_width(head))))
    if left_out:
        lines.append(t(lang, "mastery.unasked", count=left_out))
    return lines


# -- SVG -----------------------------------------------------------------------------------------


def _colour(fraction: float) -> str:
    if fraction < 0.5:
        return "#d9534f"
    if fraction < 0.8:
        return "#f0ad4e"
    return "#5cb85c"


LABEL_COLUMNS = 96  # a topic's name is shown whole up to this many columns (the longest today: 84)
PX_PER_COLUMN = 6.5  # at 12 px: a Latin letter about 6.5 px, a CJK character (2 columns) 12-13 px


def svg_chart(rows: Sequence[TopicMastery], lang: str, left_out: int = 0) -> str:
    """An SVG chart: per topic asked (weakest first) its name, a mastery bar, right/asked and a line
    of its history, sized to its longest name (at most LABEL_COLUMNS); then the topics not asked."""
    if not rows:
        return f'<p class="quiz-progress-empty">{html.escape(t(lang, "mastery.empty"))}</p>'
    names = [clip(r.topic.get(lang), LABEL_COLUMNS) for r in rows]
    label_w = int(max(display_width(n) for n in names) * PX_PER_COLUMN) + 12
    row_h, bar_w, count_w, spark_w = 22, 160, 96, 120
    trend = t(lang, "mastery.trend")
    spark_x = label_w + bar_w + count_w
    width = spark_x + max(spark_w, int(display_width(trend) * 6) + 8)
    height = row_h * len(rows) + 28
    title = html.escape(t(lang, "mastery.title"))
    parts = [
        f'<svg class="quiz-progress-chart" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{title}" '
        'style="max-width: 100%; height: auto">',
        f"<title>{title}</title>",
        f'<text x="{spark_x}" y="14" font-size="11" fill="#666">{html.escape(trend)}</text>',
    ]
    for i, (r, name) in enumerate(zip(rows, names, strict=True)):
        y = 24 + i * row_h
        pct = percent(r.mastery)
        full = r.topic.get(lang)
        parts.append(
            f'<g class="quiz-progress-row" data-topic="{r.topic.id}" data-mastery="{pct}" '
            f'data-asked="{r.attempted}" data-right="{r.mastered}">'
            f"<title>{html.escape(full)}: {pct}% ({r.mastered}/{r.attempted})</title>"
            f'<text x="0" y="{y + 13}" font-size="12">{html.escape(name)}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{bar_w}" height="12" fill="#eee"/>'
            f'<rect x="{label_w}" y="{y + 3}" width="{bar_w * r.mastery:.1f}" height="12" '
            f'fill="{_colour(r.mastery)}"/>'
            f'<text x="{label_w + bar_w + 6}" y="{y + 13}" font-size="12">{pct}% '
            f"({r.mastered}/{r.attempted})</text>"
            f"{_polyline(r.history[-HISTORY_POINTS:], spark_x, y, spark_w, row_h)}"
            "</g>"
        )
    parts.append("</svg>")
    if left_out:
        note = html.escape(t(lang, "mastery.unasked", count=left_out))
        parts.append(f'<p class="quiz-progress-unasked">{note}</p>')
    return "".join(parts)


def _polyline(points: Sequence[float], x0: int, y0: int, w: int, h: int) -> str:
    if not points:
        return ""
    step = w / max(len(points) - 1, 1)
    coords = " ".join(
        f"{x0 + i * step:.1f},{y0 + h - 4 - p * (h - 8):.1f}" for i, p in enumerate(points)
    )
    return f'<polyline points="{coords}" fill="none" stroke="#337ab7" stroke-width="1.5"/>'
