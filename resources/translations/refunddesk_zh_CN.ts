<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Attempt</name>
    <message>
        <source>no answer recorded</source>
        <translation>未记录响应</translation>
    </message>
    <message>
        <source>refunded</source>
        <translation>已退款</translation>
    </message>
    <message>
        <source>declined by the provider</source>
        <translation>被服务商拒绝</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>409: a request with the same key was still in progress</source>
        <translation>409：同一幂等键的请求仍在处理中</translation>
    </message>
    <message>
        <source>saved 500: outcome unknown</source>
        <translation>已保存的 500 响应：结果未知</translation>
    </message>
    <message>
        <source>network error: outcome unknown</source>
        <translation>网络错误：结果未知</translation>
    </message>
    <message>
        <source>key reused with other parameters</source>
        <translation>幂等键被用于不同参数的请求</translation>
    </message>
</context>
<context>
    <name>Audit</name>
    <message>
        <source>The export could not be written: %1. Check the disk space and the target&apos;s permissions.</source>
        <translation>无法写入导出文件：%1。请检查磁盘空间和目标位置的权限。</translation>
    </message>
</context>
<context>
    <name>AuditReport</name>
    <message>
        <source>broken at #%1: %2</source>
        <translation>链在 #%1 处断裂：%2</translation>
    </message>
    <message>
        <source>chain intact through #%1, but an invariant is broken (%2): %3</source>
        <translation>链完整至 #%1，但有不变量被破坏（%2）：%3</translation>
    </message>
    <message>
        <source>invariant broken (%1): %2</source>
        <translation>不变量被破坏（%1）：%2</translation>
    </message>
    <message numerus="yes">
        <source>(%n row(s) in all)</source>
        <translation>
            <numerusform>（共 %n 行）</numerusform>
        </translation>
    </message>
    <message>
        <source>a provider lookup named as evidence is as it was</source>
        <translation>作为证据引用的服务商查询未被改动</translation>
    </message>
    <message>
        <source>resolution #%1 names provider lookup %2, which is about %3, not %4: the lookup or the decision was altered.</source>
        <translation>决定 #%1 引用了服务商查询 %2，但该查询属于 %3 而不是 %4：查询或决定已被改动。</translation>
    </message>
    <message>
        <source>resolution #%1 names provider lookup %2 with SHA-256 %3, but its stored responses now hash to %4: the lookup was edited after the decision.</source>
        <translation>决定 #%1 引用了 SHA-256 为 %3 的服务商查询 %2，但其保存的响应现在的哈希为 %4：查询在决定之后被修改过。</translation>
    </message>
    <message>
        <source>resolution #%1 names provider lookup %2, which the store no longer holds: the lookup was removed after the decision.</source>
        <translation>决定 #%1 引用了服务商查询 %2，但存储中已没有它：查询在决定之后被删除。</translation>
    </message>
    <message numerus="yes">
        <source>verified %n resolution(s), chain intact through #%1</source>
        <translation>
            <numerusform>已验证 %n 条处理记录，链完整至 #%1</numerusform>
        </translation>
    </message>
    <message>
        <source>each response body is as the provider sent it</source>
        <translation>每个响应正文与服务商发送时一致</translation>
    </message>
    <message>
        <source>the response body kept under SHA-256 %1 now hashes to %2: it was edited after it was kept.</source>
        <translation>以 SHA-256 %1 保存的响应正文现在的哈希为 %2：保存后被修改过。</translation>
    </message>
    <message>
        <source>each provider lookup rests on the bodies it names</source>
        <translation>每个服务商查询所引用的响应正文都在</translation>
    </message>
    <message>
        <source>provider lookup %1 names the response body %2, which the store does not hold: the body was removed.</source>
        <translation>服务商查询 %1 引用了响应正文 %2，但存储中没有它：该正文已被删除。</translation>
    </message>
    <message>
        <source>provider lookup %1 has the SHA-256 %2, but the bodies it names make %3: the lookup was edited after it was kept.</source>
        <translation>服务商查询 %1 的 SHA-256 为 %2，但其引用的响应正文得出 %3：查询在保存后被修改过。</translation>
    </message>
    <message>
        <source>resolution #%1 names provider lookup %2, but the response body %3 it rests on was edited or removed after the decision.</source>
        <translation>决定 #%1 引用了服务商查询 %2，但它所依据的响应正文 %3 在决定之后被修改或删除。</translation>
    </message>
</context>
<context>
    <name>BatchColumns</name>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Refund id</source>
        <translation>退款 ID</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Stripe lookup %1 listed every refund: none for this operation</source>
        <translation>Stripe 查询 %1 列出了全部退款：没有此操作的退款</translation>
    </message>
    <message>
        <source>Stripe lookup %1 found the refund failed</source>
        <translation>Stripe 查询 %1 发现退款失败</translation>
    </message>
    <message>
        <source>Stripe lookup %1 found the refund succeeded</source>
        <translation>Stripe 查询 %1 发现退款成功</translation>
    </message>
    <message>
        <source>Stripe&apos;s event %1 says the refund failed</source>
        <translation>Stripe 事件 %1 表明退款失败</translation>
    </message>
    <message>
        <source>Stripe&apos;s event %1 says the refund succeeded</source>
        <translation>Stripe 事件 %1 表明退款成功</translation>
    </message>
</context>
<context>
    <name>BatchPlan</name>
    <message>
        <source>its verdict was not asked for</source>
        <translation>未请求此裁定</translation>
    </message>
    <message>
        <source>the refund is still pending</source>
        <translation>退款仍在处理中</translation>
    </message>
    <message>
        <source>the events are in conflict</source>
        <translation>事件相互矛盾</translation>
    </message>
    <message>
        <source>recording it would need an override</source>
        <translation>记录它需要推翻证据</translation>
    </message>
    <message>
        <source>claimed by %1</source>
        <translation>已被 %1 认领</translation>
    </message>
    <message>
        <source>no event or Stripe lookup settles it</source>
        <translation>没有事件或 Stripe 查询能确定它</translation>
    </message>
    <message>
        <source>the evidence names no single refund and event or lookup</source>
        <translation>证据没有指明唯一的退款以及事件或查询</translation>
    </message>
    <message>
        <source>Stripe lookup %1</source>
        <translation>Stripe 查询 %1</translation>
    </message>
    <message>
        <source>a note since the evidence</source>
        <translation>证据之后有备注</translation>
    </message>
    <message>
        <source>a follow-up date still to come</source>
        <translation>跟进日期尚未到来</translation>
    </message>
    <message>
        <source>a note since the evidence: %1</source>
        <translation>证据之后有备注：%1</translation>
    </message>
    <message>
        <source>follow-up on %1: %2</source>
        <translation>于 %1 跟进：%2</translation>
    </message>
    <message>
        <source>left out by the reviewer</source>
        <translation>被审核人排除</translation>
    </message>
    <message>
        <source>Stripe lists a refund of its payment that no operation here made</source>
        <translation>Stripe 列出了该付款的一笔退款，但并非此处任何操作所发起</translation>
    </message>
</context>
<context>
    <name>BatchReviewDialog</name>
    <message numerus="yes">
        <source>%1: %n operation(s), %2</source>
        <comment>outcome: count, amount</comment>
        <translation>
            <numerusform>%1：%n 个操作，%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>refund-desk: unknown command &apos;%1&apos;</source>
        <translation>refund-desk：未知命令“%1”</translation>
    </message>
    <message>
        <source>unexpected arguments: %1</source>
        <translation>多余的参数：%1</translation>
    </message>
    <message>
        <source>expected %1</source>
        <translation>应提供 %1</translation>
    </message>
    <message>
        <source>--db PATH is required: name the store to work on.</source>
        <translation>必须提供 --db PATH：请指定要操作的存储库。</translation>
    </message>
    <message>
        <source>%1 cannot be written. %2 Nothing was written: ask for write access to the file and its folder, or work on a writable copy.</source>
        <translation>无法写入 %1。%2 未写入任何内容：请申请该文件及其所在文件夹的写入权限，或使用可写的副本。</translation>
    </message>
    <message>
        <source>Run &apos;refund-desk %1 --help&apos; for the options.</source>
        <translation>运行“refund-desk %1 --help”查看可用选项。</translation>
    </message>
    <message>
        <source>--operations wants a whole number from 1 to %1.</source>
        <translation>--operations 需要 1 到 %1 之间的整数。</translation>
    </message>
    <message>
        <source>--seed wants a whole number from 0 to 18446744073709551615.</source>
        <translation>--seed 需要 0 到 18446744073709551615 之间的整数。</translation>
    </message>
    <message>
        <source>--now wants milliseconds since the Unix epoch.</source>
        <translation>--now 需要自 Unix 纪元起的毫秒数。</translation>
    </message>
    <message>
        <source>--format wants csv or json.</source>
        <translation>--format 只能是 csv 或 json。</translation>
    </message>
    <message>
        <source>--from wants a date like 2024-05-01 or a time like 2024-05-01T09:30:00Z.</source>
        <translation>--from 需要形如 2024-05-01 的日期或形如 2024-05-01T09:30:00Z 的时间。</translation>
    </message>
    <message>
        <source>--to wants a date like 2024-05-31 or a time like 2024-06-01T00:00:00Z.</source>
        <translation>--to 需要形如 2024-05-31 的日期或形如 2024-06-01T00:00:00Z 的时间。</translation>
    </message>
    <message>
        <source>--from must come before --to.</source>
        <translation>--from 必须早于 --to。</translation>
    </message>
    <message>
        <source>--output names the store itself; choose another file.</source>
        <translation>--output 指向了存储库本身；请选择其他文件。</translation>
    </message>
    <message>
        <source>Standard output cannot be written.</source>
        <translation>无法写入标准输出。</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2. Choose a file in a folder you may write to.</source>
        <translation>无法写入 %1：%2。请选择一个您有写入权限的文件夹中的文件。</translation>
    </message>
    <message>
        <source>%1 could not be saved: %2. Nothing was replaced.</source>
        <translation>无法保存 %1：%2。未替换任何文件。</translation>
    </message>
    <message>
        <source>cannot read the file %1: it does not exist or is not a readable file.</source>
        <translation>无法读取文件 %1：文件不存在或不可读。</translation>
    </message>
    <message>
        <source>the file could not be read to its end</source>
        <translation>文件未能读到末尾</translation>
    </message>
    <message>
        <source>%1; the good entries were imported. Fix the file and import it again: events already present are ignored.</source>
        <translation>%1；有效条目已导入。请修正文件后重新导入：已存在的事件会被忽略。</translation>
    </message>
    <message>
        <source>--anchor wants a 64-digit hex hash as verify printed it.</source>
        <translation>--anchor 需要 verify 输出的 64 位十六进制哈希值。</translation>
    </message>
    <message numerus="yes">
        <source>%n entries were skipped</source>
        <translation>
            <numerusform>跳过了 %n 个条目</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no operation %1 in %2. Check the id (e.g. op_5521) with &apos;refund-desk queue&apos;.</source>
        <translation>%2 中没有操作 %1。请用“refund-desk queue”核对 ID（例如 op_5521）。</translation>
    </message>
    <message>
        <source>--outcome must be &apos;refunded&apos; or &apos;failed&apos;.</source>
        <translation>--outcome 只能是“refunded”或“failed”。</translation>
    </message>
    <message>
        <source>--from SRC and --to DST are both required: name the store to copy and the new store to create.</source>
        <translation>必须同时提供 --from SRC 和 --to DST：请指定要复制的存储库和要新建的存储库。</translation>
    </message>
    <message>
        <source>--to names a file of the source itself; choose another path.</source>
        <translation>--to 指向的是源存储库自身的文件；请选择其他路径。</translation>
    </message>
    <message>
        <source>The copy at %1 does not match its source (see the counts and chains above). Do not use it: remove it and copy again.</source>
        <translation>位于 %1 的副本与源不一致（见上方的行数和审计链）。请勿使用：删除后重新复制。</translation>
    </message>
    <message>
        <source>Try &apos;refund-desk --help&apos;.</source>
        <translation>运行“refund-desk --help”查看帮助。</translation>
    </message>
    <message>
        <source>refund-desk: give either --db PATH or --demo, not both.</source>
        <translation>refund-desk：请只指定 --db PATH 或 --demo 其中之一，不能同时指定。</translation>
    </message>
    <message>
        <source>refund-desk: --select goes with --screenshot.</source>
        <translation>refund-desk：--select 只能与 --screenshot 一起使用。</translation>
    </message>
    <message>
        <source>refund-desk: --operator needs a name.</source>
        <translation>refund-desk：--operator 需要一个名称。</translation>
    </message>
    <message>
        <source>refund-desk: cannot show operation %1: %2</source>
        <translation>refund-desk：无法显示操作 %1：%2</translation>
    </message>
    <message>
        <source>refund-desk: cannot write the screenshot to %1. Check that the folder exists and can be written.</source>
        <translation>refund-desk：无法将截图写入 %1。请检查该文件夹是否存在且可写。</translation>
    </message>
    <message>
        <source>refund-desk: cannot open the console: %1 Run it in a desktop session; the commands in &apos;refund-desk --help&apos; need no display.</source>
        <translation>refund-desk：无法打开控制台：%1请在桌面会话中运行；“refund-desk --help”中列出的命令无需显示器。</translation>
    </message>
    <message>
        <source>there is no display (DISPLAY and WAYLAND_DISPLAY are not set).</source>
        <translation>没有显示器（未设置 DISPLAY 和 WAYLAND_DISPLAY）。</translation>
    </message>
    <message>
        <source>the window system %1 has no display to open on (DISPLAY or WAYLAND_DISPLAY is not set).</source>
        <translation>窗口系统 %1 没有可用于打开窗口的显示器（未设置 DISPLAY 或 WAYLAND_DISPLAY）。</translation>
    </message>
    <message>
        <source>The store to work on.</source>
        <translation>要操作的存储。</translation>
    </message>
    <message>
        <source>refund-desk copy: copies a whole store into a new one, keeping every id, hash, time and
payload byte, e.g. to move a store to another backend or to hand an auditor a file.
The source is only read (one consistent snapshot, even while others write to it). The
destination must not exist: it is created with its own schema, and only a complete
copy is kept (an interrupted one leaves no store behind). Afterwards the audit chain
and the row counts of both ends are checked and compared. A copy repairs nothing: a
broken chain arrives broken, and verify fails on both ends alike.</source>
        <translation>refund-desk copy：将整个存储复制到一个新存储中，保留每个 id、哈希、时间和
载荷的每个字节，例如将存储迁移到另一个后端，或将文件交给审计人员。
源只被读取（一个一致的快照，即使其他人正在写入）。目标必须不存在：
它以自己的模式创建，且只保留完整的副本（中断的复制不会留下存储）。
之后检查并比较两端的审计链和行数。复制不修复任何东西：
损坏的链复制后仍然损坏，verify 在两端同样失败。</translation>
    </message>
    <message>
        <source>The store to copy (only read).</source>
        <translation>要复制的存储（只读取）。</translation>
    </message>
    <message>
        <source>The new store to create (must not exist).</source>
        <translation>要创建的新存储（必须不存在）。</translation>
    </message>
    <message>
        <source>How many refund operations to simulate (default 2000).</source>
        <translation>要模拟的退款操作数量（默认 2000）。</translation>
    </message>
    <message>
        <source>The seed: the same seed gives the same store (default 1).</source>
        <translation>随机种子：相同的种子生成相同的存储（默认 1）。</translation>
    </message>
    <message>
        <source>Simulate up to this time (ms since the epoch) instead of now, for a store that is the same on every run.</source>
        <translation>模拟到此时间（自纪元起的毫秒数）而非当前时间，使每次运行得到相同的存储。</translation>
    </message>
    <message>
        <source>finishing the store (statistics, checkpoint)</source>
        <translation>正在完成存储（统计信息、检查点）</translation>
    </message>
    <message>
        <source>Demo store: %1</source>
        <translation>演示存储：%1</translation>
    </message>
    <message>
        <source>Seed: %1, simulated up to %2</source>
        <translation>种子：%1，模拟到 %2</translation>
    </message>
    <message>
        <source>Operations: %1</source>
        <translation>操作：%1</translation>
    </message>
    <message>
        <source>Resolutions: %1</source>
        <translation>处理记录：%1</translation>
    </message>
    <message>
        <source>Double refunds (old tool version): %1</source>
        <translation>重复退款（旧版工具）：%1</translation>
    </message>
    <message>
        <source>Reference case: %1 (order %2, %3 %4, unknown)</source>
        <translation>参考案例：%1（订单 %2，%3 %4，unknown）</translation>
    </message>
    <message>
        <source>Elapsed: %1 s (%2 operations/s)</source>
        <translation>耗时：%1 秒（每秒 %2 个操作）</translation>
    </message>
    <message>
        <source>csv (default) or json.</source>
        <translation>csv（默认）或 json。</translation>
    </message>
    <message>
        <source>Only resolutions recorded from this UTC date (YYYY-MM-DD) or ISO 8601 time on.</source>
        <translation>仅包括自此 UTC 日期（YYYY-MM-DD）或 ISO 8601 时间起记录的处理。</translation>
    </message>
    <message>
        <source>Only resolutions recorded through this UTC date (inclusive), or before this ISO 8601 time.</source>
        <translation>仅包括截至此 UTC 日期（含）或此 ISO 8601 时间之前记录的处理。</translation>
    </message>
    <message>
        <source>Write to FILE (replaced only once complete) instead of standard output.</source>
        <translation>写入 FILE（仅在完成后替换）而非标准输出。</translation>
    </message>
    <message>
        <source>... and %1 more</source>
        <translation>……还有 %1 条</translation>
    </message>
    <message>
        <source>Imported %1 (%2): %3 read, %4 new, %5 already present, %6 skipped.</source>
        <translation>已导入 %1（%2）：读取 %3，新增 %4，已存在 %5，跳过 %6。</translation>
    </message>
    <message>
        <source>Skipped (not stored):</source>
        <translation>已跳过（未存储）：</translation>
    </message>
    <message>
        <source>Stored, but not readable as refund evidence (the console lists them as unreadable):</source>
        <translation>已存储，但无法作为退款证据读取（控制台将其列为无法读取）：</translation>
    </message>
    <message>
        <source>Stopped early, the rest of the file was not read: %1</source>
        <translation>提前停止，文件的其余部分未读取：%1</translation>
    </message>
    <message>
        <source>Print a JSON array.</source>
        <translation>输出 JSON 数组。</translation>
    </message>
    <message>
        <source>No operation is unknown or being checked.</source>
        <translation>没有处于未知或核查中的操作。</translation>
    </message>
    <message>
        <source>Print a JSON object.</source>
        <translation>输出 JSON 对象。</translation>
    </message>
    <message>
        <source>%1  order %2  %3 %4  %5</source>
        <translation>%1  订单 %2  %3 %4  %5</translation>
    </message>
    <message>
        <source>key %1 (%2)</source>
        <translation>密钥 %1（%2）</translation>
    </message>
    <message>
        <source>created %1, updated %2</source>
        <translation>创建于 %1，更新于 %2</translation>
    </message>
    <message>
        <source>claimed by %1 at %2</source>
        <translation>由 %1 于 %2 认领</translation>
    </message>
    <message>
        <source>Attempts:</source>
        <translation>尝试：</translation>
    </message>
    <message>
        <source>Events (verdict %1): %2</source>
        <translation>事件（判定 %1）：%2</translation>
    </message>
    <message>
        <source>by %1</source>
        <comment>an event, matched by a route</comment>
        <translation>匹配依据 %1</translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>Resolutions:</source>
        <translation>处理记录：</translation>
    </message>
    <message>
        <source>by %1 at %2, evidence %3</source>
        <translation>由 %1 于 %2 记录，证据 %3</translation>
    </message>
    <message>
        <source>(overrides the evidence)</source>
        <translation>（推翻证据）</translation>
    </message>
    <message>
        <source>Take the operation over from the operator who claimed it.</source>
        <translation>从已认领该操作的操作员处接手。</translation>
    </message>
    <message>
        <source>%1 is now being checked by %2 (taken over from %3).</source>
        <translation>%1 现由 %2 核查（从 %3 处接手）。</translation>
    </message>
    <message>
        <source>%1 is now being checked by %2.</source>
        <translation>%1 现由 %2 核查。</translation>
    </message>
    <message>
        <source>%1 is unknown again and waits in the queue.</source>
        <translation>%1 重新变为未知，在队列中等待。</translation>
    </message>
    <message>
        <source>refunded or failed.</source>
        <translation>refunded 或 failed。</translation>
    </message>
    <message>
        <source>The provider&apos;s refund id (re_...).</source>
        <translation>服务商的退款 ID（re_...）。</translation>
    </message>
    <message>
        <source>Where the outcome was confirmed: webhook:evt_..., dashboard, provider_support:CASE.</source>
        <translation>确认结果的来源：webhook:evt_...、dashboard、provider_support:CASE。</translation>
    </message>
    <message>
        <source>A note for the audit log.</source>
        <translation>审计日志的备注。</translation>
    </message>
    <message>
        <source>Record an outcome that contradicts the evidence (needs --note).</source>
        <translation>记录与证据相矛盾的结果（需要 --note）。</translation>
    </message>
    <message>
        <source>%1 resolved as %2 by %3; audit log entry #%4.</source>
        <translation>%1 已由 %3 处理为 %2；审计日志条目 #%4。</translation>
    </message>
    <message>
        <source>A head hash printed by an earlier verify: fail unless that resolution is still in the chain (detects removed newest rows).</source>
        <translation>之前 verify 输出的头部哈希：若该处理记录已不在链中则失败（可发现被删除的最新行）。</translation>
    </message>
    <message>
        <source>store invariants hold; head hash %1</source>
        <translation>存储不变量成立；头部哈希 %1</translation>
    </message>
    <message>
        <source>store invariants hold; the audit log is empty</source>
        <translation>存储不变量成立；审计日志为空</translation>
    </message>
    <message>
        <source>Refund Desk: the console for refunds whose outcome nobody knows.
Subcommands (headless): %1.</source>
        <translation>Refund Desk：处理结果无人知晓的退款的控制台。
