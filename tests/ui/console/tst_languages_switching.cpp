// Switching the language from the menu changes every text at once; the Russian queue fits
// the window.

#include "tst_languages.h"

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
    AuditWindow *audit = console.openAuditWindow();
    QVERIFY(audit);
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

// In Russian at 1366×768 the queue shows its columns through who claimed it (through the
// tries, switched to at run time) without scrolling sideways, and the search field its
// whole placeholder.
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
    // Started in Russian, every column up to who claimed it fits; switched at run time, the
    // split the person had stays, and the columns up to the tries fit.
    const int last = switchAtRunTime ? int(QueueModel::AttemptsColumn) : int(QueueModel::ClaimedByColumn);
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
    // The room the field leaves its text, as drawn now.
    const auto textRoom = [search] {
        QStyleOptionFrame option;
        option.initFrom(search);
        option.rect = search->rect();
        option.lineWidth = search->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, &option, search);
        QRect text = search->style()->subElementRect(QStyle::SE_LineEditContents, &option, search);
        text = text.marginsRemoved(search->textMargins());
        int besides = 4; // QLineEdit's own margin around the text
        for (QToolButton *button : search->findChildren<QToolButton *>())
            besides += button->width(); // the clear button keeps its room
        return text.width() - besides;
    };
    const int needed = search->fontMetrics().horizontalAdvance(search->placeholderText());
    // Switched at run time, the panel's longer words widen it, and the splitter gives the
    // queue its new share in layout passes of its own: the room is judged once they ran.
    QTRY_VERIFY2(needed <= textRoom(),
                 qPrintable(QStringLiteral("the placeholder \"%1\" needs %2 px, the field shows %3")
                                .arg(search->placeholderText())
                                .arg(needed)
                                .arg(textRoom())));
}
