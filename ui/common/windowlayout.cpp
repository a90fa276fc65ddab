#include "ui/common/windowlayout.h"

#include <QHeaderView>
#include <QMainWindow>
#include <QSettings>
#include <QSplitter>

namespace RefundDesk {

namespace {
const QString geometryKey = QStringLiteral("geometry");
const QString stateKey = QStringLiteral("state");
}

WindowLayout::WindowLayout(QWidget *window, QString group)
    : m_window(window)
    , m_group(std::move(group))
{
}

void WindowLayout::addSplitter(const QString &key, QSplitter *splitter)
{
    m_splitters.emplace_back(key, splitter);
}

void WindowLayout::addHeader(const QString &key, QHeaderView *header)
{
    m_headers.emplace_back(key, header);
}

void WindowLayout::restore() const
{
    if (!m_window)
        return;
    QSettings settings;
    settings.beginGroup(m_group);
    m_window->restoreGeometry(settings.value(geometryKey).toByteArray());
    if (auto *mainWindow = qobject_cast<QMainWindow *>(m_window.data()))
        mainWindow->restoreState(settings.value(stateKey).toByteArray());
    for (const auto &[key, splitter] : m_splitters) {
        if (splitter)
            splitter->restoreState(settings.value(key).toByteArray());
    }
    for (const auto &[key, header] : m_headers) {
        if (header)
            header->restoreState(settings.value(key).toByteArray());
    }
}

void WindowLayout::save() const
{
    if (!m_window)
        return;
    QSettings settings;
    settings.beginGroup(m_group);
    settings.setValue(geometryKey, m_window->saveGeometry());
    if (auto *mainWindow = qobject_cast<QMainWindow *>(m_window.data()))
        settings.setValue(stateKey, mainWindow->saveState());
    for (const auto &[key, splitter] : m_splitters) {
        if (splitter)
            settings.setValue(key, splitter->saveState());
    }
    for (const auto &[key, header] : m_headers) {
        if (header)
            settings.setValue(key, header->saveState());
    }
}

} // namespace RefundDesk
