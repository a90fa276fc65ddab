-- The roles of a Refund Desk store on PostgreSQL, enforced by the server.
-- Run once per database, as the store's owner (after 'refund-desk init'):
--     psql "postgresql://owner@host/refunds" -f roles-postgresql.sql
-- Then give each person or program a login in one of the roles, e.g.
--     CREATE ROLE alice LOGIN PASSWORD '...' IN ROLE refund_desk_support;
--     CREATE ROLE finance LOGIN PASSWORD '...' IN ROLE refund_desk_audit;
--     CREATE ROLE refund_tool LOGIN PASSWORD '...' IN ROLE refund_desk_agent;
-- The operator recorded on a claim or a decision is the login itself (session_user):
-- triggers refuse any other name from anyone but the store's owner.
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
END
$$;

REVOKE ALL ON store_meta, refund_ops, refund_attempts, webhook_events, resolutions
    FROM PUBLIC, refund_desk_support, refund_desk_audit, refund_desk_agent;

-- Finance: reads everything, writes nothing.
GRANT SELECT ON store_meta, refund_ops, refund_attempts, webhook_events, resolutions TO refund_desk_audit;

-- Support agents: read everything; claim, release and decide. They may change only the
-- columns a claim, a release or a decision changes (never a key, an amount or an order),
-- and only append to the audit log; they may not write attempts or events.
GRANT SELECT ON store_meta, refund_ops, refund_attempts, webhook_events, resolutions TO refund_desk_support;
GRANT UPDATE (status, refund_id, claimed_by, claimed_at, updated_at, version) ON refund_ops TO refund_desk_support;
GRANT INSERT ON resolutions TO refund_desk_support;

-- The agent's refund tool and the webhook receiver: open and update operations (the key
-- stays immutable by trigger), count attempts, store delivered events. No decisions.
GRANT SELECT ON store_meta, refund_ops, refund_attempts, webhook_events TO refund_desk_agent;
GRANT INSERT, UPDATE ON refund_ops, refund_attempts TO refund_desk_agent;
GRANT INSERT ON webhook_events TO refund_desk_agent;

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
-- bound by them, and the agent's logins have rules of their own (below). A login belongs
-- to one of the three roles.
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
        IF NEW.claimed_by IS DISTINCT FROM session_user OR NEW.claimed_at IS NULL THEN
            RAISE EXCEPTION 'the login % may set % to checking only by claiming it as itself (claimed by %, '
                            'with the time of the claim)', session_user, OLD.operation_id, session_user;
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

COMMIT;
