// The console in each language, offscreen, on a demo store:
// - under a translator that marks every text it is asked for, every text a person can
//   read in the main window, its menus, the resolve dialog and the audit window is marked
//   (so it went through tr()), apart from data (ids, amounts, names) and the languages'
//   own names;
// - in English, Russian and Chinese at 1366×768, no button, header, tab or label is cut;
//   every cell of every table of the panel, on each of its tabs, is read whole without
//   scrolling sideways (on one line, or on the lines its row is tall enough for), and no
//   cell of the batch review is cut (its elastic column's cells aside, which give way
//   first and say themselves whole in their tooltip); a screenshot
//   of the console and of the review goes to RD_SCREENSHOT_DIR (docs/ keeps one of each);
// - Help › Language switches the open windows at once, keeping what was typed;
// - in Russian at 1366×768 the queue's columns but the follow-up, and the search placeholder, fit;
// - in each language, no letter that Alt goes with is claimed by two controls of the
//   window, two entries of a menu, or two controls of the resolve, note or batch review
//   dialog or of the audit window, and Help › Keyboard shortcuts names the entries without
//   their marks;
// - in each language at 1366×768, a conflict's verdict is whole, with its two refunds'
//   events and its first attempts in view (in Russian the panel's parts scroll to keep them).

#include "tst_languages.h"
#include "altkeys.h"
#include "cutcontent.h"
#include "testpaths.h"

#include <QSet>

using RefundDesk::Test::altKeysClaimedTwice;
using RefundDesk::Test::cellsNotWhole;
using RefundDesk::Test::cutCells;
using RefundDesk::Test::cutTexts;
using RefundDesk::Test::firstRowsNotInView;
using RefundDesk::Test::menuKeysClaimedTwice;

