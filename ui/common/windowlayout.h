#pragma once

#include <QPointer>
#include <QString>

#include <utility>
#include <vector>

class QHeaderView;
class QSplitter;
class QWidget;

namespace RefundDesk {

// Remembers how a person arranged a window: its geometry (and a main window's tool bars
// and docks), its splitters and its tables' column widths, in the settings under one
// group, so that the window opens again as it was left.
class WindowLayout final
{
public:
    WindowLayout(QWidget *window, QString group);

    void addSplitter(const QString &key, QSplitter *splitter);
    void addHeader(const QString &key, QHeaderView *header);

    // Missing or unreadable settings leave the part as it is.
    void restore() const;
    void save() const;

private:
    QPointer<QWidget> m_window;
    QString m_group;
    std::vector<std::pair<QString, QPointer<QSplitter>>> m_splitters;
    std::vector<std::pair<QString, QPointer<QHeaderView>>> m_headers;
};

} // namespace RefundDesk
