-- Audit becomes one row per request, without foreign keys, in a hash chain (docs/decisions/012-audit-chain.md).
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_subject_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "audit_log_subject_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
ALTER TABLE "audit_log" RENAME CONSTRAINT "audit_log_pkey" TO "audit_log_v1_pkey";--> statement-breakpoint
ALTER TABLE "audit_log" RENAME TO "audit_log_v1";--> statement-breakpoint
CREATE TABLE "audit_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"subject_user_id" integer,
	"outcome" text DEFAULT 'ok' NOT NULL,
	"correlation_id" text,
	"details" jsonb,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_chain_head" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_one_row" CHECK ("audit_chain_head"."id")
);
--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_correlation_idx" ON "audit_log" USING btree ("correlation_id");--> statement-breakpoint
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (true, 0, repeat('0', 64));--> statement-breakpoint
-- The canonical text of a row that its hash covers: every field but the chain's own, in a fixed order, with the
-- time in UTC to the microsecond so that no session setting changes it.
CREATE FUNCTION audit_row_text(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    r.seq, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.actor_id, r.action,
    r.target_type, to_jsonb(r.target_ids), r.subject_user_id, r.outcome, r.correlation_id, r.details
  )::text
$$;
--> statement-breakpoint
CREATE FUNCTION audit_row_hash(prev_hash text, r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || audit_row_text(r), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Each insert locks the head row until its transaction ends, so concurrent writers on any number of nodes
-- chain one after another with no gap and no fork; a rolled-back insert rolls the head back with it.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head%ROWTYPE;
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_row_hash(head.hash, NEW);
  UPDATE audit_chain_head SET seq = NEW.seq, hash = NEW.hash WHERE id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
INSERT INTO "audit_log" ("at", "actor_id", "action", "target_type", "target_ids", "subject_user_id", "correlation_id", "details", "seq", "prev_hash", "hash")
SELECT
	"at", "actor_id", "action", "entity",
	CASE WHEN "entity_id" ~ '^[0-9]{1,18}$' THEN ARRAY["entity_id"::bigint] ELSE '{}'::bigint[] END,
	"subject_user_id", "correlation_id",
	CASE WHEN "entity_id" !~ '^[0-9]{1,18}$' THEN coalesce("details", '{}'::jsonb) || jsonb_build_object('entity_id', "entity_id") ELSE "details" END,
	0, '', ''
FROM "audit_log_v1" ORDER BY "id";--> statement-breakpoint
DROP TABLE "audit_log_v1";
