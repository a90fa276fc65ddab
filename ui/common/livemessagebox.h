#pragma once

#include <QMessageBox>

#include <functional>

namespace RefundDesk {

// A message box whose texts come from a function: set when it is given, and again when
// the language changes while the box is open, so that a question left open on the screen
// speaks the language the window now speaks.
class LiveMessageBox final : public QMessageBox
{
    Q_OBJECT

public:
    LiveMessageBox(Icon icon, StandardButtons buttons, QWidget *parent = nullptr);

    // Calls `texts` now and on every change of language.
    void setTexts(std::function<void()> texts);

protected:
    void changeEvent(QEvent *event) override;

private:
    std::function<void()> m_texts;
};

} // namespace RefundDesk
