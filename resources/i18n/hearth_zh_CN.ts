<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Composer</name>
    <message>
        <location filename="../../app/composer.py" line="16"/>
        <source>Type a message. Enter sends, Shift+Enter adds a new line.</source>
        <translation>输入消息。按 Enter 发送，Shift+Enter 换行。</translation>
    </message>
</context>
<context>
    <name>EngineClient</name>
    <message>
        <location filename="../../app/engine_client.py" line="150"/>
        <source>No model is loaded.</source>
        <translation>尚未加载模型。</translation>
    </message>
    <message>
        <location filename="../../app/engine_client.py" line="166"/>
        <source>The engine could not be started: {error}</source>
        <translation>无法启动引擎：{error}</translation>
    </message>
</context>
<context>
    <name>ErrorView</name>
    <message>
        <location filename="../../app/message_bubble.py" line="32"/>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <location filename="../../app/formatting.py" line="32"/>
        <source>{n} tokens</source>
        <translation>{n} 个 token</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="39"/>
        <source>first token {t}</source>
        <translation>首个 token {t}</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="44"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="46"/>
        <source>length limit reached</source>
        <translation>已达长度上限</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="48"/>
        <source>context full</source>
        <translation>上下文已满</translation>
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
        <translation>内存（MB）</translation>
    </message>
    <message>
        <location filename="../../app/live_plot.py" line="91"/>
        <source>engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../../app/live_plot.py" line="91"/>
        <source>app</source>
        <translation>应用</translation>
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
        <translation>未加载模型</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="74"/>
        <source>Loading model… %p%</source>
        <translation>正在加载模型… %p%</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="86"/>
        <source>Send</source>
        <translation>发送</translation>
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
        <translation>正在加载 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="167"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="169"/>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="210"/>
        <source>{arch} · {params} parameters · {size} · context {ctx} tokens · {threads} threads</source>
        <translation>{arch} · {params} 参数 · {size} · 上下文 {ctx} 个 token · {threads} 个线程</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="219"/>
        <source>chat format: from the model file</source>
        <translation>对话格式：取自模型文件</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="221"/>
        <source>chat format: {name}</source>
        <translation>对话格式：{name}</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="223"/>
        <source>This model file has no chat format of its own, so Hearth uses a common default.</source>
        <translation>此模型文件没有自带的对话格式，因此 Hearth 使用常见的默认格式。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="268"/>
        <source>The text so far is kept; your next message starts a fresh engine.</source>
        <translation>目前为止的文字会保留；下一条消息将启动新的引擎。</translation>
    </message>
</context>
<context>
    <name>MetricsPanel</name>
    <message>
        <location filename="../../app/metrics_panel.py" line="43"/>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="52"/>
        <source>First token</source>
        <translation>首个 token</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="54"/>
        <source>How long you waited before the answer started: it grows with how much text the model must read first.</source>
        <translation>回答开始前你等了多久：模型需要先读取的文字越多，等待就越长。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="60"/>
        <source>Reading</source>
        <translation>读取</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="61"/>
        <source>How much of your conversation the model read before answering, and how fast it read it.</source>
        <translation>模型在回答前读取了多少对话内容，以及读取的速度。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="65"/>
        <source>Writing</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="66"/>
        <source>How many words-pieces (tokens) the model wrote and how many it writes per second.</source>
        <translation>模型生成了多少个词片段（token），以及每秒生成多少个。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="70"/>
        <source>Total time</source>
        <translation>总时间</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="71"/>
        <source>From pressing Send to the last word, split into loading, waiting, reading and writing.</source>
        <translation>从按下“发送”到最后一个字，分为加载、等待、读取和生成四段。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="75"/>
        <source>Engine memory</source>
        <translation>引擎内存</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="76"/>
        <source>Memory used by the separate process that runs the model, model weights included.</source>
        <translation>运行模型的独立进程所占用的内存，包括模型权重。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="78"/>
        <source>App memory</source>
        <translation>应用内存</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="78"/>
        <source>Memory used by this window itself, without the model.</source>
        <translation>此窗口本身占用的内存，不含模型。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="81"/>
        <source>Conversation memory</source>
        <translation>对话内存</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="82"/>
        <source>Memory the model uses to remember this conversation so far (its key-value cache).</source>
        <translation>模型用来记住目前对话内容的内存（即键值缓存）。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="86"/>
        <source>Context used</source>
        <translation>已用上下文</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="88"/>
        <source>How much of the model&apos;s working memory this conversation fills; when it is full, old text must go.</source>
        <translation>这段对话占用了模型多少工作记忆；用满时，较早的文字就必须舍弃。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="125"/>
        <source>Send a message to see how fast the model reads and writes.</source>
        <translation>发送消息后，即可看到模型读取和生成的速度。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="182"/>
        <source>loading</source>
        <translation>加载</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="183"/>
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="184"/>
        <source>reading</source>
        <translation>读取</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="185"/>
        <source>writing</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="216"/>
        <source>Reused {cached} of {total} prompt tokens already in memory.</source>
        <translation>{total} 个提示 token 中有 {cached} 个已在内存中，直接复用。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="221"/>
        <source>The model read {n} new tokens in {t} and started answering after {ttft}.</source>
        <translation>模型在 {t} 内读取了 {n} 个新 token，并在 {ttft} 后开始回答。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="226"/>
        <source>It wrote {n} tokens at {rate}.</source>
        <translation>它以 {rate} 的速度生成了 {n} 个 token。</translation>
    </message>
    <message>
        <location filename="../../app/metrics_panel.py" line="229"/>
        <source>Loading the model took {t} of the wait.</source>
        <translation>等待时间中，加载模型占了 {t}。</translation>
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
        <translation>现在</translation>
    </message>
</context>
</TS>