子命令（无界面）：%1。</translation>
    </message>
    <message>
        <source>The store to open.</source>
        <translation>要打开的存储。</translation>
    </message>
    <message>
        <source>Build a fresh demo store and open it.</source>
        <translation>生成一个新的演示存储并打开。</translation>
    </message>
    <message>
        <source>Open the store for reading only.</source>
        <translation>以只读方式打开存储。</translation>
    </message>
    <message>
        <source>Who is at the desk.</source>
        <translation>当前值班的人。</translation>
    </message>
    <message>
        <source>Render the window once loaded to a PNG and exit.</source>
        <translation>加载完成后将窗口渲染为 PNG 并退出。</translation>
    </message>
    <message>
        <source>With --screenshot: the operation to show (default: the first).</source>
        <translation>与 --screenshot 一起使用：要显示的操作（默认第一个）。</translation>
    </message>
    <message>
        <source>the connection to %1 crosses the network unencrypted; add sslmode=verify-full (and sslrootcert=) to the location.</source>
        <translation>与 %1 的连接以未加密方式穿过网络；请在连接地址中加入 sslmode=verify-full（以及 sslrootcert=）。</translation>
    </message>
    <message>
        <source>%1 cannot be written, so it cannot be upgraded. %2 Nothing was changed.</source>
        <translation>%1 无法写入，因此无法升级。%2 未做任何更改。</translation>
    </message>
    <message>
        <source>What was found or done, e.g. a provider&apos;s case number.</source>
        <translation>查明或做了什么，例如支付服务商的工单号。</translation>
    </message>
    <message>
        <source>The day to look at the operation again (YYYY-MM-DD).</source>
        <translation>再次查看该操作的日期（YYYY-MM-DD）。</translation>
    </message>
    <message>
        <source>--follow-up must be a calendar date as YYYY-MM-DD, e.g. 2026-03-14.</source>
        <translation>--follow-up 必须是 YYYY-MM-DD 格式的日历日期，例如 2026-03-14。</translation>
    </message>
    <message>
        <source>--text TEXT is required and may not be empty: say what was found or done.</source>
        <translation>必须提供非空的 --text TEXT：说明查明或做了什么。</translation>
    </message>
    <message>
        <source>Note #%1 added to %2 by %3; follow up on %4.</source>
        <translation>已由 %3 为 %2 添加备注 #%1；于 %4 跟进。</translation>
    </message>
    <message>
        <source>Note #%1 added to %2 by %3.</source>
        <translation>已由 %3 为 %2 添加备注 #%1。</translation>
    </message>
    <message>
        <source>Created an empty store at %1 (schema version %2).</source>
        <translation>已在 %1 创建空存储（架构版本 %2）。</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>by %1 at %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>(follow up on %1)</source>
        <translation>（于 %1 跟进）</translation>
    </message>
    <message>
        <source>Also write what the fake provider really did (every refund and every event, delivered or not) to this JSON Lines file, for a fake Stripe to serve.</source>
        <translation>同时把模拟支付服务商实际做过的事（每笔退款和每个事件，无论是否送达）写入此 JSON Lines 文件，供模拟 Stripe 提供。</translation>
    </message>
    <message>
        <source>--since wants a time span such as 3d, 12h or 90m.</source>
        <translation>--since 需要一个时间跨度，例如 3d、12h 或 90m。</translation>
    </message>
    <message>
        <source>Stripe keeps events for 30 days, so events older than that cannot be listed: give --since 30d or less (older events can be imported from a file with import-events).</source>
        <translation>Stripe 只保留 30 天的事件，更早的事件无法列出：请指定 --since 30d 或更短（更早的事件可用 import-events 从文件导入）。</translation>
    </message>
    <message>
        <source>taking up the listing an earlier run left (events created %1 to %2)</source>
        <translation>继续上次运行留下的列表（创建于 %1 至 %2 的事件）</translation>
    </message>
    <message>
        <source>the place of the sync cannot be kept in the store (%1): a run that is stopped lists its window again next time, storing nothing twice</source>
        <translation>无法在存储中保存同步进度（%1）：中断的运行下次会重新列出其时间窗口，不会重复保存任何事件</translation>
    </message>
    <message numerus="yes">
        <source>%n of them stored but not readable as refund evidence.</source>
        <translation>
            <numerusform>其中 %n 个已保存，但无法作为退款证据读取。</numerusform>
        </translation>
    </message>
    <message>
        <source>Operations in the queue whose verdict changed: %1</source>
        <translation>队列中判定发生变化的操作：%1</translation>
    </message>
    <message>
        <source>How far back to list events: a span such as 3d, 12h or 90m (default 3d, at most 30d: Stripe keeps events 30 days).</source>
        <translation>列出多久以前的事件：时间跨度，如 3d、12h 或 90m（默认 3d，最多 30d：Stripe 保留事件 30 天）。</translation>
    </message>
    <message>
        <source>Only the events Stripe could not deliver to the webhook receiver (delivery_success=false).</source>
        <translation>仅列出 Stripe 未能送达 webhook 接收端的事件（delivery_success=false）。</translation>
    </message>
    <message>
        <source>Read the restricted Stripe key from this file (mode 600) instead of STRIPE_API_KEY.</source>
        <translation>从此文件（权限 600）读取受限 Stripe 密钥，而不是 STRIPE_API_KEY。</translation>
    </message>
    <message>
        <source>Send the requests to this server instead of Stripe (default STRIPE_API_BASE, else https://api.stripe.com; plain http only on 127.0.0.1).</source>
        <translation>把请求发送到此服务器而不是 Stripe（默认 STRIPE_API_BASE，否则 https://api.stripe.com；明文 http 仅限 127.0.0.1）。</translation>
    </message>
    <message>
        <source>The store is open for reading only (%1), and sync-events writes the events it fetches: run it as a user who may write the store.</source>
        <translation>存储以只读方式打开（%1），而 sync-events 要写入获取到的事件：请以可写入该存储的用户运行。</translation>
    </message>
    <message>
        <source>The key is of %1 but the store&apos;s events are of %2 (their livemode is %3): use a key of the store&apos;s mode.</source>
        <translation>密钥属于%1，而存储中的事件属于%2（其 livemode 为 %3）：请使用与存储模式一致的密钥。</translation>
    </message>
    <message>
        <source>test mode</source>
        <translation>测试模式</translation>
    </message>
    <message>
        <source>live mode</source>
        <translation>正式模式</translation>
    </message>
    <message>
        <source>The pages before this are stored; running sync-events again goes on from there.</source>
        <translation>此前的页面已保存；再次运行 sync-events 会从那里继续。</translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) settled by the evidence:</source>
        <translation>
            <numerusform>%n 个操作已由证据确定：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) left out:</source>
        <translation>
            <numerusform>%n 个操作被排除：</numerusform>
        </translation>
    </message>
    <message>
        <source>Totals:</source>
        <translation>合计：</translation>
    </message>
    <message>
        <source>%1 resolved as %2 on %3; audit log entry #%4.</source>
        <translation>%1 已按 %3 记录为 %2；审计日志条目 #%4。</translation>
    </message>
    <message>
        <source>%1 skipped: %2</source>
        <translation>%1 已跳过：%2</translation>
    </message>
    <message>
        <source>At most N operations, oldest first.</source>
        <translation>最多 N 个操作，从最早的开始。</translation>
    </message>
    <message>
        <source>The note every decision of the batch carries.</source>
        <translation>批次中每个决定附带的备注。</translation>
    </message>
    <message>
        <source>Print JSON: the plan as one object; with --yes one object a line per operation, then a summary.</source>
        <translation>输出 JSON：计划为一个对象；加 --yes 时每个操作一行一个对象，最后是汇总。</translation>
    </message>
    <message>
        <source>Record the plan. Without it nothing is recorded.</source>
        <translation>记录该计划。没有此选项则不记录任何内容。</translation>
    </message>
    <message>
        <source>--limit must be a whole number of at least 1.</source>
        <translation>--limit 必须是不小于 1 的整数。</translation>
    </message>
    <message>
        <source>--note TEXT is required: say why these outcomes are recorded together.</source>
        <translation>需要 --note TEXT：说明为何一起记录这些结果。</translation>
    </message>
    <message>
        <source>On PostgreSQL the operator recorded is the database login: you are logged in as %1, not %2. Nothing was recorded.</source>
        <translation>在 PostgreSQL 上记录的操作员是数据库登录名：您以 %1 登录，而不是 %2。未记录任何内容。</translation>
    </message>
    <message>
        <source>Nothing is settled by the evidence; nothing was recorded.</source>
        <translation>证据未确定任何操作；未记录任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>Nothing was recorded. Run again with --yes to record these %n decision(s).</source>
        <translation>
            <numerusform>未记录任何内容。加 --yes 再次运行以记录这 %n 个决定。</numerusform>
        </translation>
    </message>
    <message>
        <source>Print the lookup kept as one JSON object.</source>
        <translation>将保存的查询以一个 JSON 对象输出。</translation>
    </message>
    <message>
        <source>The store is open for reading only (%1), and ask-stripe keeps what Stripe answers in it: run it as a user who may write the store.</source>
        <translation>存储仅以只读方式打开（%1），而 ask-stripe 要把 Stripe 的回答保存在其中：请以可以写入存储的用户运行。</translation>
    </message>
    <message>
        <source>Nothing was kept.</source>
        <translation>未保存任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 Kept as lookup #%3 (%n request(s) to Stripe).</source>
        <translation>
            <numerusform>%1：%2 已保存为查询 #%3（向 Stripe 发出 %n 个请求）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Asked the provider:</source>
        <translation>向提供方的查询：</translation>
    </message>
    <message numerus="yes">
        <source>The %n answer(s) before it are kept; run the command again to ask the rest.</source>
        <translation>
            <numerusform>此前的 %n 个答复已保存；再次运行该命令以询问其余操作。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Interrupted: the %n answer(s) complete so far are kept; run the command again to ask the rest.</source>
        <translation>
            <numerusform>已中断：目前完整的 %n 个答复已保存；再次运行该命令以询问其余操作。</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask about every operation of the queue whose verdict is none, instead of one OPERATION_ID.</source>
        <translation>询问队列中所有判定为 none 的操作，而不是单个 OPERATION_ID。</translation>
    </message>
    <message>
        <source>With --all-without-evidence: ask at most N operations.</source>
        <translation>与 --all-without-evidence 一起：最多询问 N 个操作。</translation>
    </message>
    <message>
        <source>With --all-without-evidence: at most R requests a second (default 20).</source>
        <translation>与 --all-without-evidence 一起：每秒最多 R 个请求（默认 20）。</translation>
    </message>
    <message>
        <source>Give one OPERATION_ID or --all-without-evidence, not both nor neither.</source>
        <translation>请给出一个 OPERATION_ID 或 --all-without-evidence，二者只能取其一。</translation>
    </message>
    <message>
        <source>--limit takes a whole number of operations and --rate a number of requests a second above 0, e.g. --limit 500 --rate 10.</source>
        <translation>--limit 需要操作数量的整数，--rate 需要大于 0 的每秒请求数，例如 --limit 500 --rate 10。</translation>
    </message>
    <message>
        <source>Only operations with this verdict (refunded, failed or not_found); may be given more than once. Every verdict that settles an outcome when left out.</source>
        <translation>仅限此裁定的操作（refunded、failed 或 not_found）；可多次给出。省略时为所有能确定结果的裁定。</translation>
    </message>
    <message>
        <source>--verdict must be &apos;refunded&apos;, &apos;failed&apos; or &apos;not_found&apos;.</source>
        <translation>--verdict 必须是“refunded”、“failed”或“not_found”。</translation>
    </message>
    <message>
        <source>%1 is already up to date (schema version %2); nothing was changed.</source>
        <translation>%1 已是最新（架构版本 %2）；未做任何更改。</translation>
    </message>
    <message>
        <source>Added index %1 to %2: schema version %3 has it, and the store was made before it did.</source>
        <translation>已向 %2 添加索引 %1：架构版本 %3 包含该索引，而此存储创建于该索引加入之前。</translation>
    </message>
    <message>
        <source>asking Stripe</source>
        <comment>progress</comment>
        <translation>正在询问 Stripe</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <comment>to Stripe</comment>
        <translation>
            <numerusform>%n 个请求</numerusform>
        </translation>
    </message>
    <message>
        <source>Asked %1 of %2; %3 with a refund at Stripe; %4 already answered before; %5 to Stripe.</source>
        <comment>%2: operations without evidence; %5: requests</comment>
        <translation>已询问%2中的 %1 个；%3 个在 Stripe 有退款；%4 个此前已有答复；向 Stripe 发送了%5。</translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) without evidence</source>
        <comment>asked %1 of ...</comment>
        <translation>
            <numerusform>%n 个无证据操作</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 settled by undelivered events (%2 stored, %3); %4 answered by listings or by id (%5).</source>
        <comment>%2: new events; %3 and %5: requests</comment>
        <translation>%1 个由未投递的事件确定（已保存%2，%3）；%4 个由列表或按 id 答复（%5）。</translation>
    </message>
    <message numerus="yes">
        <source>%n new event(s)</source>
        <comment>stored</comment>
        <translation>
            <numerusform>%n 个新事件</numerusform>
        </translation>
    </message>
    <message>
        <source>The operation to ask about, e.g. op_5521; or give --all-without-evidence instead.</source>
        <translation>要询问的操作，例如 op_5521；也可以改为指定 --all-without-evidence。</translation>
    </message>
    <message>
        <source>The operation, e.g. op_5521.</source>
        <translation>操作，例如 op_5521。</translation>
    </message>
    <message>
        <source>Who acts, recorded with what the command writes. Without it: the name saved in the console, else your login name. On PostgreSQL the database login is recorded, and another name is refused.</source>
        <translation>执行者，与命令写入的内容一起记录。省略时使用控制台中保存的名称，否则使用您的登录名。在 PostgreSQL 上记录的是数据库登录名，其他名称会被拒绝。</translation>
    </message>
    <message>
        <source>--operator needs a name; leave it out to act under the name saved in the console or your login name.</source>
        <translation>--operator 需要一个名称；省略它即可使用控制台中保存的名称或您的登录名。</translation>
    </message>
    <message>
        <source>no operator name: the system gives no login name and none was saved in the console. Say who acts with --operator NAME.</source>
        <translation>没有操作员名称：系统未提供登录名，控制台中也没有保存名称。请用 --operator NAME 指明执行者。</translation>
    </message>
    <message>
        <source>copying rows</source>
        <comment>progress</comment>
        <translation>正在复制行</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) copied; checking both ends (audit chain, invariants)</source>
        <translation>
            <numerusform>已复制 %n 行；正在检查两端（审计链、不变量）</numerusform>
        </translation>
    </message>
    <message>
        <source>store_meta rows missing or different in the copy: %1</source>
        <translation>副本中缺少或不同的 store_meta 行：%1</translation>
    </message>
    <message>
        <source>the source&apos;s audit chain is broken and the copy carries the same break, as it should: a copy repairs nothing. &apos;refund-desk verify&apos; fails on both ends alike.</source>
        <translation>源的审计链已断裂，副本带有相同的断点，这是应有的结果：复制不会修复任何内容。“refund-desk verify”在两端都会失败。</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n operation(s) (%2), %3 operations/s</source>
        <translation>
            <numerusform>%1 / %n 个操作（%2），每秒 %3 个操作</numerusform>
        </translation>
    </message>
    <message>
        <source>Attempts: %1 (in %2, %3)</source>
        <comment>%2: tool calls, %3: lost insert races</comment>
        <translation>尝试：%1（%2，%3）</translation>
    </message>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n 次工具调用</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lost insert race(s)</source>
        <translation>
            <numerusform>%n 次插入竞争失败</numerusform>
        </translation>
    </message>
    <message>
        <source>Webhook events: %1 (%2, %3 not delivered, %4 without metadata, %5 unreadable)</source>
        <comment>%2: duplicate deliveries ignored</comment>
        <translation>Webhook 事件：%1（%2，%3 个未投递，%4 个无元数据，%5 个无法读取）</translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate deliveries ignored</source>
        <translation>
            <numerusform>忽略 %n 次重复投递</numerusform>
        </translation>
    </message>
    <message>
        <source>exporting</source>
        <comment>progress</comment>
        <translation>正在导出</translation>
    </message>
    <message numerus="yes">
        <source>exported %n resolution(s) to %1</source>
        <translation>
            <numerusform>已将 %n 条处理记录导出到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>The events: a JSON array, a Stripe list object or JSON Lines.</source>
        <translation>事件：JSON 数组、Stripe 列表对象或 JSON Lines。</translation>
    </message>
    <message>
        <source>importing events, KiB read</source>
        <comment>progress</comment>
        <translation>正在导入事件，已读取 KiB</translation>
    </message>
    <message numerus="yes">
        <source>%1 lacks %n index(es) of schema version %2 (%3) but cannot be written. %4 Nothing was changed.</source>
        <translation>
            <numerusform>%1 缺少架构版本 %2 的 %n 个索引（%3），但它不可写入。%4 未做任何更改。</numerusform>
        </translation>
    </message>
    <message>
        <source>--follow-up %1 is in the past. Give today (%2) or a later day to look at the operation again, or leave --follow-up out.</source>
        <translation>--follow-up %1 是过去的日期。请给出今天（%2）或之后的日期来再次查看该操作，或者省略 --follow-up。</translation>
    </message>
    <message>
        <source>%1: %2 of %3 (%4%)</source>
        <comment>progress: what, done, total, percent</comment>
        <translation>%1：%2 / %3（%4%）</translation>
    </message>
    <message numerus="yes">
        <source>Decided %1 of %2; %n skipped because they changed after the plan.</source>
        <translation>
            <numerusform>已决定 %1 / %2；%n 个因计划后发生变化而跳过。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to do: no operation in the queue is settled by the evidence, and nothing was recorded.</source>
        <translation>无事可做：队列中没有由证据确定结果的操作，未记录任何内容。</translation>
    </message>
    <message>
        <source>recording</source>
        <comment>progress</comment>
        <translation>正在记录</translation>
    </message>
    <message>
        <source>Operation</source>
        <comment>queue column</comment>
        <translation>操作</translation>
    </message>
    <message>
        <source>Order</source>
        <comment>queue column</comment>
        <translation>订单</translation>
    </message>
    <message>
        <source>Amount</source>
        <comment>queue column</comment>
        <translation>金额</translation>
    </message>
    <message>
        <source>Status</source>
        <comment>queue column</comment>
        <translation>状态</translation>
    </message>
    <message>
        <source>Verdict</source>
        <comment>queue column</comment>
        <translation>判定</translation>
    </message>
    <message>
        <source>Attempts</source>
        <comment>queue column</comment>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Key window</source>
        <comment>queue column</comment>
        <translation>键有效期</translation>
    </message>
    <message>
        <source>Claimed by</source>
        <comment>queue column</comment>
        <translation>认领人</translation>
    </message>
    <message numerus="yes">
        <source>Events from Stripe: %1 read, %2 new, %3 already present (%n page(s)).</source>
        <translation>
            <numerusform>来自 Stripe 的事件：读取 %1 个，新增 %2 个，已存在 %3 个（%n 页）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>page %1: %n event(s) read, %2 new</source>
        <translation>
            <numerusform>第 %1 页：读取 %n 个事件，新增 %2 个</numerusform>
        </translation>
    </message>
    <message>
        <source>verifying</source>
        <comment>progress</comment>
        <translation>正在验证</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>Reconcile pass: %1 undelivered event(s) fetched (%2 new); %3 operation(s) asked (%4 for the first time, %5 again as due); answers by verdict: %6; %n request(s) to Stripe; %7 s.</source>
        <translation>
            <numerusform>Reconcile 本轮：获取未送达事件 %1 个（新 %2 个）；询问操作 %3 个（首次 %4 个，按期再次询问 %5 个）；按结论统计的回答：%6；向 Stripe 发送 %n 个请求；%7 秒。</numerusform>
        </translation>
    </message>
    <message>
        <source>Print the pass&apos;s summary as one JSON object.</source>
        <translation>将本轮的摘要输出为一个 JSON 对象。</translation>
    </message>
    <message>
        <source>At most R requests a second to Stripe (default 20).</source>
        <translation>每秒最多向 Stripe 发送 R 个请求（默认 20）。</translation>
    </message>
    <message>
        <source>Who asks, as the lookups record it (default: reconciler). On PostgreSQL the database login is recorded.</source>
        <translation>提问者，记录在查询记录中（默认：reconciler）。在 PostgreSQL 上记录的是数据库登录名。</translation>
    </message>
    <message>
        <source>--rate takes a number of requests a second above 0, e.g. 10.</source>
        <translation>--rate 需要一个大于 0 的每秒请求数，例如 10。</translation>
    </message>
    <message>
        <source>The store is open for reading only (%1), and reconcile keeps what Stripe answers in it: run it as a user who may write the store.</source>
        <translation>存储以只读方式打开（%1），而 reconcile 要在其中保存 Stripe 的回答：请以可以写入存储的用户运行。</translation>
    </message>
    <message>
        <source>Another reconcile pass is running on this store (%1, its lease runs to %2): this one asks nothing.</source>
        <translation>此存储上已有另一轮 reconcile 正在运行（%1，其租约到 %2 为止）：本轮不提问。</translation>
    </message>
    <message numerus="yes">
        <source>The %n answer(s) before it are kept; the next pass asks the rest.</source>
        <translation>
            <numerusform>此前的 %n 个回答已保存；下一轮会询问其余的。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Interrupted: the %n answer(s) complete so far are kept; the next pass asks the rest.</source>
        <translation>
            <numerusform>已中断：目前已完成的 %n 个回答已保存；下一轮会询问其余的。</numerusform>
        </translation>
    </message>
    <message>
        <source>This pass lost its lease on the store (it was not renewed in time, and another pass took it): it stops asking.</source>
        <translation>本轮失去了存储上的租约（未能及时续期，另一轮已取得）：停止提问。</translation>
    </message>
    <message>
        <source>latest note: %1</source>
        <translation>最新备注：%1</translation>
    </message>
    <message>
        <source>it can now hold notes, what the provider answered and the payment behind each operation (payment_id, which the refund tool writes when it opens one)</source>
        <translation>现在可以保存备注、服务商的答复以及每个操作背后的付款（payment_id，由退款工具在创建操作时写入）</translation>
    </message>
    <message>
        <source>it can now hold the payment behind each operation (payment_id, which the refund tool writes when it opens one)</source>
        <translation>现在可以保存每个操作背后的付款（payment_id，由退款工具在创建操作时写入）</translation>
    </message>
    <message>
        <source>Upgraded %1 from schema version %2 to %3 in one transaction: %4. The refund tool and the webhook receiver write it as before; consoles of an older Refund Desk refuse it from now on.</source>
        <translation>已在一个事务中将 %1 从架构版本 %2 升级到 %3：%4。退款工具和 Webhook 接收器照常写入；从现在起，旧版 Refund Desk 的控制台将拒绝打开它。</translation>
    </message>
    <message>
        <source>How the support team worked the queue: backlog (default: five days in which a share was decided, most of the queue older than a day) or today (the team keeps up: most of the queue within the store&apos;s target, a few overdue).</source>
        <translation>支持团队处理队列的方式：backlog（默认：五天里只处理了一部分，队列大多超过一天）或 today（团队跟得上：队列大多在存储的目标之内，少数超期）。</translation>
    </message>
    <message>
        <source>How many refunds a minute the shop makes by its other paths, beside the agent&apos;s (default 0). They exist at the provider only: written to the --stripe-truth file, never to the store.</source>
        <translation>商店每分钟通过其他途径（代理之外）发起的退款数量（默认 0）。它们只存在于支付服务商处：写入 --stripe-truth 文件，从不写入存储。</translation>
    </message>
    <message>
        <source>--profile wants backlog or today.</source>
        <translation>--profile 只接受 backlog 或 today。</translation>
    </message>
    <message>
        <source>--shop-refunds-per-minute wants a number from 0 to %1.</source>
        <translation>--shop-refunds-per-minute 需要 0 到 %1 之间的数。</translation>
    </message>
    <message>
        <source>--shop-refunds-per-minute needs --stripe-truth: the shop&apos;s other refunds exist at the provider only.</source>
        <translation>--shop-refunds-per-minute 需要 --stripe-truth：商店的其他退款只存在于支付服务商处。</translation>
    </message>
    <message>
        <source>Refunded in the Dashboard by a colleague, the operation left unknown: %1</source>
        <translation>由同事在 Stripe 控制台中退款、操作仍为未知：%1</translation>
    </message>
    <message>
        <source>The shop&apos;s other refunds, at the provider only: %1</source>
        <translation>商店的其他退款（仅在支付服务商处）：%1</translation>
    </message>
    <message>
        <source>The pass could not take its lease in the store&apos;s store_meta (%1): on PostgreSQL a login in the role refund_desk_reconciler (roles-postgresql.sql, run again on an older store) runs it.</source>
        <translation>本轮无法在存储的 store_meta 中取得租约（%1）：在 PostgreSQL 上应由具有 refund_desk_reconciler 角色的登录运行（roles-postgresql.sql；旧存储请重新运行它）。</translation>
    </message>
    <message>
        <source>--verdict %1: an operation with this verdict is decided by a person, one at a time, never in a batch; --verdict must be &apos;refunded&apos;, &apos;failed&apos; or &apos;not_found&apos;.</source>
        <translation>--verdict %1：此结论的操作须由人逐一决定，不能批量处理；--verdict 必须是 &apos;refunded&apos;、&apos;failed&apos; 或 &apos;not_found&apos;。</translation>
    </message>
</context>
<context>
    <name>CustomerReply</name>
    <message>
        <source>We can&apos;t confirm your refund yet. A colleague is checking it and will reply in this chat.</source>
        <translation>我们暂时还无法确认您的退款。同事正在核实，稍后会在此对话中回复您。</translation>
    </message>
    <message>
        <source>Your refund of %1 has been issued.</source>
        <translation>您的 %1 退款已办理。</translation>
    </message>
    <message>
        <source>Your refund of %1 has been issued. The refund reference is %2.</source>
        <translation>您的 %1 退款已办理。退款编号：%2。</translation>
    </message>
    <message>
        <source>Your refund of %1 did not go through, and no money was moved.</source>
        <translation>您的 %1 退款未能完成，没有发生任何资金变动。</translation>
    </message>
