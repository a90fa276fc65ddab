#include "ui/console/resolvedialog.h"

#include "domain/money.h"
#include "evidence/resolver.h"
#include "ui/common/bannerlabel.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace RefundDesk {

namespace {

const QString dashboardSource = QStringLiteral("dashboard");
const QString supportSource = QStringLiteral("provider_support");

template<typename Label = QLabel>
Label *wrappingLabel(QWidget *parent, const QString &name)
{
    auto *label = new Label(parent);
    label->setObjectName(name);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    return label;
}

} // namespace

ResolveDialog::ResolveDialog(const OperationSnapshot &snapshot, const QString &operatorName, Submitter submitter,
                             QWidget *parent)
    : QDialog(parent)
    , m_snapshot(snapshot)
    , m_submitter(std::move(submitter))
    , m_refunded(new QRadioButton(tr("&Refunded — the money went back to the customer"), this))
    , m_failed(new QRadioButton(tr("&Failed — no money moved"), this))
    , m_outcomeGroup(new QButtonGroup(this))
    , m_refundId(new QLineEdit(this))
    , m_evidenceSource(new QComboBox(this))
    , m_caseReference(new QLineEdit(this))
    , m_note(new QPlainTextEdit(this))
    , m_operator(new QLineEdit(operatorName, this))
    , m_contradiction(wrappingLabel<BannerLabel>(this, QStringLiteral("contradiction")))
    , m_override(new QCheckBox(tr("O&verride the evidence: I confirmed this outcome with the provider"), this))
    , m_problem(wrappingLabel<BannerLabel>(this, QStringLiteral("problem")))
    , m_summary(wrappingLabel(this, QStringLiteral("summary")))
    , m_buttons(new QDialogButtonBox(this))
{
    const Operation &operation = m_snapshot.operation;
    const Evidence &evidence = m_snapshot.evidence;
    setObjectName(QStringLiteral("resolveDialog"));
    setWindowTitle(tr("Record outcome of %1").arg(operation.operationId));
    m_contradiction->setTone(Theme::Tone::Danger);

    auto *intro = wrappingLabel(this, QStringLiteral("intro"));
    intro->setText(tr("%1 · order %2 · %3. Evidence: %4. %5")
                       .arg(operation.operationId, operation.orderId,
                            Money::display(operation.amountCents, operation.currency),
                            displayName(evidence.verdict), evidence.explanation));

    m_refunded->setObjectName(QStringLiteral("outcomeRefunded"));
    m_failed->setObjectName(QStringLiteral("outcomeFailed"));
    m_outcomeGroup->addButton(m_refunded);
    m_outcomeGroup->addButton(m_failed);
    auto *outcomeBox = new QVBoxLayout;
    outcomeBox->addWidget(m_refunded);
    outcomeBox->addWidget(m_failed);
    if (evidence.verdict == Verdict::Refunded)
        m_refunded->setChecked(true);
    else if (evidence.verdict == Verdict::Failed)
        m_failed->setChecked(true);

    m_refundId->setObjectName(QStringLiteral("refundId"));
    m_refundId->setPlaceholderText(tr("re_… as the provider shows it"));
    m_refundId->setText(!evidence.namedRefundId.isEmpty() ? evidence.namedRefundId : operation.refundId);

    m_evidenceSource->setObjectName(QStringLiteral("evidenceSource"));
    for (const EvidenceEvent &event : evidence.events) {
        if (!event.readable())
            continue;
        const ParsedRefund *refund = event.refund();
        const QString label = refund ? tr("Webhook event %1 (%2: %3 %4)")
                                           .arg(event.row.eventId, event.row.type, refund->id, displayName(refund->status))
                                     : tr("Webhook event %1 (%2)").arg(event.row.eventId, event.row.type);
        m_evidenceSource->addItem(label, QStringLiteral("webhook:%1").arg(event.row.eventId));
    }
    m_evidenceSource->addItem(tr("Provider dashboard"), dashboardSource);
    m_evidenceSource->addItem(tr("Provider support (give the case reference)"), supportSource);
    const int suggested = m_evidenceSource->findData(evidence.suggestedEvidenceText());
    m_evidenceSource->setCurrentIndex(suggested >= 0 ? suggested : m_evidenceSource->findData(dashboardSource));
    m_caseReference->setObjectName(QStringLiteral("caseReference"));
    m_caseReference->setPlaceholderText(tr("case reference"));
    auto *evidenceRow = new QHBoxLayout;
    evidenceRow->addWidget(m_evidenceSource, 1);
    evidenceRow->addWidget(m_caseReference);

    m_note->setObjectName(QStringLiteral("note"));
    m_note->setTabChangesFocus(true);
    m_note->setPlaceholderText(tr("What you checked (required when overriding the evidence)"));
    m_note->setFixedHeight(m_note->fontMetrics().lineSpacing() * 4 + 12);
    m_operator->setObjectName(QStringLiteral("operatorName"));

    m_override->setObjectName(QStringLiteral("overrideEvidence"));

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(tr("Outcome:"), outcomeBox);
    form->addRow(tr("Refund &id:"), m_refundId);
    form->addRow(tr("&Confirmed by:"), evidenceRow);
    form->addRow(tr("&Note:"), m_note);
    form->addRow(tr("O&perator:"), m_operator);
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(m_refundId)))
        label->setBuddy(m_refundId);
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(m_note)))
        label->setBuddy(m_note);
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(m_operator)))
        label->setBuddy(m_operator);
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(evidenceRow)))
        label->setBuddy(m_evidenceSource);

    m_record = m_buttons->addButton(tr("Record outcome"), QDialogButtonBox::AcceptRole);
    m_record->setObjectName(QStringLiteral("recordButton"));
    m_record->setDefault(true);
    m_buttons->addButton(QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ResolveDialog::submit);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_contradiction);
    layout->addWidget(m_override);
    layout->addWidget(m_problem);
    layout->addWidget(m_summary);
    layout->addWidget(m_buttons);

    connect(m_outcomeGroup, &QButtonGroup::buttonToggled, this, &ResolveDialog::edited);
    connect(m_refundId, &QLineEdit::textChanged, this, &ResolveDialog::edited);
    connect(m_evidenceSource, &QComboBox::currentIndexChanged, this, &ResolveDialog::edited);
    connect(m_caseReference, &QLineEdit::textChanged, this, &ResolveDialog::edited);
    connect(m_note, &QPlainTextEdit::textChanged, this, &ResolveDialog::edited);
    connect(m_operator, &QLineEdit::textChanged, this, &ResolveDialog::edited);
    connect(m_override, &QCheckBox::toggled, this, &ResolveDialog::edited);
    resize(640, sizeHint().height());
    update();
}

