#include "ui/console/stripe/askstripeflow.h"

#include "stripe/stripeapibase.h"
#include "store/store.h"
#include "ui/common/bannerlabel.h"
#include "ui/console/stripe/askstriperunner.h"
#include "ui/console/shell/consolemenus.h"
#include "ui/console/stripe/consolestripekey.h"
#include "ui/console/stripe/stripekeyring.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/stripe/stripelinks.h"
#include "items/stripesupportcase.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QMenu>
#include <QPointer>
#include <QToolButton>

namespace RefundDesk {

AskStripeFlow::AskStripeFlow(StripeHost *host, const StripeParts &parts)
    : QObject(parts.window)
    , m_host(host)
    , m_parts(parts)
    , m_runner(new AskStripeRunner(this))
{
    // The menus add each entry to the window too, so that its shortcut works everywhere.
    m_ask = new QAction(this);
    m_ask->setObjectName(QStringLiteral("askStripeAction"));
    m_ask->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    connect(m_ask, &QAction::triggered, this, &AskStripeFlow::ask);
    m_copyCase = new QAction(this);
    m_copyCase->setObjectName(QStringLiteral("copyStripeCaseAction"));
    m_copyCase->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    connect(m_copyCase, &QAction::triggered, this, &AskStripeFlow::copyCase);
    parts.menus->addEntry(ConsoleMenus::Menu::Operation, m_ask);
    parts.menus->addEntry(ConsoleMenus::Menu::Operation, m_copyCase);
    m_keyAction = new QAction(this);
    m_keyAction->setObjectName(QStringLiteral("stripeKeyAction"));
    m_keyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_K));
    connect(m_keyAction, &QAction::triggered, this, &AskStripeFlow::changeKey);
    parts.menus->addEntry(ConsoleMenus::Menu::Operation, m_keyAction);
    m_key = new ConsoleStripeKey(StripeKeyring::desktop(nullptr), parts.window);
    m_links = new StripeLinks(parts.panel);

    // The button sits beside the verdict it can change; what the last question came to,
    // under it.
    EvidenceView *evidence = parts.panel->evidenceView();
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

    connect(m_runner, &AskStripeRunner::waiting, this, [this](const QString &id, const QString &why) {
        say(id, tr("Asking Stripe about %1… %2").arg(id, why), int(Theme::Tone::Warning));
    });
    connect(m_runner, &AskStripeRunner::answered, this, [this](const QString &id, qint64 lookupId, int requests) {
        // What Stripe said is the evidence's to say, in its one box and in its
        // colours (the panel reads it again below); here only that it was kept.
        m_statusAbout.clear();
        m_status->hide();
        m_host->showMessage(
            tr("Stripe answered about %1: kept as lookup #%2 (%n request(s)).", "", requests)
                .arg(id)
                .arg(lookupId),
            8000);
        updateEnabled();
        m_host->refreshNow(); // the History shows the lookup kept
    });
    connect(m_runner, &AskStripeRunner::failed, this, [this](const QString &id, const QString &message) {
        say(id, message, int(Theme::Tone::Danger));
        updateEnabled();
    });
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
    m_copyCase->setText(tr("Copy a c&ase for Stripe support"));
    m_copyCase->setStatusTip(tr("Put the operation, its attempts with their Request-Ids, the refund ids and what Stripe "
                                "answered on the clipboard, as plain text for Stripe's support"));
}

void AskStripeFlow::updateEnabled()
{
    const bool shown = m_parts.panel->snapshot().has_value();
    const bool selected = m_host->currentOperation() != nullptr;
    m_ask->setEnabled(selected && m_host->storeFacts().has_value() && !m_host->isReadOnly() && !m_runner->isBusy());
    m_copyCase->setEnabled(shown);
    m_keyAction->setEnabled(m_host->storeFacts().has_value());
}

void AskStripeFlow::say(const QString &operationId, const QString &text, int tone)
{
    m_statusAbout = operationId;
    m_status->setTone(Theme::Tone(tone));
    m_status->setText(text);
    m_status->setVisible(m_parts.panel->operationId() == operationId);
}

void AskStripeFlow::onOperationShown(const QString &operationId)
{
    m_status->setVisible(!m_statusAbout.isEmpty() && operationId == m_statusAbout);
    updateEnabled();
}

void AskStripeFlow::onCurrentOperationChanged()
{
    // Asked about the queue's selection only: the panel may show what a search hides.
    onOperationShown(m_parts.panel->operationId());
}

void AskStripeFlow::onStoreOpened()
{
    updateEnabled();
}

void AskStripeFlow::askWith(const QString &operationId, const QString &location, const StripeSecret &secret,
                            const QUrl &apiBase, const QString &note)
{
    if (m_runner->isBusy() || !m_host->storeFacts().has_value() || m_host->storeFacts()->location != location)
        return;
    AskStripeRequest request;
    request.location = location;
    request.operationId = operationId;
    request.operatorName = m_parts.identity->name();
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
    if (!m_host->storeFacts().has_value())
        return;
    const QString location = m_host->storeFacts()->location;
    QPointer<AskStripeFlow> self(this);
    m_key->change(location, StoreFactory::displayLocation(location), [self](std::optional<StripeSecret>, const QString &note) {
        if (self && !note.isEmpty())
            self->m_host->showMessage(note, 8000);
    });
}

void AskStripeFlow::copyCase()
{
    const auto &snapshot = m_parts.panel->snapshot();
    if (!snapshot)
        return;
    QApplication::clipboard()->setText(StripeSupportCase::text(*snapshot));
    m_host->showMessage(tr("Copied a case for Stripe support about %1: paste it into your message to "
                           "Stripe.").arg(snapshot->operation.operationId),
                        5000);
}

void AskStripeFlow::ask()
{
    const OperationSnapshot *current = m_host->currentOperation();
    if (!current || !m_host->storeFacts().has_value() || m_runner->isBusy())
        return;
    const QString id = current->operation.operationId;
    if (m_host->isReadOnly()) {
        say(id, tr("The store is open for reading only, and Stripe's answer is kept in it: open it for writing to ask Stripe."),
            int(Theme::Tone::Warning));
        return;
    }
    auto apiBase = StripeApiBase::fromOptionOrEnvironment({});
    if (!apiBase) {
        say(id, apiBase.error().message, int(Theme::Tone::Danger));
        return;
    }
    const QString location = m_host->storeFacts()->location;
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
