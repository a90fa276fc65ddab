// The translations are complete and current: lupdate run on today's sources finds nothing
// to add or drop in any .ts file, no entry is left unfinished, obsolete or vanished, and
// every translation keeps the placeholders, plural forms and accelerators of its source.
// After changing texts: scripts/update-translations, translate, and run this again.

#include "clirun.h"
#include "testpaths.h"

#include "domain/money.h"
#include "evidence/customerreply.h"
#include "i18n/translations.h"
#include "items/timetext.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>

using namespace RefundDesk;

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type;            // "unfinished", "obsolete", "vanished", ... or empty
    QStringList translations; // one, or the plural forms
};

QList<Message> readTs(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == u"name") {
            context = xml.readElementText();
        } else if (name == u"message") {
            current = Message{context, {}, {}, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes"), {}, {}};
        } else if (name == u"source") {
            current.source = xml.readElementText();
        } else if (name == u"comment") {
            current.comment = xml.readElementText();
        } else if (name == u"translation") {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            if (!current.numerus) {
                current.translations = {xml.readElementText()};
                messages.append(current);
            }
        } else if (name == u"numerusform") {
            current.translations.append(xml.readElementText());
        }
        if (name == u"translation" && current.numerus) {
            // The forms follow as children; the message is complete at its end tag.
            while (!xml.atEnd() && !(xml.isEndElement() && xml.name() == u"translation")) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == u"numerusform")
                    current.translations.append(xml.readElementText());
            }
            messages.append(current);
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1 is not valid XML: %2").arg(path, xml.errorString());
    return messages;
}

QString key(const Message &message)
{
    const QString separator = QStringLiteral(" | ");
    return message.context + separator + message.source
        + (message.comment.isEmpty() ? QString() : separator + message.comment);
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("%L?n|%\\d"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found.append(it.next().captured());
    found.sort();
    found.removeDuplicates();
    return found;
}

bool hasAccelerator(const QString &text)
{
    QString stripped = text;
    stripped.remove(QStringLiteral("&&"));
    return stripped.contains(u'&');
}

const QString tsFolder = Test::sourceDir() + QStringLiteral("/resources/translations");

} // namespace

class TranslationsTest final : public QObject
{
    Q_OBJECT

private slots:
    void filesAreCurrent_data();
    void filesAreCurrent();
    void everyEntryIsFinished_data();
    void everyEntryIsFinished();
    void languageNames_data();
    void languageNames();
    void displayFollowsTheLocale_data();
    void displayFollowsTheLocale();
    void machineFormatsIgnoreTheLocale();
    void customerReplyIsTranslated();
    void qtsOwnTextsAreTranslated();
    void commandLineLanguage_data();
    void commandLineLanguage();
    void unknownLanguageIsAUsageError();
    void jsonIsTheSameInEveryLanguage();
    void humanOutputSpeaksOneLanguage_data();
    void humanOutputSpeaksOneLanguage();

private:
    QTemporaryDir m_dir;
};

void TranslationsTest::filesAreCurrent_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("pluralOnly");
    QTest::newRow("ru") << QStringLiteral("ru") << false;
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << false;
    QTest::newRow("en (plural forms)") << QStringLiteral("en") << true;
}

