#include "ui/console/stripe/askstripeflow.h"

#include "stripe/stripeapibase.h"
#include "store/store.h"
#include "ui/common/bannerlabel.h"
#include "ui/console/stripe/askstriperunner.h"
#include "ui/console/shell/consolemenus.h"
#include "ui/console/stripe/consolestripekey.h"
#include "ui/console/stripe/stripekeyring.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/stripe/stripelinks.h"
#include "items/stripesupportcase.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QMenu>
#include <QPointer>
#include <QStatusBar>
#include <QToolButton>

namespace RefundDesk {

AskStripeFlow::AskStripeFlow(MainWindow *window, OperatorIdentity *identity)
    : QObject(window)
    , m_window(window)
    , m_identity(identity)
    , m_runner(new AskStripeRunner(this))
{
    m_ask = new QAction(this);
    m_ask->setObjectName(QStringLiteral("askStripeAction"));
    m_ask->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    connect(m_ask, &QAction::triggered, this, &AskStripeFlow::ask);
    window->addAction(m_ask);
    m_copyCase = new QAction(this);
    m_copyCase->setObjectName(QStringLiteral("copyStripeCaseAction"));
    m_copyCase->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    connect(m_copyCase, &QAction::triggered, this, &AskStripeFlow::copyCase);
    window->addAction(m_copyCase);
    window->menus()->addEntry(ConsoleMenus::Menu::Operation, m_ask);
    window->menus()->addEntry(ConsoleMenus::Menu::Operation, m_copyCase);
    m_keyAction = new QAction(this);
    m_keyAction->setObjectName(QStringLiteral("stripeKeyAction"));
    m_keyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_K));
    connect(m_keyAction, &QAction::triggered, this, &AskStripeFlow::changeKey);
    window->addAction(m_keyAction);
    window->menus()->addEntry(ConsoleMenus::Menu::Operation, m_keyAction);
    window->menus()->addShortcutHelp([] {
        return tr("Ctrl+K  ask Stripe about the operation · Ctrl+Shift+K  copy a case for Stripe support · "
                  "Ctrl+Alt+K  the Stripe key · Ctrl+Shift+A  ask Stripe about every operation without evidence");
    });
    m_key = new ConsoleStripeKey(StripeKeyring::desktop(nullptr), window);
    m_links = new StripeLinks(window->panel());

    // The button sits beside the verdict it can change; what the last question came to,
    // under it.
    EvidenceView *evidence = window->panel()->evidenceView();
    m_button = new QToolButton(evidence);
    m_button->setObjectName(QStringLiteral("askStripeButton"));
    m_button->setDefaultAction(m_ask);
    m_button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_status = new BannerLabel(evidence, Theme::Tone::Info);
    m_status->setObjectName(QStringLiteral("askStripeStatus"));
    m_status->setCompact(true);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->hide();
    evidence->addBesideVerdict(m_button);
    evidence->addUnderVerdict(m_status);

    connect(window, &MainWindow::operationShown, this, &AskStripeFlow::onShown);
    // Asked about the queue's selection only: the panel may show what a search hides.
    connect(window, &MainWindow::currentOperationChanged, this,
            [this] { onShown(m_window->panel()->operationId()); });
    connect(window, &MainWindow::storeOpened, this, &AskStripeFlow::updateEnabled);
    connect(m_runner, &AskStripeRunner::waiting, this, [this](const QString &id, const QString &why) {
        say(id, tr("Asking Stripe about %1… %2").arg(id, why), int(Theme::Tone::Warning));
    });
    connect(m_runner, &AskStripeRunner::answered, this,
            [this](const QString &id, const QString &summary, qint64 lookupId, int requests) {
                // What Stripe said is the evidence's to say, in its one box and in its
                // colours (the panel reads it again below); here only that it was kept.
                m_statusAbout.clear();
                m_status->hide();
                m_window->statusBar()->showMessage(
                    tr("Stripe answered about %1: kept as lookup #%2 (%n request(s)).", "", requests)
                        .arg(id)
                        .arg(lookupId),
                    8000);
                Q_UNUSED(summary)
                updateEnabled();
                m_window->refreshNow(); // the History shows the lookup kept
            });
    connect(m_runner, &AskStripeRunner::failed, this, [this](const QString &id, const QString &message) {
        say(id, message, int(Theme::Tone::Danger));
        updateEnabled();
    });
    window->installEventFilter(this);
    retranslate();
    updateEnabled();
}

