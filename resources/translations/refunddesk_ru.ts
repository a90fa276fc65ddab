<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
<context>
    <name>Attempt</name>
    <message>
        <source>no answer recorded</source>
        <translation>ответ не записан</translation>
    </message>
    <message>
        <source>refunded</source>
        <translation>возвращено</translation>
    </message>
    <message>
        <source>declined by the provider</source>
        <translation>отклонено провайдером</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>тайм-аут</translation>
    </message>
    <message>
        <source>409: a request with the same key was still in progress</source>
        <translation>409: запрос с тем же ключом ещё выполнялся</translation>
    </message>
    <message>
        <source>saved 500: outcome unknown</source>
        <translation>сохранённый ответ 500: результат неизвестен</translation>
    </message>
    <message>
        <source>network error: outcome unknown</source>
        <translation>сетевая ошибка: результат неизвестен</translation>
    </message>
    <message>
        <source>key reused with other parameters</source>
        <translation>ключ повторно использован с другими параметрами</translation>
    </message>
</context>
<context>
    <name>Audit</name>
    <message>
        <source>The export could not be written: %1. Check the disk space and the target&apos;s permissions.</source>
        <translation>Не удалось записать экспорт: %1. Проверьте свободное место на диске и права доступа к файлу.</translation>
    </message>
</context>
<context>
    <name>AuditReport</name>
    <message>
        <source>broken at #%1: %2</source>
        <translation>цепочка нарушена на #%1: %2</translation>
    </message>
    <message>
        <source>chain intact through #%1, but an invariant is broken (%2): %3</source>
        <translation>цепочка цела до #%1, но нарушен инвариант (%2): %3</translation>
    </message>
    <message>
        <source>invariant broken (%1): %2</source>
        <translation>нарушен инвариант (%1): %2</translation>
    </message>
    <message numerus="yes">
        <source>(%n row(s) in all)</source>
        <translation>
            <numerusform>(всего %n строка)</numerusform>
            <numerusform>(всего %n строки)</numerusform>
            <numerusform>(всего %n строк)</numerusform>
        </translation>
    </message>
    <message>
        <source>a provider lookup named as evidence is as it was</source>
        <translation>запрос к провайдеру, указанный как доказательство, не изменён</translation>
    </message>
    <message>
        <source>resolution #%1 names provider lookup %2, which is about %3, not %4: the lookup or the decision was altered.</source>
        <translation>решение №%1 ссылается на запрос к провайдеру %2, который относится к %3, а не к %4: запрос или решение были изменены.</translation>
    </message>
    <message>
        <source>resolution #%1 names provider lookup %2 with SHA-256 %3, but its stored responses now hash to %4: the lookup was edited after the decision.</source>
        <translation>решение №%1 ссылается на запрос к провайдеру %2 с SHA-256 %3, но сохранённые ответы теперь дают %4: запрос изменили после решения.</translation>
    </message>
    <message>
        <source>resolution #%1 names provider lookup %2, which the store no longer holds: the lookup was removed after the decision.</source>
        <translation>решение №%1 ссылается на запрос к провайдеру %2, которого больше нет в хранилище: запрос удалили после решения.</translation>
    </message>
    <message numerus="yes">
        <source>verified %n resolution(s), chain intact through #%1</source>
        <translation>
            <numerusform>проверено решений: %n, цепочка цела до #%1</numerusform>
            <numerusform>проверено решений: %n, цепочка цела до #%1</numerusform>
            <numerusform>проверено решений: %n, цепочка цела до #%1</numerusform>
        </translation>
    </message>
    <message>
        <source>each response body is as the provider sent it</source>
        <translation>каждый ответ провайдера хранится таким, каким он пришёл</translation>
    </message>
    <message>
        <source>the response body kept under SHA-256 %1 now hashes to %2: it was edited after it was kept.</source>
        <translation>тело ответа, сохранённое под SHA-256 %1, теперь даёт хеш %2: его изменили после сохранения.</translation>
    </message>
    <message>
        <source>each provider lookup rests on the bodies it names</source>
        <translation>каждый запрос к провайдеру опирается на тела ответов, которые он называет</translation>
    </message>
    <message>
        <source>provider lookup %1 names the response body %2, which the store does not hold: the body was removed.</source>
        <translation>запрос к провайдеру %1 ссылается на тело ответа %2, которого нет в хранилище: тело удалили.</translation>
    </message>
    <message>
        <source>provider lookup %1 has the SHA-256 %2, but the bodies it names make %3: the lookup was edited after it was kept.</source>
        <translation>у запроса к провайдеру %1 SHA-256 %2, а названные им тела ответов дают %3: запрос изменили после сохранения.</translation>
    </message>
    <message>
        <source>resolution #%1 names provider lookup %2, but the response body %3 it rests on was edited or removed after the decision.</source>
        <translation>решение №%1 ссылается на запрос к провайдеру %2, но тело ответа %3, на которое он опирается, изменили или удалили после решения.</translation>
    </message>
</context>
<context>
    <name>BatchColumns</name>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Итог</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Refund id</source>
        <translation>ID возврата</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Основание</translation>
    </message>
    <message>
        <source>Stripe lookup %1 listed every refund: none for this operation</source>
        <translation>Запрос к Stripe %1 перечислил все возвраты: для этой операции нет ни одного</translation>
    </message>
    <message>
        <source>Stripe lookup %1 found the refund failed</source>
        <translation>Запрос к Stripe %1: возврат не прошёл</translation>
    </message>
    <message>
        <source>Stripe lookup %1 found the refund succeeded</source>
        <translation>Запрос к Stripe %1: возврат прошёл</translation>
    </message>
    <message>
        <source>Stripe&apos;s event %1 says the refund failed</source>
        <translation>Событие Stripe %1: возврат не прошёл</translation>
    </message>
    <message>
        <source>Stripe&apos;s event %1 says the refund succeeded</source>
        <translation>Событие Stripe %1: возврат прошёл</translation>
    </message>
</context>
<context>
    <name>BatchPlan</name>
    <message>
        <source>its verdict was not asked for</source>
        <translation>его вердикт не был запрошен</translation>
    </message>
    <message>
        <source>the refund is still pending</source>
        <translation>возврат ещё в обработке</translation>
    </message>
    <message>
        <source>the events are in conflict</source>
        <translation>события противоречат друг другу</translation>
    </message>
    <message>
        <source>recording it would need an override</source>
        <translation>для записи нужно решение вопреки доказательствам</translation>
    </message>
    <message>
        <source>claimed by %1</source>
        <translation>в работе у %1</translation>
    </message>
    <message>
        <source>no event or Stripe lookup settles it</source>
        <translation>ни событие, ни запрос к Stripe его не решают</translation>
    </message>
    <message>
        <source>the evidence names no single refund and event or lookup</source>
        <translation>доказательства не указывают на один возврат и одно событие или запрос</translation>
    </message>
    <message>
        <source>Stripe lookup %1</source>
        <translation>запрос к Stripe %1</translation>
    </message>
    <message>
        <source>a note since the evidence</source>
        <translation>заметка после доказательств</translation>
    </message>
    <message>
        <source>a follow-up date still to come</source>
        <translation>дата напоминания ещё впереди</translation>
    </message>
    <message>
        <source>a note since the evidence: %1</source>
        <translation>заметка после доказательств: %1</translation>
    </message>
    <message>
        <source>follow-up on %1: %2</source>
        <translation>напоминание на %1: %2</translation>
    </message>
    <message>
        <source>left out by the reviewer</source>
        <translation>исключена проверяющим</translation>
    </message>
    <message>
        <source>Stripe lists a refund of its payment that no operation here made</source>
        <translation>Stripe показывает возврат по этому платежу, который не сделала ни одна операция здесь</translation>
    </message>
</context>
<context>
    <name>BatchReviewDialog</name>
    <message numerus="yes">
        <source>%1: %n operation(s), %2</source>
        <comment>outcome: count, amount</comment>
        <translation>
            <numerusform>%1: %n операция, %2</numerusform>
            <numerusform>%1: %n операции, %2</numerusform>
            <numerusform>%1: %n операций, %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>refund-desk: unknown command &apos;%1&apos;</source>
        <translation>refund-desk: неизвестная команда «%1»</translation>
    </message>
    <message>
        <source>unexpected arguments: %1</source>
        <translation>лишние аргументы: %1</translation>
    </message>
    <message>
        <source>expected %1</source>
        <translation>ожидается %1</translation>
    </message>
    <message>
        <source>--db PATH is required: name the store to work on.</source>
        <translation>Нужен параметр --db PATH: укажите хранилище, с которым работать.</translation>
    </message>
    <message>
        <source>%1 cannot be written. %2 Nothing was written: ask for write access to the file and its folder, or work on a writable copy.</source>
        <translation>Запись в %1 невозможна. %2 Ничего не записано: запросите право на запись в файл и его папку или работайте с копией, доступной для записи.</translation>
    </message>
    <message>
        <source>Run &apos;refund-desk %1 --help&apos; for the options.</source>
        <translation>Список параметров: «refund-desk %1 --help».</translation>
    </message>
    <message>
        <source>--operations wants a whole number from 1 to %1.</source>
        <translation>Для --operations нужно целое число от 1 до %1.</translation>
    </message>
    <message>
        <source>--seed wants a whole number from 0 to 18446744073709551615.</source>
        <translation>Для --seed нужно целое число от 0 до 18446744073709551615.</translation>
    </message>
    <message>
        <source>--now wants milliseconds since the Unix epoch.</source>
        <translation>Для --now нужно число миллисекунд с начала эпохи Unix.</translation>
    </message>
    <message>
        <source>--format wants csv or json.</source>
        <translation>Для --format допустимо csv или json.</translation>
    </message>
    <message>
        <source>--from wants a date like 2024-05-01 or a time like 2024-05-01T09:30:00Z.</source>
        <translation>Для --from нужна дата вида 2024-05-01 или время вида 2024-05-01T09:30:00Z.</translation>
    </message>
    <message>
        <source>--to wants a date like 2024-05-31 or a time like 2024-06-01T00:00:00Z.</source>
        <translation>Для --to нужна дата вида 2024-05-31 или время вида 2024-06-01T00:00:00Z.</translation>
    </message>
    <message>
        <source>--from must come before --to.</source>
        <translation>Значение --from должно быть раньше --to.</translation>
    </message>
    <message>
        <source>--output names the store itself; choose another file.</source>
        <translation>--output указывает на само хранилище; выберите другой файл.</translation>
    </message>
    <message>
        <source>Standard output cannot be written.</source>
        <translation>Не удаётся писать в стандартный вывод.</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2. Choose a file in a folder you may write to.</source>
        <translation>Запись в %1 невозможна: %2. Выберите файл в папке, куда у вас есть право записи.</translation>
    </message>
    <message>
        <source>%1 could not be saved: %2. Nothing was replaced.</source>
        <translation>Не удалось сохранить %1: %2. Ничего не заменено.</translation>
    </message>
    <message>
        <source>cannot read the file %1: it does not exist or is not a readable file.</source>
        <translation>не удаётся прочитать файл %1: он не существует или недоступен для чтения.</translation>
    </message>
    <message>
        <source>the file could not be read to its end</source>
        <translation>файл не удалось дочитать до конца</translation>
    </message>
    <message>
        <source>%1; the good entries were imported. Fix the file and import it again: events already present are ignored.</source>
        <translation>%1; корректные записи импортированы. Исправьте файл и импортируйте его снова: уже загруженные события будут пропущены.</translation>
    </message>
    <message>
        <source>--anchor wants a 64-digit hex hash as verify printed it.</source>
        <translation>Для --anchor нужен 64-значный шестнадцатеричный хеш в том виде, в каком его вывела команда verify.</translation>
    </message>
    <message numerus="yes">
        <source>%n entries were skipped</source>
        <translation>
            <numerusform>пропущена %n запись</numerusform>
            <numerusform>пропущено %n записи</numerusform>
            <numerusform>пропущено %n записей</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no operation %1 in %2. Check the id (e.g. op_5521) with &apos;refund-desk queue&apos;.</source>
        <translation>В %2 нет операции %1. Проверьте ID (например, op_5521) командой «refund-desk queue».</translation>
    </message>
    <message>
        <source>--outcome must be &apos;refunded&apos; or &apos;failed&apos;.</source>
        <translation>Для --outcome допустимо «refunded» или «failed».</translation>
    </message>
    <message>
        <source>--from SRC and --to DST are both required: name the store to copy and the new store to create.</source>
        <translation>Нужны оба параметра, --from SRC и --to DST: укажите хранилище, которое нужно скопировать, и новое хранилище, которое нужно создать.</translation>
    </message>
    <message>
        <source>--to names a file of the source itself; choose another path.</source>
        <translation>--to указывает на файл самого источника; выберите другой путь.</translation>
    </message>
    <message>
        <source>The copy at %1 does not match its source (see the counts and chains above). Do not use it: remove it and copy again.</source>
        <translation>Копия в %1 не совпадает с источником (см. счётчики и цепочки выше). Не используйте её: удалите и скопируйте заново.</translation>
    </message>
    <message>
        <source>Try &apos;refund-desk --help&apos;.</source>
        <translation>Справка: «refund-desk --help».</translation>
    </message>
    <message>
        <source>refund-desk: give either --db PATH or --demo, not both.</source>
        <translation>refund-desk: укажите либо --db PATH, либо --demo, но не оба сразу.</translation>
    </message>
    <message>
        <source>refund-desk: --select goes with --screenshot.</source>
        <translation>refund-desk: --select используется только вместе с --screenshot.</translation>
    </message>
    <message>
        <source>refund-desk: --operator needs a name.</source>
        <translation>refund-desk: для --operator нужно имя.</translation>
    </message>
    <message>
        <source>refund-desk: cannot show operation %1: %2</source>
        <translation>refund-desk: не удаётся показать операцию %1: %2</translation>
    </message>
    <message>
        <source>refund-desk: cannot write the screenshot to %1. Check that the folder exists and can be written.</source>
        <translation>refund-desk: не удаётся записать снимок экрана в %1. Проверьте, что папка существует и доступна для записи.</translation>
    </message>
    <message>
        <source>refund-desk: cannot open the console: %1 Run it in a desktop session; the commands in &apos;refund-desk --help&apos; need no display.</source>
        <translation>refund-desk: не удаётся открыть консоль: %1 Запустите её в графическом сеансе; командам из «refund-desk --help» дисплей не нужен.</translation>
    </message>
    <message>
        <source>there is no display (DISPLAY and WAYLAND_DISPLAY are not set).</source>
        <translation>нет дисплея (DISPLAY и WAYLAND_DISPLAY не заданы).</translation>
    </message>
    <message>
        <source>the window system %1 has no display to open on (DISPLAY or WAYLAND_DISPLAY is not set).</source>
        <translation>у оконной системы %1 нет дисплея, на котором можно открыть окно (не задан DISPLAY или WAYLAND_DISPLAY).</translation>
    </message>
    <message>
        <source>The store to work on.</source>
        <translation>Хранилище, с которым работать.</translation>
    </message>
    <message>
        <source>refund-desk copy: copies a whole store into a new one, keeping every id, hash, time and
payload byte, e.g. to move a store to another backend or to hand an auditor a file.
The source is only read (one consistent snapshot, even while others write to it). The
destination must not exist: it is created with its own schema, and only a complete
copy is kept (an interrupted one leaves no store behind). Afterwards the audit chain
and the row counts of both ends are checked and compared. A copy repairs nothing: a
broken chain arrives broken, and verify fails on both ends alike.</source>
        <translation>refund-desk copy: копирует всё хранилище в новое, сохраняя каждый id, хеш, время и
каждый байт содержимого — например, чтобы перенести хранилище на другой сервер или
передать аудитору файл. Источник только читается (один согласованный снимок, даже пока
в него пишут другие). Хранилища назначения не должно существовать: оно создаётся со
своей схемой, и сохраняется только полная копия (прерванная не оставляет хранилища).
Затем цепочка аудита и число строк на обоих концах проверяются и сравниваются. Копия
ничего не исправляет: сломанная цепочка приходит сломанной, и verify падает на обоих концах.</translation>
    </message>
    <message>
        <source>The store to copy (only read).</source>
        <translation>Копируемое хранилище (только чтение).</translation>
    </message>
    <message>
        <source>The new store to create (must not exist).</source>
        <translation>Создаваемое новое хранилище (не должно существовать).</translation>
    </message>
    <message>
        <source>How many refund operations to simulate (default 2000).</source>
        <translation>Сколько операций возврата смоделировать (по умолчанию 2000).</translation>
    </message>
    <message>
        <source>The seed: the same seed gives the same store (default 1).</source>
        <translation>Начальное значение: одно и то же значение даёт одно и то же хранилище (по умолчанию 1).</translation>
    </message>
    <message>
        <source>Simulate up to this time (ms since the epoch) instead of now, for a store that is the same on every run.</source>
        <translation>Моделировать до этого момента (мс от начала эпохи), а не до текущего, чтобы хранилище было одинаковым при каждом запуске.</translation>
    </message>
    <message>
        <source>finishing the store (statistics, checkpoint)</source>
        <translation>завершение хранилища (статистика, контрольная точка)</translation>
    </message>
    <message>
        <source>Demo store: %1</source>
        <translation>Демо-хранилище: %1</translation>
    </message>
    <message>
        <source>Seed: %1, simulated up to %2</source>
        <translation>Начальное значение: %1, смоделировано до %2</translation>
    </message>
    <message>
        <source>Operations: %1</source>
        <translation>Операций: %1</translation>
    </message>
    <message>
        <source>Resolutions: %1</source>
        <translation>Решений: %1</translation>
    </message>
    <message>
        <source>Double refunds (old tool version): %1</source>
        <translation>Двойных возвратов (старая версия инструмента): %1</translation>
    </message>
    <message>
        <source>Reference case: %1 (order %2, %3 %4, unknown)</source>
        <translation>Эталонный случай: %1 (заказ %2, %3 %4, unknown)</translation>
    </message>
    <message>
        <source>Elapsed: %1 s (%2 operations/s)</source>
        <translation>Затрачено: %1 с (операций в секунду: %2)</translation>
    </message>
    <message>
        <source>csv (default) or json.</source>
        <translation>csv (по умолчанию) или json.</translation>
    </message>
    <message>
        <source>Only resolutions recorded from this UTC date (YYYY-MM-DD) or ISO 8601 time on.</source>
        <translation>Только решения, записанные начиная с этой даты UTC (ГГГГ-ММ-ДД) или момента ISO 8601.</translation>
    </message>
    <message>
        <source>Only resolutions recorded through this UTC date (inclusive), or before this ISO 8601 time.</source>
        <translation>Только решения, записанные по эту дату UTC включительно или до этого момента ISO 8601.</translation>
    </message>
    <message>
        <source>Write to FILE (replaced only once complete) instead of standard output.</source>
        <translation>Писать в FILE (заменяется только целиком, по завершении), а не в стандартный вывод.</translation>
    </message>
    <message>
        <source>... and %1 more</source>
        <translation>... и ещё %1</translation>
    </message>
    <message>
        <source>Imported %1 (%2): %3 read, %4 new, %5 already present, %6 skipped.</source>
        <translation>Импортирован %1 (%2): прочитано: %3, новых: %4, уже были: %5, пропущено: %6.</translation>
    </message>
    <message>
        <source>Skipped (not stored):</source>
        <translation>Пропущено (не сохранено):</translation>
    </message>
    <message>
        <source>Stored, but not readable as refund evidence (the console lists them as unreadable):</source>
        <translation>Сохранено, но не читается как доказательство возврата (консоль показывает их как нечитаемые):</translation>
    </message>
    <message>
        <source>Stopped early, the rest of the file was not read: %1</source>
        <translation>Остановлено досрочно, остаток файла не прочитан: %1</translation>
    </message>
    <message>
        <source>Print a JSON array.</source>
        <translation>Вывести массив JSON.</translation>
    </message>
    <message>
        <source>No operation is unknown or being checked.</source>
        <translation>Нет операций в состоянии unknown или на проверке.</translation>
    </message>
    <message>
        <source>Print a JSON object.</source>
        <translation>Вывести объект JSON.</translation>
    </message>
    <message>
        <source>%1  order %2  %3 %4  %5</source>
        <translation>%1  заказ %2  %3 %4  %5</translation>
    </message>
    <message>
        <source>key %1 (%2)</source>
        <translation>ключ %1 (%2)</translation>
    </message>
    <message>
        <source>created %1, updated %2</source>
        <translation>создана %1, изменена %2</translation>
    </message>
    <message>
        <source>claimed by %1 at %2</source>
        <translation>в работе у %1 с %2</translation>
    </message>
    <message>
        <source>Attempts:</source>
        <translation>Попытки:</translation>
    </message>
    <message>
        <source>Events (verdict %1): %2</source>
        <translation>События (вердикт %1): %2</translation>
    </message>
    <message>
        <source>by %1</source>
        <comment>an event, matched by a route</comment>
        <translation>по %1</translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation>нечитаемо: %1</translation>
    </message>
    <message>
        <source>Resolutions:</source>
        <translation>Решения:</translation>
    </message>
    <message>
        <source>by %1 at %2, evidence %3</source>
        <translation>%1, %2, доказательство %3</translation>
    </message>
    <message>
        <source>(overrides the evidence)</source>
        <translation>(вопреки доказательствам)</translation>
    </message>
    <message>
        <source>Take the operation over from the operator who claimed it.</source>
        <translation>Перехватить операцию у оператора, который взял её в работу.</translation>
    </message>
    <message>
        <source>%1 is now being checked by %2 (taken over from %3).</source>
        <translation>%1 теперь проверяет %2 (перехвачено у %3).</translation>
    </message>
    <message>
        <source>%1 is now being checked by %2.</source>
        <translation>%1 теперь проверяет %2.</translation>
    </message>
    <message>
        <source>%1 is unknown again and waits in the queue.</source>
        <translation>%1 снова в состоянии unknown и ждёт в очереди.</translation>
    </message>
    <message>
        <source>refunded or failed.</source>
        <translation>refunded или failed.</translation>
    </message>
    <message>
        <source>The provider&apos;s refund id (re_...).</source>
        <translation>ID возврата у провайдера (re_...).</translation>
    </message>
    <message>
        <source>Where the outcome was confirmed: webhook:evt_..., dashboard, provider_support:CASE.</source>
        <translation>Где подтверждён результат: webhook:evt_..., dashboard, provider_support:CASE.</translation>
    </message>
    <message>
        <source>A note for the audit log.</source>
        <translation>Заметка для журнала аудита.</translation>
    </message>
    <message>
        <source>Record an outcome that contradicts the evidence (needs --note).</source>
        <translation>Записать результат вопреки доказательствам (нужен --note).</translation>
    </message>
    <message>
        <source>%1 resolved as %2 by %3; audit log entry #%4.</source>
        <translation>%1: решение %2 записал %3; запись журнала аудита #%4.</translation>
    </message>
    <message>
        <source>A head hash printed by an earlier verify: fail unless that resolution is still in the chain (detects removed newest rows).</source>
        <translation>Хеш головы, выведенный прежним verify: ошибка, если этого решения больше нет в цепочке (обнаруживает удалённые последние строки).</translation>
    </message>
    <message>
        <source>store invariants hold; head hash %1</source>
        <translation>инварианты хранилища соблюдены; хеш головы %1</translation>
    </message>
    <message>
        <source>store invariants hold; the audit log is empty</source>
        <translation>инварианты хранилища соблюдены; журнал аудита пуст</translation>
    </message>
    <message>
        <source>Refund Desk: the console for refunds whose outcome nobody knows.
Subcommands (headless): %1.</source>
        <translation>Refund Desk: консоль для возвратов, результат которых никто не знает.
