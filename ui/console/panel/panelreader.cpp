#include "ui/console/panel/panelreader.h"

#include "items/evidencenextstep.h"
#include "items/timetext.h"
#include "store/store.h"
#include "store/storeworker.h"
#include "ui/common/theme.h"
#include "ui/console/panel/operationnotice.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"

#include <QDateTime>
#include <QTimer>

namespace RefundDesk {

namespace {

qint64 now()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

PanelReader::PanelReader(StoreWorker *reads, OperationPanel *panel, OperatorIdentity *identity,
                         std::function<bool()> readOnly, QObject *parent)
    : QObject(parent)
    , m_reads(reads)
    , m_panel(panel)
    , m_identity(identity)
    , m_readOnly(std::move(readOnly))
    , m_loadingDelay(new QTimer(this))
{
    // A read that comes back at once shows no "loading": only one that keeps the person waiting.
    m_loadingDelay->setSingleShot(true);
    m_loadingDelay->setInterval(LoadingDelayMs);
    connect(m_loadingDelay, &QTimer::timeout, this, [this] { m_panel->setLoading(m_loadingId); });
}

QString PanelReader::current() const
{
    return m_wanted.isEmpty() ? m_panel->operationId() : m_wanted;
}

void PanelReader::abandon()
{
    m_lane.abandon();
    m_wanted.clear();
}

void PanelReader::load(const QString &operationId, bool fromChange)
{
    // The panel keeps what it shows until the answer comes; a newer selection replaces
    // this read, and its answer is dropped if it still comes.
    const RequestLane::Stub lane = m_lane.stub(m_lane.next());
    m_wanted = operationId;
    m_loadingId = operationId;
    if (!fromChange && !m_loadingDelay->isActive() && !m_panel->isShowingLoading())
        m_loadingDelay->start();
    else if (!fromChange && m_panel->isShowingLoading())
        m_panel->setLoading(operationId);
    m_reads->request<OperationSnapshot>(
        lane,
        [operationId, moments = TimeText::momentsAsOf(now())](Store &store) {
            // The evidence's moments in local time, as the rest of the panel says them.
            return OperationSnapshot::load(store, operationId, moments);
        },
        this,
        [this, operationId, fromChange](Result<OperationSnapshot> loaded) {
            m_loadingDelay->stop();
            m_loadingId.clear();
            m_panel->setLoading(QString());
            showLoaded(operationId, fromChange, std::move(loaded));
        });
}

void PanelReader::showLoaded(const QString &operationId, bool fromChange, Result<OperationSnapshot> loaded)
{
    if (!loaded) {
        if (fromChange) {
            m_panel->setNotice(loaded.error().message, Theme::Tone::Danger);
        } else {
            m_hint = Hint::None;
            m_noticeBefore.reset();
            m_panel->clear(loaded.error().message);
        }
        emit shown(operationId);
        return;
    }
    std::optional<OperationSnapshot> before;
    if (fromChange && m_panel->snapshot() && m_panel->operationId() == operationId)
        before = m_panel->snapshot();
    const OperationNotice notice =
        OperationNotice::about(*loaded, before ? &*before : nullptr, m_identity->name(), m_readOnly(), now());
    m_hint = Hint::None;
    m_noticeBefore = std::move(before);
    const QString nextStep = EvidenceNextStep::sentence(*loaded, m_identity->name(), m_readOnly());
    m_panel->showSnapshot(std::move(*loaded), now());
    m_panel->setNotice(notice.text, notice.tone);
    m_panel->setNextStep(nextStep);
    emit shown(operationId);
}

void PanelReader::showHint(Hint hint)
{
    m_hint = hint;
    m_noticeBefore.reset();
    switch (hint) {
    case Hint::OpenStore:
        m_panel->clear(tr("Open a store to see the operations that need a person: File › Open store… (Ctrl+O) "
                          "or File › Open demo store."));
        break;
    case Hint::PickOperation:
        m_panel->clear(tr("Pick an operation in the queue (Ctrl+1, then the arrow keys)."));
        break;
    case Hint::NotInView:
        m_panel->clear(tr("%1 is not in this view of the queue. Pick an operation in the queue (Ctrl+1), or "
                          "change the search or the view to see %1 again.")
                           .arg(m_hintOperation));
        break;
    case Hint::None:
        break;
    }
}

void PanelReader::showNotInView(const QString &operationId)
{
    m_lane.abandon();
    m_loadingDelay->stop();
    m_loadingId.clear();
    m_panel->setLoading(QString());
    m_wanted.clear();
    m_hintOperation = operationId;
    showHint(Hint::NotInView);
}

void PanelReader::retranslate()
{
    // The operation shown: its parts say their texts again themselves; the notice is the
    // window's, worked out from the same snapshots as before.
    if (const auto &snapshot = m_panel->snapshot()) {
        const OperationNotice notice = OperationNotice::about(
            *snapshot, m_noticeBefore ? &*m_noticeBefore : nullptr, m_identity->name(), m_readOnly(), now());
        m_panel->setNotice(notice.text, notice.tone);
        m_panel->setNextStep(EvidenceNextStep::sentence(*snapshot, m_identity->name(), m_readOnly()));
    } else if (m_hint != Hint::None) {
        showHint(m_hint);
    }
}

} // namespace RefundDesk
