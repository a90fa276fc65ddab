#include "ui/common/errordialog.h"

#include <QMessageBox>

namespace RefundDesk {

void showError(QWidget *parent, const QString &title, const QString &message)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("errorDialog"));
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(parent ? Qt::WindowModal : Qt::ApplicationModal);
    box->open();
}

void showErrorOnce(QWidget *parent, const QString &title, const QString &message)
{
    if (parent) {
        for (const QMessageBox *open : parent->findChildren<QMessageBox *>(QStringLiteral("errorDialog"))) {
            if (open->isVisible() && open->text() == message)
                return;
        }
    }
    showError(parent, title, message);
}

} // namespace RefundDesk