Подкоманды (без окна): %1.</translation>
    </message>
    <message>
        <source>The store to open.</source>
        <translation>Открываемое хранилище.</translation>
    </message>
    <message>
        <source>Build a fresh demo store and open it.</source>
        <translation>Создать новое демо-хранилище и открыть его.</translation>
    </message>
    <message>
        <source>Open the store for reading only.</source>
        <translation>Открыть хранилище только для чтения.</translation>
    </message>
    <message>
        <source>Who is at the desk.</source>
        <translation>Кто за пультом.</translation>
    </message>
    <message>
        <source>Render the window once loaded to a PNG and exit.</source>
        <translation>Отрисовать окно после загрузки в PNG и выйти.</translation>
    </message>
    <message>
        <source>With --screenshot: the operation to show (default: the first).</source>
        <translation>Вместе с --screenshot: какую операцию показать (по умолчанию первую).</translation>
    </message>
    <message>
        <source>the connection to %1 crosses the network unencrypted; add sslmode=verify-full (and sslrootcert=) to the location.</source>
        <translation>подключение к %1 идёт по сети без шифрования; добавьте в адрес sslmode=verify-full (и sslrootcert=).</translation>
    </message>
    <message>
        <source>%1 cannot be written, so it cannot be upgraded. %2 Nothing was changed.</source>
        <translation>В %1 нельзя записывать, поэтому его нельзя обновить. %2 Ничего не изменено.</translation>
    </message>
    <message>
        <source>What was found or done, e.g. a provider&apos;s case number.</source>
        <translation>Что выяснено или сделано, например номер обращения у провайдера.</translation>
    </message>
    <message>
        <source>The day to look at the operation again (YYYY-MM-DD).</source>
        <translation>День, когда снова проверить операцию (ГГГГ-ММ-ДД).</translation>
    </message>
    <message>
        <source>--follow-up must be a calendar date as YYYY-MM-DD, e.g. 2026-03-14.</source>
        <translation>--follow-up должен быть календарной датой в виде ГГГГ-ММ-ДД, например 2026-03-14.</translation>
    </message>
    <message>
        <source>--text TEXT is required and may not be empty: say what was found or done.</source>
        <translation>Нужен непустой --text TEXT: напишите, что выяснено или сделано.</translation>
    </message>
    <message>
        <source>Note #%1 added to %2 by %3; follow up on %4.</source>
        <translation>Заметка №%1 добавлена к %2 (%3); вернуться к ней %4.</translation>
    </message>
    <message>
        <source>Note #%1 added to %2 by %3.</source>
        <translation>Заметка №%1 добавлена к %2 (%3).</translation>
    </message>
    <message>
        <source>Created an empty store at %1 (schema version %2).</source>
        <translation>Создано пустое хранилище %1 (версия схемы %2).</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Заметки:</translation>
    </message>
    <message>
        <source>by %1 at %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>(follow up on %1)</source>
        <translation>(вернуться %1)</translation>
    </message>
    <message>
        <source>Also write what the fake provider really did (every refund and every event, delivered or not) to this JSON Lines file, for a fake Stripe to serve.</source>
        <translation>Также записать в этот файл JSON Lines то, что на самом деле сделал имитируемый провайдер (каждый возврат и каждое событие, доставленное или нет), чтобы его раздавал имитатор Stripe.</translation>
    </message>
    <message>
        <source>--since wants a time span such as 3d, 12h or 90m.</source>
        <translation>--since ожидает промежуток времени, например 3d, 12h или 90m.</translation>
    </message>
    <message>
        <source>Stripe keeps events for 30 days, so events older than that cannot be listed: give --since 30d or less (older events can be imported from a file with import-events).</source>
        <translation>Stripe хранит события 30 дней, поэтому более старые события получить нельзя: укажите --since 30d или меньше (старые события можно загрузить из файла командой import-events).</translation>
    </message>
    <message>
        <source>taking up the listing an earlier run left (events created %1 to %2)</source>
        <translation>продолжаю перечисление, прерванное прошлым запуском (события, созданные с %1 по %2)</translation>
    </message>
    <message>
        <source>the place of the sync cannot be kept in the store (%1): a run that is stopped lists its window again next time, storing nothing twice</source>
        <translation>место синхронизации нельзя сохранить в хранилище (%1): прерванный запуск в следующий раз перечислит своё окно заново, ничего не сохраняя дважды</translation>
    </message>
    <message numerus="yes">
        <source>%n of them stored but not readable as refund evidence.</source>
        <translation>
            <numerusform>%n из них сохранено, но не читается как свидетельство о возврате.</numerusform>
            <numerusform>%n из них сохранены, но не читаются как свидетельство о возврате.</numerusform>
            <numerusform>%n из них сохранено, но не читается как свидетельство о возврате.</numerusform>
        </translation>
    </message>
    <message>
        <source>Operations in the queue whose verdict changed: %1</source>
        <translation>Операции в очереди, у которых изменился вердикт: %1</translation>
    </message>
    <message>
        <source>How far back to list events: a span such as 3d, 12h or 90m (default 3d, at most 30d: Stripe keeps events 30 days).</source>
        <translation>Насколько далеко в прошлое перечислять события: промежуток вроде 3d, 12h или 90m (по умолчанию 3d, не больше 30d: Stripe хранит события 30 дней).</translation>
    </message>
    <message>
        <source>Only the events Stripe could not deliver to the webhook receiver (delivery_success=false).</source>
        <translation>Только события, которые Stripe не смог доставить получателю вебхуков (delivery_success=false).</translation>
    </message>
    <message>
        <source>Read the restricted Stripe key from this file (mode 600) instead of STRIPE_API_KEY.</source>
        <translation>Читать ограниченный ключ Stripe из этого файла (права 600) вместо STRIPE_API_KEY.</translation>
    </message>
    <message>
        <source>Send the requests to this server instead of Stripe (default STRIPE_API_BASE, else https://api.stripe.com; plain http only on 127.0.0.1).</source>
        <translation>Отправлять запросы на этот сервер вместо Stripe (по умолчанию STRIPE_API_BASE, иначе https://api.stripe.com; простой http только на 127.0.0.1).</translation>
    </message>
    <message>
        <source>The store is open for reading only (%1), and sync-events writes the events it fetches: run it as a user who may write the store.</source>
        <translation>Хранилище открыто только для чтения (%1), а sync-events записывает полученные события: запустите её от пользователя, которому можно писать в хранилище.</translation>
    </message>
    <message>
        <source>The key is of %1 but the store&apos;s events are of %2 (their livemode is %3): use a key of the store&apos;s mode.</source>
        <translation>Ключ относится к режиму «%1», а события хранилища — к режиму «%2» (их livemode равен %3): используйте ключ режима хранилища.</translation>
    </message>
    <message>
        <source>test mode</source>
        <translation>тестовый режим</translation>
    </message>
    <message>
        <source>live mode</source>
        <translation>боевой режим</translation>
    </message>
    <message>
        <source>The pages before this are stored; running sync-events again goes on from there.</source>
        <translation>Страницы до этого сохранены; повторный запуск sync-events продолжит с этого места.</translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) settled by the evidence:</source>
        <translation>
            <numerusform>%n операция решена доказательствами:</numerusform>
            <numerusform>%n операции решены доказательствами:</numerusform>
            <numerusform>%n операций решены доказательствами:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) left out:</source>
        <translation>
            <numerusform>%n операция оставлена:</numerusform>
            <numerusform>%n операции оставлены:</numerusform>
            <numerusform>%n операций оставлены:</numerusform>
        </translation>
    </message>
    <message>
        <source>Totals:</source>
        <translation>Итоги:</translation>
    </message>
    <message>
        <source>%1 resolved as %2 on %3; audit log entry #%4.</source>
        <translation>%1: записано %2 по %3; запись журнала аудита #%4.</translation>
    </message>
    <message>
        <source>%1 skipped: %2</source>
        <translation>%1 пропущена: %2</translation>
    </message>
    <message>
        <source>At most N operations, oldest first.</source>
        <translation>Не более N операций, начиная со старых.</translation>
    </message>
    <message>
        <source>The note every decision of the batch carries.</source>
        <translation>Заметка, которую несёт каждое решение пакета.</translation>
    </message>
    <message>
        <source>Print JSON: the plan as one object; with --yes one object a line per operation, then a summary.</source>
        <translation>Вывести JSON: план одним объектом; с --yes — по объекту в строке на операцию, затем итог.</translation>
    </message>
    <message>
        <source>Record the plan. Without it nothing is recorded.</source>
        <translation>Записать план. Без этого ничего не записывается.</translation>
    </message>
    <message>
        <source>--limit must be a whole number of at least 1.</source>
        <translation>Для --limit нужно целое число не меньше 1.</translation>
    </message>
    <message>
        <source>--note TEXT is required: say why these outcomes are recorded together.</source>
        <translation>Нужен параметр --note TEXT: укажите, почему эти результаты записываются вместе.</translation>
    </message>
    <message>
        <source>On PostgreSQL the operator recorded is the database login: you are logged in as %1, not %2. Nothing was recorded.</source>
        <translation>В PostgreSQL оператором записывается логин базы данных: вы вошли как %1, а не %2. Ничего не записано.</translation>
    </message>
    <message>
        <source>Nothing is settled by the evidence; nothing was recorded.</source>
        <translation>Доказательства ничего не решают; ничего не записано.</translation>
    </message>
    <message numerus="yes">
        <source>Nothing was recorded. Run again with --yes to record these %n decision(s).</source>
        <translation>
            <numerusform>Ничего не записано. Запустите снова с --yes, чтобы записать %n решение.</numerusform>
            <numerusform>Ничего не записано. Запустите снова с --yes, чтобы записать %n решения.</numerusform>
            <numerusform>Ничего не записано. Запустите снова с --yes, чтобы записать %n решений.</numerusform>
        </translation>
    </message>
    <message>
        <source>Print the lookup kept as one JSON object.</source>
        <translation>Вывести сохранённый запрос одним объектом JSON.</translation>
    </message>
    <message>
        <source>The store is open for reading only (%1), and ask-stripe keeps what Stripe answers in it: run it as a user who may write the store.</source>
        <translation>Хранилище открыто только для чтения (%1), а ask-stripe сохраняет в нём ответ Stripe: запустите команду от имени пользователя, которому можно писать в хранилище.</translation>
    </message>
    <message>
        <source>Nothing was kept.</source>
        <translation>Ничего не сохранено.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 Kept as lookup #%3 (%n request(s) to Stripe).</source>
        <translation>
            <numerusform>%1: %2 Сохранено как запрос №%3 (%n обращение к Stripe).</numerusform>
            <numerusform>%1: %2 Сохранено как запрос №%3 (%n обращения к Stripe).</numerusform>
            <numerusform>%1: %2 Сохранено как запрос №%3 (%n обращений к Stripe).</numerusform>
        </translation>
    </message>
    <message>
        <source>Asked the provider:</source>
        <translation>Запросы к провайдеру:</translation>
    </message>
    <message numerus="yes">
        <source>The %n answer(s) before it are kept; run the command again to ask the rest.</source>
        <translation>
            <numerusform>Полученный до этого %n ответ сохранён; запустите команду снова, чтобы опросить остальные.</numerusform>
            <numerusform>Полученные до этого %n ответа сохранены; запустите команду снова, чтобы опросить остальные.</numerusform>
            <numerusform>Полученные до этого %n ответов сохранены; запустите команду снова, чтобы опросить остальные.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Interrupted: the %n answer(s) complete so far are kept; run the command again to ask the rest.</source>
        <translation>
            <numerusform>Прервано: %n полный ответ сохранён; запустите команду снова, чтобы опросить остальные.</numerusform>
            <numerusform>Прервано: %n полных ответа сохранены; запустите команду снова, чтобы опросить остальные.</numerusform>
            <numerusform>Прервано: %n полных ответов сохранены; запустите команду снова, чтобы опросить остальные.</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask about every operation of the queue whose verdict is none, instead of one OPERATION_ID.</source>
        <translation>Опросить все операции очереди с вердиктом none вместо одной OPERATION_ID.</translation>
    </message>
    <message>
        <source>With --all-without-evidence: ask at most N operations.</source>
        <translation>С --all-without-evidence: опросить не более N операций.</translation>
    </message>
    <message>
        <source>With --all-without-evidence: at most R requests a second (default 20).</source>
        <translation>С --all-without-evidence: не более R запросов в секунду (по умолчанию 20).</translation>
    </message>
    <message>
        <source>Give one OPERATION_ID or --all-without-evidence, not both nor neither.</source>
        <translation>Укажите либо одну OPERATION_ID, либо --all-without-evidence: не оба и не ни одного.</translation>
    </message>
    <message>
        <source>--limit takes a whole number of operations and --rate a number of requests a second above 0, e.g. --limit 500 --rate 10.</source>
        <translation>--limit принимает целое число операций, а --rate — число запросов в секунду больше 0, например --limit 500 --rate 10.</translation>
    </message>
    <message>
        <source>Only operations with this verdict (refunded, failed or not_found); may be given more than once. Every verdict that settles an outcome when left out.</source>
        <translation>Только операции с этим вердиктом (refunded, failed или not_found); можно указать несколько раз. Без него — все вердикты, которые решают результат.</translation>
    </message>
    <message>
        <source>--verdict must be &apos;refunded&apos;, &apos;failed&apos; or &apos;not_found&apos;.</source>
        <translation>Для --verdict допустимо «refunded», «failed» или «not_found».</translation>
    </message>
    <message>
        <source>%1 is already up to date (schema version %2); nothing was changed.</source>
        <translation>%1 уже в актуальном состоянии (версия схемы %2); ничего не изменено.</translation>
    </message>
    <message>
        <source>Added index %1 to %2: schema version %3 has it, and the store was made before it did.</source>
        <translation>В %2 добавлен индекс %1: он есть в версии схемы %3, а хранилище было создано до его появления.</translation>
    </message>
    <message>
        <source>asking Stripe</source>
        <comment>progress</comment>
        <translation>опрос Stripe</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <comment>to Stripe</comment>
        <translation>
            <numerusform>%n запрос</numerusform>
            <numerusform>%n запроса</numerusform>
            <numerusform>%n запросов</numerusform>
        </translation>
    </message>
    <message>
        <source>Asked %1 of %2; %3 with a refund at Stripe; %4 already answered before; %5 to Stripe.</source>
        <comment>%2: operations without evidence; %5: requests</comment>
        <translation>Опрошено %1 из %2; с возвратом в Stripe: %3; уже отвеченных ранее: %4; к Stripe: %5.</translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) without evidence</source>
        <comment>asked %1 of ...</comment>
        <translation>
            <numerusform>%n операции без доказательств</numerusform>
            <numerusform>%n операций без доказательств</numerusform>
            <numerusform>%n операций без доказательств</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 settled by undelivered events (%2 stored, %3); %4 answered by listings or by id (%5).</source>
        <comment>%2: new events; %3 and %5: requests</comment>
        <translation>решено недоставленными событиями: %1 (сохранено: %2; %3); отвечено списками или по id: %4 (%5).</translation>
    </message>
    <message numerus="yes">
        <source>%n new event(s)</source>
        <comment>stored</comment>
        <translation>
            <numerusform>%n новое событие</numerusform>
            <numerusform>%n новых события</numerusform>
            <numerusform>%n новых событий</numerusform>
        </translation>
    </message>
    <message>
        <source>The operation to ask about, e.g. op_5521; or give --all-without-evidence instead.</source>
        <translation>Операция, о которой спросить, например op_5521; или вместо неё укажите --all-without-evidence.</translation>
    </message>
    <message>
        <source>The operation, e.g. op_5521.</source>
        <translation>Операция, например op_5521.</translation>
    </message>
    <message>
        <source>Who acts, recorded with what the command writes. Without it: the name saved in the console, else your login name. On PostgreSQL the database login is recorded, and another name is refused.</source>
        <translation>Кто действует; записывается вместе с тем, что пишет команда. Без параметра — имя, сохранённое в консоли, иначе ваше имя входа в систему. В PostgreSQL записывается логин базы данных, а другое имя отклоняется.</translation>
    </message>
    <message>
        <source>--operator needs a name; leave it out to act under the name saved in the console or your login name.</source>
        <translation>--operator требует имя; уберите его, чтобы действовать под именем, сохранённым в консоли, или под вашим именем входа.</translation>
    </message>
    <message>
        <source>no operator name: the system gives no login name and none was saved in the console. Say who acts with --operator NAME.</source>
        <translation>нет имени оператора: система не сообщает имя входа, а в консоли имя не сохранено. Укажите, кто действует, через --operator NAME.</translation>
    </message>
    <message>
        <source>copying rows</source>
        <comment>progress</comment>
        <translation>копирование строк</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) copied; checking both ends (audit chain, invariants)</source>
        <translation>
            <numerusform>скопирована %n строка; проверка обеих сторон (цепочка аудита, инварианты)</numerusform>
            <numerusform>скопировано %n строки; проверка обеих сторон (цепочка аудита, инварианты)</numerusform>
            <numerusform>скопировано %n строк; проверка обеих сторон (цепочка аудита, инварианты)</numerusform>
        </translation>
    </message>
    <message>
        <source>store_meta rows missing or different in the copy: %1</source>
        <translation>строки store_meta отсутствуют в копии или отличаются: %1</translation>
    </message>
    <message>
        <source>the source&apos;s audit chain is broken and the copy carries the same break, as it should: a copy repairs nothing. &apos;refund-desk verify&apos; fails on both ends alike.</source>
        <translation>цепочка аудита источника нарушена, и в копии тот же разрыв, как и должно быть: копирование ничего не исправляет. «refund-desk verify» завершится ошибкой на обеих сторонах.</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n operation(s) (%2), %3 operations/s</source>
        <translation>
            <numerusform>%1 из %n операции (%2), операций в секунду: %3</numerusform>
            <numerusform>%1 из %n операций (%2), операций в секунду: %3</numerusform>
            <numerusform>%1 из %n операций (%2), операций в секунду: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Attempts: %1 (in %2, %3)</source>
        <comment>%2: tool calls, %3: lost insert races</comment>
        <translation>Попыток: %1 (%2; %3)</translation>
    </message>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n вызов инструмента</numerusform>
            <numerusform>%n вызова инструмента</numerusform>
            <numerusform>%n вызовов инструмента</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lost insert race(s)</source>
        <translation>
            <numerusform>%n проигранная гонка вставки</numerusform>
            <numerusform>%n проигранные гонки вставки</numerusform>
            <numerusform>%n проигранных гонок вставки</numerusform>
        </translation>
    </message>
    <message>
        <source>Webhook events: %1 (%2, %3 not delivered, %4 without metadata, %5 unreadable)</source>
        <comment>%2: duplicate deliveries ignored</comment>
        <translation>События вебхуков: %1 (%2, не доставлено: %3, без метаданных: %4, нечитаемых: %5)</translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate deliveries ignored</source>
        <translation>
            <numerusform>%n повторная доставка пропущена</numerusform>
            <numerusform>%n повторные доставки пропущены</numerusform>
            <numerusform>%n повторных доставок пропущено</numerusform>
        </translation>
    </message>
    <message>
        <source>exporting</source>
        <comment>progress</comment>
        <translation>экспорт</translation>
    </message>
    <message numerus="yes">
        <source>exported %n resolution(s) to %1</source>
        <translation>
            <numerusform>экспортировано %n решение в %1</numerusform>
            <numerusform>экспортировано %n решения в %1</numerusform>
            <numerusform>экспортировано %n решений в %1</numerusform>
        </translation>
    </message>
    <message>
        <source>The events: a JSON array, a Stripe list object or JSON Lines.</source>
        <translation>События: массив JSON, объект списка Stripe или JSON Lines.</translation>
    </message>
    <message>
        <source>importing events, KiB read</source>
        <comment>progress</comment>
        <translation>импорт событий, прочитано КиБ</translation>
    </message>
    <message numerus="yes">
        <source>%1 lacks %n index(es) of schema version %2 (%3) but cannot be written. %4 Nothing was changed.</source>
        <translation>
            <numerusform>В %1 нет %n индекса версии схемы %2 (%3), но в него нельзя записывать. %4 Ничего не изменено.</numerusform>
            <numerusform>В %1 нет %n индексов версии схемы %2 (%3), но в него нельзя записывать. %4 Ничего не изменено.</numerusform>
            <numerusform>В %1 нет %n индексов версии схемы %2 (%3), но в него нельзя записывать. %4 Ничего не изменено.</numerusform>
        </translation>
    </message>
    <message>
        <source>--follow-up %1 is in the past. Give today (%2) or a later day to look at the operation again, or leave --follow-up out.</source>
        <translation>--follow-up %1 — уже прошедший день. Укажите сегодняшний (%2) или более поздний день, чтобы вернуться к операции, или уберите --follow-up.</translation>
    </message>
    <message>
        <source>%1: %2 of %3 (%4%)</source>
        <comment>progress: what, done, total, percent</comment>
        <translation>%1: %2 из %3 (%4%)</translation>
    </message>
    <message numerus="yes">
        <source>Decided %1 of %2; %n skipped because they changed after the plan.</source>
        <translation>
            <numerusform>Решено %1 из %2; %n пропущена, так как изменилась после плана.</numerusform>
            <numerusform>Решено %1 из %2; %n пропущены, так как изменились после плана.</numerusform>
            <numerusform>Решено %1 из %2; %n пропущено, так как они изменились после плана.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to do: no operation in the queue is settled by the evidence, and nothing was recorded.</source>
        <translation>Делать нечего: ни одна операция в очереди не решена доказательствами, ничего не записано.</translation>
    </message>
    <message>
        <source>recording</source>
        <comment>progress</comment>
        <translation>запись</translation>
    </message>
    <message>
        <source>Operation</source>
        <comment>queue column</comment>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Order</source>
        <comment>queue column</comment>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Amount</source>
        <comment>queue column</comment>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Status</source>
        <comment>queue column</comment>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Verdict</source>
        <comment>queue column</comment>
        <translation>Вердикт</translation>
    </message>
    <message>
        <source>Attempts</source>
        <comment>queue column</comment>
        <translation>Попытки</translation>
    </message>
    <message>
        <source>Key window</source>
        <comment>queue column</comment>
        <translation>Срок ключа</translation>
    </message>
    <message>
        <source>Claimed by</source>
        <comment>queue column</comment>
        <translation>Проверяет</translation>
    </message>
    <message numerus="yes">
        <source>Events from Stripe: %1 read, %2 new, %3 already present (%n page(s)).</source>
        <translation>
            <numerusform>События из Stripe: прочитано %1, новых %2, уже было %3 (%n страница).</numerusform>
            <numerusform>События из Stripe: прочитано %1, новых %2, уже было %3 (%n страницы).</numerusform>
            <numerusform>События из Stripe: прочитано %1, новых %2, уже было %3 (%n страниц).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>page %1: %n event(s) read, %2 new</source>
        <translation>
            <numerusform>страница %1: прочитано %n событие, новых %2</numerusform>
            <numerusform>страница %1: прочитано %n события, новых %2</numerusform>
            <numerusform>страница %1: прочитано %n событий, новых %2</numerusform>
        </translation>
    </message>
    <message>
        <source>verifying</source>
        <comment>progress</comment>
        <translation>проверка</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message numerus="yes">
        <source>Reconcile pass: %1 undelivered event(s) fetched (%2 new); %3 operation(s) asked (%4 for the first time, %5 again as due); answers by verdict: %6; %n request(s) to Stripe; %7 s.</source>
        <translation>
            <numerusform>Проход reconcile: получено недоставленных событий: %1 (новых: %2); спрошено операций: %3 (впервые: %4, повторно по сроку: %5); ответы по вердиктам: %6; %n запрос к Stripe; %7 с.</numerusform>
            <numerusform>Проход reconcile: получено недоставленных событий: %1 (новых: %2); спрошено операций: %3 (впервые: %4, повторно по сроку: %5); ответы по вердиктам: %6; %n запроса к Stripe; %7 с.</numerusform>
            <numerusform>Проход reconcile: получено недоставленных событий: %1 (новых: %2); спрошено операций: %3 (впервые: %4, повторно по сроку: %5); ответы по вердиктам: %6; %n запросов к Stripe; %7 с.</numerusform>
        </translation>
    </message>
    <message>
        <source>Print the pass&apos;s summary as one JSON object.</source>
        <translation>Вывести итог прохода одним объектом JSON.</translation>
    </message>
    <message>
        <source>At most R requests a second to Stripe (default 20).</source>
        <translation>Не более R запросов к Stripe в секунду (по умолчанию 20).</translation>
    </message>
    <message>
        <source>Who asks, as the lookups record it (default: reconciler). On PostgreSQL the database login is recorded.</source>
        <translation>Кто спрашивает — так это запишут запросы к провайдеру (по умолчанию reconciler). В PostgreSQL записывается имя входа в базу.</translation>
    </message>
    <message>
        <source>--rate takes a number of requests a second above 0, e.g. 10.</source>
        <translation>--rate принимает число запросов в секунду больше 0, например 10.</translation>
    </message>
    <message>
        <source>The store is open for reading only (%1), and reconcile keeps what Stripe answers in it: run it as a user who may write the store.</source>
        <translation>Хранилище открыто только для чтения (%1), а reconcile сохраняет в нём ответы Stripe: запустите его от имени пользователя, который может писать в хранилище.</translation>
    </message>
    <message>
        <source>Another reconcile pass is running on this store (%1, its lease runs to %2): this one asks nothing.</source>
        <translation>С этим хранилищем уже работает другой проход reconcile (%1, его аренда действует до %2): этот ничего не спрашивает.</translation>
    </message>
    <message numerus="yes">
        <source>The %n answer(s) before it are kept; the next pass asks the rest.</source>
        <translation>
            <numerusform>%n ответ до этого сохранён; следующий проход спросит остальное.</numerusform>
            <numerusform>%n ответа до этого сохранены; следующий проход спросит остальное.</numerusform>
            <numerusform>%n ответов до этого сохранены; следующий проход спросит остальное.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Interrupted: the %n answer(s) complete so far are kept; the next pass asks the rest.</source>
        <translation>
            <numerusform>Прервано: %n полный ответ сохранён; следующий проход спросит остальное.</numerusform>
            <numerusform>Прервано: %n полных ответа сохранены; следующий проход спросит остальное.</numerusform>
            <numerusform>Прервано: %n полных ответов сохранены; следующий проход спросит остальное.</numerusform>
        </translation>
    </message>
    <message>
        <source>This pass lost its lease on the store (it was not renewed in time, and another pass took it): it stops asking.</source>
        <translation>Этот проход потерял аренду хранилища (она не была вовремя продлена, и её взял другой проход): он прекращает спрашивать.</translation>
    </message>
    <message>
        <source>latest note: %1</source>
        <translation>последняя заметка: %1</translation>
    </message>
    <message>
        <source>it can now hold notes, what the provider answered and the payment behind each operation (payment_id, which the refund tool writes when it opens one)</source>
        <translation>теперь в нём можно хранить заметки, ответы провайдера и платёж, стоящий за каждой операцией (payment_id, который инструмент возвратов записывает, открывая операцию)</translation>
    </message>
    <message>
        <source>it can now hold the payment behind each operation (payment_id, which the refund tool writes when it opens one)</source>
        <translation>теперь в нём можно хранить платёж, стоящий за каждой операцией (payment_id, который инструмент возвратов записывает, открывая операцию)</translation>
    </message>
    <message>
        <source>Upgraded %1 from schema version %2 to %3 in one transaction: %4. The refund tool and the webhook receiver write it as before; consoles of an older Refund Desk refuse it from now on.</source>
        <translation>%1 обновлено с версии схемы %2 до %3 одной транзакцией: %4. Инструмент возвратов и приёмник вебхуков пишут в него, как прежде; консоли более старого Refund Desk отныне его не откроют.</translation>
    </message>
    <message>
        <source>How the support team worked the queue: backlog (default: five days in which a share was decided, most of the queue older than a day) or today (the team keeps up: most of the queue within the store&apos;s target, a few overdue).</source>
        <translation>Как команда поддержки разбирала очередь: backlog (по умолчанию: пять дней, за которые решена часть операций, и бо́льшая часть очереди старше суток) или today (команда успевает: бо́льшая часть очереди в пределах цели хранилища, несколько операций просрочены).</translation>
    </message>
    <message>
        <source>How many refunds a minute the shop makes by its other paths, beside the agent&apos;s (default 0). They exist at the provider only: written to the --stripe-truth file, never to the store.</source>
        <translation>Сколько возвратов в минуту магазин делает другими путями, помимо агента (по умолчанию 0). Они есть только у провайдера: пишутся в файл --stripe-truth и никогда в хранилище.</translation>
    </message>
    <message>
        <source>--profile wants backlog or today.</source>
        <translation>--profile принимает backlog или today.</translation>
    </message>
    <message>
        <source>--shop-refunds-per-minute wants a number from 0 to %1.</source>
        <translation>--shop-refunds-per-minute принимает число от 0 до %1.</translation>
    </message>
    <message>
        <source>--shop-refunds-per-minute needs --stripe-truth: the shop&apos;s other refunds exist at the provider only.</source>
        <translation>--shop-refunds-per-minute требует --stripe-truth: прочие возвраты магазина есть только у провайдера.</translation>
    </message>
    <message>
        <source>Refunded in the Dashboard by a colleague, the operation left unknown: %1</source>
        <translation>Возвращено коллегой в панели Stripe, операция осталась неизвестной: %1</translation>
    </message>
    <message>
        <source>The shop&apos;s other refunds, at the provider only: %1</source>
        <translation>Прочие возвраты магазина, только у провайдера: %1</translation>
    </message>
    <message>
        <source>The pass could not take its lease in the store&apos;s store_meta (%1): on PostgreSQL a login in the role refund_desk_reconciler (roles-postgresql.sql, run again on an older store) runs it.</source>
        <translation>Проходу не удалось взять аренду в store_meta хранилища (%1): в PostgreSQL его запускает вход с ролью refund_desk_reconciler (roles-postgresql.sql; на старом хранилище выполните его снова).</translation>
    </message>
    <message>
        <source>--verdict %1: an operation with this verdict is decided by a person, one at a time, never in a batch; --verdict must be &apos;refunded&apos;, &apos;failed&apos; or &apos;not_found&apos;.</source>
        <translation>--verdict %1: операцию с таким вердиктом решает человек, по одной, никогда не пакетом; --verdict должен быть &apos;refunded&apos;, &apos;failed&apos; или &apos;not_found&apos;.</translation>
    </message>
</context>
<context>
    <name>CustomerReply</name>
    <message>
        <source>We can&apos;t confirm your refund yet. A colleague is checking it and will reply in this chat.</source>
        <translation>Мы пока не можем подтвердить ваш возврат. Коллега уже проверяет его и ответит вам в этом чате.</translation>
    </message>
    <message>
        <source>Your refund of %1 has been issued.</source>
        <translation>Возврат на сумму %1 оформлен.</translation>
    </message>
    <message>
        <source>Your refund of %1 has been issued. The refund reference is %2.</source>
        <translation>Возврат на сумму %1 оформлен. Номер возврата: %2.</translation>
    </message>
    <message>
        <source>Your refund of %1 did not go through, and no money was moved.</source>
        <translation>Возврат на сумму %1 не прошёл, деньги не списывались и не переводились.</translation>
    </message>
