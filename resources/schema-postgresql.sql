-- Refund Desk shared store on PostgreSQL, schema version 3: version 1, then what versions 2 and 3 add.
-- The same tables, columns and rules as schema.sql (the SQLite text): times are bigint
-- milliseconds since the Unix epoch (UTC), amounts integer minor units, payloads text as
-- delivered. Text compares by its bytes (COLLATE "C"), as SQLite compares it, so that
-- both backends sort the queue and page through it the same way.
-- Applied by 'refund-desk init --db postgresql://...' in one transaction, by the role
-- that is to own the store. roles-postgresql.sql then creates the roles that use it.

CREATE TABLE store_meta (
    key   text COLLATE "C" PRIMARY KEY,
    value text NOT NULL
);

CREATE TABLE refund_ops (
    operation_id    text COLLATE "C" PRIMARY KEY,
    order_id        text COLLATE "C" NOT NULL,
    amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
    currency        text COLLATE "C" NOT NULL DEFAULT 'usd',
    idempotency_key text COLLATE "C" NOT NULL UNIQUE,
    status          text COLLATE "C" NOT NULL
                    CHECK (status IN ('open', 'unknown', 'checking', 'refunded', 'failed')),
    attempts        bigint NOT NULL DEFAULT 0,
    created_at      bigint NOT NULL,
    updated_at      bigint NOT NULL,
    conversation_id text COLLATE "C",
    refund_id       text COLLATE "C",
    claimed_by      text COLLATE "C",
    claimed_at      bigint,
    version         bigint NOT NULL DEFAULT 0
);

-- The database picks one winner when two tool calls race to open the same refund.
CREATE UNIQUE INDEX one_open_refund ON refund_ops(order_id, amount_cents)
    WHERE status IN ('open', 'unknown', 'checking');

-- The queue of operations that need a person: by status, and in every order the console
-- offers, a page at a time after a cursor (sort value, operation_id).
CREATE INDEX refund_ops_queue ON refund_ops(status, updated_at)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_age ON refund_ops(updated_at, operation_id)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_operation ON refund_ops(operation_id)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_order ON refund_ops(order_id, operation_id)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_amount ON refund_ops(amount_cents, operation_id)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_status ON refund_ops(status, operation_id)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_attempts ON refund_ops(attempts, operation_id)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_created ON refund_ops(created_at, operation_id)
    WHERE status IN ('unknown', 'checking');
CREATE INDEX refund_ops_queue_by_claimant ON refund_ops((COALESCE(claimed_by, '')), operation_id)
    WHERE status IN ('unknown', 'checking');

CREATE INDEX refund_ops_order ON refund_ops(order_id);
CREATE INDEX refund_ops_refund ON refund_ops(refund_id) WHERE refund_id IS NOT NULL;

-- No new key, ever: a key, once written, never changes.
CREATE FUNCTION refund_ops_key_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key THEN
        RAISE EXCEPTION 'idempotency_key is immutable';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER refund_ops_key_immutable
BEFORE UPDATE OF idempotency_key ON refund_ops
FOR EACH ROW EXECUTE FUNCTION refund_ops_key_immutable();

-- The operator recorded is the database login. Only the store's owner (who builds demo
-- stores and copies stores with the names already recorded) and superusers may write
-- another name; every other login claims and decides as itself. A session's own temporary
-- table comes first in its search path, so one named resolutions makes no one the owner.
-- (roles-postgresql.sql replaces this with the same text on stores made before that.)
CREATE FUNCTION refund_desk_may_name_others() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = session_user AND rolsuper)
        OR EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = to_regclass('resolutions')
                   AND c.relpersistence = 'p' AND pg_get_userbyid(c.relowner) = session_user)
$$;

CREATE FUNCTION refund_ops_claimed_by_session_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.claimed_by IS NOT NULL AND NEW.claimed_by IS DISTINCT FROM OLD.claimed_by
       AND NEW.claimed_by <> session_user AND NOT refund_desk_may_name_others() THEN
        RAISE EXCEPTION 'the login % may not claim as %', session_user, NEW.claimed_by;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER refund_ops_claimed_by_session_user
BEFORE UPDATE OF claimed_by ON refund_ops
FOR EACH ROW EXECUTE FUNCTION refund_ops_claimed_by_session_user();

