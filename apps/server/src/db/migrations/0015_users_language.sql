ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK (language in ('en', 'es', 'zh-Hans', 'vi', 'ar'));--> statement-breakpoint
-- The caller cache (docs/decisions/013-caller-cache.md) now holds the user's language too (API errors answer in it:
-- docs/product/languages.md), so a change of language is heard like the other changes migration 0008 lists.
DROP TRIGGER users_caller_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_caller_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.is_active, OLD.session_version, OLD.is_staff, OLD.is_therapist, OLD.email, OLD.first_name, OLD.password_hash, OLD.language)
    IS DISTINCT FROM (NEW.is_active, NEW.session_version, NEW.is_staff, NEW.is_therapist, NEW.email, NEW.first_name, NEW.password_hash, NEW.language))
  EXECUTE FUNCTION notify_caller_changed('id');