// The same lupdate run as scripts/update-translations, on a copy: if it adds or drops an
// entry, the sources and the committed file disagree.
void TranslationsTest::filesAreCurrent()
{
    QFETCH(QString, language);
    QFETCH(bool, pluralOnly);
    const QString committed = tsFolder + QStringLiteral("/refunddesk_%1.ts").arg(language);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("refunddesk_%1.ts").arg(language));
    QVERIFY(QFile::copy(committed, copy));
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);

    QStringList arguments{QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-no-obsolete"),
                          QStringLiteral("-no-ui-lines"), QStringLiteral("-I"), QStringLiteral("."),
                          QStringLiteral("-I"), QStringLiteral("model")};
    if (pluralOnly)
        arguments << QStringLiteral("-pluralonly");
    arguments << QStringLiteral("model") << QStringLiteral("cli") << QStringLiteral("ui") << QStringLiteral("app")
              << QStringLiteral("-ts") << copy;
    QProcess lupdate;
    lupdate.setWorkingDirectory(Test::sourceDir());
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(Test::lupdatePath(), arguments);
    QVERIFY2(lupdate.waitForFinished(120'000), qPrintable(lupdate.errorString()));
    const QString output = QString::fromUtf8(lupdate.readAll());
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0, qPrintable(output));

    QString error;
    const QList<Message> before = readTs(committed, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QList<Message> after = readTs(copy, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QSet<QString> beforeKeys;
    for (const Message &m : before)
        beforeKeys.insert(key(m));
    QSet<QString> afterKeys;
    for (const Message &m : after)
        afterKeys.insert(key(m));
    QStringList added = QStringList(afterKeys.begin(), afterKeys.end());
    added.erase(std::remove_if(added.begin(), added.end(), [&](const QString &k) { return beforeKeys.contains(k); }),
                added.end());
    QStringList dropped = QStringList(beforeKeys.begin(), beforeKeys.end());
    dropped.erase(std::remove_if(dropped.begin(), dropped.end(), [&](const QString &k) { return afterKeys.contains(k); }),
                  dropped.end());
    added.sort();
    dropped.sort();
    QVERIFY2(added.isEmpty(), qPrintable(QStringLiteral("texts in the sources missing from %1 (run "
                                                        "scripts/update-translations and translate them):\n  %2")
                                             .arg(committed, added.join(QStringLiteral("\n  ")))));
    QVERIFY2(dropped.isEmpty(), qPrintable(QStringLiteral("entries of %1 no longer in the sources (run "
                                                          "scripts/update-translations):\n  %2")
                                               .arg(committed, dropped.join(QStringLiteral("\n  ")))));
    QVERIFY(!before.isEmpty());
}

void TranslationsTest::everyEntryIsFinished_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("pluralForms");
    QTest::newRow("ru") << QStringLiteral("ru") << 3; // one, few, many
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << 1;
    QTest::newRow("en") << QStringLiteral("en") << 2;
}

void TranslationsTest::everyEntryIsFinished()
{
    QFETCH(QString, language);
    QFETCH(int, pluralForms);
    const QString path = tsFolder + QStringLiteral("/refunddesk_%1.ts").arg(language);
    QFile raw(path);
    QVERIFY(raw.open(QIODevice::ReadOnly));
    const QByteArray text = raw.readAll();
    for (const char *type : {"type=\"unfinished\"", "type=\"obsolete\"", "type=\"vanished\"", "<location"})
        QVERIFY2(!text.contains(type), qPrintable(QStringLiteral("%1 contains %2").arg(path, QLatin1String(type))));

    QString error;
    const QList<Message> messages = readTs(path, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!messages.isEmpty());
    QStringList problems;
    for (const Message &m : messages) {
        if (!m.type.isEmpty())
            problems << QStringLiteral("%1: marked %2").arg(key(m), m.type);
        if (m.numerus && m.translations.size() != pluralForms)
            problems << QStringLiteral("%1: %2 plural forms, %3 wanted").arg(key(m)).arg(m.translations.size()).arg(pluralForms);
        for (const QString &translation : m.translations) {
            if (translation.trimmed().isEmpty() && !m.source.trimmed().isEmpty())
                problems << QStringLiteral("%1: empty translation").arg(key(m));
            if (placeholders(translation) != placeholders(m.source))
                problems << QStringLiteral("%1: placeholders %2 became %3")
                                .arg(key(m), placeholders(m.source).join(u','), placeholders(translation).join(u','));
            if (hasAccelerator(translation) != hasAccelerator(m.source))
                problems << QStringLiteral("%1: the accelerator (&) is lost or added in \"%2\"").arg(key(m), translation);
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TranslationsTest::languageNames_data()
{
    QTest::addColumn<QString>("given");
    QTest::addColumn<QString>("expected");
    QTest::newRow("ru") << QStringLiteral("ru") << QStringLiteral("ru");
    QTest::newRow("ru_RU.UTF-8 locale") << QStringLiteral("ru_RU") << QStringLiteral("ru");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("zh_CN");
    QTest::newRow("zh-CN") << QStringLiteral("zh-CN") << QStringLiteral("zh_CN");
    QTest::newRow("zh") << QStringLiteral("zh") << QStringLiteral("zh_CN");
    QTest::newRow("en_GB") << QStringLiteral("en_GB") << QStringLiteral("en");
    QTest::newRow("C") << QStringLiteral("C") << QStringLiteral("en");
    QTest::newRow("fr: not shipped") << QStringLiteral("fr") << QString();
    QTest::newRow("empty") << QString() << QString();
}

void TranslationsTest::languageNames()
{
    QFETCH(QString, given);
    QFETCH(QString, expected);
    QCOMPARE(Translations::normalized(given), expected);
}

void TranslationsTest::displayFollowsTheLocale_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("expected");
    const QLocale ru(QLocale::Russian, QLocale::Russia);
    const QLocale zh(QLocale::Chinese, QLocale::China);
    const QLocale us(QLocale::English, QLocale::UnitedStates);
    // Russian groups with a (narrow) no-break space and writes a decimal comma; the rouble
    // sign follows the number.
    QTest::newRow("ru RUB") << ru << qint64(123450) << QStringLiteral("rub") << QStringLiteral("1\u00a0234,50\u00a0\u20bd");
    QTest::newRow("ru USD") << ru << qint64(123450) << QStringLiteral("usd") << QStringLiteral("1\u00a0234,50\u00a0USD");
    QTest::newRow("ru JPY") << ru << qint64(3800) << QStringLiteral("jpy") << QStringLiteral("3\u00a0800\u00a0JPY");
    QTest::newRow("zh CNY") << zh << qint64(123450) << QStringLiteral("cny") << QStringLiteral("\u00a51,234.50");
    QTest::newRow("zh USD") << zh << qint64(3800) << QStringLiteral("usd") << QStringLiteral("USD\u00a038.00");
    QTest::newRow("en_US USD") << us << qint64(123450) << QStringLiteral("usd") << QStringLiteral("$1,234.50");
    QTest::newRow("C: the machine format") << QLocale::c() << qint64(123450) << QStringLiteral("usd")
                                           << QStringLiteral("1,234.50 USD");
}

void TranslationsTest::displayFollowsTheLocale()
{
    QFETCH(QLocale, locale);
    QFETCH(qint64, amount);
    QFETCH(QString, currency);
    QFETCH(QString, expected);
    // Qt writes Russian groups with U+00A0 or U+202F depending on its CLDR data.
    QString shown = Money::display(amount, currency, locale);
    shown.replace(QChar(0x202F), QChar(0x00A0));
    QCOMPARE(shown, expected);
}

void TranslationsTest::machineFormatsIgnoreTheLocale()
{
    const qint64 moment = 1'764'590'400'000; // 2025-12-01 12:00:00 UTC
    QLocale::setDefault(QLocale(QLocale::Russian, QLocale::Russia));
    // Exports, JSON and the customer-facing default stay as documented.
    QCOMPARE(Money::format(123450, QStringLiteral("usd")), QStringLiteral("1,234.50 USD"));
    const QString russianDay = TimeText::fullMoment(moment);
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    const QString chineseDay = TimeText::fullMoment(moment);
    QLocale::setDefault(QLocale::c());
    const QString machineDay = TimeText::fullMoment(moment);
    // The console's display differs by locale: 01.12.2025 in Russian, 2025/12/1 in Chinese.
    QVERIFY2(russianDay.contains(QStringLiteral("12.2025")), qPrintable(russianDay));
    QVERIFY2(chineseDay.startsWith(QStringLiteral("2025/12/")), qPrintable(chineseDay));
    QVERIFY2(machineDay.startsWith(QStringLiteral("2025-12-0")), qPrintable(machineDay));
}

void TranslationsTest::customerReplyIsTranslated()
{
    Operation operation;
    operation.amountCents = 3800;
    operation.currency = QStringLiteral("usd");
    operation.status = OperationStatus::Refunded;
    operation.refundId = QStringLiteral("re_3Kx9");
    Translations::install(QStringLiteral("ru"));
    const QString russian = CustomerReply::forOperation(operation);
    Translations::install(QStringLiteral("zh_CN"));
    const QString chinese = CustomerReply::forOperation(operation);
    Translations::install(QStringLiteral("en"));
    const QString english = CustomerReply::forOperation(operation);
    QVERIFY2(russian.startsWith(QStringLiteral("Возврат на сумму 38,00")) && russian.contains(QStringLiteral("re_3Kx9")),
             qPrintable(russian));
    QVERIFY2(chinese.contains(QStringLiteral("退款")) && chinese.contains(QStringLiteral("re_3Kx9")), qPrintable(chinese));
    QVERIFY2(english.startsWith(QStringLiteral("Your refund of")), qPrintable(english));
    Translations::useSourceText();
}

// Qt's dialogs and standard buttons speak the language too (qtbase_<lang>.qm from
// qt6-translations-l10n).
void TranslationsTest::qtsOwnTextsAreTranslated()
{
    Translations::install(QStringLiteral("ru"));
    const QString russian = QCoreApplication::translate("QPlatformTheme", "Cancel");
    Translations::install(QStringLiteral("zh_CN"));
    const QString chinese = QCoreApplication::translate("QPlatformTheme", "Cancel");
    Translations::install(QStringLiteral("en"));
    const QString english = QCoreApplication::translate("QPlatformTheme", "Cancel");
    Translations::useSourceText();
    QCOMPARE(russian, QStringLiteral("Отмена"));
    QCOMPARE(chinese, QStringLiteral("取消"));
    QCOMPARE(english, QStringLiteral("Cancel"));
}

void TranslationsTest::commandLineLanguage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QString>("expected");
    const QStringList show{QStringLiteral("show"), QStringLiteral("op_5521"), QStringLiteral("--db"),
                           QStringLiteral("/nonexistent/refunds.sqlite")};
    QTest::newRow("--lang ru") << (show + QStringList{QStringLiteral("--lang"), QStringLiteral("ru")}) << QString()
                               << QStringLiteral("не существует");
    QTest::newRow("--lang=zh_CN before the command")
        << (QStringList{QStringLiteral("--lang=zh_CN")} + show) << QString() << QStringLiteral("不存在");
    QTest::newRow("LANG=ru_RU.UTF-8") << show << QStringLiteral("ru_RU.UTF-8") << QStringLiteral("не существует");
    QTest::newRow("LANG=zh_CN.UTF-8") << show << QStringLiteral("zh_CN.UTF-8") << QStringLiteral("不存在");
    QTest::newRow("--lang en over LANG=ru_RU.UTF-8")
        << (show + QStringList{QStringLiteral("--lang"), QStringLiteral("en")}) << QStringLiteral("ru_RU.UTF-8")
        << QStringLiteral("does not exist");
    QTest::newRow("C locale") << show << QStringLiteral("C") << QStringLiteral("does not exist");
}

// Headless commands speak the language of the run on standard error.
void TranslationsTest::commandLineLanguage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, lang);
    QFETCH(QString, expected);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"})
        environment.remove(QString::fromLatin1(name));
    if (!lang.isEmpty())
        environment.insert(QStringLiteral("LANG"), lang);
    const Test::CliRun run = Test::runRefundDesk(arguments, 60'000, environment);
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(expected), qPrintable(run.err));
}

