<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW" sourcelanguage="en">
<context>
    <name>Composer</name>
    <message>
        <location filename="../../app/composer.py" line="16"/>
        <source>Type a message. Enter sends, Shift+Enter adds a new line.</source>
        <translation>輸入訊息。按 Enter 傳送，Shift+Enter 換行。</translation>
    </message>
</context>
<context>
    <name>EngineClient</name>
    <message>
        <location filename="../../app/engine_client.py" line="150"/>
        <source>No model is loaded.</source>
        <translation>尚未載入模型。</translation>
    </message>
    <message>
        <location filename="../../app/engine_client.py" line="166"/>
        <source>The engine could not be started: {error}</source>
        <translation>無法啟動引擎：{error}</translation>
    </message>
</context>
<context>
    <name>ErrorView</name>
    <message>
        <location filename="../../app/message_bubble.py" line="32"/>
        <source>Details</source>
        <translation>詳細資訊</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <location filename="../../app/formatting.py" line="32"/>
        <source>{n} tokens</source>
        <translation>{n} 個 token</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="39"/>
        <source>first token {t}</source>
        <translation>首個 token {t}</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="44"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="46"/>
        <source>length limit reached</source>
        <translation>已達長度上限</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="48"/>
        <source>context full</source>
        <translation>上下文已滿</translation>
    </message>
</context>
<context>
    <name>LivePlotView</name>
    <message>
        <location filename="../../app/live_plot.py" line="89"/>
        <source>Writing speed (tok/s)</source>
        <translation>生成速度（tok/s）</translation>
    </message>
    <message>
        <location filename="../../app/live_plot.py" line="91"/>
        <source>Memory (MB)</source>
        <translation>記憶體（MB）</translation>
    </message>
    <message>
        <location filename="../../app/live_plot.py" line="91"/>
        <source>engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../../app/live_plot.py" line="91"/>
        <source>app</source>
        <translation>應用程式</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/main_window.py" line="51"/>
        <source>Hearth</source>
        <translation>Hearth</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="66"/>
        <location filename="../../app/main_window.py" line="279"/>
        <source>No model</source>
        <translation>未載入模型</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="74"/>
        <source>Loading model… %p%</source>
        <translation>正在載入模型… %p%</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="86"/>
        <source>Send</source>
        <translation>傳送</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="89"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="91"/>
        <source>Stop the answer now (Esc).</source>
        <translation>立即停止回答（Esc）。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="159"/>
        <source>Loading {name}…</source>
        <translation>正在載入 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="167"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="169"/>
        <source>Assistant</source>
        <translation>助理</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="210"/>
        <source>{arch} · {params} parameters · {size} · context {ctx} tokens · {threads} threads</source>
        <translation>{arch} · {params} 參數 · {size} · 上下文 {ctx} 個 token · {threads} 個執行緒</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="219"/>
        <source>chat format: from the model file</source>
        <translation>對話格式：取自模型檔案</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="221"/>
        <source>chat format: {name}</source>
        <translation>對話格式：{name}</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="223"/>
        <source>This model file has no chat format of its own, so Hearth uses a common default.</source>
        <translation>這個模型檔案沒有自帶的對話格式，因此 Hearth 使用常見的預設格式。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="268"/>
        <source>The text so far is kept; your next message starts a fresh engine.</source>
        <translation>目前為止的文字會保留；下一則訊息會啟動新的引擎。</translation>
    </message>
</context>
<context>
    <name>MetricsPanel</name>
    <message>
        <location filename="../../app/metrics_panel.py" line="43"/>
        <source>Performance</source>
        <translation>效能</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="52"/>
        <source>First token</source>
        <translation>首個 token</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="54"/>
        <source>How long you waited before the answer started: it grows with how much text the model must read first.</source>
        <translation>回答開始前你等了多久：模型需要先讀取的文字越多，等待就越長。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="60"/>
        <source>Reading</source>
        <translation>讀取</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="61"/>
        <source>How much of your conversation the model read before answering, and how fast it read it.</source>
        <translation>模型在回答前讀取了多少對話內容，以及讀取的速度。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="65"/>
        <source>Writing</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="66"/>
        <source>How many words-pieces (tokens) the model wrote and how many it writes per second.</source>
        <translation>模型生成了多少個字詞片段（token），以及每秒生成多少個。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="70"/>
        <source>Total time</source>
        <translation>總時間</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="71"/>
        <source>From pressing Send to the last word, split into loading, waiting, reading and writing.</source>
        <translation>從按下「傳送」到最後一個字，分為載入、等待、讀取與生成四段。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="75"/>
        <source>Engine memory</source>
        <translation>引擎記憶體</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="76"/>
        <source>Memory used by the separate process that runs the model, model weights included.</source>
        <translation>執行模型的獨立處理程序所使用的記憶體，包含模型權重。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="78"/>
        <source>App memory</source>
        <translation>應用程式記憶體</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="78"/>
        <source>Memory used by this window itself, without the model.</source>
        <translation>這個視窗本身使用的記憶體，不含模型。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="81"/>
        <source>Conversation memory</source>
        <translation>對話記憶體</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="82"/>
        <source>Memory the model uses to remember this conversation so far (its key-value cache).</source>
        <translation>模型用來記住目前對話內容的記憶體（即鍵值快取）。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="86"/>
        <source>Context used</source>
        <translation>已用上下文</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="88"/>
        <source>How much of the model&apos;s working memory this conversation fills; when it is full, old text must go.</source>
        <translation>這段對話佔用了模型多少工作記憶；用滿時，較早的文字就必須捨棄。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="125"/>
        <source>Send a message to see how fast the model reads and writes.</source>
        <translation>傳送訊息後，即可看到模型讀取與生成的速度。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="182"/>
        <source>loading</source>
        <translation>載入</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="183"/>
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="184"/>
        <source>reading</source>
        <translation>讀取</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="185"/>
        <source>writing</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="216"/>
        <source>Reused {cached} of {total} prompt tokens already in memory.</source>
        <translation>{total} 個提示 token 中有 {cached} 個已在記憶體中，直接重複使用。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="221"/>
        <source>The model read {n} new tokens in {t} and started answering after {ttft}.</source>
        <translation>模型在 {t} 內讀取了 {n} 個新 token，並在 {ttft} 後開始回答。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="226"/>
        <source>It wrote {n} tokens at {rate}.</source>
        <translation>它以 {rate} 的速度生成了 {n} 個 token。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="229"/>
        <source>Loading the model took {t} of the wait.</source>
        <translation>等待時間中，載入模型佔了 {t}。</translation>
    </message>
</context>
<context>
    <name>SparklineView</name>
    <message>
        <location filename="../../app/live_plot.py" line="57"/>
        <source>{s} s ago</source>
        <translation>{s} 秒前</translation>
    </message>
    <message>
        <location filename="../../app/live_plot.py" line="57"/>
        <source>now</source>
        <translation>現在</translation>
    </message>
</context>
</TS>
