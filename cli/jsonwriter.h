#pragma once

#include "domain/attempt.h"
#include "domain/operation.h"
#include "domain/operationnote.h"
#include "domain/providerlookup.h"
#include "domain/resolution.h"
#include "domain/webhookevent.h"

#include <nlohmann/json.hpp>

#include <QString>

namespace RefundDesk::Cli {

// The JSON shapes of the headless commands (DESIGN.md, "JSON keys"): the store's rows
// with their column names, nulls where the store holds NULL.
namespace JsonWriter {

nlohmann::json text(const QString &value); // null for a null QString
nlohmann::json toJson(const Operation &operation);
nlohmann::json toJson(const Attempt &attempt);
nlohmann::json toJson(const Resolution &resolution);
// note_id, text, follow_up_on ('YYYY-MM-DD' or null), operator, recorded_at.
nlohmann::json toJson(const OperationNote &note);
// lookup_id, operation_id, provider, asked_at, operator, window_from, window_to (ms or
// null), result (an object: complete, method, refunds, missing, summary), requests (an
// array: method, path, status, request_id, body), response_sha256.
nlohmann::json toJson(const ProviderLookup &lookup);
std::string dump(const nlohmann::json &value); // pretty, UTF-8, never throws

// Compact JSON text for one object, appended field by field without building a document:
// for long listings, where a document per row costs more than the rest of the work
// (queue --json). Give the keys in alphabetical order and the text is what dump() of
// the same object prints on one line.
class ObjectText final
{
public:
    explicit ObjectText(std::string &out);
    ObjectText &field(const char *key, const QString &value); // null for a null QString
    ObjectText &field(const char *key, qint64 value);
    void close();

private:
    void key(const char *name);

    std::string &m_out;
    bool m_first = true;
};

} // namespace JsonWriter

} // namespace RefundDesk::Cli
