#include "ui/console/shiftend/shiftend.h"

#include "evidence/resolver.h"
#include "store/queuequery.h"
#include "store/store.h"
#include "store/storeworker.h"
#include "ui/console/deciding/operationwrites.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queueviewcounts.h"
#include "ui/console/shiftend/releaseclaimsdialog.h"

#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

#include <memory>

namespace RefundDesk {

namespace {

constexpr int ClaimsPage = 200;

// The releases of one "Release and close", counted down as their writes end.
struct ReleaseRound
{
    int pending = 0;
    QStringList failed;
    QString firstError;
};

} // namespace

ShiftEnd::ShiftEnd(ShiftEndHost *host, const ShiftEndParts &parts, QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_parts(parts)
{
}

ReleaseClaimsDialog *ShiftEnd::dialog() const
{
    return m_dialog;
}

Result<std::vector<Operation>> ShiftEnd::claimsOf(Store &store, const QString &operatorName, int limit)
{
    QueueQuery query;
    query.statusFilter = QueueQuery::StatusFilter::ClaimedBy;
    query.claimedBy = operatorName;
    std::vector<Operation> held;
    std::optional<QueueCursor> after;
    while (int(held.size()) < limit) {
        auto page = store.queuePage(query, after, qMin(ClaimsPage, limit - int(held.size())));
        if (!page)
            return page.error();
        const bool last = int(page->size()) < ClaimsPage;
        if (!page->empty())
            after = cursorAfter(query, page->back());
        held.insert(held.end(), page->begin(), page->end());
        if (last)
            break;
    }
    return held;
}

bool ShiftEnd::mayClose()
{
    if (std::exchange(m_mayClose, false))
        return true;
    if (m_dialog) {
        m_dialog->raise();
        m_dialog->activateWindow();
        return false;
    }
    if (m_reading)
        return false;
    // A store that takes no writes holds no claims of this run's to release.
    if (!m_host->storeFacts() || m_host->isReadOnly())
        return true;
    // The queue's counts, as of the last count asked for, say none is held, and no write
    // of this window's is under way: no need to ask the store.
    const QueueViewCounts *views = m_parts.viewCounts;
    if (views->counts() && views->counts()->mine == 0 && views->isCurrent() && m_parts.writes->isIdle())
        return true;
    readClaims();
    return false;
}

void ShiftEnd::readClaims()
{
    m_reading = true;
    ++m_claimReads;
    const QString operatorName = m_parts.identity->name();
    m_parts.reads->request<std::vector<Operation>>(
        [operatorName](Store &store) { return claimsOf(store, operatorName); }, this,
        [this](Result<std::vector<Operation>> held) {
            m_reading = false;
            if (!held) {
                cannotTell(held.error().message);
                return;
            }
            if (held->empty())
                closeWindow();
            else
                ask(std::move(*held));
        });
}

void ShiftEnd::cannotTell(const QString &why)
{
    // The person wants to leave; a store that cannot answer must not keep them.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Cannot tell which claims you hold"),
                                tr("%1\n\nClose anyway? Claims you hold stay yours until you or someone else "
                                   "release them.")
                                    .arg(why),
                                QMessageBox::Close | QMessageBox::Cancel, m_parts.window);
    box->setObjectName(QStringLiteral("claimsUnreadDialog"));
    box->setTextFormat(Qt::PlainText);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    connect(box, &QMessageBox::finished, this, [this, box] {
        if (box->standardButton(box->clickedButton()) == QMessageBox::Close)
            closeWindow();
    });
    box->open();
}

void ShiftEnd::ask(std::vector<Operation> held)
{
    const bool notesPossible = m_host->storeFacts() && m_host->storeFacts()->schemaVersion >= 2;
    auto *dialog = new ReleaseClaimsDialog(std::move(held), notesPossible, m_parts.window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_dialog = dialog;
    connect(dialog, &ReleaseClaimsDialog::releaseChosen, this, &ShiftEnd::release);
    connect(dialog, &QDialog::finished, this, [this, dialog] {
        if (dialog->choice() != ReleaseClaimsDialog::Choice::Stay)
            closeWindow();
    });
    dialog->open();
}

void ShiftEnd::release()
{
    if (!m_dialog)
        return;
    const std::vector<ReleaseClaimsDialog::Claim> claims = m_dialog->toRelease();
    auto round = std::make_shared<ReleaseRound>();
    round->pending = int(claims.size());
    const QString operatorName = m_parts.identity->name();
    auto ended = [this, round] {
        if (--round->pending > 0 || !m_dialog)
            return;
        m_host->refreshNow();
        if (round->failed.isEmpty()) {
            m_dialog->releaseEnded({});
            return;
        }
        m_dialog->releaseEnded(tr("%1 could not be released: %2 Try again, keep them, or stay.")
                                   .arg(round->failed.join(QStringLiteral(", ")), round->firstError));
    };
    if (claims.empty()) {
        ++round->pending;
        ended();
        return;
    }
    for (const ReleaseClaimsDialog::Claim &claim : claims) {
        const QString id = claim.seen.operationId;
        auto noted = std::make_shared<bool>(false); // written on the write worker, read once it answered
        NoteDraft draft{id, claim.note, {}, operatorName};
        const bool started = m_parts.operationWrites->startWrite(
            id, tr("Releasing %1").arg(id),
            [seen = claim.seen, draft, operatorName, noted](Store &store) -> std::optional<Error> {
                // The note first: whoever takes the operation next finds it there.
                if (!draft.text.isEmpty()) {
                    auto added = store.addNote(draft);
                    if (!added)
                        return added.error();
                    *noted = true;
                }
                auto released = Resolver(store).release(seen, operatorName);
                if (!released)
                    return released.error();
                return std::nullopt;
            },
            [this, round, id, noted, ended](const std::optional<Error> &error) {
                if (m_dialog && *noted)
                    m_dialog->noted(id);
                if (error) {
                    round->failed << id;
                    if (round->firstError.isEmpty())
                        round->firstError = error->message;
                } else if (m_dialog) {
                    m_dialog->released(id);
                }
                ended();
            });
        if (!started) {
            round->failed << id;
            if (round->firstError.isEmpty())
                round->firstError = tr("It is still being written; wait for that to finish.");
            ended();
        }
    }
}

void ShiftEnd::closeWindow()
{
    m_mayClose = true;
    // Closed, or refused by something else: either way the next close asks again.
    m_parts.window->close();
    m_mayClose = false;
}

} // namespace RefundDesk