QString ResolveDialog::evidenceText() const
{
    const QString source = m_evidenceSource->currentData().toString();
    if (source == supportSource) {
        const QString reference = m_caseReference->text().trimmed();
        return reference.isEmpty() ? QString() : QStringLiteral("%1:%2").arg(supportSource, reference);
    }
    return source;
}

ResolutionDraft ResolveDialog::draft() const
{
    ResolutionDraft draft;
    draft.operationId = m_snapshot.operation.operationId;
    draft.outcome = m_refunded->isChecked() ? Outcome::Refunded : Outcome::Failed;
    draft.refundId = draft.outcome == Outcome::Refunded ? m_refundId->text().trimmed() : QString();
    draft.evidence = evidenceText();
    draft.note = m_note->toPlainText().trimmed();
    draft.operatorName = m_operator->text().trimmed();
    draft.overridesEvidence = m_override->isChecked() && contradiction().has_value();
    return draft;
}

std::optional<QString> ResolveDialog::contradiction() const
{
    if (!m_outcomeGroup->checkedButton())
        return std::nullopt;
    ResolutionDraft probe;
    probe.operationId = m_snapshot.operation.operationId;
    probe.outcome = m_refunded->isChecked() ? Outcome::Refunded : Outcome::Failed;
    probe.refundId = probe.outcome == Outcome::Refunded ? m_refundId->text().trimmed() : QString();
    return Resolver::contradiction(m_snapshot.evidence, probe);
}

std::optional<QString> ResolveDialog::problem() const
{
    if (!m_outcomeGroup->checkedButton())
        return tr("Choose what the provider confirmed: refunded or failed.");
    if (m_evidenceSource->currentData().toString() == supportSource && m_caseReference->text().trimmed().isEmpty())
        return tr("Give the provider support case reference.");
    if (const auto contradicts = contradiction()) {
        if (!m_override->isChecked())
            return tr("Check your choice. To record it anyway, tick the override and say in the note how you "
                      "confirmed it.");
    }
    if (auto error = Resolver::checkDraft(draft()))
        return error->message;
    return std::nullopt;
}

