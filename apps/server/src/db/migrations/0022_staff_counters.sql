-- Trigram matching for the staff name search (users_name_trgm_idx below; docs/decisions/028-staff-counters.md).
-- A trusted extension: the database owner may create it. The embedded PGlite loads it at start (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "staff_clinic_counts" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"therapists" bigint DEFAULT 0 NOT NULL,
	"active_therapists" bigint DEFAULT 0 NOT NULL,
	"clients" bigint DEFAULT 0 NOT NULL,
	"active_clients" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_feedback_counts" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"reports" bigint DEFAULT 0 NOT NULL,
	"rated" bigint DEFAULT 0 NOT NULL,
	"effort_sum" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_therapist_clients" (
	"therapist_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"programs" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_therapist_clients_therapist_id_client_id_pk" PRIMARY KEY("therapist_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "staff_therapist_counts" (
	"therapist_id" integer PRIMARY KEY NOT NULL,
	"programs" bigint DEFAULT 0 NOT NULL,
	"clients" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_user_counts" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"active" bigint DEFAULT 0 NOT NULL,
	"therapists" bigint DEFAULT 0 NOT NULL,
	"clients" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name" || ', ' || "first_name") gin_trgm_ops);--> statement-breakpoint
-- The staff metrics' counters (db/schema/staff-counters.ts, docs/decisions/028-staff-counters.md), kept here in the
-- database, in the transaction of each write, so that no write path (a module, the retention job's cascades, a
-- migration) can leave them behind. Each figure is the one the full scan over users, profiles, programs and
-- feedback gave before (metrics-full-scan.test-support.ts holds the two to the same answer).
--
-- Feedback and user counts are spread over 16 rows: a transaction adds to the row of its backend (pid modulo 16),
-- so concurrent saves rarely wait on one row, and one transaction never holds two of them.
CREATE FUNCTION staff_counter_shard() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION staff_add_feedback_counts(d_reports bigint, d_rated bigint, d_effort bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO staff_feedback_counts AS s (shard, reports, rated, effort_sum)
  SELECT staff_counter_shard(), d_reports, d_rated, d_effort
  WHERE (d_reports, d_rated, d_effort) <> (0, 0, 0)
  ON CONFLICT (shard) DO UPDATE SET reports = s.reports + excluded.reports, rated = s.rated + excluded.rated,
    effort_sum = s.effort_sum + excluded.effort_sum
$$;
--> statement-breakpoint
-- Per statement, so that a bulk insert or a cascade's delete costs one update, not one per row. Effort 0 is "not
-- rated" (docs/product/feedback-and-progress.md#effort): a report, outside the average.
CREATE FUNCTION staff_count_feedback_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM staff_add_feedback_counts(count(*), count(*) FILTER (WHERE effort_rating > 0),
      coalesce(sum(effort_rating) FILTER (WHERE effort_rating > 0), 0)) FROM new_rows;
  ELSE
    PERFORM staff_add_feedback_counts(-count(*), -count(*) FILTER (WHERE effort_rating > 0),
      -coalesce(sum(effort_rating) FILTER (WHERE effort_rating > 0), 0)) FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION staff_count_feedback_effort() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_add_feedback_counts(0, (NEW.effort_rating > 0)::int - (OLD.effort_rating > 0)::int,
    greatest(NEW.effort_rating, 0) - greatest(OLD.effort_rating, 0));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER feedback_staff_counts_insert AFTER INSERT ON feedback
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_count_feedback_rows();
--> statement-breakpoint
CREATE TRIGGER feedback_staff_counts_delete AFTER DELETE ON feedback
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_count_feedback_rows();
--> statement-breakpoint
CREATE TRIGGER feedback_staff_counts_effort AFTER UPDATE OF effort_rating ON feedback FOR EACH ROW
  WHEN (OLD.effort_rating IS DISTINCT FROM NEW.effort_rating) EXECUTE FUNCTION staff_count_feedback_effort();
--> statement-breakpoint
-- Users by kind: a client is neither staff, a therapist nor a carer.
CREATE FUNCTION staff_add_user_counts(d_total bigint, d_active bigint, d_therapists bigint, d_clients bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO staff_user_counts AS s (shard, total, active, therapists, clients)
  SELECT staff_counter_shard(), d_total, d_active, d_therapists, d_clients
  WHERE (d_total, d_active, d_therapists, d_clients) <> (0, 0, 0, 0)
  ON CONFLICT (shard) DO UPDATE SET total = s.total + excluded.total, active = s.active + excluded.active,
    therapists = s.therapists + excluded.therapists, clients = s.clients + excluded.clients
$$;
--> statement-breakpoint
CREATE FUNCTION staff_count_user_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM staff_add_user_counts(count(*), count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE is_therapist),
      count(*) FILTER (WHERE NOT is_staff AND NOT is_therapist AND NOT is_carer)) FROM new_rows;
  ELSE
    PERFORM staff_add_user_counts(-count(*), -count(*) FILTER (WHERE is_active),
      -count(*) FILTER (WHERE is_therapist),
      -count(*) FILTER (WHERE NOT is_staff AND NOT is_therapist AND NOT is_carer)) FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION staff_add_clinic_counts(clinic integer, d_therapists bigint, d_active_therapists bigint,
  d_clients bigint, d_active_clients bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO staff_clinic_counts AS s (clinic_id, therapists, active_therapists, clients, active_clients)
  SELECT clinic, d_therapists, d_active_therapists, d_clients, d_active_clients WHERE clinic IS NOT NULL
  ON CONFLICT (clinic_id) DO UPDATE SET therapists = s.therapists + excluded.therapists,
    active_therapists = s.active_therapists + excluded.active_therapists, clients = s.clients + excluded.clients,
    active_clients = s.active_clients + excluded.active_clients
$$;
--> statement-breakpoint
-- A user's kind or activity changed: the kind counts, and the active figures of the clinics of their profiles.
CREATE FUNCTION staff_count_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_active int := NEW.is_active::int - OLD.is_active::int;
BEGIN
  PERFORM staff_add_user_counts(0, d_active, NEW.is_therapist::int - OLD.is_therapist::int,
    (NOT NEW.is_staff AND NOT NEW.is_therapist AND NOT NEW.is_carer)::int
      - (NOT OLD.is_staff AND NOT OLD.is_therapist AND NOT OLD.is_carer)::int);
  IF d_active <> 0 THEN
    PERFORM staff_add_clinic_counts(p.clinic_id, 0, d_active, 0, 0) FROM therapist_profiles p WHERE p.user_id = NEW.id;
    PERFORM staff_add_clinic_counts(p.clinic_id, 0, 0, 0, d_active) FROM client_profiles p WHERE p.user_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted user's profiles go by cascade after the user row, when their triggers can no longer read whether the
-- user was active: the user's own trigger counts them out first, and theirs then leave them alone.
CREATE FUNCTION staff_count_user_profiles_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_add_clinic_counts(p.clinic_id, -1, -OLD.is_active::int, 0, 0)
    FROM therapist_profiles p WHERE p.user_id = OLD.id;
  PERFORM staff_add_clinic_counts(p.clinic_id, 0, 0, -1, -OLD.is_active::int)
    FROM client_profiles p WHERE p.user_id = OLD.id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_staff_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_count_user_rows();
--> statement-breakpoint
CREATE TRIGGER users_staff_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_count_user_rows();
--> statement-breakpoint
CREATE TRIGGER users_staff_counts_change AFTER UPDATE OF is_active, is_staff, is_therapist, is_carer ON users
  FOR EACH ROW WHEN ((OLD.is_active, OLD.is_staff, OLD.is_therapist, OLD.is_carer)
    IS DISTINCT FROM (NEW.is_active, NEW.is_staff, NEW.is_therapist, NEW.is_carer))
  EXECUTE FUNCTION staff_count_user_change();
--> statement-breakpoint
CREATE TRIGGER users_staff_counts_profiles_out BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION staff_count_user_profiles_out();
--> statement-breakpoint
-- A profile added, removed or moved. The user row is read FOR SHARE: a deactivation running at the same time then
-- waits for this transaction (or this one for it) and reads the clinic this one leaves, so neither counts the other's
-- change against the wrong clinic.
CREATE FUNCTION staff_count_profile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  therapist boolean := TG_TABLE_NAME = 'therapist_profiles';
  active int;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT u.is_active::int INTO active FROM users u WHERE u.id = OLD.user_id FOR SHARE;
    IF FOUND THEN
      PERFORM staff_add_clinic_counts(OLD.clinic_id, -therapist::int, -therapist::int * active,
        -(NOT therapist)::int, -(NOT therapist)::int * active);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT u.is_active::int INTO active FROM users u WHERE u.id = NEW.user_id FOR SHARE;
    IF FOUND THEN
      PERFORM staff_add_clinic_counts(NEW.clinic_id, therapist::int, therapist::int * active,
        (NOT therapist)::int, (NOT therapist)::int * active);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER therapist_profiles_staff_counts AFTER INSERT OR DELETE ON therapist_profiles
  FOR EACH ROW EXECUTE FUNCTION staff_count_profile();
--> statement-breakpoint
CREATE TRIGGER therapist_profiles_staff_counts_move AFTER UPDATE OF user_id, clinic_id ON therapist_profiles
  FOR EACH ROW WHEN ((OLD.user_id, OLD.clinic_id) IS DISTINCT FROM (NEW.user_id, NEW.clinic_id))
  EXECUTE FUNCTION staff_count_profile();
--> statement-breakpoint
CREATE TRIGGER client_profiles_staff_counts AFTER INSERT OR DELETE ON client_profiles
  FOR EACH ROW EXECUTE FUNCTION staff_count_profile();
--> statement-breakpoint
CREATE TRIGGER client_profiles_staff_counts_move AFTER UPDATE OF user_id, clinic_id ON client_profiles
  FOR EACH ROW WHEN ((OLD.user_id, OLD.clinic_id) IS DISTINCT FROM (NEW.user_id, NEW.clinic_id))
  EXECUTE FUNCTION staff_count_profile();
--> statement-breakpoint
-- Programs by therapist: a program counts for its therapist (none once the account is gone: therapist_id is set
-- null), and a client counts once however many of the therapist's programs are theirs.
CREATE FUNCTION staff_add_program(therapist integer, client integer, d integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  remaining bigint;
BEGIN
  IF therapist IS NULL THEN
    RETURN;
  END IF;
  IF d > 0 THEN
    INSERT INTO staff_therapist_clients AS s (therapist_id, client_id, programs) VALUES (therapist, client, 1)
    ON CONFLICT (therapist_id, client_id) DO UPDATE SET programs = s.programs + 1
    RETURNING s.programs INTO remaining;
    INSERT INTO staff_therapist_counts AS s (therapist_id, programs, clients)
    VALUES (therapist, 1, (remaining = 1)::int)
    ON CONFLICT (therapist_id) DO UPDATE SET programs = s.programs + 1, clients = s.clients + excluded.clients;
  ELSE
    UPDATE staff_therapist_clients s SET programs = s.programs - 1
    WHERE s.therapist_id = therapist AND s.client_id = client RETURNING s.programs INTO remaining;
    IF remaining = 0 THEN
      DELETE FROM staff_therapist_clients s WHERE s.therapist_id = therapist AND s.client_id = client;
    END IF;
    UPDATE staff_therapist_counts s SET programs = s.programs - 1, clients = s.clients - (remaining = 0)::int
    WHERE s.therapist_id = therapist;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION staff_count_program() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM staff_add_program(OLD.therapist_id, OLD.client_id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM staff_add_program(NEW.therapist_id, NEW.client_id, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER programs_staff_counts AFTER INSERT OR DELETE ON programs
  FOR EACH ROW EXECUTE FUNCTION staff_count_program();
--> statement-breakpoint
CREATE TRIGGER programs_staff_counts_move AFTER UPDATE OF therapist_id, client_id ON programs
  FOR EACH ROW WHEN ((OLD.therapist_id, OLD.client_id) IS DISTINCT FROM (NEW.therapist_id, NEW.client_id))
  EXECUTE FUNCTION staff_count_program();
--> statement-breakpoint
-- Every counter recounted from the rows, with writes held off meanwhile: this migration's start, and a bulk load
-- that ran with triggers off (bench/seed-volume.ts loads with session_replication_role = replica).
CREATE FUNCTION staff_counts_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE users, therapist_profiles, client_profiles, programs, feedback IN SHARE MODE;
  DELETE FROM staff_feedback_counts;
  DELETE FROM staff_user_counts;
  DELETE FROM staff_clinic_counts;
  DELETE FROM staff_therapist_clients;
  DELETE FROM staff_therapist_counts;
  INSERT INTO staff_feedback_counts (shard, reports, rated, effort_sum)
  SELECT 0, count(*), count(*) FILTER (WHERE effort_rating > 0),
    coalesce(sum(effort_rating) FILTER (WHERE effort_rating > 0), 0) FROM feedback;
  INSERT INTO staff_user_counts (shard, total, active, therapists, clients)
  SELECT 0, count(*), count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE is_therapist),
    count(*) FILTER (WHERE NOT is_staff AND NOT is_therapist AND NOT is_carer) FROM users;
  INSERT INTO staff_clinic_counts (clinic_id, therapists, active_therapists, clients, active_clients)
  SELECT clinic_id, sum(t), sum(ta), sum(c), sum(ca) FROM (
    SELECT p.clinic_id, 1 AS t, u.is_active::int AS ta, 0 AS c, 0 AS ca
    FROM therapist_profiles p JOIN users u ON u.id = p.user_id WHERE p.clinic_id IS NOT NULL
    UNION ALL
    SELECT p.clinic_id, 0, 0, 1, u.is_active::int
    FROM client_profiles p JOIN users u ON u.id = p.user_id WHERE p.clinic_id IS NOT NULL
  ) profiles GROUP BY clinic_id;
  INSERT INTO staff_therapist_clients (therapist_id, client_id, programs)
  SELECT therapist_id, client_id, count(*) FROM programs WHERE therapist_id IS NOT NULL GROUP BY 1, 2;
  INSERT INTO staff_therapist_counts (therapist_id, programs, clients)
  SELECT therapist_id, sum(programs), count(*) FROM staff_therapist_clients GROUP BY 1;
END
$$;
--> statement-breakpoint
SELECT staff_counts_recount();