</context>
<context>
    <name>Demo</name>
    <message>
        <source>The demo&apos;s reference case did not come out as specified (%1, %2, %3 attempts); the simulator needs fixing.</source>
        <translation>Эталонный случай демо не получился таким, как задан (%1, %2, попыток: %3); симулятор нужно исправить.</translation>
    </message>
    <message>
        <source>Building the demo store was cancelled after %1 of %2 operations; nothing was kept.</source>
        <translation>Создание демо-хранилища отменено после %1 из %2 операций; ничего не сохранено.</translation>
    </message>
    <message>
        <source>A demo store holds from 1 to %1 operations; %2 was asked for.</source>
        <translation>В демо-хранилище может быть от 1 до %1 операций; запрошено %2.</translation>
    </message>
    <message>
        <source>Cannot write the fake provider&apos;s truth to %1: %2.</source>
        <translation>Не удаётся записать сведения имитируемого провайдера в %1: %2.</translation>
    </message>
    <message>
        <source>Writing the fake provider&apos;s truth to %1 failed: %2.</source>
        <translation>Запись сведений имитируемого провайдера в %1 не удалась: %2.</translation>
    </message>
    <message>
        <source>The shop&apos;s other refunds a minute are from 0 to %1; %2 was asked for.</source>
        <translation>Прочих возвратов магазина в минуту может быть от 0 до %1; запрошено %2.</translation>
    </message>
</context>
<context>
    <name>EventImporter</name>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation>Не удаётся прочитать %1: %2.</translation>
    </message>
    <message>
        <source>Reading %1 failed: %2.</source>
        <translation>Ошибка чтения %1: %2.</translation>
    </message>
</context>
<context>
    <name>EventParser</name>
    <message>
        <source>%1 is null</source>
        <translation>%1 равно null</translation>
    </message>
    <message>
        <source>%1 is %2, expected %3</source>
        <translation>%1 — %2, а ожидается %3</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>нет поля %1</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>объект</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>строка</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>поле %1 пустое</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>целое число</translation>
    </message>
    <message>
        <source>%1 is too large</source>
        <translation>значение %1 слишком велико</translation>
    </message>
    <message>
        <source>%1 is negative (%2)</source>
        <translation>значение %1 отрицательное (%2)</translation>
    </message>
    <message>
        <source>%1 is &quot;%2&quot;, not a three-letter currency code</source>
        <translation>%1 равно «%2», а это не трёхбуквенный код валюты</translation>
    </message>
    <message>
        <source>an id or an object</source>
        <translation>ID или объект</translation>
    </message>
    <message>
        <source>%1 is not a refund object</source>
        <translation>%1 — не объект возврата</translation>
    </message>
    <message>
        <source>%1.status is &quot;%2&quot;, not a refund status (pending, requires_action, succeeded, failed, canceled)</source>
        <translation>%1.status равно «%2», а это не статус возврата (pending, requires_action, succeeded, failed, canceled)</translation>
    </message>
    <message>
        <source>a list of refunds</source>
        <translation>список возвратов</translation>
    </message>
    <message>
        <source>a refund object</source>
        <translation>объект возврата</translation>
    </message>
    <message>
        <source>the payload is a %1 object, not an event</source>
        <translation>содержимое — объект %1, а не событие</translation>
    </message>
    <message>
        <source>the payload&apos;s &quot;object&quot; is %1, expected &quot;event&quot;</source>
        <translation>поле «object» содержимого равно %1, а ожидается «event»</translation>
    </message>
    <message>
        <source>the payload is empty</source>
        <translation>содержимое пустое</translation>
    </message>
    <message>
        <source>the payload is %1, not an event object</source>
        <translation>содержимое — %1, а не объект события</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>некорректный JSON: %1</translation>
    </message>
    <message>
        <source>could not be read: %1</source>
        <translation>не удалось прочитать: %1</translation>
    </message>
    <message>
        <source>could not be read</source>
        <translation>не удалось прочитать</translation>
    </message>
    <message>
        <source>nested deeper than %1 levels, far deeper than any provider event</source>
        <translation>вложенность глубже %1 уровней — намного глубже, чем в любом событии провайдера</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>логическое значение</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>число</translation>
    </message>
    <message>
        <source>a number with a fraction</source>
        <translation>дробное число</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>массив</translation>
    </message>
    <message>
        <source>not a JSON value</source>
        <translation>не значение JSON</translation>
    </message>
</context>
<context>
    <name>EvidenceAnalyzer</name>
    <message>
        <source>the payload is not valid UTF-8 text</source>
        <translation>содержимое — не корректный текст в UTF-8</translation>
    </message>
    <message>
        <source>without a status</source>
        <translation>без статуса</translation>
    </message>
    <message numerus="yes">
        <source>%n refunds point at this operation (%1): money may have moved more than once</source>
        <comment>a phrase; more phrases may follow after a semicolon</comment>
        <translation>
            <numerusform>к этой операции относится %n возврат (%1): деньги могли уйти больше одного раза</numerusform>
            <numerusform>к этой операции относятся %n возврата (%1): деньги могли уйти больше одного раза</numerusform>
            <numerusform>к этой операции относятся %n возвратов (%1): деньги могли уйти больше одного раза</numerusform>
        </translation>
    </message>
    <message>
        <source>%1.</source>
        <comment>a sentence made of the phrases in %1</comment>
        <translation>%1.</translation>
    </message>
    <message>
        <source>Refund %1 of %2</source>
        <translation>Возврат %1 на сумму %2</translation>
    </message>
    <message>
        <source>%1 succeeded (event %2).</source>
        <translation>%1 выполнен (событие %2).</translation>
    </message>
    <message>
        <source>%1 failed (event %2).</source>
        <translation>%1 не выполнен (событие %2).</translation>
    </message>
    <message>
        <source>%1 failed: %2 (event %3).</source>
        <translation>%1 не выполнен: %2 (событие %3).</translation>
    </message>
    <message>
        <source>%1 was canceled (event %2).</source>
        <translation>%1 отменён (событие %2).</translation>
    </message>
    <message>
        <source>%1 is still pending (event %2); it may yet succeed or fail.</source>
        <translation>%1 ещё в обработке (событие %2): он может как пройти, так и не пройти.</translation>
    </message>
    <message>
        <source>%1 requires action from the customer (event %2); it may yet succeed or fail.</source>
        <translation>%1 ждёт действий от клиента (событие %2): он может как пройти, так и не пройти.</translation>
    </message>
    <message>
        <source>%1 exists but no event states its status (event %2).</source>
        <translation>%1 существует, но ни одно событие не сообщает его статус (событие %2).</translation>
    </message>
    <message>
        <source>No event names a refund for this operation, but event %1 says charge %2 has %3 refunded; look the charge up in the provider&apos;s dashboard.</source>
        <translation>Ни одно событие не называет возврат по этой операции, но событие %1 сообщает, что по платежу %2 возвращено %3; найдите этот платёж в личном кабинете провайдера.</translation>
    </message>
    <message>
        <source>No event from the provider states a refund for this operation.</source>
        <translation>Ни одно событие от провайдера не сообщает о возврате по этой операции.</translation>
    </message>
    <message numerus="yes">
        <source>No readable event states a refund for this operation; %n matching event(s) could not be read.</source>
        <translation>
            <numerusform>Ни одно читаемое событие не сообщает о возврате по этой операции; не удалось прочитать %n подходящее событие.</numerusform>
            <numerusform>Ни одно читаемое событие не сообщает о возврате по этой операции; не удалось прочитать %n подходящих события.</numerusform>
            <numerusform>Ни одно читаемое событие не сообщает о возврате по этой операции; не удалось прочитать %n подходящих событий.</numerusform>
        </translation>
    </message>
    <message>
        <source>; </source>
        <comment>between two phrases of a sentence</comment>
        <translation>;</translation>
    </message>
    <message>
        <source>refund %1 is in %2 but the operation is in %3 (%4)</source>
        <translation>возврат %1 в валюте %2, а операция — в %3 (%4)</translation>
    </message>
    <message>
        <source>refund %1 is for %2 but the operation is for %3 (%4)</source>
        <translation>возврат %1 на сумму %2, а операция — на %3 (%4)</translation>
    </message>
    <message>
        <source>Stripe says refund %1 of %2 has status %3 (lookup %4, asked at %5 by %6).</source>
        <translation>Stripe сообщает, что возврат %1 на сумму %2 в статусе %3 (запрос %4, сделан %5, автор %6).</translation>
    </message>
    <message>
        <source>Stripe lists no refund for this operation created between %1 and %2 (asked at %3 by %4, lookup %5).</source>
        <translation>Stripe не показывает ни одного возврата этой операции, созданного между %1 и %2 (запрос сделан %3, автор %4, запрос %5).</translation>
    </message>
    <message>
        <source>Stripe lookup %1</source>
        <translation>запрос к Stripe %1</translation>
    </message>
    <message>
        <source>event %1</source>
        <translation>событие %1</translation>
    </message>
    <message>
        <source>%1, %2, %3, created %4</source>
        <comment>a refund: id, amount, status, time</comment>
        <translation>%1, %2, %3, создан %4</translation>
    </message>
    <message numerus="yes">
        <source>Stripe lists %n refund(s) of this payment that no operation of this store made: %1 (the Dashboard or another tool?).</source>
        <translation>
            <numerusform>Stripe показывает %n возврат по этому платежу, который не сделала ни одна операция этого хранилища: %1 (Dashboard или другой инструмент?).</numerusform>
            <numerusform>Stripe показывает %n возврата по этому платежу, которые не сделала ни одна операция этого хранилища: %1 (Dashboard или другой инструмент?).</numerusform>
            <numerusform>Stripe показывает %n возвратов по этому платежу, которые не сделала ни одна операция этого хранилища: %1 (Dashboard или другой инструмент?).</numerusform>
        </translation>
    </message>
    <message>
        <source>Stripe lists no refund of payment %1 (complete, asked at %2 by %3, lookup %4).</source>
        <translation>Stripe не показывает ни одного возврата по платежу %1 (полный список, запрос в %2, %3, запрос %4).</translation>
    </message>
    <message>
        <source>Stripe also lists a refund of this payment that no operation of this store made: %1 (%2)</source>
        <translation>Stripe показывает также возврат по этому платежу, который не сделала ни одна операция этого хранилища: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>EvidenceNextStep</name>
    <message>
        <source>Stripe shows refund %1 succeeded: record refunded (Ctrl+R), or leave it to the batch (Ctrl+Shift+R).</source>
        <translation>Stripe показывает, что возврат %1 прошёл: запишите «возвращено» (Ctrl+R) или оставьте это пакетной записи (Ctrl+Shift+R).</translation>
    </message>
    <message>
        <source>Stripe shows refund %1 failed: record failed (Ctrl+R), or leave it to the batch (Ctrl+Shift+R).</source>
        <translation>Stripe показывает, что возврат %1 не прошёл: запишите «не прошёл» (Ctrl+R) или оставьте это пакетной записи (Ctrl+Shift+R).</translation>
    </message>
    <message>
        <source>Stripe lists no refund of this operation: record failed (Ctrl+R), or leave it to the batch (Ctrl+Shift+R).</source>
        <translation>Stripe не показывает ни одного возврата этой операции: запишите «не прошёл» (Ctrl+R) или оставьте это пакетной записи (Ctrl+Shift+R).</translation>
    </message>
    <message>
        <source>Refund %1 has not finished at Stripe: nothing to record yet; ask Stripe again later (Ctrl+K).</source>
        <translation>Возврат %1 в Stripe ещё не завершён: записывать пока нечего; спросите Stripe ещё раз позже (Ctrl+K).</translation>
    </message>
    <message>
        <source>The evidence disagrees with itself: no batch records this, and an outcome needs an override with a note; copy a case for Stripe&apos;s support (Ctrl+Shift+K).</source>
        <translation>Доказательства противоречат друг другу: пакетная запись это не запишет, а для исхода нужно решение вопреки доказательствам с заметкой; скопируйте обращение в поддержку Stripe (Ctrl+Shift+K).</translation>
    </message>
    <message>
        <source>A refund this store did not make moved money on this payment: find out in Stripe&apos;s Dashboard whether it is this one; an outcome needs an override with a note.</source>
        <translation>По этому платежу деньги вернул возврат, которого это хранилище не делало: выясните в панели Stripe, он ли это; для исхода нужно решение вопреки доказательствам с заметкой.</translation>
    </message>
    <message>
        <source>No evidence yet: ask Stripe (Ctrl+K), or look the idempotency key up in Stripe&apos;s Dashboard.</source>
        <translation>Доказательств пока нет: спросите Stripe (Ctrl+K) или найдите ключ идемпотентности в панели Stripe.</translation>
    </message>
    <message>
        <source>The evidence disagrees with itself: compare the refunds and pick the operation&apos;s in Record outcome (Ctrl+R), with an override and a note; no batch records this; copy a case for Stripe&apos;s support (Ctrl+Shift+K).</source>
        <translation>Доказательства противоречат друг другу: сравните возвраты и выберите возврат этой операции в окне «Зафиксировать результат» (Ctrl+R), с переопределением и примечанием; пакетная запись этого не фиксирует; скопируйте обращение в поддержку Stripe (Ctrl+Shift+K).</translation>
    </message>
    <message>
        <source>A refund this store did not make moved money on this payment: compare the refunds in Record outcome (Ctrl+R) and find out in Stripe&apos;s Dashboard whether one is this operation&apos;s; an outcome needs an override with a note.</source>
        <translation>По этому платежу прошёл возврат, которого это хранилище не делало: сравните возвраты в окне «Зафиксировать результат» (Ctrl+R) и выясните в панели Stripe, не принадлежит ли один из них этой операции; результат требует переопределения с примечанием.</translation>
    </message>
</context>
<context>
    <name>KeyWindow</name>
    <message>
        <source>closed</source>
        <translation>истёк</translation>
    </message>
    <message>
        <source>%1 min left</source>
        <translation>осталось %1 мин</translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>осталось %1 ч %2 мин</translation>
    </message>
</context>
<context>
    <name>LookupSourceText</name>
    <message>
        <source>Stripe&apos;s answer: asked by %1 %2</source>
        <translation>Ответ Stripe: запросил %1 %2</translation>
    </message>
    <message>
        <source>Stripe&apos;s answer: asked by the reconciler %1</source>
        <translation>Ответ Stripe: запросил сверщик %1</translation>
    </message>
    <message>
        <source>Stripe&apos;s answer: asked by the reconciler (%1) %2</source>
        <translation>Ответ Stripe: запросил сверщик (%1) %2</translation>
    </message>
    <message>
        <source>Lookup %1, asked of Stripe at %2 by %3.</source>
        <translation>Запрос %1 к Stripe, сделан %2, автор %3.</translation>
    </message>
</context>
<context>
    <name>MatchRoute</name>
    <message>
        <source>metadata</source>
        <translation>метаданные</translation>
    </message>
    <message>
        <source>idempotency_key</source>
        <translation>ключ идемпотентности</translation>
    </message>
    <message>
        <source>refund_id</source>
        <translation>ID возврата</translation>
    </message>
</context>
<context>
    <name>OperationNotice</name>
    <message>
        <source>The refund tool closed this operation as %1; no person had to decide.</source>
        <translation>Инструмент возвратов сам закрыл эту операцию со статусом «%1»; решение человека не понадобилось.</translation>
    </message>
    <message>
        <source>refunded (%1)</source>
        <translation>возвращено (%1)</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не выполнено</translation>
    </message>
    <message>
        <source>You recorded %1 at %2. Copy the reply for the customer (Ctrl+Shift+C).</source>
        <translation>Вы зафиксировали: %1 (%2). Скопируйте ответ для клиента (Ctrl+Shift+C).</translation>
    </message>
    <message>
        <source>Resolved elsewhere: %1 recorded %2 at %3. Nothing is left to do here.</source>
        <translation>Решено в другом месте: %1 зафиксировал(а) «%2» (%3). Здесь больше ничего делать не нужно.</translation>
    </message>
    <message>
        <source>%1 recorded %2 at %3.</source>
        <translation>%1 зафиксировал(а) «%2» (%3).</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>неизвестное время</translation>
    </message>
    <message>
        <source>You claimed this at %1.</source>
        <translation>Вы взяли это в работу (%1).</translation>
    </message>
    <message>
        <source>You are checking this since %1. Confirm the outcome with the provider, then record it (Ctrl+R).</source>
        <translation>Вы проверяете это с %1. Подтвердите результат у провайдера, затем зафиксируйте его (Ctrl+R).</translation>
    </message>
    <message>
        <source>Claimed elsewhere: %1 claimed this at %2 and is checking it.</source>
        <translation>Взято в работу в другом месте: %1 взял(а) это (%2) и проверяет.</translation>
    </message>
    <message>
        <source>%1 is checking this since %2.</source>
        <translation>%1 проверяет это с %2.</translation>
    </message>
    <message>
        <source>%1 is checking this since %2. Take over (Ctrl+T) only if they handed it to you.</source>
        <translation>%1 проверяет это с %2. Перехватывайте (Ctrl+T), только если вам это передали.</translation>
    </message>
    <message>
        <source>Released elsewhere: %1 gave this back; nobody is checking it now.</source>
        <translation>Возвращено в очередь в другом месте: %1 отказался(-ась) от проверки; сейчас это никто не проверяет.</translation>
    </message>
    <message>
        <source>Nobody is checking this yet.</source>
        <translation>Это пока никто не проверяет.</translation>
    </message>
    <message>
        <source>The refund tool is still working on this operation; it does not need a person yet.</source>
        <translation>Инструмент возвратов ещё работает с этой операцией; человек пока не нужен.</translation>
    </message>
    <message>
        <source>Nobody is checking this yet. Claim it (Ctrl+M) so that colleagues know you are on it; asking Stripe (Ctrl+K) needs no claim.</source>
        <translation>Это пока никто не проверяет. Возьмите в работу (Ctrl+M), чтобы коллеги знали, что этим занимаетесь вы; чтобы спросить Stripe (Ctrl+K), брать в работу не нужно.</translation>
    </message>
</context>
<context>
    <name>OperationSnapshot</name>
    <message>
        <source>There is no operation %1 in this store. Check the id, or open the store it belongs to.</source>
        <translation>В этом хранилище нет операции %1. Проверьте ID или откройте хранилище, к которому она относится.</translation>
    </message>
</context>
<context>
    <name>OperationStatus</name>
    <message>
        <source>open</source>
        <translation>открыта</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>checking</source>
        <translation>на проверке</translation>
    </message>
    <message>
        <source>refunded</source>
        <translation>возвращено</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не выполнено</translation>
    </message>
</context>
<context>
    <name>Outcome</name>
    <message>
        <source>refunded</source>
        <translation>возвращено</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не выполнено</translation>
    </message>
</context>
<context>
    <name>PaymentSource</name>
    <message>
        <source>no payment known</source>
        <translation>платёж неизвестен</translation>
    </message>
    <message>
        <source>the row&apos;s payment_id</source>
        <translation>payment_id строки</translation>
    </message>
    <message>
        <source>this operation&apos;s events</source>
        <translation>события этой операции</translation>
    </message>
    <message>
        <source>event %1 of this operation</source>
        <translation>событие %1 этой операции</translation>
    </message>
    <message>
        <source>operation %1 of the same order</source>
        <translation>операция %1 того же заказа</translation>
    </message>
    <message>
        <source>the events of operation %1 of the same order</source>
        <translation>события операции %1 того же заказа</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>[options]</source>
        <translation>[параметры]</translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation>Использование: %1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 cannot be written: %2.</source>
        <translation>Запись в %1 невозможна: %2.</translation>
    </message>
    <message>
        <source>%1 could not be saved: %2.</source>
        <translation>Не удалось сохранить %1: %2.</translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln decision(s) to %1.</source>
        <translation>
            <numerusform>Экспортировано %Ln решение в %1.</numerusform>
            <numerusform>Экспортировано %Ln решения в %1.</numerusform>
            <numerusform>Экспортировано %Ln решений в %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReconcilerText</name>
    <message>
        <source>Stripe check failed %1: %2</source>
        <translation>Проверка в Stripe не удалась %1: %2</translation>
    </message>
    <message>
        <source>The reconciler&apos;s last pass failed at %1: %2
Until it is fixed where the reconciler runs (its key file or reconcile.env), Stripe&apos;s answers stop coming; &apos;journalctl --user -u refund-desk-reconcile&apos; there shows each pass.</source>
        <translation>Последний проход сверщика завершился ошибкой в %1: %2
Пока это не исправлено там, где работает сверщик (его файл ключа или reconcile.env), ответы Stripe не поступают; «journalctl --user -u refund-desk-reconcile» там показывает каждый проход.</translation>
    </message>
    <message>
        <source>Stripe last checked %1: the reconciler has not run since</source>
        <translation>Последняя проверка в Stripe %1: с тех пор сверщик не запускался</translation>
    </message>
    <message>
        <source>The reconciler&apos;s last pass ended at %1, and it runs every 5 minutes where it is set up: see &apos;systemctl --user status refund-desk-reconcile.timer&apos; on that machine.</source>
        <translation>Последний проход сверщика завершился в %1, а запускается он каждые 5 минут там, где настроен: см. «systemctl --user status refund-desk-reconcile.timer» на той машине.</translation>
    </message>
    <message>
        <source>Stripe checked %1</source>
        <translation>Проверено в Stripe %1</translation>
    </message>
    <message numerus="yes">
        <source>The reconciler&apos;s last pass ended at %1 and kept %n answer(s) from Stripe; the panels show what it stored.</source>
        <translation>
            <numerusform>Последний проход сверщика завершился в %1 и сохранил %n ответ Stripe; панели показывают то, что он сохранил.</numerusform>
            <numerusform>Последний проход сверщика завершился в %1 и сохранил %n ответа Stripe; панели показывают то, что он сохранил.</numerusform>
            <numerusform>Последний проход сверщика завершился в %1 и сохранил %n ответов Stripe; панели показывают то, что он сохранил.</numerusform>
        </translation>
    </message>
    <message>
        <source>Reconciler: no pass yet</source>
        <translation>Сверщик: ещё ни одного прохода</translation>
    </message>
    <message>
        <source>No reconciler pass has ended on this store, so Stripe is asked only when someone asks (Ctrl+K). One pass: &apos;refund-desk reconcile --db STORE&apos;; a pass every 5 minutes, on the machine that holds the Stripe key: &apos;systemctl --user enable --now refund-desk-reconcile.timer&apos; (see &apos;man refund-desk&apos;).</source>
        <translation>В этом хранилище ещё не завершился ни один проход сверщика, поэтому Stripe спрашивают, только когда кто-то спросит (Ctrl+K). Один проход: &apos;refund-desk reconcile --db STORE&apos;; проход каждые 5 минут, на машине, где хранится ключ Stripe: &apos;systemctl --user enable --now refund-desk-reconcile.timer&apos; (см. &apos;man refund-desk&apos;).</translation>
    </message>
