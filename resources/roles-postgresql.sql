-- The roles of a Refund Desk store on PostgreSQL, enforced by the server.
-- Run once per database, as the store's owner (after 'refund-desk init'):
--     psql "postgresql://owner@host/refunds" -f roles-postgresql.sql
-- Then give each person or program a login in one of the roles, e.g.
--     CREATE ROLE alice LOGIN PASSWORD '...' IN ROLE refund_desk_support;
--     CREATE ROLE finance LOGIN PASSWORD '...' IN ROLE refund_desk_audit;
--     CREATE ROLE refund_tool LOGIN PASSWORD '...' IN ROLE refund_desk_agent;
--     CREATE ROLE stripe_reconciler LOGIN PASSWORD '...' IN ROLE refund_desk_reconciler;
-- The operator recorded on a claim or a decision is the login itself (session_user):
-- triggers refuse any other name from anyone but the store's owner. For every login but
-- the owner, the server also keeps the audit chain (a decision's id, time, prev_hash and
-- hash are its own) and the times written on an operation; the agent's logins only add
-- to the attempt history and finish an attempt once; the reconciler's logins add events and
-- provider lookups and move their own store_meta rows, and nothing else.
-- Roles belong to the whole server: creating them again is harmless.

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_support') THEN
        CREATE ROLE refund_desk_support NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_audit') THEN
        CREATE ROLE refund_desk_audit NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_agent') THEN
        CREATE ROLE refund_desk_agent NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_reconciler') THEN
        CREATE ROLE refund_desk_reconciler NOLOGIN;
    END IF;
END
$$;

REVOKE ALL ON store_meta, refund_ops, refund_attempts, webhook_events, resolutions
    FROM PUBLIC, refund_desk_support, refund_desk_audit, refund_desk_agent, refund_desk_reconciler;

-- Finance: reads everything, writes nothing.
GRANT SELECT ON store_meta, refund_ops, refund_attempts, webhook_events, resolutions TO refund_desk_audit;

-- Support agents: read everything; claim, release and decide. They may change only the
-- columns a claim, a release or a decision changes (never a key, an amount or an order),
-- and only append to the audit log; they may not write attempts or events.
GRANT SELECT ON store_meta, refund_ops, refund_attempts, webhook_events, resolutions TO refund_desk_support;
GRANT UPDATE (status, refund_id, claimed_by, claimed_at, updated_at, version) ON refund_ops TO refund_desk_support;
GRANT INSERT ON resolutions TO refund_desk_support;

-- The agent's refund tool and the webhook receiver: open and update operations (the key,
-- and from schema version 3 the payment once written, stay immutable by trigger), count
-- attempts, store delivered events. No decisions. The rights are the table's, so the
-- tool writes payment_id (version 3) when it opens an operation; support logins, whose
-- rights are column by column, never may.
GRANT SELECT ON store_meta, refund_ops, refund_attempts, webhook_events TO refund_desk_agent;
GRANT INSERT, UPDATE ON refund_ops, refund_attempts TO refund_desk_agent;
GRANT INSERT ON webhook_events TO refund_desk_agent;

-- The reconciler ('refund-desk reconcile', and sync-events): reads the store as Refund
-- Desk opens it, stores the events Stripe could not deliver, keeps Stripe's answers as
-- provider lookups, and moves its own store_meta rows (the sync cursors, its lease, its
-- last pass; store_meta_reconciler_rows below keeps it off every other row). No decision,
-- claim or note: it may not write refund_ops, resolutions or operation_notes at all.
GRANT SELECT ON store_meta, refund_ops, refund_attempts, webhook_events, resolutions TO refund_desk_reconciler;
GRANT INSERT, UPDATE ON store_meta TO refund_desk_reconciler;
GRANT INSERT ON webhook_events TO refund_desk_reconciler;