</context>
<context>
    <name>Demo</name>
    <message>
        <source>The demo&apos;s reference case did not come out as specified (%1, %2, %3 attempts); the simulator needs fixing.</source>
        <translation>演示的参考案例与设定不符（%1，%2，尝试 %3 次）；模拟器需要修复。</translation>
    </message>
    <message>
        <source>Building the demo store was cancelled after %1 of %2 operations; nothing was kept.</source>
        <translation>演示存储库的生成已在完成 %1/%2 个操作后取消；未保留任何内容。</translation>
    </message>
    <message>
        <source>A demo store holds from 1 to %1 operations; %2 was asked for.</source>
        <translation>演示存储库可包含 1 到 %1 个操作；请求的是 %2 个。</translation>
    </message>
    <message>
        <source>Cannot write the fake provider&apos;s truth to %1: %2.</source>
        <translation>无法把模拟服务商的真实记录写入 %1：%2。</translation>
    </message>
    <message>
        <source>Writing the fake provider&apos;s truth to %1 failed: %2.</source>
        <translation>写入模拟服务商的真实记录到 %1 失败：%2。</translation>
    </message>
    <message>
        <source>The shop&apos;s other refunds a minute are from 0 to %1; %2 was asked for.</source>
        <translation>商店每分钟的其他退款数应在 0 到 %1 之间；请求的是 %2。</translation>
    </message>
</context>
<context>
    <name>EventImporter</name>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation>无法读取 %1：%2。</translation>
    </message>
    <message>
        <source>Reading %1 failed: %2.</source>
        <translation>读取 %1 失败：%2。</translation>
    </message>
</context>
<context>
    <name>EventParser</name>
    <message>
        <source>%1 is null</source>
        <translation>%1 为 null</translation>
    </message>
    <message>
        <source>%1 is %2, expected %3</source>
        <translation>%1 是%2，应为%3</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>%1 为空</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>%1 is too large</source>
        <translation>%1 过大</translation>
    </message>
    <message>
        <source>%1 is negative (%2)</source>
        <translation>%1 为负数（%2）</translation>
    </message>
    <message>
        <source>%1 is &quot;%2&quot;, not a three-letter currency code</source>
        <translation>%1 为“%2”，不是三个字母的货币代码</translation>
    </message>
    <message>
        <source>an id or an object</source>
        <translation>ID 或对象</translation>
    </message>
    <message>
        <source>%1 is not a refund object</source>
        <translation>%1 不是退款对象</translation>
    </message>
    <message>
        <source>%1.status is &quot;%2&quot;, not a refund status (pending, requires_action, succeeded, failed, canceled)</source>
        <translation>%1.status 为“%2”，不是退款状态（pending、requires_action、succeeded、failed、canceled）</translation>
    </message>
    <message>
        <source>a list of refunds</source>
        <translation>退款列表</translation>
    </message>
    <message>
        <source>a refund object</source>
        <translation>退款对象</translation>
    </message>
    <message>
        <source>the payload is a %1 object, not an event</source>
        <translation>载荷是 %1 对象，而不是事件</translation>
    </message>
    <message>
        <source>the payload&apos;s &quot;object&quot; is %1, expected &quot;event&quot;</source>
        <translation>载荷的“object”为 %1，应为“event”</translation>
    </message>
    <message>
        <source>the payload is empty</source>
        <translation>载荷为空</translation>
    </message>
    <message>
        <source>the payload is %1, not an event object</source>
        <translation>载荷是%1，而不是事件对象</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>could not be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>could not be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>nested deeper than %1 levels, far deeper than any provider event</source>
        <translation>嵌套超过 %1 层，远超任何服务商事件的深度</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a number with a fraction</source>
        <translation>小数</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>not a JSON value</source>
        <translation>不是 JSON 值</translation>
    </message>
</context>
<context>
    <name>EvidenceAnalyzer</name>
    <message>
        <source>the payload is not valid UTF-8 text</source>
        <translation>载荷不是有效的 UTF-8 文本</translation>
    </message>
    <message>
        <source>without a status</source>
        <translation>无状态</translation>
    </message>
    <message numerus="yes">
        <source>%n refunds point at this operation (%1): money may have moved more than once</source>
        <comment>a phrase; more phrases may follow after a semicolon</comment>
        <translation>
            <numerusform>有 %n 笔退款指向此操作（%1）：资金可能被转出了不止一次</numerusform>
        </translation>
    </message>
    <message>
        <source>%1.</source>
        <comment>a sentence made of the phrases in %1</comment>
        <translation>%1。</translation>
    </message>
    <message>
        <source>Refund %1 of %2</source>
        <translation>退款 %1（%2）</translation>
    </message>
    <message>
        <source>%1 succeeded (event %2).</source>
        <translation>%1 已成功（事件 %2）。</translation>
    </message>
    <message>
        <source>%1 failed (event %2).</source>
        <translation>%1 失败（事件 %2）。</translation>
    </message>
    <message>
        <source>%1 failed: %2 (event %3).</source>
        <translation>%1 失败：%2（事件 %3）。</translation>
    </message>
    <message>
        <source>%1 was canceled (event %2).</source>
        <translation>%1 已取消（事件 %2）。</translation>
    </message>
    <message>
        <source>%1 is still pending (event %2); it may yet succeed or fail.</source>
        <translation>%1 仍在处理中（事件 %2），最终可能成功也可能失败。</translation>
    </message>
    <message>
        <source>%1 requires action from the customer (event %2); it may yet succeed or fail.</source>
        <translation>%1 需要客户操作（事件 %2），最终可能成功也可能失败。</translation>
    </message>
    <message>
        <source>%1 exists but no event states its status (event %2).</source>
        <translation>%1 存在，但没有事件说明其状态（事件 %2）。</translation>
    </message>
    <message>
        <source>No event names a refund for this operation, but event %1 says charge %2 has %3 refunded; look the charge up in the provider&apos;s dashboard.</source>
        <translation>没有事件指明此操作的退款，但事件 %1 显示扣款 %2 已退款 %3；请在服务商后台查找该扣款。</translation>
    </message>
    <message>
        <source>No event from the provider states a refund for this operation.</source>
        <translation>服务商的事件中没有此操作的退款信息。</translation>
    </message>
    <message numerus="yes">
        <source>No readable event states a refund for this operation; %n matching event(s) could not be read.</source>
        <translation>
            <numerusform>可读的事件中没有此操作的退款信息；有 %n 个匹配的事件无法读取。</numerusform>
        </translation>
    </message>
    <message>
        <source>; </source>
        <comment>between two phrases of a sentence</comment>
        <translation>；</translation>
    </message>
    <message>
        <source>refund %1 is in %2 but the operation is in %3 (%4)</source>
        <translation>退款 %1 的币种为 %2，而操作的币种为 %3（%4）</translation>
    </message>
    <message>
        <source>refund %1 is for %2 but the operation is for %3 (%4)</source>
        <translation>退款 %1 的金额为 %2，而操作的金额为 %3（%4）</translation>
    </message>
    <message>
        <source>Stripe says refund %1 of %2 has status %3 (lookup %4, asked at %5 by %6).</source>
        <translation>Stripe 显示退款 %1（%2）的状态为 %3（查询 %4，由 %6 于 %5 发起）。</translation>
    </message>
    <message>
        <source>Stripe lists no refund for this operation created between %1 and %2 (asked at %3 by %4, lookup %5).</source>
        <translation>Stripe 没有列出此操作在 %1 至 %2 之间创建的任何退款（由 %4 于 %3 查询，查询 %5）。</translation>
    </message>
    <message>
        <source>Stripe lookup %1</source>
        <translation>Stripe 查询 %1</translation>
    </message>
    <message>
        <source>event %1</source>
        <translation>事件 %1</translation>
    </message>
    <message>
        <source>%1, %2, %3, created %4</source>
        <comment>a refund: id, amount, status, time</comment>
        <translation>%1，%2，%3，创建于 %4</translation>
    </message>
    <message numerus="yes">
        <source>Stripe lists %n refund(s) of this payment that no operation of this store made: %1 (the Dashboard or another tool?).</source>
        <translation>
            <numerusform>Stripe 列出了该付款的 %n 笔退款，并非本存储中任何操作所发起：%1（Dashboard 或其他工具？）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Stripe lists no refund of payment %1 (complete, asked at %2 by %3, lookup %4).</source>
        <translation>Stripe 未列出付款 %1 的任何退款（列表完整，%3 于 %2 查询，查询 %4）。</translation>
    </message>
    <message>
        <source>Stripe also lists a refund of this payment that no operation of this store made: %1 (%2)</source>
        <translation>Stripe 还列出了该付款的一笔退款，并非本存储中任何操作所发起：%1（%2）</translation>
    </message>
</context>
<context>
    <name>EvidenceNextStep</name>
    <message>
        <source>Stripe shows refund %1 succeeded: record refunded (Ctrl+R), or leave it to the batch (Ctrl+Shift+R).</source>
        <translation>Stripe 显示退款 %1 已成功：记录“已退款”（Ctrl+R），或留给批量记录（Ctrl+Shift+R）。</translation>
    </message>
    <message>
        <source>Stripe shows refund %1 failed: record failed (Ctrl+R), or leave it to the batch (Ctrl+Shift+R).</source>
        <translation>Stripe 显示退款 %1 失败：记录“失败”（Ctrl+R），或留给批量记录（Ctrl+Shift+R）。</translation>
    </message>
    <message>
        <source>Stripe lists no refund of this operation: record failed (Ctrl+R), or leave it to the batch (Ctrl+Shift+R).</source>
        <translation>Stripe 未列出此操作的任何退款：记录“失败”（Ctrl+R），或留给批量记录（Ctrl+Shift+R）。</translation>
    </message>
    <message>
        <source>Refund %1 has not finished at Stripe: nothing to record yet; ask Stripe again later (Ctrl+K).</source>
        <translation>退款 %1 在 Stripe 尚未完成：暂时无需记录；稍后再询问 Stripe（Ctrl+K）。</translation>
    </message>
    <message>
        <source>The evidence disagrees with itself: no batch records this, and an outcome needs an override with a note; copy a case for Stripe&apos;s support (Ctrl+Shift+K).</source>
        <translation>证据相互矛盾：批量记录不会处理它，记录结果需要附说明推翻证据；复制给 Stripe 支持的工单（Ctrl+Shift+K）。</translation>
    </message>
    <message>
        <source>A refund this store did not make moved money on this payment: find out in Stripe&apos;s Dashboard whether it is this one; an outcome needs an override with a note.</source>
        <translation>一笔并非本存储发起的退款动用了这笔付款的资金：请在 Stripe 控制台查明是否就是这一笔；记录结果需要附说明推翻证据。</translation>
    </message>
    <message>
        <source>No evidence yet: ask Stripe (Ctrl+K), or look the idempotency key up in Stripe&apos;s Dashboard.</source>
        <translation>尚无证据：询问 Stripe（Ctrl+K），或在 Stripe 控制台中按幂等键查找。</translation>
    </message>
    <message>
        <source>The evidence disagrees with itself: compare the refunds and pick the operation&apos;s in Record outcome (Ctrl+R), with an override and a note; no batch records this; copy a case for Stripe&apos;s support (Ctrl+Shift+K).</source>
        <translation>证据自相矛盾：请在“记录结果”(Ctrl+R) 中比较这些退款并选出属于此操作的那一笔，需要覆盖并附注；批量记录不会处理此项；可复制一份给 Stripe 支持的工单 (Ctrl+Shift+K)。</translation>
    </message>
    <message>
        <source>A refund this store did not make moved money on this payment: compare the refunds in Record outcome (Ctrl+R) and find out in Stripe&apos;s Dashboard whether one is this operation&apos;s; an outcome needs an override with a note.</source>
        <translation>此付款上有一笔并非本存储发起的退款：请在“记录结果”(Ctrl+R) 中比较这些退款，并在 Stripe 控制台中确认其中是否有属于此操作的；任何结果都需要覆盖并附注。</translation>
    </message>
</context>
<context>
    <name>KeyWindow</name>
    <message>
        <source>closed</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>%1 min left</source>
        <translation>剩余 %1 分钟</translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>剩余 %1 小时 %2 分钟</translation>
    </message>
</context>
<context>
    <name>LookupSourceText</name>
    <message>
        <source>Stripe&apos;s answer: asked by %1 %2</source>
        <translation>Stripe 的回答：由 %1 查询（%2）</translation>
    </message>
    <message>
        <source>Stripe&apos;s answer: asked by the reconciler %1</source>
        <translation>Stripe 的回答：由对账程序查询（%1）</translation>
    </message>
    <message>
        <source>Stripe&apos;s answer: asked by the reconciler (%1) %2</source>
        <translation>Stripe 的回答：由对账程序（%1）查询（%2）</translation>
    </message>
    <message>
        <source>Lookup %1, asked of Stripe at %2 by %3.</source>
        <translation>查询 %1，由 %3 于 %2 向 Stripe 发起。</translation>
    </message>
</context>
<context>
    <name>MatchRoute</name>
    <message>
        <source>metadata</source>
        <translation>元数据</translation>
    </message>
    <message>
        <source>idempotency_key</source>
        <translation>幂等键</translation>
    </message>
    <message>
        <source>refund_id</source>
        <translation>退款 ID</translation>
    </message>
</context>
<context>
    <name>OperationNotice</name>
    <message>
        <source>The refund tool closed this operation as %1; no person had to decide.</source>
        <translation>退款工具已将此操作关闭为“%1”，无需人工决定。</translation>
    </message>
    <message>
        <source>refunded (%1)</source>
        <translation>已退款（%1）</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>You recorded %1 at %2. Copy the reply for the customer (Ctrl+Shift+C).</source>
        <translation>您已记录：%1（%2）。请复制给客户的回复（Ctrl+Shift+C）。</translation>
    </message>
    <message>
        <source>Resolved elsewhere: %1 recorded %2 at %3. Nothing is left to do here.</source>
        <translation>已在别处处理：%1 于 %3 记录了“%2”。这里无需再做任何操作。</translation>
    </message>
    <message>
        <source>%1 recorded %2 at %3.</source>
        <translation>%1 于 %3 记录了“%2”。</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>未知时间</translation>
    </message>
    <message>
        <source>You claimed this at %1.</source>
        <translation>您已于 %1 认领。</translation>
    </message>
    <message>
        <source>You are checking this since %1. Confirm the outcome with the provider, then record it (Ctrl+R).</source>
        <translation>您自 %1 起在核查此操作。请向服务商确认结果后再记录（Ctrl+R）。</translation>
    </message>
    <message>
        <source>Claimed elsewhere: %1 claimed this at %2 and is checking it.</source>
        <translation>已在别处认领：%1 于 %2 认领并正在核查。</translation>
    </message>
    <message>
        <source>%1 is checking this since %2.</source>
        <translation>%1 自 %2 起在核查此操作。</translation>
    </message>
    <message>
        <source>%1 is checking this since %2. Take over (Ctrl+T) only if they handed it to you.</source>
        <translation>%1 自 %2 起在核查此操作。只有在对方已交接给您时才接手（Ctrl+T）。</translation>
    </message>
    <message>
        <source>Released elsewhere: %1 gave this back; nobody is checking it now.</source>
        <translation>已在别处退回：%1 已将其退回，目前无人核查。</translation>
    </message>
    <message>
        <source>Nobody is checking this yet.</source>
        <translation>目前还没有人核查。</translation>
    </message>
    <message>
        <source>The refund tool is still working on this operation; it does not need a person yet.</source>
        <translation>退款工具仍在处理此操作，暂时不需要人工介入。</translation>
    </message>
    <message>
        <source>Nobody is checking this yet. Claim it (Ctrl+M) so that colleagues know you are on it; asking Stripe (Ctrl+K) needs no claim.</source>
        <translation>目前还没有人核查。认领它（Ctrl+M），让同事知道由你处理；询问 Stripe（Ctrl+K）无需认领。</translation>
    </message>
</context>
<context>
    <name>OperationSnapshot</name>
    <message>
        <source>There is no operation %1 in this store. Check the id, or open the store it belongs to.</source>
        <translation>此存储库中没有操作 %1。请核对 ID，或打开它所属的存储库。</translation>
    </message>
</context>
<context>
    <name>OperationStatus</name>
    <message>
        <source>open</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>checking</source>
        <translation>核查中</translation>
    </message>
    <message>
        <source>refunded</source>
        <translation>已退款</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>Outcome</name>
    <message>
        <source>refunded</source>
        <translation>已退款</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>PaymentSource</name>
    <message>
        <source>no payment known</source>
        <translation>付款未知</translation>
    </message>
    <message>
        <source>the row&apos;s payment_id</source>
        <translation>该行的 payment_id</translation>
    </message>
    <message>
        <source>this operation&apos;s events</source>
        <translation>此操作的事件</translation>
    </message>
    <message>
        <source>event %1 of this operation</source>
        <translation>此操作的事件 %1</translation>
    </message>
    <message>
        <source>operation %1 of the same order</source>
        <translation>同一订单的操作 %1</translation>
    </message>
    <message>
        <source>the events of operation %1 of the same order</source>
        <translation>同一订单的操作 %1 的事件</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>[options]</source>
        <translation>[选项]</translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation>用法：%1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 cannot be written: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
    <message>
        <source>%1 could not be saved: %2.</source>
        <translation>无法保存 %1：%2。</translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln decision(s) to %1.</source>
        <translation>
            <numerusform>已将 %Ln 条决定导出到 %1。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReconcilerText</name>
    <message>
        <source>Stripe check failed %1: %2</source>
        <translation>Stripe 检查失败（%1）：%2</translation>
    </message>
    <message>
        <source>The reconciler&apos;s last pass failed at %1: %2
Until it is fixed where the reconciler runs (its key file or reconcile.env), Stripe&apos;s answers stop coming; &apos;journalctl --user -u refund-desk-reconcile&apos; there shows each pass.</source>
        <translation>对账程序的上一轮于 %1 失败：%2
在运行对账程序的机器上修复之前（其密钥文件或 reconcile.env），将不再收到 Stripe 的回答；在那里运行“journalctl --user -u refund-desk-reconcile”可查看每一轮。</translation>
    </message>
    <message>
        <source>Stripe last checked %1: the reconciler has not run since</source>
        <translation>Stripe 上次检查于 %1：此后对账程序未再运行</translation>
    </message>
    <message>
        <source>The reconciler&apos;s last pass ended at %1, and it runs every 5 minutes where it is set up: see &apos;systemctl --user status refund-desk-reconcile.timer&apos; on that machine.</source>
        <translation>对账程序的上一轮结束于 %1，它在配置它的机器上每 5 分钟运行一次：请在那台机器上查看“systemctl --user status refund-desk-reconcile.timer”。</translation>
    </message>
    <message>
        <source>Stripe checked %1</source>
        <translation>Stripe 已检查（%1）</translation>
    </message>
    <message numerus="yes">
        <source>The reconciler&apos;s last pass ended at %1 and kept %n answer(s) from Stripe; the panels show what it stored.</source>
        <translation>
            <numerusform>对账程序的上一轮结束于 %1，保存了 %n 个 Stripe 回答；面板显示它所保存的内容。</numerusform>
        </translation>
    </message>
    <message>
        <source>Reconciler: no pass yet</source>
        <translation>对账程序：尚未运行过</translation>
    </message>
    <message>
        <source>No reconciler pass has ended on this store, so Stripe is asked only when someone asks (Ctrl+K). One pass: &apos;refund-desk reconcile --db STORE&apos;; a pass every 5 minutes, on the machine that holds the Stripe key: &apos;systemctl --user enable --now refund-desk-reconcile.timer&apos; (see &apos;man refund-desk&apos;).</source>
        <translation>此存储上还没有对账程序完成过一轮，因此只有有人询问时（Ctrl+K）才会询问 Stripe。运行一轮：&apos;refund-desk reconcile --db STORE&apos;；在保存 Stripe 密钥的机器上每 5 分钟运行一轮：&apos;systemctl --user enable --now refund-desk-reconcile.timer&apos;（参见 &apos;man refund-desk&apos;）。</translation>
    </message>
</context>
<context>
    <name>RefundComparison</name>
    <message>
        <source>attempt %1</source>
        <translation>第 %1 次尝试</translation>
    </message>
    <message>
        <source>this operation, outside its attempts&apos; times</source>
        <translation>本操作，但不在其各次尝试的时间内</translation>
    </message>
    <message>
        <source>this operation, at an unknown time</source>
        <translation>本操作，时间未知</translation>
    </message>
    <message>
        <source>another path, no operation id (the Dashboard or another tool?)</source>
        <translation>其他途径，无操作 ID（Dashboard 或其他工具？）</translation>
    </message>
    <message>
        <source>another path: operation %1, which this store does not hold</source>
        <translation>其他途径：操作 %1，本存储中没有该操作</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>No refund is tied to this operation, but Stripe lists %n refund(s) of its payment that no operation of this store made. If one was this operation&apos;s, made by hand, pick it and record refunded; if the money went back for something else, record failed. Either needs the override and a note.</source>
        <translation>
            <numerusform>没有退款与本操作关联，但 Stripe 列出了该付款的 %n 笔退款，并非本存储中任何操作所发起。若其中一笔是本操作的（手工发起），请选中它并记录为已退款；若这笔钱是因其他事由退回，请记录为失败。两者都需要推翻证据并填写备注。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The operation&apos;s own refund and %n refund(s) made by another path took money from the same payment: the customer may have been refunded more than once. Pick the refund that is this operation&apos;s and record it with the override and a note; have the others looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>
            <numerusform>本操作自己的退款和经其他途径发起的 %n 笔退款从同一笔付款中退了钱：客户可能被退款不止一次。请选出属于本操作的那笔退款，推翻证据并填写备注后记录；其余退款请交由核查（Ctrl+Shift+K 复制给 Stripe 支持的工单）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refunds are tied to this operation: the customer may have been refunded more than once. Pick the one that is the operation&apos;s and record it with the override and a note; have the others looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>
            <numerusform>有 %n 笔退款与本操作关联：客户可能被退款不止一次。请选出属于本操作的那一笔，推翻证据并填写备注后记录；其余退款请交由核查（Ctrl+Shift+K 复制给 Stripe 支持的工单）。</numerusform>
        </translation>
    </message>
    <message>
        <source>operation %1 of this store</source>
        <translation>本存储的操作 %1</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AskQueueFlow</name>
    <message>
        <source>&amp;Ask Stripe about operations without evidence…</source>
        <translation>向 Stripe 询问无证据的操作(&amp;A)…</translation>
    </message>
    <message>
        <source>Ask Stripe, read-only, what became of the refund of every operation whose verdict is none, and keep each answer as a provider lookup.</source>
        <translation>以只读方式询问 Stripe 每个判定为 none 的操作的退款结果，并将每个答复保存为提供方查询记录。</translation>
    </message>
    <message>
        <source>Cannot ask Stripe</source>
        <translation>无法询问 Stripe</translation>
    </message>
    <message>
        <source>Asking Stripe about the operations without evidence…</source>
        <translation>正在向 Stripe 询问无证据的操作…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Ask Stripe</source>
        <translation>询问 Stripe</translation>
    </message>
    <message>
        <source>Asking Stripe</source>
        <translation>正在询问 Stripe</translation>
    </message>
    <message>
        <source>Stopping; the answers already complete are kept…</source>
        <translation>正在停止；已完成的答复会被保留…</translation>
    </message>
    <message>
        <source>Asking Stripe: %1 of %2 operations answered…</source>
        <translation>正在询问 Stripe：%2 个操作中已有 %1 个得到答复…</translation>
    </message>
    <message>
        <source>%1 operation(s) asked, %2 of them with a refund at Stripe; %3 request(s) sent. %4 operation(s) without evidence in the queue, %5 answered before.</source>
        <translation>已询问 %1 个操作，其中 %2 个在 Stripe 有退款；发送了 %3 个请求。队列中无证据的操作 %4 个，此前已答复 %5 个。</translation>
    </message>
    <message>
        <source>Cancelled: the answers complete so far are kept; ask again for the rest.</source>
        <translation>已取消：目前完整的答复已保留；再次询问以处理其余操作。</translation>
    </message>
    <message>
        <source>Stripe could not be asked about every operation</source>
        <translation>无法就所有操作询问 Stripe</translation>
    </message>
    <message>
        <source>%1 settled by undelivered events (%2 new event(s) stored), %3 by listings or by id.</source>
        <translation>通过未送达的事件确定 %1 个（新存储 %2 个事件），通过退款列表或按 ID 确定 %3 个。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AskStripeFlow</name>
    <message>
        <source>Asking Stripe about %1… %2</source>
        <translation>正在向 Stripe 询问 %1… %2</translation>
    </message>
    <message>
        <source>Ask &amp;Stripe</source>
        <translation>询问 Stripe(&amp;S)</translation>
    </message>
    <message>
        <source>Ask Stripe, read-only, what became of this operation&apos;s refund, and keep its answer</source>
        <translation>以只读方式询问 Stripe 此操作的退款结果，并保存其回答</translation>
    </message>
    <message>
        <source>Ask Stripe what became of this refund (Ctrl+K)</source>
        <translation>询问 Stripe 此退款的结果 (Ctrl+K)</translation>
    </message>
    <message>
        <source>Ask Stripe about this operation</source>
        <translation>就此操作询问 Stripe</translation>
    </message>
    <message>
        <source>What Stripe answered</source>
        <translation>Stripe 的回答</translation>
    </message>
    <message>
        <source>Stripe &amp;key…</source>
        <translation>Stripe 密钥(&amp;K)…</translation>
    </message>
    <message>
        <source>Give or change this store&apos;s Stripe key, kept in the desktop&apos;s keyring, or forget it</source>
        <translation>提供或更改此存储的 Stripe 密钥（保存在桌面密钥环中），或将其遗忘</translation>
    </message>
    <message>
        <source>Copy a c&amp;ase for Stripe support</source>
        <translation>复制给 Stripe 支持的工单(&amp;A)</translation>
    </message>
    <message>
        <source>Put the operation, its attempts with their Request-Ids, the refund ids and what Stripe answered on the clipboard, as plain text for Stripe&apos;s support</source>
        <translation>将此操作、各次尝试及其 Request-Id、退款编号和 Stripe 的回答以纯文本放到剪贴板，供 Stripe 支持使用</translation>
    </message>
    <message>
        <source>Asking Stripe about %1…</source>
        <translation>正在向 Stripe 询问 %1…</translation>
    </message>
    <message>
        <source>Copied a case for Stripe support about %1: paste it into your message to Stripe.</source>
        <translation>已复制关于 %1 的 Stripe 支持工单：请将其粘贴到发给 Stripe 的消息中。</translation>
    </message>
    <message>
        <source>The store is open for reading only, and Stripe&apos;s answer is kept in it: open it for writing to ask Stripe.</source>
        <translation>存储以只读方式打开，而 Stripe 的回答要保存在其中：请以可写方式打开它再询问 Stripe。</translation>
    </message>
    <message numerus="yes">
        <source>Stripe answered about %1: kept as lookup #%2 (%n request(s)).</source>
        <translation>
            <numerusform>Stripe 已回答 %1：保存为查询 #%2（%n 个请求）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::AttemptTimelineView</name>
    <message>
        <source>Attempts: none recorded</source>
        <translation>尝试：无记录</translation>
    </message>
    <message>
        <source>Attempts: 1, in %1, with the one key</source>
        <translation>尝试：1 次（%1），使用同一个幂等键</translation>
    </message>
    <message>
        <source>Attempts: %1, in %2, all with the one key</source>
        <translation>尝试：%1 次（%2），全部使用同一个幂等键</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试</translation>
    </message>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n 次工具调用</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::AttemptsModel</name>
    <message>
        <source>no end recorded</source>
        <translation>未记录结束时间</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1
