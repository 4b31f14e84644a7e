-- The auth guard caches each caller's account state per process (docs/decisions/013-caller-cache.md). The database
-- itself tells every API node, on commit, whose state changed, so no write path can forget to: NOTIFY
-- hep_caller_changed with the user's id, or '*' when a whole table was truncated.
CREATE FUNCTION notify_caller_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('hep_caller_changed', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('hep_caller_changed', (to_jsonb(OLD) ->> TG_ARGV[0]));
  ELSE
    PERFORM pg_notify('hep_caller_changed', (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What the guard reads of the user: active, session version, roles, address and name; the password hash too, so a
-- password change is heard even if it ever stops moving the session version on.
CREATE TRIGGER users_caller_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.is_active, OLD.session_version, OLD.is_staff, OLD.is_therapist, OLD.email, OLD.first_name, OLD.password_hash)
    IS DISTINCT FROM (NEW.is_active, NEW.session_version, NEW.is_staff, NEW.is_therapist, NEW.email, NEW.first_name, NEW.password_hash))
  EXECUTE FUNCTION notify_caller_changed('id');
--> statement-breakpoint
CREATE TRIGGER users_caller_deleted AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION notify_caller_changed('id');
--> statement-breakpoint
CREATE TRIGGER users_caller_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT
  EXECUTE FUNCTION notify_caller_changed();
--> statement-breakpoint
-- The therapist's clinic.
CREATE TRIGGER therapist_profiles_caller_changed AFTER INSERT OR DELETE ON therapist_profiles FOR EACH ROW
  EXECUTE FUNCTION notify_caller_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER therapist_profiles_clinic_changed AFTER UPDATE ON therapist_profiles FOR EACH ROW
  WHEN ((OLD.user_id, OLD.clinic_id) IS DISTINCT FROM (NEW.user_id, NEW.clinic_id))
  EXECUTE FUNCTION notify_caller_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER therapist_profiles_caller_truncated AFTER TRUNCATE ON therapist_profiles FOR EACH STATEMENT
  EXECUTE FUNCTION notify_caller_changed();
--> statement-breakpoint
-- A session ends when its refresh tokens are revoked (logout, sign out everywhere, reuse) or deleted. Rotation
-- (replaced_at) and new logins change nothing the cache holds: it keeps only sessions it saw open.
CREATE TRIGGER refresh_tokens_session_revoked AFTER UPDATE ON refresh_tokens FOR EACH ROW
  WHEN ((OLD.revoked, OLD.family_id, OLD.user_id) IS DISTINCT FROM (NEW.revoked, NEW.family_id, NEW.user_id))
  EXECUTE FUNCTION notify_caller_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_session_deleted AFTER DELETE ON refresh_tokens FOR EACH ROW
  EXECUTE FUNCTION notify_caller_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_caller_truncated AFTER TRUNCATE ON refresh_tokens FOR EACH STATEMENT
  EXECUTE FUNCTION notify_caller_changed();
