"""Per-topic mastery over time, from the stored attempts: an SVG chart and text bars.

A topic's mastery is the share of its questions (by primary topic) whose latest answer was right;
questions never answered count as not mastered. The history holds one point per session, taken
after the session's last answer. Charts list the weakest topic first.
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
        return self.mastered / self.items if self.items else 0.0


def mastery(store: Store, items: Sequence[Item], topics: Mapping[str, Topic]) -> list[TopicMastery]:
    """Each topic with questions in ``items``, weakest first; at equal mastery a topic already tried first."""
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
            right = _mastered(latest, topic_of)
            for tid in sizes:
                history[tid].append(right.get(tid, 0) / sizes[tid])
    right = _mastered(latest, topic_of)
    seen: dict[str, int] = {}
    for item_id in latest:
        seen[topic_of[item_id]] = seen.get(topic_of[item_id], 0) + 1
    order = {tid: i for i, tid in enumerate(topics)}
    rows = [
        TopicMastery(topics[tid], size, seen.get(tid, 0), right.get(tid, 0), tuple(history[tid]))
        for tid, size in sizes.items()
        if tid in topics
    ]
    return sorted(rows, key=lambda r: (r.mastery, r.attempted == 0, order[r.topic.id]))


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


def text_chart(rows: Sequence[TopicMastery], lang: str, width: int = 80) -> list[str]:
    """One line per topic, weakest first: a bar, the percentage, the trend, the topic's name."""
    if not any(r.attempted for r in rows):
        return [t(lang, "mastery.empty")]
    bar = 12
    lines = [t(lang, "mastery.header")]
    for r in rows:
        filled = round(r.mastery * bar)
        trend = sparkline(r.history[-HISTORY_POINTS:]).ljust(HISTORY_POINTS)
        gauge = "█" * filled + "░" * (bar - filled)
        head = f"  {gauge} {percent(r.mastery):3d}% {r.mastered:>2}/{r.items:<2} {trend} "
        lines.append(head + clip(r.topic.get(lang), max(8, width - display_width(head))))
    return lines


# -- SVG -----------------------------------------------------------------------------------------


def _colour(fraction: float) -> str:
    if fraction < 0.5:
        return "#d9534f"
    if fraction < 0.8:
        return "#f0ad4e"
    return "#5cb85c"


def svg_chart(rows: Sequence[TopicMastery], lang: str) -> str:
    """An SVG chart: per topic (weakest first) a mastery bar and a line of its history."""
    if not any(r.attempted for r in rows):
        return f'<p class="quiz-progress-empty">{html.escape(t(lang, "mastery.empty"))}</p>'
    row_h, label_w, bar_w, spark_w = 22, 330, 160, 120
    width = label_w + bar_w + 60 + spark_w
    height = row_h * len(rows) + 28
    title = html.escape(t(lang, "mastery.title"))
    parts = [
        f'<svg class="quiz-progress-chart" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{title}">',
        f"<title>{title}</title>",
        f'<text x="{label_w + bar_w + 60}" y="14" font-size="11" fill="#666">'
        f"{html.escape(t(lang, 'mastery.trend'))}</text>",
    ]
    for i, r in enumerate(rows):
        y = 24 + i * row_h
        pct = percent(r.mastery)
        full = r.topic.get(lang)
        name = html.escape(clip(full, 52))  # about 6 px a column at 12 px: fits label_w
        parts.append(
            f'<g class="quiz-progress-row" data-topic="{r.topic.id}" data-mastery="{pct}">'
            f"<title>{html.escape(full)}: {pct}%</title>"
            f'<text x="0" y="{y + 13}" font-size="12">{name}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{bar_w}" height="12" fill="#eee"/>'
            f'<rect x="{label_w}" y="{y + 3}" width="{bar_w * r.mastery:.1f}" height="12" '
            f'fill="{_colour(r.mastery)}"/>'
            f'<text x="{label_w + bar_w + 6}" y="{y + 13}" font-size="12">{pct}% '
            f"({r.mastered}/{r.items})</text>"
            f"{_polyline(r.history[-HISTORY_POINTS:], label_w + bar_w + 60, y, spark_w, row_h)}"
            "</g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _polyline(points: Sequence[float], x0: int, y0: int, w: int, h: int) -> str:
    if not points:
        return ""
    step = w / max(len(points) - 1, 1)
    coords = " ".join(
        f"{x0 + i * step:.1f},{y0 + h - 4 - p * (h - 8):.1f}" for i, p in enumerate(points)
    )
    return f'<polyline points="{coords}" fill="none" stroke="#337ab7" stroke-width="1.5"/>'