void TranslationsTest::unknownLanguageIsAUsageError()
{
    for (const QStringList &arguments : {QStringList{QStringLiteral("--lang"), QStringLiteral("fr")},
                                         QStringList{QStringLiteral("queue"), QStringLiteral("--lang=xx")},
                                         QStringList{QStringLiteral("--lang")}}) {
        const Test::CliRun run = Test::runRefundDesk(arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QStringLiteral("en, ru")) || run.err.contains(QStringLiteral("zh_CN")),
                 qPrintable(run.err));
    }
}

// Output for programs does not change with the language: JSON values, verdict sentences
// and amounts stay as documented.
void TranslationsTest::jsonIsTheSameInEveryLanguage()
{
    QVERIFY(m_dir.isValid());
    const QString store = m_dir.filePath(QStringLiteral("demo.sqlite"));
    const Test::CliRun demo = Test::runRefundDesk({QStringLiteral("demo"), QStringLiteral("--db"), store,
                                                   QStringLiteral("--operations"), QStringLiteral("200"),
                                                   QStringLiteral("--now"), QStringLiteral("1767225600000")});
    QCOMPARE(demo.exitCode, 0);
    for (const QString &command : {QStringLiteral("queue"), QStringLiteral("show")}) {
        QStringList arguments{command};
        if (command == u"show")
            arguments << QStringLiteral("op_5521");
        arguments << QStringLiteral("--db") << store << QStringLiteral("--json");
        const Test::CliRun english = Test::runRefundDesk(arguments + QStringList{QStringLiteral("--lang"), QStringLiteral("en")});
        const Test::CliRun russian = Test::runRefundDesk(arguments + QStringList{QStringLiteral("--lang"), QStringLiteral("ru")});
        const Test::CliRun chinese = Test::runRefundDesk(arguments + QStringList{QStringLiteral("--lang"), QStringLiteral("zh_CN")});
        QCOMPARE(english.exitCode, 0);
        QVERIFY(english.out.size() > 100);
        QCOMPARE(russian.out, english.out);
        QCOMPARE(chinese.out, english.out);
    }
}

