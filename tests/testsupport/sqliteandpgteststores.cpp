#include "sqliteandpgteststores.h"

#include "store/store.h"
#include "store/storebuilder.h"
#include "store/storecopier.h"

#include <QTest>

namespace RefundDesk::Test {

SqliteAndPgTestStores::SqliteAndPgTestStores(QString prefix)
    : m_prefix(std::move(prefix))
{
}

SqliteAndPgTestStores::~SqliteAndPgTestStores() = default;

bool SqliteAndPgTestStores::start()
{
    if (!m_dir.isValid()) {
        m_lastError = QStringLiteral("No temporary folder for the stores: %1").arg(m_dir.errorString());
        return false;
    }
    m_server = std::make_unique<PgTestServer>();
    if (!m_server->isRunning()) {
        m_lastError = m_server->lastError();
        return false;
    }
    return true;
}

QString SqliteAndPgTestStores::make(const QString &backend, const Fill &fill)
{
    const QString name = QStringLiteral("%1_%2").arg(m_prefix).arg(++m_made);
    const QString path = m_dir.filePath(name + QStringLiteral(".sqlite"));
    {
        TestStore fixture(path);
        if (!fixture.isValid() || !fill(fixture)) {
            qWarning() << fixture.lastError();
            return {};
        }
    }
    if (backend == QLatin1String("sqlite"))
        return path;
    if (!m_server || !m_server->createDatabase(name)) {
        qWarning() << "could not create the database" << name << (m_server ? m_server->lastError() : QString());
        return {};
    }
    const QString location = m_server->location(name);
    auto source = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    auto builder = StoreBuilder::createNew(location);
    if (!source || !builder) {
        qWarning() << "could not open the stores to copy" << name
                   << (!source ? source.error().message : builder.error().message);
        return {};
    }
    StoreCopier copier(**source, **builder);
    auto copied = copier.copy();
    if (!copied) {
        qWarning() << "could not copy the store to" << name << copied.error().message;
        return {};
    }
    auto finished = (*builder)->finish();
    if (!finished) {
        qWarning() << "could not finish the copy in" << name << finished.error().message;
        return {};
    }
    return location;
}

QString SqliteAndPgTestStores::lastDatabase() const
{
    return QStringLiteral("%1_%2").arg(m_prefix).arg(m_made);
}

void SqliteAndPgTestStores::addBackendRows()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

} // namespace RefundDesk::Test
