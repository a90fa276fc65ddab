// The desktop's keyring for real: a key written for a store location is read back, another
// location has none, and a key forgotten is gone. Runs in a D-Bus session of its own with
// an unlocked GNOME Keyring (tst_stripekeyring.sh).
#include "ui/console/stripe/stripekeyring.h"

#include <QtTest>

using namespace RefundDesk;

class tst_StripeKeyring : public QObject
{
    Q_OBJECT

private:
    struct Read
    {
        StripeKeyring::Found found = StripeKeyring::Found::NoKeyring;
        QByteArray key;
        QString why;
    };

    static Read read(StripeKeyring &keyring, const QString &location)
    {
        Read answer;
        bool done = false;
        keyring.read(location, [&](StripeKeyring::Found found, const QByteArray &key, const QString &why) {
            answer = {found, key, why};
            done = true;
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done, 60000); }();
        return answer;
    }

    static QString write(StripeKeyring &keyring, const QString &location, const QByteArray &key)
    {
        QString answer;
        bool done = false;
        keyring.write(location, key, [&](const QString &why) {
            answer = why;
            done = true;
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done, 60000); }();
        return answer;
    }

private slots:
    void aKeyIsKeptPerStoreAndForgotten()
    {
        std::unique_ptr<StripeKeyring> keyring(StripeKeyring::desktop(nullptr));
        const QString location = QStringLiteral("/tmp/tst_stripekeyring/desk.sqlite");
        const QByteArray key = "rk_test_51QxKeyringTestKey0123456789abcdef";
        QCOMPARE(write(*keyring, location, key), QString());
        const Read kept = read(*keyring, location);
        QVERIFY2(kept.found == StripeKeyring::Found::Key, qPrintable(kept.why));
        QCOMPARE(kept.key, key);
        QVERIFY(read(*keyring, location + QStringLiteral(".other")).found == StripeKeyring::Found::None);

        bool forgotten = false;
        keyring->forget(location, [&](const QString &why) { forgotten = why.isEmpty(); });
        QTRY_VERIFY_WITH_TIMEOUT(forgotten, 60000);
        QVERIFY(read(*keyring, location).found == StripeKeyring::Found::None);
    }
};

QTEST_GUILESS_MAIN(tst_StripeKeyring)
#include "tst_stripekeyring.moc"
