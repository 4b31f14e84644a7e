-- A carer who opted in to a client's reminders (docs/product/carers.md#reminders) makes that client reachable even
-- when the client's own phone and mail are not. So what changes a carer's reach, or a link's opt-in, puts the
-- linked clients back on the next reminder tick (like migration 0010 does for a client's own settings).
CREATE FUNCTION reminder_schedule_recheck_helped_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reminder_schedule SET check_at = '-infinity'
  WHERE user_id IN (
    SELECT cl.client_id FROM carer_links cl
    WHERE cl.carer_id = (to_jsonb(NEW) ->> TG_ARGV[0])::int AND cl.receives_reminders AND cl.ended_at IS NULL
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER carer_links_reminder_schedule_insert AFTER INSERT ON carer_links FOR EACH ROW
  WHEN (NEW.receives_reminders) EXECUTE FUNCTION reminder_schedule_recheck_user('client_id');
--> statement-breakpoint
CREATE TRIGGER carer_links_reminder_schedule_update AFTER UPDATE ON carer_links FOR EACH ROW
  WHEN ((OLD.receives_reminders, OLD.expires_on, OLD.ended_at)
    IS DISTINCT FROM (NEW.receives_reminders, NEW.expires_on, NEW.ended_at))
  EXECUTE FUNCTION reminder_schedule_recheck_user('client_id');
--> statement-breakpoint
CREATE TRIGGER users_reminder_schedule_recheck_helped AFTER UPDATE ON users FOR EACH ROW
  WHEN (NEW.is_carer AND (OLD.receives_email, OLD.receives_notifications, OLD.is_active)
    IS DISTINCT FROM (NEW.receives_email, NEW.receives_notifications, NEW.is_active))
  EXECUTE FUNCTION reminder_schedule_recheck_helped_clients('id');
--> statement-breakpoint
CREATE TRIGGER push_subscriptions_reminder_schedule_recheck_helped AFTER INSERT OR UPDATE OF user_id
  ON push_subscriptions FOR EACH ROW EXECUTE FUNCTION reminder_schedule_recheck_helped_clients('user_id');
