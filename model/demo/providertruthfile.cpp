#include "demo/providertruthfile.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

ProviderTruthFile::ProviderTruthFile(const QString &path)
    : m_file(path)
{
}

Result<void> ProviderTruthFile::open()
{
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        return Error::usage(QCoreApplication::translate("Demo", "Cannot write the fake provider's truth to %1: %2.")
                                .arg(m_file.fileName(), m_file.errorString()));
    }
    return {};
}

void ProviderTruthFile::writeLine(const QByteArray &line)
{
    if (m_failed || !m_file.isOpen())
        return;
    m_failed = m_file.write(line) != line.size();
}

void ProviderTruthFile::addRefund(const QString &refundJson)
{
    writeLine("{\"refund\":" + refundJson.toUtf8() + "}\n");
}

void ProviderTruthFile::addEvent(const QString &eventJson, bool delivered)
{
    writeLine(QByteArray(delivered ? "{\"delivered\":true,\"event\":" : "{\"delivered\":false,\"event\":") + eventJson.toUtf8()
              + "}\n");
}

Result<void> ProviderTruthFile::finish()
{
    if (!m_file.isOpen())
        return {};
    const bool flushed = m_file.flush();
    m_file.close();
    if (m_failed || !flushed) {
        return Error::usage(QCoreApplication::translate("Demo", "Writing the fake provider's truth to %1 failed: %2.")
                                .arg(m_file.fileName(), m_file.errorString()));
    }
    return {};
}

} // namespace RefundDesk::Internal
