-- reminder_schedule (docs/decisions/006-reminders-exactly-once.md) tells the reminder tick which users to look at
-- now. The tick moves a user's check_at on by itself; whatever else can make a client due today puts them back to
-- '-infinity' (the next tick), here in the database so that no write path, in any module or node, can forget to.
CREATE FUNCTION reminder_schedule_add_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reminder_schedule (user_id) SELECT id FROM new_rows ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION reminder_schedule_recheck_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reminder_schedule SET check_at = '-infinity' WHERE user_id = (to_jsonb(NEW) ->> TG_ARGV[0])::int;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A published program, or an exercise added to one, can make its client due today, even after their time.
CREATE FUNCTION reminder_schedule_recheck_program_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'programs' THEN
    UPDATE reminder_schedule SET check_at = '-infinity'
    WHERE user_id IN (SELECT client_id FROM new_rows WHERE NOT is_draft);
  ELSE
    UPDATE reminder_schedule SET check_at = '-infinity'
    WHERE user_id IN (SELECT p.client_id FROM programs p JOIN new_rows e ON e.program_id = p.id WHERE NOT p.is_draft);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_reminder_schedule_add AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reminder_schedule_add_users();
--> statement-breakpoint
CREATE TRIGGER users_reminder_schedule_recheck AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.notification_preferred_time, OLD.notification_timezone, OLD.receives_email, OLD.receives_notifications,
         OLD.is_active, OLD.is_staff, OLD.is_therapist)
    IS DISTINCT FROM (NEW.notification_preferred_time, NEW.notification_timezone, NEW.receives_email,
         NEW.receives_notifications, NEW.is_active, NEW.is_staff, NEW.is_therapist))
  EXECUTE FUNCTION reminder_schedule_recheck_user('id');
--> statement-breakpoint
CREATE TRIGGER push_subscriptions_reminder_schedule_recheck AFTER INSERT OR UPDATE OF user_id ON push_subscriptions
  FOR EACH ROW EXECUTE FUNCTION reminder_schedule_recheck_user('user_id');
--> statement-breakpoint
CREATE TRIGGER programs_reminder_schedule_insert AFTER INSERT ON programs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reminder_schedule_recheck_program_clients();
--> statement-breakpoint
CREATE TRIGGER programs_reminder_schedule_update AFTER UPDATE ON programs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reminder_schedule_recheck_program_clients();
--> statement-breakpoint
CREATE TRIGGER exercises_reminder_schedule_insert AFTER INSERT ON exercises
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reminder_schedule_recheck_program_clients();
--> statement-breakpoint
INSERT INTO reminder_schedule (user_id) SELECT id FROM users ON CONFLICT (user_id) DO NOTHING;