void AskStripeFlow::retranslate()
{
    m_ask->setText(tr("Ask &Stripe"));
    m_ask->setStatusTip(tr("Ask Stripe, read-only, what became of this operation's refund, and keep its answer"));
    m_ask->setToolTip(tr("Ask Stripe what became of this refund (Ctrl+K)"));
    m_button->setAccessibleName(tr("Ask Stripe about this operation"));
    m_status->setAccessibleName(tr("What Stripe answered"));
    m_keyAction->setText(tr("Stripe &key…"));
    m_keyAction->setStatusTip(tr("Give or change this store's Stripe key, kept in the desktop's keyring, or forget it"));
    m_copyCase->setText(tr("&Copy a case for Stripe support"));
    m_copyCase->setStatusTip(tr("Put the operation, its attempts with their Request-Ids, the refund ids and what Stripe "
                                "answered on the clipboard, as plain text for Stripe's support"));
}

bool AskStripeFlow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

void AskStripeFlow::updateEnabled()
{
    const bool shown = m_window->panel()->snapshot().has_value();
    const bool selected = m_window->currentOperation() != nullptr;
    m_ask->setEnabled(selected && m_window->hasStore() && !m_window->isReadOnly() && !m_runner->isBusy());
    m_copyCase->setEnabled(shown);
    m_keyAction->setEnabled(m_window->hasStore());
}

void AskStripeFlow::say(const QString &operationId, const QString &text, int tone)
{
    m_statusAbout = operationId;
    m_status->setTone(Theme::Tone(tone));
    m_status->setText(text);
    m_status->setVisible(m_window->panel()->operationId() == operationId);
}

void AskStripeFlow::onShown(const QString &operationId)
{
    m_status->setVisible(!m_statusAbout.isEmpty() && operationId == m_statusAbout);
    updateEnabled();
}

void AskStripeFlow::askWith(const QString &operationId, const QString &location, const StripeSecret &secret,
                            const QUrl &apiBase, const QString &note)
{
    if (m_runner->isBusy() || !m_window->hasStore() || m_window->storeFacts()->location != location)
        return;
    AskStripeRequest request;
    request.location = location;
    request.operationId = operationId;
    request.operatorName = m_identity->name();
    request.secret = secret;
    request.apiBase = apiBase;
    m_runner->ask(request);
    say(operationId, note.isEmpty() ? tr("Asking Stripe about %1…").arg(operationId)
                                    : tr("Asking Stripe about %1… %2").arg(operationId, note),
        int(Theme::Tone::Info));
    updateEnabled();
}

void AskStripeFlow::changeKey()
{
    if (!m_window->hasStore())
        return;
    const QString location = m_window->storeFacts()->location;
    QPointer<AskStripeFlow> self(this);
    m_key->change(location, StoreFactory::displayLocation(location), [self](std::optional<StripeSecret>, const QString &note) {
        if (self && !note.isEmpty())
            self->m_window->statusBar()->showMessage(note, 8000);
    });
}

void AskStripeFlow::copyCase()
{
    const auto &snapshot = m_window->panel()->snapshot();
    if (!snapshot)
        return;
    QApplication::clipboard()->setText(StripeSupportCase::text(*snapshot));
    m_window->statusBar()->showMessage(tr("Copied a case for Stripe support about %1: paste it into your message to "
                                          "Stripe.").arg(snapshot->operation.operationId),
                                       5000);
}

void AskStripeFlow::ask()
{
    const OperationSnapshot *current = m_window->currentOperation();
    if (!current || !m_window->hasStore() || m_runner->isBusy())
        return;
    const QString id = current->operation.operationId;
    if (m_window->isReadOnly()) {
        say(id, tr("The store is open for reading only, and Stripe's answer is kept in it: open it for writing to ask Stripe."),
            int(Theme::Tone::Warning));
        return;
    }
    auto apiBase = StripeApiBase::fromOptionOrEnvironment({});
    if (!apiBase) {
        say(id, apiBase.error().message, int(Theme::Tone::Danger));
        return;
    }
    const QString location = m_window->storeFacts()->location;
    QPointer<AskStripeFlow> self(this);
    m_key->obtain(location, StoreFactory::displayLocation(location),
                  [self, id, location, base = *apiBase](std::optional<StripeSecret> secret, const QString &note) {
                      if (!self)
                          return;
                      if (!secret) {
                          if (!note.isEmpty())
                              self->say(id, note, int(Theme::Tone::Danger));
                          return;
                      }
                      self->askWith(id, location, *secret, base, note);
                  });
    updateEnabled();
}

} // namespace RefundDesk