namespace {

const QChar markOpen(0x27E6);  // ⟦
const QChar markClose(0x27E7); // ⟧

// Gives back every text it is asked for, marked: what reaches the screen through tr()
// carries the marks, what does not is plain.
class MarkingTranslator final : public QTranslator
{
public:
    bool isEmpty() const override { return false; }
    QString translate(const char *, const char *sourceText, const char *, int) const override
    {
        if (!sourceText || !*sourceText)
            return {};
        return markOpen + QString::fromUtf8(sourceText) + markClose;
    }
};

// What is left of `text` outside the marked parts.
QString unmarked(const QString &text)
{
    QString rest;
    int depth = 0;
    for (const QChar c : text) {
        if (c == markOpen)
            ++depth;
        else if (c == markClose)
            depth = qMax(0, depth - 1);
        else if (depth == 0)
            rest += c;
    }
    return rest;
}

// Words in `rest` that are not data: ids (op_5521, evt_…, re_…, keys: with a digit, an
// underscore, a dot or a slash in them), currency codes, and the names in `data`.
QStringList wordsOutsideData(QString rest, const QStringList &data)
{
    for (const QString &word : data)
        rest.replace(word, QStringLiteral(" "));
    static const QRegularExpression token(QStringLiteral("\\S*[\\d_./:@]\\S*|\\b[A-Z]{3}\\b"));
    rest.replace(token, QStringLiteral(" "));
    static const QRegularExpression word(QStringLiteral("\\p{L}{2,}"));
    QStringList words;
    for (auto it = word.globalMatch(rest); it.hasNext();)
        words << it.next().captured();
    return words;
}

QString plain(const QString &text)
{
    if (!Qt::mightBeRichText(text))
        return text;
    QTextDocument document;
    document.setHtml(text);
    return document.toPlainText();
}

// Every text of `root` a person can read: labels, buttons, titles, tabs, placeholders,
// combo box entries, tooltips, headers and the first rows of every table, menus.
QStringList visibleTexts(QWidget *root)
{
    QStringList texts;
    const auto add = [&texts](const QString &text, const QString &where) {
        if (!text.trimmed().isEmpty())
            texts << where + QStringLiteral(": ") + plain(text);
    };
    add(root->windowTitle(), QStringLiteral("window title"));
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *widget : widgets) {
        if (!widget->isVisibleTo(root) && widget != root)
            continue;
        const QString where = QString::fromLatin1(widget->metaObject()->className()) + u' ' + widget->objectName();
        add(widget->toolTip(), where + QStringLiteral(" tooltip"));
        add(widget->statusTip(), where + QStringLiteral(" status tip"));
        if (auto *label = qobject_cast<QLabel *>(widget))
            add(label->text(), where);
        if (auto *button = qobject_cast<QAbstractButton *>(widget))
            add(button->text(), where);
        if (auto *box = qobject_cast<QGroupBox *>(widget))
            add(box->title(), where);
        if (auto *edit = qobject_cast<QLineEdit *>(widget))
            add(edit->placeholderText(), where + QStringLiteral(" placeholder"));
        if (auto *combo = qobject_cast<QComboBox *>(widget)) {
            for (int i = 0; i < combo->count(); ++i)
                add(combo->itemText(i), where + QStringLiteral(" item"));
        }
        if (auto *tabs = qobject_cast<QTabBar *>(widget)) {
            for (int i = 0; i < tabs->count(); ++i) {
                add(tabs->tabText(i), where + QStringLiteral(" tab"));
                add(tabs->tabToolTip(i), where + QStringLiteral(" tab tooltip"));
            }
        }
        if (auto *table = qobject_cast<QTableView *>(widget); table && table->model()) {
            const QAbstractItemModel *model = table->model();
            for (int column = 0; column < model->columnCount(); ++column) {
                if (table->isColumnHidden(column))
                    continue;
                add(model->headerData(column, Qt::Horizontal).toString(), where + QStringLiteral(" header"));
                add(model->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString(),
                    where + QStringLiteral(" header tooltip"));
                for (int row = 0; row < qMin(model->rowCount(), 25); ++row) {
                    add(model->index(row, column).data().toString(), where + QStringLiteral(" cell"));
                    add(model->index(row, column).data(Qt::ToolTipRole).toString(), where + QStringLiteral(" cell tooltip"));
                }
            }
        }
    }
    std::function<void(const QList<QAction *> &, const QString &)> addActions = [&](const QList<QAction *> &actions,
                                                                                    const QString &where) {
        for (QAction *action : actions) {
            if (action->isSeparator())
                continue;
            add(action->text(), where);
            add(action->statusTip(), where + QStringLiteral(" status tip"));
            if (action->toolTip() != QString(action->text()).remove(u'&'))
                add(action->toolTip(), where + QStringLiteral(" tooltip"));
            if (QMenu *menu = action->menu())
                addActions(menu->actions(), where + u' ' + QString(action->text()).remove(u'&'));
        }
    };
    if (auto *window = qobject_cast<QMainWindow *>(root))
        addActions(window->menuBar()->actions(), QStringLiteral("menu"));
    return texts;
}

} // namespace

void LanguagesTest::initTestCase()
{
    QVERIFY(m_settings.isValid());
    Test::useIsolatedSettings(m_settings.path(), QStringLiteral("tst_languages"));
}

void LanguagesTest::cleanup()
{
    Translations::install(QStringLiteral("en"));
    QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
}