CREATE TABLE refund_attempts (
    operation_id text COLLATE "C" NOT NULL REFERENCES refund_ops(operation_id),
    attempt_no   bigint NOT NULL CHECK (attempt_no >= 1),
    tool_call_id text COLLATE "C",
    started_at   bigint NOT NULL,
    finished_at  bigint,
    outcome      text COLLATE "C" CHECK (outcome IN ('refunded', 'declined', 'timeout', 'key_in_progress',
                                         'server_error', 'network_error', 'key_mismatch')),
    http_status  bigint,
    request_id   text COLLATE "C",
    error        text,
    PRIMARY KEY (operation_id, attempt_no)
);

CREATE TABLE webhook_events (
    event_id        text COLLATE "C" PRIMARY KEY,
    type            text COLLATE "C",
    created         bigint,
    received_at     bigint NOT NULL,
    payload         text NOT NULL,
    operation_id    text COLLATE "C",
    idempotency_key text COLLATE "C",
    refund_id       text COLLATE "C"
);

CREATE INDEX webhook_events_operation ON webhook_events(operation_id) WHERE operation_id IS NOT NULL;
CREATE INDEX webhook_events_key ON webhook_events(idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX webhook_events_refund ON webhook_events(refund_id) WHERE refund_id IS NOT NULL;

-- The audit log: append-only, each row hash-chained to the previous one.
CREATE TABLE resolutions (
    resolution_id      bigint PRIMARY KEY,
    operation_id       text COLLATE "C" NOT NULL REFERENCES refund_ops(operation_id),
    outcome            text COLLATE "C" NOT NULL CHECK (outcome IN ('refunded', 'failed')),
    refund_id          text COLLATE "C",
    evidence           text NOT NULL,
    note               text,
    operator           text COLLATE "C" NOT NULL,
    recorded_at        bigint NOT NULL,
    previous_status    text COLLATE "C" NOT NULL,
    overrides_evidence bigint NOT NULL DEFAULT 0 CHECK (overrides_evidence IN (0, 1)),
    prev_hash          text COLLATE "C" NOT NULL,
    hash               text COLLATE "C" NOT NULL UNIQUE,
    CHECK (outcome <> 'refunded' OR refund_id IS NOT NULL)
);

CREATE INDEX resolutions_operation ON resolutions(operation_id);
CREATE INDEX resolutions_recorded ON resolutions(recorded_at);

CREATE FUNCTION resolutions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'resolutions are append-only';
END
$$;
CREATE TRIGGER resolutions_no_update
BEFORE UPDATE ON resolutions
FOR EACH ROW EXECUTE FUNCTION resolutions_append_only();
CREATE TRIGGER resolutions_no_delete
BEFORE DELETE ON resolutions
FOR EACH ROW EXECUTE FUNCTION resolutions_append_only();
CREATE TRIGGER resolutions_no_truncate
BEFORE TRUNCATE ON resolutions
FOR EACH STATEMENT EXECUTE FUNCTION resolutions_append_only();

CREATE FUNCTION resolutions_operator_is_session_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.operator <> session_user AND NOT refund_desk_may_name_others() THEN
        RAISE EXCEPTION 'the login % may not record a decision as %', session_user, NEW.operator;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER resolutions_operator_is_session_user
BEFORE INSERT ON resolutions
FOR EACH ROW EXECUTE FUNCTION resolutions_operator_is_session_user();

-- Live updates: every commit that changes the store notifies the listening consoles
-- (once per transaction and table; the payload names the table).
CREATE FUNCTION refund_desk_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('refund_desk_changes', TG_TABLE_NAME);
    RETURN NULL;
END
$$;
CREATE TRIGGER refund_ops_notify AFTER INSERT OR UPDATE OR DELETE ON refund_ops
FOR EACH STATEMENT EXECUTE FUNCTION refund_desk_notify_change();
CREATE TRIGGER refund_attempts_notify AFTER INSERT OR UPDATE OR DELETE ON refund_attempts
FOR EACH STATEMENT EXECUTE FUNCTION refund_desk_notify_change();
CREATE TRIGGER webhook_events_notify AFTER INSERT OR UPDATE OR DELETE ON webhook_events
FOR EACH STATEMENT EXECUTE FUNCTION refund_desk_notify_change();
CREATE TRIGGER resolutions_notify AFTER INSERT ON resolutions
FOR EACH STATEMENT EXECUTE FUNCTION refund_desk_notify_change();

INSERT INTO store_meta(key, value) VALUES ('provider', 'stripe'), ('key_retention_hours', '24'),
                                          ('schema_version', '1');

-- Schema version 2: Refund Desk's own tables; none of the tables above changes, so the
-- agent's tool and the webhook receiver write either version alike. 'refund-desk upgrade'
-- runs the text from this line to the end (version 3's part too), in one transaction, as
-- the store's owner, on a version 1 store.

-- The server's clock in the store's unit (as in roles-postgresql.sql, which keeps the
-- audit chain with it).
CREATE OR REPLACE FUNCTION refund_desk_clock_ms() RETURNS bigint LANGUAGE sql VOLATILE AS $$
    SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint
$$;

-- Notes on an operation: what an investigation found, for the next shift. Append-only.
-- The id is the server's (an identity); a copy writes its own with OVERRIDING SYSTEM VALUE.
CREATE TABLE operation_notes (
    note_id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    operation_id text COLLATE "C" NOT NULL REFERENCES refund_ops(operation_id),
    text         text NOT NULL CHECK (btrim(text) <> ''),
    follow_up_on text COLLATE "C" CHECK (follow_up_on IS NULL OR (follow_up_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' AND follow_up_on::date IS NOT NULL)),
    operator     text COLLATE "C" NOT NULL CHECK (btrim(operator) <> ''),
    recorded_at  bigint NOT NULL
);

CREATE INDEX operation_notes_operation ON operation_notes(operation_id, note_id);
-- The queue's Waiting view counted from the notes with a follow-up date after today alone,
-- not by a probe per queue row (Store::queueCounts).
CREATE INDEX operation_notes_follow_up ON operation_notes(follow_up_on, operation_id)
    WHERE follow_up_on IS NOT NULL;

-- What the provider answered when asked about an operation, kept as received. Append-only.
CREATE TABLE provider_lookups (
    lookup_id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    operation_id    text COLLATE "C" NOT NULL REFERENCES refund_ops(operation_id),
    provider        text COLLATE "C" NOT NULL CHECK (provider IN ('stripe')),
    asked_at        bigint NOT NULL,
    operator        text COLLATE "C" NOT NULL CHECK (btrim(operator) <> ''),
    window_from     bigint,
    window_to       bigint,
    requests        text NOT NULL,
    result          text NOT NULL,
    response_sha256 text COLLATE "C" NOT NULL CHECK (length(response_sha256) = 64),
    CHECK ((window_from IS NULL) = (window_to IS NULL))
);

CREATE INDEX provider_lookups_operation ON provider_lookups(operation_id, lookup_id);

CREATE FUNCTION refund_desk_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;
CREATE TRIGGER operation_notes_no_update BEFORE UPDATE ON operation_notes
FOR EACH ROW EXECUTE FUNCTION refund_desk_append_only();
CREATE TRIGGER operation_notes_no_delete BEFORE DELETE ON operation_notes
FOR EACH ROW EXECUTE FUNCTION refund_desk_append_only();
CREATE TRIGGER operation_notes_no_truncate BEFORE TRUNCATE ON operation_notes
FOR EACH STATEMENT EXECUTE FUNCTION refund_desk_append_only();
CREATE TRIGGER provider_lookups_no_update BEFORE UPDATE ON provider_lookups
FOR EACH ROW EXECUTE FUNCTION refund_desk_append_only();
CREATE TRIGGER provider_lookups_no_delete BEFORE DELETE ON provider_lookups
FOR EACH ROW EXECUTE FUNCTION refund_desk_append_only();
CREATE TRIGGER provider_lookups_no_truncate BEFORE TRUNCATE ON provider_lookups
FOR EACH STATEMENT EXECUTE FUNCTION refund_desk_append_only();

-- The author and the time are the server's, as for decisions: the login (any other name
-- is refused) and the server's clock (filled in, whatever the INSERT said). Only the
-- store's owner and superusers, who copy stores with their recorded values, write their own.
CREATE FUNCTION refund_desk_server_keeps_author() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF refund_desk_may_name_others() THEN
        RETURN NEW;
    END IF;
    IF NEW.operator IS DISTINCT FROM session_user THEN
        RAISE EXCEPTION 'the login % may not write to % as %', session_user, TG_TABLE_NAME, NEW.operator;
    END IF;
    IF TG_TABLE_NAME = 'provider_lookups' THEN
        NEW.asked_at := refund_desk_clock_ms();
    ELSE
        NEW.recorded_at := refund_desk_clock_ms();
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER operation_notes_server_keeps_author BEFORE INSERT ON operation_notes
FOR EACH ROW EXECUTE FUNCTION refund_desk_server_keeps_author();
CREATE TRIGGER provider_lookups_server_keeps_author BEFORE INSERT ON provider_lookups
FOR EACH ROW EXECUTE FUNCTION refund_desk_server_keeps_author();

CREATE TRIGGER operation_notes_notify AFTER INSERT ON operation_notes
FOR EACH STATEMENT EXECUTE FUNCTION refund_desk_notify_change();
CREATE TRIGGER provider_lookups_notify AFTER INSERT ON provider_lookups
FOR EACH STATEMENT EXECUTE FUNCTION refund_desk_notify_change();

-- The rights roles-postgresql.sql gives on these tables, when its roles exist already
-- (a store upgraded after its roles were made): support logins read and add; finance
-- reads; the reconciler's logins read and add lookups; the agent's logins, which never
-- needed them, get nothing.
DO $$
BEGIN
    REVOKE ALL ON operation_notes, provider_lookups FROM PUBLIC;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_audit') THEN
        GRANT SELECT ON operation_notes, provider_lookups TO refund_desk_audit;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_support') THEN
        GRANT SELECT, INSERT ON operation_notes, provider_lookups TO refund_desk_support;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_reconciler') THEN
        GRANT SELECT ON operation_notes, provider_lookups TO refund_desk_reconciler;
        GRANT INSERT ON provider_lookups TO refund_desk_reconciler;
    END IF;
END
$$;

UPDATE store_meta SET value = '2' WHERE key = 'schema_version';

-- Schema version 3: the payment behind each operation. payment_id is the provider's id of
-- the payment being refunded (Stripe: a PaymentIntent pi_... or a Charge ch_...), written
-- by the refund tool when it opens the row, since it names the payment to refund anyway.
-- A tool that names its columns and does not write it leaves NULL, so the agent's tool and
-- the webhook receiver of version 2 write this version alike. The agent's role may write
-- it (its rights on refund_ops are the table's); support logins may not (theirs are
-- column by column). 'refund-desk upgrade' runs the text from this line to the end, in one
-- transaction, as the store's owner, on a version 2 store.

ALTER TABLE refund_ops ADD COLUMN payment_id text COLLATE "C";

-- Once written, the payment never changes, for every login: NULL may become a payment
-- once, and that is all (a tool that opened the row without it may name it while the row
-- is open).
CREATE FUNCTION refund_ops_payment_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.payment_id IS NOT NULL AND NEW.payment_id IS DISTINCT FROM OLD.payment_id THEN
        RAISE EXCEPTION 'payment_id is immutable once set';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER refund_ops_payment_immutable
BEFORE UPDATE OF payment_id ON refund_ops
FOR EACH ROW EXECUTE FUNCTION refund_ops_payment_immutable();

-- What the provider answered, each response body kept once: a listing page that covered
-- many operations' windows is one row, however many lookups rest on it. The address is
-- the lower-case hex SHA-256 of the body's UTF-8 text; a lookup of this version names its
-- bodies by it (body_sha256 in each of its requests), and its response_sha256 is the
-- SHA-256 of those addresses, in order. 'refund-desk verify' checks both. Append-only, as
-- provider_lookups, for every login. Lookups of version 2 keep their bodies inside their
-- requests, as they were written.
CREATE TABLE provider_bodies (
    body_sha256 text COLLATE "C" PRIMARY KEY CHECK (body_sha256 ~ '^[0-9a-f]{64}$'),
    body        text NOT NULL
);
CREATE TRIGGER provider_bodies_no_update BEFORE UPDATE ON provider_bodies
FOR EACH ROW EXECUTE FUNCTION refund_desk_append_only();
CREATE TRIGGER provider_bodies_no_delete BEFORE DELETE ON provider_bodies
FOR EACH ROW EXECUTE FUNCTION refund_desk_append_only();
CREATE TRIGGER provider_bodies_no_truncate BEFORE TRUNCATE ON provider_bodies
FOR EACH STATEMENT EXECUTE FUNCTION refund_desk_append_only();

-- The rights on it are those on provider_lookups (roles-postgresql.sql gives the same):
-- support and reconciler logins, who ask Stripe, read and add; finance reads; the agent's
-- logins get nothing.
DO $$
BEGIN
    REVOKE ALL ON provider_bodies FROM PUBLIC;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_audit') THEN
        GRANT SELECT ON provider_bodies TO refund_desk_audit;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_support') THEN
        GRANT SELECT, INSERT ON provider_bodies TO refund_desk_support;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_reconciler') THEN
        GRANT SELECT, INSERT ON provider_bodies TO refund_desk_reconciler;
    END IF;
END
$$;

UPDATE store_meta SET value = '3' WHERE key = 'schema_version';
