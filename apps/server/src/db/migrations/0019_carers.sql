CREATE TABLE "carer_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"relationship" text NOT NULL,
	"access" text NOT NULL,
	"expires_on" date,
	"receives_reminders" boolean DEFAULT false NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "carer_links_access_check" CHECK (access in ('view', 'log', 'full'))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "entered_by_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_carer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carer_links" ADD CONSTRAINT "carer_links_carer_id_users_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_links" ADD CONSTRAINT "carer_links_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_links" ADD CONSTRAINT "carer_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carer_links_live_idx" ON "carer_links" USING btree ("carer_id","client_id") WHERE "carer_links"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "carer_links_client_idx" ON "carer_links" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "carer_links_carer_idx" ON "carer_links" USING btree ("carer_id");--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;