</context>
<context>
    <name>RefundComparison</name>
    <message>
        <source>attempt %1</source>
        <translation>попытка %1</translation>
    </message>
    <message>
        <source>this operation, outside its attempts&apos; times</source>
        <translation>эта операция, вне времени её попыток</translation>
    </message>
    <message>
        <source>this operation, at an unknown time</source>
        <translation>эта операция, время неизвестно</translation>
    </message>
    <message>
        <source>another path, no operation id (the Dashboard or another tool?)</source>
        <translation>другой путь, без ID операции (Dashboard или другой инструмент?)</translation>
    </message>
    <message>
        <source>another path: operation %1, which this store does not hold</source>
        <translation>другой путь: операция %1, которой нет в этом хранилище</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message numerus="yes">
        <source>No refund is tied to this operation, but Stripe lists %n refund(s) of its payment that no operation of this store made. If one was this operation&apos;s, made by hand, pick it and record refunded; if the money went back for something else, record failed. Either needs the override and a note.</source>
        <translation>
            <numerusform>Ни один возврат не связан с этой операцией, но Stripe показывает %n возврат по её платежу, который не сделала ни одна операция этого хранилища. Если это возврат этой операции, сделанный вручную, выберите его и зафиксируйте «возвращено»; если деньги вернули за что-то другое, зафиксируйте «не выполнено». Оба варианта требуют отметки «вопреки доказательствам» и заметки.</numerusform>
            <numerusform>Ни один возврат не связан с этой операцией, но Stripe показывает %n возврата по её платежу, которые не сделала ни одна операция этого хранилища. Если один из них — возврат этой операции, сделанный вручную, выберите его и зафиксируйте «возвращено»; если деньги вернули за что-то другое, зафиксируйте «не выполнено». Оба варианта требуют отметки «вопреки доказательствам» и заметки.</numerusform>
            <numerusform>Ни один возврат не связан с этой операцией, но Stripe показывает %n возвратов по её платежу, которые не сделала ни одна операция этого хранилища. Если один из них — возврат этой операции, сделанный вручную, выберите его и зафиксируйте «возвращено»; если деньги вернули за что-то другое, зафиксируйте «не выполнено». Оба варианта требуют отметки «вопреки доказательствам» и заметки.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The operation&apos;s own refund and %n refund(s) made by another path took money from the same payment: the customer may have been refunded more than once. Pick the refund that is this operation&apos;s and record it with the override and a note; have the others looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>
            <numerusform>Собственный возврат операции и %n возврат, сделанный другим путём, списали деньги с одного платежа: клиенту, возможно, вернули деньги больше одного раза. Выберите возврат этой операции и зафиксируйте его с отметкой «вопреки доказательствам» и заметкой; остальные отдайте на проверку (Ctrl+Shift+K копирует обращение в поддержку Stripe).</numerusform>
            <numerusform>Собственный возврат операции и %n возврата, сделанные другим путём, списали деньги с одного платежа: клиенту, возможно, вернули деньги больше одного раза. Выберите возврат этой операции и зафиксируйте его с отметкой «вопреки доказательствам» и заметкой; остальные отдайте на проверку (Ctrl+Shift+K копирует обращение в поддержку Stripe).</numerusform>
            <numerusform>Собственный возврат операции и %n возвратов, сделанные другим путём, списали деньги с одного платежа: клиенту, возможно, вернули деньги больше одного раза. Выберите возврат этой операции и зафиксируйте его с отметкой «вопреки доказательствам» и заметкой; остальные отдайте на проверку (Ctrl+Shift+K копирует обращение в поддержку Stripe).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refunds are tied to this operation: the customer may have been refunded more than once. Pick the one that is the operation&apos;s and record it with the override and a note; have the others looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>
            <numerusform>С этой операцией связан %n возврат: клиенту, возможно, вернули деньги больше одного раза. Выберите возврат этой операции и зафиксируйте его с отметкой «вопреки доказательствам» и заметкой; остальные отдайте на проверку (Ctrl+Shift+K копирует обращение в поддержку Stripe).</numerusform>
            <numerusform>С этой операцией связаны %n возврата: клиенту, возможно, вернули деньги больше одного раза. Выберите возврат этой операции и зафиксируйте его с отметкой «вопреки доказательствам» и заметкой; остальные отдайте на проверку (Ctrl+Shift+K копирует обращение в поддержку Stripe).</numerusform>
            <numerusform>С этой операцией связаны %n возвратов: клиенту, возможно, вернули деньги больше одного раза. Выберите возврат этой операции и зафиксируйте его с отметкой «вопреки доказательствам» и заметкой; остальные отдайте на проверку (Ctrl+Shift+K копирует обращение в поддержку Stripe).</numerusform>
        </translation>
    </message>
    <message>
        <source>operation %1 of this store</source>
        <translation>операция %1 этого хранилища</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AskQueueFlow</name>
    <message>
        <source>&amp;Ask Stripe about operations without evidence…</source>
        <translation>Спросить &amp;Stripe об операциях без доказательств…</translation>
    </message>
    <message>
        <source>Ask Stripe, read-only, what became of the refund of every operation whose verdict is none, and keep each answer as a provider lookup.</source>
        <translation>Спросить Stripe (только чтение), что стало с возвратом каждой операции с вердиктом none, и сохранить каждый ответ как запрос к провайдеру.</translation>
    </message>
    <message>
        <source>Cannot ask Stripe</source>
        <translation>Не удаётся спросить Stripe</translation>
    </message>
    <message>
        <source>Asking Stripe about the operations without evidence…</source>
        <translation>Запрос к Stripe об операциях без доказательств…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Ask Stripe</source>
        <translation>Спросить Stripe</translation>
    </message>
    <message>
        <source>Asking Stripe</source>
        <translation>Запрос к Stripe</translation>
    </message>
    <message>
        <source>Stopping; the answers already complete are kept…</source>
        <translation>Остановка; уже полученные полные ответы сохраняются…</translation>
    </message>
    <message>
        <source>Asking Stripe: %1 of %2 operations answered…</source>
        <translation>Запрос к Stripe: получены ответы по %1 из %2 операций…</translation>
    </message>
    <message>
        <source>%1 operation(s) asked, %2 of them with a refund at Stripe; %3 request(s) sent. %4 operation(s) without evidence in the queue, %5 answered before.</source>
        <translation>Опрошено операций: %1, из них с возвратом в Stripe: %2; отправлено запросов: %3. Операций без доказательств в очереди: %4, отвеченных ранее: %5.</translation>
    </message>
    <message>
        <source>Cancelled: the answers complete so far are kept; ask again for the rest.</source>
        <translation>Отменено: полученные полные ответы сохранены; спросите снова, чтобы опросить остальные.</translation>
    </message>
    <message>
        <source>Stripe could not be asked about every operation</source>
        <translation>Не удалось спросить Stripe обо всех операциях</translation>
    </message>
    <message>
        <source>%1 settled by undelivered events (%2 new event(s) stored), %3 by listings or by id.</source>
        <translation>Выяснено по недоставленным событиям: %1 (новых событий сохранено: %2), по спискам возвратов или по id: %3.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AskStripeFlow</name>
    <message>
        <source>Asking Stripe about %1… %2</source>
        <translation>Спрашиваем Stripe об операции %1… %2</translation>
    </message>
    <message>
        <source>Ask &amp;Stripe</source>
        <translation>Спросить &amp;Stripe</translation>
    </message>
    <message>
        <source>Ask Stripe, read-only, what became of this operation&apos;s refund, and keep its answer</source>
        <translation>Спросить Stripe (только чтение), что стало с возвратом этой операции, и сохранить ответ</translation>
    </message>
    <message>
        <source>Ask Stripe what became of this refund (Ctrl+K)</source>
        <translation>Спросить Stripe, что стало с этим возвратом (Ctrl+K)</translation>
    </message>
    <message>
        <source>Ask Stripe about this operation</source>
        <translation>Спросить Stripe об этой операции</translation>
    </message>
    <message>
        <source>What Stripe answered</source>
        <translation>Что ответил Stripe</translation>
    </message>
    <message>
        <source>Stripe &amp;key…</source>
        <translation>&amp;Ключ Stripe…</translation>
    </message>
    <message>
        <source>Give or change this store&apos;s Stripe key, kept in the desktop&apos;s keyring, or forget it</source>
        <translation>Указать или сменить ключ Stripe для этого хранилища (хранится в связке ключей рабочего стола) или забыть его</translation>
    </message>
    <message>
        <source>Copy a c&amp;ase for Stripe support</source>
        <translation>Скопировать &amp;обращение в поддержку Stripe</translation>
    </message>
    <message>
        <source>Put the operation, its attempts with their Request-Ids, the refund ids and what Stripe answered on the clipboard, as plain text for Stripe&apos;s support</source>
        <translation>Скопировать в буфер обмена операцию, её попытки с их Request-Id, идентификаторы возвратов и ответы Stripe — простым текстом для поддержки Stripe</translation>
    </message>
    <message>
        <source>Asking Stripe about %1…</source>
        <translation>Спрашиваем Stripe об операции %1…</translation>
    </message>
    <message>
        <source>Copied a case for Stripe support about %1: paste it into your message to Stripe.</source>
        <translation>Обращение в поддержку Stripe об операции %1 скопировано: вставьте его в своё сообщение в Stripe.</translation>
    </message>
    <message>
        <source>The store is open for reading only, and Stripe&apos;s answer is kept in it: open it for writing to ask Stripe.</source>
        <translation>Хранилище открыто только для чтения, а ответ Stripe сохраняется в нём: откройте его для записи, чтобы спросить Stripe.</translation>
    </message>
    <message numerus="yes">
        <source>Stripe answered about %1: kept as lookup #%2 (%n request(s)).</source>
        <translation>
            <numerusform>Stripe ответил об операции %1: сохранено как запрос №%2 (%n обращение).</numerusform>
            <numerusform>Stripe ответил об операции %1: сохранено как запрос №%2 (%n обращения).</numerusform>
            <numerusform>Stripe ответил об операции %1: сохранено как запрос №%2 (%n обращений).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::AttemptTimelineView</name>
    <message>
        <source>Attempts: none recorded</source>
        <translation>Попытки: не записано ни одной</translation>
    </message>
    <message>
        <source>Attempts: 1, in %1, with the one key</source>
        <translation>Попытки: 1 (%1), с одним ключом</translation>
    </message>
    <message>
        <source>Attempts: %1, in %2, all with the one key</source>
        <translation>Попытки: %1 (%2), все с одним и тем же ключом</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Попытки</translation>
    </message>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n вызов инструмента</numerusform>
            <numerusform>%n вызова инструмента</numerusform>
            <numerusform>%n вызовов инструмента</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::AttemptsModel</name>
    <message>
        <source>no end recorded</source>
        <translation>время окончания не записано</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1
Provider said: %2</source>
        <translation>%1
Ответ провайдера: %2</translation>
    </message>
    <message>
        <source>#</source>
        <translation>№</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>Вызов инструмента</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Начало</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Длительность</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Request id</source>
        <translation>ID запроса</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditChainCheck</name>
    <message>
        <source>Open a store to see its audit log.</source>
        <translation>Откройте хранилище, чтобы увидеть его журнал аудита.</translation>
    </message>
    <message>
        <source>Broken at #%1: %2. The log was changed after it was written: decisions from #%1 on may not be as they were recorded. Keep this copy as it is and report it (hover for every problem found).</source>
        <translation>Цепочка нарушена на №%1: %2. Журнал изменили после записи: решения начиная с №%1 могут отличаться от того, как они были зафиксированы. Сохраните эту копию без изменений и сообщите о проблеме (все найденные проблемы — в подсказке).</translation>
    </message>
    <message>
        <source>Chain verified through #%1, but a store invariant is broken: %2 The decisions so far are as recorded, but the store no longer guards them as it should: report it (hover for every problem found).</source>
        <translation>Цепочка проверена до №%1, но нарушен инвариант хранилища: %2 Решения пока такие, какими их зафиксировали, но хранилище больше не защищает их как следует: сообщите о проблеме (все найденные проблемы — в подсказке).</translation>
    </message>
    <message>
        <source>Verified through #%1: %2 decisions, the chain is intact and the store&apos;s invariants hold.</source>
        <translation>Проверено до №%1: решений — %2, цепочка цела, инварианты хранилища соблюдены.</translation>
    </message>
    <message>
        <source>Head hash %1</source>
        <translation>Головной хеш %1</translation>
    </message>
    <message>
        <source>Cannot check the chain: %1</source>
        <translation>Не удаётся проверить цепочку: %1</translation>
    </message>
    <message>
        <source>Checking the audit chain… %1%</source>
        <translation>Проверка цепочки аудита… %1%</translation>
    </message>
    <message>
        <source>Checking the audit chain…</source>
        <translation>Проверка цепочки аудита…</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditEntryModel</name>
    <message>
        <source>(operation missing)</source>
        <translation>(операция не найдена)</translation>
    </message>
    <message>
        <source>override</source>
        <translation>вопреки</translation>
    </message>
    <message>
        <source>The operator recorded this outcome against the evidence.</source>
        <translation>Оператор зафиксировал этот результат вопреки доказательствам.</translation>
    </message>
    <message>
        <source>#</source>
        <translation>№</translation>
    </message>
    <message>
        <source>Recorded (local)</source>
        <translation>Записано (местное)</translation>
    </message>
    <message>
        <source>Recorded (UTC)</source>
        <translation>Записано (UTC)</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>Refund id</source>
        <translation>ID возврата</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Доказательство</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Примечание</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Оператор</translation>
    </message>
    <message>
        <source>Previous status</source>
        <translation>Прежний статус</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>Вопреки</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditFilterBar</name>
    <message>
        <source>Fro&amp;m</source>
        <translation>&amp;С</translation>
    </message>
    <message>
        <source>&amp;To</source>
        <translation>&amp;По</translation>
    </message>
    <message>
        <source>&amp;Overrides only</source>
        <translation>&amp;Только вопреки доказательствам</translation>
    </message>
    <message>
        <source>&amp;Newest first</source>
        <translation>Сначала &amp;новые</translation>
    </message>
    <message>
        <source>A day in local time; both ends are included.</source>
        <translation>День по местному времени; обе границы включаются.</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Все</translation>
    </message>
    <message>
        <source>Only the decisions of this operator</source>
        <translation>Только решения этого оператора</translation>
    </message>
    <message>
        <source>Any outcome</source>
        <translation>Любой результат</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Возвращено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Не выполнено</translation>
    </message>
    <message>
        <source>Only decisions recorded against the evidence</source>
        <translation>Только решения, принятые вопреки доказательствам</translation>
    </message>
    <message>
        <source>O&amp;perator</source>
        <translation>&amp;Оператор</translation>
    </message>
    <message>
        <source>O&amp;utcome</source>
        <translation>&amp;Итог</translation>
    </message>
    <message>
        <source>From day</source>
        <translation>С дня</translation>
    </message>
    <message>
        <source>To day</source>
        <translation>По день</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditIntegration</name>
    <message>
        <source>&amp;Audit log</source>
        <translation>&amp;Журнал аудита</translation>
    </message>
    <message>
        <source>Every decision with its evidence, the chain&apos;s state, totals and exports</source>
        <translation>Все решения с доказательствами, состояние цепочки, итоги и экспорт</translation>
    </message>
    <message>
        <source>&amp;Export audit log…</source>
        <translation>&amp;Экспорт журнала аудита…</translation>
    </message>
    <message>
        <source>Write the decisions to a CSV or JSON file</source>
        <translation>Записать решения в файл CSV или JSON</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditTotalsModel</name>
    <message>
        <source>Outcome</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Валюта</translation>
    </message>
    <message>
        <source>Resolutions</source>
        <translation>Решения</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditWindow</name>
    <message>
        <source>Audit log — Refund Desk</source>
        <translation>Журнал аудита — Refund Desk</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>&amp;Журнал</translation>
    </message>
    <message>
        <source>Unknown &amp;exposure</source>
        <translation>Незакрытый &amp;риск</translation>
    </message>
    <message>
        <source>Totals of the selected decisions by outcome and currency</source>
        <translation>Итоги выбранных решений по результату и валюте</translation>
    </message>
    <message>
        <source>Cannot read the audit log: %1</source>
        <translation>Не удаётся прочитать журнал аудита: %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Экспорт…</translation>
    </message>
    <message>
        <source>Write the selected decisions to a CSV or JSON file</source>
        <translation>Записать выбранные решения в файл CSV или JSON</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрыть</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Refresh and check the chain again</source>
        <translation>&amp;Обновить и заново проверить цепочку</translation>
    </message>
    <message>
        <source>The &amp;log</source>
        <translation>&amp;Журнал</translation>
    </message>
    <message>
        <source>The unknown &amp;exposure</source>
        <translation>Незакрытый &amp;риск</translation>
    </message>
    <message>
        <source>No store open</source>
        <translation>Хранилище не открыто</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1 (только чтение)</translation>
    </message>
    <message>
        <source>Counting…</source>
        <translation>Подсчёт…</translation>
    </message>
    <message>
        <source>Totals unavailable: %1</source>
        <translation>Итоги недоступны: %1</translation>
    </message>
    <message>
        <source>Cannot draw the exposure: %1</source>
        <translation>Не удаётся построить график риска: %1</translation>
    </message>
    <message>
        <source>Export the audit log</source>
        <translation>Экспорт журнала аудита</translation>
    </message>
    <message>
        <source>CSV, for spreadsheets (*.csv);;JSON (*.json)</source>
        <translation>CSV для электронных таблиц (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Exporting the audit log to %1…</source>
        <translation>Экспорт журнала аудита в %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Export cancelled; no file was written.</source>
        <translation>Экспорт отменён; файл не записан.</translation>
    </message>
    <message numerus="yes">
        <source>Showing the first %Ln matching decision(s). Narrow the filters, or export them all (File › Export…).</source>
        <translation>
            <numerusform>Показано первое %Ln подходящее решение. Сузьте фильтры или экспортируйте все (Файл › Экспорт…).</numerusform>
            <numerusform>Показаны первые %Ln подходящих решения. Сузьте фильтры или экспортируйте все (Файл › Экспорт…).</numerusform>
            <numerusform>Показаны первые %Ln подходящих решений. Сузьте фильтры или экспортируйте все (Файл › Экспорт…).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln decision(s) match</source>
        <translation>
            <numerusform>Подходит %Ln решение</numerusform>
            <numerusform>Подходят %Ln решения</numerusform>
            <numerusform>Подходит %Ln решений</numerusform>
        </translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>Решения</translation>
    </message>
    <message>
        <source>Audit views</source>
        <translation>Разделы аудита</translation>
    </message>
    <message>
        <source>Unknown exposure</source>
        <translation>Неизвестный риск</translation>
    </message>
</context>
<context>
    <name>RefundDesk::BatchFlow</name>
    <message>
        <source>Cannot read what the evidence settles</source>
        <translation>Не удаётся прочитать, что решают доказательства</translation>
    </message>
    <message>
        <source>Recording outcomes from evidence…</source>
        <translation>Запись результатов по доказательствам…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Record outcomes from evidence</source>
        <translation>Записать результаты по доказательствам</translation>
    </message>
    <message>
        <source>Stopping after the operation being written…</source>
        <translation>Остановка после операции, которая сейчас записывается…</translation>
    </message>
    <message>
        <source>Recorded %1 of %2…</source>
        <translation>Записано %1 из %2…</translation>
    </message>
</context>
<context>
    <name>RefundDesk::BatchReportDialog</name>
    <message>
        <source>Recorded %1 of %2 from their evidence; %3 skipped because they changed.</source>
        <translation>По доказательствам записано %1 из %2; пропущено %3, так как они изменились.</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %n operation(s) were not tried, and wait in the queue.</source>
        <translation>
            <numerusform>Отменено: %n операция не обработана и ждёт в очереди.</numerusform>
            <numerusform>Отменено: %n операции не обработаны и ждут в очереди.</numerusform>
            <numerusform>Отменено: %n операций не обработаны и ждут в очереди.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped, %n operation(s) not tried: %1</source>
        <translation>
            <numerusform>Остановлено, %n операция не обработана: %1</numerusform>
            <numerusform>Остановлено, %n операции не обработаны: %1</numerusform>
            <numerusform>Остановлено, %n операций не обработаны: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Заметка: %1</translation>
    </message>
    <message>
        <source>Outcomes recorded from evidence</source>
        <translation>Результаты, записанные по доказательствам</translation>
    </message>
    <message numerus="yes">
        <source>%n left out by the reviewer: not recorded, still in the queue.</source>
        <translation>
            <numerusform>%n исключена проверяющим: не записана, осталась в очереди.</numerusform>
            <numerusform>%n исключены проверяющим: не записаны, остались в очереди.</numerusform>
            <numerusform>%n исключено проверяющим: не записаны, остались в очереди.</numerusform>
        </translation>
    </message>
    <message>
        <source>What became of it</source>
        <translation>Что с ней стало</translation>
    </message>
    <message>
        <source>What became of each operation</source>
        <translation>Что стало с каждой операцией</translation>
    </message>
    <message>
        <source>&amp;Copy all</source>
        <translation>&amp;Копировать всё</translation>
    </message>
    <message>
        <source>The summary and the table, as tab-separated values for a spreadsheet or a ticket</source>
        <translation>Сводка и таблица, значения через табуляцию — для таблицы или заявки</translation>
    </message>
    <message>
        <source>recorded, decision #%1</source>
        <translation>записано, решение №%1</translation>
    </message>
    <message>
        <source>skipped: %1</source>
        <translation>пропущено: %1</translation>
    </message>
</context>
<context>
    <name>RefundDesk::BatchReviewDialog</name>
    <message>
        <source>Record outcomes from evidence</source>
        <translation>Записать результаты по доказательствам</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Почему</translation>
    </message>
    <message>
        <source>Why these are recorded together, for the audit log</source>
        <translation>Почему они записываются вместе — для журнала аудита</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>За&amp;метка:</translation>
    </message>
    <message>
        <source>Type %1 to &amp;confirm:</source>
        <translation>Введите %1 для &amp;подтверждения:</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Record %n outcome(s)</source>
        <translation>
            <numerusform>&amp;Записать %n результат</numerusform>
            <numerusform>&amp;Записать %n результата</numerusform>
            <numerusform>&amp;Записать %n результатов</numerusform>
        </translation>
    </message>
    <message>
        <source>Latest note</source>
        <translation>Последняя заметка</translation>
    </message>
    <message>
        <source>Operations to record</source>
        <translation>Операции к записи</translation>
    </message>
    <message>
        <source>Operations left out for a person</source>
        <translation>Операции, оставленные человеку</translation>
    </message>
    <message numerus="yes">
        <source>Left out for a person (%n)</source>
        <translation>
            <numerusform>Оставлена человеку (%n)</numerusform>
            <numerusform>Оставлены человеку (%n)</numerusform>
            <numerusform>Оставлено человеку (%n)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) will be recorded as their evidence says, each as its own decision with the evidence it rests on. One that changes before it is written is skipped.</source>
        <translation>
            <numerusform>%n операция будет записана так, как говорят её данные, отдельным решением со своим основанием. Если она изменится до записи, она будет пропущена.</numerusform>
            <numerusform>%n операции будут записаны так, как говорят их данные, каждая отдельным решением со своим основанием. Та, что изменится до записи, будет пропущена.</numerusform>
            <numerusform>%n операций будут записаны так, как говорят их данные, каждая отдельным решением со своим основанием. Та, что изменится до записи, будет пропущена.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unticked: left out by you, they stay in the queue.</source>
        <translation>
            <numerusform>%n снята: вы её исключили, она остаётся в очереди.</numerusform>
            <numerusform>%n сняты: вы их исключили, они остаются в очереди.</numerusform>
            <numerusform>%n снято: вы их исключили, они остаются в очереди.</numerusform>
        </translation>
    </message>
    <message>
        <source>To record (%1 of %2)</source>
        <translation>К записи (%1 из %2)</translation>
    </message>
    <message>
        <source>Waiting for an operation to record: tick one (Space).</source>
        <translation>Нужна хотя бы одна операция: отметьте её (Пробел).</translation>
    </message>
    <message>
        <source>Waiting for a note: write above why these are recorded together.</source>
        <translation>Нужна заметка: напишите выше, почему они записываются вместе.</translation>
    </message>
    <message>
        <source>Waiting for the count: type %1 above to confirm.</source>
        <translation>Нужно число: введите %1 выше для подтверждения.</translation>
    </message>
    <message numerus="yes">
        <source>The evidence settles none of these: %n operation(s) need a person, each for the reason shown beside it.</source>
        <translation>
            <numerusform>Доказательства не решают ни одной из них: %n операция требует человека, по причине, указанной рядом.</numerusform>
            <numerusform>Доказательства не решают ни одной из них: %n операции требуют человека, каждая по причине, указанной рядом.</numerusform>
            <numerusform>Доказательства не решают ни одной из них: %n операций требуют человека, каждая по причине, указанной рядом.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to record: decide each one in the window (Ctrl+R).</source>
        <translation>Записывать нечего: решите каждую в окне (Ctrl+R).</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ConsoleMenus</name>
    <message numerus="yes">
        <source>Selected %n operation(s) that the evidence settles.</source>
        <translation>
            <numerusform>Выбрана %n операция, которую решают доказательства.</numerusform>
            <numerusform>Выбраны %n операции, которые решают доказательства.</numerusform>
            <numerusform>Выбрано %n операций, которые решают доказательства.</numerusform>
        </translation>
    </message>
    <message>
        <source>Language: the system&apos;s (%1), now and at every start.</source>
        <translation>Язык: системный (%1) — сейчас и при каждом запуске.</translation>
    </message>
    <message>
        <source>Language: %1, now and at every start.</source>
        <translation>Язык: %1 — сейчас и при каждом запуске.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Open store…</source>
        <translation>&amp;Открыть хранилище…</translation>
    </message>
    <message>
        <source>Open &amp;demo store</source>
        <translation>Открыть &amp;демо-хранилище</translation>
    </message>
    <message>
        <source>Build a fresh simulated store and open it</source>
        <translation>Создать новое смоделированное хранилище и открыть его</translation>
    </message>
    <message>
        <source>&amp;Recent stores</source>
        <translation>&amp;Недавние хранилища</translation>
    </message>
    <message>
        <source>Change o&amp;perator name…</source>
        <translation>Сменить &amp;имя оператора…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;Queue</source>
        <translation>&amp;Очередь</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Найти…</translation>
    </message>
    <message>
        <source>Go to the &amp;list</source>
        <translation>К &amp;списку</translation>
    </message>
    <message>
        <source>Go to the &amp;evidence</source>
        <translation>К &amp;доказательствам</translation>
    </message>
    <message>
        <source>Search the &amp;payload</source>
        <translation>Искать в &amp;теле события</translation>
    </message>
    <message>
        <source>&amp;Refresh now</source>
        <translation>&amp;Обновить сейчас</translation>
    </message>
    <message>
        <source>&amp;Select all that the evidence settles</source>
        <translation>&amp;Выбрать все, что решают доказательства</translation>
    </message>
    <message>
        <source>&amp;Operation</source>
        <translation>О&amp;перация</translation>
    </message>
    <message>
        <source>Record &amp;outcomes from evidence…</source>
        <translation>Записать результаты по &amp;доказательствам…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Colours</source>
        <translation>&amp;Цвета</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;Системные</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>С&amp;ветлые</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Тёмные</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Сочетания клавиш</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>Record, each as its own decision, the outcomes the evidence settles for the selected operations (when none is selected, those the view lists), after a review</source>
        <translation>Записать после проверки, каждый отдельным решением, результаты, которые решают доказательства, для выбранных операций (если ничего не выбрано — для тех, что показаны в этом представлении)</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ConsoleStatusBar</name>
    <message>
        <source>Operator: not set (File › Change operator name…)</source>
        <translation>Оператор: не задан (Файл › Сменить имя оператора…)</translation>
    </message>
    <message>
        <source>Operator: %1 (your login name)</source>
        <translation>Оператор: %1 (ваш логин)</translation>
    </message>
    <message>
        <source>Operator: %1</source>
        <translation>Оператор: %1</translation>
    </message>
    <message>
        <source>No store open</source>
        <translation>Хранилище не открыто</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1 (только чтение)</translation>
    </message>
    <message>
        <source>Queue: %1</source>
        <translation>Очередь: %1</translation>
    </message>
    <message>
        <source>Live updates paused: %1</source>
        <translation>Обновления приостановлены: %1</translation>
    </message>
    <message>
        <source>Live (polling) · changed %1</source>
        <translation>Онлайн (опрос) · изменено %1</translation>
    </message>
    <message>
        <source>Live · changed %1</source>
        <translation>Онлайн · изменено %1</translation>
    </message>
    <message>
        <source>Live (polling)</source>
        <translation>Онлайн (опрос)</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Онлайн</translation>
    </message>
    <message>
        <source>Claims and decisions are recorded under this name. File › Change operator name… shows another one.</source>
        <translation>Взятия в работу и решения записываются под этим именем. Другое имя можно задать через Файл › Сменить имя оператора…</translation>
    </message>
    <message>
        <source>Oldest: %1, %2</source>
        <translation>Старейшая: %1, %2</translation>
    </message>
    <message>
        <source>Oldest operation in the queue</source>
        <translation>Старейшая операция в очереди</translation>
    </message>
    <message>
        <source>The operation of this view unknown the longest: %1, unknown since %2.</source>
        <translation>Операция этого представления, дольше всех остающаяся с неизвестным исходом: %1, исход неизвестен с %2.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ConsoleStripeKey</name>
    <message>
        <source>The Stripe key for this store is forgotten.</source>
        <translation>Ключ Stripe для этого хранилища забыт.</translation>
    </message>
    <message>
        <source>This is a secret key (sk_), which can also write; Refund Desk only reads, and a restricted read-only key (rk_) is the right one to give it.</source>
        <translation>Это секретный ключ (sk_), который может и записывать; Refund Desk только читает, и ему следует давать ограниченный ключ только для чтения (rk_).</translation>
    </message>
</context>
<context>
    <name>RefundDesk::DemoLauncher</name>
    <message>
        <source>Simulating the refund tool and the provider for %1 operations…</source>
        <translation>Моделирование инструмента возвратов и провайдера для %1 операций…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Building a demo store</source>
        <translation>Создание демо-хранилища</translation>
    </message>
</context>
<context>
    <name>RefundDesk::EncryptionLabel</name>
    <message>
        <source>Encrypted (%1)</source>
        <translation>Зашифровано (%1)</translation>
    </message>
    <message>
        <source>Not encrypted</source>
        <translation>Не зашифровано</translation>
    </message>
    <message>
        <source>The link to the server is encrypted and the server&apos;s answers cannot be read or changed on the way.</source>
        <translation>Связь с сервером зашифрована: ответы сервера нельзя прочитать или изменить по пути.</translation>
    </message>
    <message>
        <source>The link to the server crosses the network in plain text: anyone on the way can read the store&apos;s rows. Add sslmode=verify-full to the location.</source>
        <translation>Связь с сервером идёт по сети открытым текстом: любой на пути может прочитать строки хранилища. Добавьте в адрес sslmode=verify-full.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::EventsModel</name>
    <message>
        <source>(no type)</source>
        <translation>(без типа)</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>не читается</translation>
    </message>
    <message>
        <source>%1 (delivered %2×)</source>
        <translation>%1 (доставлено %2 раза)</translation>
    </message>
    <message>
        <source>This payload could not be read: %1</source>
        <translation>Не удалось прочитать содержимое: %1</translation>
    </message>
    <message>
        <source>Provider time %1; received %2</source>
        <translation>Время провайдера %1; получено %2</translation>
    </message>
    <message>
        <source>Failure reason: %1</source>
        <translation>Причина отказа: %1</translation>
    </message>
    <message>
        <source>The payload&apos;s metadata names this operation.</source>
        <translation>Эта операция указана в метаданных содержимого.</translation>
    </message>
    <message>
        <source>The request carried this operation&apos;s idempotency key.</source>
        <translation>Запрос был отправлен с ключом идемпотентности этой операции.</translation>
    </message>
    <message>
        <source>It is about a refund already tied to this operation.</source>
        <translation>Событие касается возврата, уже связанного с этой операцией.</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Событие</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Время</translation>
    </message>
    <message>
        <source>Refund id</source>
        <translation>ID возврата</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Matched by</source>
        <translation>Совпадение по</translation>
    </message>
    <message>
        <source>Event id</source>
        <translation>ID события</translation>
    </message>
