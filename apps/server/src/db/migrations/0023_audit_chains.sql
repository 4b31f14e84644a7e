-- One audit chain per clinic, plus chain 0 for rows with no clinic (docs/decisions/031-audit-chains-per-clinic.md):
-- each chain has its own head row, so an audited request waits only on its own clinic's. Every existing row becomes
-- chain 0 unchanged (same seq, same hash), and the one head becomes chain 0's, so the old log still verifies.
-- The functions and the trigger below are exactly modules/audit/audit-chain.sql.ts (a test holds them equal), which
-- `audit verify` compares with what the database runs.
CREATE TABLE "audit_chain_heads" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "audit_chain_heads" ("chain_id", "seq", "hash") SELECT 0, "seq", "hash" FROM "audit_chain_head";--> statement-breakpoint
DROP TABLE "audit_chain_head" CASCADE;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_pkey";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_chain_seq_pk" PRIMARY KEY("chain_id","seq");--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row_text(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    r.seq, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.actor_id, r.action,
    r.target_type, to_jsonb(r.target_ids), r.subject_user_id, r.outcome, r.correlation_id, r.details
  )::text
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row_hash(prev_hash text, r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || audit_row_text(r), 'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  head audit_chain_heads%ROWTYPE;
BEGIN
  NEW.chain_id := coalesce(
    (SELECT clinic_id FROM therapist_profiles WHERE user_id = NEW.actor_id),
    (SELECT clinic_id FROM client_profiles WHERE user_id = NEW.actor_id),
    (SELECT clinic_id FROM therapist_profiles WHERE user_id = NEW.subject_user_id),
    (SELECT clinic_id FROM client_profiles WHERE user_id = NEW.subject_user_id),
    0);
  SELECT * INTO head FROM audit_chain_heads WHERE chain_id = NEW.chain_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO audit_chain_heads (chain_id, seq, hash)
    VALUES (NEW.chain_id, 0, CASE WHEN NEW.chain_id = 0 THEN repeat('0', 64)
      ELSE encode(sha256(convert_to('audit_log chain ' || NEW.chain_id, 'UTF8')), 'hex') END)
    ON CONFLICT (chain_id) DO NOTHING;
    SELECT * INTO head FROM audit_chain_heads WHERE chain_id = NEW.chain_id FOR UPDATE;
  END IF;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_row_hash(head.hash, NEW);
  UPDATE audit_chain_heads SET seq = NEW.seq, hash = NEW.hash WHERE chain_id = NEW.chain_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "audit_log_chain" ON "audit_log";--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