void LanguagesTest::everyVisibleTextIsTranslatable()
{
    MarkingTranslator marking;
    QVERIFY(QCoreApplication::installTranslator(&marking));
    DemoConsole console;
    QVERIFY2(console.open(), qPrintable(console.window ? console.window->lastError() : QString()));
    MainWindow &window = *console.window;

    // Data the texts may show as it is: who claimed what, and the operator at the desk.
    QStringList data{QStringLiteral("alice"), QStringLiteral("English"), QStringLiteral("Русский"),
                     QStringLiteral("简体中文"), QStringLiteral("HTTP")};
    const QAbstractItemModel *queue = window.queuePane()->model();
    for (int row = 0; row < queue->rowCount(); ++row)
        data << queue->index(row, QueueModel::ClaimedByColumn).data().toString();
    data.removeAll(QString());

    QStringList texts = visibleTexts(&window);
    const auto dialogTexts = console.inResolveDialog(visibleTexts);
    QVERIFY(dialogTexts);
    texts << *dialogTexts;

    AuditWindow *audit = console.openAuditWindow();
    QVERIFY(audit);
    QTRY_VERIFY(audit->chainReport().has_value());
    texts << visibleTexts(audit);
    // What people typed into the audit log (operator, evidence, note) is data too.
    const QAbstractItemModel *log = audit->model();
    for (int row = 0; row < log->rowCount(); ++row) {
        for (int column : {AuditEntryModel::OperatorColumn, AuditEntryModel::EvidenceColumn, AuditEntryModel::NoteColumn})
            data << log->index(row, column).data().toString();
    }
    data.removeAll(QString());
    // Longest first, so that a name inside a note does not leave the note's other words.
    std::sort(data.begin(), data.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
    audit->close();
    QCoreApplication::removeTranslator(&marking);

    QVERIFY(texts.size() > 100);
    QStringList untranslated;
    for (const QString &text : texts) {
        const QString where = text.section(QStringLiteral(": "), 0, 0);
        const QString shown = text.section(QStringLiteral(": "), 1);
        const QStringList words = wordsOutsideData(unmarked(shown), data);
        if (!words.isEmpty())
            untranslated << QStringLiteral("%1: \"%2\" (%3)").arg(where, shown, words.join(u' '));
    }
    untranslated.removeDuplicates();
    QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("texts shown without tr():\n  ")
                                                + untranslated.join(QStringLiteral("\n  "))));
}

void LanguagesTest::noTextIsCut_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("ru") << QStringLiteral("ru");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    QTest::newRow("en") << QStringLiteral("en");
}