</context>
<context>
    <name>RefundDesk::EvidenceView</name>
    <message>
        <source>Evidence: %1. %2</source>
        <translation>Доказательства: %1. %2</translation>
    </message>
    <message>
        <source>Webhook events: none received for this operation</source>
        <translation>События вебхуков: по этой операции не получено ни одного</translation>
    </message>
    <message>
        <source>Webhook events: %1</source>
        <translation>События вебхуков: %1</translation>
    </message>
    <message>
        <source>Evidence: select an operation.</source>
        <translation>Доказательства: выберите операцию.</translation>
    </message>
    <message>
        <source>Webhook events</source>
        <translation>События вебхуков</translation>
    </message>
    <message>
        <source>Payload of %1</source>
        <translation>Содержимое %1</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) could not be read (flagged below).</source>
        <translation>
            <numerusform>Не удалось прочитать %n событие (отмечено ниже).</numerusform>
            <numerusform>Не удалось прочитать %n события (отмечены ниже).</numerusform>
            <numerusform>Не удалось прочитать %n событий (отмечены ниже).</numerusform>
        </translation>
    </message>
    <message>
        <source>No webhook event names this operation. Ask Stripe (Ctrl+K) what became of it, or look the refund up in Stripe&apos;s Dashboard by the idempotency key.</source>
        <translation>Ни одно событие вебхука не называет эту операцию. Спросите Stripe (Ctrl+K), что с ней стало, или найдите возврат в панели Stripe по ключу идемпотентности.</translation>
    </message>
    <message>
        <source>No webhook event names this operation; the evidence above rests on Stripe&apos;s answer (lookup %1), and the History lists the requests it took.</source>
        <translation>Ни одно событие вебхука не называет эту операцию; доказательства выше основаны на ответе Stripe (запрос %1), а во вкладке «История» перечислены сделанные для него обращения.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ExposureChart</name>
    <message>
        <source>Amount in</source>
        <translation>Сумма в</translation>
    </message>
    <message>
        <source>Still unknown at the end of each day (UTC)</source>
        <translation>Ещё не известно на конец каждого дня (UTC)</translation>
    </message>
    <message>
        <source>Decisions recorded per day</source>
        <translation>Решения по дням</translation>
    </message>
    <message>
        <source>Nothing to draw: no operation has been unknown and no decision was recorded.</source>
        <translation>Нечего показать: ни одна операция не была в статусе «неизвестно», и ни одного решения не записано.</translation>
    </message>
    <message>
        <source>Operations unknown</source>
        <translation>Неизвестные операции</translation>
    </message>
    <message>
        <source>Amount unknown (%1)</source>
        <translation>Неизвестная сумма (%1)</translation>
    </message>
    <message>
        <source>operations</source>
        <translation>операции</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Возвращено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Не выполнено</translation>
    </message>
    <message numerus="yes">
        <source>Unknown now: %n operation(s).</source>
        <translation>
            <numerusform>Сейчас неизвестна %n операция.</numerusform>
            <numerusform>Сейчас неизвестны %n операции.</numerusform>
            <numerusform>Сейчас неизвестно %n операций.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Unknown now: %n operation(s), %1.</source>
        <translation>
            <numerusform>Сейчас неизвестна %n операция, %1.</numerusform>
            <numerusform>Сейчас неизвестны %n операции, %1.</numerusform>
            <numerusform>Сейчас неизвестно %n операций, %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Decisions recorded per day (the last %n day(s))</source>
        <translation>
            <numerusform>Решения по дням (за последний %n день)</numerusform>
            <numerusform>Решения по дням (за последние %n дня)</numerusform>
            <numerusform>Решения по дням (за последние %n дней)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::HistoryModel</name>
    <message>
        <source>refund tool</source>
        <translation>инструмент возвратов</translation>
    </message>
    <message>
        <source>Created; key committed before the first attempt</source>
        <translation>Создана; ключ сохранён до первой попытки</translation>
    </message>
    <message>
        <source>chat %1</source>
        <translation>чат %1</translation>
    </message>
    <message>
        <source>Claimed: checking with the provider</source>
        <translation>Взято в работу: проверка у провайдера</translation>
    </message>
    <message>
        <source>evidence: %1</source>
        <translation>доказательство: %1</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>примечание: %1</translation>
    </message>
    <message>
        <source>Recorded refunded (%1), was %2</source>
        <translation>Зафиксировано: возвращено (%1), было: %2</translation>
    </message>
    <message>
        <source>Recorded failed, was %1</source>
        <translation>Зафиксировано: не выполнено, было: %1</translation>
    </message>
    <message>
        <source>%1 — overrode the evidence</source>
        <translation>%1 — вопреки доказательствам</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Когда</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Кто</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Что</translation>
    </message>
    <message>
        <source>Evidence and note</source>
        <translation>Доказательство и примечание</translation>
    </message>
    <message>
        <source>Note; follow up on %1</source>
        <translation>Заметка; вернуться %1</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Заметка</translation>
    </message>
    <message>
        <source>refunds known by id</source>
        <translation>возвраты с известным id</translation>
    </message>
    <message>
        <source>Asked %1</source>
        <translation>Запрос к %1</translation>
    </message>
    <message>
        <source>%1 %2, %3</source>
        <translation>%1 %2, %3</translation>
    </message>
    <message>
        <source>%1 unknown to the provider</source>
        <translation>%1 неизвестен провайдеру</translation>
    </message>
    <message>
        <source>found: %1</source>
        <translation>найдено: %1</translation>
    </message>
    <message>
        <source>between %1 and %2</source>
        <translation>с %1 по %2</translation>
    </message>
    <message>
        <source>no refund for this operation created %1; the listing was complete</source>
        <translation>возвратов этой операции, созданных %1, нет; список получен полностью</translation>
    </message>
    <message>
        <source>refunds created %1: the listing did not finish</source>
        <translation>возвраты, созданные %1: список не получен до конца</translation>
    </message>
    <message>
        <source>%1 (operation %2&apos;s)</source>
        <translation>%1 (операции %2)</translation>
    </message>
    <message>
        <source>%1 (made by no operation of this store)</source>
        <translation>%1 (не сделан ни одной операцией этого хранилища)</translation>
    </message>
    <message>
        <source>by payment %1, read from %2</source>
        <translation>по платежу %1, взятому из: %2</translation>
    </message>
    <message>
        <source>%1: found %2</source>
        <translation>%1: найдено %2</translation>
    </message>
    <message>
        <source>%1: no refund of this payment; the listing was complete</source>
        <translation>%1: возвратов по этому платежу нет; список полный</translation>
    </message>
    <message>
        <source>%1: the listing did not finish</source>
        <translation>%1: список не дочитан</translation>
    </message>
    <message>
        <source>no payment was known, and asking by the window cannot see refunds made by another path</source>
        <translation>платёж не был известен, а запрос по окну не видит возвратов, сделанных другим путём</translation>
    </message>
</context>
<context>
    <name>RefundDesk::HistoryView</name>
    <message>
        <source>Decisions recorded</source>
        <translation>Записанные решения</translation>
    </message>
</context>
<context>
    <name>RefundDesk::JsonViewer</name>
    <message>
        <source>Search the payload</source>
        <translation>Поиск в JSON</translation>
    </message>
    <message>
        <source>%1 — not valid JSON, shown as delivered</source>
        <translation>%1 — некорректный JSON, показано как доставлено</translation>
    </message>
    <message>
        <source>Select an event to see its payload.</source>
        <translation>Выберите событие, чтобы увидеть его содержимое.</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n совпадение</numerusform>
            <numerusform>%n совпадения</numerusform>
            <numerusform>%n совпадений</numerusform>
        </translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>Содержимое</translation>
    </message>
</context>
<context>
    <name>RefundDesk::LanguageMenu</name>
    <message>
        <source>&amp;System language (%1)</source>
        <translation>&amp;Системный язык (%1)</translation>
    </message>
</context>
<context>
    <name>RefundDesk::LiveText</name>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
</context>
<context>
    <name>RefundDesk::LookupSourceLabel</name>
    <message>
        <source>Who asked Stripe</source>
        <translation>Кто спросил Stripe</translation>
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
        <translation>Не удаётся прочитать очередь</translation>
    </message>
    <message>
        <source>Cannot open the store</source>
        <translation>Не удаётся открыть хранилище</translation>
    </message>
    <message>
        <source>%1

File: %2</source>
        <translation>%1

Файл: %2</translation>
    </message>
    <message>
        <source>%1 — Refund Desk</source>
        <translation>%1 — Refund Desk</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Подключение к %1…</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Открытие %1…</translation>
    </message>
</context>
<context>
    <name>RefundDesk::NoteDialog</name>
    <message>
        <source>Add a note to %1</source>
        <translation>Заметка к %1</translation>
    </message>
    <message>
        <source>What did you find or ask? The note stays with %1 for whoever looks at it next, signed %2. It decides nothing, and it cannot be changed later.</source>
        <translation>Что вы выяснили или спросили? Заметка останется при %1 для того, кто посмотрит следующим, с подписью %2. Она ничего не решает, и изменить её потом нельзя.</translation>
    </message>
    <message>
        <source>e.g. Asked Stripe support, case 12345; they answer within two days</source>
        <translation>например: Спросили поддержку Stripe, обращение 12345; ответят в течение двух дней</translation>
    </message>
    <message>
        <source>&amp;Follow up on</source>
        <translation>&amp;Вернуться</translation>
    </message>
    <message>
        <source>&amp;Add note</source>
        <translation>&amp;Добавить заметку</translation>
    </message>
    <message>
        <source>Writing the note…</source>
        <translation>Заметка записывается…</translation>
    </message>
    <message>
        <source>Nothing can write the note here.</source>
        <translation>Здесь заметку записать нечем.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperationActions</name>
    <message>
        <source>&amp;Claim</source>
        <translation>&amp;Взять в работу</translation>
    </message>
    <message>
        <source>Take this operation: others see that you are checking it</source>
        <translation>Взять эту операцию: остальные увидят, что её проверяете вы</translation>
    </message>
    <message>
        <source>R&amp;elease</source>
        <translation>Вер&amp;нуть в очередь</translation>
    </message>
    <message>
        <source>Give the operation back to the queue unresolved</source>
        <translation>Вернуть операцию в очередь нерешённой</translation>
    </message>
    <message>
        <source>&amp;Take over…</source>
        <translation>&amp;Перехватить…</translation>
    </message>
    <message>
        <source>Take the operation from the colleague who claimed it</source>
        <translation>Забрать операцию у коллеги, который взял её в работу</translation>
    </message>
    <message>
        <source>&amp;Record outcome…</source>
        <translation>&amp;Зафиксировать результат…</translation>
    </message>
    <message>
        <source>Record the outcome the provider confirmed</source>
        <translation>Зафиксировать результат, подтверждённый провайдером</translation>
    </message>
    <message>
        <source>Copy reply for the c&amp;ustomer</source>
        <translation>&amp;Скопировать ответ клиенту</translation>
    </message>
    <message>
        <source>Copy a truthful reply for the customer&apos;s chat</source>
        <translation>Скопировать правдивый ответ для чата с клиентом</translation>
    </message>
    <message>
        <source>Add &amp;note…</source>
        <translation>Добавить за&amp;метку…</translation>
    </message>
    <message>
        <source>Note what you found or asked, for whoever looks next, without deciding the operation</source>
        <translation>Записать, что вы выяснили или спросили, для того, кто посмотрит следующим, не решая операцию</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperationHeader</name>
    <message>
        <source>The one idempotency key of this operation. Refund Desk never issues a new one.</source>
        <translation>Единственный ключ идемпотентности этой операции. Refund Desk никогда не выдаёт новый.</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>Копировать ключ</translation>
    </message>
    <message>
        <source>Copy the idempotency key to the clipboard</source>
        <translation>Скопировать ключ идемпотентности в буфер обмена</translation>
    </message>
    <message>
        <source>Idempotency &amp;key:</source>
        <translation>&amp;Ключ идемпотентности:</translation>
    </message>
    <message>
        <source>%1 · order %2 · %3</source>
        <translation>%1 · заказ %2 · %3</translation>
    </message>
    <message>
        <source>CHECKING — %1 since %2</source>
        <translation>НА ПРОВЕРКЕ — %1 с %2</translation>
    </message>
    <message>
        <source>CHECKING — %1</source>
        <translation>НА ПРОВЕРКЕ — %1</translation>
    </message>
    <message>
        <source>key window: %1</source>
        <translation>срок ключа: %1</translation>
    </message>
    <message>
        <source>key window: closed (the provider may have forgotten the key)</source>
        <translation>срок ключа: истёк (провайдер мог забыть ключ)</translation>
    </message>
    <message>
        <source>Created %1 (%2 ago)</source>
        <translation>Создана %1 (%2 назад)</translation>
    </message>
    <message>
        <source>chat %1</source>
        <translation>чат %1</translation>
    </message>
    <message>
        <source>Created %1; the provider keeps the key until about %2</source>
        <translation>Создана %1; провайдер хранит ключ примерно до %2</translation>
    </message>
    <message>
        <source>No operation selected</source>
        <translation>Операция не выбрана</translation>
    </message>
    <message>
        <source>Pick an operation in the queue to see what happened to it.</source>
        <translation>Выберите операцию в очереди, чтобы увидеть, что с ней произошло.</translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s)</source>
        <translation>
            <numerusform>%n попытка</numerusform>
            <numerusform>%n попытки</numerusform>
            <numerusform>%n попыток</numerusform>
        </translation>
    </message>
    <message>
        <source>Latest note, %1 at %2: %3</source>
        <comment>who, when, the note&apos;s first line</comment>
        <translation>Последняя заметка, %1 в %2: %3</translation>
    </message>
    <message>
        <source>follow-up on %1</source>
        <translation>напоминание на %1</translation>
    </message>
    <message>
        <source>payment %1</source>
        <translation>платёж %1</translation>
    </message>
    <message>
        <source>payment %1 (from %2)</source>
        <translation>платёж %1 (из: %2)</translation>
    </message>
    <message>
        <source>no payment known</source>
        <translation>платёж неизвестен</translation>
    </message>
    <message>
        <source>No payment is known for this operation: Ask Stripe lists the refunds created in its attempts&apos; window, which cannot see refunds made by another path (the Dashboard, another tool).</source>
        <translation>Платёж этой операции неизвестен: «Спросить Stripe» перечисляет возвраты, созданные в окне её попыток, и не видит возвратов, сделанных другим путём (Dashboard, другой инструмент).</translation>
    </message>
    <message>
        <source>Refund %1</source>
        <translation>Возврат %1</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperationPanel</name>
    <message>
        <source>Payload</source>
        <translation>Содержимое</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>History</source>
        <translation>История</translation>
    </message>
    <message>
        <source>Order (%1 more)</source>
        <translation>Заказ (ещё %1)</translation>
    </message>
    <message>
        <source>History (%1 decided)</source>
        <translation>История (решено: %1)</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Загрузка %1…</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Подробности</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperationWrites</name>
    <message>
        <source>%1 — waiting for the store</source>
        <translation>%1 — ожидание хранилища</translation>
    </message>
    <message>
        <source>%1 is still being written. Wait for it to finish.</source>
        <translation>%1 ещё записывается. Дождитесь окончания.</translation>
    </message>
    <message>
        <source>Taking over %1</source>
        <translation>Перехват %1</translation>
    </message>
    <message>
        <source>Claiming %1</source>
        <translation>Взятие в работу %1</translation>
    </message>
    <message>
        <source>Cannot take over</source>
        <translation>Не удаётся перехватить</translation>
    </message>
    <message>
        <source>Cannot claim</source>
        <translation>Не удаётся взять в работу</translation>
    </message>
    <message>
        <source>You are checking %1.</source>
        <translation>Вы проверяете %1.</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>неизвестное время</translation>
    </message>
    <message>
        <source>Take over %1?</source>
        <translation>Перехватить %1?</translation>
    </message>
    <message>
        <source>%1 claimed %2 at %3 and may be talking to the provider right now.

Take it over only if they handed it to you. They will see it claimed by you.</source>
        <translation>%1 взял(а) %2 в работу (%3) и, возможно, прямо сейчас общается с провайдером.

Перехватывайте, только если вам это передали. Коллега увидит, что операция теперь у вас.</translation>
    </message>
    <message>
        <source>Take over</source>
        <translation>Перехватить</translation>
    </message>
    <message>
        <source>Releasing %1</source>
        <translation>Возврат в очередь %1</translation>
    </message>
    <message>
        <source>Cannot release</source>
        <translation>Не удаётся вернуть в очередь</translation>
    </message>
    <message>
        <source>%1 is back in the queue.</source>
        <translation>%1 снова в очереди.</translation>
    </message>
    <message>
        <source>The store was closed. Open it again and record the outcome there.</source>
        <translation>Хранилище было закрыто. Откройте его снова и зафиксируйте результат там.</translation>
    </message>
    <message>
        <source>Recording the outcome of %1</source>
        <translation>Фиксация результата %1</translation>
    </message>
    <message>
        <source>%1 is still being written. Wait for it to finish, then record the outcome again.</source>
        <translation>%1 ещё записывается. Дождитесь окончания и зафиксируйте результат ещё раз.</translation>
    </message>
    <message>
        <source>Recorded: %1. No new key was issued.</source>
        <translation>Записано: %1. Новый ключ не выдавался.</translation>
    </message>
    <message>
        <source>Someone else changed this operation</source>
        <translation>Кто-то другой изменил эту операцию</translation>
    </message>
    <message>
        <source>%1

The window now shows its current state.</source>
        <translation>%1

Теперь в окне показано её текущее состояние.</translation>
    </message>
    <message>
        <source>The store was closed. Open it again and add the note there.</source>
        <translation>Хранилище закрыто. Откройте его снова и добавьте заметку там.</translation>
    </message>
    <message>
        <source>Adding a note to %1</source>
        <translation>Добавление заметки к %1</translation>
    </message>
    <message>
        <source>%1 is still being written. Wait for it to finish, then add the note again.</source>
        <translation>%1 ещё записывается. Дождитесь окончания и добавьте заметку снова.</translation>
    </message>
    <message>
        <source>Note added. Nothing was decided.</source>
        <translation>Заметка добавлена. Ничего не решено.</translation>
    </message>
    <message>
        <source>Copied for the customer: %1</source>
        <translation>Скопировано для клиента: %1</translation>
    </message>
    <message>
        <source>Cannot upgrade the store</source>
        <translation>Не удаётся обновить хранилище</translation>
    </message>
    <message>
        <source>Upgrading the store to schema version 3</source>
        <translation>Обновление хранилища до версии схемы 3</translation>
    </message>
    <message>
        <source>Upgraded to schema version 3: notes can be added now, and each operation&apos;s payment kept.</source>
        <translation>Обновлено до версии схемы 3: теперь можно добавлять заметки и хранить платёж каждой операции.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperatorIdentity</name>
    <message>
        <source>Who is at the desk?</source>
        <translation>Кто за пультом?</translation>
    </message>
    <message>
        <source>Your name as it will appear on every claim and decision you record:</source>
        <translation>Ваше имя в том виде, в каком оно будет стоять в каждой записи о взятии в работу и каждом решении:</translation>
    </message>
    <message>
        <source>Use this name</source>
        <translation>Использовать это имя</translation>
    </message>
    <message>
        <source>The name cannot be empty. Your name as it will appear on every claim and decision you record:</source>
        <translation>Имя не может быть пустым. Ваше имя в том виде, в каком оно будет стоять в каждой записи о взятии в работу и каждом решении:</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OrderContextView</name>
    <message>
        <source>no other refund operations</source>
        <translation>других операций возврата нет</translation>
    </message>
    <message>
        <source>Order %1: %2. Refunded so far: %3.</source>
        <translation>Заказ %1: %2. Уже возвращено: %3.</translation>
    </message>
    <message>
        <source>The order&apos;s operations appear here.</source>
        <translation>Здесь появятся операции этого заказа.</translation>
    </message>
    <message numerus="yes">
        <source>%n other refund operation(s)</source>
        <translation>
            <numerusform>ещё %n операция возврата</numerusform>
            <numerusform>ещё %n операции возврата</numerusform>
            <numerusform>ещё %n операций возврата</numerusform>
        </translation>
    </message>
    <message>
        <source>The order&apos;s refund operations</source>
        <translation>Операции возврата по заказу</translation>
    </message>
</context>
<context>
    <name>RefundDesk::OrderOperationsModel</name>
    <message>
        <source>nothing</source>
        <translation>ничего</translation>
    </message>
    <message>
        <source>%1 (this one)</source>
        <translation>%1 (эта)</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Refund id</source>
        <translation>ID возврата</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Обновлено</translation>
    </message>
</context>
<context>
    <name>RefundDesk::PanelReader</name>
    <message>
        <source>Open a store to see the operations that need a person: File › Open store… (Ctrl+O) or File › Open demo store.</source>
        <translation>Откройте хранилище, чтобы увидеть операции, которым нужен человек: Файл › Открыть хранилище… (Ctrl+O) или Файл › Открыть демо-хранилище.</translation>
    </message>
    <message>
        <source>Pick an operation in the queue (Ctrl+1, then the arrow keys).</source>
        <translation>Выберите операцию в очереди (Ctrl+1, затем клавиши со стрелками).</translation>
    </message>
    <message>
        <source>%1 is not in this view of the queue. Pick an operation in the queue (Ctrl+1), or change the search or the view to see %1 again.</source>
        <translation>%1 нет в этом представлении очереди. Выберите операцию в очереди (Ctrl+1) или измените поиск или представление, чтобы снова увидеть %1.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::QueueFilterBar</name>
    <message>
        <source>Find an id… (Ctrl+F)</source>
        <translation>Найти по ID… (Ctrl+F)</translation>
    </message>
    <message>
        <source>Matches within operation id, order id, idempotency key, refund id and conversation id</source>
        <translation>Ищет в ID операции, ID заказа, ключе идемпотентности, ID возврата и ID чата</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>Любой вердикт</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Возвращено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Не выполнено</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>В ожидании</translation>
    </message>
    <message>
        <source>Conflict</source>
        <translation>Конфликт</translation>
    </message>
    <message>
        <source>No evidence</source>
        <translation>Нет доказательств</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Пок&amp;азать:</translation>
    </message>
    <message>
        <source>Ver&amp;dict:</source>
        <translation>Верд&amp;икт:</translation>
    </message>
    <message>
        <source>Find an operation</source>
        <translation>Найти операцию</translation>
    </message>
    <message>
        <source>Not found at Stripe</source>
        <translation>Не найдено в Stripe</translation>
    </message>
    <message>
        <source>What the provider&apos;s events and lookups show</source>
        <translation>Что показывают события провайдера и запросы к нему</translation>
    </message>
    <message>
        <source>Which operations to list, with how many each view holds</source>
        <translation>Какие операции показать и сколько их в каждом представлении</translation>
    </message>
    <message>
        <source>Needs a person now</source>
        <translation>Нужен человек сейчас</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>Мои</translation>
    </message>
    <message>
        <source>Free (nobody on it)</source>
        <translation>Свободные (никто не занят)</translation>
    </message>
    <message>
        <source>Waiting for a follow-up</source>
        <translation>Ждут повторной проверки</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Все</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>Views of the queue</source>
        <translation>Представления очереди</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>Вердикты</translation>
    </message>
    <message>
        <source>Ready to record from evidence</source>
        <translation>Готовы к записи по данным</translation>
    </message>
    <message>
        <source> (at least %1)</source>
        <translation> (не меньше %1)</translation>
    </message>
    <message>
        <source>Refund by another path</source>
        <translation>Возврат другим путём</translation>
    </message>
    <message>
        <source>Needs a person now, colleagues&apos; claims too</source>
        <translation>Нужен человек, с коллегами</translation>
    </message>
</context>
<context>
    <name>RefundDesk::QueueModel</name>
    <message>
        <source>The provider keeps the idempotency key until about %1.</source>
        <translation>Провайдер хранит ключ идемпотентности примерно до %1.</translation>
    </message>
    <message>
        <source>Claimed %1</source>
        <translation>Взята в работу %1</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Tries</source>
        <translation>Попытки</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Возраст</translation>
    </message>
    <message>
        <source>Key window</source>
        <translation>Срок ключа</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Вердикт</translation>
    </message>
    <message>
        <source>Claimed by</source>
        <translation>Проверяет</translation>
    </message>
    <message>
        <source>Attempts sent to the provider under this operation&apos;s one key</source>
        <translation>Попытки, отправленные провайдеру с единственным ключом этой операции</translation>
    </message>
    <message>
        <source>Time left until the provider forgets the idempotency key</source>
        <translation>Сколько осталось до того, как провайдер забудет ключ идемпотентности</translation>
    </message>
    <message>
        <source>What the provider&apos;s webhook events show (not sortable)</source>
        <translation>Что показывают события вебхуков провайдера (без сортировки)</translation>
    </message>
    <message>
        <source>order %1</source>
        <translation>заказ %1</translation>
    </message>
    <message>
        <source>verdict %1</source>
        <translation>вердикт %1</translation>
    </message>
    <message numerus="yes">
        <source>%n try(s)</source>
        <translation>
            <numerusform>%n попытка</numerusform>
            <numerusform>%n попытки</numerusform>
            <numerusform>%n попыток</numerusform>
        </translation>
    </message>
    <message>
        <source>key window %1 left</source>
        <translation>окно ключа: осталось %1</translation>
    </message>
    <message>
        <source>key window closed</source>
        <translation>окно ключа закрыто</translation>
    </message>
    <message>
        <source>claimed by %1</source>
        <translation>взял в работу %1</translation>
    </message>
    <message>
        <source>Waiting until %1 — %2</source>
        <comment>a follow-up day, then the first line of the note that set it</comment>
        <translation>Ждёт до %1 — %2</translation>
    </message>
    <message>
        <source>Follow-up</source>
        <translation>Напоминание</translation>
    </message>
    <message>
        <source>The day a note asked to look again, and the note&apos;s first line; the operation needs a person again on that day (not sortable)</source>
        <translation>День, когда заметка просит вернуться к операции, и первая строка заметки; в этот день операция снова требует человека (не сортируется)</translation>
    </message>
    <message>
        <source>%1 · overdue</source>
        <comment>an age past the store&apos;s target</comment>
        <translation>%1 · просрочено</translation>
    </message>
    <message>
        <source>Unknown since %1; created %2</source>
        <translation>Исход неизвестен с %1; создана %2</translation>
    </message>
    <message numerus="yes">
        <source>Overdue: unknown for longer than the store&apos;s target of %n hour(s).</source>
        <translation>
            <numerusform>Просрочено: исход неизвестен дольше, чем цель хранилища: %n час.</numerusform>
            <numerusform>Просрочено: исход неизвестен дольше, чем цель хранилища: %n часа.</numerusform>
            <numerusform>Просрочено: исход неизвестен дольше, чем цель хранилища: %n часов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time since the operation became unknown (its last attempt ended); a warning icon marks it overdue past the store&apos;s target of %n hour(s)</source>
        <translation>
            <numerusform>Время с момента, когда исход операции стал неизвестен (закончилась её последняя попытка); значок предупреждения отмечает просроченные после цели хранилища в %n час</numerusform>
            <numerusform>Время с момента, когда исход операции стал неизвестен (закончилась её последняя попытка); значок предупреждения отмечает просроченные после цели хранилища в %n часа</numerusform>
            <numerusform>Время с момента, когда исход операции стал неизвестен (закончилась её последняя попытка); значок предупреждения отмечает просроченные после цели хранилища в %n часов</numerusform>
        </translation>
    </message>
    <message>
        <source>Note: %1</source>
        <comment>the first line of an operation&apos;s latest note</comment>
        <translation>Заметка: %1</translation>
    </message>
    <message>
        <source>The key window closed about %1: the provider may have forgotten the idempotency key.</source>
        <translation>Окно ключа закрылось около %1: провайдер мог забыть ключ идемпотентности.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::QueuePane</name>
    <message>
        <source>No store is open. File › Open store… (Ctrl+O)</source>
        <translation>Хранилище не открыто. Файл › Открыть хранилище… (Ctrl+O)</translation>
    </message>
    <message>
        <source>Nothing needs a person right now.</source>
        <translation>Сейчас ничего не требует участия человека.</translation>
    </message>
    <message>
        <source>No operation matches the filter.</source>
        <translation>Ни одна операция не подходит под фильтр.</translation>
    </message>
    <message>
        <source>%1 shown, more below</source>
        <translation>показано %1, ниже есть ещё</translation>
    </message>
    <message numerus="yes">
        <source>%Ln operation(s)</source>
        <translation>
            <numerusform>%Ln операция</numerusform>
            <numerusform>%Ln операции</numerusform>
            <numerusform>%Ln операций</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the queue…</source>
        <translation>Чтение очереди…</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Очередь</translation>
    </message>
    <message>
        <source>The operations that need a person. The arrow keys show one in the panel.</source>
        <translation>Операции, которым нужен человек. Стрелки показывают операцию на панели.</translation>
    </message>
    <message>
        <source>Click a column to sort (oldest first when none is chosen); drag it to move it</source>
        <translation>Щёлкните по столбцу, чтобы отсортировать (если не выбран — сначала старые); перетащите его, чтобы переместить</translation>
    </message>
