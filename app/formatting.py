"""Numbers as people read them: "0.21 s", "104 tok/s", "92.4 MB"."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from engine.protocol import Metrics


def seconds(value: float | None) -> str:
    if value is None:
        return "–"
    number = f"{value:.2f}" if value < 10 else f"{value:.1f}"
    return QCoreApplication.translate("Formatting", "{value} s").format(value=number)


def milliseconds(value_s: float) -> str:
    """A short time given in seconds, as milliseconds: "369 ms"."""
    return QCoreApplication.translate("Formatting", "{value} ms").format(value=f"{value_s * 1000:,.0f}")


def rate(value: float | None) -> str:
    if value is None:
        return "–"
    return QCoreApplication.translate("Formatting", "{value} tok/s").format(value=f"{value:,.0f}")


def megabytes(value: int | None) -> str:
    if value is None:
        return "–"
    mb = value / (1024 * 1024)
    if mb >= 1024:
        return f"{mb / 1024:.2f} GB"
    return f"{mb:,.1f} MB"


def duration(value: float) -> str:
    """A span people read at a glance: "45 s", "3 min", "1 h 20 min"."""
    whole = max(0, round(value))
    if whole < 90:
        return QCoreApplication.translate("Formatting", "{n} s").format(n=whole)
    minutes = round(whole / 60)
    if minutes < 60:
        return QCoreApplication.translate("Formatting", "{n} min").format(n=minutes)
    return QCoreApplication.translate("Formatting", "{h} h {m} min").format(h=minutes // 60, m=minutes % 60)


def tokens(count: int) -> str:
    return QCoreApplication.translate("Formatting", "{n} tokens").format(n=f"{count:,}")


def cache_source(source: str) -> str:
    """Where reused tokens came from (Metrics.cache_source), as a bare noun: each sentence that uses it
    puts its own "from" around it."""
    names = {
        "live": QCoreApplication.translate("Formatting", "the model's working memory"),
        "ram": QCoreApplication.translate("Formatting", "Hearth's memory cache"),
        "disk": QCoreApplication.translate("Formatting", "Hearth's cache on disk"),
    }
    return names.get(source) or QCoreApplication.translate("Formatting", "memory")


def answer_footer(metrics: Metrics, ttft_s: float | None) -> str:
    """The line under each answer: `128 tokens · 104 tok/s · first token 0.21 s`."""
    parts = [tokens(metrics.decode_tokens), rate(metrics.decode_tok_s)]
    parts.append(
        QCoreApplication.translate("Formatting", "first token {t}").format(
            t=seconds(ttft_s if ttft_s is not None else metrics.ttft_s)
        )
    )
    if metrics.stop_reason == "cancelled":
        parts.append(QCoreApplication.translate("Formatting", "stopped"))
    elif metrics.stop_reason == "max_tokens":
        parts.append(QCoreApplication.translate("Formatting", "length limit reached"))
    elif metrics.stop_reason == "context_full":
        parts.append(QCoreApplication.translate("Formatting", "context full"))
    return " · ".join(parts)