Provider said: %2</source>
        <translation>%1
服务商返回：%2</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Request id</source>
        <translation>请求 ID</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditChainCheck</name>
    <message>
        <source>Open a store to see its audit log.</source>
        <translation>打开存储库以查看其审计日志。</translation>
    </message>
    <message>
        <source>Broken at #%1: %2. The log was changed after it was written: decisions from #%1 on may not be as they were recorded. Keep this copy as it is and report it (hover for every problem found).</source>
        <translation>在 #%1 处断裂：%2。日志在写入后被改动过：从 #%1 起的决定可能与当初记录的不一致。请原样保留此副本并上报（将鼠标悬停在此处查看发现的全部问题）。</translation>
    </message>
    <message>
        <source>Chain verified through #%1, but a store invariant is broken: %2 The decisions so far are as recorded, but the store no longer guards them as it should: report it (hover for every problem found).</source>
        <translation>哈希链已校验至 #%1，但存储库的一项不变量被破坏：%2 目前的决定仍与记录一致，但存储库已无法像应有的那样保护它们：请上报此问题（将鼠标悬停在此处查看发现的全部问题）。</translation>
    </message>
    <message>
        <source>Verified through #%1: %2 decisions, the chain is intact and the store&apos;s invariants hold.</source>
        <translation>已校验至 #%1：共 %2 条决定，哈希链完整，存储库不变量均成立。</translation>
    </message>
    <message>
        <source>Head hash %1</source>
        <translation>链头哈希 %1</translation>
    </message>
    <message>
        <source>Cannot check the chain: %1</source>
        <translation>无法校验哈希链：%1</translation>
    </message>
    <message>
        <source>Checking the audit chain… %1%</source>
        <translation>正在校验审计链… %1%</translation>
    </message>
    <message>
        <source>Checking the audit chain…</source>
        <translation>正在校验审计链…</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditEntryModel</name>
    <message>
        <source>(operation missing)</source>
        <translation>（操作不存在）</translation>
    </message>
    <message>
        <source>override</source>
        <translation>推翻证据</translation>
    </message>
    <message>
        <source>The operator recorded this outcome against the evidence.</source>
        <translation>操作员推翻了证据，记录了此结果。</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Recorded (local)</source>
        <translation>记录时间（本地）</translation>
    </message>
    <message>
        <source>Recorded (UTC)</source>
        <translation>记录时间（UTC）</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>订单</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Refund id</source>
        <translation>退款 ID</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>操作员</translation>
    </message>
    <message>
        <source>Previous status</source>
        <translation>原状态</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>推翻证据</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditFilterBar</name>
    <message>
        <source>Fro&amp;m</source>
        <translation>从(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;To</source>
        <translation>到(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Overrides only</source>
        <translation>仅推翻证据的(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Newest first</source>
        <translation>最新在前(&amp;N)</translation>
    </message>
    <message>
        <source>A day in local time; both ends are included.</source>
        <translation>按本地时间的日期；包含起止两天。</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>所有人</translation>
    </message>
    <message>
        <source>Only the decisions of this operator</source>
        <translation>仅此操作员的决定</translation>
    </message>
    <message>
        <source>Any outcome</source>
        <translation>任意结果</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>已退款</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Only decisions recorded against the evidence</source>
        <translation>仅推翻证据记录的决定</translation>
    </message>
    <message>
        <source>O&amp;perator</source>
        <translation>操作员(&amp;P)</translation>
    </message>
    <message>
        <source>O&amp;utcome</source>
        <translation>结果(&amp;U)</translation>
    </message>
    <message>
        <source>From day</source>
        <translation>起始日</translation>
    </message>
    <message>
        <source>To day</source>
        <translation>截止日</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditIntegration</name>
    <message>
        <source>&amp;Audit log</source>
        <translation>审计日志(&amp;A)</translation>
    </message>
    <message>
        <source>Every decision with its evidence, the chain&apos;s state, totals and exports</source>
        <translation>所有决定及其证据、哈希链状态、汇总和导出</translation>
    </message>
    <message>
        <source>&amp;Export audit log…</source>
        <translation>导出审计日志(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the decisions to a CSV or JSON file</source>
        <translation>将决定写入 CSV 或 JSON 文件</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditTotalsModel</name>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>Resolutions</source>
        <translation>决定数</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditWindow</name>
    <message>
        <source>Audit log — Refund Desk</source>
        <translation>审计日志 — Refund Desk</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>日志(&amp;L)</translation>
    </message>
    <message>
        <source>Unknown &amp;exposure</source>
        <translation>未知敞口(&amp;E)</translation>
    </message>
    <message>
        <source>Totals of the selected decisions by outcome and currency</source>
        <translation>所选决定按结果和币种的汇总</translation>
    </message>
    <message>
        <source>Cannot read the audit log: %1</source>
        <translation>无法读取审计日志：%1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the selected decisions to a CSV or JSON file</source>
        <translation>将所选决定写入 CSV 或 JSON 文件</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Refresh and check the chain again</source>
        <translation>刷新并重新校验哈希链(&amp;R)</translation>
    </message>
    <message>
        <source>The &amp;log</source>
        <translation>日志(&amp;L)</translation>
    </message>
    <message>
        <source>The unknown &amp;exposure</source>
        <translation>未知敞口(&amp;E)</translation>
    </message>
    <message>
        <source>No store open</source>
        <translation>未打开存储库</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1（只读）</translation>
    </message>
    <message>
        <source>Counting…</source>
        <translation>正在统计…</translation>
    </message>
    <message>
        <source>Totals unavailable: %1</source>
        <translation>无法获取汇总：%1</translation>
    </message>
    <message>
        <source>Cannot draw the exposure: %1</source>
        <translation>无法绘制敞口图：%1</translation>
    </message>
    <message>
        <source>Export the audit log</source>
        <translation>导出审计日志</translation>
    </message>
    <message>
        <source>CSV, for spreadsheets (*.csv);;JSON (*.json)</source>
        <translation>CSV，用于电子表格 (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Exporting the audit log to %1…</source>
        <translation>正在将审计日志导出到 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export cancelled; no file was written.</source>
        <translation>导出已取消；未写入任何文件。</translation>
    </message>
    <message numerus="yes">
        <source>Showing the first %Ln matching decision(s). Narrow the filters, or export them all (File › Export…).</source>
        <translation>
            <numerusform>仅显示前 %Ln 条匹配的决定。请缩小筛选范围，或全部导出（文件 › 导出…）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln decision(s) match</source>
        <translation>
            <numerusform>%Ln 条决定符合条件</numerusform>
        </translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>Audit views</source>
        <translation>审计视图</translation>
    </message>
    <message>
        <source>Unknown exposure</source>
        <translation>未知敞口</translation>
    </message>
</context>
<context>
    <name>RefundDesk::BatchFlow</name>
    <message>
        <source>Cannot read what the evidence settles</source>
        <translation>无法读取证据所确定的内容</translation>
    </message>
    <message>
        <source>Recording outcomes from evidence…</source>
        <translation>正在根据证据记录结果…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Record outcomes from evidence</source>
        <translation>根据证据记录结果</translation>
    </message>
    <message>
        <source>Stopping after the operation being written…</source>
        <translation>将在当前写入的操作之后停止…</translation>
    </message>
    <message>
        <source>Recorded %1 of %2…</source>
        <translation>已记录 %1 / %2…</translation>
    </message>
</context>
<context>
    <name>RefundDesk::BatchReportDialog</name>
    <message>
        <source>Recorded %1 of %2 from their evidence; %3 skipped because they changed.</source>
        <translation>已根据证据记录 %1 / %2；%3 个因发生变化而跳过。</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %n operation(s) were not tried, and wait in the queue.</source>
        <translation>
            <numerusform>已取消：%n 个操作未尝试，仍在队列中等待。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped, %n operation(s) not tried: %1</source>
        <translation>
            <numerusform>已停止，%n 个操作未尝试：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>Outcomes recorded from evidence</source>
        <translation>根据证据记录的结果</translation>
    </message>
    <message numerus="yes">
        <source>%n left out by the reviewer: not recorded, still in the queue.</source>
        <translation>
            <numerusform>%n 个被审核人排除：未记录，仍在队列中。</numerusform>
        </translation>
    </message>
    <message>
        <source>What became of it</source>
        <translation>处理情况</translation>
    </message>
    <message>
        <source>What became of each operation</source>
        <translation>每个操作的处理情况</translation>
    </message>
    <message>
        <source>&amp;Copy all</source>
        <translation>全部复制(&amp;C)</translation>
    </message>
    <message>
        <source>The summary and the table, as tab-separated values for a spreadsheet or a ticket</source>
        <translation>摘要和表格，以制表符分隔，可粘贴到电子表格或工单</translation>
    </message>
    <message>
        <source>recorded, decision #%1</source>
        <translation>已记录，决定 #%1</translation>
    </message>
    <message>
        <source>skipped: %1</source>
        <translation>已跳过：%1</translation>
    </message>
</context>
<context>
    <name>RefundDesk::BatchReviewDialog</name>
    <message>
        <source>Record outcomes from evidence</source>
        <translation>根据证据记录结果</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Why these are recorded together, for the audit log</source>
        <translation>为何一起记录，供审计日志使用</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>备注(&amp;N)：</translation>
    </message>
    <message>
        <source>Type %1 to &amp;confirm:</source>
        <translation>输入 %1 以确认(&amp;C)：</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Record %n outcome(s)</source>
        <translation>
            <numerusform>记录 %n 个结果(&amp;R)</numerusform>
        </translation>
    </message>
    <message>
        <source>Latest note</source>
        <translation>最新备注</translation>
    </message>
    <message>
        <source>Operations to record</source>
        <translation>要记录的操作</translation>
    </message>
    <message>
        <source>Operations left out for a person</source>
        <translation>留给人工处理的操作</translation>
    </message>
    <message numerus="yes">
        <source>Left out for a person (%n)</source>
        <translation>
            <numerusform>留给人工处理（%n）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) will be recorded as their evidence says, each as its own decision with the evidence it rests on. One that changes before it is written is skipped.</source>
        <translation>
            <numerusform>将按依据记录 %n 个操作，每个都是独立的决定，并附其依据。写入前发生变化的操作将被跳过。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unticked: left out by you, they stay in the queue.</source>
        <translation>
            <numerusform>%n 个未勾选：由您排除，仍留在队列中。</numerusform>
        </translation>
    </message>
    <message>
        <source>To record (%1 of %2)</source>
        <translation>要记录（%1 / %2）</translation>
    </message>
    <message>
        <source>Waiting for an operation to record: tick one (Space).</source>
        <translation>等待要记录的操作：勾选一个（空格键）。</translation>
    </message>
    <message>
        <source>Waiting for a note: write above why these are recorded together.</source>
        <translation>等待备注：请在上方写明为何一起记录。</translation>
    </message>
    <message>
        <source>Waiting for the count: type %1 above to confirm.</source>
        <translation>等待数量：请在上方输入 %1 以确认。</translation>
    </message>
    <message numerus="yes">
        <source>The evidence settles none of these: %n operation(s) need a person, each for the reason shown beside it.</source>
        <translation>
            <numerusform>证据无法确定其中任何一个：%n 个操作需要人工处理，原因见各自旁边。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to record: decide each one in the window (Ctrl+R).</source>
        <translation>没有可记录的：请在窗口中逐个决定（Ctrl+R）。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ConsoleMenus</name>
    <message numerus="yes">
        <source>Selected %n operation(s) that the evidence settles.</source>
        <translation>
            <numerusform>已选择 %n 个由证据确定的操作。</numerusform>
        </translation>
    </message>
    <message>
        <source>Language: the system&apos;s (%1), now and at every start.</source>
        <translation>语言：系统语言（%1），现在起生效，每次启动时也使用。</translation>
    </message>
    <message>
        <source>Language: %1, now and at every start.</source>
        <translation>语言：%1，现在起生效，每次启动时也使用。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open store…</source>
        <translation>打开存储库(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;demo store</source>
        <translation>打开演示存储库(&amp;D)</translation>
    </message>
    <message>
        <source>Build a fresh simulated store and open it</source>
        <translation>生成一个新的模拟存储库并打开</translation>
    </message>
    <message>
        <source>&amp;Recent stores</source>
        <translation>最近的存储库(&amp;R)</translation>
    </message>
    <message>
        <source>Change o&amp;perator name…</source>
        <translation>更改操作员名称(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Queue</source>
        <translation>队列(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Go to the &amp;list</source>
        <translation>转到列表(&amp;L)</translation>
    </message>
    <message>
        <source>Go to the &amp;evidence</source>
        <translation>转到证据(&amp;E)</translation>
    </message>
    <message>
        <source>Search the &amp;payload</source>
        <translation>在载荷中搜索(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Refresh now</source>
        <translation>立即刷新(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Select all that the evidence settles</source>
        <translation>选择证据确定的全部操作(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Operation</source>
        <translation>操作(&amp;O)</translation>
    </message>
    <message>
        <source>Record &amp;outcomes from evidence…</source>
        <translation>根据证据记录结果(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Colours</source>
        <translation>配色(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Record, each as its own decision, the outcomes the evidence settles for the selected operations (when none is selected, those the view lists), after a review</source>
        <translation>经审核后，为所选操作（未选择时为当前视图列出的操作）记录证据所确定的结果，每项作为单独的决定</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ConsoleStatusBar</name>
    <message>
        <source>Operator: not set (File › Change operator name…)</source>
        <translation>操作员：未设置（文件 › 更改操作员名称…）</translation>
    </message>
    <message>
        <source>Operator: %1 (your login name)</source>
        <translation>操作员：%1（您的登录名）</translation>
    </message>
    <message>
        <source>Operator: %1</source>
        <translation>操作员：%1</translation>
    </message>
    <message>
        <source>No store open</source>
        <translation>未打开存储库</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1（只读）</translation>
    </message>
    <message>
        <source>Queue: %1</source>
        <translation>队列：%1</translation>
    </message>
    <message>
        <source>Live updates paused: %1</source>
        <translation>实时更新已暂停：%1</translation>
    </message>
    <message>
        <source>Live (polling) · changed %1</source>
        <translation>实时（轮询）· 更新于 %1</translation>
    </message>
    <message>
        <source>Live · changed %1</source>
        <translation>实时 · 更新于 %1</translation>
    </message>
    <message>
        <source>Live (polling)</source>
        <translation>实时（轮询）</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>Claims and decisions are recorded under this name. File › Change operator name… shows another one.</source>
        <translation>认领和决定均以此名称记录。可通过“文件 › 更改操作员名称…”改用其他名称。</translation>
    </message>
    <message>
        <source>Oldest: %1, %2</source>
        <translation>最早：%1，%2</translation>
    </message>
    <message>
        <source>Oldest operation in the queue</source>
        <translation>队列中最早的操作</translation>
    </message>
    <message>
        <source>The operation of this view unknown the longest: %1, unknown since %2.</source>
        <translation>此视图中结果未知最久的操作：%1，自 %2 起未知。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ConsoleStripeKey</name>
    <message>
        <source>The Stripe key for this store is forgotten.</source>
        <translation>已遗忘此存储的 Stripe 密钥。</translation>
    </message>
    <message>
        <source>This is a secret key (sk_), which can also write; Refund Desk only reads, and a restricted read-only key (rk_) is the right one to give it.</source>
        <translation>这是一个也能写入的私密密钥 (sk_)；Refund Desk 只读取，应当为它提供受限的只读密钥 (rk_)。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::DemoLauncher</name>
    <message>
        <source>Simulating the refund tool and the provider for %1 operations…</source>
        <translation>正在为 %1 个操作模拟退款工具和服务商…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Building a demo store</source>
        <translation>正在生成演示存储库</translation>
    </message>
</context>
<context>
    <name>RefundDesk::EncryptionLabel</name>
    <message>
        <source>Encrypted (%1)</source>
        <translation>已加密（%1）</translation>
    </message>
    <message>
        <source>Not encrypted</source>
        <translation>未加密</translation>
    </message>
    <message>
        <source>The link to the server is encrypted and the server&apos;s answers cannot be read or changed on the way.</source>
        <translation>与服务器的连接已加密，服务器的应答在传输途中无法被读取或篡改。</translation>
    </message>
    <message>
        <source>The link to the server crosses the network in plain text: anyone on the way can read the store&apos;s rows. Add sslmode=verify-full to the location.</source>
        <translation>与服务器的连接以明文穿过网络：途中任何人都能读取存储中的数据行。请在连接地址中加入 sslmode=verify-full。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::EventsModel</name>
    <message>
        <source>(no type)</source>
        <translation>（无类型）</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>%1 (delivered %2×)</source>
        <translation>%1（投递 %2 次）</translation>
    </message>
    <message>
        <source>This payload could not be read: %1</source>
        <translation>无法读取此载荷：%1</translation>
    </message>
    <message>
        <source>Provider time %1; received %2</source>
        <translation>服务商时间 %1；接收时间 %2</translation>
    </message>
    <message>
        <source>Failure reason: %1</source>
        <translation>失败原因：%1</translation>
    </message>
    <message>
        <source>The payload&apos;s metadata names this operation.</source>
        <translation>载荷的元数据指明了此操作。</translation>
    </message>
    <message>
        <source>The request carried this operation&apos;s idempotency key.</source>
        <translation>该请求携带了此操作的幂等键。</translation>
    </message>
    <message>
        <source>It is about a refund already tied to this operation.</source>
        <translation>该事件涉及一笔已与此操作关联的退款。</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Refund id</source>
        <translation>退款 ID</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Matched by</source>
        <translation>匹配依据</translation>
    </message>
    <message>
        <source>Event id</source>
        <translation>事件 ID</translation>
    </message>
</context>
<context>
    <name>RefundDesk::EvidenceView</name>
    <message>
        <source>Evidence: %1. %2</source>
        <translation>证据：%1。%2</translation>
    </message>
    <message>
        <source>Webhook events: none received for this operation</source>
        <translation>Webhook 事件：此操作未收到任何事件</translation>
    </message>
    <message>
        <source>Webhook events: %1</source>
        <translation>Webhook 事件：%1</translation>
    </message>
    <message>
        <source>Evidence: select an operation.</source>
        <translation>证据：请选择一个操作。</translation>
    </message>
    <message>
        <source>Webhook events</source>
        <translation>Webhook 事件</translation>
    </message>
    <message>
        <source>Payload of %1</source>
        <translation>%1 的载荷</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) could not be read (flagged below).</source>
        <translation>
            <numerusform>有 %n 个事件无法读取（已在下方标出）。</numerusform>
        </translation>
    </message>
    <message>
        <source>No webhook event names this operation. Ask Stripe (Ctrl+K) what became of it, or look the refund up in Stripe&apos;s Dashboard by the idempotency key.</source>
        <translation>没有任何 Webhook 事件提到此操作。请询问 Stripe（Ctrl+K）它的结果，或在 Stripe 控制台中按幂等键查找该退款。</translation>
    </message>
    <message>
        <source>No webhook event names this operation; the evidence above rests on Stripe&apos;s answer (lookup %1), and the History lists the requests it took.</source>
        <translation>没有 webhook 事件指向此操作；上方的证据基于 Stripe 的回答（查询 %1），“历史”中列出了它发出的请求。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ExposureChart</name>
    <message>
        <source>Amount in</source>
        <translation>金额币种</translation>
    </message>
    <message>
        <source>Still unknown at the end of each day (UTC)</source>
        <translation>每天结束时仍未知的情况（UTC）</translation>
    </message>
    <message>
        <source>Decisions recorded per day</source>
        <translation>每天记录的决定</translation>
    </message>
    <message>
        <source>Nothing to draw: no operation has been unknown and no decision was recorded.</source>
        <translation>没有可绘制的内容：没有操作处于未知状态，也没有记录任何决定。</translation>
    </message>
    <message>
        <source>Operations unknown</source>
        <translation>未知操作数</translation>
    </message>
    <message>
        <source>Amount unknown (%1)</source>
        <translation>未知金额（%1）</translation>
    </message>
    <message>
        <source>operations</source>
        <translation>操作数</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>已退款</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message numerus="yes">
        <source>Unknown now: %n operation(s).</source>
        <translation>
            <numerusform>当前未知：%n 个操作。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Unknown now: %n operation(s), %1.</source>
        <translation>
            <numerusform>当前未知：%n 个操作，%1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Decisions recorded per day (the last %n day(s))</source>
        <translation>
            <numerusform>每天记录的决定（最近 %n 天）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::HistoryModel</name>
    <message>
        <source>refund tool</source>
        <translation>退款工具</translation>
    </message>
    <message>
        <source>Created; key committed before the first attempt</source>
        <translation>已创建；幂等键在首次尝试前已提交</translation>
    </message>
    <message>
        <source>chat %1</source>
        <translation>对话 %1</translation>
    </message>
    <message>
        <source>Claimed: checking with the provider</source>
        <translation>已认领：正在向服务商核实</translation>
    </message>
    <message>
        <source>evidence: %1</source>
        <translation>证据：%1</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>Recorded refunded (%1), was %2</source>
        <translation>已记录：已退款（%1），原状态：%2</translation>
    </message>
    <message>
        <source>Recorded failed, was %1</source>
        <translation>已记录：失败，原状态：%1</translation>
    </message>
    <message>
        <source>%1 — overrode the evidence</source>
        <translation>%1 — 推翻了证据</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>人员</translation>
    </message>
    <message>
        <source>What</source>
        <translation>事项</translation>
    </message>
    <message>
        <source>Evidence and note</source>
        <translation>证据和备注</translation>
    </message>
    <message>
        <source>Note; follow up on %1</source>
        <translation>备注；于 %1 跟进</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>refunds known by id</source>
        <translation>已知 id 的退款</translation>
    </message>
    <message>
        <source>Asked %1</source>
        <translation>询问了 %1</translation>
    </message>
    <message>
        <source>%1 %2, %3</source>
        <translation>%1 %2，%3</translation>
    </message>
    <message>
        <source>%1 unknown to the provider</source>
        <translation>提供方不知道 %1</translation>
    </message>
    <message>
        <source>found: %1</source>
        <translation>找到：%1</translation>
    </message>
    <message>
        <source>between %1 and %2</source>
        <translation>在 %1 至 %2 之间</translation>
    </message>
    <message>
        <source>no refund for this operation created %1; the listing was complete</source>
        <translation>%1 没有为此操作创建的退款；列表已完整读取</translation>
    </message>
    <message>
        <source>refunds created %1: the listing did not finish</source>
        <translation>%1 创建的退款：列表未能读完</translation>
    </message>
    <message>
        <source>%1 (operation %2&apos;s)</source>
        <translation>%1（属于操作 %2）</translation>
    </message>
    <message>
        <source>%1 (made by no operation of this store)</source>
        <translation>%1（非本存储任何操作所发起）</translation>
    </message>
    <message>
        <source>by payment %1, read from %2</source>
        <translation>按付款 %1，来源：%2</translation>
    </message>
    <message>
        <source>%1: found %2</source>
        <translation>%1：找到 %2</translation>
    </message>
    <message>
        <source>%1: no refund of this payment; the listing was complete</source>
        <translation>%1：该付款没有退款；列表完整</translation>
    </message>
    <message>
        <source>%1: the listing did not finish</source>
        <translation>%1：列表未完成</translation>
    </message>
    <message>
        <source>no payment was known, and asking by the window cannot see refunds made by another path</source>
        <translation>付款未知，而按时间窗口查询看不到经其他途径发起的退款</translation>
    </message>
</context>
<context>
    <name>RefundDesk::HistoryView</name>
    <message>
        <source>Decisions recorded</source>
        <translation>已记录的决定</translation>
    </message>
</context>
<context>
    <name>RefundDesk::JsonViewer</name>
    <message>
        <source>Search the payload</source>
        <translation>在载荷中搜索</translation>
    </message>
    <message>
        <source>%1 — not valid JSON, shown as delivered</source>
        <translation>%1 — 不是有效的 JSON，按原样显示</translation>
    </message>
    <message>
        <source>Select an event to see its payload.</source>
        <translation>选择一个事件以查看其载荷。</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 处匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>载荷</translation>
    </message>
</context>
<context>
    <name>RefundDesk::LanguageMenu</name>
    <message>
        <source>&amp;System language (%1)</source>
        <translation>系统语言（%1）(&amp;S)</translation>
    </message>
</context>
<context>
    <name>RefundDesk::LiveText</name>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>RefundDesk::LookupSourceLabel</name>
    <message>
        <source>Who asked Stripe</source>
        <translation>谁查询了 Stripe</translation>
    </message>
</context>
<context>
    <name>RefundDesk::MainWindow</name>
    <message>
        <source>Refund Desk</source>
        <translation>Refund Desk</translation>
    </message>
    <message>
        <source>Cannot read the queue</source>
        <translation>无法读取队列</translation>
    </message>
    <message>
        <source>Cannot open the store</source>
        <translation>无法打开存储库</translation>
    </message>
    <message>
        <source>%1

File: %2</source>
        <translation>%1

文件：%2</translation>
    </message>
    <message>
        <source>%1 — Refund Desk</source>
        <translation>%1 — Refund Desk</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
</context>
<context>
    <name>RefundDesk::NoteDialog</name>
    <message>
        <source>Add a note to %1</source>
        <translation>为 %1 添加备注</translation>
    </message>
    <message>
        <source>What did you find or ask? The note stays with %1 for whoever looks at it next, signed %2. It decides nothing, and it cannot be changed later.</source>
        <translation>您查明或询问了什么？备注会以 %2 署名留在 %1 上，供下一位查看的人参考。它不做任何决定，之后也无法更改。</translation>
    </message>
    <message>
        <source>e.g. Asked Stripe support, case 12345; they answer within two days</source>
        <translation>例如：已询问 Stripe 支持，工单 12345；两天内答复</translation>
    </message>
    <message>
        <source>&amp;Follow up on</source>
        <translation>跟进日期(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Add note</source>
        <translation>添加备注(&amp;A)</translation>
    </message>
    <message>
        <source>Writing the note…</source>
        <translation>正在写入备注…</translation>
    </message>
    <message>
        <source>Nothing can write the note here.</source>
        <translation>此处无法写入备注。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperationActions</name>
    <message>
        <source>&amp;Claim</source>
        <translation>认领(&amp;C)</translation>
    </message>
    <message>
        <source>Take this operation: others see that you are checking it</source>
        <translation>认领此操作：其他人会看到由您在核查</translation>
    </message>
    <message>
        <source>R&amp;elease</source>
        <translation>退回(&amp;E)</translation>
    </message>
    <message>
        <source>Give the operation back to the queue unresolved</source>
        <translation>将操作退回队列，不作处理</translation>
    </message>
    <message>
        <source>&amp;Take over…</source>
        <translation>接手(&amp;T)…</translation>
    </message>
    <message>
        <source>Take the operation from the colleague who claimed it</source>
        <translation>从认领此操作的同事手中接手</translation>
    </message>
    <message>
        <source>&amp;Record outcome…</source>
        <translation>记录结果(&amp;R)…</translation>
    </message>
    <message>
        <source>Record the outcome the provider confirmed</source>
        <translation>记录服务商确认的结果</translation>
    </message>
    <message>
        <source>Copy reply for the c&amp;ustomer</source>
        <translation>复制给客户的回复(&amp;U)</translation>
    </message>
    <message>
        <source>Copy a truthful reply for the customer&apos;s chat</source>
        <translation>复制一条如实的回复，用于客户对话</translation>
    </message>
    <message>
        <source>Add &amp;note…</source>
        <translation>添加备注(&amp;N)…</translation>
    </message>
    <message>
        <source>Note what you found or asked, for whoever looks next, without deciding the operation</source>
        <translation>记下您查明或询问的内容，供下一位查看的人参考，不对操作做决定</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperationHeader</name>
    <message>
        <source>The one idempotency key of this operation. Refund Desk never issues a new one.</source>
        <translation>此操作唯一的幂等键。Refund Desk 绝不会生成新的幂等键。</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>复制幂等键</translation>
    </message>
    <message>
        <source>Copy the idempotency key to the clipboard</source>
        <translation>将幂等键复制到剪贴板</translation>
    </message>
    <message>
        <source>Idempotency &amp;key:</source>
        <translation>幂等键(&amp;K)：</translation>
    </message>
    <message>
        <source>%1 · order %2 · %3</source>
        <translation>%1 · 订单 %2 · %3</translation>
    </message>
    <message>
        <source>CHECKING — %1 since %2</source>
        <translation>核查中 — %1，自 %2 起</translation>
    </message>
    <message>
        <source>CHECKING — %1</source>
        <translation>核查中 — %1</translation>
    </message>
    <message>
        <source>key window: %1</source>
        <translation>幂等键有效期：%1</translation>
    </message>
    <message>
        <source>key window: closed (the provider may have forgotten the key)</source>
        <translation>幂等键有效期：已过期（服务商可能已不再保留该键）</translation>
    </message>
    <message>
        <source>Created %1 (%2 ago)</source>
        <translation>创建于 %1（%2 前）</translation>
    </message>
    <message>
        <source>chat %1</source>
        <translation>对话 %1</translation>
    </message>
    <message>
        <source>Created %1; the provider keeps the key until about %2</source>
        <translation>创建于 %1；服务商大约保留该幂等键至 %2</translation>
    </message>
    <message>
        <source>No operation selected</source>
        <translation>未选择操作</translation>
    </message>
    <message>
        <source>Pick an operation in the queue to see what happened to it.</source>
        <translation>在队列中选择一个操作，查看它的处理经过。</translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s)</source>
        <translation>
            <numerusform>%n 次尝试</numerusform>
        </translation>
    </message>
    <message>
        <source>Latest note, %1 at %2: %3</source>
        <comment>who, when, the note&apos;s first line</comment>
        <translation>最新备注，%1 于 %2：%3</translation>
    </message>
    <message>
        <source>follow-up on %1</source>
        <translation>于 %1 跟进</translation>
    </message>
    <message>
        <source>payment %1</source>
        <translation>付款 %1</translation>
    </message>
    <message>
        <source>payment %1 (from %2)</source>
        <translation>付款 %1（来源：%2）</translation>
    </message>
    <message>
        <source>no payment known</source>
        <translation>付款未知</translation>
    </message>
    <message>
        <source>No payment is known for this operation: Ask Stripe lists the refunds created in its attempts&apos; window, which cannot see refunds made by another path (the Dashboard, another tool).</source>
        <translation>此操作的付款未知：“询问 Stripe”会列出其尝试时间窗口内创建的退款，看不到经其他途径（Dashboard、其他工具）发起的退款。</translation>
    </message>
    <message>
        <source>Refund %1</source>
        <translation>退款 %1</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperationPanel</name>
    <message>
        <source>Payload</source>
        <translation>载荷</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>订单</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Order (%1 more)</source>
        <translation>订单（另有 %1 个）</translation>
    </message>
    <message>
        <source>History (%1 decided)</source>
        <translation>历史（已决定 %1 个）</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperationWrites</name>
    <message>
        <source>%1 — waiting for the store</source>
        <translation>%1 — 正在等待存储库</translation>
    </message>
    <message>
        <source>%1 is still being written. Wait for it to finish.</source>
        <translation>%1 仍在写入中，请等待完成。</translation>
    </message>
    <message>
        <source>Taking over %1</source>
        <translation>正在接手 %1</translation>
    </message>
    <message>
        <source>Claiming %1</source>
        <translation>正在认领 %1</translation>
    </message>
    <message>
        <source>Cannot take over</source>
        <translation>无法接手</translation>
    </message>
    <message>
        <source>Cannot claim</source>
        <translation>无法认领</translation>
    </message>
    <message>
        <source>You are checking %1.</source>
        <translation>您正在核查 %1。</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>未知时间</translation>
    </message>
    <message>
        <source>Take over %1?</source>
        <translation>接手 %1？</translation>
    </message>
    <message>
        <source>%1 claimed %2 at %3 and may be talking to the provider right now.

Take it over only if they handed it to you. They will see it claimed by you.</source>
        <translation>%1 已于 %3 认领 %2，此刻可能正在与服务商沟通。

只有在对方已交接给您时才接手。对方会看到此操作已由您认领。</translation>
    </message>
    <message>
        <source>Take over</source>
        <translation>接手</translation>
    </message>
    <message>
        <source>Releasing %1</source>
        <translation>正在退回 %1</translation>
    </message>
    <message>
        <source>Cannot release</source>
        <translation>无法退回</translation>
    </message>
    <message>
        <source>%1 is back in the queue.</source>
        <translation>%1 已回到队列。</translation>
    </message>
    <message>
        <source>The store was closed. Open it again and record the outcome there.</source>
        <translation>存储库已关闭。请重新打开并在其中记录结果。</translation>
    </message>
    <message>
        <source>Recording the outcome of %1</source>
        <translation>正在记录 %1 的结果</translation>
    </message>
    <message>
        <source>%1 is still being written. Wait for it to finish, then record the outcome again.</source>
        <translation>%1 仍在写入中。请等待完成后再次记录结果。</translation>
    </message>
    <message>
        <source>Recorded: %1. No new key was issued.</source>
        <translation>已记录：%1。未发放新密钥。</translation>
    </message>
    <message>
        <source>Someone else changed this operation</source>
        <translation>其他人修改了此操作</translation>
    </message>
    <message>
        <source>%1

The window now shows its current state.</source>
        <translation>%1

窗口现在显示的是其当前状态。</translation>
    </message>
    <message>
        <source>The store was closed. Open it again and add the note there.</source>
        <translation>存储已关闭。请重新打开并在其中添加备注。</translation>
    </message>
    <message>
        <source>Adding a note to %1</source>
        <translation>正在为 %1 添加备注</translation>
    </message>
    <message>
        <source>%1 is still being written. Wait for it to finish, then add the note again.</source>
        <translation>%1 仍在写入。请等待完成后再添加备注。</translation>
    </message>
    <message>
        <source>Note added. Nothing was decided.</source>
        <translation>已添加备注。未做任何决定。</translation>
    </message>
    <message>
        <source>Copied for the customer: %1</source>
        <translation>已复制给客户：%1</translation>
    </message>
    <message>
        <source>Cannot upgrade the store</source>
        <translation>无法升级存储</translation>
    </message>
    <message>
        <source>Upgrading the store to schema version 3</source>
        <translation>正在将存储升级到架构版本 3</translation>
    </message>
    <message>
        <source>Upgraded to schema version 3: notes can be added now, and each operation&apos;s payment kept.</source>
        <translation>已升级到架构版本 3：现在可以添加备注，并保存每个操作的付款。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperatorIdentity</name>
    <message>
        <source>Who is at the desk?</source>
        <translation>谁在值班？</translation>
    </message>
    <message>
        <source>Your name as it will appear on every claim and decision you record:</source>
        <translation>您的名字，将显示在您每一次认领和记录的决定中：</translation>
    </message>
    <message>
        <source>Use this name</source>
        <translation>使用此名称</translation>
    </message>
    <message>
        <source>The name cannot be empty. Your name as it will appear on every claim and decision you record:</source>
        <translation>名称不能为空。您的名字，将显示在您每一次认领和记录的决定中：</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OrderContextView</name>
    <message>
        <source>no other refund operations</source>
        <translation>没有其他退款操作</translation>
    </message>
    <message>
        <source>Order %1: %2. Refunded so far: %3.</source>
        <translation>订单 %1：%2。已退款合计：%3。</translation>
    </message>
    <message>
        <source>The order&apos;s operations appear here.</source>
        <translation>此订单的操作会显示在这里。</translation>
    </message>
    <message numerus="yes">
        <source>%n other refund operation(s)</source>
        <translation>
            <numerusform>另有 %n 个退款操作</numerusform>
        </translation>
    </message>
    <message>
        <source>The order&apos;s refund operations</source>
        <translation>该订单的退款操作</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OrderOperationsModel</name>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 (this one)</source>
        <translation>%1（当前）</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Refund id</source>
        <translation>退款 ID</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
</context>
<context>
    <name>RefundDesk::PanelReader</name>
    <message>
        <source>Open a store to see the operations that need a person: File › Open store… (Ctrl+O) or File › Open demo store.</source>
        <translation>打开存储库以查看需要人工处理的操作：文件 › 打开存储库…（Ctrl+O）或 文件 › 打开演示存储库。</translation>
    </message>
    <message>
        <source>Pick an operation in the queue (Ctrl+1, then the arrow keys).</source>
        <translation>在队列中选择一个操作（Ctrl+1，然后用方向键）。</translation>
    </message>
    <message>
        <source>%1 is not in this view of the queue. Pick an operation in the queue (Ctrl+1), or change the search or the view to see %1 again.</source>
        <translation>%1 不在队列的此视图中。请在队列中选择一个操作（Ctrl+1），或更改搜索或视图以再次看到 %1。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::QueueFilterBar</name>
    <message>
        <source>Find an id… (Ctrl+F)</source>
        <translation>按 ID 查找…（Ctrl+F）</translation>
    </message>
    <message>
        <source>Matches within operation id, order id, idempotency key, refund id and conversation id</source>
        <translation>在操作 ID、订单 ID、幂等键、退款 ID 和对话 ID 中匹配</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>任意判定</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>已退款</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>Conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>No evidence</source>
        <translation>无证据</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>Ver&amp;dict:</source>
        <translation>判定(&amp;D)：</translation>
    </message>
    <message>
        <source>Find an operation</source>
        <translation>查找操作</translation>
    </message>
    <message>
        <source>Not found at Stripe</source>
        <translation>Stripe 中未找到</translation>
    </message>
    <message>
        <source>What the provider&apos;s events and lookups show</source>
        <translation>服务商事件和查询显示的情况</translation>
    </message>
    <message>
        <source>Which operations to list, with how many each view holds</source>
        <translation>要列出哪些操作，以及每个视图中的数量</translation>
    </message>
    <message>
        <source>Needs a person now</source>
        <translation>现在需要人工处理</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>我的</translation>
    </message>
    <message>
        <source>Free (nobody on it)</source>
        <translation>空闲（无人处理）</translation>
    </message>
    <message>
        <source>Waiting for a follow-up</source>
        <translation>等待跟进</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>Views of the queue</source>
        <translation>队列视图</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Ready to record from evidence</source>
        <translation>可按依据记录</translation>
    </message>
    <message>
        <source> (at least %1)</source>
        <translation>（至少 %1）</translation>
    </message>
    <message>
        <source>Refund by another path</source>
        <translation>经其他途径的退款</translation>
    </message>
    <message>
        <source>Needs a person now, colleagues&apos; claims too</source>
        <translation>现在需要人工处理（含同事认领的）</translation>
    </message>
</context>
<context>
    <name>RefundDesk::QueueModel</name>
    <message>
        <source>The provider keeps the idempotency key until about %1.</source>
        <translation>服务商大约保留该幂等键至 %1。</translation>
    </message>
    <message>
        <source>Claimed %1</source>
        <translation>认领于 %1</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>订单</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Tries</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Key window</source>
        <translation>键有效期</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Claimed by</source>
        <translation>认领人</translation>
    </message>
    <message>
        <source>Attempts sent to the provider under this operation&apos;s one key</source>
        <translation>以此操作唯一的幂等键发送给服务商的尝试次数</translation>
    </message>
    <message>
        <source>Time left until the provider forgets the idempotency key</source>
        <translation>距服务商不再保留该幂等键的剩余时间</translation>
    </message>
    <message>
        <source>What the provider&apos;s webhook events show (not sortable)</source>
        <translation>服务商 Webhook 事件显示的情况（不可排序）</translation>
    </message>
    <message>
        <source>order %1</source>
        <translation>订单 %1</translation>
    </message>
    <message>
        <source>verdict %1</source>
        <translation>结论 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n try(s)</source>
        <translation>
            <numerusform>%n 次尝试</numerusform>
        </translation>
    </message>
    <message>
        <source>key window %1 left</source>
        <translation>密钥窗口剩余 %1</translation>
    </message>
    <message>
        <source>key window closed</source>
        <translation>密钥窗口已关闭</translation>
    </message>
    <message>
        <source>claimed by %1</source>
        <translation>由 %1 认领</translation>
    </message>
    <message>
        <source>Waiting until %1 — %2</source>
        <comment>a follow-up day, then the first line of the note that set it</comment>
        <translation>等待至 %1 — %2</translation>
    </message>
    <message>
        <source>Follow-up</source>
        <translation>跟进</translation>
    </message>
    <message>
        <source>The day a note asked to look again, and the note&apos;s first line; the operation needs a person again on that day (not sortable)</source>
        <translation>备注要求再次查看的日期及该备注的第一行；到那天该操作会再次需要人工处理（不可排序）</translation>
    </message>
    <message>
        <source>%1 · overdue</source>
        <comment>an age past the store&apos;s target</comment>
        <translation>%1 · 已超期</translation>
    </message>
    <message>
        <source>Unknown since %1; created %2</source>
        <translation>自 %1 起结果未知；创建于 %2</translation>
    </message>
    <message numerus="yes">
        <source>Overdue: unknown for longer than the store&apos;s target of %n hour(s).</source>
        <translation>
            <numerusform>已超期：结果未知的时间超过了存储的目标 %n 小时。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time since the operation became unknown (its last attempt ended); a warning icon marks it overdue past the store&apos;s target of %n hour(s)</source>
        <translation>
            <numerusform>自操作结果变为未知（其最后一次尝试结束）以来的时间；超过存储的目标 %n 小时即以警告图标标为超期</numerusform>
        </translation>
    </message>
    <message>
        <source>Note: %1</source>
        <comment>the first line of an operation&apos;s latest note</comment>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>The key window closed about %1: the provider may have forgotten the idempotency key.</source>
        <translation>密钥窗口约于 %1 关闭：支付服务商可能已忘记该幂等键。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::QueuePane</name>
    <message>
        <source>No store is open. File › Open store… (Ctrl+O)</source>
        <translation>未打开存储库。文件 › 打开存储库…（Ctrl+O）</translation>
    </message>
    <message>
        <source>Nothing needs a person right now.</source>
        <translation>目前没有需要人工处理的操作。</translation>
    </message>
    <message>
        <source>No operation matches the filter.</source>
        <translation>没有符合筛选条件的操作。</translation>
    </message>
    <message>
        <source>%1 shown, more below</source>
        <translation>已显示 %1 个，下方还有更多</translation>
    </message>
    <message numerus="yes">
        <source>%Ln operation(s)</source>
        <translation>
            <numerusform>%Ln 个操作</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the queue…</source>
        <translation>正在读取队列…</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>The operations that need a person. The arrow keys show one in the panel.</source>
        <translation>需要人工处理的操作。方向键在面板中显示所选操作。</translation>
    </message>
    <message>
        <source>Click a column to sort (oldest first when none is chosen); drag it to move it</source>
        <translation>点击列标题排序（未选择时按最早在前）；拖动列标题可移动该列</translation>
    </message>
</context>
<context>
    <name>RefundDesk::RecentStores</name>
    <message>
        <source>No recent stores</source>
        <translation>没有最近的存储库</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>清空列表</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ReconcilerLabel</name>
    <message>
        <source>Reconciler</source>
        <translation>对账程序</translation>
    </message>
</context>
<context>
    <name>RefundDesk::RefundComparisonModel</name>
    <message>
        <source>no status</source>
        <translation>无状态</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 (per %2)</source>
        <translation>%1（依据：%2）</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>退款</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Made by</source>
        <translation>发起方</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>元数据</translation>
    </message>
</context>
<context>
    <name>RefundDesk::RefundComparisonView</name>
    <message>
        <source>Refunds Stripe stated, side by side</source>
        <translation>Stripe 所述的退款，并列对比</translation>
    </message>
    <message>
        <source>The operation&apos;s own refunds first, then its payment&apos;s others. Ctrl+C copies them.</source>
        <translation>先列本操作自己的退款，再列该付款的其他退款。Ctrl+C 可复制。</translation>
    </message>
    <message>
        <source>&amp;Use as this operation&apos;s refund</source>
        <translation>作为本操作的退款(&amp;U)</translation>
    </message>
    <message>
        <source>Use the selected refund as this operation&apos;s refund</source>
        <translation>将所选退款作为本操作的退款</translation>
    </message>
    <message>
        <source>Pick the refund that is this operation&apos;s and use it; choose failed if none of them is.</source>
        <translation>请选出属于本操作的退款并采用；若都不是，请选择失败。</translation>
    </message>
    <message>
        <source>Failed records that none of these refunds (%1) is this operation&apos;s: have them looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>记录为失败即表示这些退款（%1）都不属于本操作：请交由核查（Ctrl+Shift+K 复制给 Stripe 支持的工单）。</translation>
    </message>
    <message numerus="yes">
        <source>%n other refund(s) of this payment (%1) stay unexplained: have them looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>
            <numerusform>该付款的另外 %n 笔退款（%1）仍无解释：请交由核查（Ctrl+Shift+K 复制给 Stripe 支持的工单）。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not among the refunds Stripe stated for this operation and its payment: check it in the Dashboard before you record it.</source>
        <translation>%1 不在 Stripe 就本操作及其付款所列的退款之中：记录前请在 Dashboard 中核对。</translation>
    </message>
    <message>
        <source>%1 (%2, %3) is recorded as this operation&apos;s refund.</source>
        <translation>%1（%2，%3）将记录为本操作的退款。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ReleaseClaimsDialog</name>
    <message>
        <source>Release your claims before you leave?</source>
        <translation>离开前退回您认领的操作吗？</translation>
    </message>
    <message>
        <source>You still hold these operations in this store, and nobody else can record their outcomes while you do. Release them for the next shift, with a note for whoever takes each over if you like, or keep them.</source>
        <translation>您仍在此存储中认领着这些操作，在此期间其他人无法记录它们的结果。请将它们退回给下一班（如愿意，可为接手每项操作的人留下备注），或继续保留。</translation>
    </message>
    <message>
        <source>You still hold these operations in this store, and nobody else can record their outcomes while you do. Release them for the next shift, or keep them.</source>
        <translation>您仍在此存储中认领着这些操作，在此期间其他人无法记录它们的结果。请将它们退回给下一班，或继续保留。</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>订单</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Claimed since</source>
        <translation>认领时间</translation>
    </message>
    <message>
        <source>Note for whoever takes it next</source>
        <translation>给下一位接手者的备注</translation>
    </message>
    <message>
        <source>Note on %1</source>
        <translation>%1 的备注</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>&amp;Note on every operation without its own:</source>
        <translation>没有自己备注的操作统一使用的备注(&amp;N)：</translation>
    </message>
    <message>
        <source>Note on every operation without its own</source>
        <translation>没有自己备注的操作统一使用的备注</translation>
    </message>
    <message>
        <source>e.g. Asked Stripe support; they answer within two days</source>
        <translation>例如：已询问 Stripe 支持；两天内答复</translation>
    </message>
    <message>
        <source>&amp;Release and close</source>
        <translation>退回并关闭(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Keep claims and close</source>
        <translation>保留认领并关闭(&amp;K)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ResolveDialog</name>
    <message>
        <source>&amp;Refunded — the money went back to the customer</source>
        <translation>已退款——款项已退回客户(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Failed — no money moved</source>
        <translation>失败——没有资金变动(&amp;F)</translation>
    </message>
    <message>
        <source>O&amp;verride the evidence: I confirmed this outcome with the provider</source>
        <translation>推翻证据：我已向服务商确认此结果(&amp;V)</translation>
    </message>
    <message>
        <source>Record outcome of %1</source>
        <translation>记录 %1 的结果</translation>
    </message>
    <message>
        <source>%1 · order %2 · %3. Evidence: %4. %5</source>
        <translation>%1 · 订单 %2 · %3。证据：%4。%5</translation>
    </message>
    <message>
        <source>re_… as the provider shows it</source>
        <translation>re_…，与服务商显示的一致</translation>
    </message>
    <message>
        <source>Webhook event %1 (%2: %3 %4)</source>
        <translation>Webhook 事件 %1（%2：%3 %4）</translation>
    </message>
    <message>
        <source>Webhook event %1 (%2)</source>
        <translation>Webhook 事件 %1（%2）</translation>
    </message>
    <message>
        <source>Provider dashboard</source>
        <translation>服务商后台</translation>
    </message>
    <message>
        <source>Provider support (give the case reference)</source>
        <translation>服务商客服（请填写工单编号）</translation>
    </message>
    <message>
        <source>case reference</source>
        <translation>工单编号</translation>
    </message>
    <message>
        <source>What you checked (required when overriding the evidence)</source>
        <translation>您核实了什么（推翻证据时必填）</translation>
    </message>
    <message>
        <source>Outcome:</source>
        <translation>结果：</translation>
    </message>
    <message>
        <source>Refund &amp;id:</source>
        <translation>退款 ID(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Confirmed by:</source>
        <translation>确认来源(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>备注(&amp;N)：</translation>
    </message>
    <message>
        <source>O&amp;perator:</source>
        <translation>操作员(&amp;P)：</translation>
    </message>
    <message>
        <source>Record outcome</source>
        <translation>记录结果</translation>
    </message>
    <message>
        <source>Choose what the provider confirmed: refunded or failed.</source>
        <translation>请选择服务商确认的结果：已退款或失败。</translation>
    </message>
    <message>
        <source>Give the provider support case reference.</source>
        <translation>请填写服务商客服的工单编号。</translation>
    </message>
    <message>
        <source>Check your choice. To record it anyway, tick the override and say in the note how you confirmed it.</source>
        <translation>请检查您的选择。如仍要记录，请勾选推翻证据，并在备注中说明您是如何确认的。</translation>
    </message>
    <message>
        <source>This contradicts the evidence: %1</source>
        <translation>这与证据相矛盾：%1</translation>
    </message>
    <message>
        <source>Recording the outcome of %1 — waiting for the store…</source>
        <translation>正在记录 %1 的结果 — 等待存储库…</translation>
    </message>
    <message>
        <source>Nothing will be written until you choose an outcome. No new key will be issued.</source>
        <translation>在您选择结果之前不会写入任何内容。不会生成新的幂等键。</translation>
    </message>
    <message>
        <source>Will record: %1 refunded (%2, refund %3), confirmed by %4, by %5.</source>
        <translation>将记录：%1 已退款（%2，退款 %3），确认来源：%4，操作员：%5。</translation>
    </message>
    <message>
        <source>id missing</source>
        <translation>未填写 ID</translation>
    </message>
    <message>
        <source>(source missing)</source>
        <translation>（未填写来源）</translation>
    </message>
    <message>
        <source>(name missing)</source>
        <translation>（未填写姓名）</translation>
    </message>
    <message>
        <source>Will record: %1 failed (no money moved, %2 not refunded), confirmed by %3, by %4.</source>
        <translation>将记录：%1 失败（没有资金变动，%2 未退款），确认来源：%3，操作员：%4。</translation>
    </message>
    <message>
        <source>It overrides the evidence; the override and your note go into the audit log.</source>
        <translation>此记录推翻了证据；推翻操作和您的备注都会写入审计日志。</translation>
    </message>
    <message>
        <source>The operation leaves the queue and the decision is final.</source>
        <translation>该操作将离开队列，决定不可更改。</translation>
    </message>
    <message>
        <source>No new key will be issued.</source>
        <translation>不会生成新的幂等键。</translation>
    </message>
    <message>
        <source>This window cannot record decisions. Nothing was recorded.</source>
        <translation>此窗口无法记录决定。未记录任何内容。</translation>
    </message>
    <message>
        <source>Case reference</source>
        <translation>工单编号</translation>
    </message>
    <message>
        <source>Stripe lookup %1 (no refund listed)</source>
        <translation>Stripe 查询 %1（未列出退款）</translation>
    </message>
    <message>
        <source>Stripe lookup %1 (refunds found: %2)</source>
        <translation>Stripe 查询 %1（找到的退款：%2）</translation>
    </message>
    <message>
        <source>Where the outcome was confirmed</source>
        <translation>结果在何处确认</translation>
    </message>
    <message>
        <source>Pick the refund that is this operation&apos;s (Use as this operation&apos;s refund), or type its id.</source>
        <translation>请选出属于本操作的退款（“作为本操作的退款”），或输入其 ID。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ShiftEnd</name>
    <message>
        <source>Cannot tell which claims you hold</source>
        <translation>无法确定您认领了哪些操作</translation>
    </message>
    <message>
        <source>%1

Close anyway? Claims you hold stay yours until you or someone else release them.</source>
        <translation>%1

仍要关闭吗？您认领的操作将一直归您，直到您或其他人将其退回。</translation>
    </message>
    <message>
        <source>%1 could not be released: %2 Try again, keep them, or stay.</source>
        <translation>%1 未能退回：%2 请重试、保留它们，或留下。</translation>
    </message>
    <message>
        <source>Releasing %1</source>
        <translation>正在退回 %1</translation>
    </message>
    <message>
        <source>It is still being written; wait for that to finish.</source>
        <translation>它仍在写入中；请等待写入完成。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Every key works wherever the keyboard is in the window, unless the table says where. Alt with an underlined letter opens a menu or goes to a field.</source>
        <translation>除非表中注明位置，每个快捷键在窗口中任何位置都有效。Alt 加带下划线的字母可打开菜单或转到字段。</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Does</source>
        <translation>作用</translation>
    </message>
    <message>
        <source>Menu or place</source>
        <translation>菜单或位置</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>回车</translation>
    </message>
    <message>
        <source>Ctrl+A, Ctrl/Shift+click</source>
        <translation>Ctrl+A、Ctrl/Shift+单击</translation>
    </message>
    <message>
        <source>Ctrl+C</source>
        <translation>Ctrl+C</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格键</translation>
    </message>
    <message>
        <source>Go to the first match</source>
        <translation>转到第一个匹配项</translation>
    </message>
    <message>
        <source>The search field</source>
        <translation>搜索框</translation>
    </message>
    <message>
        <source>Select many operations</source>
        <translation>选择多个操作</translation>
    </message>
    <message>
        <source>The queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>Copy the selected rows, tab-separated</source>
        <translation>复制所选行（制表符分隔）</translation>
    </message>
    <message>
        <source>Any table</source>
        <translation>任意表格</translation>
    </message>
    <message>
        <source>Tick or untick the selected rows</source>
        <translation>勾选或取消勾选所选行</translation>
    </message>
    <message>
        <source>The batch review</source>
        <translation>批量审核</translation>
    </message>
</context>
<context>
    <name>RefundDesk::StandbyLabel</name>
    <message>
        <source>A standby server replays the primary&apos;s changes a moment after they are made and takes none of its own: everything can be read here, and claims and decisions are recorded on the primary.</source>
        <translation>备用服务器在主服务器做出更改后片刻即重放这些更改，自身不接受任何更改：这里可以读取一切，认领和决定在主服务器上记录。</translation>
    </message>
    <message>
        <source>Standby · %1</source>
        <translation>备用服务器 · %1</translation>
    </message>
</context>
<context>
    <name>RefundDesk::StoreSources</name>
    <message>
        <source>Cannot build the demo store</source>
        <translation>无法生成演示存储库</translation>
    </message>
    <message>
        <source>Open a Refund Desk store</source>
        <translation>打开 Refund Desk 存储库</translation>
    </message>
    <message>
        <source>Stores (*.sqlite *.db *.refunddesk);;All files (*)</source>
        <translation>存储库 (*.sqlite *.db *.refunddesk);;所有文件 (*)</translation>
    </message>
    <message>
        <source>A demo store is already being built.</source>
        <translation>演示存储库正在生成中。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::StripeKeyDialog</name>
    <message>
        <source>Stripe key</source>
        <translation>Stripe 密钥</translation>
    </message>
    <message>
        <source>The Stripe key for %1: a restricted key (rk_…) with Refunds: Read and Events: Read. Refund Desk only reads from Stripe.</source>
        <translation>%1 的 Stripe 密钥：具有 Refunds: Read 和 Events: Read 权限的受限密钥 (rk_…)。Refund Desk 只从 Stripe 读取。</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Forget the key</source>
        <translation>遗忘密钥</translation>
    </message>
</context>
<context>
    <name>RefundDesk::StripeKeyring</name>
    <message>
        <source>The desktop&apos;s keyring cannot be used (%1), so the key is kept for this session only: start a keyring (GNOME Keyring, KWallet) to have it remembered.</source>
        <translation>无法使用桌面密钥环（%1），因此密钥仅在本次会话中保留：请启动密钥环（GNOME Keyring、KWallet）以便记住它。</translation>
    </message>
</context>
<context>
    <name>RefundDesk::StripeLinks</name>
    <message>
        <source>Open %1 in Stripe&apos;s Dashboard</source>
        <translation>在 Stripe 控制台中打开 %1</translation>
    </message>
</context>
<context>
    <name>RefundDesk::UpgradeBanner</name>
    <message>
        <source>Upgrading…</source>
        <translation>正在升级…</translation>
    </message>
    <message>
        <source>&amp;Upgrade</source>
        <translation>升级(&amp;U)</translation>
    </message>
    <message>
        <source>This store has schema version 1: it cannot hold notes. Upgrading it to version 3 adds the tables for notes and for what the provider answered and a column for the payment behind each operation, in one step, and changes nothing else; the refund tool and the webhook receiver keep writing it as before.</source>
        <translation>此存储的架构版本为 1：无法保存备注。升级到版本 3 会一步添加备注表、服务商答复表以及记录每个操作背后付款的列，其他内容不变；退款工具和 Webhook 接收器照常写入。</translation>
    </message>
</context>
<context>
    <name>RefundStatus</name>
    <message>
        <source>pending</source>
        <translation>待处理</translation>
    </message>
    <message>
        <source>requires_action</source>
        <translation>需要操作</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>Resolver</name>
    <message>
        <source>the refund</source>
        <translation>该退款</translation>
    </message>
    <message>
        <source>has no status yet</source>
        <translation>尚无状态</translation>
    </message>
    <message>
        <source>has status %1</source>
        <translation>状态为“%1”</translation>
    </message>
    <message>
        <source>The operator name is empty. Say who records this decision (--operator NAME).</source>
        <translation>操作员名称为空。请说明由谁记录此决定（--operator NAME）。</translation>
    </message>
    <message>
        <source>The evidence is empty. Say where the outcome was confirmed (e.g. webhook:evt_..., dashboard, provider_support:CASE).</source>
        <translation>证据为空。请说明结果在哪里得到确认（例如 webhook:evt_...、dashboard、provider_support:CASE）。</translation>
    </message>
    <message>
        <source>A refunded outcome needs the provider&apos;s refund id (--refund-id re_...).</source>
        <translation>“已退款”结果需要服务商的退款 ID（--refund-id re_...）。</translation>
    </message>
    <message>
        <source>A failed outcome carries no refund id; leave --refund-id out.</source>
        <translation>“失败”结果没有退款 ID；请去掉 --refund-id。</translation>
    </message>
    <message>
        <source>Overriding the evidence needs a note that says why (--note TEXT).</source>
        <translation>推翻证据需要一条说明原因的备注（--note TEXT）。</translation>
    </message>
    <message>
        <source>The evidence is in conflict, so no outcome can be recorded without an override: %1</source>
        <translation>证据相互冲突，因此只能推翻证据才能记录结果：%1</translation>
    </message>
    <message>
        <source>%1, so recording %2 contradicts it.</source>
        <translation>%1，因此记录“%2”与之矛盾。</translation>
    </message>
    <message>
        <source>; it may still succeed</source>
        <translation>；它仍可能成功</translation>
    </message>
    <message>
        <source>%1%2, so recording %3 contradicts it.</source>
        <translation>%1%2，因此记录“%3”与之矛盾。</translation>
    </message>
    <message>
        <source>The operator name is empty. Say who is acting (--operator NAME).</source>
        <translation>操作员名称为空。请说明由谁执行此操作（--operator NAME）。</translation>
    </message>
    <message>
        <source>%1 To record it anyway, override the evidence (--override-evidence) with a note saying why (--note TEXT).</source>
        <translation>%1如仍要记录，请推翻证据（--override-evidence）并附上说明原因的备注（--note TEXT）。</translation>
    </message>
    <message>
        <source>The evidence of %1 changed since it was reviewed: it was %2 (refund %3, event %4) and is now %5. Nothing was recorded; review it again.</source>
        <translation>%1 的证据在审核后发生了变化：原为 %2（退款 %3，事件 %4），现为 %5。未记录任何内容；请重新审核。</translation>
    </message>
    <message>
        <source>%1 says refund %2 of %3 </source>
        <translation>%1 显示退款 %2（%3）</translation>
    </message>
    <message>
        <source>%1 So recording %2 contradicts it.</source>
        <translation>%1 因此记录“%2”与之矛盾。</translation>
    </message>
    <message>
        <source>The evidence names refund %1 (%2), not %3.</source>
        <translation>证据指向的是退款 %1（%2），而不是 %3。</translation>
    </message>
    <message>
        <source>%1 Whether it is this operation&apos;s refund is for a person to say, so no outcome can be recorded without an override.</source>
        <translation>%1 这是否是此操作的退款须由人判断，因此不覆盖证据就不能记录结果。</translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message>
        <source>The reference schema could not be built: %1.</source>
        <translation>无法构建参考架构：%1。</translation>
    </message>
    <message>
        <source>reading the events of %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取 %1 的事件</translation>
    </message>
    <message>
        <source>%1 could not be opened (%2). Check the file and its permissions.</source>
        <translation>无法打开 %1（%2）。请检查该文件及其权限。</translation>
    </message>
    <message>
        <source>Read-only snapshot: %1, so the store was opened immutable; changes made after opening will not show.</source>
        <translation>只读快照：%1，因此存储库以不可变方式打开；打开后发生的更改不会显示。</translation>
    </message>
    <message>
        <source>Its -wal file holds %1 of recent changes a snapshot cannot read: they are not shown. For a complete copy, copy the store with sqlite3 STORE &quot;.backup COPY&quot;.</source>
        <translation>其 -wal 文件中有 %1 的最新更改，快照无法读取，因此未显示。如需完整副本，请用 sqlite3 STORE &quot;.backup COPY&quot; 复制存储库。</translation>
    </message>
    <message>
        <source>a WAL store without its -shm file would make SQLite create one, and a read-only open creates no file</source>
        <translation>对于缺少 -shm 文件的 WAL 存储库，SQLite 会创建该文件，而只读打开不会创建任何文件</translation>
    </message>
    <message>
        <source>the folder is read-only and lacks the store&apos;s -shm file</source>
        <translation>文件夹为只读，且缺少存储库的 -shm 文件</translation>
    </message>
    <message>
        <source>SQLite could not share the store&apos;s -wal and -shm files (%1)</source>
        <translation>SQLite 无法共享存储库的 -wal 和 -shm 文件（%1）</translation>
    </message>
    <message>
        <source>the file is read-only for you</source>
        <translation>您对该文件只有只读权限</translation>
    </message>
    <message>
        <source>its -wal file is read-only for you</source>
        <translation>您对其 -wal 文件只有只读权限</translation>
    </message>
    <message>
        <source>its -shm file is read-only for you</source>
        <translation>您对其 -shm 文件只有只读权限</translation>
    </message>
    <message>
        <source>its folder is read-only for you, and writing needs files beside the store</source>
        <translation>您对其所在文件夹只有只读权限，而写入需要在存储库旁创建文件</translation>
    </message>
    <message>
        <source>You may not read %1. Ask its owner for read access, or work on a copy you may read.</source>
        <translation>您无权读取 %1。请向其所有者申请读取权限，或使用您可读取的副本。</translation>
    </message>
    <message>
        <source>SQLite could open it for reading only</source>
        <translation>SQLite 只能以只读方式打开它</translation>
    </message>
    <message>
        <source>Opened read-only: you may not write this store (%1).</source>
        <translation>已以只读方式打开：您无权写入此存储库（%1）。</translation>
    </message>
    <message>
        <source>The disk holding %1 is full: SQLite cannot set up the files it needs beside the store. Nothing was written. Free some space and try again.</source>
        <translation>%1 所在的磁盘已满：SQLite 无法在存储库旁创建所需的文件。未写入任何内容。请释放一些空间后重试。</translation>
    </message>
    <message>
        <source>%1 could not be read: %2.</source>
        <translation>无法读取 %1：%2。</translation>
    </message>
    <message>
        <source>%1 is cut short: it holds %2 of the %3 bytes its header counts, as an interrupted copy or download leaves a file. Copy it again or restore it from a backup; Refund Desk will not write to it.</source>
        <translation>%1 不完整：它只有文件头所记 %3 字节中的 %2 字节，复制或下载中断时会留下这样的文件。请重新复制或从备份恢复；Refund Desk 不会写入该文件。</translation>
    </message>
    <message>
        <source>%1 is damaged (%2). Restore it from a backup; Refund Desk will not write to it.</source>
        <translation>%1 已损坏（%2）。请从备份恢复；Refund Desk 不会写入该文件。</translation>
    </message>
    <message>
        <source>the schema resource is missing from this build</source>
        <translation>此版本缺少架构资源</translation>
    </message>
    <message>
        <source>%1 is not a Refund Desk store: it is not an SQLite database. Open the store file the refund tool writes, or create one with &apos;refund-desk init --db PATH&apos;.</source>
        <translation>%1 不是 Refund Desk 存储库：它不是 SQLite 数据库。请打开退款工具写入的存储库文件，或用“refund-desk init --db PATH”新建一个。</translation>
    </message>
    <message>
        <source>%1 has store schema version %2, newer than this Refund Desk understands (version %3). Update Refund Desk to open it.</source>
        <translation>%1 的存储库架构版本为 %2，高于此版本 Refund Desk 支持的版本（%3）。请更新 Refund Desk 后再打开。</translation>
    </message>
    <message>
        <source>The store is busy: another program has held it locked for more than %1 seconds while %2. Nothing was written. Try again in a moment.</source>
        <translation>存储库正忙：在%2时，另一个程序锁定它已超过 %1 秒。未写入任何内容。请稍后重试。</translation>
    </message>
    <message>
        <source>%1 cannot be written (%2) while %3. Nothing was written. Open a writable copy, or ask for write access to the file and its folder.</source>
        <translation>在%3时无法写入 %1（%2）。未写入任何内容。请打开可写的副本，或申请该文件及其所在文件夹的写入权限。</translation>
    </message>
    <message>
        <source>The disk holding %1 is full while %2. Nothing was written. Free some space and try again.</source>
        <translation>在%2时，%1 所在的磁盘已满。未写入任何内容。请释放一些空间后重试。</translation>
    </message>
    <message>
        <source>%1 is damaged (%2) while %3. Restore it from a backup; Refund Desk will not write to it.</source>
        <translation>在%3时发现 %1 已损坏（%2）。请从备份恢复；Refund Desk 不会写入该文件。</translation>
    </message>
    <message>
        <source>%1 could not be read or written (%2) while %3. Check the disk and the file&apos;s permissions.</source>
        <translation>在%3时无法读写 %1（%2）。请检查磁盘和文件权限。</translation>
    </message>
    <message>
        <source>Unexpected database error while %1: %2 (SQLite code %3).</source>
        <translation>在%1时发生意外的数据库错误：%2（SQLite 代码 %3）。</translation>
    </message>
    <message>
        <source>A change to %1 was asked for while a read snapshot of it is open. Nothing was written. Close the snapshot first.</source>
        <translation>在 %1 的只读快照打开期间请求了更改。未写入任何内容。请先关闭快照。</translation>
    </message>
    <message>
        <source>%1 is open read-only, so nothing can be recorded in it. Open it without --read-only, from a folder you may write to.</source>
        <translation>%1 以只读方式打开，因此无法记录任何内容。请不带 --read-only、从您有写入权限的文件夹中打开。</translation>
    </message>
    <message>
        <source>starting a consistent read</source>
        <comment>what the store was doing when it failed</comment>
        <translation>开始一致性读取</translation>
    </message>
    <message>
        <source>reading store_meta</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取 store_meta</translation>
    </message>
    <message>
        <source>checking for changes</source>
        <comment>what the store was doing when it failed</comment>
        <translation>检查更改</translation>
    </message>
    <message>
        <source>reading operations</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取操作</translation>
    </message>
    <message>
        <source>reading the audit log</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取审计日志</translation>
    </message>
    <message>
        <source>reading the queue</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取队列</translation>
    </message>
    <message>
        <source>reading operation %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取操作 %1</translation>
    </message>
    <message>
        <source>reading the attempts of %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取 %1 的尝试</translation>
    </message>
    <message>
        <source>importing events</source>
        <comment>what the store was doing when it failed</comment>
        <translation>导入事件</translation>
    </message>
    <message>
        <source>importing event %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>导入事件 %1</translation>
    </message>
    <message>
        <source>%1 was already resolved as %2 by %3 at %4 (resolution #%5). Nothing was written.</source>
        <translation>%1 已由 %3 于 %4 处理为“%2”（决定 #%5）。未写入任何内容。</translation>
    </message>
    <message>
        <source>%1 was already closed as %2 by the refund tool. Nothing was written.</source>
        <translation>%1 已被退款工具关闭为“%2”。未写入任何内容。</translation>
    </message>
    <message>
        <source>%1 is being checked by %2 since %3. Nothing was written; take it over first if you must.</source>
        <translation>%1 自 %3 起由 %2 核查中。未写入任何内容；如确有必要，请先接手。</translation>
    </message>
    <message>
        <source>%1 is open: the refund tool is still working on it. Nothing was written.</source>
        <translation>%1 仍在进行中：退款工具仍在处理。未写入任何内容。</translation>
    </message>
    <message>
        <source>%1 changed since you looked at it (it is now unknown, version %2). Nothing was written; look at it again.</source>
        <translation>自您查看以来 %1 已发生变化（现为未知状态，版本 %2）。未写入任何内容；请重新查看。</translation>
    </message>
    <message>
        <source>There is no operation %1 in %2. Check the id (e.g. op_5521).</source>
        <translation>%2 中没有操作 %1。请核对 ID（例如 op_5521）。</translation>
    </message>
    <message>
        <source>The operator name is empty. Say who claims the operation.</source>
        <translation>操作员名称为空。请说明由谁认领此操作。</translation>
    </message>
    <message>
        <source>claiming %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>认领 %1</translation>
    </message>
    <message>
        <source>releasing %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>退回 %1</translation>
    </message>
    <message>
        <source>%1 is not claimed by anyone; there is nothing to release.</source>
        <translation>%1 未被任何人认领；无需退回。</translation>
    </message>
    <message>
        <source>A refunded outcome needs the provider&apos;s refund id.</source>
        <translation>“已退款”结果需要服务商的退款 ID。</translation>
    </message>
    <message>
        <source>recording the outcome of %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>记录 %1 的结果</translation>
    </message>
    <message>
        <source>explaining %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>分析 %1 的查询计划</translation>
    </message>
    <message>
        <source>%1 does not exist. Nothing was created. Check the path, or create an empty store with &apos;refund-desk init --db %1&apos;.</source>
        <translation>%1 不存在。未创建任何内容。请检查路径，或用“refund-desk init --db %1”新建一个空存储库。</translation>
    </message>
    <message>
        <source>%1 is a folder, not a store. Name the store file inside it.</source>
        <translation>%1 是文件夹，不是存储库。请指定其中的存储库文件。</translation>
    </message>
    <message>
        <source>%1 is empty (0 bytes), not a Refund Desk store. Open the store file the refund tool writes, or create one with &apos;refund-desk init --db PATH&apos;.</source>
        <translation>%1 为空（0 字节），不是 Refund Desk 存储库。请打开退款工具写入的存储库文件，或用“refund-desk init --db PATH”新建一个。</translation>
    </message>
    <message>
        <source>%1 already exists. Refund Desk never overwrites a file; choose a new path.</source>
        <translation>%1 已存在。Refund Desk 绝不会覆盖文件；请选择新的路径。</translation>
    </message>
    <message>
        <source>creating the store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>创建存储库</translation>
    </message>
    <message>
        <source>%1 could not be created: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>building the demo store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>生成演示存储库</translation>
    </message>
    <message>
        <source>No path was given for the new store.</source>
        <translation>未提供新存储库的路径。</translation>
    </message>
    <message>
        <source>%1 is left over from an earlier store at %2, and SQLite would apply it to the new file. Remove it, or choose another path.</source>
        <translation>%1 是之前位于 %2 的存储库遗留下来的，SQLite 会把它应用到新文件上。请删除它，或选择其他路径。</translation>
    </message>
    <message>
        <source>%1 could not be created: %2. Check that the folder exists and that you may write to it.</source>
        <translation>无法创建 %1：%2。请确认文件夹存在且您有写入权限。</translation>
    </message>
    <message>
        <source>preparing the new store for a bulk load</source>
        <comment>what the store was doing when it failed</comment>
        <translation>准备新存储库以批量载入</translation>
    </message>
    <message>
        <source>The store builder for %1 is already finished.</source>
        <translation>%1 的存储库生成器已完成。</translation>
    </message>
    <message>
        <source>reading the new store&apos;s schema</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取新存储库的架构</translation>
    </message>
    <message>
        <source>writing %1 into the demo store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>将 %1 写入演示存储库</translation>
    </message>
    <message>
        <source>finishing the demo store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>完成演示存储库</translation>
    </message>
    <message>
        <source>%1 could not be switched to WAL mode (it is in %2 mode); the store was not kept. Check that its folder is on a local disk.</source>
        <translation>无法将 %1 切换到 WAL 模式（当前为 %2 模式）；未保留该存储库。请确认其所在文件夹位于本地磁盘。</translation>
    </message>
    <message numerus="yes">
        <source>reading the events of %n operations</source>
        <comment>what the store was doing when it failed</comment>
        <translation>
            <numerusform>读取 %n 个操作的事件</numerusform>
        </translation>
    </message>
    <message>
        <source>counting the audit log</source>
        <comment>what the store was doing when it failed</comment>
        <translation>统计审计日志条目</translation>
    </message>
    <message>
        <source>totalling the audit log</source>
        <comment>what the store was doing when it failed</comment>
        <translation>汇总审计日志</translation>
    </message>
    <message>
        <source>listing the operators</source>
        <comment>what the store was doing when it failed</comment>
        <translation>列出操作员</translation>
    </message>
    <message>
        <source>reading the unknown exposure</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取未知敞口</translation>
    </message>
    <message>
        <source>counting decisions per day</source>
        <comment>what the store was doing when it failed</comment>
        <translation>按天统计决定</translation>
    </message>
    <message>
        <source>checking the store&apos;s invariants</source>
        <comment>what the store was doing when it failed</comment>
        <translation>检查存储库不变量</translation>
    </message>
    <message>
        <source>The PostgreSQL server at %1 refused the password (%2). Nothing was changed. Check PGPASSWORD or ~/.pgpass, or the password in the URI.</source>
        <translation>位于 %1 的 PostgreSQL 服务器拒绝了密码（%2）。未做任何更改。请检查 PGPASSWORD 或 ~/.pgpass，或 URI 中的密码。</translation>
    </message>
    <message>
        <source>The PostgreSQL server at %1 has no such login (%2). Nothing was changed. Check the user name, or ask the administrator for a login.</source>
        <translation>位于 %1 的 PostgreSQL 服务器上没有该登录名（%2）。未做任何更改。请检查用户名，或向管理员申请登录名。</translation>
    </message>
    <message>
        <source>The PostgreSQL server at %1 has no such database (%2). Nothing was created. Create it first (createdb), then run &apos;refund-desk init --db ...&apos;.</source>
        <translation>位于 %1 的 PostgreSQL 服务器上没有该数据库（%2）。未创建任何内容。请先创建数据库（createdb），再运行“refund-desk init --db ...”。</translation>
    </message>
    <message>
        <source>The PostgreSQL server at %1 does not let this login connect (%2). Nothing was changed. Ask the administrator for access.</source>
        <translation>位于 %1 的 PostgreSQL 服务器不允许此登录名连接（%2）。未做任何更改。请向管理员申请访问权限。</translation>
    </message>
    <message>
        <source>Cannot reach the PostgreSQL server at %1: it is not running or not reachable (%2). Nothing was changed. Start the server, or check the host and port.</source>
        <translation>无法连接位于 %1 的 PostgreSQL 服务器：服务器未运行或无法访问（%2）。未做任何更改。请启动服务器，或检查主机和端口。</translation>
    </message>
    <message>
        <source>No memory to connect to %1.</source>
        <translation>内存不足，无法连接到 %1。</translation>
    </message>
    <message>
        <source>setting up the connection</source>
        <comment>what the store was doing when it failed</comment>
        <translation>设置连接</translation>
    </message>
    <message>
        <source>The connection to the PostgreSQL server at %1 was lost; reconnecting… (%2). Nothing was written meanwhile.</source>
        <translation>与位于 %1 的 PostgreSQL 服务器的连接已断开；正在重新连接…（%2）。其间未写入任何内容。</translation>
    </message>
    <message>
        <source>The connection to the PostgreSQL server at %1 was lost (%2).</source>
        <translation>与位于 %1 的 PostgreSQL 服务器的连接已断开（%2）。</translation>
    </message>
    <message>
        <source>The connection to the PostgreSQL server at %1 was lost while %2 (%3). Nothing was written; try again once the server is back.</source>
        <translation>在%2时，与位于 %1 的 PostgreSQL 服务器的连接已断开（%3）。未写入任何内容；请在服务器恢复后重试。</translation>
    </message>
    <message>
        <source>The login %1 may not do this on %2 while %3 (%4). Nothing was written. Ask the administrator for the right role (see roles-postgresql.sql).</source>
        <translation>在%3时，登录名 %1 无权在 %2 上执行此操作（%4）。未写入任何内容。请向管理员申请相应的角色（见 roles-postgresql.sql）。</translation>
    </message>
    <message>
        <source>The store is busy: another session held the rows for more than %1 seconds while %2 (%3). Nothing was written. Try again in a moment.</source>
        <translation>存储库正忙：在%2时，另一个会话占用这些行已超过 %1 秒（%3）。未写入任何内容。请稍后重试。</translation>
    </message>
    <message>
        <source>The server refused it while %1: %2. Nothing was written.</source>
        <translation>在%1时服务器拒绝了请求：%2。未写入任何内容。</translation>
    </message>
    <message>
        <source>The PostgreSQL server&apos;s disk is full while %1. Nothing was written.</source>
        <translation>在%1时 PostgreSQL 服务器的磁盘已满。未写入任何内容。</translation>
    </message>
    <message>
        <source>Unexpected database error while %1: %2 (SQLSTATE %3).</source>
        <translation>在%1时发生意外的数据库错误：%2（SQLSTATE %3）。</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>The PostgreSQL location given with --db is not valid: %1. Give a URI such as postgresql://user@host/dbname or keywords such as &apos;host=/run/postgresql dbname=refunds&apos;.</source>
        <translation>--db 指定的 PostgreSQL 位置无效：%1。请提供 URI（如 postgresql://user@host/dbname）或关键字（如 &apos;host=/run/postgresql dbname=refunds&apos;）。</translation>
    </message>
    <message>
        <source>reading the events of %1 operations</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取 %1 个操作的事件</translation>
    </message>
    <message>
        <source>no answer from the server</source>
        <translation>服务器无响应</translation>
    </message>
    <message>
        <source>The PostgreSQL schema resource is missing from this build.</source>
        <translation>此版本缺少 PostgreSQL 架构资源。</translation>
    </message>
    <message>
        <source>%1 already holds a Refund Desk store (or some of its tables). Refund Desk never overwrites a store; name another database.</source>
        <translation>%1 中已有 Refund Desk 存储库（或其部分表）。Refund Desk 绝不会覆盖存储库；请指定其他数据库。</translation>
    </message>
    <message>
        <source>%1: the store could not be created (%2). Nothing was created.</source>
        <translation>%1：无法创建存储库（%2）。未创建任何内容。</translation>
    </message>
    <message>
        <source>checking the store&apos;s schema</source>
        <comment>what the store was doing when it failed</comment>
        <translation>检查存储库架构</translation>
    </message>
    <message>
        <source>%1 holds no Refund Desk store (none of its tables). Nothing was created. Create one with &apos;refund-desk init --db ...&apos;, or check the database name.</source>
        <translation>%1 中没有 Refund Desk 存储库（没有任何相关表）。未创建任何内容。请用“refund-desk init --db ...”创建，或检查数据库名称。</translation>
    </message>
    <message>
        <source>checking what the login may do</source>
        <comment>what the store was doing when it failed</comment>
        <translation>检查登录名的权限</translation>
    </message>
    <message>
        <source>Opened read-only: the login %1 may not record decisions in this store (it may not add to resolutions).</source>
        <translation>已以只读方式打开：登录名 %1 无权在此存储库中记录决定（无法向 resolutions 添加记录）。</translation>
    </message>
    <message>
        <source>Opened read-only: the login %1 may not claim operations in this store (it may not change refund_ops&apos; status).</source>
        <translation>已以只读方式打开：登录名 %1 无权在此存储库中认领操作（无法更改 refund_ops 的状态）。</translation>
    </message>
    <message>
        <source>reading the operations of order %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取订单 %1 的操作</translation>
    </message>
    <message>
        <source>reading attempts</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取尝试</translation>
    </message>
    <message>
        <source>reading webhook events</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取 Webhook 事件</translation>
    </message>
    <message>
        <source>counting the rows of %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>统计 %1 的行数</translation>
    </message>
    <message>
        <source>%1 is open read-only, so nothing can be recorded in it. %2</source>
        <translation>%1 以只读方式打开，因此无法记录任何内容。%2</translation>
    </message>
    <message>
        <source>Open it without --read-only.</source>
        <translation>请不带 --read-only 打开。</translation>
    </message>
    <message>
        <source>On PostgreSQL the operator recorded is the database login: you are logged in as %1, so %2 cannot be recorded as %3. Nothing was written. Log in as %3, or leave the operator name out.</source>
        <translation>在 PostgreSQL 上，记录的操作员是数据库登录名：您以 %1 登录，因此无法以 %3 的名义记录%2。未写入任何内容。请以 %3 登录，或不指定操作员名称。</translation>
    </message>
    <message>
        <source>a claim</source>
        <translation>认领</translation>
    </message>
    <message>
        <source>a release</source>
        <translation>退回</translation>
    </message>
    <message>
        <source>a decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>The connection to the PostgreSQL server at %1 broke while the decision on %2 was being committed, and the server is not back yet: it was either fully recorded or not at all. Look at %2 again once the server is back before recording anything.</source>
        <translation>在提交 %2 的决定时，与位于 %1 的 PostgreSQL 服务器的连接中断，且服务器尚未恢复：该决定要么已完整记录，要么完全未记录。请在服务器恢复后重新查看 %2，再记录任何内容。</translation>
    </message>
    <message>
        <source>%1 Checked after reconnecting: the decision on %2 was not recorded.</source>
        <translation>%1重新连接后已核实：%2 的决定未被记录。</translation>
    </message>
    <message>
        <source>The payload of event %1 is not valid UTF-8 text (or holds a NUL byte), and a PostgreSQL store keeps payloads as text: it cannot be copied byte for byte. Nothing was kept. Copy this store to an SQLite file instead.</source>
        <translation>事件 %1 的载荷不是有效的 UTF-8 文本（或含有 NUL 字节），而 PostgreSQL 存储库以文本形式保存载荷：无法逐字节复制。未保留任何内容。请改为将此存储库复制到 SQLite 文件。</translation>
    </message>
    <message>
        <source>building the new store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>生成新存储库</translation>
    </message>
    <message>
        <source>%1 already exists. A new store is always a new file and Refund Desk never overwrites one; choose a new path or remove the old file first.</source>
        <translation>%1 已存在。新存储库总是新文件，而 Refund Desk 绝不会覆盖文件；请选择新的路径，或先删除旧文件。</translation>
    </message>
    <message>
        <source>%1 is left over from an interrupted build of %2, or another build of it is running now. Remove it once no build is running, or choose another path.</source>
        <translation>%1 是 %2 一次中断的生成遗留下来的，或者此刻另一次生成正在进行。请在没有生成任务运行时删除它，或选择其他路径。</translation>
    </message>
    <message>
        <source>The rows break the store&apos;s index %1 (%2); the new store was not kept.</source>
        <translation>数据行违反了存储库索引 %1（%2）；未保留新存储库。</translation>
    </message>
    <message>
        <source>indexing the new store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>为新存储库建立索引</translation>
    </message>
    <message>
        <source>preparing the new store&apos;s inserts</source>
        <comment>what the store was doing when it failed</comment>
        <translation>准备新存储库的插入语句</translation>
    </message>
    <message>
        <source>writing %1 into the new store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>将 %1 写入新存储库</translation>
    </message>
    <message>
        <source>finishing the new store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>完成新存储库</translation>
    </message>
    <message>
        <source>closing the new store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>关闭新存储库</translation>
    </message>
    <message>
        <source>The new store could not be moved from %1 to %2 (%3), so it was not kept. Check that nothing was created at %2 meanwhile and that you may write to its folder.</source>
        <translation>无法将新存储库从 %1 移动到 %2（%3），因此未保留。请检查这期间 %2 处没有新建任何内容，且您有权写入其所在文件夹。</translation>
    </message>
    <message>
        <source>%1 rows of %2 were read for the copy, but the source counts %3. The copy was not kept.</source>
        <translation>为复制读取了 %2 的 %1 行，但源中计数为 %3。未保留副本。</translation>
    </message>
    <message>
        <source>The copy was cancelled before it finished; nothing was kept.</source>
        <translation>复制在完成前已取消；未保留任何内容。</translation>
    </message>
    <message>
        <source>(a PostgreSQL location libpq cannot read)</source>
        <translation>（libpq 无法解析的 PostgreSQL 位置）</translation>
    </message>
    <message>
        <source>waiting for the server to answer</source>
        <comment>why a reconnect is still under way</comment>
        <translation>正在等待服务器应答</translation>
    </message>
    <message>
        <source>no answer from the server for %1 seconds</source>
        <comment>why a reconnect was given up</comment>
        <translation>服务器 %1 秒内没有应答</translation>
    </message>
    <message>
        <source>No server at %1 takes writes now: those that answered are standbys (%2). Nothing was written. If the primary is down, try again once a standby has been promoted.</source>
        <translation>%1 上目前没有接受写入的服务器：应答的都是备用服务器（%2）。未写入任何内容。如果主服务器已停机，请在某台备用服务器被提升后重试。</translation>
    </message>
    <message>
        <source>The PostgreSQL server at %1 refused a change while %2 because it takes none (%3): it is a standby server, or the database or the login is set to read-only. Nothing was written. Connect to the primary server, or ask the administrator to allow changes.</source>
        <translation>在%2时，位于 %1 的 PostgreSQL 服务器拒绝了更改，因为它不接受任何更改（%3）：它是备用服务器（standby），或者数据库或登录名被设为只读。未写入任何内容。请连接到主服务器，或请管理员允许更改。</translation>
    </message>
    <message>
        <source>reading how far the standby has replayed the primary</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取备用服务器重放主服务器进度时</translation>
    </message>
    <message>
        <source>This is a standby server, a read-only replica of the primary (%1 when opened); claims and decisions are recorded on the primary.</source>
        <translation>这是备用服务器，主服务器的只读副本（打开时：%1）；认领和决定在主服务器上记录。</translation>
    </message>
    <message>
        <source>The store is busy: other programs kept writing to it for more than %1 seconds and this write never got its turn while %2. %3 is still as you saw it (%4): nobody decided, claimed or released it meanwhile. Nothing was written. Try again in a moment.</source>
        <translation>存储库正忙：在%2时，其他程序持续写入超过 %1 秒，本次写入一直没有轮到。%3 仍是您看到时的状态（%4）：在此期间没有人对其作出决定、认领或释放。未写入任何内容。请稍后重试。</translation>
    </message>
    <message>
        <source>%1 is a standby server: a read-only replica that replays its primary&apos;s changes, so nothing can be recorded in it. Nothing was written. Use the primary, or a location naming both servers that always finds the one taking writes, such as &quot;host=a,b target_session_attrs=read-write&quot;.</source>
        <translation>%1 是备用服务器（standby）：一个只读副本，只重放主服务器的更改，因此无法在其中记录任何内容。未写入任何内容。请使用主服务器，或使用同时列出两台服务器、总能找到接受写入的那台的位置，例如 &quot;host=a,b target_session_attrs=read-write&quot;。</translation>
    </message>
    <message>
        <source>promoted to primary since it was opened; open the store again to record in it</source>
        <translation>打开后已提升为主服务器；请重新打开存储以在其中记录</translation>
    </message>
    <message>
        <source>nothing replayed from the primary yet</source>
        <translation>尚未从主服务器重放任何内容</translation>
    </message>
    <message>
        <source>not receiving from the primary; the last change replayed was made %1 ago</source>
        <translation>未从主服务器接收更改；最后重放的更改发生在 %1 之前</translation>
    </message>
    <message>
        <source>up to date with the primary</source>
        <translation>与主服务器同步</translation>
    </message>
    <message>
        <source>%1 behind the primary</source>
        <translation>落后主服务器 %1</translation>
    </message>
    <message>
        <source>%1 s</source>
        <comment>a duration in seconds</comment>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <comment>a duration in minutes</comment>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <comment>a duration in hours</comment>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>No store is open. Open one with File › Open store… (Ctrl+O).</source>
        <translation>未打开存储库。请通过 文件 › 打开存储库…（Ctrl+O）打开一个。</translation>
    </message>
    <message>
        <source>looking for changes</source>
        <comment>what the store was doing when it failed</comment>
        <translation>查找更改</translation>
    </message>
    <message>
        <source>The connection to %1 asks to verify the server&apos;s certificate, but the root certificate file is missing (%2). Nothing was changed. Set sslrootcert= to the file of the CA that signed the server&apos;s certificate.</source>
        <translation>连接 %1 时要求验证服务器证书，但根证书文件不存在（%2）。未做任何更改。请将 sslrootcert= 设为签发服务器证书的 CA 文件。</translation>
    </message>
    <message>
        <source>The server at %1 shows a certificate for another host name (%2). Nothing was changed. Connect by the name the certificate names, or ask the administrator for a certificate that names this host.</source>
        <translation>%1 的服务器出示的证书属于另一个主机名（%2）。未做任何更改。请使用证书中的主机名连接，或请管理员签发包含此主机名的证书。</translation>
    </message>
    <message>
        <source>The server at %1 shows a certificate that cannot be verified (%2): it was signed by another CA than the one sslrootcert= names, or it has expired. Nothing was changed. Check sslrootcert=, and the certificate&apos;s dates with the administrator.</source>
        <translation>无法验证 %1 的服务器证书（%2）：它由 sslrootcert= 所指以外的 CA 签发，或已过期。未做任何更改。请检查 sslrootcert=，并与管理员核对证书有效期。</translation>
    </message>
    <message>
        <source>The client key for %1 may be read by others (%2). Nothing was changed. Make it yours alone: chmod 600 on the file sslkey= names.</source>
        <translation>%1 的客户端密钥可被他人读取（%2）。未做任何更改。请仅限本人访问：对 sslkey= 所指文件执行 chmod 600。</translation>
    </message>
    <message>
        <source>The server at %1 refused this client&apos;s certificate (%2). Nothing was changed. Check sslcert= and sslkey=, and that the certificate names this login and is signed by a CA the server trusts.</source>
        <translation>%1 的服务器拒绝了此客户端证书（%2）。未做任何更改。请检查 sslcert= 和 sslkey=，并确认证书对应此登录名且由服务器信任的 CA 签发。</translation>
    </message>
    <message>
        <source>The server at %1 does not offer TLS, and the location requires it (%2). Nothing was changed. Ask the administrator to turn ssl on, or change sslmode=.</source>
        <translation>%1 的服务器不提供 TLS，而连接地址要求使用（%2）。未做任何更改。请管理员开启 ssl，或更改 sslmode=。</translation>
    </message>
    <message>
        <source>The TLS connection to %1 failed (%2). Nothing was changed. Check the location&apos;s sslmode=, sslrootcert=, sslcert= and sslkey=.</source>
        <translation>与 %1 的 TLS 连接失败（%2）。未做任何更改。请检查连接地址中的 sslmode=、sslrootcert=、sslcert= 和 sslkey=。</translation>
    </message>
    <message>
        <source>The pooler in front of %1 runs in statement mode (pool_mode = statement), which refuses transactions (%2). Nothing was written. Set pool_mode to transaction or session for this database.</source>
        <translation>%1 前的连接池运行在语句模式（pool_mode = statement），不允许事务（%2）。未写入任何内容。请为此数据库将 pool_mode 设为 transaction 或 session。</translation>
    </message>
    <message>
        <source>Opened read-only: the server took this login as %1, not as the user the location names, so a decision would carry another name (a pooler that forces user= for this database does this). Remove user= from the pooler&apos;s entry, or connect to the server directly.</source>
        <translation>已以只读方式打开：服务器将此登录识别为 %1，而不是连接地址中的用户，决定会记录在他人名下（连接池为此数据库强制 user= 时会这样）。请从连接池条目中删除 user=，或直接连接服务器。</translation>
    </message>
    <message>
        <source>The note is empty. Write what you found or did, e.g. the provider&apos;s case number.</source>
        <translation>备注为空。请写下您查明或做了什么，例如支付服务商的工单号。</translation>
    </message>
    <message>
        <source>The follow-up date is not a calendar date. Give it as YYYY-MM-DD.</source>
        <translation>跟进日期不是日历日期。请按 YYYY-MM-DD 填写。</translation>
    </message>
    <message>
        <source>%1 has store schema version 1, which cannot hold %2. Nothing was written. Upgrade it to version 2 with &apos;refund-desk upgrade --db %1&apos; and try again.</source>
        <translation>%1 的存储架构版本为 1，无法保存%2。未写入任何内容。请用 &apos;refund-desk upgrade --db %1&apos; 将其升级到版本 2 后重试。</translation>
    </message>
    <message>
        <source>%1 is not a complete Refund Desk store (schema version %2, %3 of the %4 store tables). Check that you named the right database.</source>
        <translation>%1 不是完整的 Refund Desk 存储（架构版本 %2，%4 个存储表中有 %3 个）。请检查数据库名称是否正确。</translation>
    </message>
    <message>
        <source>The PostgreSQL schema resource of this build has no version %1 part.</source>
        <translation>此版本的 PostgreSQL 架构资源中没有版本 %1 的部分。</translation>
    </message>
    <message>
        <source>upgrading the store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>升级存储</translation>
    </message>
    <message>
        <source>%1 could not be upgraded to schema version %2 (%3). Nothing was changed; it is still version %4.</source>
        <translation>无法将 %1 升级到架构版本 %2（%3）。未做任何更改；仍为版本 %4。</translation>
    </message>
    <message>
        <source>The login %1 may not upgrade the store at %2: its tables belong to the store&apos;s owner, who alone may add to them. Nothing was changed. Ask the owner to run &apos;refund-desk upgrade --db ...&apos;.</source>
        <translation>登录名 %1 不能升级 %2 处的存储：其表属于存储所有者，只有所有者可以添加表。未做任何更改。请让所有者运行 &apos;refund-desk upgrade --db ...&apos;。</translation>
    </message>
    <message>
        <source>notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>a note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>adding a note to %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>为 %1 添加备注</translation>
    </message>
    <message>
        <source>reading notes</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取备注</translation>
    </message>
    <message>
        <source>what the provider answered</source>
        <translation>支付服务商的答复</translation>
    </message>
    <message>
        <source>a provider lookup</source>
        <translation>支付服务商查询</translation>
    </message>
    <message>
        <source>keeping what the provider answered about %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>保存支付服务商关于 %1 的答复</translation>
    </message>
    <message>
        <source>reading provider lookups</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取支付服务商查询</translation>
    </message>
    <message>
        <source>the schema resource of this build has no version %1 part</source>
        <translation>此版本的架构资源中没有版本 %1 的部分</translation>
    </message>
    <message>
        <source>%1 is an SQLite database but not a Refund Desk store (schema version %2, %3 of the %4 store tables). Check that you picked the right file.</source>
        <translation>%1 是 SQLite 数据库，但不是 Refund Desk 存储（架构版本 %2，%4 个存储表中有 %3 个）。请检查是否选对了文件。</translation>
    </message>
    <message>
        <source>%1 could not be upgraded to schema version %2: %3. Nothing was changed; it is still version %4.</source>
        <translation>无法将 %1 升级到架构版本 %2：%3。未做任何更改；仍为版本 %4。</translation>
    </message>
    <message>
        <source>The operator name is empty. Say who writes the note.</source>
        <translation>操作员名称为空。请说明是谁写的备注。</translation>
    </message>
    <message>
        <source>The operator name is empty. Say who asked the provider.</source>
        <translation>操作员名称为空。请说明是谁询问了支付服务商。</translation>
    </message>
    <message>
        <source>store_meta&apos;s %1 belongs to the schema and is not set this way.</source>
        <translation>store_meta 中的 %1 属于架构本身，不能这样设置。</translation>
    </message>
    <message>
        <source>writing store_meta</source>
        <comment>what the store was doing when it failed</comment>
        <translation>写入 store_meta</translation>
    </message>
    <message>
        <source>The read was cancelled while %1 (%2): it took too long or was no longer wanted. Nothing was written; read again to see the latest.</source>
        <translation>在%1时读取已被取消（%2）：耗时过长或已不再需要。未写入任何内容；请重新读取以查看最新数据。</translation>
    </message>
    <message>
        <source>The read was cancelled while %1: it took too long or was no longer wanted. Nothing was written; read again to see the latest.</source>
        <translation>在%1时读取已被取消：耗时过长或已不再需要。未写入任何内容；请重新读取以查看最新数据。</translation>
    </message>
    <message>
        <source>The store did not answer within %1 s, so the read was cancelled; check the server or the network, then select again.</source>
        <translation>存储在 %1 秒内没有响应，因此读取已被取消；请检查服务器或网络，然后重新选择。</translation>
    </message>
    <message>
        <source>Cannot open the listening connection (listen=%1): %2</source>
        <translation>无法打开用于接收通知的连接（listen=%1）：%2</translation>
    </message>
    <message>
        <source>counting the queue</source>
        <comment>what the store was doing when it failed</comment>
        <translation>统计队列</translation>
    </message>
    <message>
        <source>reading which indexes the store has</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取存储已有的索引</translation>
    </message>
    <message>
        <source>adding the indexes schema version %1 has</source>
        <comment>what the store was doing when it failed</comment>
        <translation>添加架构版本 %1 的索引</translation>
    </message>
    <message>
        <source>The login %1 may not add indexes to the store at %2: its tables belong to the store&apos;s owner. Nothing was changed. Ask the owner to run &apos;refund-desk upgrade --db ...&apos;.</source>
        <translation>登录名 %1 不能向 %2 的存储添加索引：其表属于存储的所有者。未做任何更改。请让所有者运行 &apos;refund-desk upgrade --db ...&apos;。</translation>
    </message>
    <message>
        <source>Could not read which indexes %1 has: %2. Check that the file is readable and try again.</source>
        <translation>无法读取 %1 已有的索引：%2。请检查文件是否可读，然后重试。</translation>
    </message>
    <message>
        <source>Could not read which indexes %1 has: %2. Nothing was changed. Check that the file is readable and try again.</source>
        <translation>无法读取 %1 已有的索引：%2。未做任何更改。请检查文件是否可读，然后重试。</translation>
    </message>
    <message>
        <source>reading the audit chain&apos;s last link</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取审计链的最后一环</translation>
    </message>
    <message>
        <source>%1 has a note since the review: %2. Nothing was written; look at it again.</source>
        <translation>%1 在审核之后有了新备注：%2。未写入任何内容；请重新查看。</translation>
    </message>
    <message>
        <source>reading what the provider answered</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取服务商的响应</translation>
    </message>
    <message>
        <source>The login %1 may not read the store at %2. Ask the administrator to grant it one of the refund_desk_support, refund_desk_audit, refund_desk_agent or refund_desk_reconciler roles (roles-postgresql.sql).</source>
        <translation>登录 %1 无权读取位于 %2 的存储。请管理员授予它 refund_desk_support、refund_desk_audit、refund_desk_agent 或 refund_desk_reconciler 角色之一（roles-postgresql.sql）。</translation>
    </message>
    <message>
        <source>Opened read-only: the login %1 is a reconciler&apos;s (refund_desk_reconciler): it keeps what Stripe answers, and records no decision, claim or note.</source>
        <translation>以只读方式打开：登录 %1 属于对账程序（refund_desk_reconciler）：它保存 Stripe 的回答，不记录任何决定、认领或备注。</translation>
    </message>
    <message>
        <source>reading the attempts of several operations</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取多个操作的尝试</translation>
    </message>
    <message>
        <source>reading the operations of several orders</source>
        <comment>what the store was doing when it failed</comment>
        <translation>读取多个订单的操作</translation>
    </message>
</context>
<context>
    <name>StoreNotice</name>
    <message>
        <source>A snapshot of the store as it was at %1; later changes do not appear. Reopen (F5) to see them.</source>
        <translation>这是存储库在 %1 时的快照；之后的更改不会显示。重新打开（F5）即可看到。</translation>
    </message>
    <message>
        <source>Snapshot as of %1</source>
        <translation>%1 时的快照</translation>
    </message>
    <message>
        <source>a snapshot as it was at %1; later changes do not appear</source>
        <translation>%1 时的快照；之后的更改不会显示</translation>
    </message>
    <message>
        <source>An incomplete copy: its latest changes cannot be read here and do not appear. Ask for a complete copy of the store (hover here for how).</source>
        <translation>不完整的副本：其最新更改在此无法读取，因此不会显示。请索取该存储库的完整副本（将鼠标悬停在此处查看做法）。</translation>
    </message>
    <message>
        <source>Incomplete copy</source>
        <translation>不完整的副本</translation>
    </message>
    <message>
        <source>an incomplete copy: its latest changes do not appear</source>
        <translation>不完整的副本：其最新更改不会显示</translation>
    </message>
    <message>
        <source>Read-only, as asked (--read-only): you can look at everything and copy replies; nothing can be claimed or recorded in this window.</source>
        <translation>按您的要求以只读方式打开（--read-only）：您可以查看所有内容并复制回复；但无法在此窗口中认领或记录任何内容。</translation>
    </message>
    <message>
        <source>Read-only: you may not change this store, so nothing can be claimed or recorded in this window; you can look at everything and copy replies. To work the queue, ask for write access (hover here for the reason).</source>
        <translation>只读：您无权更改此存储库，因此无法在此窗口中认领或记录任何内容；您可以查看所有内容并复制回复。如需处理队列，请申请写入权限（将鼠标悬停在此处查看原因）。</translation>
    </message>
</context>
<context>
    <name>Stripe</name>
    <message>
        <source>The Stripe API base %1 is not a URL of a server: give one such as https://api.stripe.com.</source>
        <translation>Stripe API 地址 %1 不是服务器的 URL：请给出类似 https://api.stripe.com 的地址。</translation>
    </message>
    <message>
        <source>The Stripe API base %1 is plain http to another machine, which would send the key unencrypted: use https (plain http is for a test server on 127.0.0.1 only).</source>
        <translation>Stripe API 地址 %1 是指向其他机器的明文 http，会以未加密方式发送密钥：请使用 https（明文 http 仅用于 127.0.0.1 上的测试服务器）。</translation>
    </message>
    <message>
        <source>The Stripe API base %1 is not an http or https URL: give one such as https://api.stripe.com.</source>
        <translation>Stripe API 地址 %1 不是 http 或 https URL：请给出类似 https://api.stripe.com 的地址。</translation>
    </message>
    <message>
        <source>Stripe limits the rate of requests (429): waiting %1 s as it asks, then asking for %2 again.</source>
        <translation>Stripe 限制了请求频率（429）：按其要求等待 %1 秒，然后再次请求 %2。</translation>
    </message>
    <message>
        <source>Stripe did not answer %1 in time: asking again in %2 s.</source>
        <translation>Stripe 未及时响应 %1：%2 秒后再次请求。</translation>
    </message>
    <message>
        <source>The connection to Stripe failed for %1: trying again in %2 s.</source>
        <translation>请求 %1 时与 Stripe 的连接失败：%2 秒后重试。</translation>
    </message>
    <message>
        <source>Stripe answered %1 with an error it says is worth retrying: asking again in %2 s.</source>
        <translation>Stripe 对 %1 返回了它认为值得重试的错误：%2 秒后再次请求。</translation>
    </message>
    <message>
        <source>%1 (request %2).</source>
        <translation>%1（请求 %2）。</translation>
    </message>
    <message>
        <source>Refunds: Read</source>
        <translation>Refunds: Read</translation>
    </message>
    <message>
        <source>Events: Read</source>
        <translation>Events: Read</translation>
    </message>
    <message>
        <source>Charges: Read</source>
        <translation>Charges: Read</translation>
    </message>
    <message>
        <source>Stripe refused the key (401): it is wrong or was revoked; create a restricted key with Refunds: Read and Events: Read in the Dashboard (Developers, API keys) and use that one</source>
        <translation>Stripe 拒绝了该密钥（401）：密钥错误或已被撤销；请在 Dashboard（Developers, API keys）中创建具有 Refunds: Read 和 Events: Read 的受限密钥并使用它</translation>
    </message>
    <message>
        <source>Stripe refused the request (403): the key may not read this; give the restricted key Refunds: Read and Events: Read in the Dashboard (Developers, API keys)</source>
        <translation>Stripe 拒绝了请求（403）：该密钥无权读取此内容；请在 Dashboard（Developers, API keys）中为受限密钥授予 Refunds: Read 和 Events: Read</translation>
    </message>
    <message>
        <source>Stripe refused the request (403): the restricted key lacks the permission %1; grant it in the Dashboard (Developers, API keys) or use a key that has it</source>
        <translation>Stripe 拒绝了请求（403）：受限密钥缺少权限 %1；请在 Dashboard（Developers, API keys）中授予，或使用具有该权限的密钥</translation>
    </message>
    <message>
        <source>Stripe has nothing at %1 (404): check the id, and that the key belongs to the account and mode of the store</source>
        <translation>Stripe 在 %1 处没有任何内容（404）：请检查 ID，并确认密钥属于该存储的账户和模式</translation>
    </message>
    <message numerus="yes">
        <source>Stripe still limited the rate of requests after %n tries (429): run the command again in a few minutes, when fewer programs use this account&apos;s read limit</source>
        <translation>
            <numerusform>尝试 %n 次后 Stripe 仍在限制请求频率（429）：请过几分钟再运行此命令，届时使用该账户读取额度的程序会更少</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stripe did not answer %1 after %n tries (the last one HTTP %2): try again later; status.stripe.com says whether Stripe has an incident</source>
        <translation>
            <numerusform>尝试 %n 次后 Stripe 仍未响应 %1（最后一次为 HTTP %2）：请稍后再试；status.stripe.com 会显示 Stripe 是否发生故障</numerusform>
        </translation>
    </message>
    <message>
        <source>Stripe refused %1 (HTTP %2: %3): this is a fault of Refund Desk&apos;s request; report it with the request id</source>
        <translation>Stripe 拒绝了 %1（HTTP %2：%3）：这是 Refund Desk 请求的错误；请附上请求 ID 报告</translation>
    </message>
    <message>
        <source>no message</source>
        <translation>无消息</translation>
    </message>
    <message numerus="yes">
        <source>Stripe did not answer %1 after %n tries (each waited %2 s): try again later; status.stripe.com says whether Stripe has an incident.</source>
        <translation>
            <numerusform>尝试 %n 次后 Stripe 仍未响应 %1（每次等待 %2 秒）：请稍后再试；status.stripe.com 会显示 Stripe 是否发生故障。</numerusform>
        </translation>
    </message>
    <message>
        <source>The name %1 could not be resolved (DNS): check this machine&apos;s network and DNS, or the API base given in STRIPE_API_BASE or --stripe-api-base.</source>
        <translation>无法解析名称 %1（DNS）：请检查本机的网络和 DNS，或 STRIPE_API_BASE、--stripe-api-base 中给出的 API 地址。</translation>
    </message>
    <message>
        <source>The TLS connection to %1 could not be trusted (%2): check the machine&apos;s clock and its CA certificates (the ca-certificates package), or a proxy that intercepts TLS.</source>
        <translation>与 %1 的 TLS 连接不可信（%2）：请检查本机时钟和 CA 证书（ca-certificates 软件包），或拦截 TLS 的代理。</translation>
    </message>
    <message numerus="yes">
        <source>Could not reach %1 after %n tries (%2): check that this machine is online and may connect to it (a firewall or a proxy), then try again.</source>
        <translation>
            <numerusform>尝试 %n 次后仍无法连接 %1（%2）：请检查本机是否联网并可以连接到它（防火墙或代理），然后重试。</numerusform>
        </translation>
    </message>
    <message>
        <source>The request to %1 failed (%2): check the network, then try again.</source>
        <translation>对 %1 的请求失败（%2）：请检查网络，然后重试。</translation>
    </message>
    <message>
        <source>No Stripe key: set STRIPE_API_KEY or pass --stripe-key-file FILE with a restricted key that has Refunds: Read and Events: Read.</source>
        <translation>没有 Stripe 密钥：请设置 STRIPE_API_KEY，或用 --stripe-key-file FILE 提供具有 Refunds: Read 和 Events: Read 的受限密钥。</translation>
    </message>
    <message>
        <source>The key file %1 does not exist or is not a file: give the file that holds the restricted key.</source>
        <translation>密钥文件 %1 不存在或不是文件：请给出保存受限密钥的文件。</translation>
    </message>
    <message>
        <source>The key file %1 may be read by others (mode %2), so it is refused as ssh refuses such a key: run chmod 600 %1.</source>
        <translation>密钥文件 %1 可被他人读取（权限 %2），因此像 ssh 拒绝此类密钥一样被拒绝：请运行 chmod 600 %1。</translation>
    </message>
    <message>
        <source>Cannot read the key file %1: %2.</source>
        <translation>无法读取密钥文件 %1：%2。</translation>
    </message>
    <message>
        <source>Note: the key from %1 is a secret key (sk_…), which can also write; a restricted key with Refunds: Read and Events: Read only is the right one.</source>
        <translation>注意：来自 %1 的密钥是私密密钥（sk_…），它也能写入；正确的是只有 Refunds: Read 和 Events: Read 的受限密钥。</translation>
    </message>
    <message>
        <source>Stripe&apos;s answer is not a list Refund Desk can read (%1): report it with the request id.</source>
        <translation>Stripe 的响应不是 Refund Desk 能读取的列表（%1）：请附上请求 ID 报告。</translation>
    </message>
    <message>
        <source>The Stripe key is empty: give a restricted key (rk_test_… or rk_live_…).</source>
        <translation>Stripe 密钥为空：请提供受限密钥（rk_test_… 或 rk_live_…）。</translation>
    </message>
    <message>
        <source>The Stripe key is a publishable key (pk_…), which cannot read refunds or events: give a restricted key (rk_test_… or rk_live_…).</source>
        <translation>该 Stripe 密钥是可发布密钥（pk_…），无法读取退款或事件：请提供受限密钥（rk_test_… 或 rk_live_…）。</translation>
    </message>
    <message>
        <source>The Stripe key is not one: a key starts with rk_test_, rk_live_ (restricted, the right one) or sk_test_, sk_live_, and holds only letters, digits and underscores.</source>
        <translation>这不是 Stripe 密钥：密钥以 rk_test_、rk_live_（受限密钥，正确的那种）或 sk_test_、sk_live_ 开头，只含字母、数字和下划线。</translation>
    </message>
    <message>
        <source>live mode</source>
        <translation>正式模式</translation>
    </message>
    <message>
        <source>test mode</source>
        <translation>测试模式</translation>
    </message>
    <message>
        <source>Stripe&apos;s answer to %1 is not a refund object (request %2): report it with this request id.</source>
        <translation>Stripe 对 %1 的回答不是退款对象（请求 %2）：请附上此请求 ID 报告。</translation>
    </message>
    <message>
        <source>refund %1: Stripe has no such refund</source>
        <translation>退款 %1：Stripe 没有这笔退款</translation>
    </message>
    <message>
        <source>No refund with this operation&apos;s id was created between %1 and %2; the listing was complete.</source>
        <translation>在 %1 至 %2 之间没有创建带有此操作 ID 的退款；列表已完整读取。</translation>
    </message>
    <message>
        <source>The listing of refunds created between %1 and %2 did not finish.</source>
        <translation>在 %1 至 %2 之间创建的退款列表未能读完。</translation>
    </message>
    <message>
        <source>Stripe says: %1.</source>
        <translation>Stripe 的回答：%1。</translation>
    </message>
    <message>
        <source>This store cannot keep what Stripe answers (read-only, or schema version 1): open it for writing, upgraded, and ask again.</source>
        <translation>此存储无法保存 Stripe 的答复（只读，或架构版本为 1）：请以可写方式打开并升级后再询问。</translation>
    </message>
    <message>
        <source>%1 The undelivered events were not listed: every operation is asked by listing or by id instead; give the key Events: Read to settle missed webhooks first.</source>
        <translation>%1 未列出未送达的事件：每个操作改为通过退款列表或按 ID 查询；为密钥授予 Events: Read 权限，即可先用错过的 webhook 事件确定结果。</translation>
    </message>
    <message>
        <source>refund %1: %2, %3</source>
        <translation>退款 %1：%2，%3</translation>
    </message>
    <message>
        <source>The record of what Stripe answered cannot be read.</source>
        <translation>无法读取 Stripe 回答的记录。</translation>
    </message>
    <message>
        <source>%1, made by no operation of this store</source>
        <translation>%1，非本存储任何操作所发起</translation>
    </message>
    <message>
        <source>%1, operation %2&apos;s</source>
        <translation>%1，属于操作 %2</translation>
    </message>
    <message>
        <source>Stripe lists no refund of payment %1; the listing was complete.</source>
        <translation>Stripe 未列出付款 %1 的任何退款；列表完整。</translation>
    </message>
    <message>
        <source>The listing of the refunds of payment %1 did not finish.</source>
        <translation>付款 %1 的退款列表未完成。</translation>
    </message>
    <message>
        <source>Stripe says of payment %1: %2.</source>
        <translation>Stripe 关于付款 %1：%2。</translation>
    </message>
    <message>
        <source>Asked by the payment, read from %1.</source>
        <translation>按付款查询，付款来源：%1。</translation>
    </message>
    <message>
        <source>the row&apos;s payment_id</source>
        <translation>该行的 payment_id</translation>
    </message>
    <message>
        <source>event %1 of this operation</source>
        <translation>此操作的事件 %1</translation>
    </message>
    <message>
        <source>operation %1 of the same order</source>
        <translation>同一订单的操作 %1</translation>
    </message>
    <message>
        <source>event %1 of operation %2 of the same order</source>
        <translation>同一订单的操作 %2 的事件 %1</translation>
    </message>
    <message>
        <source>an unknown place</source>
        <translation>未知来源</translation>
    </message>
    <message>
        <source>No payment was known, so the window was listed: it cannot see refunds made by another path (the Dashboard, another tool).</source>
        <translation>付款未知，因此按时间窗口列出：看不到经其他途径（Dashboard、其他工具）发起的退款。</translation>
    </message>
</context>
<context>
    <name>TableCopy</name>
    <message>
        <source>&amp;Copy rows</source>
        <translation>复制行(&amp;C)</translation>
    </message>
</context>
<context>
    <name>TimeText</name>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1天%2小时</translation>
    </message>
    <message>
        <source>%1 h %2 m</source>
        <translation>%1小时%2分</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1分钟</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1秒</translation>
    </message>
    <message>
        <source>d MMM</source>
        <comment>date format (QDate) of a day this year</comment>
        <translation>M月d日</translation>
    </message>
    <message>
        <source>d MMM yyyy</source>
        <comment>date format (QDate) of a day in another year</comment>
        <translation>yyyy年M月d日</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n 分钟前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n 小时前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n days ago</source>
        <translation>
            <numerusform>%n 天前</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Translations</name>
    <message>
        <source>refund-desk: unknown language &apos;%1&apos;; use one of: %2.
</source>
        <translation>refund-desk：未知语言“%1”；可用的有：%2。
</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>none</source>
        <translation>无证据</translation>
    </message>
    <message>
        <source>refunded</source>
        <translation>已退款</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>not found at Stripe</source>
        <translation>Stripe 中未找到</translation>
    </message>
    <message>
        <source>refund by another path</source>
        <translation>经其他途径的退款</translation>
    </message>
</context>
</TS>
