#pragma once

#include <QWidget>

#include <optional>
#include <utility>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace RefundDesk {

// Shows one payload as the provider sent it: pretty-printed when it parses, verbatim
// (and said so) when it does not, with a search field that highlights every match.
class JsonViewer final : public QWidget
{
    Q_OBJECT

public:
    explicit JsonViewer(QWidget *parent = nullptr);

    void setPayload(const QString &title, const QString &payload);
    void clear(const QString &hint = {});

    QString text() const;
    QLineEdit *searchField() const { return m_search; }
    // The controls the Tab key visits, in reading order.
    QList<QWidget *> focusOrder() const;
    int matchCount() const { return m_matches; }

    // Indented JSON, or nothing when `payload` is not JSON.
    static std::optional<QString> pretty(const QString &payload);

protected:
    void changeEvent(QEvent *event) override;

private:
    void highlight();
    void findNext(bool backwards);

    QLabel *m_title = nullptr;
    QLineEdit *m_search = nullptr;
    QLabel *m_matchLabel = nullptr;
    QPlainTextEdit *m_text = nullptr;
    int m_matches = 0;
    // What setPayload() shows, so that showing it again (a live refresh) keeps the
    // reader's place.
    std::optional<std::pair<QString, QString>> m_shown;
    QString m_hint; // the hint clear() was given, empty for the usual one
};

} // namespace RefundDesk