void LanguagesTest::noTextIsCut()
{
    QFETCH(QString, language);
    Translations::install(language);
    DemoConsole console;
    QVERIFY2(console.open(), qPrintable(console.window ? console.window->lastError() : QString()));
    MainWindow &window = *console.window;
    QTest::qWait(100);

    // Proof that the language is the one asked for: the File menu is translated.
    const QString file = window.menuBar()->actions().constFirst()->text();
    QCOMPARE(file, language == u"ru" ? QStringLiteral("&Файл")
                   : language == u"zh_CN" ? QStringLiteral("文件(&F)") : QStringLiteral("&File"));

    QStringList problems = cutTexts(&window);
    problems << cellsNotWhole(window.panel());
    // The queue shows all its columns side by side, without scrolling sideways. Not in
    // Russian: the panel keeps the room its tables need at their narrowest (its buttons and
    // badge wrap), which leaves the queue the room for all but its follow-up
    // (russianQueueFitsTheWindow).
    QTableView *queue = window.queuePane()->view();
    if (language != u"ru" && queue->horizontalHeader()->length() > queue->viewport()->width())
        problems << QStringLiteral("the queue scrolls sideways: its columns take %1 px, it shows %2")
                        .arg(queue->horizontalHeader()->length())
                        .arg(queue->viewport()->width());
    // The History comes first among the panel's tabs, and is the one shown.
    auto *tabs = window.panel()->findChild<QTabWidget *>(QStringLiteral("detailTabs"));
    QVERIFY(tabs);
    QCOMPARE(tabs->currentIndex(), 0);
    QVERIFY(tabs->currentWidget()->findChild<QTableView *>(QStringLiteral("historyTable")));
    const auto dialogProblems = console.inResolveDialog(cutTexts);
    QVERIFY(dialogProblems);
    problems << *dialogProblems;

    const QString folder = qEnvironmentVariable("RD_SCREENSHOT_DIR", Test::testsBuildDir());
    const QString picture = QStringLiteral("%1/console-%2.png").arg(folder, language);
    QVERIFY2(window.grab().save(picture, "PNG"), qPrintable(picture));

    // The batch review over the whole queue, at the window's size.
    BatchReviewDialog *review = console.openBatchReview();
    QVERIFY(review);
    QVERIFY(review->eligibleTable()->rowCount() > 0);
    problems << cutTexts(review) << cutCells(review);
    const QString reviewPicture = QStringLiteral("%1/review-%2.png").arg(folder, language);
    QVERIFY2(review->grab().save(reviewPicture, "PNG"), qPrintable(reviewPicture));
    review->reject();
    QTRY_VERIFY(!window.findChild<BatchReviewDialog *>());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void LanguagesTest::aConflictShowsItsRefundsAndAttempts_data()
{
    noTextIsCut_data();
}

void LanguagesTest::aConflictShowsItsRefundsAndAttempts()
{
    QFETCH(QString, language);
    Translations::install(language);
    DemoConsole console;
    QVERIFY2(console.openSeeded(3), qPrintable(console.window ? console.window->lastError() : QString()));
    MainWindow &window = *console.window;
    QTRY_VERIFY_WITH_TIMEOUT(window.queuePane()->view()->model()->rowCount() > 0, 30'000);

    // The demo's conflict with the most attempts: the verdict takes three lines and more,
    // the next step two, and the two refunds' events follow.
    const QAbstractItemModel *queue = window.queuePane()->view()->model();
    QString conflict;
    int mostAttempts = 0;
    for (int row = 0; row < queue->rowCount(); ++row) {
        const int attempts = queue->index(row, QueueModel::AttemptsColumn).data().toInt();
        if (queue->index(row, 0).data(QueueModel::VerdictRole).toString() == u"conflict" && attempts > mostAttempts) {
            conflict = queue->index(row, 0).data(QueueModel::OperationIdRole).toString();
            mostAttempts = attempts;
        }
    }
    QVERIFY2(mostAttempts >= 3, "the demo store has no conflict of three attempts or more");
    QVERIFY(RefundDesk::Test::showAndWait(window, conflict));
    QTest::qWait(100);
    QVERIFY(window.panel()->evidenceView()->table()->model()->rowCount() >= 2);
    QStringList problems = firstRowsNotInView(window.panel()) << cutTexts(window.panel());
    // Its amounts and times on the lines of its narrowed columns, each whole.
    problems << cellsNotWhole(window.panel());
    // Its refunds side by side in the resolve dialog, their ids whole.
    const auto dialogProblems = console.inResolveDialog([](QWidget *dialog) { return cutTexts(dialog) << cutCells(dialog); });
    QVERIFY(dialogProblems);
    problems << *dialogProblems;
    QVERIFY2(problems.isEmpty(), qPrintable(conflict + u'\n' + problems.join(u'\n')));
}

void LanguagesTest::everyAltKeyReachesOneControl_data()
{
    noTextIsCut_data();
}

void LanguagesTest::everyAltKeyReachesOneControl()
{
    QFETCH(QString, language);
    Translations::install(language);
    DemoConsole console;
    QVERIFY2(console.open(), qPrintable(console.window ? console.window->lastError() : QString()));
    MainWindow &window = *console.window;
    QStringList problems = altKeysClaimedTwice(&window) << menuKeysClaimedTwice(window.menuBar());
    const auto dialogProblems = console.inResolveDialog(altKeysClaimedTwice);
    QVERIFY(dialogProblems);
    problems << *dialogProblems;

    AuditWindow *audit = console.openAuditWindow();
    QVERIFY(audit);
    problems << altKeysClaimedTwice(audit);
    audit->close();

    window.actions()->addNote()->trigger();
    QTRY_VERIFY(window.noteDialog() && window.noteDialog()->isVisible());
    problems << altKeysClaimedTwice(window.noteDialog());
    window.noteDialog()->reject();
    QTRY_VERIFY(!window.noteDialog());

    // Help › Keyboard shortcuts names the entries as they read: no "&", no Chinese "(&F)".
    window.findChild<QAction *>(QStringLiteral("keyboardShortcutsAction"))->trigger();
    ShortcutsDialog *keys = nullptr;
    QTRY_VERIFY((keys = window.findChild<ShortcutsDialog *>()) && keys->isVisible());
    static const QRegularExpression mark(QStringLiteral("&|\\([A-Z]\\)"));
    for (int row = 0; row < keys->table()->rowCount(); ++row) {
        for (int column : {1, 2}) {
            const QString text = keys->table()->item(row, column)->text();
            if (text.contains(mark))
                problems << QStringLiteral("keyboardShortcuts: \"%1\" keeps its mark").arg(text);
        }
    }
    keys->close();

    BatchReviewDialog *review = console.openBatchReview();
    QVERIFY(review);
    problems << altKeysClaimedTwice(review);
    review->reject();
    QTRY_VERIFY(!window.findChild<BatchReviewDialog *>());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

QTEST_MAIN(LanguagesTest)