-- Schema version 2's own tables (notes and provider lookups): support logins read and
-- add, finance reads, the agent's logins get nothing, the reconciler's read both (the
-- queue shows the notes' follow-ups) and add lookups. A version 1 store has none yet;
-- 'refund-desk upgrade' grants the same when it adds them.
DO $$
BEGIN
    IF to_regclass('operation_notes') IS NOT NULL AND to_regclass('provider_lookups') IS NOT NULL THEN
        REVOKE ALL ON operation_notes, provider_lookups
            FROM PUBLIC, refund_desk_support, refund_desk_audit, refund_desk_agent, refund_desk_reconciler;
        GRANT SELECT ON operation_notes, provider_lookups TO refund_desk_audit;
        GRANT SELECT, INSERT ON operation_notes, provider_lookups TO refund_desk_support;
        GRANT SELECT ON operation_notes, provider_lookups TO refund_desk_reconciler;
        GRANT INSERT ON provider_lookups TO refund_desk_reconciler;
    END IF;
    -- Schema version 3 keeps the provider's response bodies apart, once each: the same
    -- rights as provider_lookups.
    IF to_regclass('provider_bodies') IS NOT NULL THEN
        REVOKE ALL ON provider_bodies
            FROM PUBLIC, refund_desk_support, refund_desk_audit, refund_desk_agent, refund_desk_reconciler;
        GRANT SELECT ON provider_bodies TO refund_desk_audit;
        GRANT SELECT, INSERT ON provider_bodies TO refund_desk_support, refund_desk_reconciler;
    END IF;
END
$$;

-- What a support login may do to an operation, enforced by the server so that SQL of its
-- own (psql) cannot do more than Refund Desk does: claim one that waits for a person (or
-- take it over), release its own claim, and decide one that is free or its own, with the
-- decision appended to the audit log in the same transaction. Nothing else: no status set
-- back, no other login's claim cleared, no refund id changed without a decision.
-- These live here rather than in schema-postgresql.sql because they are rules about the
-- roles this file creates, and because this file is the one run again on an existing
-- store: CREATE OR REPLACE (and DROP ... IF EXISTS for the constraint triggers, which
-- cannot be replaced) brings a store made before them up to date. The owner and
-- superusers (refund_desk_may_name_others(): demo stores, 'refund-desk copy') are not
-- bound by them, and the agent's and the reconciler's logins have rules of their own
-- (below). A login belongs to one of the four roles.
-- Table names in them are qualified with the schema of the table the trigger fires on:
-- a session's own temporary tables come first in its search path and must not stand in
-- for the store's.
BEGIN;

-- As in schema-postgresql.sql, for stores made before a temporary table was ruled out.
CREATE OR REPLACE FUNCTION refund_desk_may_name_others() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = session_user AND rolsuper)
        OR EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = to_regclass('resolutions')
                   AND c.relpersistence = 'p' AND pg_get_userbyid(c.relowner) = session_user)
$$;

CREATE OR REPLACE FUNCTION refund_desk_is_support_login() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT pg_has_role(session_user, 'refund_desk_support', 'MEMBER') AND NOT refund_desk_may_name_others()
$$;

