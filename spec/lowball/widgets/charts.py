"""Charts as images: every chart is drawn to a PNG, never left as a figure object.

A matplotlib figure shown by ``display(fig)`` under the Agg backend prints only its
repr ("<Figure size 1300x360 with 3 Axes>"): nothing a reader can see in Voilà,
JupyterLab or the docs. So each chart here is a ``matplotlib.figure.Figure`` made
without pyplot (no global state, nothing shown behind our back) and handed on as
PNG bytes: ``image()`` for a notebook cell (an ``image/png`` output), ``img_tag()``
for a panel's HTML.
"""

from __future__ import annotations

import base64
import io
import textwrap
from typing import Mapping, Sequence

from matplotlib.figure import Figure

from lowball.core.rankings import load_rankings
from lowball.widgets.language import edition, in_language, kind_label, number, percent, system_title

COLORS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3")
WIN, TIE, LOSE = "#55a868", "#b0b0b0", "#c44e52"


def png(fig: Figure) -> bytes:
    """Return the figure as PNG bytes."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight", metadata={"Software": None})
    return buffer.getvalue()


def image(fig: Figure):
    """Return the figure as an image for a notebook cell to show (an ``image/png`` output)."""
    from IPython.display import Image

    return Image(data=png(fig), format="png")


def img_tag(fig: Figure, css: str = "lowball-chart") -> str:
    """Return the figure as an HTML ``<img>`` with the PNG inline, for a panel."""
    data = base64.b64encode(png(fig)).decode()
    return f"<img class='{css}' style='max-width:100%' src='data:image/png;base64,{data}'/>"


def kind_order(key: str) -> int:
    """Return where a kind of low goes, from the best ('five') to 'no-pair' (last)."""
    names = load_rankings().rank_names["en"]
    return next((v for v, forms in names.items() if forms[0] == key and v < 14), 99)


def odds_chart(results: dict, lang: str | None = None, title: str = "") -> Figure:
    """Return grouped bars: for each kind of low (best first), each system's chance of making it.

    ``results`` maps a system to its ``DrawOdds``. Each bar is labelled as the panel's table reads: a chance,
    "0%" only for a kind that no draw makes, "<1%" for one that some draw makes but rounds to nothing, and a
    dash, with no bar, for a kind the system does not have (a five-low under ace-to-six, where the wheel is a
    straight), where the table shows a dash too.
    """
    lang = lang or edition()           # a chart in a notebook cell speaks the edition's language
    kinds = {}
    for odds in results.values():
        for kind, _ in odds.counts:
            kinds.setdefault(kind.key, kind)
    order = sorted(kinds, key=kind_order)
    fig = Figure(figsize=(9.6, 3.4))
    ax = fig.subplots()
    width = 0.8 / len(results)
    for i, (system, odds) in enumerate(results.items()):
        chances = {kind.key: n / odds.draws for kind, n in odds.counts}
        xs = [x + (i - (len(results) - 1) / 2) * width for x in range(len(order))]
        heights = [chances.get(k, 0.0) for k in order]
        ax.bar(xs, heights, width, label=system_title(system, lang), color=COLORS[i % len(COLORS)])
        for x, k, h in zip(xs, order, heights):
            label = bar_label(chances.get(k), lang)
            ax.annotate(label, (x, h), xytext=(0, 2), textcoords="offset points", ha="center", va="bottom",
                        fontsize=9 if label == "—" else 6.5)
    ax.set_xticks(range(len(order)), [kind_label(kinds[k], lang) for k in order], rotation=15, fontsize=8)
    ax.set_ylim(0, 1.12)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1], [percent(y, lang, 0) for y in (0, 0.25, 0.5, 0.75, 1)])
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=8, loc="upper left", frameon=False)
    if title:
        ax.set_title(in_language(title, lang), fontsize=10)
    return fig


def bar_label(chance: float | None, lang: str = "en") -> str:
    """Return the label of a bar of ``odds_chart``: a dash for a kind the system lacks, "<1%" for a chance that
    is not zero but rounds to it, else the whole percentage.

    >>> bar_label(None), bar_label(0.0), bar_label(0.003), bar_label(0.17), bar_label(0.003, "ru")
    ('—', '0%', '<1%', '17%', '<1\u202f%')
    """
    if chance is None:
        return "—"
    if chance > 0 and f"{100 * chance:.0f}" == "0":
        return f"<{percent(0.01, lang, 0)}"
    return percent(chance, lang, 0)


def census_chart(reports: dict, lang: str | None = None) -> Figure:
    """Return, for each system, the number of hands of each category (log scale, best category at the top)."""
    lang = lang or edition()           # a chart in a notebook cell speaks the edition's language
    tables = load_rankings()
    fig = Figure(figsize=(11, 3.6))
    axes = fig.subplots(1, len(reports), sharex=True)
    for i, (ax, (system, report)) in enumerate(zip(axes, reports.items())):
        cats = list(report.hands_by_category)
        counts = [report.hands_by_category[c] for c in cats]
        ys = range(len(cats))[::-1]
        ax.barh(list(ys), counts, color=COLORS[i % len(COLORS)])
        ax.set_yticks(list(ys), [tables.category(c).name(lang) for c in cats], fontsize=8)
        ax.set_xscale("log")
        ax.set_xlim(10, 2e7)
        for y, n in zip(ys, counts):
            ax.annotate(number(n, lang), (n, y), xytext=(3, 0), textcoords="offset points", va="center", fontsize=7)
        ax.set_title(system_title(system, lang), fontsize=9)
        ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    return fig


def equity_chart(rows: Sequence[tuple[str, float, float, float]], lang: str | None = None, title: str = "") -> Figure:
    """Return one stacked bar per row (label, win, tie, lose): how often a choice wins, ties and loses."""
    lang = lang or edition()           # a chart in a notebook cell speaks the edition's language
    legend = {"en": ("wins", "ties", "loses"), "ru": ("выигрыш", "ничья", "проигрыш")}[lang]
    fig = Figure(figsize=(8.4, 0.5 + 0.45 * len(rows)))
    ax = fig.subplots()
    ys = list(range(len(rows)))[::-1]
    left = [0.0] * len(rows)
    for part, (name, color) in enumerate(zip(legend, (WIN, TIE, LOSE))):
        widths = [row[1 + part] for row in rows]
        ax.barh(ys, widths, left=left, color=color, label=name, height=0.7)
        for y, x0, wdt in zip(ys, left, widths):
            if wdt >= 0.06:
                ax.annotate(percent(wdt, lang, 0), (x0 + wdt / 2, y), ha="center", va="center", fontsize=8,
                            color="white" if color != TIE else "black")
        left = [a + b for a, b in zip(left, widths)]
    ax.set_yticks(ys, [in_language(row[0], lang) for row in rows], fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xticks([0, 0.5, 1], [percent(x, lang, 0) for x in (0, 0.5, 1)])
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(ncols=3, fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False)
    if title:
        ax.set_title(in_language(title, lang), fontsize=10, pad=22)
    return fig


def lines_chart(labels: Sequence[str], panels: dict[str, dict[str, Sequence[float]]], lang: str | None = None,
                title: str = "", ylabel: str = "") -> Figure:
    """Return one panel per entry of ``panels`` (its title -> lines), each line a value per label, as percentages.

    At each point the highest line is labelled above it and the others below, so that where two lines meet
    or cross their labels still stand apart.
    """
    lang = lang or edition()           # a chart in a notebook cell speaks the edition's language
    fig = Figure(figsize=(4.6 * len(panels), 3.3))
    axes = fig.subplots(1, len(panels), sharey=True, squeeze=False)[0]
    xs = list(range(len(labels)))
    for ax, (name, series) in zip(axes, panels.items()):
        columns = list(zip(*series.values()))
        for i, (line, values) in enumerate(series.items()):
            color = COLORS[i % len(COLORS)]
            ax.plot(xs, values, marker="o", color=color, label=in_language(line, lang))
            for x, v in zip(xs, values):
                top = columns[x].index(max(columns[x])) == i
                ax.annotate(percent(v, lang, 0), (x, v), xytext=(0, 7 if top else -12), textcoords="offset points",
                            ha="center", fontsize=7, color=color)
        ax.set_xticks(xs, labels, fontsize=7, rotation=20)
        ax.set_ylim(0, 1.08)
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1], [percent(y, lang, 0) for y in (0, 0.25, 0.5, 0.75, 1)])
        ax.spines[["top", "right"]].set_visible(False)
        ax.set_title(in_language(name, lang), fontsize=9)
        ax.legend(fontsize=7, frameon=False, loc="lower left")
    if ylabel:
        axes[0].set_ylabel(in_language(ylabel, lang), fontsize=8)
    if title:
        fig.suptitle(in_language(title, lang), fontsize=10)
    fig.tight_layout()
    return fig


def bars_chart(groups: Sequence[str], series: Mapping[str, Sequence[float]], lang: str | None = None, title: str = "",
               xlabel: str = "") -> Figure:
    """Return grouped bars: one group per label, one bar per series, every bar labelled with its percentage.

    Chances are drawn on a scale from 0 to 100%, or, when every one is small, on a scale just above the
    largest, so that a chance of 2% is still a bar a reader can see (the axis says which). The labels are
    drawn in ``lang`` (the edition's language by default): a label given as ``Both(english, russian)``
    is drawn in Russian in the Russian edition.
    """
    lang = lang or edition()
    fig = Figure(figsize=(9.6, 3.6))
    ax = fig.subplots()
    width = 0.8 / max(len(series), 1)
    top = max((v for values in series.values() for v in values), default=0)
    for i, (name, values) in enumerate(series.items()):
        xs = [x + (i - (len(series) - 1) / 2) * width for x in range(len(groups))]
        ax.bar(xs, values, width, label=in_language(name, lang), color=COLORS[i % len(COLORS)])
        for x, h in zip(xs, values):
            ax.annotate(percent(h, lang, 0 if h == 0 or h >= 0.1 else 1), (x, h), xytext=(0, 2),
                        textcoords="offset points", ha="center", va="bottom", fontsize=7)
    # Labels wrap between words only: «трёхкарточная» cut in two read as two words.
    labels = [textwrap.fill(in_language(g, lang), 12, break_long_words=False) for g in groups]
    ax.set_xticks(range(len(groups)), labels, fontsize=8)
    if top > 0.3 or top == 0:
        ax.set_ylim(0, 1.12)
        ticks = [0, 0.25, 0.5, 0.75, 1]
    else:
        step = next(s for s in (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1) if top / s <= 5)
        ax.set_ylim(0, top * 1.3)
        ticks = [step * k for k in range(int(top * 1.3 / step) + 1)]
    ax.set_yticks(ticks, [percent(y, lang, 0 if ticks[1] >= 0.01 else 1) for y in ticks])
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=8, loc="upper left", frameon=False)
    if xlabel:
        ax.set_xlabel(in_language(xlabel, lang), fontsize=8)
    if title:
        ax.set_title(in_language(title, lang), fontsize=10)
    return fig
