-- Needs attention is kept per care team on each node for a minute (docs/product/feedback-and-progress.md#needs-attention):
-- every change to what its reasons read tells every node, on commit, whose list it touches: the client's clinic
-- and creator, as 'clinic_id:created_by_id' on the channel attention_changes (empty for a null).
CREATE FUNCTION attention_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  -- TG_ARGV[0]: the client's id in terms of a changed row r.
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %s) FROM old_rows r', TG_ARGV[0]) INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT %s) FROM new_rows r', TG_ARGV[0]) INTO ids;
  END IF;
  PERFORM pg_notify('attention_changes', coalesce(cp.clinic_id::text, '') || ':' || coalesce(cp.created_by_id::text, ''))
  FROM (SELECT DISTINCT clinic_id, created_by_id FROM client_profiles WHERE user_id = ANY (ids)) cp;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A client profile names its clinic and creator itself, before and after the change.
CREATE FUNCTION attention_profiles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('attention_changes', coalesce(o.clinic_id::text, '') || ':' || coalesce(o.created_by_id::text, ''))
    FROM (SELECT DISTINCT clinic_id, created_by_id FROM old_rows) o;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('attention_changes', coalesce(n.clinic_id::text, '') || ':' || coalesce(n.created_by_id::text, ''))
    FROM (SELECT DISTINCT clinic_id, created_by_id FROM new_rows) n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER feedback_attention_insert AFTER INSERT ON feedback
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER feedback_attention_update AFTER UPDATE ON feedback
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER feedback_attention_delete AFTER DELETE ON feedback
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER programs_attention_insert AFTER INSERT ON programs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER programs_attention_update AFTER UPDATE ON programs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER programs_attention_delete AFTER DELETE ON programs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER exercises_attention_insert AFTER INSERT ON exercises
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('(SELECT p.client_id FROM programs p WHERE p.id = r.program_id)');
--> statement-breakpoint
CREATE TRIGGER exercises_attention_update AFTER UPDATE ON exercises
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('(SELECT p.client_id FROM programs p WHERE p.id = r.program_id)');
--> statement-breakpoint
CREATE TRIGGER exercises_attention_delete AFTER DELETE ON exercises
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('(SELECT p.client_id FROM programs p WHERE p.id = r.program_id)');
--> statement-breakpoint
CREATE TRIGGER measure_assignments_attention_insert AFTER INSERT ON measure_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER measure_assignments_attention_update AFTER UPDATE ON measure_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER measure_assignments_attention_delete AFTER DELETE ON measure_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER measure_results_attention_insert AFTER INSERT ON measure_results
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER measure_results_attention_update AFTER UPDATE ON measure_results
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER measure_results_attention_delete AFTER DELETE ON measure_results
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER attention_reviews_attention_insert AFTER INSERT ON attention_reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER attention_reviews_attention_update AFTER UPDATE ON attention_reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER attention_reviews_attention_delete AFTER DELETE ON attention_reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.client_id');
--> statement-breakpoint
CREATE TRIGGER users_attention_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_changed('r.id');
--> statement-breakpoint
CREATE TRIGGER client_profiles_attention_insert AFTER INSERT ON client_profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER client_profiles_attention_update AFTER UPDATE ON client_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER client_profiles_attention_delete AFTER DELETE ON client_profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_profiles_changed();
