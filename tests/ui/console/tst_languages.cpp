// The console in each language, offscreen, on a demo store:
// - under a translator that marks every text it is asked for, every text a person can
//   read in the main window, its menus, the resolve dialog and the audit window is marked
//   (so it went through tr()), apart from data (ids, amounts, names) and the languages'
//   own names;
// - in Russian and Chinese at the default window size, no button, header, tab or label
//   is cut; a screenshot of each goes to RD_SCREENSHOT_DIR (docs/ keeps one of each);
// - Help › Language switches the open windows at once, keeping what was typed;
// - in Russian at 1366×768 the queue's first columns and the search placeholder fit.

#include "isolatedsettings.h"
#include "consolewait.h"

#include "audit/auditentrymodel.h"
#include "i18n/translations.h"
#include "items/queuemodel.h"
#include "ui/audit/auditfilterbar.h"
#include "ui/audit/auditwindow.h"
#include "ui/audit/exposurechart.h"
#include "ui/console/auditintegration.h"
#include "ui/console/evidenceview.h"
#include "ui/console/mainwindow.h"
#include "ui/console/operationactions.h"
#include "ui/console/operationpanel.h"
#include "ui/console/operatoridentity.h"
#include "ui/console/queuefilterbar.h"
#include "ui/console/queuepane.h"
#include "ui/console/resolvedialog.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStatusBar>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleOptionFrame>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QChart>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QToolButton>
#include <QTranslator>

#include <functional>
#include <memory>
#include <optional>

using namespace RefundDesk;

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

// The console at the size refund-desk --screenshot renders, on a fresh demo store, with
// the reference case op_5521 shown.
struct DemoConsole
{
    QTemporaryDir dir;
    OperatorIdentity identity;
    std::unique_ptr<MainWindow> window;

    bool open()
    {
        identity.useForThisRun(QStringLiteral("alice"));
        window = std::make_unique<MainWindow>(&identity);
        window->setShowErrorDialogs(false);
        window->resize(1366, 768);
        window->show();
        if (!dir.isValid() || !QTest::qWaitForWindowExposed(window.get()))
            return false;
        QSignalSpy opened(window.get(), &MainWindow::storeOpened);
        window->openDemoStore(300, dir.filePath(QStringLiteral("demo.sqlite")));
        return opened.wait(60'000) && RefundDesk::Test::showAndWait(*window, QStringLiteral("op_5521"));
    }

    // What `look` finds in the resolve dialog of op_5521; the dialog is closed after.
    std::optional<QStringList> inResolveDialog(const std::function<QStringList(QWidget *)> &look)
    {
        window->actions()->record()->trigger();
        if (!QTest::qWaitFor([this] { return window->resolveDialog() != nullptr; })
            || !QTest::qWaitForWindowExposed(window->resolveDialog()))
            return std::nullopt;
        const QStringList found = look(window->resolveDialog());
        window->resolveDialog()->reject();
        if (!QTest::qWaitFor([this] { return window->resolveDialog() == nullptr; }))
            return std::nullopt;
        return found;
    }
};

// The problems of `root` whose texts are cut: buttons narrower than their text, header
// sections narrower than their title, tabs and labels cut, menus that spill over.
QStringList cutTexts(QWidget *root)
{
    QStringList problems;
    for (QAbstractButton *button : root->findChildren<QAbstractButton *>()) {
        if (!button->isVisibleTo(root) || button->text().isEmpty())
            continue;
        if (button->width() < button->sizeHint().width())
            problems << QStringLiteral("button \"%1\" is %2 px wide, its text needs %3")
                            .arg(button->text()).arg(button->width()).arg(button->sizeHint().width());
    }
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (!label->isVisibleTo(root) || label->text().isEmpty() || label->wordWrap()
            || qobject_cast<QAbstractButton *>(label->parentWidget()))
            continue;
        if (label->width() < label->minimumSizeHint().width())
            problems << QStringLiteral("label \"%1\" is %2 px wide, its text needs %3")
                            .arg(label->text()).arg(label->width()).arg(label->minimumSizeHint().width());
    }
    for (QHeaderView *header : root->findChildren<QHeaderView *>()) {
        if (!header->isVisibleTo(root) || header->orientation() != Qt::Horizontal || !header->model())
            continue;
        for (int section = 0; section < header->count(); ++section) {
            if (header->isSectionHidden(section))
                continue;
            const QString title = header->model()->headerData(section, Qt::Horizontal).toString();
            if (header->sectionSize(section) < header->sectionSizeHint(section))
                problems << QStringLiteral("header \"%1\" is %2 px wide, its title needs %3")
                                .arg(title).arg(header->sectionSize(section)).arg(header->sectionSizeHint(section));
        }
    }
    for (QTabBar *tabs : root->findChildren<QTabBar *>()) {
        if (!tabs->isVisibleTo(root))
            continue;
        for (int i = 0; i < tabs->count(); ++i) {
            const int needed = tabs->fontMetrics().horizontalAdvance(tabs->tabText(i).remove(u'&'));
            if (tabs->tabRect(i).width() < needed)
                problems << QStringLiteral("tab \"%1\" is %2 px wide, its text needs %3")
                                .arg(tabs->tabText(i)).arg(tabs->tabRect(i).width()).arg(needed);
        }
    }
    if (auto *window = qobject_cast<QMainWindow *>(root)) {
        QMenuBar *bar = window->menuBar();
        for (QAction *action : bar->actions()) {
            if (bar->actionGeometry(action).right() > bar->width())
                problems << QStringLiteral("menu \"%1\" does not fit in the menu bar").arg(action->text());
        }
    }
    return problems;
}

} // namespace

class LanguagesTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void everyVisibleTextIsTranslatable();
    void noTextIsCut_data();
    void noTextIsCut();
    void languageMenuSwitchesAtOnce();
    void russianQueueFitsTheWindow_data();
    void russianQueueFitsTheWindow();

private:
    QTemporaryDir m_settings;
};

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

    auto *integration = window.findChild<AuditIntegration *>();
    QVERIFY(integration);
    integration->auditLogAction()->trigger();
    QTRY_VERIFY(integration->auditWindow() && integration->auditWindow()->isVisible());
    QTRY_VERIFY(integration->auditWindow()->chainReport().has_value());
    texts << visibleTexts(integration->auditWindow());
    // What people typed into the audit log (operator, evidence, note) is data too.
    const QAbstractItemModel *log = integration->auditWindow()->model();
    for (int row = 0; row < log->rowCount(); ++row) {
        for (int column : {AuditEntryModel::OperatorColumn, AuditEntryModel::EvidenceColumn, AuditEntryModel::NoteColumn})
            data << log->index(row, column).data().toString();
    }
    data.removeAll(QString());
    // Longest first, so that a name inside a note does not leave the note's other words.
    std::sort(data.begin(), data.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
    integration->auditWindow()->close();
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
    const auto dialogProblems = console.inResolveDialog(cutTexts);
    QVERIFY(dialogProblems);
    problems << *dialogProblems;

    const QString folder = qEnvironmentVariable("RD_SCREENSHOT_DIR", QStringLiteral(RD_BINARY_DIR));
    const QString picture = QStringLiteral("%1/console-%2.png").arg(folder, language);
    QVERIFY2(window.grab().save(picture, "PNG"), qPrintable(picture));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

// Help › Language switches the open console, its resolve dialog and the audit window at
// once, through the menu itself: menus, a queue header, the status bar, the verdict banner,
// the search placeholder, the open dialog and the audit window's texts speak the new
// language; what was typed, the selection and the scroll stay; back in English every text
// is what it was. The choice is kept for the next start of the console.
void LanguagesTest::languageMenuSwitchesAtOnce()
{
    Translations::install(QStringLiteral("en"));
    QCOMPARE(Translations::saved(), QString());
    DemoConsole console;
    QVERIFY2(console.open(), qPrintable(console.window ? console.window->lastError() : QString()));
    MainWindow &window = *console.window;
    QueuePane *queue = window.queuePane();
    QLineEdit *search = queue->filterBar()->searchField();
    auto *integration = window.findChild<AuditIntegration *>();
    QVERIFY(integration);
    integration->auditLogAction()->trigger();
    QTRY_VERIFY(integration->auditWindow() && integration->auditWindow()->isVisible());
    AuditWindow *audit = integration->auditWindow();
    QTRY_VERIFY(audit->chainReport().has_value());
    // Something typed, a place in the list and a half-filled decision.
    search->setText(QStringLiteral("op_55"));
    QTRY_VERIFY(queue->model()->rowCount() > 0 && queue->model()->rowOf(QStringLiteral("op_5521")) >= 0);
    QVERIFY(RefundDesk::Test::showAndWait(window, QStringLiteral("op_5521")));
    window.actions()->record()->trigger();
    QTRY_VERIFY(window.resolveDialog() && window.resolveDialog()->isVisible());
    const QPointer<ResolveDialog> dialog = window.resolveDialog();
    const QString note = QStringLiteral("Checked in the provider's dashboard at 10:40");
    dialog->noteField()->setPlainText(note);

    QMenu *languages = nullptr;
    for (QMenu *menu : window.findChildren<QMenu *>()) {
        if (menu->title() == u"&Language")
            languages = menu;
    }
    QVERIFY(languages);
    const auto choice = [languages](const QString &data) -> QAction * {
        for (QAction *action : languages->actions()) {
            if (!action->isSeparator() && action->data().toString() == data)
                return action;
        }
        return nullptr;
    };
    QVERIFY(choice(QString()) && choice(QStringLiteral("en")) && choice(QStringLiteral("ru")) && choice(QStringLiteral("zh_CN")));
    QVERIFY(choice(QString())->isChecked());
    const QString systemEntry = choice(QString())->text();

    // Every text the test follows, as the window shows it now.
    auto *liveLabel = window.findChild<QLabel *>(QStringLiteral("liveLabel"));
    auto *operatorLabel = window.findChild<QLabel *>(QStringLiteral("operatorLabel"));
    QVERIFY(liveLabel && operatorLabel);
    const auto shown = [&] {
        return QStringList{
            window.menuBar()->actions().constFirst()->text(),
            window.actions()->record()->text(),
            queue->model()->headerData(QueueModel::VerdictColumn, Qt::Horizontal).toString(),
            queue->view()->model()->index(queue->model()->rowOf(QStringLiteral("op_5521")), QueueModel::VerdictColumn)
                .data(Qt::ToolTipRole).toString(),
            liveLabel->text(),
            operatorLabel->text(),
            window.panel()->evidenceView()->verdictText(),
            window.panel()->noticeText(),
            search->placeholderText(),
            dialog->windowTitle(),
            dialog->recordButton()->text(),
            dialog->summaryText(),
            audit->windowTitle(),
            audit->filterBar()->operatorBox()->itemText(0),
            audit->chart()->exposureChart()->title(),
            audit->chainLabel()->text(),
            choice(QString())->text(),
        };
    };
    const QStringList english = shown();
    QCOMPARE(english.at(0), QStringLiteral("&File"));
    QCOMPARE(english.at(2), QStringLiteral("Verdict"));
    QCOMPARE(english.at(4), QStringLiteral("Live"));
    QVERIFY2(english.at(6).startsWith(QStringLiteral("Evidence: ")), qPrintable(english.at(6)));
    QCOMPARE(english.at(8), QStringLiteral("Find an id… (Ctrl+F)"));
    QCOMPARE(english.at(10), QStringLiteral("Record outcome"));
    QCOMPARE(english.at(12), QStringLiteral("Audit log — Refund Desk"));
    QVERIFY2(english.at(15).startsWith(QStringLiteral("Verified through #")), qPrintable(english.at(15)));
    const int scroll = queue->view()->verticalScrollBar()->value();
    QSignalSpy headers(queue->model(), &QAbstractItemModel::headerDataChanged);
    QSignalSpy auditHeaders(audit->model(), &QAbstractItemModel::headerDataChanged);

    // Russian, through the menu, with everything open.
    choice(QStringLiteral("ru"))->trigger();
    QCOMPARE(Translations::saved(), QStringLiteral("ru"));
    QCOMPARE(Translations::current(), QStringLiteral("ru"));
    QVERIFY(choice(QStringLiteral("ru"))->isChecked());
    const auto ru = [](const char *context, const char *source) {
        const QString text = QCoreApplication::translate(context, source);
        // A text the translation leaves in English would prove nothing.
        if (text == QString::fromUtf8(source))
            qWarning("no Russian for \"%s\"", source);
        return text;
    };
    const QString file = ru("RefundDesk::ConsoleMenus", "&File");
    QCOMPARE(file, QStringLiteral("&Файл"));
    QTRY_COMPARE(window.menuBar()->actions().constFirst()->text(), file);
    QVERIFY(RefundDesk::Test::waitForConsole(window));
    QCOMPARE(window.actions()->record()->text(), ru("RefundDesk::OperationActions", "&Record outcome…"));
    QCOMPARE(languages->title(), ru("RefundDesk::ConsoleMenus", "&Language"));
    QVERIFY(headers.count() > 0);
    QVERIFY(auditHeaders.count() > 0);
    QCOMPARE(queue->model()->headerData(QueueModel::VerdictColumn, Qt::Horizontal).toString(),
             ru("RefundDesk::QueueModel", "Verdict"));
    QCOMPARE(liveLabel->text(), ru("RefundDesk::ConsoleStatusBar", "Live"));
    QVERIFY(operatorLabel->text() != english.at(5) && operatorLabel->text().contains(QStringLiteral("alice")));
    const QString evidence = ru("RefundDesk::EvidenceView", "Evidence: %1. %2").section(QStringLiteral("%1"), 0, 0);
    QVERIFY2(window.panel()->evidenceView()->verdictText().startsWith(evidence),
             qPrintable(window.panel()->evidenceView()->verdictText()));
    // The verdict's sentence in the banner and the queue's tooltip is said again, too.
    QVERIFY(window.panel()->evidenceView()->verdictText() != english.at(6));
    QVERIFY(!window.panel()->noticeText().isEmpty() && window.panel()->noticeText() != english.at(7));
    QCOMPARE(search->placeholderText(), ru("RefundDesk::QueueFilterBar", "Find an id… (Ctrl+F)"));
    QCOMPARE(choice(QString())->text(),
             ru("RefundDesk::LanguageMenu", "&System language (%1)").arg(Translations::nativeName(Translations::fromSystem())));
    // The dialog stays open, in Russian, with the note as typed.
    QVERIFY(dialog && dialog->isVisible());
    QCOMPARE(dialog->windowTitle(), ru("RefundDesk::ResolveDialog", "Record outcome of %1").arg(QStringLiteral("op_5521")));
    QCOMPARE(dialog->recordButton()->text(), ru("RefundDesk::ResolveDialog", "Record outcome"));
    QVERIFY(dialog->summaryText() != english.at(11));
    QCOMPARE(dialog->noteField()->toPlainText(), note);
    // The audit window, its filters, chart and chain state.
    QCOMPARE(audit->windowTitle(), ru("RefundDesk::AuditWindow", "Audit log — Refund Desk"));
    QCOMPARE(audit->filterBar()->operatorBox()->itemText(0), ru("RefundDesk::AuditFilterBar", "Everyone"));
    QCOMPARE(audit->chart()->exposureChart()->title(),
             ru("RefundDesk::ExposureChart", "Still unknown at the end of each day (UTC)"));
    QVERIFY2(audit->chainLabel()->text().startsWith(
                 ru("RefundDesk::AuditChainCheck", "Verified through #%1: %2 decisions, the chain is intact and the "
                                               "store's invariants hold.")
                     .section(QStringLiteral("%1"), 0, 0)),
             qPrintable(audit->chainLabel()->text()));
    // Nothing typed or chosen is lost; no notice asks for a restart.
    QCOMPARE(search->text(), QStringLiteral("op_55"));
    QCOMPARE(queue->currentOperationId(), QStringLiteral("op_5521"));
    QCOMPARE(window.panel()->operationId(), QStringLiteral("op_5521"));
    QCOMPARE(queue->view()->verticalScrollBar()->value(), scroll);
    QVERIFY(!window.findChild<QMessageBox *>());
    QCOMPARE(window.statusBar()->currentMessage(),
             QCoreApplication::translate("RefundDesk::ConsoleMenus", "Language: %1, now and at every start.")
                 .arg(QStringLiteral("Русский")));

    // Back to English: every text is what it was.
    choice(QStringLiteral("en"))->trigger();
    QCOMPARE(Translations::saved(), QStringLiteral("en"));
    QTRY_COMPARE(window.menuBar()->actions().constFirst()->text(), QStringLiteral("&File"));
    // The queue's verdict sentences come with the rows, read again in the new language.
    QVERIFY(RefundDesk::Test::waitForConsole(window));
    const QStringList again = shown();
    for (int i = 0; i < english.size(); ++i)
        QCOMPARE(again.at(i), english.at(i));
    QCOMPARE(dialog->noteField()->toPlainText(), note);
    QCOMPARE(search->text(), QStringLiteral("op_55"));
    QCOMPARE(queue->currentOperationId(), QStringLiteral("op_5521"));

    // The system's language again: remembered as no choice at all.
    choice(QString())->trigger();
    QCOMPARE(Translations::saved(), QString());
    QCOMPARE(Translations::current(), Translations::fromSystem());
    QCOMPARE(choice(QString())->text(), systemEntry);
    dialog->reject();
    QTRY_VERIFY(!dialog);
    audit->close();
}

// In Russian at 1366×768, started so or switched to at run time, the queue shows its
// columns through the verdict and the tries without scrolling sideways, and the search
// field its whole placeholder.
void LanguagesTest::russianQueueFitsTheWindow_data()
{
    QTest::addColumn<bool>("switchAtRunTime");
    QTest::newRow("started in Russian") << false;
    QTest::newRow("switched at run time") << true;
}

void LanguagesTest::russianQueueFitsTheWindow()
{
    QFETCH(bool, switchAtRunTime);
    Translations::install(switchAtRunTime ? QStringLiteral("en") : QStringLiteral("ru"));
    DemoConsole console;
    QVERIFY2(console.open(), qPrintable(console.window ? console.window->lastError() : QString()));
    MainWindow &window = *console.window;
    QCOMPARE(window.size(), QSize(1366, 768));
    if (switchAtRunTime) {
        Translations::install(QStringLiteral("ru"));
        QTRY_COMPARE(window.menuBar()->actions().constFirst()->text(), QStringLiteral("&Файл"));
    }
    QTest::qWait(50); // the layouts settle

    QTableView *view = window.queuePane()->view();
    QHeaderView *header = view->horizontalHeader();
    QCOMPARE(view->horizontalScrollBar()->value(), 0);
    const int last = qMax(int(QueueModel::VerdictColumn), int(QueueModel::AttemptsColumn));
    for (int section = 0; section <= last; ++section) {
        const int right = header->sectionViewportPosition(section) + header->sectionSize(section);
        QVERIFY2(right <= view->viewport()->width(),
                 qPrintable(QStringLiteral("\"%1\" ends at %2 px, the queue shows %3")
                                .arg(header->model()->headerData(section, Qt::Horizontal).toString())
                                .arg(right)
                                .arg(view->viewport()->width())));
    }

    QLineEdit *search = window.queuePane()->filterBar()->searchField();
    QVERIFY(search->text().isEmpty());
    QStyleOptionFrame option;
    option.initFrom(search);
    option.rect = search->rect();
    option.lineWidth = search->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, &option, search);
    QRect text = search->style()->subElementRect(QStyle::SE_LineEditContents, &option, search);
    text = text.marginsRemoved(search->textMargins());
    int besides = 4; // QLineEdit's own margin around the text
    for (QToolButton *button : search->findChildren<QToolButton *>())
        besides += button->width(); // the clear button keeps its room
    const int needed = search->fontMetrics().horizontalAdvance(search->placeholderText());
    QVERIFY2(needed <= text.width() - besides,
             qPrintable(QStringLiteral("the placeholder \"%1\" needs %2 px, the field shows %3")
                            .arg(search->placeholderText())
                            .arg(needed)
                            .arg(text.width() - besides)));
}

QTEST_MAIN(LanguagesTest)
#include "tst_languages.moc"