</context>
<context>
    <name>RefundDesk::RecentStores</name>
    <message>
        <source>No recent stores</source>
        <translation>Недавних хранилищ нет</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>Очистить список</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ReconcilerLabel</name>
    <message>
        <source>Reconciler</source>
        <translation>Сверщик</translation>
    </message>
</context>
<context>
    <name>RefundDesk::RefundComparisonModel</name>
    <message>
        <source>no status</source>
        <translation>без статуса</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>%1 (per %2)</source>
        <translation>%1 (по данным: %2)</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Возврат</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Создан</translation>
    </message>
    <message>
        <source>Made by</source>
        <translation>Кем сделан</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Метаданные</translation>
    </message>
</context>
<context>
    <name>RefundDesk::RefundComparisonView</name>
    <message>
        <source>Refunds Stripe stated, side by side</source>
        <translation>Возвраты по данным Stripe, рядом друг с другом</translation>
    </message>
    <message>
        <source>The operation&apos;s own refunds first, then its payment&apos;s others. Ctrl+C copies them.</source>
        <translation>Сначала собственные возвраты операции, затем остальные возвраты её платежа. Ctrl+C копирует их.</translation>
    </message>
    <message>
        <source>&amp;Use as this operation&apos;s refund</source>
        <translation>&amp;Считать возвратом этой операции</translation>
    </message>
    <message>
        <source>Use the selected refund as this operation&apos;s refund</source>
        <translation>Считать выбранный возврат возвратом этой операции</translation>
    </message>
    <message>
        <source>Pick the refund that is this operation&apos;s and use it; choose failed if none of them is.</source>
        <translation>Выберите возврат этой операции и примените его; если ни один из них не её, выберите «не выполнено».</translation>
    </message>
    <message>
        <source>Failed records that none of these refunds (%1) is this operation&apos;s: have them looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>«Не выполнено» фиксирует, что ни один из этих возвратов (%1) не принадлежит этой операции: отдайте их на проверку (Ctrl+Shift+K копирует обращение в поддержку Stripe).</translation>
    </message>
    <message numerus="yes">
        <source>%n other refund(s) of this payment (%1) stay unexplained: have them looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>
            <numerusform>%n другой возврат по этому платежу (%1) остаётся необъяснённым: отдайте его на проверку (Ctrl+Shift+K копирует обращение в поддержку Stripe).</numerusform>
            <numerusform>%n других возврата по этому платежу (%1) остаются необъяснёнными: отдайте их на проверку (Ctrl+Shift+K копирует обращение в поддержку Stripe).</numerusform>
            <numerusform>%n других возвратов по этому платежу (%1) остаются необъяснёнными: отдайте их на проверку (Ctrl+Shift+K копирует обращение в поддержку Stripe).</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not among the refunds Stripe stated for this operation and its payment: check it in the Dashboard before you record it.</source>
        <translation>%1 нет среди возвратов, которые Stripe показал для этой операции и её платежа: проверьте его в Dashboard, прежде чем фиксировать.</translation>
    </message>
    <message>
        <source>%1 (%2, %3) is recorded as this operation&apos;s refund.</source>
        <translation>%1 (%2, %3) будет зафиксирован как возврат этой операции.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ReleaseClaimsDialog</name>
    <message>
        <source>Release your claims before you leave?</source>
        <translation>Вернуть ваши операции в очередь перед уходом?</translation>
    </message>
    <message>
        <source>You still hold these operations in this store, and nobody else can record their outcomes while you do. Release them for the next shift, with a note for whoever takes each over if you like, or keep them.</source>
        <translation>Вы всё ещё держите в работе эти операции в этом хранилище, и пока это так, никто другой не может зафиксировать их результат. Верните их в очередь для следующей смены (при желании — с заметкой для того, кто возьмёт каждую в работу) или оставьте за собой.</translation>
    </message>
    <message>
        <source>You still hold these operations in this store, and nobody else can record their outcomes while you do. Release them for the next shift, or keep them.</source>
        <translation>Вы всё ещё держите в работе эти операции в этом хранилище, и пока это так, никто другой не может зафиксировать их результат. Верните их в очередь для следующей смены или оставьте за собой.</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Claimed since</source>
        <translation>В работе с</translation>
    </message>
    <message>
        <source>Note for whoever takes it next</source>
        <translation>Заметка для того, кто возьмёт следующим</translation>
    </message>
    <message>
        <source>Note on %1</source>
        <translation>Заметка к %1</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>необязательно</translation>
    </message>
    <message>
        <source>&amp;Note on every operation without its own:</source>
        <translation>&amp;Заметка ко всем операциям без своей:</translation>
    </message>
    <message>
        <source>Note on every operation without its own</source>
        <translation>Заметка ко всем операциям без своей</translation>
    </message>
    <message>
        <source>e.g. Asked Stripe support; they answer within two days</source>
        <translation>например: Спросили поддержку Stripe; ответят в течение двух дней</translation>
    </message>
    <message>
        <source>&amp;Release and close</source>
        <translation>&amp;Вернуть в очередь и закрыть</translation>
    </message>
    <message>
        <source>&amp;Keep claims and close</source>
        <translation>&amp;Оставить за собой и закрыть</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ResolveDialog</name>
    <message>
        <source>&amp;Refunded — the money went back to the customer</source>
        <translation>&amp;Возвращено — деньги вернулись клиенту</translation>
    </message>
    <message>
        <source>&amp;Failed — no money moved</source>
        <translation>&amp;Отказ — деньги не переводились</translation>
    </message>
    <message>
        <source>O&amp;verride the evidence: I confirmed this outcome with the provider</source>
        <translation>&amp;Записать вопреки доказательствам: я подтвердил(а) этот результат у провайдера</translation>
    </message>
    <message>
        <source>Record outcome of %1</source>
        <translation>Результат операции %1</translation>
    </message>
    <message>
        <source>%1 · order %2 · %3. Evidence: %4. %5</source>
        <translation>%1 · заказ %2 · %3. Доказательства: %4. %5</translation>
    </message>
    <message>
        <source>re_… as the provider shows it</source>
        <translation>re_… — как показывает провайдер</translation>
    </message>
    <message>
        <source>Webhook event %1 (%2: %3 %4)</source>
        <translation>Событие вебхука %1 (%2: %3 %4)</translation>
    </message>
    <message>
        <source>Webhook event %1 (%2)</source>
        <translation>Событие вебхука %1 (%2)</translation>
    </message>
    <message>
        <source>Provider dashboard</source>
        <translation>Личный кабинет провайдера</translation>
    </message>
    <message>
        <source>Provider support (give the case reference)</source>
        <translation>Поддержка провайдера (укажите номер обращения)</translation>
    </message>
    <message>
        <source>case reference</source>
        <translation>номер обращения</translation>
    </message>
    <message>
        <source>What you checked (required when overriding the evidence)</source>
        <translation>Что вы проверили (обязательно, если результат вопреки доказательствам)</translation>
    </message>
    <message>
        <source>Outcome:</source>
        <translation>Результат:</translation>
    </message>
    <message>
        <source>Refund &amp;id:</source>
        <translation>&amp;ID возврата:</translation>
    </message>
    <message>
        <source>&amp;Confirmed by:</source>
        <translation>Под&amp;тверждено:</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Примечание:</translation>
    </message>
    <message>
        <source>O&amp;perator:</source>
        <translation>Опе&amp;ратор:</translation>
    </message>
    <message>
        <source>Record outcome</source>
        <translation>Зафиксировать результат</translation>
    </message>
    <message>
        <source>Choose what the provider confirmed: refunded or failed.</source>
        <translation>Выберите, что подтвердил провайдер: возврат прошёл или не прошёл.</translation>
    </message>
    <message>
        <source>Give the provider support case reference.</source>
        <translation>Укажите номер обращения в поддержку провайдера.</translation>
    </message>
    <message>
        <source>Check your choice. To record it anyway, tick the override and say in the note how you confirmed it.</source>
        <translation>Проверьте свой выбор. Чтобы всё равно зафиксировать его, отметьте запись вопреки доказательствам и укажите в примечании, как вы это подтвердили.</translation>
    </message>
    <message>
        <source>This contradicts the evidence: %1</source>
        <translation>Это противоречит доказательствам: %1</translation>
    </message>
    <message>
        <source>Recording the outcome of %1 — waiting for the store…</source>
        <translation>Фиксация результата %1 — ожидание хранилища…</translation>
    </message>
    <message>
        <source>Nothing will be written until you choose an outcome. No new key will be issued.</source>
        <translation>Пока вы не выберете результат, ничего не будет записано. Новый ключ не выдаётся.</translation>
    </message>
    <message>
        <source>Will record: %1 refunded (%2, refund %3), confirmed by %4, by %5.</source>
        <translation>Будет записано: %1 — возвращено (%2, возврат %3), подтверждение: %4, оператор: %5.</translation>
    </message>
    <message>
        <source>id missing</source>
        <translation>ID не указан</translation>
    </message>
    <message>
        <source>(source missing)</source>
        <translation>(источник не указан)</translation>
    </message>
    <message>
        <source>(name missing)</source>
        <translation>(имя не указано)</translation>
    </message>
    <message>
        <source>Will record: %1 failed (no money moved, %2 not refunded), confirmed by %3, by %4.</source>
        <translation>Будет записано: %1 — не выполнено (деньги не переводились, %2 не возвращено), подтверждение: %3, оператор: %4.</translation>
    </message>
    <message>
        <source>It overrides the evidence; the override and your note go into the audit log.</source>
        <translation>Запись делается вопреки доказательствам; это и ваше примечание попадут в журнал аудита.</translation>
    </message>
    <message>
        <source>The operation leaves the queue and the decision is final.</source>
        <translation>Операция уйдёт из очереди, решение окончательное.</translation>
    </message>
    <message>
        <source>No new key will be issued.</source>
        <translation>Новый ключ не выдаётся.</translation>
    </message>
    <message>
        <source>This window cannot record decisions. Nothing was recorded.</source>
        <translation>Из этого окна нельзя фиксировать решения. Ничего не записано.</translation>
    </message>
    <message>
        <source>Case reference</source>
        <translation>Номер обращения</translation>
    </message>
    <message>
        <source>Stripe lookup %1 (no refund listed)</source>
        <translation>Запрос к Stripe %1 (возвратов нет в списке)</translation>
    </message>
    <message>
        <source>Stripe lookup %1 (refunds found: %2)</source>
        <translation>Запрос к Stripe %1 (найдено возвратов: %2)</translation>
    </message>
    <message>
        <source>Where the outcome was confirmed</source>
        <translation>Где подтверждён результат</translation>
    </message>
    <message>
        <source>Pick the refund that is this operation&apos;s (Use as this operation&apos;s refund), or type its id.</source>
        <translation>Выберите возврат этой операции («Считать возвратом этой операции») или введите его ID.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ShiftEnd</name>
    <message>
        <source>Cannot tell which claims you hold</source>
        <translation>Не удаётся узнать, какие операции у вас в работе</translation>
    </message>
    <message>
        <source>%1

Close anyway? Claims you hold stay yours until you or someone else release them.</source>
        <translation>%1

Всё равно закрыть? Операции, взятые вами в работу, останутся за вами, пока вы или кто-то другой не вернёт их в очередь.</translation>
    </message>
    <message>
        <source>%1 could not be released: %2 Try again, keep them, or stay.</source>
        <translation>Не удалось вернуть в очередь %1: %2 Попробуйте ещё раз, оставьте их за собой или останьтесь.</translation>
    </message>
    <message>
        <source>Releasing %1</source>
        <translation>Возврат в очередь %1</translation>
    </message>
    <message>
        <source>It is still being written; wait for that to finish.</source>
        <translation>Она ещё записывается; дождитесь окончания.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message>
        <source>Every key works wherever the keyboard is in the window, unless the table says where. Alt with an underlined letter opens a menu or goes to a field.</source>
        <translation>Каждое сочетание работает, где бы ни был фокус в окне, если в таблице не сказано где. Alt с подчёркнутой буквой открывает меню или переходит к полю.</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Клавиши</translation>
    </message>
    <message>
        <source>Does</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Menu or place</source>
        <translation>Меню или место</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>Ctrl+A, Ctrl/Shift+click</source>
        <translation>Ctrl+A, Ctrl/Shift+щелчок</translation>
    </message>
    <message>
        <source>Ctrl+C</source>
        <translation>Ctrl+C</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>Пробел</translation>
    </message>
    <message>
        <source>Go to the first match</source>
        <translation>Перейти к первому совпадению</translation>
    </message>
    <message>
        <source>The search field</source>
        <translation>Поле поиска</translation>
    </message>
    <message>
        <source>Select many operations</source>
        <translation>Выбрать несколько операций</translation>
    </message>
    <message>
        <source>The queue</source>
        <translation>Очередь</translation>
    </message>
    <message>
        <source>Copy the selected rows, tab-separated</source>
        <translation>Скопировать выбранные строки через табуляцию</translation>
    </message>
    <message>
        <source>Any table</source>
        <translation>Любая таблица</translation>
    </message>
    <message>
        <source>Tick or untick the selected rows</source>
        <translation>Отметить выбранные строки или снять отметку</translation>
    </message>
    <message>
        <source>The batch review</source>
        <translation>Пакетная проверка</translation>
    </message>
</context>
<context>
    <name>RefundDesk::StandbyLabel</name>
    <message>
        <source>A standby server replays the primary&apos;s changes a moment after they are made and takes none of its own: everything can be read here, and claims and decisions are recorded on the primary.</source>
        <translation>Резервный сервер воспроизводит изменения основного сразу после того, как они сделаны, и не принимает собственных: здесь можно читать всё, а взятие в работу и решения записываются на основном сервере.</translation>
    </message>
    <message>
        <source>Standby · %1</source>
        <translation>Резервный сервер · %1</translation>
    </message>
</context>
<context>
    <name>RefundDesk::StoreSources</name>
    <message>
        <source>Cannot build the demo store</source>
        <translation>Не удаётся создать демо-хранилище</translation>
    </message>
    <message>
        <source>Open a Refund Desk store</source>
        <translation>Открыть хранилище Refund Desk</translation>
    </message>
    <message>
        <source>Stores (*.sqlite *.db *.refunddesk);;All files (*)</source>
        <translation>Хранилища (*.sqlite *.db *.refunddesk);;Все файлы (*)</translation>
    </message>
    <message>
        <source>A demo store is already being built.</source>
        <translation>Демо-хранилище уже создаётся.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::StripeKeyDialog</name>
    <message>
        <source>Stripe key</source>
        <translation>Ключ Stripe</translation>
    </message>
    <message>
        <source>The Stripe key for %1: a restricted key (rk_…) with Refunds: Read and Events: Read. Refund Desk only reads from Stripe.</source>
        <translation>Ключ Stripe для %1: ограниченный ключ (rk_…) с правами Refunds: Read и Events: Read. Refund Desk только читает из Stripe.</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <source>Forget the key</source>
        <translation>Забыть ключ</translation>
    </message>
</context>
<context>
    <name>RefundDesk::StripeKeyring</name>
    <message>
        <source>The desktop&apos;s keyring cannot be used (%1), so the key is kept for this session only: start a keyring (GNOME Keyring, KWallet) to have it remembered.</source>
        <translation>Связка ключей рабочего стола недоступна (%1), поэтому ключ хранится только до конца сеанса: запустите связку ключей (GNOME Keyring, KWallet), чтобы он запоминался.</translation>
    </message>
</context>
<context>
    <name>RefundDesk::StripeLinks</name>
    <message>
        <source>Open %1 in Stripe&apos;s Dashboard</source>
        <translation>Открыть %1 в панели Stripe (Dashboard)</translation>
    </message>
</context>
<context>
    <name>RefundDesk::UpgradeBanner</name>
    <message>
        <source>Upgrading…</source>
        <translation>Обновление…</translation>
    </message>
    <message>
        <source>&amp;Upgrade</source>
        <translation>&amp;Обновить</translation>
    </message>
    <message>
        <source>This store has schema version 1: it cannot hold notes. Upgrading it to version 3 adds the tables for notes and for what the provider answered and a column for the payment behind each operation, in one step, and changes nothing else; the refund tool and the webhook receiver keep writing it as before.</source>
        <translation>У этого хранилища версия схемы 1: в нём нельзя хранить заметки. Обновление до версии 3 за один шаг добавляет таблицы для заметок и ответов провайдера и столбец для платежа, стоящего за каждой операцией, и больше ничего не меняет; инструмент возвратов и приёмник вебхуков продолжают писать в него, как прежде.</translation>
    </message>
</context>
<context>
    <name>RefundStatus</name>
    <message>
        <source>pending</source>
        <translation>в ожидании</translation>
    </message>
    <message>
        <source>requires_action</source>
        <translation>требует действий</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>выполнен</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не выполнен</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>отменён</translation>
    </message>
