-- Refund Desk shared store, schema version 3: version 1, then what versions 2 and 3 add.
-- The contract between the agent's refund tool, the webhook receiver and Refund Desk.
-- Times are INTEGER milliseconds since the Unix epoch (UTC); amounts are integer minor units.

-- The store runs in WAL mode; Refund Desk switches it on before this text runs, since
-- the journal mode cannot change inside the transaction that creates the schema.

CREATE TABLE store_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE refund_ops (
    operation_id    TEXT PRIMARY KEY,
    order_id        TEXT NOT NULL,
    amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
    currency        TEXT NOT NULL DEFAULT 'usd',
    idempotency_key TEXT NOT NULL UNIQUE,
    status          TEXT NOT NULL
                    CHECK (status IN ('open', 'unknown', 'checking', 'refunded', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    conversation_id TEXT,
    refund_id       TEXT,
    claimed_by      TEXT,
    claimed_at      INTEGER,
    version         INTEGER NOT NULL DEFAULT 0
);

-- The database picks one winner when two tool calls race to open the same refund.
CREATE UNIQUE INDEX one_open_refund ON refund_ops(order_id, amount_cents)
    WHERE status IN ('open', 'unknown', 'checking');

-- Serve the queue of operations that need a person: by status, and by last change across
-- both. The console's own order (oldest first) is by creation: refund_ops_queue_by_created.
CREATE INDEX refund_ops_queue ON refund_ops(status, updated_at)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_age ON refund_ops(updated_at, operation_id)
    WHERE status IN ('unknown', 'checking');

-- The console's queue sorted by any column it offers, a page at a time after a cursor
-- (sort value, operation_id): one partial index per sort key, each as small as the queue,
-- so that a page costs a page whatever the size of the store. The status they end with
-- lets a refresh read the keys from the index alone. Optional for readers: a store
-- without them gives the same answers, only slower.
CREATE INDEX refund_ops_queue_by_operation ON refund_ops(operation_id, status)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_order ON refund_ops(order_id, operation_id, status)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_amount ON refund_ops(amount_cents, operation_id, status)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_status ON refund_ops(status, operation_id)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_attempts ON refund_ops(attempts, operation_id, status)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_created ON refund_ops(created_at, operation_id, status)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_claimant ON refund_ops(IFNULL(claimed_by, ''), operation_id, status)
    WHERE status IN ('unknown', 'checking');
-- Searching the queue ("contains" in any id) reads this index alone and fetches only the
-- rows that match; a refresh of the queue in the order of its last changes reads its keys
-- from it, whatever the filter.
CREATE INDEX refund_ops_queue_search ON refund_ops(updated_at, operation_id, status, claimed_by, order_id,
                                                   idempotency_key, refund_id, conversation_id)
    WHERE status IN ('unknown', 'checking');

CREATE INDEX refund_ops_order ON refund_ops(order_id);
CREATE INDEX refund_ops_refund ON refund_ops(refund_id) WHERE refund_id IS NOT NULL;

-- No new key, ever: a key, once written, never changes.
CREATE TRIGGER refund_ops_key_immutable
BEFORE UPDATE OF idempotency_key ON refund_ops
WHEN NEW.idempotency_key IS NOT OLD.idempotency_key
BEGIN
    SELECT RAISE(ABORT, 'idempotency_key is immutable');
END;

CREATE TABLE refund_attempts (
    operation_id TEXT NOT NULL REFERENCES refund_ops(operation_id),
    attempt_no   INTEGER NOT NULL CHECK (attempt_no >= 1),
    tool_call_id TEXT,
    started_at   INTEGER NOT NULL,
    finished_at  INTEGER,
    outcome      TEXT CHECK (outcome IN ('refunded', 'declined', 'timeout', 'key_in_progress',
                                         'server_error', 'network_error', 'key_mismatch')),
    http_status  INTEGER,
    request_id   TEXT,
    error        TEXT,
    PRIMARY KEY (operation_id, attempt_no)
) WITHOUT ROWID;

CREATE TABLE webhook_events (
    event_id        TEXT PRIMARY KEY,
    type            TEXT,
    created         INTEGER,
    received_at     INTEGER NOT NULL,
    payload         TEXT NOT NULL,
    operation_id    TEXT,
    idempotency_key TEXT,
    refund_id       TEXT
);

CREATE INDEX webhook_events_operation ON webhook_events(operation_id) WHERE operation_id IS NOT NULL;
CREATE INDEX webhook_events_key ON webhook_events(idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX webhook_events_refund ON webhook_events(refund_id) WHERE refund_id IS NOT NULL;

-- The audit log: append-only, each row hash-chained to the previous one.
CREATE TABLE resolutions (
    resolution_id      INTEGER PRIMARY KEY,
    operation_id       TEXT NOT NULL REFERENCES refund_ops(operation_id),
    outcome            TEXT NOT NULL CHECK (outcome IN ('refunded', 'failed')),
    refund_id          TEXT,
    evidence           TEXT NOT NULL,
    note               TEXT,
    operator           TEXT NOT NULL,
    recorded_at        INTEGER NOT NULL,
    previous_status    TEXT NOT NULL,
    overrides_evidence INTEGER NOT NULL DEFAULT 0 CHECK (overrides_evidence IN (0, 1)),
    prev_hash          TEXT NOT NULL,
    hash               TEXT NOT NULL UNIQUE,
    CHECK (outcome <> 'refunded' OR refund_id IS NOT NULL)
);

CREATE INDEX resolutions_operation ON resolutions(operation_id);
CREATE INDEX resolutions_recorded ON resolutions(recorded_at);

CREATE TRIGGER resolutions_no_update
BEFORE UPDATE ON resolutions
BEGIN
    SELECT RAISE(ABORT, 'resolutions are append-only');
END;

CREATE TRIGGER resolutions_no_delete
BEFORE DELETE ON resolutions
BEGIN
    SELECT RAISE(ABORT, 'resolutions are append-only');
END;

INSERT INTO store_meta(key, value) VALUES ('provider', 'stripe'), ('key_retention_hours', '24');

PRAGMA user_version = 1;

-- Schema version 2: Refund Desk's own tables; none of the tables above changes, so the
-- agent's tool and the webhook receiver write either version alike. 'refund-desk upgrade'
-- runs the text from this line to the end (version 3's part too), in one transaction, on a
-- version 1 store.

-- Notes on an operation: what an investigation found, for the next shift. Append-only.
CREATE TABLE operation_notes (
    note_id      INTEGER PRIMARY KEY,
    operation_id TEXT NOT NULL REFERENCES refund_ops(operation_id),
    text         TEXT NOT NULL CHECK (trim(text) <> ''),
    follow_up_on TEXT CHECK (follow_up_on IS NULL OR (length(follow_up_on) = 10 AND date(follow_up_on, '+0 days') IS follow_up_on)),
    operator     TEXT NOT NULL CHECK (trim(operator) <> ''),
    recorded_at  INTEGER NOT NULL
);

CREATE INDEX operation_notes_operation ON operation_notes(operation_id, note_id);
-- The queue's Waiting view counted from the notes with a follow-up date after today alone,
-- not by a probe per queue row (Store::queueCounts).
CREATE INDEX operation_notes_follow_up ON operation_notes(follow_up_on, operation_id)
    WHERE follow_up_on IS NOT NULL;

CREATE TRIGGER operation_notes_no_update
BEFORE UPDATE ON operation_notes
BEGIN
    SELECT RAISE(ABORT, 'operation notes are append-only');
END;

CREATE TRIGGER operation_notes_no_delete
BEFORE DELETE ON operation_notes
BEGIN
    SELECT RAISE(ABORT, 'operation notes are append-only');
END;

-- What the provider answered when asked about an operation, kept as received. Append-only.
CREATE TABLE provider_lookups (
    lookup_id       INTEGER PRIMARY KEY,
    operation_id    TEXT NOT NULL REFERENCES refund_ops(operation_id),
    provider        TEXT NOT NULL CHECK (provider IN ('stripe')),
    asked_at        INTEGER NOT NULL,
    operator        TEXT NOT NULL CHECK (trim(operator) <> ''),
    window_from     INTEGER,
    window_to       INTEGER,
    requests        TEXT NOT NULL,
    result          TEXT NOT NULL,
    response_sha256 TEXT NOT NULL CHECK (length(response_sha256) = 64),
    CHECK ((window_from IS NULL) = (window_to IS NULL))
);

CREATE INDEX provider_lookups_operation ON provider_lookups(operation_id, lookup_id);

CREATE TRIGGER provider_lookups_no_update
BEFORE UPDATE ON provider_lookups
BEGIN
    SELECT RAISE(ABORT, 'provider lookups are append-only');
END;

CREATE TRIGGER provider_lookups_no_delete
BEFORE DELETE ON provider_lookups
BEGIN
    SELECT RAISE(ABORT, 'provider lookups are append-only');
END;

PRAGMA user_version = 2;

-- Schema version 3: the payment behind each operation. payment_id is the provider's id of
-- the payment being refunded (Stripe: a PaymentIntent pi_... or a Charge ch_...), written
-- by the refund tool when it opens the row, since it names the payment to refund anyway.
-- A tool that names its columns and does not write it leaves NULL, so the agent's tool and
-- the webhook receiver of version 2 write this version alike. 'refund-desk upgrade' runs
-- the text from this line to the end, in one transaction, on a version 2 store.

ALTER TABLE refund_ops ADD COLUMN payment_id TEXT;

-- Once written, the payment never changes: NULL may become a payment once, and that is all
-- (a tool that opened the row without it may name it while the row is open).
CREATE TRIGGER refund_ops_payment_immutable
BEFORE UPDATE OF payment_id ON refund_ops
WHEN OLD.payment_id IS NOT NULL AND NEW.payment_id IS NOT OLD.payment_id
BEGIN
    SELECT RAISE(ABORT, 'payment_id is immutable once set');
END;

-- What the provider answered, each response body kept once: a listing page that covered
-- many operations' windows is one row, however many lookups rest on it. The address is
-- the lower-case hex SHA-256 of the body's UTF-8 text; a lookup of this version names its
-- bodies by it (body_sha256 in each of its requests), and its response_sha256 is the
-- SHA-256 of those addresses, in order. 'refund-desk verify' checks both. Append-only.
-- Lookups of version 2 keep their bodies inside their requests, as they were written.
CREATE TABLE provider_bodies (
    body_sha256 TEXT PRIMARY KEY CHECK (length(body_sha256) = 64),
    body        TEXT NOT NULL
) WITHOUT ROWID;

CREATE TRIGGER provider_bodies_no_update
BEFORE UPDATE ON provider_bodies
BEGIN
    SELECT RAISE(ABORT, 'provider bodies are append-only');
END;

CREATE TRIGGER provider_bodies_no_delete
BEFORE DELETE ON provider_bodies
BEGIN
    SELECT RAISE(ABORT, 'provider bodies are append-only');
END;

PRAGMA user_version = 3;
