CREATE TABLE "retention_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "retention_years" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_deactivated_at_idx" ON "users" USING btree ("deactivated_at") WHERE "users"."deactivated_at" is not null;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_retention_years_range" CHECK ("clinics"."retention_years" between 1 and 100);--> statement-breakpoint
-- docs/product/retention.md: when an account was deactivated. Existing deactivated accounts take their last change
-- (deactivation bumps updated_at; a later edit only moves the date later, so nothing is erased early).
UPDATE "users" SET "deactivated_at" = "updated_at" WHERE NOT "is_active" AND "deactivated_at" IS NULL;--> statement-breakpoint
-- Kept by the database, so that no write path (staff deactivation, a script, a restore) can forget it: set when
-- is_active becomes false (unless the statement sets a date itself), cleared when it becomes true again.
CREATE OR REPLACE FUNCTION "users_deactivated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_active THEN
    NEW.deactivated_at := NULL;
  ELSIF NEW.deactivated_at IS NULL
    OR (TG_OP = 'UPDATE' AND OLD.is_active AND NEW.deactivated_at IS NOT DISTINCT FROM OLD.deactivated_at) THEN
    NEW.deactivated_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_deactivated_at" BEFORE INSERT OR UPDATE OF "is_active", "deactivated_at" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_deactivated_at"();
