"""What these numbers mean: each idea the Performance panel measures, in plain words, with the
user's own last answer as the example (or a clearly marked made-up one before the first answer).

The page is a list of entries on the left and the chosen entry on the right. `show_entry(key)`
opens it at one entry; the panel's "?" buttons use that. The figures come from a callable
(app/learn/figures.py's `gather`), read each time the page is shown or an answer ends.

For the translators (context "GlossaryDialog"), the terms the seeds use:
- inference: zh-TW 推論 (推理 is kept for reasoning), zh-CN 推理;
- prefill / reading the prompt: zh-TW 預填 (讀取), zh-CN 预填充 (读取);
- decode / writing: zh-TW 解碼 (生成), zh-CN 解码 (生成);
- token: zh-TW 詞元 (token), zh-CN 词元 (token);
- first token (TTFT): zh-TW 首個詞元時間, zh-CN 首个词元时间;
- context: zh-TW 上下文, zh-CN 上下文; KV cache: 鍵值快取 / 键值缓存; prefix cache: 前綴快取 / 前缀缓存;
- quantization: zh-TW 量化, zh-CN 量化; throughput 吞吐量, latency zh-TW 延遲 / zh-CN 延迟;
- retry 重試 / 重试, fallback zh-TW 備援 / zh-CN 回退.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, QUrl
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app import formatting as fmt
from app.learn.entries import (
    CONTEXT,
    ENTRIES,
    KV_CACHE,
    LOCAL_REMOTE,
    LONGER_ANSWER,
    MEMORY,
    MODEL_SIZE,
    PREFILL_DECODE,
    QUANTIZATION,
    RETRY_FALLBACK,
    RUNS_ON,
    SEGMENTS,
    THROUGHPUT_LATENCY,
    TOKENS,
    TTFT_TOTAL,
)
from app.learn.figures import LearnFigures
from app.models.quant_hints import quant_hint_text
from engine.hub.quant import bits_per_weight, quant_hint, quant_label
from engine.protocol import Metrics

ENTRY_LINK = "entry:"  # href prefix of a link from one entry to another


def _num(n: float) -> str:
    return f"{n:,.0f}"


def _speed(tok_s: float) -> str:
    """Tokens per second as a bare number: one decimal below 10."""
    return f"{tok_s:.1f}" if tok_s < 10 else f"{tok_s:,.0f}"


def _params(n: int) -> str:
    return f"{n / 1e9:.1f} B" if n >= 1e9 else f"{n / 1e6:,.0f} M"


class GlossaryDialog(QDialog):
    """The "What these numbers mean" page."""

    def __init__(self, figures: Callable[[], LearnFigures], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("glossaryDialog")
        self.setWindowTitle(self.tr("What these numbers mean"))
        self.resize(860, 600)
        self._figures_source = figures
        self.figures = figures()
        self.current_entry = ENTRIES[0]

        self.contents = QListWidget()
        self.contents.setObjectName("glossaryContents")
        self.contents.setAccessibleName(self.tr("Topics"))
        for key in ENTRIES:
            item = QListWidgetItem(self.title(key))
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.contents.addItem(item)
        self.contents.setSpacing(3)
        self.contents.setWordWrap(True)
        self.contents.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # As wide as its longest title (up to a limit; longer ones wrap), so no title is cut.
        frame = 2 * self.contents.frameWidth() + 2 * self.contents.spacing() + 12
        self.contents.setFixedWidth(min(self.contents.sizeHintForColumn(0) + frame, 360))
        self.contents.currentRowChanged.connect(self._on_row_changed)

        self.text = QTextBrowser()
        self.text.setObjectName("glossaryText")
        self.text.setAccessibleName(self.tr("Explanation"))
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(self._on_link)

        self.intro = QLabel()
        self.intro.setObjectName("glossaryIntro")
        self.intro.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)

        body = QHBoxLayout()
        body.addWidget(self.contents)
        body.addWidget(self.text, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(body, 1)
        layout.addWidget(buttons)
        self.contents.setCurrentRow(0)
        self._built = True
        self.refresh()

    # --- showing -----------------------------------------------------------------------

    def show_entry(self, key: str) -> None:
        """Open the page at `key` (an entry of ENTRIES; an unknown one opens the first)."""
        row = ENTRIES.index(key) if key in ENTRIES else 0
        self.contents.setCurrentRow(row)
        self._render()

    def refresh(self) -> None:
        """Read the figures again (an answer ended, a model loaded) and show the entry with them."""
        self.figures = self._figures_source()
        if self.figures.own:
            self.intro.setText(self.tr("Each idea below is explained with your own last answer as the example."))
        else:
            self.intro.setText(
                self.tr(
                    "Each idea below is explained with an example. The numbers are made up until you send a "
                    "message; then they are your own."
                )
            )
        self._render()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        # A theme change: the example box takes the new palette's colour (once the page is built).
        if event.type() == QEvent.Type.PaletteChange and getattr(self, "_built", False):
            self._render()

    def _on_row_changed(self, row: int) -> None:
        if 0 <= row < len(ENTRIES):
            self.current_entry = ENTRIES[row]
            self._render()

    def _on_link(self, url: QUrl) -> None:
        target = url.toString()
        if target.startswith(ENTRY_LINK):
            self.show_entry(target.removeprefix(ENTRY_LINK))

    def _render(self) -> None:
        key = self.current_entry
        self.text.setHtml(self.entry_html(key))

    def entry_html(self, key: str) -> str:
        """One entry: its title, the explanation, the example with the figures, and related entries."""
        explanation, example, related = self._entry(key)
        box = self.palette().color(QPalette.ColorRole.AlternateBase).name()
        paragraphs = "".join(f"<p>{html.escape(p)}</p>" for p in explanation)
        example_html = "".join(f"<p>{html.escape(p)}</p>" for p in example[1:])
        links = " · ".join(f'<a href="{ENTRY_LINK}{k}">{html.escape(self.title(k))}</a>' for k in related)
        see_also_label = self.tr("See also:")  # on its own line: lupdate reads no call inside an f-string
        see_also = f"<p>{html.escape(see_also_label)} {links}</p>" if related else ""
        return (
            f"<h2>{html.escape(self.title(key))}</h2>{paragraphs}"
            f'<table width="100%" cellpadding="10" cellspacing="0" bgcolor="{box}"><tr><td>'
            f"<p><b>{html.escape(example[0])}</b></p>{example_html}</td></tr></table>{see_also}"
        )

    def example_text(self, key: str | None = None) -> str:
        """The example's sentences of an entry (the current one by default), as plain text."""
        _explanation, example, _related = self._entry(key or self.current_entry)
        return " ".join(example)

    # --- the entries ---------------------------------------------------------------------

    def title(self, key: str) -> str:
        titles = {
            TOKENS: self.tr("Tokens: the pieces of text"),
            PREFILL_DECODE: self.tr("Reading and writing (prefill and decode)"),
            TTFT_TOTAL: self.tr("First token and total time"),
            SEGMENTS: self.tr("Where the time went: segments"),
            LONGER_ANSWER: self.tr("Why a longer answer takes longer"),
            CONTEXT: self.tr("Context: the model's working memory"),
            KV_CACHE: self.tr("Conversation memory and Hearth's cache"),
            MEMORY: self.tr("Memory: the engine and the window"),
            RUNS_ON: self.tr("Processor or graphics card"),
            QUANTIZATION: self.tr("Quantization: how precisely a model is stored"),
            MODEL_SIZE: self.tr("Small and large models"),
            THROUGHPUT_LATENCY: self.tr("Throughput and latency"),
            LOCAL_REMOTE: self.tr("On this computer or on a server"),
            RETRY_FALLBACK: self.tr("Trying again and falling back"),
        }
        return titles[key]

    def _answer_heading(self) -> str:
        if self.figures.own:
            return self.tr("Your last answer")
        return self.tr("An example with made-up numbers (send a message to see your own)")

    def _model_heading(self) -> str:
        if self.figures.model_own:
            return self.tr("Your model")
        return self.tr("An example with a made-up model (load a model to see your own)")

    def _entry(self, key: str) -> tuple[list[str], list[str], tuple[str, ...]]:
        """(explanation paragraphs, [example heading, example sentences…], related entries)."""
        builders: dict[str, Callable[[], tuple[list[str], list[str], tuple[str, ...]]]] = {
            TOKENS: self._tokens,
            PREFILL_DECODE: self._prefill_decode,
            TTFT_TOTAL: self._ttft_total,
            SEGMENTS: self._segments,
            LONGER_ANSWER: self._longer_answer,
            CONTEXT: self._context,
            KV_CACHE: self._kv_cache,
            MEMORY: self._memory,
            RUNS_ON: self._runs_on,
            QUANTIZATION: self._quantization,
            MODEL_SIZE: self._model_size,
            THROUGHPUT_LATENCY: self._throughput_latency,
            LOCAL_REMOTE: self._local_remote,
            RETRY_FALLBACK: self._retry_fallback,
        }
        return builders[key]()

    @property
    def _m(self) -> Metrics:
        assert self.figures.metrics is not None
        return self.figures.metrics

    def _tokens(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        m = self._m
        explanation = [
            self.tr(
                "A model does not read or write letters or whole words: it works with tokens, pieces of text a few "
                "letters long. A short English word is often one token and a long one two or three; a Chinese "
                "character is often one token."
            ),
            self.tr(
                "Everything the model reads and writes is counted in tokens, and so is every speed Hearth shows: "
                "tokens per second."
            ),
        ]
        example = [
            self._answer_heading(),
            self.tr(
                "The model was given {prompt} tokens (the instructions, the conversation so far and your question) "
                "and wrote {written} tokens."
            ).format(prompt=_num(m.prompt_tokens), written=_num(m.decode_tokens)),
        ]
        return explanation, example, (PREFILL_DECODE, CONTEXT)

    def _prefill_decode(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        m = self._m
        explanation = [
            self.tr(
                "Every answer happens in two steps. First the model reads everything it is given: the "
                "instructions, the conversation so far and your question. This is called prefill; the Performance "
                "panel calls it Reading. Then it writes the answer, one token after another: decode, or Writing."
            ),
            self.tr(
                "Reading is fast because all the tokens are known at once, so the computer works on many of them "
                "together. Writing goes one token at a time, because each new token depends on the ones before it."
            ),
        ]
        example = [self._answer_heading()]
        remote = m.remote
        if remote is not None and (remote.server_prefill_tokens is None or not remote.server_prefill_s):
            example.append(
                self.tr("The server did not say how fast it read; it wrote {n} tokens at {rate} per second.").format(
                    n=_num(m.decode_tokens), rate=_speed(m.decode_tok_s)
                )
            )
            return explanation, example, (TOKENS, TTFT_TOTAL)
        if remote is not None and remote.server_prefill_tokens is not None and remote.server_prefill_s:
            read_n, read_s = remote.server_prefill_tokens, remote.server_prefill_s
        else:
            read_n, read_s = m.prefill_tokens, m.prefill_s
        example.append(
            self.tr(
                "The model read {n} tokens in {t} (reading), then wrote {m} tokens at {rate} per second (writing)."
            ).format(n=_num(read_n), t=fmt.seconds(read_s), m=_num(m.decode_tokens), rate=_speed(m.decode_tok_s))
        )
        read_rate = read_n / read_s if read_s > 0 else 0.0
        if read_rate > 0 and m.decode_tok_s > 0 and read_rate > m.decode_tok_s:
            example.append(
                self.tr("It read about {x} times as fast as it wrote: {read} tokens per second.").format(
                    x=_num(read_rate / m.decode_tok_s), read=_speed(read_rate)
                )
            )
        if m.cached_tokens:
            example.append(
                self.tr("{cached} more tokens did not need reading: they came from memory.").format(
                    cached=_num(m.cached_tokens)
                )
            )
        return explanation, example, (TTFT_TOTAL, KV_CACHE, LONGER_ANSWER)

    def _ttft_total(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        m = self._m
        ttft = self.figures.ttft_s if self.figures.ttft_s is not None else m.ttft_s
        explanation = [
            self.tr(
                "Two waits matter. First token is how long you wait before the answer starts to appear: from "
                "pressing Send to the first words on screen, so it includes everything that comes before writing: "
                "loading the model, waiting for a turn, reading. Total time runs on to the last word."
            ),
            self.tr(
                "In a chat, the first token decides whether the answer feels quick; for a long text you wait for "
                "anyway, the total time is what counts."
            ),
        ]
        example = [
            self._answer_heading(),
            self.tr("The answer started after {ttft} and was complete after {total}.").format(
                ttft=fmt.seconds(ttft), total=fmt.seconds(m.total_s)
            ),
        ]
        return explanation, example, (SEGMENTS, PREFILL_DECODE)

    def _segments(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        m = self._m
        explanation = [
            self.tr(
                "One number hides where the time went, so Hearth measures each answer in segments, shown as the "
                "coloured bar under Total time: loading (putting the model into memory, usually only the first "
                "time), waiting (another answer had the engine), reading and writing."
            ),
            self.tr(
                "For a model on a server, the segments are the network and the server's queue, the server's "
                "reading, and writing. A long segment tells you what to change: long reading means a long "
                "conversation or long documents; long waiting means other answers were running."
            ),
        ]
        remote = m.remote
        if remote is not None and remote.network_queue_s is not None and remote.server_prefill_s is not None:
            sentence = self.tr("Network and queue {net}, reading on the server {read}, writing {write}.").format(
                net=fmt.seconds(remote.network_queue_s),
                read=fmt.seconds(remote.server_prefill_s),
                write=fmt.seconds(m.decode_s),
            )
        elif remote is not None:
            sentence = self.tr("Until the first token {first}, writing {write}; the server did not say more.").format(
                first=fmt.seconds(m.ttft_s), write=fmt.seconds(m.decode_s)
            )
        else:
            sentence = self.tr("Loading {load}, waiting {queue}, reading {read}, writing {write}.").format(
                load=fmt.seconds(m.load_s),
                queue=fmt.seconds(m.queue_s),
                read=fmt.seconds(m.prefill_s),
                write=fmt.seconds(m.decode_s),
            )
        return explanation, [self._answer_heading(), sentence], (TTFT_TOTAL, LOCAL_REMOTE)

    def _longer_answer(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        m = self._m
        explanation = [
            self.tr(
                "Writing goes one token at a time at a fairly steady speed, so writing time grows with the length "
                "of the answer: twice as many tokens take about twice as long."
            ),
            self.tr(
                "A longer conversation makes reading longer too, and each new token a little slower, because the "
                "model looks back at everything before it. Asking for a short answer, or starting a new chat for "
                "a new topic, brings answers sooner."
            ),
        ]
        example = [self._answer_heading()]
        rate = m.decode_tok_s
        if rate > 0:
            longer = max(500, 2 * m.decode_tokens)
            example.append(
                self.tr(
                    "Writing {n} tokens at {rate} per second took {t}; an answer of {longer} tokens would take "
                    "about {longer_t}."
                ).format(
                    n=_num(m.decode_tokens),
                    rate=_speed(rate),
                    t=fmt.seconds(m.decode_s),
                    longer=_num(longer),
                    longer_t=fmt.seconds(longer / rate),
                )
            )
        else:
            example.append(self.tr("The answer was too short to measure a writing speed."))
        return explanation, example, (PREFILL_DECODE, CONTEXT)

    def _context(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        m = self._m
        explanation = [
            self.tr(
                "The context is how much text the model can keep in mind at once: the instructions, the "
                "conversation, any documents and the answer being written, all counted in tokens. Its size is "
                "chosen when the model is loaded."
            ),
            self.tr(
                "When a conversation no longer fits, its oldest messages are left out and the model no longer "
                "sees them. A larger context holds more, but needs more memory."
            ),
        ]
        example = [self._answer_heading()]
        if m.n_ctx:
            example.append(
                self.tr("The conversation filled {used} of {n_ctx} tokens ({share}).").format(
                    used=_num(m.n_ctx_used), n_ctx=_num(m.n_ctx), share=f"{m.n_ctx_used / m.n_ctx:.0%}"
                )
            )
        else:
            example.append(self.tr("The server did not say how much of its context the conversation filled."))
        if m.dropped_messages:
            example.append(
                self.tr("The {n} oldest messages were left out to make it fit.").format(n=m.dropped_messages)
            )
        model = self.figures.model
        if model is not None and model.n_ctx_train and self.figures.model_own:
            example.append(self.tr("Your model was trained for up to {n} tokens.").format(n=_num(model.n_ctx_train)))
        return explanation, example, (TOKENS, KV_CACHE)

    def _kv_cache(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        m = self._m
        explanation = [
            self.tr(
                "While reading, the model works out, for every token, values it will need again for each later "
                "token. It keeps them in its key-value cache (KV cache): the Conversation memory figure. It grows "
                "as the conversation grows."
            ),
            self.tr(
                "Hearth keeps these values between answers, and on disk after you close it (the Cache tab). When "
                "a conversation starts the same way as before, the model does not read that part again, so the "
                "answer starts sooner."
            ),
        ]
        example = [self._answer_heading()]
        if m.cached_tokens:
            where = fmt.cache_source(m.cache_source)
            sentence = self.tr("{cached} of {total} tokens were reused from {where}.").format(
                cached=_num(m.cached_tokens), total=_num(m.prompt_tokens), where=where
            )
            if m.prefill_tok_s > 0:
                sentence += " " + self.tr("Reading them again would have taken about {t}.").format(
                    t=fmt.seconds(m.cached_tokens / m.prefill_tok_s)
                )
            example.append(sentence)
        else:
            example.append(
                self.tr(
                    "Nothing could be reused this time, so the model read all {total} tokens: a new conversation, "
                    "or its beginning changed."
                ).format(total=_num(m.prompt_tokens))
            )
        if m.kv_bytes:
            example.append(self.tr("The conversation memory took {size}.").format(size=fmt.megabytes(m.kv_bytes)))
        cache = self.figures.cache
        if cache is not None and cache.hits:
            example.append(
                self.tr("So far Hearth's cache has helped {hits} of {total} answers.").format(
                    hits=cache.hits, total=cache.hits + cache.misses
                )
            )
        return explanation, example, (PREFILL_DECODE, CONTEXT, MEMORY)

    def _memory(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        m = self._m
        explanation = [
            self.tr(
                "Hearth runs the model in a separate program, the engine, so a problem with a model file cannot "
                "close the window. Engine memory is most of what Hearth uses: the model's weights, the "
                "conversation memory and working space. App memory is the window itself."
            ),
            self.tr("If the computer runs short of memory, a smaller model or a smaller context helps."),
        ]
        example = [self._answer_heading()]
        if m.remote is not None:
            example.append(self.tr("The model ran on a server, so its memory is the server's, not this computer's."))
        else:
            example.append(
                self.tr("The engine used {rss}, the conversation memory {kv} of it.").format(
                    rss=fmt.megabytes(m.engine_rss_bytes), kv=fmt.megabytes(m.kv_bytes)
                )
            )
            model = self.figures.model
            if model is not None and self.figures.model_own and model.size_bytes:
                example.append(self.tr("The model file alone is {size}.").format(size=fmt.megabytes(model.size_bytes)))
        return explanation, example, (KV_CACHE, QUANTIZATION, MODEL_SIZE)

    def _runs_on(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        explanation = [
            self.tr(
                "A model's layers run either on the processor (CPU) or on a graphics card (GPU). A graphics card "
                "reads its own memory much faster, so it writes many more tokens per second. A model too big for "
                "the card's memory can be split: some layers on the card, the rest on the processor."
            ),
            self.tr(
                "Writing speed depends mostly on how fast the weights can be read from memory, which is why a "
                "smaller model, or a more strongly quantized one, writes faster."
            ),
        ]
        example = [self._model_heading()]
        model = self.figures.model
        if model is None:
            example.append(self.tr("No model is loaded."))
        elif model.gpu_layers <= 0:
            example.append(
                self.tr("{name} runs on the processor, with {threads} threads.").format(
                    name=model.name, threads=model.n_threads
                )
            )
        elif model.gpu_layers >= model.n_layers:
            example.append(
                self.tr("{name} runs on the graphics card: all {n} layers.").format(name=model.name, n=model.n_layers)
            )
        else:
            example.append(
                self.tr(
                    "{name} has {gpu} of its {n} layers on the graphics card and the rest on the processor."
                ).format(name=model.name, gpu=model.gpu_layers, n=model.n_layers)
            )
        return explanation, example, (QUANTIZATION, MODEL_SIZE, LOCAL_REMOTE)

    def _quantization(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        explanation = [
            self.tr(
                "A model is a very large set of numbers, its weights. At full precision each one takes 16 bits. "
                "Quantization stores them with fewer bits, for example about 4 or 5: the file becomes three to "
                "four times smaller, needs that much less memory and writes faster, at a small cost in quality."
            ),
            self.tr(
                "The level is part of the file's name: Q8_0 is almost the original, Q4_K_M a good balance of size "
                "and quality, Q2_K the smallest and clearly worse."
            ),
        ]
        example = [self._model_heading()]
        model = self.figures.model
        if model is None:
            example.append(self.tr("No model is loaded."))
            return explanation, example, (MODEL_SIZE, MEMORY)
        label = quant_label(model.path)
        if label is None:
            example.append(self.tr("The file name of {name} does not say how it is quantized.").format(name=model.name))
            return explanation, example, (MODEL_SIZE, MEMORY)
        example.append(
            self.tr("{name} is stored as {quant}: {hint}.").format(
                name=model.name, quant=label, hint=quant_hint_text(quant_hint(label))
            )
        )
        bits = bits_per_weight(label)
        if bits is not None and model.n_params and model.size_bytes:
            example.append(
                self.tr(
                    "That is about {bits} bits per weight, so its {params} weights take {size}; at 16 bits they "
                    "would take about {full}."
                ).format(
                    bits=f"{bits:g}",
                    params=_params(model.n_params),
                    size=fmt.megabytes(model.size_bytes),
                    full=fmt.megabytes(model.n_params * 2),
                )
            )
        return explanation, example, (MODEL_SIZE, MEMORY, RUNS_ON)

    def _model_size(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        explanation = [
            self.tr(
                "A model's size is its number of weights (parameters): 1B means one billion. Larger models know "
                "more and follow instructions better, but need more memory and write more slowly, because for "
                "every token the computer reads all the weights once."
            ),
            self.tr(
                "A small model answers quickly and fits almost any computer; for hard questions a larger one can "
                "be worth the wait."
            ),
        ]
        example = [self._model_heading()]
        model = self.figures.model
        if model is None:
            example.append(self.tr("No model is loaded."))
        else:
            example.append(
                self.tr("{name} has {params} weights and takes {size}.").format(
                    name=model.name, params=_params(model.n_params), size=fmt.megabytes(model.size_bytes)
                )
            )
            m = self._m
            if self.figures.own and m.decode_tok_s > 0 and m.remote is None:
                example.append(
                    self.tr(
                        "It wrote {rate} tokens per second; a model ten times larger would write roughly ten "
                        "times slower on this computer."
                    ).format(rate=_speed(m.decode_tok_s))
                )
        return explanation, example, (QUANTIZATION, RUNS_ON)

    def _throughput_latency(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        explanation = [
            self.tr(
                "Latency is how long one answer takes. Throughput is how much the engine writes in all, per "
                "second. Hearth's engine can write several answers at once, for a batch job or several chats: "
                "together they get more tokens per second, but each answer gets a share and is slower than it "
                "would be alone."
            ),
            self.tr("For a chat you are watching, latency matters; for a batch of prompts, throughput does."),
        ]
        curve = self.figures.curve
        if self.figures.curve_own:
            heading = self.tr("Your last batch job")
        else:
            heading = self.tr("An example with made-up numbers (run a batch job to see your computer's own)")
        example = [heading]
        if len(curve) >= 2:
            low, high = curve[0], curve[-1]
            if low.at_once == 1:
                sentence = self.tr(
                    "With one answer at a time the engine wrote {low_total} tokens per second; with {high} at "
                    "once, {high_total} in all, but only {each} for each answer."
                )
            else:
                sentence = self.tr(
                    "With {low} answers at once the engine wrote {low_total} tokens per second; with {high} at "
                    "once, {high_total} in all, but only {each} for each answer."
                )
            example.append(
                sentence.format(
                    low=low.at_once,
                    low_total=_speed(low.total_tok_s),
                    high=high.at_once,
                    high_total=_speed(high.total_tok_s),
                    each=_speed(high.each_tok_s),
                )
            )
        m = self._m
        if self.figures.own and m.max_active_answers > 1:
            example.append(
                self.tr("Your last answer shared the engine with up to {n} other answers.").format(
                    n=m.max_active_answers - 1
                )
            )
        return explanation, example, (PREFILL_DECODE, LONGER_ANSWER)

    def _local_remote(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        explanation = [
            self.tr(
                "A local model runs on this computer: what you write never leaves it, it works offline, and its "
                "speed is this computer's."
            ),
            self.tr(
                "A remote engine is a server you added in the Privacy tab, on your network or on the internet. It "
                "can run larger models faster, but what you send travels there, it needs the network, and the "
                "network and the server's queue add to the wait for the first token. Hearth measures what it can "
                "see and shows what the server reports."
            ),
        ]
        m = self._m
        example = [self._answer_heading()]
        if m.remote is None:
            example.append(self.tr("The answer came from this computer; nothing was sent anywhere."))
        else:
            sentence = self.tr("The answer came from {host}.").format(host=m.remote.host)
            if m.remote.network_queue_s is not None:
                sentence += " " + self.tr("The network and the server's queue took {t} of the wait.").format(
                    t=fmt.seconds(m.remote.network_queue_s)
                )
            example.append(sentence)
        return explanation, example, (SEGMENTS, RETRY_FALLBACK)

    def _retry_fallback(self) -> tuple[list[str], list[str], tuple[str, ...]]:
        explanation = [
            self.tr(
                "A server can be busy or out of reach for a moment. Hearth then asks again a few times, waiting a "
                "little longer each time: a retry."
            ),
            self.tr(
                "If it still gets no answer, a conversation can fall back to the model on this computer: turn on "
                "“Answer on this computer instead” in the Conversation tab. A model on this computer "
                "needs no network, so it has nothing to retry."
            ),
        ]
        m = self._m
        example = [self._answer_heading()]
        if m.remote is None:
            example.append(self.tr("The answer came from this computer, so there was nothing to retry."))
        elif m.remote.retries:
            example.append(
                self.tr("The server was busy or out of reach, so Hearth asked again {n} times.").format(
                    n=m.remote.retries
                )
            )
        else:
            example.append(self.tr("The server answered the first time."))
        return explanation, example, (LOCAL_REMOTE,)
