#include "ui/audit/auditchaincheck.h"

#include "ui/common/bannerlabel.h"
#include "ui/common/livetext.h"
#include "ui/common/theme.h"

#include "items/tooltiptext.h"
#include "store/store.h"

#include <QFutureWatcher>
#include <QLocale>
#include <QPromise>
#include <QtConcurrent>

namespace RefundDesk {

namespace {

using ChainReportAnswer = std::shared_ptr<Result<AuditReport>>;

} // namespace

AuditChainCheck::AuditChainCheck(BannerLabel *label, QObject *parent)
    : QObject(parent)
    , m_label(label)
{
}

AuditChainCheck::~AuditChainCheck()
{
    // The job on the pool holds its own connection and nothing of this; it only has to stop.
    cancel();
}

void AuditChainCheck::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
    m_cancel.reset();
}

void AuditChainCheck::forget()
{
    cancel();
    ++m_generation;
    m_report.reset();
    m_error.clear();
    m_progress = -1;
}

void AuditChainCheck::clear()
{
    forget();
    m_hasStore = false;
    showState();
}

void AuditChainCheck::start(const QString &location)
{
    forget();
    m_hasStore = true;
    showState();
    const quint64 generation = m_generation;
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancel;

    auto *watcher = new QFutureWatcher<ChainReportAnswer>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, generation](int percent) {
        if (generation == m_generation && !m_report) {
            m_progress = percent;
            showState();
        }
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation || watcher->future().resultCount() == 0)
            return;
        const Result<AuditReport> &answer = *watcher->result();
        if (!answer) {
            m_error = answer.error().message;
            showState();
            emit checked(false, m_label->text());
            return;
        }
        m_report = *answer;
        showState();
        emit checked(m_report->intact(), m_label->text());
    });
    watcher->setFuture(QtConcurrent::run([location, cancel](QPromise<ChainReportAnswer> &promise) {
        auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
        if (!store) {
            promise.addResult(std::make_shared<Result<AuditReport>>(store.error()));
            return;
        }
        promise.setProgressRange(0, 100);
        AuditVerifier verifier(**store);
        auto report = verifier.run([&promise, &cancel](qint64 done, qint64 total) {
            promise.setProgressValue(total > 0 ? int(100 * done / total) : 0);
            return !cancel->load();
        });
        if (!cancel->load())
            promise.addResult(std::make_shared<Result<AuditReport>>(std::move(report)));
    }));
}

void AuditChainCheck::showState()
{
    QString text;
    Theme::Tone tone = Theme::Tone::Neutral;
    if (!m_hasStore) {
        text = tr("Open a store to see its audit log.");
    } else if (m_report) {
        const AuditReport &report = *m_report;
        if (report.chainBreak) {
            // What is wrong, what it means for the auditor, and what to do.
            text = tr("Broken at #%1: %2. The log was changed after it was written: decisions from #%1 on may not "
                      "be as they were recorded. Keep this copy as it is and report it (hover for every problem "
                      "found).")
                       .arg(report.chainBreak->resolutionId)
                       .arg(report.chainBreak->reason);
        } else if (!report.violations.empty()) {
            text = tr("Chain verified through #%1, but a store invariant is broken: %2 The decisions so far are as "
                      "recorded, but the store no longer guards them as it should: report it (hover for every "
                      "problem found).")
                       .arg(report.lastVerifiedId)
                       .arg(report.violations.front().message);
        } else {
            text = tr("Verified through #%1: %2 decisions, the chain is intact and the store's invariants hold.")
                       .arg(report.lastVerifiedId)
                       .arg(QLocale().toString(report.verifiedCount));
        }
        const QStringList problems = report.problems();
        // The problems quote stored text (operators, notes): never markup.
        m_label->setToolTip(problems.isEmpty() ? tr("Head hash %1").arg(report.headHash)
                                               : ToolTipText::fromPlainText(problems.join(u'\n')));
        tone = report.intact() ? Theme::Tone::Good : Theme::Tone::Danger;
    } else if (!m_error.isEmpty()) {
        text = tr("Cannot check the chain: %1").arg(m_error);
        tone = Theme::Tone::Warning;
    } else if (m_progress >= 0) {
        text = tr("Checking the audit chain… %1%").arg(m_progress);
    } else {
        text = tr("Checking the audit chain…");
    }
    LiveText::setText(m_label, text);
    m_label->setTone(tone);
}

} // namespace RefundDesk
