#include "ui/console/deciding/resolvedialog.h"

#include "domain/money.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/resolver.h"
#include "items/timetext.h"
#include "ui/common/bannerlabel.h"
#include "ui/common/livetext.h"
#include "ui/console/deciding/refundcomparisonview.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QVBoxLayout>

namespace RefundDesk {

namespace {

const QString dashboardSource = QStringLiteral("dashboard");
const QString supportSource = QStringLiteral("provider_support");

} // namespace

ResolveDialog::ResolveDialog(const OperationSnapshot &snapshot, const QString &operatorName, Submitter submitter,
                             QWidget *parent)
    : QDialog(parent)
    , m_snapshot(snapshot)
    , m_submitter(std::move(submitter))
    , m_intro(LiveText::readableParagraph(new QLabel(this), QStringLiteral("intro")))
    , m_comparison(new RefundComparisonView(this))
    , m_refunded(new QRadioButton(this))
    , m_failed(new QRadioButton(this))
    , m_outcomeGroup(new QButtonGroup(this))
    , m_refundId(new QLineEdit(this))
    , m_evidenceSource(new QComboBox(this))
    , m_caseReference(new QLineEdit(this))
    , m_note(new QPlainTextEdit(this))
    , m_operator(new QLineEdit(operatorName, this))
    , m_contradiction(LiveText::readableParagraph(new BannerLabel(this), QStringLiteral("contradiction")))
    , m_override(new QCheckBox(this))
    , m_problem(LiveText::readableParagraph(new BannerLabel(this), QStringLiteral("problem")))
    , m_summary(LiveText::readableParagraph(new QLabel(this), QStringLiteral("summary")))
    , m_buttons(new QDialogButtonBox(this))
{
    const Operation &operation = m_snapshot.operation;
    const Evidence &evidence = m_snapshot.evidence;
    setObjectName(QStringLiteral("resolveDialog"));
    m_contradiction->setTone(Theme::Tone::Danger);

    m_refunded->setObjectName(QStringLiteral("outcomeRefunded"));
    m_failed->setObjectName(QStringLiteral("outcomeFailed"));
    m_outcomeGroup->addButton(m_refunded);
    m_outcomeGroup->addButton(m_failed);
    auto *outcomeBox = new QVBoxLayout;
    outcomeBox->addWidget(m_refunded);
    outcomeBox->addWidget(m_failed);
    if (evidence.verdict == Verdict::Refunded)
        m_refunded->setChecked(true);
    else if (evidence.verdict == Verdict::Failed || evidence.verdict == Verdict::NotFound)
        m_failed->setChecked(true);

    m_refundId->setObjectName(QStringLiteral("refundId"));
    m_refundId->setText(!evidence.namedRefundId.isEmpty() ? evidence.namedRefundId : operation.refundId);

    // The refunds side by side: the one picked fills the id.
    connect(m_comparison, &RefundComparisonView::refundUsed, this, &ResolveDialog::useRefund);
    connect(m_comparison, &RefundComparisonView::shrunk, this, [this](int pixels) {
        if (isVisible())
            resize(width(), qMax(sizeHint().height(), height() - pixels));
    });
    compareRefunds();
    connect(m_comparison->table()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ResolveDialog::update);

    m_evidenceSource->setObjectName(QStringLiteral("evidenceSource"));
    for (const EvidenceEvent &event : evidence.events) {
        if (!event.readable())
            continue;
        m_evidenceSource->addItem(QString(), QStringLiteral("webhook:%1").arg(event.row.eventId));
    }
    for (const EvidenceLookup &lookup : evidence.lookups)
        m_evidenceSource->addItem(QString(), lookup.evidenceText());
    m_evidenceSource->addItem(QString(), dashboardSource);
    m_evidenceSource->addItem(QString(), supportSource);
    const int suggested = m_evidenceSource->findData(evidence.suggestedEvidenceText());
    m_evidenceSource->setCurrentIndex(suggested >= 0 ? suggested : m_evidenceSource->findData(dashboardSource));
    m_caseReference->setObjectName(QStringLiteral("caseReference"));
    auto *evidenceRow = new QHBoxLayout;
    evidenceRow->addWidget(m_evidenceSource, 1);
    evidenceRow->addWidget(m_caseReference);

    m_note->setObjectName(QStringLiteral("note"));
    m_note->setTabChangesFocus(true);
    m_note->setFixedHeight(m_note->fontMetrics().lineSpacing() * 4 + 12);
    m_operator->setObjectName(QStringLiteral("operatorName"));

    m_override->setObjectName(QStringLiteral("overrideEvidence"));

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    m_outcomeLabel = new QLabel(this);
    m_refundIdLabel = new QLabel(this);
    m_refundIdLabel->setBuddy(m_refundId);
    m_evidenceLabel = new QLabel(this);
    m_evidenceLabel->setBuddy(m_evidenceSource);
    m_noteLabel = new QLabel(this);
    m_noteLabel->setBuddy(m_note);
    m_operatorLabel = new QLabel(this);
    m_operatorLabel->setBuddy(m_operator);
    form->addRow(m_outcomeLabel, outcomeBox);
    form->addRow(m_refundIdLabel, m_refundId);
    form->addRow(m_evidenceLabel, evidenceRow);
    form->addRow(m_noteLabel, m_note);
    form->addRow(m_operatorLabel, m_operator);

    m_record = m_buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_record->setObjectName(QStringLiteral("recordButton"));
    m_record->setDefault(true);
    m_buttons->addButton(QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ResolveDialog::submit);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_comparison);
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
    retranslate();
    // A comparison needs the width of its columns; the dialog still fits a 1366 × 768 screen.
    resize(m_comparison->isComparing() ? 900 : 640, sizeHint().height());
    update();
}