void ResolveDialog::edited()
{
    m_errorShown = false;
    update();
}

void ResolveDialog::update()
{
    const bool refunded = m_refunded->isChecked();
    m_refundId->setEnabled(refunded);
    m_caseReference->setVisible(m_evidenceSource->currentData().toString() == supportSource);

    const auto contradicts = contradiction();
    m_contradiction->setVisible(contradicts.has_value());
    m_override->setVisible(contradicts.has_value());
    if (contradicts) {
        m_contradiction->setText(tr("This contradicts the evidence: %1").arg(*contradicts));
    }

    const auto blocking = problem();
    m_record->setEnabled(!blocking.has_value() && !m_submitting);
    if (QPushButton *cancel = m_buttons->button(QDialogButtonBox::Cancel))
        cancel->setEnabled(!m_submitting);
    if (m_submitting) {
        m_problem->setText(tr("Recording the outcome of %1 — waiting for the store…")
                               .arg(m_snapshot.operation.operationId));
        m_problem->setTone(Theme::Tone::Info);
    } else if (m_lastError && m_errorShown) {
        m_problem->setText(m_lastError->message);
        m_problem->setTone(Theme::Tone::Danger);
    } else {
        m_problem->setText(blocking.value_or(QString()));
        m_problem->setTone(Theme::Tone::Warning);
    }
    m_problem->setVisible(!m_problem->text().isEmpty());

    m_summary->setText(summaryText());
    // Grow to show the banners that just appeared rather than squeeze the fields.
    if (height() < sizeHint().height())
        resize(width(), sizeHint().height());
}

QString ResolveDialog::summaryText() const
{
    if (!m_outcomeGroup->checkedButton())
        return tr("Nothing will be written until you choose an outcome. No new key will be issued.");
    const ResolutionDraft d = draft();
    const Operation &operation = m_snapshot.operation;
    const QString amount = Money::display(operation.amountCents, operation.currency);
    QString text = d.outcome == Outcome::Refunded
        ? tr("Will record: %1 refunded (%2, refund %3), confirmed by %4, by %5.")
              .arg(operation.operationId, amount, d.refundId.isEmpty() ? tr("id missing") : d.refundId,
                   d.evidence.isEmpty() ? tr("(source missing)") : d.evidence,
                   d.operatorName.isEmpty() ? tr("(name missing)") : d.operatorName)
        : tr("Will record: %1 failed (no money moved, %2 not refunded), confirmed by %3, by %4.")
              .arg(operation.operationId, amount, d.evidence.isEmpty() ? tr("(source missing)") : d.evidence,
                   d.operatorName.isEmpty() ? tr("(name missing)") : d.operatorName);
    if (d.overridesEvidence)
        text += QLatin1Char(' ') + tr("It overrides the evidence; the override and your note go into the audit log.");
    text += QLatin1Char(' ') + tr("The operation leaves the queue and the decision is final.");
    text += QLatin1Char(' ') + tr("No new key will be issued.");
    return text;
}

void ResolveDialog::reject()
{
    // The write goes on whatever the dialog does; it stays to show how it ended.
    if (m_submitting)
        return;
    QDialog::reject();
}

void ResolveDialog::submit()
{
    if (m_submitting || problem())
        return;
    m_lastError.reset();
    if (!m_submitter) { // nothing can write the decision: never say it was recorded
        submitted(Error::internal(tr("This window cannot record decisions. Nothing was recorded.")));
        return;
    }
    m_submitting = true;
    update();
    m_submitter(draft(), [dialog = QPointer<ResolveDialog>(this)](const std::optional<Error> &error) {
        if (dialog)
            dialog->submitted(error);
    });
}

void ResolveDialog::submitted(const std::optional<Error> &error)
{
    m_submitting = false;
    if (!error) {
        accept();
        return;
    }
    m_lastError = error;
    // The operation changed under us: there is nothing left to decide in this dialog.
    if (error->kind == ErrorKind::Conflict) {
        reject();
        return;
    }
    m_errorShown = true;
    update();
}

} // namespace RefundDesk
