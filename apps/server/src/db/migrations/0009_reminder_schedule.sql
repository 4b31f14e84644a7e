CREATE TABLE "reminder_schedule" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"check_at" timestamp with time zone DEFAULT '-infinity' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_schedule" ADD CONSTRAINT "reminder_schedule_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_schedule_check_at_idx" ON "reminder_schedule" USING btree ("check_at");