-- Each row change a support login makes must be a claim, a release or a decision.
CREATE OR REPLACE FUNCTION refund_ops_support_moves() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    claimant text := COALESCE(OLD.claimed_by, 'nobody');
BEGIN
    IF NOT refund_desk_is_support_login() THEN
        RETURN NEW;
    END IF;
    IF OLD.status NOT IN ('unknown', 'checking') THEN
        RAISE EXCEPTION 'the login % may not change %: it is %, and only operations in unknown or checking are '
                        'claimed, released or decided (a decision is final)', session_user, OLD.operation_id, OLD.status;
    END IF;
    IF NEW.refund_id IS DISTINCT FROM OLD.refund_id AND NEW.status NOT IN ('refunded', 'failed') THEN
        RAISE EXCEPTION 'the login % may not change the refund id of % without recording a decision',
                        session_user, OLD.operation_id;
    END IF;
    IF NEW.status = 'checking' THEN
        -- A claim of a free operation, or a take-over of someone else's claim, as oneself.
        IF NEW.claimed_by IS NULL AND OLD.claimed_by IS NOT NULL AND OLD.claimed_by <> session_user THEN
            RAISE EXCEPTION 'the login % may not clear the claim % holds on %: only % may release it, and '
                            '''refund-desk claim % --take-over'' takes it over', session_user, claimant,
                            OLD.operation_id, claimant, OLD.operation_id;
        END IF;
        -- (The time of the claim is the server's: refund_ops_support_times sets it.)
        IF NEW.claimed_by IS DISTINCT FROM session_user THEN
            RAISE EXCEPTION 'the login % may set % to checking only by claiming it as itself (claimed by %)',
                            session_user, OLD.operation_id, session_user;
        END IF;
    ELSIF NEW.status = 'unknown' THEN
        -- A release of one's own claim.
        IF OLD.status = 'checking' AND OLD.claimed_by IS DISTINCT FROM session_user THEN
            RAISE EXCEPTION 'the login % may not release or clear the claim % holds on %: only % may release it, '
                            'and ''refund-desk claim % --take-over'' takes it over', session_user, claimant,
                            OLD.operation_id, claimant, OLD.operation_id;
        END IF;
        IF OLD.status <> 'checking' THEN
            RAISE EXCEPTION 'the login % may not change % while it is unknown other than by claiming or deciding it',
                            session_user, OLD.operation_id;
        END IF;
        IF NEW.claimed_by IS NOT NULL OR NEW.claimed_at IS NOT NULL THEN
            RAISE EXCEPTION 'the login % may release % only by clearing its claim', session_user, OLD.operation_id;
        END IF;
    ELSIF NEW.status IN ('refunded', 'failed') THEN
        -- A decision; refund_ops_decision_recorded checks its resolution at commit.
        IF OLD.status = 'checking' AND OLD.claimed_by IS DISTINCT FROM session_user THEN
            RAISE EXCEPTION 'the login % may not decide %: it is being checked by %, who holds the claim',
                            session_user, OLD.operation_id, claimant;
        END IF;
        IF NEW.claimed_by IS NOT NULL OR NEW.claimed_at IS NOT NULL THEN
            RAISE EXCEPTION 'the login % may decide % only by ending its claim', session_user, OLD.operation_id;
        END IF;
    ELSE
        RAISE EXCEPTION 'the login % may not set % to %: support logins only claim, release and decide',
                        session_user, OLD.operation_id, NEW.status;
    END IF;
    -- Every write counts in the version, so that a console's optimistic check sees it.
    IF NEW.version <> OLD.version + 1 THEN
        RAISE EXCEPTION 'the login % may change % only with its version counted up by one (version = version + 1)',
                        session_user, OLD.operation_id;
    END IF;
    RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER refund_ops_support_moves
BEFORE UPDATE ON refund_ops
FOR EACH ROW EXECUTE FUNCTION refund_ops_support_moves();

-- A decision is the status change and its resolution, both written by this transaction,
-- whichever comes first: checked at commit. xmin is the transaction that wrote a row
-- version and cannot be forged; a row written inside a savepoint carries the savepoint's
-- own id, so a decision is made outside savepoints (as Refund Desk makes it).
CREATE OR REPLACE FUNCTION refund_ops_decision_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    recorded boolean;
BEGIN
    IF NOT refund_desk_is_support_login() THEN
        RETURN NULL;
    END IF;
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.resolutions r WHERE r.operation_id = $1 AND r.outcome = $2 '
                   'AND r.operator = session_user AND r.previous_status = $3 AND ($2 <> ''refunded'' OR '
                   'r.refund_id = $4) AND r.xmin = pg_current_xact_id()::xid)', TG_TABLE_SCHEMA)
        INTO recorded USING NEW.operation_id, NEW.status, OLD.status, NEW.refund_id;
    IF NOT recorded THEN
        RAISE EXCEPTION 'the login % may not set % to % without recording the decision: the same transaction '
                        'must append its resolution (outcome %, operator %, previous status %)',
                        session_user, NEW.operation_id, NEW.status, NEW.status, session_user, OLD.status;
    END IF;
    RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS refund_ops_decision_recorded ON refund_ops;
CREATE CONSTRAINT TRIGGER refund_ops_decision_recorded
AFTER UPDATE OF status ON refund_ops DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW.status IN ('refunded', 'failed') AND OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION refund_ops_decision_recorded();

-- And the other way round: a resolution a support login appends comes with its
-- operation's change to that outcome in the same transaction (no stray rows in the log).
CREATE OR REPLACE FUNCTION resolutions_decide_their_operation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    decided boolean;
BEGIN
    IF NOT refund_desk_is_support_login() THEN
        RETURN NULL;
    END IF;
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.refund_ops o WHERE o.operation_id = $1 AND o.status = $2 '
                   'AND ($2 <> ''refunded'' OR o.refund_id = $3) AND o.xmin = pg_current_xact_id()::xid)',
                   TG_TABLE_SCHEMA)
        INTO decided USING NEW.operation_id, NEW.outcome, NEW.refund_id;
    IF NOT decided THEN
        RAISE EXCEPTION 'the login % may not record a decision on % without setting it to %: the same transaction '
                        'must change the operation''s status to the outcome', session_user, NEW.operation_id,
                        NEW.outcome;
    END IF;
    RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS resolutions_decide_their_operation ON resolutions;
CREATE CONSTRAINT TRIGGER resolutions_decide_their_operation
AFTER INSERT ON resolutions DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION resolutions_decide_their_operation();

-- The server keeps the chain. A decision's resolution_id, prev_hash, recorded_at and hash
-- are the server's for every login but the store's owner (who builds demo stores and
-- copies stores with their recorded values, and superusers): filled in here, whatever the
-- INSERT said, rather than refused, so that a login cannot put a row in the log that
-- 'refund-desk verify' rejects, nor one with another time, and Refund Desk reads them back
-- (INSERT ... RETURNING). They are the next id after the head, the head's hash (64 zeros
-- for the first), the server's clock when the row is appended, and the SHA-256 of the
-- row's canonical JSON as DESIGN.md defines it, computed below byte for byte as Refund
-- Desk computes it (domain/auditchain.cpp).

-- The server's clock in the store's unit: milliseconds since the Unix epoch (UTC), at the
-- moment of the call (not the transaction's start: a decision waits for the chain's head).
CREATE OR REPLACE FUNCTION refund_desk_clock_ms() RETURNS bigint LANGUAGE sql VOLATILE AS $$
    SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint
$$;

-- The canonical JSON of a resolution: exactly its eleven keys, sorted by their bytes, no
-- white space, integers as numbers, a missing refund_id or note as null. A text is a JSON
-- string as to_json writes it, which is how nlohmann_json's dump() writes it too: '"' and
-- '\' escaped with a backslash; \b \f \n \r \t; every other character below 0x20 as \u00XX
-- in lower-case hex; everything else (DEL, '/', all of Unicode) as its own UTF-8 bytes.
CREATE OR REPLACE FUNCTION refund_desk_canonical_json(resolution_id bigint, operation_id text, outcome text,
                                                      refund_id text, evidence text, note text, operator text,
                                                      recorded_at bigint, previous_status text,
                                                      overrides_evidence bigint, prev_hash text)
RETURNS text LANGUAGE sql STABLE AS $$
    SELECT '{"evidence":' || COALESCE(to_json($5)::text, 'null')
        || ',"note":' || COALESCE(to_json($6)::text, 'null')
        || ',"operation_id":' || COALESCE(to_json($2)::text, 'null')
        || ',"operator":' || COALESCE(to_json($7)::text, 'null')
        || ',"outcome":' || COALESCE(to_json($3)::text, 'null')
        || ',"overrides_evidence":' || COALESCE($10::text, 'null')
        || ',"prev_hash":' || COALESCE(to_json($11)::text, 'null')
        || ',"previous_status":' || COALESCE(to_json($9)::text, 'null')
        || ',"recorded_at":' || COALESCE($8::text, 'null')
        || ',"refund_id":' || COALESCE(to_json($4)::text, 'null')
        || ',"resolution_id":' || COALESCE($1::text, 'null')
        || '}'
$$;

-- hash: the lower-case hex SHA-256 of the canonical JSON's UTF-8 bytes (PostgreSQL's own
-- sha256(); no extension needed).
CREATE OR REPLACE FUNCTION refund_desk_chain_hash(resolution_id bigint, operation_id text, outcome text,
                                                  refund_id text, evidence text, note text, operator text,
                                                  recorded_at bigint, previous_status text,
                                                  overrides_evidence bigint, prev_hash text)
RETURNS text LANGUAGE sql STABLE AS $$
    SELECT encode(sha256(convert_to(refund_desk_canonical_json($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11),
                                    'UTF8')), 'hex')
$$;

-- Appends serialise on the head: the advisory lock Refund Desk takes for its own appends
-- ('rdchain', ChainLockKey in store/pgstore.cpp), held until the transaction ends, so
-- that two decisions never read the same head. The head is read after the lock, by a
-- statement of its own: in READ COMMITTED (PostgreSQL's default, and Refund Desk's) that
-- sees every append committed before. A transaction of a stricter isolation reads the log
-- as it was when it began, so a decision is refused there.
CREATE OR REPLACE FUNCTION resolutions_server_keeps_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    head_id bigint;
    head_hash text;
BEGIN
    IF refund_desk_may_name_others() THEN
        RETURN NEW;
    END IF;
    IF current_setting('transaction_isolation') <> 'read committed' THEN
        RAISE EXCEPTION 'the login % may record a decision only in a READ COMMITTED transaction (PostgreSQL''s '
                        'default), not in a % one: the server appends it after the newest resolution, which such '
                        'a transaction may not see', session_user, current_setting('transaction_isolation');
    END IF;
    PERFORM pg_advisory_xact_lock(32198525460769134);
    EXECUTE format('SELECT resolution_id, hash FROM %I.resolutions ORDER BY resolution_id DESC LIMIT 1',
                   TG_TABLE_SCHEMA)
        INTO head_id, head_hash;
    NEW.resolution_id := COALESCE(head_id, 0) + 1;
    NEW.prev_hash := COALESCE(head_hash, repeat('0', 64));
    NEW.recorded_at := refund_desk_clock_ms();
    NEW.hash := refund_desk_chain_hash(NEW.resolution_id, NEW.operation_id, NEW.outcome, NEW.refund_id,
                                       NEW.evidence, NEW.note, NEW.operator, NEW.recorded_at, NEW.previous_status,
                                       NEW.overrides_evidence, NEW.prev_hash);
    RETURN NEW;
END
$$;
-- Named to fire after resolutions_operator_is_session_user (BEFORE triggers fire in the
-- order of their names), so that the hash is made over the row as it is stored.
CREATE OR REPLACE TRIGGER resolutions_server_keeps_chain
BEFORE INSERT ON resolutions
FOR EACH ROW EXECUTE FUNCTION resolutions_server_keeps_chain();

-- The times a support login writes on an operation are the server's too: updated_at of
-- every change and claimed_at of a claim are set here (filled in, not refused; Refund
-- Desk reads them back with UPDATE ... RETURNING). A claim kept by its own claimant keeps
-- its time. A decision's updated_at is its resolution's recorded_at when the resolution
-- was appended first in the transaction (as Refund Desk does it), so that the two agree.
-- Named to fire after refund_ops_support_moves, which has checked what the change is.
CREATE OR REPLACE FUNCTION refund_ops_support_times() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    decided_at bigint;
BEGIN
    IF NOT refund_desk_is_support_login() THEN
        RETURN NEW;
    END IF;
    NEW.updated_at := refund_desk_clock_ms();
    IF NEW.status IN ('refunded', 'failed') THEN
        EXECUTE format('SELECT max(r.recorded_at) FROM %I.resolutions r WHERE r.operation_id = $1 '
                       'AND r.xmin = pg_current_xact_id()::xid', TG_TABLE_SCHEMA)
            INTO decided_at USING NEW.operation_id;
        NEW.updated_at := COALESCE(decided_at, NEW.updated_at);
    END IF;
    IF NEW.claimed_by IS NULL THEN
        NEW.claimed_at := NULL;
    ELSIF OLD.status = 'checking' AND OLD.claimed_by = NEW.claimed_by AND OLD.claimed_at IS NOT NULL THEN
        NEW.claimed_at := OLD.claimed_at;
    ELSE
        NEW.claimed_at := NEW.updated_at;
    END IF;
    RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER refund_ops_support_times
BEFORE UPDATE ON refund_ops
FOR EACH ROW EXECUTE FUNCTION refund_ops_support_times();

-- The refund tool's moves (DESIGN: open -> refunded | failed | unknown): an agent login
-- changes an operation only while it is open, and never claims one. Once unknown, the
-- operation is a person's to decide; the tool sends nothing more under its key.
CREATE OR REPLACE FUNCTION refund_desk_is_agent_login() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT pg_has_role(session_user, 'refund_desk_agent', 'MEMBER')
       AND NOT pg_has_role(session_user, 'refund_desk_support', 'MEMBER') AND NOT refund_desk_may_name_others()
$$;

CREATE OR REPLACE FUNCTION refund_ops_agent_moves() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT refund_desk_is_agent_login() THEN
        RETURN NEW;
    END IF;
    IF OLD.status <> 'open' THEN
        RAISE EXCEPTION 'the login % may not change %: it is %, and the refund tool moves only open operations '
                        '(a person decides the others in Refund Desk)', session_user, OLD.operation_id, OLD.status;
    END IF;
    IF NEW.status NOT IN ('open', 'unknown', 'refunded', 'failed') THEN
        RAISE EXCEPTION 'the login % may not set % to %: the refund tool moves an open operation to unknown, '
                        'refunded or failed', session_user, OLD.operation_id, NEW.status;
    END IF;
    IF NEW.claimed_by IS NOT NULL OR NEW.claimed_at IS NOT NULL THEN
        RAISE EXCEPTION 'the login % may not claim %: claims are made by people in Refund Desk',
                        session_user, OLD.operation_id;
    END IF;
    RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER refund_ops_agent_moves
BEFORE UPDATE ON refund_ops
FOR EACH ROW EXECUTE FUNCTION refund_ops_agent_moves();

-- The attempt history is the evidence a person decides on, and append-only for the
-- agent's logins: an attempt is added to an open operation with the next attempt_no, and
-- an unfinished attempt (finished_at NULL) is finished once (its finished_at, outcome,
-- http_status, request_id and error); nothing else, and nothing at all once the operation
-- has left open. Refused with a sentence saying which; deleting is not granted at all.
-- The operation's row is share-locked, so that it cannot leave open while an attempt is
-- being written.
CREATE OR REPLACE FUNCTION refund_attempts_agent_appends() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    operation_status text;
    last_no bigint;
BEGIN
    IF NOT refund_desk_is_agent_login() THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND (NEW.operation_id, NEW.attempt_no) IS DISTINCT FROM (OLD.operation_id, OLD.attempt_no) THEN
        RAISE EXCEPTION 'the login % may not move attempt % of % to another operation or number: attempts are '
                        'only added and finished', session_user, OLD.attempt_no, OLD.operation_id;
    END IF;
    EXECUTE format('SELECT status FROM %I.refund_ops WHERE operation_id = $1 FOR SHARE', TG_TABLE_SCHEMA)
        INTO operation_status USING NEW.operation_id;
    IF operation_status IS DISTINCT FROM 'open' THEN
        RAISE EXCEPTION 'the login % may not write attempt % of %: it is %, and the refund tool writes attempts '
                        'only while an operation is open (its attempt history is the evidence a person decides on)',
                        session_user, NEW.attempt_no, NEW.operation_id, COALESCE(operation_status, 'not in the store');
    END IF;
    IF TG_OP = 'INSERT' THEN
        EXECUTE format('SELECT max(attempt_no) FROM %I.refund_attempts WHERE operation_id = $1', TG_TABLE_SCHEMA)
            INTO last_no USING NEW.operation_id;
        IF NEW.attempt_no <> COALESCE(last_no, 0) + 1 THEN
            RAISE EXCEPTION 'the login % may add to % only attempt % (the next after the last), not attempt %',
                            session_user, NEW.operation_id, COALESCE(last_no, 0) + 1, NEW.attempt_no;
        END IF;
        RETURN NEW;
    END IF;
    IF OLD.finished_at IS NOT NULL THEN
        RAISE EXCEPTION 'the login % may not change attempt % of %: it is finished, and a finished attempt is '
                        'history', session_user, OLD.attempt_no, OLD.operation_id;
    END IF;
    IF NEW.finished_at IS NULL THEN
        RAISE EXCEPTION 'the login % may change attempt % of % only by finishing it (with its finished_at)',
                        session_user, OLD.attempt_no, OLD.operation_id;
    END IF;
    IF (NEW.tool_call_id, NEW.started_at) IS DISTINCT FROM (OLD.tool_call_id, OLD.started_at) THEN
        RAISE EXCEPTION 'the login % may finish attempt % of % but not change its tool call or start',
                        session_user, OLD.attempt_no, OLD.operation_id;
    END IF;
    RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER refund_attempts_agent_appends
BEFORE INSERT OR UPDATE ON refund_attempts
FOR EACH ROW EXECUTE FUNCTION refund_attempts_agent_appends();

-- The reconciler's logins (refund-desk reconcile). They may write store_meta for their own
-- rows only: the places of sync-events' two listings, the reconciler's lease and how its
-- last pass ended. The schema's rows (provider, key_retention_hours, schema_version) and
-- the team's (queue_target_hours, and any row added later) are refused by name.
CREATE OR REPLACE FUNCTION refund_desk_is_reconciler_login() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT pg_has_role(session_user, 'refund_desk_reconciler', 'MEMBER') AND NOT refund_desk_may_name_others()
$$;

CREATE OR REPLACE FUNCTION refund_desk_reconciler_meta_key(key text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT key IN ('stripe_events_synced_from', 'stripe_events_synced_until', 'stripe_events_sync_listing',
                   'stripe_undelivered_events_synced_from', 'stripe_undelivered_events_synced_until',
                   'stripe_undelivered_events_sync_listing', 'reconcile_lease', 'reconcile_last_pass')
$$;

CREATE OR REPLACE FUNCTION store_meta_reconciler_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT refund_desk_is_reconciler_login() THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND NOT refund_desk_reconciler_meta_key(OLD.key) THEN
        RAISE EXCEPTION 'the login % may not change store_meta''s %: the reconciler writes only its own rows '
                        '(the sync cursors, its lease and its last pass)', session_user, OLD.key;
    END IF;
    IF NOT refund_desk_reconciler_meta_key(NEW.key) THEN
        RAISE EXCEPTION 'the login % may not write store_meta''s %: the reconciler writes only its own rows '
                        '(the sync cursors, its lease and its last pass)', session_user, NEW.key;
    END IF;
    RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER store_meta_reconciler_rows
BEFORE INSERT OR UPDATE ON store_meta
FOR EACH ROW EXECUTE FUNCTION store_meta_reconciler_rows();

-- Consoles learn at once that a pass ended (their status bar says when Stripe was last
-- checked): the end of a pass notifies them as the other tables' changes do. Only that row:
-- a lease renewed every half minute is nobody's news.
CREATE OR REPLACE TRIGGER store_meta_notify_last_pass
AFTER INSERT OR UPDATE ON store_meta
FOR EACH ROW WHEN (NEW.key = 'reconcile_last_pass')
EXECUTE FUNCTION refund_desk_notify_change();

-- A lookup records that the reconciler asked ("asked_by": "reconciler" in its result), so
-- that a console can say so: set on every lookup a reconciler's login adds (the operator
-- and the time stay the server's, as for every lookup), and refused from every other login
-- but the owner's (who copies stores with their lookups as they were).
CREATE OR REPLACE FUNCTION provider_lookups_reconciler_mark() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    parsed jsonb;
BEGIN
    IF refund_desk_may_name_others() THEN
        RETURN NEW;
    END IF;
    BEGIN
        parsed := NEW.result::jsonb;
    EXCEPTION WHEN others THEN
        parsed := NULL; -- not JSON: kept as it came, and it marks nobody
    END;
    IF refund_desk_is_reconciler_login() THEN
        IF jsonb_typeof(parsed) = 'object' AND (parsed ->> 'asked_by') IS DISTINCT FROM 'reconciler' THEN
            NEW.result := (parsed || '{"asked_by": "reconciler"}'::jsonb)::text;
        END IF;
    ELSIF jsonb_typeof(parsed) = 'object' AND (parsed ->> 'asked_by') = 'reconciler' THEN
        RAISE EXCEPTION 'the login % may not add a lookup marked as the reconciler''s: only refund_desk_reconciler '
                        'logins ask as the reconciler', session_user;
    END IF;
    RETURN NEW;
END
$$;
DO $$
BEGIN
    IF to_regclass('provider_lookups') IS NOT NULL THEN
        CREATE OR REPLACE TRIGGER provider_lookups_reconciler_mark
        BEFORE INSERT ON provider_lookups
        FOR EACH ROW EXECUTE FUNCTION provider_lookups_reconciler_mark();
    END IF;
END
$$;

COMMIT;
