CREATE TABLE "measure_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"instrument" text NOT NULL,
	"first_due" date NOT NULL,
	"every_days" smallint NOT NULL,
	"ends_on" date,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "measure_assignments_every_days" CHECK (every_days between 0 and 365),
	CONSTRAINT "measure_assignments_ends" CHECK (ends_on is null or ends_on >= first_due)
);
--> statement-breakpoint
CREATE TABLE "measure_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"instrument" text NOT NULL,
	"instrument_version" text NOT NULL,
	"answers" jsonb NOT NULL,
	"activities" jsonb,
	"score" double precision NOT NULL,
	"subscores" jsonb,
	"band" text,
	"safety" boolean DEFAULT false NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_on" date NOT NULL,
	"entered_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "crisis_text" text;--> statement-breakpoint
ALTER TABLE "measure_assignments" ADD CONSTRAINT "measure_assignments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_assignments" ADD CONSTRAINT "measure_assignments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_results" ADD CONSTRAINT "measure_results_assignment_id_measure_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."measure_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_results" ADD CONSTRAINT "measure_results_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_results" ADD CONSTRAINT "measure_results_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measure_assignments_client_idx" ON "measure_assignments" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "measure_results_assignment_idx" ON "measure_results" USING btree ("assignment_id","taken_at");--> statement-breakpoint
CREATE INDEX "measure_results_client_instrument_idx" ON "measure_results" USING btree ("client_id","instrument","taken_at");