</context>
<context>
    <name>Resolver</name>
    <message>
        <source>the refund</source>
        <translation>возврат</translation>
    </message>
    <message>
        <source>has no status yet</source>
        <translation>пока не имеет статуса</translation>
    </message>
    <message>
        <source>has status %1</source>
        <translation>имеет статус «%1»</translation>
    </message>
    <message>
        <source>The operator name is empty. Say who records this decision (--operator NAME).</source>
        <translation>Имя оператора пустое. Укажите, кто фиксирует это решение (--operator NAME).</translation>
    </message>
    <message>
        <source>The evidence is empty. Say where the outcome was confirmed (e.g. webhook:evt_..., dashboard, provider_support:CASE).</source>
        <translation>Доказательство не указано. Укажите, где подтверждён результат (например, webhook:evt_..., dashboard, provider_support:CASE).</translation>
    </message>
    <message>
        <source>A refunded outcome needs the provider&apos;s refund id (--refund-id re_...).</source>
        <translation>Для результата «возвращено» нужен ID возврата от провайдера (--refund-id re_...).</translation>
    </message>
    <message>
        <source>A failed outcome carries no refund id; leave --refund-id out.</source>
        <translation>У результата «не выполнено» нет ID возврата; уберите --refund-id.</translation>
    </message>
    <message>
        <source>Overriding the evidence needs a note that says why (--note TEXT).</source>
        <translation>Чтобы записать результат вопреки доказательствам, нужно примечание с объяснением (--note TEXT).</translation>
    </message>
    <message>
        <source>The evidence is in conflict, so no outcome can be recorded without an override: %1</source>
        <translation>Доказательства противоречат друг другу, поэтому результат можно зафиксировать только вопреки им: %1</translation>
    </message>
    <message>
        <source>%1, so recording %2 contradicts it.</source>
        <translation>%1, поэтому результат «%2» ему противоречит.</translation>
    </message>
    <message>
        <source>; it may still succeed</source>
        <translation>; он ещё может пройти</translation>
    </message>
    <message>
        <source>%1%2, so recording %3 contradicts it.</source>
        <translation>%1%2, поэтому результат «%3» ему противоречит.</translation>
    </message>
    <message>
        <source>The operator name is empty. Say who is acting (--operator NAME).</source>
        <translation>Имя оператора пустое. Укажите, кто выполняет действие (--operator NAME).</translation>
    </message>
    <message>
        <source>%1 To record it anyway, override the evidence (--override-evidence) with a note saying why (--note TEXT).</source>
        <translation>%1 Чтобы всё равно записать его, запишите результат вопреки доказательствам (--override-evidence) с примечанием о причине (--note TEXT).</translation>
    </message>
    <message>
        <source>The evidence of %1 changed since it was reviewed: it was %2 (refund %3, event %4) and is now %5. Nothing was recorded; review it again.</source>
        <translation>Доказательства %1 изменились после проверки: было %2 (возврат %3, событие %4), теперь %5. Ничего не записано; проверьте снова.</translation>
    </message>
    <message>
        <source>%1 says refund %2 of %3 </source>
        <translation>%1: возврат %2 на сумму %3 </translation>
    </message>
    <message>
        <source>%1 So recording %2 contradicts it.</source>
        <translation>%1 Поэтому запись «%2» ему противоречит.</translation>
    </message>
    <message>
        <source>The evidence names refund %1 (%2), not %3.</source>
        <translation>Доказательства указывают на возврат %1 (%2), а не на %3.</translation>
    </message>
    <message>
        <source>%1 Whether it is this operation&apos;s refund is for a person to say, so no outcome can be recorded without an override.</source>
        <translation>%1 Её ли это возврат, решает человек, поэтому исход нельзя записать без переопределения.</translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message>
        <source>The reference schema could not be built: %1.</source>
        <translation>Не удалось построить эталонную схему: %1.</translation>
    </message>
    <message>
        <source>reading the events of %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение событий %1</translation>
    </message>
    <message>
        <source>%1 could not be opened (%2). Check the file and its permissions.</source>
        <translation>Не удалось открыть %1 (%2). Проверьте файл и права доступа к нему.</translation>
    </message>
    <message>
        <source>Read-only snapshot: %1, so the store was opened immutable; changes made after opening will not show.</source>
        <translation>Снимок только для чтения: %1, поэтому хранилище открыто как неизменяемое; изменения, сделанные после открытия, не будут видны.</translation>
    </message>
    <message>
        <source>Its -wal file holds %1 of recent changes a snapshot cannot read: they are not shown. For a complete copy, copy the store with sqlite3 STORE &quot;.backup COPY&quot;.</source>
        <translation>В его файле -wal есть %1 недавних изменений, которые снимок прочитать не может: они не показаны. Чтобы получить полную копию, скопируйте хранилище командой sqlite3 STORE &quot;.backup COPY&quot;.</translation>
    </message>
    <message>
        <source>a WAL store without its -shm file would make SQLite create one, and a read-only open creates no file</source>
        <translation>для хранилища в режиме WAL без файла -shm SQLite создала бы этот файл, а открытие только для чтения не создаёт файлов</translation>
    </message>
    <message>
        <source>the folder is read-only and lacks the store&apos;s -shm file</source>
        <translation>папка доступна только для чтения, и в ней нет файла -shm хранилища</translation>
    </message>
    <message>
        <source>SQLite could not share the store&apos;s -wal and -shm files (%1)</source>
        <translation>SQLite не смогла открыть общий доступ к файлам -wal и -shm хранилища (%1)</translation>
    </message>
    <message>
        <source>the file is read-only for you</source>
        <translation>у вас нет права записи в файл</translation>
    </message>
    <message>
        <source>its -wal file is read-only for you</source>
        <translation>у вас нет права записи в его файл -wal</translation>
    </message>
    <message>
        <source>its -shm file is read-only for you</source>
        <translation>у вас нет права записи в его файл -shm</translation>
    </message>
    <message>
        <source>its folder is read-only for you, and writing needs files beside the store</source>
        <translation>у вас нет права записи в его папку, а для записи рядом с хранилищем нужны служебные файлы</translation>
    </message>
    <message>
        <source>You may not read %1. Ask its owner for read access, or work on a copy you may read.</source>
        <translation>У вас нет права читать %1. Попросите владельца дать доступ на чтение или работайте с копией, которую можете прочитать.</translation>
    </message>
    <message>
        <source>SQLite could open it for reading only</source>
        <translation>SQLite смогла открыть его только для чтения</translation>
    </message>
    <message>
        <source>Opened read-only: you may not write this store (%1).</source>
        <translation>Открыто только для чтения: у вас нет права записи в это хранилище (%1).</translation>
    </message>
    <message>
        <source>The disk holding %1 is full: SQLite cannot set up the files it needs beside the store. Nothing was written. Free some space and try again.</source>
        <translation>Диск, на котором находится %1, заполнен: SQLite не может создать нужные ей файлы рядом с хранилищем. Ничего не записано. Освободите место и повторите попытку.</translation>
    </message>
    <message>
        <source>%1 could not be read: %2.</source>
        <translation>Не удалось прочитать %1: %2.</translation>
    </message>
    <message>
        <source>%1 is cut short: it holds %2 of the %3 bytes its header counts, as an interrupted copy or download leaves a file. Copy it again or restore it from a backup; Refund Desk will not write to it.</source>
        <translation>%1 обрезан: в нём %2 из %3 байт, указанных в заголовке, — так бывает после прерванного копирования или загрузки. Скопируйте его заново или восстановите из резервной копии; Refund Desk не будет в него писать.</translation>
    </message>
    <message>
        <source>%1 is damaged (%2). Restore it from a backup; Refund Desk will not write to it.</source>
        <translation>%1 повреждён (%2). Восстановите его из резервной копии; Refund Desk не будет в него писать.</translation>
    </message>
    <message>
        <source>the schema resource is missing from this build</source>
        <translation>в этой сборке нет ресурса со схемой</translation>
    </message>
    <message>
        <source>%1 is not a Refund Desk store: it is not an SQLite database. Open the store file the refund tool writes, or create one with &apos;refund-desk init --db PATH&apos;.</source>
        <translation>%1 — не хранилище Refund Desk: это не база данных SQLite. Откройте файл хранилища, в который пишет инструмент возвратов, или создайте новый командой «refund-desk init --db PATH».</translation>
    </message>
    <message>
        <source>%1 has store schema version %2, newer than this Refund Desk understands (version %3). Update Refund Desk to open it.</source>
        <translation>У %1 версия схемы %2 — новее, чем понимает эта версия Refund Desk (%3). Обновите Refund Desk, чтобы открыть его.</translation>
    </message>
    <message>
        <source>The store is busy: another program has held it locked for more than %1 seconds while %2. Nothing was written. Try again in a moment.</source>
        <translation>Хранилище занято: другая программа держит блокировку дольше %1 с (действие: %2). Ничего не записано. Повторите попытку чуть позже.</translation>
    </message>
    <message>
        <source>%1 cannot be written (%2) while %3. Nothing was written. Open a writable copy, or ask for write access to the file and its folder.</source>
        <translation>Запись в %1 невозможна (%2; действие: %3). Ничего не записано. Откройте копию, доступную для записи, или запросите право записи в файл и его папку.</translation>
    </message>
    <message>
        <source>The disk holding %1 is full while %2. Nothing was written. Free some space and try again.</source>
        <translation>Диск, на котором находится %1, заполнен (действие: %2). Ничего не записано. Освободите место и повторите попытку.</translation>
    </message>
    <message>
        <source>%1 is damaged (%2) while %3. Restore it from a backup; Refund Desk will not write to it.</source>
        <translation>%1 повреждён (%2; действие: %3). Восстановите его из резервной копии; Refund Desk не будет в него писать.</translation>
    </message>
    <message>
        <source>%1 could not be read or written (%2) while %3. Check the disk and the file&apos;s permissions.</source>
        <translation>Не удалось прочитать или записать %1 (%2; действие: %3). Проверьте диск и права доступа к файлу.</translation>
    </message>
    <message>
        <source>Unexpected database error while %1: %2 (SQLite code %3).</source>
        <translation>Непредвиденная ошибка базы данных (действие: %1): %2 (код SQLite %3).</translation>
    </message>
    <message>
        <source>A change to %1 was asked for while a read snapshot of it is open. Nothing was written. Close the snapshot first.</source>
        <translation>Запрошено изменение %1, пока открыт снимок для чтения. Ничего не записано. Сначала закройте снимок.</translation>
    </message>
    <message>
        <source>%1 is open read-only, so nothing can be recorded in it. Open it without --read-only, from a folder you may write to.</source>
        <translation>%1 открыто только для чтения, поэтому в него ничего нельзя записать. Откройте его без --read-only из папки, куда у вас есть право записи.</translation>
    </message>
    <message>
        <source>starting a consistent read</source>
        <comment>what the store was doing when it failed</comment>
        <translation>начало согласованного чтения</translation>
    </message>
    <message>
        <source>reading store_meta</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение store_meta</translation>
    </message>
    <message>
        <source>checking for changes</source>
        <comment>what the store was doing when it failed</comment>
        <translation>проверка изменений</translation>
    </message>
    <message>
        <source>reading operations</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение операций</translation>
    </message>
    <message>
        <source>reading the audit log</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение журнала аудита</translation>
    </message>
    <message>
        <source>reading the queue</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение очереди</translation>
    </message>
    <message>
        <source>reading operation %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение операции %1</translation>
    </message>
    <message>
        <source>reading the attempts of %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение попыток %1</translation>
    </message>
    <message>
        <source>importing events</source>
        <comment>what the store was doing when it failed</comment>
        <translation>импорт событий</translation>
    </message>
    <message>
        <source>importing event %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>импорт события %1</translation>
    </message>
    <message>
        <source>%1 was already resolved as %2 by %3 at %4 (resolution #%5). Nothing was written.</source>
        <translation>%1 уже решена: «%2», оператор %3, %4 (решение №%5). Ничего не записано.</translation>
    </message>
    <message>
        <source>%1 was already closed as %2 by the refund tool. Nothing was written.</source>
        <translation>%1 уже закрыта инструментом возвратов со статусом «%2». Ничего не записано.</translation>
    </message>
    <message>
        <source>%1 is being checked by %2 since %3. Nothing was written; take it over first if you must.</source>
        <translation>%1 проверяет %2 с %3. Ничего не записано; если это необходимо, сначала перехватите операцию.</translation>
    </message>
    <message>
        <source>%1 is open: the refund tool is still working on it. Nothing was written.</source>
        <translation>%1 открыта: инструмент возвратов ещё работает с ней. Ничего не записано.</translation>
    </message>
    <message>
        <source>%1 changed since you looked at it (it is now unknown, version %2). Nothing was written; look at it again.</source>
        <translation>%1 изменилась с тех пор, как вы её открыли (теперь она в статусе «неизвестно», версия %2). Ничего не записано; посмотрите на неё ещё раз.</translation>
    </message>
    <message>
        <source>There is no operation %1 in %2. Check the id (e.g. op_5521).</source>
        <translation>В %2 нет операции %1. Проверьте ID (например, op_5521).</translation>
    </message>
    <message>
        <source>The operator name is empty. Say who claims the operation.</source>
        <translation>Имя оператора пустое. Укажите, кто берёт операцию в работу.</translation>
    </message>
    <message>
        <source>claiming %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>взятие в работу %1</translation>
    </message>
    <message>
        <source>releasing %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>возврат в очередь %1</translation>
    </message>
    <message>
        <source>%1 is not claimed by anyone; there is nothing to release.</source>
        <translation>%1 никто не взял в работу; возвращать в очередь нечего.</translation>
    </message>
    <message>
        <source>A refunded outcome needs the provider&apos;s refund id.</source>
        <translation>Для результата «возвращено» нужен ID возврата от провайдера.</translation>
    </message>
    <message>
        <source>recording the outcome of %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>фиксация результата %1</translation>
    </message>
    <message>
        <source>explaining %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>разбор плана запроса %1</translation>
    </message>
    <message>
        <source>%1 does not exist. Nothing was created. Check the path, or create an empty store with &apos;refund-desk init --db %1&apos;.</source>
        <translation>%1 не существует. Ничего не создано. Проверьте путь или создайте пустое хранилище командой «refund-desk init --db %1».</translation>
    </message>
    <message>
        <source>%1 is a folder, not a store. Name the store file inside it.</source>
        <translation>%1 — папка, а не хранилище. Укажите файл хранилища внутри неё.</translation>
    </message>
    <message>
        <source>%1 is empty (0 bytes), not a Refund Desk store. Open the store file the refund tool writes, or create one with &apos;refund-desk init --db PATH&apos;.</source>
        <translation>%1 пуст (0 байт) — это не хранилище Refund Desk. Откройте файл хранилища, в который пишет инструмент возвратов, или создайте новый командой «refund-desk init --db PATH».</translation>
    </message>
    <message>
        <source>%1 already exists. Refund Desk never overwrites a file; choose a new path.</source>
        <translation>%1 уже существует. Refund Desk никогда не перезаписывает файлы; выберите другой путь.</translation>
    </message>
    <message>
        <source>creating the store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>создание хранилища</translation>
    </message>
    <message>
        <source>%1 could not be created: %2</source>
        <translation>Не удалось создать %1: %2</translation>
    </message>
    <message>
        <source>building the demo store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>создание демо-хранилища</translation>
    </message>
    <message>
        <source>No path was given for the new store.</source>
        <translation>Не указан путь для нового хранилища.</translation>
    </message>
    <message>
        <source>%1 is left over from an earlier store at %2, and SQLite would apply it to the new file. Remove it, or choose another path.</source>
        <translation>%1 остался от прежнего хранилища %2, и SQLite применила бы его к новому файлу. Удалите его или выберите другой путь.</translation>
    </message>
    <message>
        <source>%1 could not be created: %2. Check that the folder exists and that you may write to it.</source>
        <translation>Не удалось создать %1: %2. Проверьте, что папка существует и у вас есть право записи в неё.</translation>
    </message>
    <message>
        <source>preparing the new store for a bulk load</source>
        <comment>what the store was doing when it failed</comment>
        <translation>подготовка нового хранилища к массовой загрузке</translation>
    </message>
    <message>
        <source>The store builder for %1 is already finished.</source>
        <translation>Построитель хранилища для %1 уже завершил работу.</translation>
    </message>
    <message>
        <source>reading the new store&apos;s schema</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение схемы нового хранилища</translation>
    </message>
    <message>
        <source>writing %1 into the demo store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>запись %1 в демо-хранилище</translation>
    </message>
    <message>
        <source>finishing the demo store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>завершение демо-хранилища</translation>
    </message>
    <message>
        <source>%1 could not be switched to WAL mode (it is in %2 mode); the store was not kept. Check that its folder is on a local disk.</source>
        <translation>Не удалось перевести %1 в режим WAL (сейчас режим %2); хранилище не сохранено. Проверьте, что его папка находится на локальном диске.</translation>
    </message>
    <message numerus="yes">
        <source>reading the events of %n operations</source>
        <comment>what the store was doing when it failed</comment>
        <translation>
            <numerusform>чтение событий %n операции</numerusform>
            <numerusform>чтение событий %n операций</numerusform>
            <numerusform>чтение событий %n операций</numerusform>
        </translation>
    </message>
    <message>
        <source>counting the audit log</source>
        <comment>what the store was doing when it failed</comment>
        <translation>подсчёт записей журнала аудита</translation>
    </message>
    <message>
        <source>totalling the audit log</source>
        <comment>what the store was doing when it failed</comment>
        <translation>подведение итогов журнала аудита</translation>
    </message>
    <message>
        <source>listing the operators</source>
        <comment>what the store was doing when it failed</comment>
        <translation>получение списка операторов</translation>
    </message>
    <message>
        <source>reading the unknown exposure</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение незакрытого риска</translation>
    </message>
    <message>
        <source>counting decisions per day</source>
        <comment>what the store was doing when it failed</comment>
        <translation>подсчёт решений по дням</translation>
    </message>
    <message>
        <source>checking the store&apos;s invariants</source>
        <comment>what the store was doing when it failed</comment>
        <translation>проверка инвариантов хранилища</translation>
    </message>
    <message>
        <source>The PostgreSQL server at %1 refused the password (%2). Nothing was changed. Check PGPASSWORD or ~/.pgpass, or the password in the URI.</source>
        <translation>Сервер PostgreSQL %1 отклонил пароль (%2). Ничего не изменено. Проверьте PGPASSWORD или ~/.pgpass либо пароль в URI.</translation>
    </message>
    <message>
        <source>The PostgreSQL server at %1 has no such login (%2). Nothing was changed. Check the user name, or ask the administrator for a login.</source>
        <translation>На сервере PostgreSQL %1 нет такого логина (%2). Ничего не изменено. Проверьте имя пользователя или попросите администратора создать вам логин.</translation>
    </message>
    <message>
        <source>The PostgreSQL server at %1 has no such database (%2). Nothing was created. Create it first (createdb), then run &apos;refund-desk init --db ...&apos;.</source>
        <translation>На сервере PostgreSQL %1 нет такой базы данных (%2). Ничего не создано. Сначала создайте её (createdb), затем выполните «refund-desk init --db ...».</translation>
    </message>
    <message>
        <source>The PostgreSQL server at %1 does not let this login connect (%2). Nothing was changed. Ask the administrator for access.</source>
        <translation>Сервер PostgreSQL %1 не разрешает этому логину подключаться (%2). Ничего не изменено. Попросите доступ у администратора.</translation>
    </message>
    <message>
        <source>Cannot reach the PostgreSQL server at %1: it is not running or not reachable (%2). Nothing was changed. Start the server, or check the host and port.</source>
        <translation>Не удаётся связаться с сервером PostgreSQL %1: он не запущен или недоступен (%2). Ничего не изменено. Запустите сервер или проверьте хост и порт.</translation>
    </message>
    <message>
        <source>No memory to connect to %1.</source>
        <translation>Недостаточно памяти для подключения к %1.</translation>
    </message>
    <message>
        <source>setting up the connection</source>
        <comment>what the store was doing when it failed</comment>
        <translation>настройка подключения</translation>
    </message>
    <message>
        <source>The connection to the PostgreSQL server at %1 was lost; reconnecting… (%2). Nothing was written meanwhile.</source>
        <translation>Соединение с сервером PostgreSQL %1 потеряно; переподключение… (%2). За это время ничего не записано.</translation>
    </message>
    <message>
        <source>The connection to the PostgreSQL server at %1 was lost (%2).</source>
        <translation>Соединение с сервером PostgreSQL %1 потеряно (%2).</translation>
    </message>
    <message>
        <source>The connection to the PostgreSQL server at %1 was lost while %2 (%3). Nothing was written; try again once the server is back.</source>
        <translation>Соединение с сервером PostgreSQL %1 потеряно (действие: %2; %3). Ничего не записано; повторите попытку, когда сервер снова будет доступен.</translation>
    </message>
    <message>
        <source>The login %1 may not do this on %2 while %3 (%4). Nothing was written. Ask the administrator for the right role (see roles-postgresql.sql).</source>
        <translation>Логину %1 это не разрешено в %2 (действие: %3; %4). Ничего не записано. Попросите администратора выдать нужную роль (см. roles-postgresql.sql).</translation>
    </message>
    <message>
        <source>The store is busy: another session held the rows for more than %1 seconds while %2 (%3). Nothing was written. Try again in a moment.</source>
        <translation>Хранилище занято: другой сеанс удерживает строки дольше %1 с (действие: %2; %3). Ничего не записано. Повторите попытку чуть позже.</translation>
    </message>
    <message>
        <source>The server refused it while %1: %2. Nothing was written.</source>
        <translation>Сервер отклонил запрос (действие: %1): %2. Ничего не записано.</translation>
    </message>
    <message>
        <source>The PostgreSQL server&apos;s disk is full while %1. Nothing was written.</source>
        <translation>На сервере PostgreSQL закончилось место на диске (действие: %1). Ничего не записано.</translation>
    </message>
    <message>
        <source>Unexpected database error while %1: %2 (SQLSTATE %3).</source>
        <translation>Непредвиденная ошибка базы данных (действие: %1): %2 (SQLSTATE %3).</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>недостаточно памяти</translation>
    </message>
    <message>
        <source>The PostgreSQL location given with --db is not valid: %1. Give a URI such as postgresql://user@host/dbname or keywords such as &apos;host=/run/postgresql dbname=refunds&apos;.</source>
        <translation>Адрес PostgreSQL в --db недействителен: %1. Укажите URI вида postgresql://user@host/dbname или ключевые слова вида &apos;host=/run/postgresql dbname=refunds&apos;.</translation>
    </message>
    <message>
        <source>reading the events of %1 operations</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение событий операций (всего: %1)</translation>
    </message>
    <message>
        <source>no answer from the server</source>
        <translation>нет ответа от сервера</translation>
    </message>
    <message>
        <source>The PostgreSQL schema resource is missing from this build.</source>
        <translation>В этой сборке нет ресурса со схемой PostgreSQL.</translation>
    </message>
    <message>
        <source>%1 already holds a Refund Desk store (or some of its tables). Refund Desk never overwrites a store; name another database.</source>
        <translation>В %1 уже есть хранилище Refund Desk (или часть его таблиц). Refund Desk никогда не перезаписывает хранилища; укажите другую базу данных.</translation>
    </message>
    <message>
        <source>%1: the store could not be created (%2). Nothing was created.</source>
        <translation>%1: не удалось создать хранилище (%2). Ничего не создано.</translation>
    </message>
    <message>
        <source>checking the store&apos;s schema</source>
        <comment>what the store was doing when it failed</comment>
        <translation>проверка схемы хранилища</translation>
    </message>
    <message>
        <source>%1 holds no Refund Desk store (none of its tables). Nothing was created. Create one with &apos;refund-desk init --db ...&apos;, or check the database name.</source>
        <translation>В %1 нет хранилища Refund Desk (ни одной его таблицы). Ничего не создано. Создайте его командой «refund-desk init --db ...» или проверьте имя базы данных.</translation>
    </message>
    <message>
        <source>checking what the login may do</source>
        <comment>what the store was doing when it failed</comment>
        <translation>проверка прав логина</translation>
    </message>
    <message>
        <source>Opened read-only: the login %1 may not record decisions in this store (it may not add to resolutions).</source>
        <translation>Открыто только для чтения: логину %1 не разрешено записывать решения в этом хранилище (он не может добавлять строки в resolutions).</translation>
    </message>
    <message>
        <source>Opened read-only: the login %1 may not claim operations in this store (it may not change refund_ops&apos; status).</source>
        <translation>Открыто только для чтения: логину %1 не разрешено брать операции в работу в этом хранилище (он не может менять статус в refund_ops).</translation>
    </message>
    <message>
        <source>reading the operations of order %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение операций заказа %1</translation>
    </message>
    <message>
        <source>reading attempts</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение попыток</translation>
    </message>
    <message>
        <source>reading webhook events</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение событий вебхуков</translation>
    </message>
    <message>
        <source>counting the rows of %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>подсчёт строк в %1</translation>
    </message>
    <message>
        <source>%1 is open read-only, so nothing can be recorded in it. %2</source>
        <translation>%1 открыто только для чтения, поэтому в него ничего нельзя записать. %2</translation>
    </message>
    <message>
        <source>Open it without --read-only.</source>
        <translation>Откройте его без --read-only.</translation>
    </message>
    <message>
        <source>On PostgreSQL the operator recorded is the database login: you are logged in as %1, so %2 cannot be recorded as %3. Nothing was written. Log in as %3, or leave the operator name out.</source>
        <translation>В PostgreSQL оператором записывается логин базы данных: вы вошли как %1, поэтому %2 нельзя записать от имени %3. Ничего не записано. Войдите как %3 или не указывайте имя оператора.</translation>
    </message>
    <message>
        <source>a claim</source>
        <translation>взятие в работу</translation>
    </message>
    <message>
        <source>a release</source>
        <translation>возврат в очередь</translation>
    </message>
    <message>
        <source>a decision</source>
        <translation>решение</translation>
    </message>
    <message>
        <source>The connection to the PostgreSQL server at %1 broke while the decision on %2 was being committed, and the server is not back yet: it was either fully recorded or not at all. Look at %2 again once the server is back before recording anything.</source>
        <translation>Соединение с сервером PostgreSQL %1 прервалось во время фиксации решения по %2, а сервер ещё недоступен: решение записано либо целиком, либо не записано вовсе. Когда сервер снова будет доступен, откройте %2 ещё раз, прежде чем что-либо записывать.</translation>
    </message>
    <message>
        <source>%1 Checked after reconnecting: the decision on %2 was not recorded.</source>
        <translation>%1 Проверено после переподключения: решение по %2 не записано.</translation>
    </message>
    <message>
        <source>The payload of event %1 is not valid UTF-8 text (or holds a NUL byte), and a PostgreSQL store keeps payloads as text: it cannot be copied byte for byte. Nothing was kept. Copy this store to an SQLite file instead.</source>
        <translation>Содержимое события %1 — не корректный текст в UTF-8 (или содержит байт NUL), а хранилище PostgreSQL держит содержимое как текст: скопировать его байт в байт нельзя. Ничего не сохранено. Скопируйте это хранилище в файл SQLite.</translation>
    </message>
    <message>
        <source>building the new store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>создание нового хранилища</translation>
    </message>
    <message>
        <source>%1 already exists. A new store is always a new file and Refund Desk never overwrites one; choose a new path or remove the old file first.</source>
        <translation>%1 уже существует. Новое хранилище всегда создаётся новым файлом, а Refund Desk никогда не перезаписывает файлы; выберите другой путь или сначала удалите старый файл.</translation>
    </message>
    <message>
        <source>%1 is left over from an interrupted build of %2, or another build of it is running now. Remove it once no build is running, or choose another path.</source>
        <translation>%1 остался от прерванного создания %2, либо %2 прямо сейчас создаётся другим процессом. Удалите его, когда создание не идёт, или выберите другой путь.</translation>
    </message>
    <message>
        <source>The rows break the store&apos;s index %1 (%2); the new store was not kept.</source>
        <translation>Строки нарушают индекс хранилища %1 (%2); новое хранилище не сохранено.</translation>
    </message>
    <message>
        <source>indexing the new store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>индексирование нового хранилища</translation>
    </message>
    <message>
        <source>preparing the new store&apos;s inserts</source>
        <comment>what the store was doing when it failed</comment>
        <translation>подготовка вставок в новое хранилище</translation>
    </message>
    <message>
        <source>writing %1 into the new store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>запись %1 в новое хранилище</translation>
    </message>
    <message>
        <source>finishing the new store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>завершение создания нового хранилища</translation>
    </message>
    <message>
        <source>closing the new store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>закрытие нового хранилища</translation>
    </message>
    <message>
        <source>The new store could not be moved from %1 to %2 (%3), so it was not kept. Check that nothing was created at %2 meanwhile and that you may write to its folder.</source>
        <translation>Не удалось переместить новое хранилище из %1 в %2 (%3), поэтому оно не сохранено. Проверьте, что за это время в %2 ничего не появилось и что у вас есть право записи в его папку.</translation>
    </message>
    <message>
        <source>%1 rows of %2 were read for the copy, but the source counts %3. The copy was not kept.</source>
        <translation>Для копии прочитано строк таблицы %2: %1, а в источнике их %3. Копия не сохранена.</translation>
    </message>
    <message>
        <source>The copy was cancelled before it finished; nothing was kept.</source>
        <translation>Копирование отменено до завершения; ничего не сохранено.</translation>
    </message>
    <message>
        <source>(a PostgreSQL location libpq cannot read)</source>
        <translation>(адрес PostgreSQL, который libpq не может разобрать)</translation>
    </message>
    <message>
        <source>waiting for the server to answer</source>
        <comment>why a reconnect is still under way</comment>
        <translation>ожидание ответа сервера</translation>
    </message>
    <message>
        <source>no answer from the server for %1 seconds</source>
        <comment>why a reconnect was given up</comment>
        <translation>сервер не отвечал %1 с</translation>
    </message>
    <message>
        <source>No server at %1 takes writes now: those that answered are standbys (%2). Nothing was written. If the primary is down, try again once a standby has been promoted.</source>
        <translation>Ни один сервер по адресу %1 сейчас не принимает записи: ответившие — резервные серверы (%2). Ничего не записано. Если основной сервер недоступен, повторите, когда один из резервных будет повышен до основного.</translation>
    </message>
    <message>
        <source>The PostgreSQL server at %1 refused a change while %2 because it takes none (%3): it is a standby server, or the database or the login is set to read-only. Nothing was written. Connect to the primary server, or ask the administrator to allow changes.</source>
        <translation>Сервер PostgreSQL %1 отклонил изменение (действие: %2), потому что не принимает никаких изменений (%3): это резервный сервер (standby), либо база данных или логин переведены в режим только для чтения. Ничего не записано. Подключитесь к основному серверу или попросите администратора разрешить изменения.</translation>
    </message>
    <message>
        <source>reading how far the standby has replayed the primary</source>
        <comment>what the store was doing when it failed</comment>
        <translation>при чтении того, насколько резервный сервер воспроизвёл изменения основного</translation>
    </message>
    <message>
        <source>This is a standby server, a read-only replica of the primary (%1 when opened); claims and decisions are recorded on the primary.</source>
        <translation>Это резервный сервер, реплика основного только для чтения (при открытии: %1); взятие в работу и решения записываются на основном сервере.</translation>
    </message>
    <message>
        <source>The store is busy: other programs kept writing to it for more than %1 seconds and this write never got its turn while %2. %3 is still as you saw it (%4): nobody decided, claimed or released it meanwhile. Nothing was written. Try again in a moment.</source>
        <translation>Хранилище занято: другие программы непрерывно писали в него дольше %1 с, и очередь этой записи так и не подошла (действие: %2). %3 по-прежнему в том состоянии, в каком вы его видели (%4): за это время никто не принял по нему решение, не взял и не освободил его. Ничего не записано. Повторите попытку чуть позже.</translation>
    </message>
    <message>
        <source>%1 is a standby server: a read-only replica that replays its primary&apos;s changes, so nothing can be recorded in it. Nothing was written. Use the primary, or a location naming both servers that always finds the one taking writes, such as &quot;host=a,b target_session_attrs=read-write&quot;.</source>
        <translation>%1 — резервный сервер (standby): реплика только для чтения, которая воспроизводит изменения основного сервера, поэтому в неё ничего нельзя записать. Ничего не записано. Используйте основной сервер или адрес с обоими серверами, который всегда находит принимающий записи, например &quot;host=a,b target_session_attrs=read-write&quot;.</translation>
    </message>
    <message>
        <source>promoted to primary since it was opened; open the store again to record in it</source>
        <translation>после открытия повышен до основного сервера; откройте хранилище заново, чтобы записывать в него</translation>
    </message>
    <message>
        <source>nothing replayed from the primary yet</source>
        <translation>с основного сервера ещё ничего не воспроизведено</translation>
    </message>
    <message>
        <source>not receiving from the primary; the last change replayed was made %1 ago</source>
        <translation>не получает изменения с основного сервера; последнее воспроизведённое изменение сделано %1 назад</translation>
    </message>
    <message>
        <source>up to date with the primary</source>
        <translation>не отстаёт от основного сервера</translation>
    </message>
    <message>
        <source>%1 behind the primary</source>
        <translation>отстаёт от основного сервера на %1</translation>
    </message>
    <message>
        <source>%1 s</source>
        <comment>a duration in seconds</comment>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>%1 min</source>
        <comment>a duration in minutes</comment>
        <translation>%1 мин</translation>
    </message>
    <message>
        <source>%1 h</source>
        <comment>a duration in hours</comment>
        <translation>%1 ч</translation>
    </message>
    <message>
        <source>No store is open. Open one with File › Open store… (Ctrl+O).</source>
        <translation>Хранилище не открыто. Откройте его: Файл › Открыть хранилище… (Ctrl+O).</translation>
    </message>
    <message>
        <source>looking for changes</source>
        <comment>what the store was doing when it failed</comment>
        <translation>поиск изменений</translation>
    </message>
    <message>
        <source>The connection to %1 asks to verify the server&apos;s certificate, but the root certificate file is missing (%2). Nothing was changed. Set sslrootcert= to the file of the CA that signed the server&apos;s certificate.</source>
        <translation>Подключение к %1 требует проверить сертификат сервера, но файла корневого сертификата нет (%2). Ничего не изменено. Укажите в sslrootcert= файл центра сертификации, подписавшего сертификат сервера.</translation>
    </message>
    <message>
        <source>The server at %1 shows a certificate for another host name (%2). Nothing was changed. Connect by the name the certificate names, or ask the administrator for a certificate that names this host.</source>
        <translation>Сервер %1 предъявляет сертификат для другого имени хоста (%2). Ничего не изменено. Подключайтесь по имени, указанному в сертификате, или попросите администратора выпустить сертификат с этим именем.</translation>
    </message>
    <message>
        <source>The server at %1 shows a certificate that cannot be verified (%2): it was signed by another CA than the one sslrootcert= names, or it has expired. Nothing was changed. Check sslrootcert=, and the certificate&apos;s dates with the administrator.</source>
        <translation>Сертификат сервера %1 не удаётся проверить (%2): его подписал другой центр сертификации, чем указан в sslrootcert=, или срок его действия истёк. Ничего не изменено. Проверьте sslrootcert= и сроки сертификата вместе с администратором.</translation>
    </message>
    <message>
        <source>The client key for %1 may be read by others (%2). Nothing was changed. Make it yours alone: chmod 600 on the file sslkey= names.</source>
        <translation>Клиентский ключ для %1 доступен для чтения другим (%2). Ничего не изменено. Сделайте его только своим: chmod 600 для файла, указанного в sslkey=.</translation>
    </message>
    <message>
        <source>The server at %1 refused this client&apos;s certificate (%2). Nothing was changed. Check sslcert= and sslkey=, and that the certificate names this login and is signed by a CA the server trusts.</source>
        <translation>Сервер %1 отклонил сертификат клиента (%2). Ничего не изменено. Проверьте sslcert= и sslkey=, а также что сертификат выдан на этот логин и подписан центром сертификации, которому доверяет сервер.</translation>
    </message>
    <message>
        <source>The server at %1 does not offer TLS, and the location requires it (%2). Nothing was changed. Ask the administrator to turn ssl on, or change sslmode=.</source>
        <translation>Сервер %1 не предлагает TLS, а адрес его требует (%2). Ничего не изменено. Попросите администратора включить ssl или измените sslmode=.</translation>
    </message>
    <message>
        <source>The TLS connection to %1 failed (%2). Nothing was changed. Check the location&apos;s sslmode=, sslrootcert=, sslcert= and sslkey=.</source>
        <translation>TLS-подключение к %1 не удалось (%2). Ничего не изменено. Проверьте в адресе sslmode=, sslrootcert=, sslcert= и sslkey=.</translation>
    </message>
    <message>
        <source>The pooler in front of %1 runs in statement mode (pool_mode = statement), which refuses transactions (%2). Nothing was written. Set pool_mode to transaction or session for this database.</source>
        <translation>Пул соединений перед %1 работает в режиме statement (pool_mode = statement), который не допускает транзакций (%2). Ничего не записано. Установите для этой базы pool_mode = transaction или session.</translation>
    </message>
    <message>
        <source>Opened read-only: the server took this login as %1, not as the user the location names, so a decision would carry another name (a pooler that forces user= for this database does this). Remove user= from the pooler&apos;s entry, or connect to the server directly.</source>
        <translation>Открыто только для чтения: сервер принял этот вход как %1, а не как пользователя из адреса, и решение было бы записано под чужим именем (так бывает, когда пул соединений задаёт user= для этой базы). Уберите user= из записи пула или подключайтесь к серверу напрямую.</translation>
    </message>
    <message>
        <source>The note is empty. Write what you found or did, e.g. the provider&apos;s case number.</source>
        <translation>Заметка пуста. Напишите, что вы выяснили или сделали, например номер обращения у провайдера.</translation>
    </message>
    <message>
        <source>The follow-up date is not a calendar date. Give it as YYYY-MM-DD.</source>
        <translation>Дата возврата к операции не является календарной датой. Укажите её в виде ГГГГ-ММ-ДД.</translation>
    </message>
    <message>
        <source>%1 has store schema version 1, which cannot hold %2. Nothing was written. Upgrade it to version 2 with &apos;refund-desk upgrade --db %1&apos; and try again.</source>
        <translation>У %1 версия схемы хранилища 1, в которой нельзя хранить %2. Ничего не записано. Обновите его до версии 2 командой &apos;refund-desk upgrade --db %1&apos; и попробуйте снова.</translation>
    </message>
    <message>
        <source>%1 is not a complete Refund Desk store (schema version %2, %3 of the %4 store tables). Check that you named the right database.</source>
        <translation>%1 — неполное хранилище Refund Desk (версия схемы %2, %3 из %4 таблиц хранилища). Проверьте, что указана нужная база данных.</translation>
    </message>
    <message>
        <source>The PostgreSQL schema resource of this build has no version %1 part.</source>
        <translation>В ресурсе схемы PostgreSQL этой сборки нет части версии %1.</translation>
    </message>
    <message>
        <source>upgrading the store</source>
        <comment>what the store was doing when it failed</comment>
        <translation>обновление хранилища</translation>
    </message>
    <message>
        <source>%1 could not be upgraded to schema version %2 (%3). Nothing was changed; it is still version %4.</source>
        <translation>Не удалось обновить %1 до версии схемы %2 (%3). Ничего не изменено; версия по-прежнему %4.</translation>
    </message>
    <message>
        <source>The login %1 may not upgrade the store at %2: its tables belong to the store&apos;s owner, who alone may add to them. Nothing was changed. Ask the owner to run &apos;refund-desk upgrade --db ...&apos;.</source>
        <translation>Логину %1 нельзя обновлять хранилище %2: его таблицы принадлежат владельцу хранилища, и только он может их добавлять. Ничего не изменено. Попросите владельца выполнить &apos;refund-desk upgrade --db ...&apos;.</translation>
    </message>
    <message>
        <source>notes</source>
        <translation>заметки</translation>
    </message>
    <message>
        <source>a note</source>
        <translation>заметку</translation>
    </message>
    <message>
        <source>adding a note to %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>добавление заметки к %1</translation>
    </message>
    <message>
        <source>reading notes</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение заметок</translation>
    </message>
    <message>
        <source>what the provider answered</source>
        <translation>ответы провайдера</translation>
    </message>
    <message>
        <source>a provider lookup</source>
        <translation>запрос к провайдеру</translation>
    </message>
    <message>
        <source>keeping what the provider answered about %1</source>
        <comment>what the store was doing when it failed</comment>
        <translation>сохранение ответа провайдера о %1</translation>
    </message>
    <message>
        <source>reading provider lookups</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение запросов к провайдеру</translation>
    </message>
    <message>
        <source>the schema resource of this build has no version %1 part</source>
        <translation>в ресурсе схемы этой сборки нет части версии %1</translation>
    </message>
    <message>
        <source>%1 is an SQLite database but not a Refund Desk store (schema version %2, %3 of the %4 store tables). Check that you picked the right file.</source>
        <translation>%1 — база данных SQLite, но не хранилище Refund Desk (версия схемы %2, %3 из %4 таблиц хранилища). Проверьте, что выбран нужный файл.</translation>
    </message>
    <message>
        <source>%1 could not be upgraded to schema version %2: %3. Nothing was changed; it is still version %4.</source>
        <translation>Не удалось обновить %1 до версии схемы %2: %3. Ничего не изменено; версия по-прежнему %4.</translation>
    </message>
    <message>
        <source>The operator name is empty. Say who writes the note.</source>
        <translation>Имя оператора пустое. Укажите, кто пишет заметку.</translation>
    </message>
    <message>
        <source>The operator name is empty. Say who asked the provider.</source>
        <translation>Имя оператора пустое. Укажите, кто обращался к провайдеру.</translation>
    </message>
    <message>
        <source>store_meta&apos;s %1 belongs to the schema and is not set this way.</source>
        <translation>%1 в store_meta относится к схеме и так не задаётся.</translation>
    </message>
    <message>
        <source>writing store_meta</source>
        <comment>what the store was doing when it failed</comment>
        <translation>запись store_meta</translation>
    </message>
    <message>
        <source>The read was cancelled while %1 (%2): it took too long or was no longer wanted. Nothing was written; read again to see the latest.</source>
        <translation>Чтение отменено во время операции «%1» (%2): оно шло слишком долго или стало ненужным. Ничего не записано; прочитайте ещё раз, чтобы увидеть актуальные данные.</translation>
    </message>
    <message>
        <source>The read was cancelled while %1: it took too long or was no longer wanted. Nothing was written; read again to see the latest.</source>
        <translation>Чтение отменено во время операции «%1»: оно шло слишком долго или стало ненужным. Ничего не записано; прочитайте ещё раз, чтобы увидеть актуальные данные.</translation>
    </message>
    <message>
        <source>The store did not answer within %1 s, so the read was cancelled; check the server or the network, then select again.</source>
        <translation>Хранилище не ответило за %1 с, поэтому чтение отменено; проверьте сервер или сеть и выберите ещё раз.</translation>
    </message>
    <message>
        <source>Cannot open the listening connection (listen=%1): %2</source>
        <translation>Не удаётся открыть соединение для уведомлений (listen=%1): %2</translation>
    </message>
    <message>
        <source>counting the queue</source>
        <comment>what the store was doing when it failed</comment>
        <translation>подсчёт очереди</translation>
    </message>
    <message>
        <source>reading which indexes the store has</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение списка индексов хранилища</translation>
    </message>
    <message>
        <source>adding the indexes schema version %1 has</source>
        <comment>what the store was doing when it failed</comment>
        <translation>добавление индексов версии схемы %1</translation>
    </message>
    <message>
        <source>The login %1 may not add indexes to the store at %2: its tables belong to the store&apos;s owner. Nothing was changed. Ask the owner to run &apos;refund-desk upgrade --db ...&apos;.</source>
        <translation>Логин %1 не может добавлять индексы в хранилище %2: его таблицы принадлежат владельцу хранилища. Ничего не изменено. Попросите владельца выполнить &apos;refund-desk upgrade --db ...&apos;.</translation>
    </message>
    <message>
        <source>Could not read which indexes %1 has: %2. Check that the file is readable and try again.</source>
        <translation>Не удалось прочитать, какие индексы есть в %1: %2. Проверьте, что файл доступен для чтения, и повторите попытку.</translation>
    </message>
    <message>
        <source>Could not read which indexes %1 has: %2. Nothing was changed. Check that the file is readable and try again.</source>
        <translation>Не удалось прочитать, какие индексы есть в %1: %2. Ничего не изменено. Проверьте, что файл доступен для чтения, и повторите попытку.</translation>
    </message>
    <message>
        <source>reading the audit chain&apos;s last link</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение последнего звена цепочки аудита</translation>
    </message>
    <message>
        <source>%1 has a note since the review: %2. Nothing was written; look at it again.</source>
        <translation>У %1 появилась заметка после проверки плана: %2. Ничего не записано; посмотрите на операцию ещё раз.</translation>
    </message>
    <message>
        <source>reading what the provider answered</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение ответов провайдера</translation>
    </message>
    <message>
        <source>The login %1 may not read the store at %2. Ask the administrator to grant it one of the refund_desk_support, refund_desk_audit, refund_desk_agent or refund_desk_reconciler roles (roles-postgresql.sql).</source>
        <translation>Вход %1 не может читать хранилище %2. Попросите администратора выдать ему одну из ролей refund_desk_support, refund_desk_audit, refund_desk_agent или refund_desk_reconciler (roles-postgresql.sql).</translation>
    </message>
    <message>
        <source>Opened read-only: the login %1 is a reconciler&apos;s (refund_desk_reconciler): it keeps what Stripe answers, and records no decision, claim or note.</source>
        <translation>Открыто только для чтения: вход %1 принадлежит сверщику (refund_desk_reconciler): он сохраняет ответы Stripe и не записывает ни решений, ни захватов, ни заметок.</translation>
    </message>
    <message>
        <source>reading the attempts of several operations</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение попыток нескольких операций</translation>
    </message>
    <message>
        <source>reading the operations of several orders</source>
        <comment>what the store was doing when it failed</comment>
        <translation>чтение операций нескольких заказов</translation>
    </message>
</context>
<context>
    <name>StoreNotice</name>
    <message>
        <source>A snapshot of the store as it was at %1; later changes do not appear. Reopen (F5) to see them.</source>
        <translation>Снимок хранилища на момент %1; более поздние изменения здесь не видны. Чтобы увидеть их, откройте хранилище заново (F5).</translation>
    </message>
    <message>
        <source>Snapshot as of %1</source>
        <translation>Снимок на %1</translation>
    </message>
    <message>
        <source>a snapshot as it was at %1; later changes do not appear</source>
        <translation>снимок на момент %1; более поздние изменения не видны</translation>
    </message>
    <message>
        <source>An incomplete copy: its latest changes cannot be read here and do not appear. Ask for a complete copy of the store (hover here for how).</source>
        <translation>Неполная копия: её последние изменения здесь прочитать нельзя, поэтому они не показаны. Попросите полную копию хранилища (как её сделать — в подсказке, наведите сюда указатель).</translation>
    </message>
    <message>
        <source>Incomplete copy</source>
        <translation>Неполная копия</translation>
    </message>
    <message>
        <source>an incomplete copy: its latest changes do not appear</source>
        <translation>неполная копия: её последние изменения не видны</translation>
    </message>
    <message>
        <source>Read-only, as asked (--read-only): you can look at everything and copy replies; nothing can be claimed or recorded in this window.</source>
        <translation>Только чтение, как вы и просили (--read-only): можно всё просматривать и копировать ответы; взять в работу или зафиксировать что-либо в этом окне нельзя.</translation>
    </message>
    <message>
        <source>Read-only: you may not change this store, so nothing can be claimed or recorded in this window; you can look at everything and copy replies. To work the queue, ask for write access (hover here for the reason).</source>
        <translation>Только чтение: у вас нет права изменять это хранилище, поэтому взять в работу или зафиксировать что-либо в этом окне нельзя; можно всё просматривать и копировать ответы. Чтобы работать с очередью, попросите право на запись (причина — в подсказке, наведите сюда указатель).</translation>
    </message>
</context>
<context>
    <name>Stripe</name>
    <message>
        <source>The Stripe API base %1 is not a URL of a server: give one such as https://api.stripe.com.</source>
        <translation>Адрес API Stripe %1 не является адресом сервера: укажите адрес вроде https://api.stripe.com.</translation>
    </message>
    <message>
        <source>The Stripe API base %1 is plain http to another machine, which would send the key unencrypted: use https (plain http is for a test server on 127.0.0.1 only).</source>
        <translation>Адрес API Stripe %1 — простой http на другую машину, ключ ушёл бы незашифрованным: используйте https (простой http — только для тестового сервера на 127.0.0.1).</translation>
    </message>
    <message>
        <source>The Stripe API base %1 is not an http or https URL: give one such as https://api.stripe.com.</source>
        <translation>Адрес API Stripe %1 не является адресом http или https: укажите адрес вроде https://api.stripe.com.</translation>
    </message>
    <message>
        <source>Stripe limits the rate of requests (429): waiting %1 s as it asks, then asking for %2 again.</source>
        <translation>Stripe ограничивает частоту запросов (429): жду %1 с, как он просит, затем снова запрошу %2.</translation>
    </message>
    <message>
        <source>Stripe did not answer %1 in time: asking again in %2 s.</source>
        <translation>Stripe не ответил на %1 вовремя: повторю запрос через %2 с.</translation>
    </message>
    <message>
        <source>The connection to Stripe failed for %1: trying again in %2 s.</source>
        <translation>Соединение со Stripe для %1 не удалось: повторю через %2 с.</translation>
    </message>
    <message>
        <source>Stripe answered %1 with an error it says is worth retrying: asking again in %2 s.</source>
        <translation>Stripe ответил на %1 ошибкой, которую, по его словам, стоит повторить: повторю запрос через %2 с.</translation>
    </message>
    <message>
        <source>%1 (request %2).</source>
        <translation>%1 (запрос %2).</translation>
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
        <translation>Stripe отклонил ключ (401): он неверен или отозван; создайте в Dashboard (Developers, API keys) ограниченный ключ с Refunds: Read и Events: Read и используйте его</translation>
    </message>
    <message>
        <source>Stripe refused the request (403): the key may not read this; give the restricted key Refunds: Read and Events: Read in the Dashboard (Developers, API keys)</source>
        <translation>Stripe отклонил запрос (403): ключу нельзя это читать; дайте ограниченному ключу Refunds: Read и Events: Read в Dashboard (Developers, API keys)</translation>
    </message>
    <message>
        <source>Stripe refused the request (403): the restricted key lacks the permission %1; grant it in the Dashboard (Developers, API keys) or use a key that has it</source>
        <translation>Stripe отклонил запрос (403): у ограниченного ключа нет разрешения %1; выдайте его в Dashboard (Developers, API keys) или используйте ключ, у которого оно есть</translation>
    </message>
    <message>
        <source>Stripe has nothing at %1 (404): check the id, and that the key belongs to the account and mode of the store</source>
        <translation>У Stripe нет ничего по адресу %1 (404): проверьте идентификатор и то, что ключ относится к учётной записи и режиму хранилища</translation>
    </message>
    <message numerus="yes">
        <source>Stripe still limited the rate of requests after %n tries (429): run the command again in a few minutes, when fewer programs use this account&apos;s read limit</source>
        <translation>
            <numerusform>Stripe по-прежнему ограничивал частоту запросов после %n попытки (429): запустите команду снова через несколько минут, когда лимит чтения этой учётной записи будут расходовать меньше программ</numerusform>
            <numerusform>Stripe по-прежнему ограничивал частоту запросов после %n попыток (429): запустите команду снова через несколько минут, когда лимит чтения этой учётной записи будут расходовать меньше программ</numerusform>
            <numerusform>Stripe по-прежнему ограничивал частоту запросов после %n попыток (429): запустите команду снова через несколько минут, когда лимит чтения этой учётной записи будут расходовать меньше программ</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stripe did not answer %1 after %n tries (the last one HTTP %2): try again later; status.stripe.com says whether Stripe has an incident</source>
        <translation>
            <numerusform>Stripe не ответил на %1 после %n попытки (последняя — HTTP %2): попробуйте позже; status.stripe.com покажет, нет ли у Stripe сбоя</numerusform>
            <numerusform>Stripe не ответил на %1 после %n попыток (последняя — HTTP %2): попробуйте позже; status.stripe.com покажет, нет ли у Stripe сбоя</numerusform>
            <numerusform>Stripe не ответил на %1 после %n попыток (последняя — HTTP %2): попробуйте позже; status.stripe.com покажет, нет ли у Stripe сбоя</numerusform>
        </translation>
    </message>
    <message>
        <source>Stripe refused %1 (HTTP %2: %3): this is a fault of Refund Desk&apos;s request; report it with the request id</source>
        <translation>Stripe отклонил %1 (HTTP %2: %3): это ошибка запроса Refund Desk; сообщите о ней, указав идентификатор запроса</translation>
    </message>
    <message>
        <source>no message</source>
        <translation>без сообщения</translation>
    </message>
    <message numerus="yes">
        <source>Stripe did not answer %1 after %n tries (each waited %2 s): try again later; status.stripe.com says whether Stripe has an incident.</source>
        <translation>
            <numerusform>Stripe не ответил на %1 после %n попытки (каждая ждала %2 с): попробуйте позже; status.stripe.com покажет, нет ли у Stripe сбоя.</numerusform>
            <numerusform>Stripe не ответил на %1 после %n попыток (каждая ждала %2 с): попробуйте позже; status.stripe.com покажет, нет ли у Stripe сбоя.</numerusform>
            <numerusform>Stripe не ответил на %1 после %n попыток (каждая ждала %2 с): попробуйте позже; status.stripe.com покажет, нет ли у Stripe сбоя.</numerusform>
        </translation>
    </message>
    <message>
        <source>The name %1 could not be resolved (DNS): check this machine&apos;s network and DNS, or the API base given in STRIPE_API_BASE or --stripe-api-base.</source>
        <translation>Имя %1 не удалось разрешить (DNS): проверьте сеть и DNS этой машины или адрес API в STRIPE_API_BASE или --stripe-api-base.</translation>
    </message>
    <message>
        <source>The TLS connection to %1 could not be trusted (%2): check the machine&apos;s clock and its CA certificates (the ca-certificates package), or a proxy that intercepts TLS.</source>
        <translation>Соединению TLS с %1 нельзя доверять (%2): проверьте часы машины и её сертификаты ЦС (пакет ca-certificates) или прокси, перехватывающий TLS.</translation>
    </message>
    <message numerus="yes">
        <source>Could not reach %1 after %n tries (%2): check that this machine is online and may connect to it (a firewall or a proxy), then try again.</source>
        <translation>
            <numerusform>Не удалось связаться с %1 после %n попытки (%2): проверьте, что машина в сети и может к нему подключаться (межсетевой экран или прокси), затем повторите.</numerusform>
            <numerusform>Не удалось связаться с %1 после %n попыток (%2): проверьте, что машина в сети и может к нему подключаться (межсетевой экран или прокси), затем повторите.</numerusform>
            <numerusform>Не удалось связаться с %1 после %n попыток (%2): проверьте, что машина в сети и может к нему подключаться (межсетевой экран или прокси), затем повторите.</numerusform>
        </translation>
    </message>
    <message>
        <source>The request to %1 failed (%2): check the network, then try again.</source>
        <translation>Запрос к %1 не удался (%2): проверьте сеть и повторите.</translation>
    </message>
    <message>
        <source>No Stripe key: set STRIPE_API_KEY or pass --stripe-key-file FILE with a restricted key that has Refunds: Read and Events: Read.</source>
        <translation>Нет ключа Stripe: задайте STRIPE_API_KEY или передайте --stripe-key-file FILE с ограниченным ключом, у которого есть Refunds: Read и Events: Read.</translation>
    </message>
    <message>
        <source>The key file %1 does not exist or is not a file: give the file that holds the restricted key.</source>
        <translation>Файл ключа %1 не существует или не является файлом: укажите файл с ограниченным ключом.</translation>
    </message>
    <message>
        <source>The key file %1 may be read by others (mode %2), so it is refused as ssh refuses such a key: run chmod 600 %1.</source>
        <translation>Файл ключа %1 могут читать другие (права %2), поэтому он отклонён, как ssh отклоняет такой ключ: выполните chmod 600 %1.</translation>
    </message>
    <message>
        <source>Cannot read the key file %1: %2.</source>
        <translation>Не удаётся прочитать файл ключа %1: %2.</translation>
    </message>
    <message>
        <source>Note: the key from %1 is a secret key (sk_…), which can also write; a restricted key with Refunds: Read and Events: Read only is the right one.</source>
        <translation>Примечание: ключ из %1 — секретный (sk_…) и может также писать; правильный — ограниченный ключ только с Refunds: Read и Events: Read.</translation>
    </message>
    <message>
        <source>Stripe&apos;s answer is not a list Refund Desk can read (%1): report it with the request id.</source>
        <translation>Ответ Stripe — не список, который Refund Desk может прочитать (%1): сообщите об этом, указав идентификатор запроса.</translation>
    </message>
    <message>
        <source>The Stripe key is empty: give a restricted key (rk_test_… or rk_live_…).</source>
        <translation>Ключ Stripe пуст: укажите ограниченный ключ (rk_test_… или rk_live_…).</translation>
    </message>
    <message>
        <source>The Stripe key is a publishable key (pk_…), which cannot read refunds or events: give a restricted key (rk_test_… or rk_live_…).</source>
        <translation>Ключ Stripe — публикуемый (pk_…), он не может читать возвраты и события: укажите ограниченный ключ (rk_test_… или rk_live_…).</translation>
    </message>
    <message>
        <source>The Stripe key is not one: a key starts with rk_test_, rk_live_ (restricted, the right one) or sk_test_, sk_live_, and holds only letters, digits and underscores.</source>
        <translation>Это не ключ Stripe: ключ начинается с rk_test_, rk_live_ (ограниченный, правильный) или sk_test_, sk_live_ и содержит только буквы, цифры и подчёркивания.</translation>
    </message>
    <message>
        <source>live mode</source>
        <translation>боевой режим</translation>
    </message>
    <message>
        <source>test mode</source>
        <translation>тестовый режим</translation>
    </message>
    <message>
        <source>Stripe&apos;s answer to %1 is not a refund object (request %2): report it with this request id.</source>
        <translation>Ответ Stripe на %1 — не объект возврата (запрос %2): сообщите об этом, указав этот идентификатор запроса.</translation>
    </message>
    <message>
        <source>refund %1: Stripe has no such refund</source>
        <translation>возврат %1: у Stripe нет такого возврата</translation>
    </message>
    <message>
        <source>No refund with this operation&apos;s id was created between %1 and %2; the listing was complete.</source>
        <translation>С %1 по %2 не создано ни одного возврата с идентификатором этой операции; список получен полностью.</translation>
    </message>
    <message>
        <source>The listing of refunds created between %1 and %2 did not finish.</source>
        <translation>Список возвратов, созданных с %1 по %2, не был получен до конца.</translation>
    </message>
    <message>
        <source>Stripe says: %1.</source>
        <translation>Stripe отвечает: %1.</translation>
    </message>
    <message>
        <source>This store cannot keep what Stripe answers (read-only, or schema version 1): open it for writing, upgraded, and ask again.</source>
        <translation>Это хранилище не может сохранить ответы Stripe (только чтение или схема версии 1): откройте его для записи, обновите и спросите снова.</translation>
    </message>
    <message>
        <source>%1 The undelivered events were not listed: every operation is asked by listing or by id instead; give the key Events: Read to settle missed webhooks first.</source>
        <translation>%1 Недоставленные события не получены: каждая операция проверяется по списку возвратов или по id; дайте ключу право Events: Read, чтобы сначала учитывать пропущенные вебхуки.</translation>
    </message>
    <message>
        <source>refund %1: %2, %3</source>
        <translation>возврат %1: %2, %3</translation>
    </message>
    <message>
        <source>The record of what Stripe answered cannot be read.</source>
        <translation>Запись ответа Stripe не удаётся прочитать.</translation>
    </message>
    <message>
        <source>%1, made by no operation of this store</source>
        <translation>%1, не сделан ни одной операцией этого хранилища</translation>
    </message>
    <message>
        <source>%1, operation %2&apos;s</source>
        <translation>%1, операции %2</translation>
    </message>
    <message>
        <source>Stripe lists no refund of payment %1; the listing was complete.</source>
        <translation>Stripe не показывает ни одного возврата по платежу %1; список полный.</translation>
    </message>
    <message>
        <source>The listing of the refunds of payment %1 did not finish.</source>
        <translation>Список возвратов по платежу %1 не дочитан.</translation>
    </message>
    <message>
        <source>Stripe says of payment %1: %2.</source>
        <translation>Stripe о платеже %1: %2.</translation>
    </message>
    <message>
        <source>Asked by the payment, read from %1.</source>
        <translation>Запрошено по платежу, взятому из: %1.</translation>
    </message>
    <message>
        <source>the row&apos;s payment_id</source>
        <translation>payment_id строки</translation>
    </message>
    <message>
        <source>event %1 of this operation</source>
        <translation>событие %1 этой операции</translation>
    </message>
    <message>
        <source>operation %1 of the same order</source>
        <translation>операция %1 того же заказа</translation>
    </message>
    <message>
        <source>event %1 of operation %2 of the same order</source>
        <translation>событие %1 операции %2 того же заказа</translation>
    </message>
    <message>
        <source>an unknown place</source>
        <translation>неизвестного места</translation>
    </message>
    <message>
        <source>No payment was known, so the window was listed: it cannot see refunds made by another path (the Dashboard, another tool).</source>
        <translation>Платёж не был известен, поэтому запрошено окно: оно не видит возвратов, сделанных другим путём (Dashboard, другой инструмент).</translation>
    </message>
</context>
<context>
    <name>TableCopy</name>
    <message>
        <source>&amp;Copy rows</source>
        <translation>&amp;Копировать строки</translation>
    </message>
</context>
<context>
    <name>TimeText</name>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 д %2 ч</translation>
    </message>
    <message>
        <source>%1 h %2 m</source>
        <translation>%1 ч %2 мин</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 мин</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>d MMM</source>
        <comment>date format (QDate) of a day this year</comment>
        <translation>d MMM</translation>
    </message>
    <message>
        <source>d MMM yyyy</source>
        <comment>date format (QDate) of a day in another year</comment>
        <translation>d MMM yyyy</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>только что</translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n мин назад</numerusform>
            <numerusform>%n мин назад</numerusform>
            <numerusform>%n мин назад</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n ч назад</numerusform>
            <numerusform>%n ч назад</numerusform>
            <numerusform>%n ч назад</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n days ago</source>
        <translation>
            <numerusform>%n день назад</numerusform>
            <numerusform>%n дня назад</numerusform>
            <numerusform>%n дней назад</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Translations</name>
    <message>
        <source>refund-desk: unknown language &apos;%1&apos;; use one of: %2.
</source>
        <translation>refund-desk: неизвестный язык «%1»; допустимы: %2.
</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>none</source>
        <translation>нет данных</translation>
    </message>
    <message>
        <source>refunded</source>
        <translation>возвращено</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не выполнено</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>в ожидании</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>конфликт</translation>
    </message>
    <message>
        <source>not found at Stripe</source>
        <translation>не найдено в Stripe</translation>
    </message>
    <message>
        <source>refund by another path</source>
        <translation>возврат другим путём</translation>
    </message>
</context>
</TS>