void TranslationsTest::humanOutputSpeaksOneLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QStringList>("expected"); // texts of that language the output must hold
    QTest::newRow("ru") << QStringLiteral("ru")
                        << QStringList{QStringLiteral("заказ 4417"), QStringLiteral("Попытки:"), QStringLiteral("Срок ключа"),
                                       QStringLiteral("Операций: 200"), QStringLiteral("проверено решений")};
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN")
                           << QStringList{QStringLiteral("订单 4417"), QStringLiteral("尝试："), QStringLiteral("键有效期"),
                                          QStringLiteral("操作：200"), QStringLiteral("已验证")};
}

// What headless commands print for people (not --json) is in the language of the run,
// whole lines of it: no English label beside a translated one. Ids, amounts, states,
// outcomes, verdicts, routes and event types stay tokens in every language.
void TranslationsTest::humanOutputSpeaksOneLanguage()
{
    QFETCH(QString, language);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("demo.sqlite"));
    const QStringList lang{QStringLiteral("--lang"), language};
    const Test::CliRun demo = Test::runRefundDesk(QStringList{QStringLiteral("demo"), QStringLiteral("--db"), store,
                                                              QStringLiteral("--operations"), QStringLiteral("200"),
                                                              QStringLiteral("--now"), QStringLiteral("1767225600000")}
                                                  + lang);
    QCOMPARE(demo.exitCode, 0);
    QString output = demo.outText() + demo.err;
    for (const QStringList &command :
         {QStringList{QStringLiteral("queue")}, QStringList{QStringLiteral("show"), QStringLiteral("op_5521")},
          QStringList{QStringLiteral("claim"), QStringLiteral("op_5521"), QStringLiteral("--operator"), QStringLiteral("ana")},
          QStringList{QStringLiteral("release"), QStringLiteral("op_5521"), QStringLiteral("--operator"), QStringLiteral("ana")},
          QStringList{QStringLiteral("verify")}}) {
        const Test::CliRun run = Test::runRefundDesk(command + QStringList{QStringLiteral("--db"), store} + lang);
        QVERIFY2(run.exitCode == 0, qPrintable(command.join(u' ') + QStringLiteral(": ") + run.err));
        output += run.outText();
    }
    for (const QString &text : expected)
        QVERIFY2(output.contains(text), qPrintable(text + QStringLiteral(" missing from:\n") + output));
    // Event types (refund.created) are tokens; take them out before looking for English.
    output.remove(QRegularExpression(QStringLiteral("\\b[a-z_]+\\.[a-z_.]+\\b")));
    static const QRegularExpression english(QStringLiteral(
        "\\b(order|attempts?|key|created|updated|claimed|Attempts|Events|verdict|Resolutions|by|Demo store|Seed|"
        "Operations|Webhook events|Reference case|Elapsed|is now being checked|waits in the queue|verified|chain intact|"
        "invariants)\\b"));
    const QRegularExpressionMatch found = english.match(output);
    QVERIFY2(!found.hasMatch(), qPrintable(QStringLiteral("English \"%1\" in:\n%2").arg(found.captured(), output)));
}

QTEST_GUILESS_MAIN(TranslationsTest)
#include "tst_translations.moc"
