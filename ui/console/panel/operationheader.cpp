#include "ui/console/panel/operationheader.h"

#include "domain/keywindow.h"
#include "domain/money.h"
#include "evidence/paymentsource.h"
#include "items/operationsnapshot.h"
#include "items/timetext.h"
#include "items/tooltiptext.h"
#include "ui/common/bannerlabel.h"
#include "ui/common/livetext.h"
#include "ui/common/wrappingrowlayout.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace RefundDesk {

namespace {

template<typename Label = QLabel>
Label *plainLabel(QWidget *parent)
{
    auto *label = new Label(parent);
    label->setTextFormat(Qt::PlainText);
    LiveText::makeReadable(label);
    return label;
}

} // namespace

OperationHeader::OperationHeader(QWidget *parent)
    : QWidget(parent)
    , m_title(plainLabel(this))
    , m_status(plainLabel<BannerLabel>(this))
    , m_facts(plainLabel(this))
    , m_note(plainLabel(this))
    , m_key(new QLineEdit(this))
    , m_copyKey(new QToolButton(this))
    , m_keyLabel(new QLabel(this))
{
    m_title->setObjectName(QStringLiteral("operationTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.35);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_status->setObjectName(QStringLiteral("operationStatus"));
    m_status->setCompact(true);
    m_facts->setObjectName(QStringLiteral("operationFacts"));
    m_facts->setWordWrap(true);
    m_note->setObjectName(QStringLiteral("latestNote"));
    m_note->setWordWrap(true);

    m_key->setObjectName(QStringLiteral("idempotencyKey"));
    m_key->setReadOnly(true);
    m_key->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    connect(m_copyKey, &QToolButton::clicked, this, [this] {
        if (!m_key->text().isEmpty())
            QApplication::clipboard()->setText(m_key->text());
    });

    m_keyLabel->setBuddy(m_key);
    retranslate();

    // The badge goes under the title when the panel is narrow (a long translation), rather
    // than widen the panel into the queue's room.
    auto *top = new WrappingRowLayout;
    top->addWidget(m_title);
    top->addWidget(m_status);
    auto *keyRow = new QHBoxLayout;
    keyRow->addWidget(m_keyLabel);
    keyRow->addWidget(m_key, 1);
    keyRow->addWidget(m_copyKey);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_facts);
    layout->addWidget(m_note);
    layout->addLayout(keyRow);
    clear();
}

void OperationHeader::changeEvent(QEvent *event)
{
    // The operation's own texts are the panel's to say again.
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void OperationHeader::retranslate()
{
    m_key->setToolTip(tr("The one idempotency key of this operation. Refund Desk never issues a new one."));
    m_copyKey->setText(tr("Copy key"));
    m_copyKey->setToolTip(tr("Copy the idempotency key to the clipboard"));
    m_keyLabel->setText(tr("Idempotency &key:"));
}

void OperationHeader::showSnapshot(const OperationSnapshot &snapshot, qint64 nowMsecs)
{
    const Operation &operation = snapshot.operation;
    m_title->setText(tr("%1 · order %2 · %3")
                         .arg(operation.operationId, operation.orderId,
                              Money::display(operation.amountCents, operation.currency)));

    QString status = displayName(operation.status).toUpper();
    if (operation.status == OperationStatus::Checking && !operation.claimedBy.isEmpty()) {
        status = operation.claimedAt
            ? tr("CHECKING — %1 since %2").arg(operation.claimedBy, TimeText::moment(*operation.claimedAt, nowMsecs))
            : tr("CHECKING — %1").arg(operation.claimedBy);
    }
    LiveText::setText(m_status, status);
    m_status->setTone(Theme::toneOf(operation.status));
    m_status->show();

    const KeyWindow window(operation, snapshot.keyRetentionHours);
    QString keyWindow = window.isOpenAt(nowMsecs)
        ? tr("key window: %1").arg(window.describeAt(nowMsecs))
        : tr("key window: closed (the provider may have forgotten the key)");
    QStringList facts;
    // The refund's id is long: beside the badge it would take the queue's room away.
    if (operation.status == OperationStatus::Refunded && !operation.refundId.isEmpty())
        facts << tr("Refund %1").arg(operation.refundId);
    facts << tr("Created %1 (%2 ago)").arg(TimeText::moment(operation.createdAt, nowMsecs),
                                           TimeText::span(nowMsecs - operation.createdAt))
          << tr("%n attempt(s)", nullptr, operation.attempts)
          << keyWindow;
    if (!operation.conversationId.isEmpty())
        facts << tr("chat %1").arg(operation.conversationId);
    // The payment Ask Stripe lists the refunds of, and where it was read.
    const PaymentSource payment = PaymentSource::find(operation, snapshot.evidence, snapshot.orderOperations);
    if (payment.from == PaymentSource::From::Row)
        facts << tr("payment %1").arg(payment.paymentId);
    else if (payment.isKnown())
        facts << tr("payment %1 (from %2)").arg(payment.paymentId, payment.describeFrom());
    else
        facts << tr("no payment known");
    m_facts->setText(facts.join(QStringLiteral(" · ")));
    QString tip = tr("Created %1; the provider keeps the key until about %2")
                      .arg(TimeText::fullMoment(operation.createdAt), TimeText::fullMoment(window.expiresAt()));
    if (!payment.isKnown()) {
        tip += QLatin1Char('\n')
            + tr("No payment is known for this operation: Ask Stripe lists the refunds created in its attempts' window, "
                 "which cannot see refunds made by another path (the Dashboard, another tool).");
    }
    m_facts->setToolTip(tip);
    showNotes(snapshot, nowMsecs);
    m_key->setText(operation.idempotencyKey);
    m_key->setCursorPosition(0);
    m_copyKey->setEnabled(true);
    m_key->setEnabled(true);
}

void OperationHeader::showNotes(const OperationSnapshot &snapshot, qint64 nowMsecs)
{
    if (snapshot.notes.empty()) {
        LiveText::setText(m_note, QString()); // out of the Tab chain while it says nothing
        m_note->setToolTip(QString());
        m_note->hide();
        return;
    }
    const OperationNote &latest = snapshot.notes.back();
    QString text = tr("Latest note, %1 at %2: %3", "who, when, the note's first line")
                       .arg(latest.operatorName, TimeText::moment(latest.recordedAt, nowMsecs), latest.firstLine());
    // The day it needs a person again: the latest follow-up of any note still to come, as
    // the queue's Waiting view counts it.
    const QDate today = QDateTime::fromMSecsSinceEpoch(nowMsecs).date();
    QDate followUp;
    for (const OperationNote &note : snapshot.notes) {
        if (note.followUpOn.isValid() && note.followUpOn > today && note.followUpOn > followUp)
            followUp = note.followUpOn;
    }
    if (followUp.isValid())
        text += QStringLiteral(" · ") + tr("follow-up on %1").arg(TimeText::day(followUp, today));
    LiveText::setText(m_note, text);
    // The whole note, as it was written: never markup.
    m_note->setToolTip(ToolTipText::fromPlainText(latest.text));
    m_note->show();
}

void OperationHeader::clear()
{
    m_title->setText(tr("No operation selected"));
    // No operation, no status: an empty badge would still draw its frame.
    LiveText::setText(m_status, QString());
    m_status->hide();
    m_facts->setText(tr("Pick an operation in the queue to see what happened to it."));
    LiveText::setText(m_note, QString());
    m_note->hide();
    m_key->clear();
    m_key->setEnabled(false);
    m_copyKey->setEnabled(false);
}

QList<QWidget *> OperationHeader::focusOrder() const
{
    return {m_title, m_status, m_facts, m_note, m_key, m_copyKey};
}

QString OperationHeader::titleText() const
{
    return m_title->text();
}

QString OperationHeader::noteText() const
{
    return m_note->isVisibleTo(this) ? m_note->text() : QString();
}

QString OperationHeader::statusText() const
{
    return m_status->text();
}

} // namespace RefundDesk
