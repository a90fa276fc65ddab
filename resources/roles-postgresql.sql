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
