#pragma once

#include "audit/auditexporter.h"
#include "audit/auditverifier.h"
#include "ui/common/bannerlabel.h"
#include "ui/common/windowlayout.h"

#include "store/storefacts.h"

#include <QMainWindow>
#include <QPointer>

#include <atomic>
#include <memory>
#include <optional>

class QAction;
class QLabel;
class QMenu;
class QProgressDialog;
class QTabWidget;
class QTableView;

namespace RefundDesk {

class AuditChainCheck;
class AuditEntryModel;
class AuditFilterBar;
class AuditTotalsModel;
class ExposureChart;
class StoreWorker;

// The audit log for finance: every resolution with its operation, order, amount,
// outcome, refund id, evidence, note, operator, time (local and UTC), previous status and
// override flag; filters done in SQL; totals by outcome and currency; the chain's state;
// the unknown exposure over time; and File › Export….
//
// The table reads the console's UI-thread connection a page at a time. Everything that
// reads the whole log (the chain check, totals, operators, the chart, exports) runs on
// the thread pool, each job with its own read-only connection to the same store file.
// auditwindowexport.cpp holds the exports.
class AuditWindow final : public QMainWindow
{
    Q_OBJECT

public:
    explicit AuditWindow(QWidget *parent = nullptr);
    ~AuditWindow() override;

    // The store to show: the worker to read it through (not owned; null when none is
    // open) and what is known of it. Checks the chain again.
    void setStore(StoreWorker *worker, const std::optional<StoreFacts> &facts);
    bool hasStore() const { return m_facts.has_value(); }
    // Re-reads the log, the totals, the chart, and checks the chain again.
    void refresh();

    // Asks where to, then exports what the filters select (off the UI thread, with a
    // progress dialog that can cancel; a cancelled or failed export leaves no file).
    void exportLog();
    // The same without asking; false when an export is already running or no store is open.
    bool startExport(const QString &path, AuditExporter::Format format);

    AuditFilterBar *filterBar() const { return m_filters; }
    QTableView *table() const { return m_table; }
    AuditEntryModel *model() const { return m_model; }
    AuditTotalsModel *totalsModel() const { return m_totals; }
    ExposureChart *chart() const { return m_chart; }
    QTabWidget *tabs() const { return m_tabs; }
    QLabel *chainLabel() const { return m_chainLabel; }
    QLabel *countLabel() const { return m_countLabel; }
    // The last finished chain check, if any.
    const std::optional<AuditReport> &chainReport() const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

signals:
    void chainChecked(bool intact, const QString &text);
    void exportFinished(bool ok, const QString &message);

private:
    // Where the totals are, for the count above them.
    enum class TotalsState { None, Counting, Failed, Done };

    void createMenus();
    // Sets every text in the language in force, again on a change of language; the rows,
    // the filters and the chain's report stay.
    void retranslateUi();
    void updateStoreLabel();
    void updateCountLabel();
    void applyFilter();
    void loadTotals();
    void loadOperators();
    void loadTimeline();
    void updateRowHint();

    StoreWorker *m_worker = nullptr;
    std::optional<StoreFacts> m_facts;
    AuditFilterBar *m_filters = nullptr;
    AuditEntryModel *m_model = nullptr;
    AuditTotalsModel *m_totals = nullptr;
    QTableView *m_table = nullptr;
    QTableView *m_totalsTable = nullptr;
    ExposureChart *m_chart = nullptr;
    QTabWidget *m_tabs = nullptr;
    BannerLabel *m_chainLabel = nullptr;
    AuditChainCheck *m_chainCheck = nullptr;
    QLabel *m_countLabel = nullptr;
    QLabel *m_rowHint = nullptr;
    QLabel *m_storeLabel = nullptr;
    QLabel *m_totalsTitle = nullptr;
    QMenu *m_fileMenu = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_closeAction = nullptr;
    QMenu *m_viewMenu = nullptr;
    QAction *m_refreshAction = nullptr;
    QAction *m_logAction = nullptr;
    QAction *m_exposureAction = nullptr;
    TotalsState m_totalsState = TotalsState::None;
    QString m_totalsError;
    // Bumped when the store or the filter changes: late answers to old questions are dropped.
    quint64 m_storeGeneration = 0;
    quint64 m_filterGeneration = 0;
    bool m_exportRunning = false;
    WindowLayout m_layout;
};

} // namespace RefundDesk