void ResolveDialog::compareRefunds()
{
    m_comparison->compare(m_snapshot.evidence, m_snapshot.attempts, m_refundId->text().trimmed());
}

void ResolveDialog::useRefund(const QString &refundId)
{
    if (m_submitting)
        return;
    m_refunded->setChecked(true);
    m_refundId->setText(refundId);
}

QTableView *ResolveDialog::comparisonView() const
{
    return m_comparison->table();
}

QPushButton *ResolveDialog::useRefundButton() const
{
    return m_comparison->useButton();
}

void ResolveDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        // The evidence's sentences in the new language, worked out again from the same
        // events; what was typed and chosen stays as it is.
        m_snapshot.evidence = EvidenceAnalyzer::analyzeAgain(m_snapshot.operation, m_snapshot.evidence,
                                                             TimeText::momentsAsOf(QDateTime::currentMSecsSinceEpoch()));
        compareRefunds();
        retranslate();
        update();
    }
    QDialog::changeEvent(event);
}

void ResolveDialog::retranslate()
{
    const Operation &operation = m_snapshot.operation;
    const Evidence &evidence = m_snapshot.evidence;
    setWindowTitle(tr("Record outcome of %1").arg(operation.operationId));
    // With the refunds compared, the banner below says the explanation; the intro need not
    // say it twice on a laptop's screen.
    const QString explanation = m_comparison->isComparing() ? QString() : evidence.explanation;
    m_intro->setText(tr("%1 · order %2 · %3. Evidence: %4. %5")
                         .arg(operation.operationId, operation.orderId,
                              Money::display(operation.amountCents, operation.currency),
                              displayName(evidence.verdict), explanation)
                         .trimmed());
    m_refunded->setText(tr("&Refunded — the money went back to the customer"));
    m_failed->setText(tr("&Failed — no money moved"));
    m_refundId->setPlaceholderText(tr("re_… as the provider shows it"));
    m_comparison->retranslate(evidence);
    // The items were added in this order: the readable events, the provider lookups, then
    // the dashboard and support.
    int item = 0;
    for (const EvidenceEvent &event : evidence.events) {
        if (!event.readable())
            continue;
        const ParsedRefund *refund = event.refund();
        m_evidenceSource->setItemText(item++, refund ? tr("Webhook event %1 (%2: %3 %4)")
                                                           .arg(event.row.eventId, event.row.type, refund->id,
                                                                displayName(refund->status))
                                                     : tr("Webhook event %1 (%2)").arg(event.row.eventId, event.row.type));
    }
    for (const EvidenceLookup &lookup : evidence.lookups) {
        m_evidenceSource->setItemText(item++, lookup.findsNoRefund() ? tr("Stripe lookup %1 (no refund listed)").arg(lookup.row.lookupId)
                                              : tr("Stripe lookup %1 (refunds found: %2)")
                                                    .arg(lookup.row.lookupId)
                                                    .arg(lookup.refunds.size() + lookup.otherRefunds.size()));
    }
    m_evidenceSource->setItemText(m_evidenceSource->findData(dashboardSource), tr("Provider dashboard"));
    m_evidenceSource->setItemText(m_evidenceSource->findData(supportSource), tr("Provider support (give the case reference)"));
    m_caseReference->setPlaceholderText(tr("case reference"));
    m_caseReference->setAccessibleName(tr("Case reference"));
    m_note->setPlaceholderText(tr("What you checked (required when overriding the evidence)"));
    m_override->setText(tr("O&verride the evidence: I confirmed this outcome with the provider"));
    m_outcomeLabel->setText(tr("Outcome:"));
    m_refundIdLabel->setText(tr("Refund &id:"));
    m_evidenceLabel->setText(tr("&Confirmed by:"));
    m_evidenceSource->view()->setAccessibleName(tr("Where the outcome was confirmed"));
    m_noteLabel->setText(tr("&Note:"));
    m_operatorLabel->setText(tr("O&perator:"));
    m_record->setText(tr("Record outcome"));
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
    if (m_comparison->isComparing() && m_refunded->isChecked() && m_refundId->text().trimmed().isEmpty())
        return tr("Pick the refund that is this operation's (Use as this operation's refund), or type its id.");
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
    m_comparison->followChoice(m_outcomeGroup->checkedButton() != nullptr, refunded, m_refundId->text().trimmed(),
                               m_submitting);
    m_caseReference->setVisible(m_evidenceSource->currentData().toString() == supportSource);

    const auto contradicts = contradiction();
    m_contradiction->setVisible(contradicts.has_value());
    m_override->setVisible(contradicts.has_value());
    LiveText::setText(m_contradiction, contradicts ? tr("This contradicts the evidence: %1").arg(*contradicts) : QString());

    const auto blocking = problem();
    m_record->setEnabled(!blocking.has_value() && !m_submitting);
    if (QPushButton *cancel = m_buttons->button(QDialogButtonBox::Cancel))
        cancel->setEnabled(!m_submitting);
    if (m_submitting) {
        LiveText::setText(m_problem, tr("Recording the outcome of %1 — waiting for the store…")
                               .arg(m_snapshot.operation.operationId));
        m_problem->setTone(Theme::Tone::Info);
    } else if (m_lastError && m_errorShown) {
        LiveText::setText(m_problem, m_lastError->message);
        m_problem->setTone(Theme::Tone::Danger);
    } else {
        LiveText::setText(m_problem, blocking.value_or(QString()));
        m_problem->setTone(Theme::Tone::Warning);
    }
    m_problem->setVisible(!m_problem->text().isEmpty());

    LiveText::setText(m_summary, summaryText());
    // Grow to show the banners that just appeared rather than squeeze the fields.
    if (height() < sizeHint().height())
        resize(width(), sizeHint().height());
}

QString ResolveDialog::meaningText() const
{
    return m_comparison->meaningText();
}

QString ResolveDialog::choiceText() const
{
    return m_comparison->choiceText();
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
