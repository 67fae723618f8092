<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Composer</name>
    <message>
        <location filename="../../app/composer.py" line="16"/>
        <source>Type a message. Enter sends, Shift+Enter adds a new line.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EngineClient</name>
    <message>
        <location filename="../../app/engine_client.py" line="149"/>
        <source>No model is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ErrorView</name>
    <message>
        <location filename="../../app/message_bubble.py" line="21"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <location filename="../../app/formatting.py" line="36"/>
        <source>{n} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="42"/>
        <source>first token {t}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="44"/>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="46"/>
        <source>length limit reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="48"/>
        <source>context full</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LivePlotView</name>
    <message>
        <location filename="../../app/live_plot.py" line="19"/>
        <source>Writing speed (tok/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/live_plot.py" line="20"/>
        <source>Memory (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/live_plot.py" line="25"/>
        <source>engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/live_plot.py" line="26"/>
        <source>app</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/main_window.py" line="51"/>
        <source>Hearth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="66"/>
        <location filename="../../app/main_window.py" line="279"/>
        <source>No model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="74"/>
        <source>Loading model… %p%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="86"/>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="89"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="91"/>
        <source>Stop the answer now (Esc).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="159"/>
        <source>Loading {name}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="167"/>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="169"/>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="210"/>
        <source>{arch} · {params} parameters · {size} · context {ctx} tokens · {threads} threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="219"/>
        <source>chat format: from the model file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="221"/>
        <source>chat format: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="223"/>
        <source>This model file has no chat format of its own, so Hearth uses a common default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="268"/>
        <source>The text so far is kept; your next message starts a fresh engine.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MetricsPanel</name>
    <message>
        <location filename="../../app/metrics_panel.py" line="39"/>
        <source>Performance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="48"/>
        <source>First token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="50"/>
        <source>How long you waited before the answer started: it grows with how much text the model must read first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="56"/>
        <source>Reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="57"/>
        <source>How much of your conversation the model read before answering, and how fast it read it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="61"/>
        <source>Writing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="62"/>
        <source>How many words-pieces (tokens) the model wrote and how many it writes per second.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="66"/>
        <source>Total time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="67"/>
        <source>From pressing Send to the last word, split into loading, waiting, reading and writing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="71"/>
        <source>Engine memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="72"/>
        <source>Memory used by the separate process that runs the model, model weights included.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="74"/>
        <source>App memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="74"/>
        <source>Memory used by this window itself, without the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="77"/>
        <source>Conversation memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="78"/>
        <source>Memory the model uses to remember this conversation so far (its key-value cache).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="82"/>
        <source>Context used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="84"/>
        <source>How much of the model&apos;s working memory this conversation fills; when it is full, old text must go.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="121"/>
        <source>Send a message to see how fast the model reads and writes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="178"/>
        <source>loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="179"/>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="180"/>
        <source>reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="181"/>
        <source>writing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="210"/>
        <source>Reused {cached} of {total} prompt tokens already in memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="215"/>
        <source>The model read {n} new tokens in {t} and started answering after {ttft}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="220"/>
        <source>It wrote {n} tokens at {rate}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="223"/>
        <source>Loading the model took {t} of the wait.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
