#include "store/notecheck.h"

#include "store/store.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

std::optional<Error> refuseNoteDraft(const NoteDraft &draft)
{
    if (draft.text.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Store", "The note is empty. Write what you found or did, "
                                                                   "e.g. the provider's case number."));
    if (!draft.followUpOn.isNull() && !draft.followUpOn.isValid())
        return Error::usage(QCoreApplication::translate("Store", "The follow-up date is not a calendar date. "
                                                                 "Give it as YYYY-MM-DD."));
    return std::nullopt;
}

Error versionOneRefusal(const QString &location, const QString &what)
{
    return Error::unavailable(QCoreApplication::translate("Store", "%1 has store schema version 1, which cannot hold %2. "
                                                                   "Nothing was written. Upgrade it to version 2 with "
                                                                   "'refund-desk upgrade --db %1' and try again.")
                                  .arg(location, what));
}

std::optional<Error> refuseProviderAnswers(const Store &store)
{
    if (store.schemaVersion() >= 2)
        return std::nullopt;
    return versionOneRefusal(store.location(), QCoreApplication::translate("Store", "what the provider answered"));
}

} // namespace RefundDesk::Internal
