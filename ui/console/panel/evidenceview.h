#pragma once

#include <QWidget>

class QHBoxLayout;
class QLabel;
class QTableView;

namespace RefundDesk {

class BannerLabel;
class EventsModel;
class JsonViewer;
class LookupSourceLabel;
struct OperationSnapshot;

// What the provider said: a banner with the verdict in one sentence, who asked and when
// when Stripe's answer states it, and the matched events (unreadable ones flagged). The selected event's payload goes to a JsonViewer placed
// wherever the panel has room for it.
class EvidenceView final : public QWidget
{
    Q_OBJECT

public:
    explicit EvidenceView(JsonViewer *payloadViewer, QWidget *parent = nullptr);

    void showSnapshot(const OperationSnapshot &snapshot, qint64 nowMsecs);
    void clear();

    QString verdictText() const;
    // The line under the verdict that says what the evidence allows next; empty hides it.
    void setNextStep(const QString &text);
    QString nextStepText() const;
    EventsModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    LookupSourceLabel *lookupSource() const { return m_lookupSource; }
    // The controls the Tab key visits, in reading order: the verdict and what sits beside
    // it, then the events.
    QList<QWidget *> focusOrder() const;
    JsonViewer *jsonViewer() const { return m_json; }

    // Places a control of another feature to the right of the verdict (e.g. Ask Stripe),
    // next in the Tab order after it, or a line of text under the verdict.
    void addBesideVerdict(QWidget *widget);
    void addUnderVerdict(QWidget *widget);

    // At its width: the verdict and the lines under it whole, and the first events.
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void showSelectedPayload();

    BannerLabel *m_banner = nullptr;
    QLabel *m_nextStep = nullptr;
    QHBoxLayout *m_verdictRow = nullptr;
    QList<QWidget *> m_besideVerdict;
    LookupSourceLabel *m_lookupSource = nullptr;
    QLabel *m_title = nullptr;
    QTableView *m_table = nullptr;
    EventsModel *m_model = nullptr;
    JsonViewer *m_json = nullptr;
};

} // namespace RefundDesk
