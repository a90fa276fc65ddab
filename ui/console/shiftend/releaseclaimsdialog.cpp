#include "ui/console/shiftend/releaseclaimsdialog.h"

#include "domain/money.h"
#include "items/timetext.h"
#include "ui/common/focusorder.h"
#include "ui/common/livetext.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace RefundDesk {

namespace {

enum Column { OperationColumn, OrderColumn, AmountColumn, ClaimedColumn, NoteColumn, ColumnCount };

QLabel *cellLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    return label;
}

} // namespace

ReleaseClaimsDialog::ReleaseClaimsDialog(std::vector<Operation> held, bool notesPossible, QWidget *parent)
    : QDialog(parent)
    , m_notesPossible(notesPossible)
    , m_intro(new QLabel(this))
    , m_noteForAllLabel(new QLabel(this))
    , m_noteForAll(new QLineEdit(this))
    , m_problem(new QLabel(this))
{
    setObjectName(QStringLiteral("releaseClaimsDialog"));
    m_intro->setWordWrap(true);
    m_intro->setTextFormat(Qt::PlainText);

    // The held operations, a row each: what identifies it, then its own note.
    auto *list = new QWidget;
    auto *grid = new QGridLayout(list);
    grid->setContentsMargins(0, 0, 0, 0);
    for (int column = 0; column < ColumnCount; ++column) {
        if (column == NoteColumn && !m_notesPossible)
            break;
        QLabel *header = cellLabel(QString(), list);
        QFont bold = header->font();
        bold.setBold(true);
        header->setFont(bold);
        grid->addWidget(header, 0, column);
        m_headers << header;
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_rows.reserve(held.size());
    for (Operation &operation : held) {
        const int line = int(m_rows.size()) + 1;
        Row row;
        const QString since = operation.claimedAt ? TimeText::moment(*operation.claimedAt, now) : QString();
        row.cells << cellLabel(operation.operationId, list) << cellLabel(operation.orderId, list)
                  << cellLabel(Money::display(operation.amountCents, operation.currency), list)
                  << cellLabel(since, list);
        if (m_notesPossible) {
            row.note = new QLineEdit(list);
            row.note->setObjectName(QStringLiteral("releaseNote_%1").arg(operation.operationId));
            row.cells << row.note;
        }
        for (int column = 0; column < row.cells.size(); ++column)
            grid->addWidget(row.cells[column], line, column);
        row.operation = std::move(operation);
        m_rows.push_back(std::move(row));
    }
    grid->setColumnStretch(NoteColumn, 1);
    grid->setRowStretch(int(m_rows.size()) + 1, 1);
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("releaseClaimsList"));
    scroll->setWidget(list);
    scroll->setWidgetResizable(true);
    scroll->setFocusPolicy(Qt::NoFocus); // its note fields take the focus, one by one

    m_noteForAll->setObjectName(QStringLiteral("releaseNoteForAll"));
    m_noteForAllLabel->setBuddy(m_noteForAll);
    m_problem->setObjectName(QStringLiteral("releaseClaimsProblem"));
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);
    LiveText::makeReadable(m_problem); // what failed: reached with Tab, read when it changes
    m_problem->hide();

    auto *buttons = new QDialogButtonBox(this);
    m_release = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_release->setObjectName(QStringLiteral("releaseAndCloseButton"));
    m_release->setDefault(true);
    m_keep = buttons->addButton(QString(), QDialogButtonBox::DestructiveRole);
    m_keep->setObjectName(QStringLiteral("keepAndCloseButton"));
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_cancel->setObjectName(QStringLiteral("stayButton"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(scroll, 1);
    auto *forAll = new QFormLayout;
    forAll->addRow(m_noteForAllLabel, m_noteForAll);
    layout->addLayout(forAll);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    m_noteForAllLabel->setVisible(m_notesPossible);
    m_noteForAll->setVisible(m_notesPossible);

    // Tab in the reading order: each operation's note, the note for all, what failed, the buttons.
    QList<QWidget *> order;
    for (const Row &row : m_rows) {
        if (row.note)
            order << row.note;
    }
    setFocusOrder(order << m_noteForAll << m_problem << m_release << m_keep << m_cancel);

    connect(m_release, &QPushButton::clicked, this, &ReleaseClaimsDialog::chooseRelease);
    connect(m_keep, &QPushButton::clicked, this, &ReleaseClaimsDialog::chooseKeep);
    connect(m_cancel, &QPushButton::clicked, this, &ReleaseClaimsDialog::reject);
    retranslate();
    resize(640, qMin(220 + 32 * int(m_rows.size()), 560));
    if (!m_rows.empty() && m_rows.front().note)
        m_rows.front().note->setFocus();
    else
        m_release->setFocus();
}

std::vector<ReleaseClaimsDialog::Claim> ReleaseClaimsDialog::toRelease() const
{
    const QString forAll = m_notesPossible ? m_noteForAll->text().trimmed() : QString();
    std::vector<Claim> claims;
    for (const Row &row : m_rows) {
        if (row.released)
            continue;
        QString note;
        if (row.note && !row.noted) {
            note = row.note->text().trimmed();
            if (note.isEmpty())
                note = forAll;
        }
        claims.push_back({row.operation, note});
    }
    return claims;
}

QStringList ReleaseClaimsDialog::heldIds() const
{
    QStringList ids;
    for (const Row &row : m_rows) {
        if (!row.released)
            ids << row.operation.operationId;
    }
    return ids;
}

QLineEdit *ReleaseClaimsDialog::noteField(const QString &operationId) const
{
    for (const Row &row : m_rows) {
        if (row.operation.operationId == operationId)
            return row.note;
    }
    return nullptr;
}

ReleaseClaimsDialog::Row *ReleaseClaimsDialog::rowOf(const QString &operationId)
{
    for (Row &row : m_rows) {
        if (row.operation.operationId == operationId)
            return &row;
    }
    return nullptr;
}

void ReleaseClaimsDialog::noted(const QString &operationId)
{
    if (Row *row = rowOf(operationId)) {
        row->noted = true;
        if (row->note)
            row->note->setEnabled(false); // left already: not written twice
    }
}

void ReleaseClaimsDialog::released(const QString &operationId)
{
    if (Row *row = rowOf(operationId)) {
        row->released = true;
        for (QWidget *cell : std::as_const(row->cells))
            cell->hide();
    }
}

void ReleaseClaimsDialog::releaseEnded(const QString &problem)
{
    m_releasing = false;
    if (problem.isEmpty()) {
        accept();
        return;
    }
    m_choice = Choice::Stay;
    m_problem->show();
    LiveText::setText(m_problem, problem);
    update();
    m_problem->setFocus(Qt::OtherFocusReason);
}

void ReleaseClaimsDialog::reject()
{
    // Releases being written are neither done nor undone yet: wait for them.
    if (m_releasing)
        return;
    m_choice = Choice::Stay;
    QDialog::reject();
}

void ReleaseClaimsDialog::chooseRelease()
{
    if (m_releasing)
        return;
    m_choice = Choice::Release;
    m_releasing = true;
    update();
    emit releaseChosen();
}

void ReleaseClaimsDialog::chooseKeep()
{
    if (m_releasing)
        return;
    m_choice = Choice::Keep;
    accept();
}

void ReleaseClaimsDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void ReleaseClaimsDialog::retranslate()
{
    setWindowTitle(tr("Release your claims before you leave?"));
    m_intro->setText(m_notesPossible
                         ? tr("You still hold these operations in this store, and nobody else can record their "
                              "outcomes while you do. Release them for the next shift, with a note for whoever takes "
                              "each over if you like, or keep them.")
                         : tr("You still hold these operations in this store, and nobody else can record their "
                              "outcomes while you do. Release them for the next shift, or keep them."));
    const QStringList headers{tr("Operation"), tr("Order"), tr("Amount"), tr("Claimed since"),
                              tr("Note for whoever takes it next")};
    for (int column = 0; column < m_headers.size(); ++column)
        m_headers[column]->setText(headers[column]);
    for (const Row &row : m_rows) {
        if (!row.note)
            continue;
        row.note->setAccessibleName(tr("Note on %1").arg(row.operation.operationId));
        row.note->setPlaceholderText(tr("optional"));
    }
    m_noteForAllLabel->setText(tr("&Note on every operation without its own:"));
    m_noteForAll->setAccessibleName(tr("Note on every operation without its own"));
    m_noteForAll->setPlaceholderText(tr("e.g. Asked Stripe support; they answer within two days"));
    m_release->setText(tr("&Release and close"));
    m_keep->setText(tr("&Keep claims and close"));
    m_cancel->setText(tr("Cancel"));
    update();
}

void ReleaseClaimsDialog::update()
{
    m_release->setEnabled(!m_releasing);
    m_keep->setEnabled(!m_releasing);
    m_cancel->setEnabled(!m_releasing);
    m_noteForAll->setEnabled(!m_releasing);
    for (const Row &row : m_rows) {
        if (row.note)
            row.note->setEnabled(!m_releasing && !row.noted);
    }
}

} // namespace RefundDesk
