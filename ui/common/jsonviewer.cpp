#include "ui/common/jsonviewer.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QTextBlock>
#include <QTextDocument>
#include <QVBoxLayout>

namespace RefundDesk {

JsonViewer::JsonViewer(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_search(new QLineEdit(this))
    , m_matchLabel(new QLabel(this))
    , m_text(new QPlainTextEdit(this))
{
    m_title->setTextFormat(Qt::PlainText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    m_search->setObjectName(QStringLiteral("jsonSearch"));
    m_search->setPlaceholderText(tr("Search the payload"));
    m_search->setAccessibleName(tr("Search the payload"));
    m_search->setClearButtonEnabled(true);
    m_matchLabel->setTextFormat(Qt::PlainText);
    m_matchLabel->setMinimumWidth(m_matchLabel->fontMetrics().horizontalAdvance(QStringLiteral("000 matches")));
    m_text->setObjectName(QStringLiteral("jsonText"));
    m_text->setReadOnly(true);
    m_text->setAccessibleName(tr("Payload"));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    auto *searchRow = new QHBoxLayout;
    searchRow->addWidget(m_title, 1);
    searchRow->addWidget(m_search);
    searchRow->addWidget(m_matchLabel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(searchRow);
    layout->addWidget(m_text, 1);

    connect(m_search, &QLineEdit::textChanged, this, &JsonViewer::highlight);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findNext(false); });
    auto *previous = new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Return), m_search);
    previous->setContext(Qt::WidgetShortcut);
    connect(previous, &QShortcut::activated, this, [this] { findNext(true); });
    clear();
}

void JsonViewer::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_search->setPlaceholderText(tr("Search the payload"));
        m_search->setAccessibleName(tr("Search the payload"));
        m_text->setAccessibleName(tr("Payload"));
        m_matchLabel->setText(m_search->text().isEmpty() ? QString() : tr("%n match(es)", nullptr, m_matches));
        // A payload's title and a hint given by the caller are the caller's to say again.
        if (!m_shown && m_hint.isEmpty())
            m_title->setText(tr("Select an event to see its payload."));
        m_text->setAccessibleDescription(m_title->text());
    }
    QWidget::changeEvent(event);
}

std::optional<QString> JsonViewer::pretty(const QString &payload)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(payload.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || document.isNull())
        return std::nullopt;
    return QString::fromUtf8(document.toJson(QJsonDocument::Indented)).trimmed();
}

void JsonViewer::setPayload(const QString &title, const QString &payload)
{
    if (m_shown && m_shown->first == title && m_shown->second == payload)
        return;
    m_shown = std::make_pair(title, payload);
    if (const auto indented = pretty(payload)) {
        m_title->setText(title);
        m_text->setPlainText(*indented);
    } else {
        m_title->setText(tr("%1 — not valid JSON, shown as delivered").arg(title));
        m_text->setPlainText(payload);
    }
    m_text->setAccessibleDescription(m_title->text());
    highlight();
}

void JsonViewer::clear(const QString &hint)
{
    m_shown.reset();
    m_hint = hint;
    m_title->setText(hint.isEmpty() ? tr("Select an event to see its payload.") : hint);
    m_text->clear();
    m_text->setAccessibleDescription(m_title->text());
    highlight();
}

QList<QWidget *> JsonViewer::focusOrder() const
{
    return {m_search, m_text};
}

QString JsonViewer::text() const
{
    return m_text->toPlainText();
}

void JsonViewer::highlight()
{
    QList<QTextEdit::ExtraSelection> selections;
    const QString needle = m_search->text();
    m_matches = 0;
    if (!needle.isEmpty()) {
        QTextCharFormat format;
        format.setBackground(palette().color(QPalette::Highlight).lighter(palette().color(QPalette::Base).lightness() > 128 ? 160 : 70));
        QTextCursor cursor(m_text->document());
        while (!(cursor = m_text->document()->find(needle, cursor)).isNull()) {
            selections.append({cursor, format});
            ++m_matches;
        }
    }
    m_text->setExtraSelections(selections);
    m_matchLabel->setText(needle.isEmpty() ? QString() : tr("%n match(es)", nullptr, m_matches));
    // Heard while typing in the search field: how many it found.
    m_search->setAccessibleDescription(m_matchLabel->text());
    if (m_matches > 0) {
        // Just before the first match, so that Return selects it.
        QTextCursor first(m_text->document());
        first.setPosition(selections.first().cursor.selectionStart());
        m_text->setTextCursor(first);
        m_text->ensureCursorVisible();
    }
}

void JsonViewer::findNext(bool backwards)
{
    const QString needle = m_search->text();
    if (needle.isEmpty())
        return;
    QTextDocument::FindFlags flags;
    if (backwards)
        flags |= QTextDocument::FindBackward;
    QTextCursor found = m_text->document()->find(needle, m_text->textCursor(), flags);
    if (found.isNull()) {
        QTextCursor wrap(m_text->document());
        if (backwards)
            wrap.movePosition(QTextCursor::End);
        found = m_text->document()->find(needle, wrap, flags);
    }
    if (!found.isNull()) {
        m_text->setTextCursor(found);
        m_text->ensureCursorVisible();
    }
}

} // namespace RefundDesk
