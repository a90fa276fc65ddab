#include "ui/console/deciding/notedialog.h"

#include <QCheckBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

namespace RefundDesk {

namespace {

// A follow-up is usually a provider's answer some days away.
constexpr int DefaultFollowUpDays = 2;

} // namespace

NoteDialog::NoteDialog(const QString &operationId, const QString &operatorName, Submitter submitter,
                       QWidget *parent)
    : QDialog(parent)
    , m_operationId(operationId)
    , m_operatorName(operatorName)
    , m_submitter(std::move(submitter))
    , m_intro(new QLabel(this))
    , m_text(new QPlainTextEdit(this))
    , m_followUp(new QCheckBox(this))
    , m_date(new QDateEdit(this))
    , m_problem(new QLabel(this))
{
    setObjectName(QStringLiteral("noteDialog"));
    m_intro->setWordWrap(true);
    m_intro->setTextFormat(Qt::PlainText);
    m_text->setObjectName(QStringLiteral("noteText"));
    m_text->setTabChangesFocus(true);
    m_followUp->setObjectName(QStringLiteral("followUpBox"));
    m_date->setObjectName(QStringLiteral("followUpDate"));
    m_date->setCalendarPopup(true);
    m_date->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_date->setMinimumDate(QDate::currentDate());
    m_date->setDate(QDate::currentDate().addDays(DefaultFollowUpDays));
    m_problem->setObjectName(QStringLiteral("noteProblem"));
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);

    auto *buttons = new QDialogButtonBox(this);
    m_add = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_add->setObjectName(QStringLiteral("addNoteButton"));
    m_add->setDefault(true);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);

    auto *followUpRow = new QHBoxLayout;
    followUpRow->addWidget(m_followUp);
    followUpRow->addWidget(m_date);
    followUpRow->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_text, 1);
    layout->addLayout(followUpRow);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);

    connect(m_text, &QPlainTextEdit::textChanged, this, &NoteDialog::update);
    connect(m_followUp, &QCheckBox::toggled, this, &NoteDialog::update);
    connect(m_add, &QPushButton::clicked, this, &NoteDialog::submit);
    connect(m_cancel, &QPushButton::clicked, this, &NoteDialog::reject);
    retranslate();
    resize(480, 300);
    m_text->setFocus();
}

NoteDraft NoteDialog::draft() const
{
    NoteDraft draft;
    draft.operationId = m_operationId;
    draft.text = m_text->toPlainText().trimmed();
    if (m_followUp->isChecked())
        draft.followUpOn = m_date->date();
    draft.operatorName = m_operatorName;
    return draft;
}

void NoteDialog::reject()
{
    // A note being written is neither kept nor dropped yet: wait for the answer.
    if (m_submitting)
        return;
    QDialog::reject();
}

void NoteDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void NoteDialog::retranslate()
{
    setWindowTitle(tr("Add a note to %1").arg(m_operationId));
    m_intro->setText(tr("What did you find or ask? The note stays with %1 for whoever looks at it next, signed %2. "
                        "It decides nothing, and it cannot be changed later.")
                         .arg(m_operationId, m_operatorName));
    m_text->setPlaceholderText(tr("e.g. Asked Stripe support, case 12345; they answer within two days"));
    m_followUp->setText(tr("&Follow up on"));
    m_add->setText(tr("&Add note"));
    update();
}

void NoteDialog::update()
{
    m_date->setEnabled(m_followUp->isChecked() && !m_submitting);
    m_add->setEnabled(!m_text->toPlainText().trimmed().isEmpty() && !m_submitting);
    m_cancel->setEnabled(!m_submitting);
    if (m_submitting)
        m_problem->setText(tr("Writing the note…"));
    else if (m_lastError)
        m_problem->setText(m_lastError->message);
    else
        m_problem->clear();
}

void NoteDialog::submit()
{
    if (m_submitting || draft().text.isEmpty())
        return;
    m_lastError.reset();
    if (!m_submitter) {
        submitted(Error::internal(tr("Nothing can write the note here.")));
        return;
    }
    m_submitting = true;
    update();
    m_submitter(draft(), [dialog = QPointer<NoteDialog>(this)](const std::optional<Error> &error) {
        if (dialog)
            dialog->submitted(error);
    });
}

void NoteDialog::submitted(const std::optional<Error> &error)
{
    m_submitting = false;
    if (!error) {
        accept();
        return;
    }
    m_lastError = error;
    update();
}

} // namespace RefundDesk
