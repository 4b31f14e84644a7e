-- Full-text search of a library exercise (docs/product/library-and-templates.md#search-and-tags): name and tags weigh
-- more than instructions. Declared IMMUTABLE so a generated column can use it (array_to_string on text[] depends on
-- no setting).
CREATE FUNCTION library_search_vector(name text, instructions text, tags text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(instructions, '')), 'B')
$$;--> statement-breakpoint
CREATE TABLE "library_exercises" (
	"id" serial PRIMARY KEY NOT NULL,
	"starter_key" text,
	"starter_version" integer,
	"clinic_id" integer,
	"created_by_id" integer,
	"name" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"sets" smallint,
	"reps" smallint,
	"hold_seconds" smallint,
	"rest_seconds" smallint,
	"times_per_day" smallint,
	"side" text,
	"image_media_id" integer,
	"video_media_id" integer,
	"search" "tsvector" GENERATED ALWAYS AS (library_search_vector(name, instructions, tags)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_exercises_dosage_ranges" CHECK (
      (sets is null or sets between 1 and 20) and (reps is null or reps between 1 and 100)
      and (hold_seconds is null or hold_seconds between 1 and 600)
      and (rest_seconds is null or rest_seconds between 0 and 600)
      and (times_per_day is null or times_per_day between 1 and 10)
      and (side is null or side in ('left', 'right', 'both')))
);
--> statement-breakpoint
CREATE TABLE "program_media" (
	"program_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	CONSTRAINT "program_media_program_id_media_id_pk" PRIMARY KEY("program_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "program_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer,
	"created_by_id" integer,
	"name" text NOT NULL,
	"days_of_week" text[] DEFAULT '{}' NOT NULL,
	"weeks" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_exercises" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"sets" smallint,
	"reps" smallint,
	"hold_seconds" smallint,
	"rest_seconds" smallint,
	"times_per_day" smallint,
	"side" text,
	"image_media_id" integer,
	"video_media_id" integer,
	CONSTRAINT "template_exercises_dosage_ranges" CHECK (
      (sets is null or sets between 1 and 20) and (reps is null or reps between 1 and 100)
      and (hold_seconds is null or hold_seconds between 1 and 600)
      and (rest_seconds is null or rest_seconds between 0 and 600)
      and (times_per_day is null or times_per_day between 1 and 10)
      and (side is null or side in ('left', 'right', 'both')))
);
--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_program_id_programs_id_fk";
--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "sets" smallint;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "reps" smallint;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "hold_seconds" smallint;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "rest_seconds" smallint;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "times_per_day" smallint;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "side" text;--> statement-breakpoint
ALTER TABLE "library_exercises" ADD CONSTRAINT "library_exercises_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_exercises" ADD CONSTRAINT "library_exercises_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_exercises" ADD CONSTRAINT "library_exercises_image_media_id_media_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_exercises" ADD CONSTRAINT "library_exercises_video_media_id_media_id_fk" FOREIGN KEY ("video_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_media" ADD CONSTRAINT "program_media_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_media" ADD CONSTRAINT "program_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_templates" ADD CONSTRAINT "program_templates_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_templates" ADD CONSTRAINT "program_templates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_exercises" ADD CONSTRAINT "template_exercises_template_id_program_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."program_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_exercises" ADD CONSTRAINT "template_exercises_image_media_id_media_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_exercises" ADD CONSTRAINT "template_exercises_video_media_id_media_id_fk" FOREIGN KEY ("video_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_exercises_starter_key_idx" ON "library_exercises" USING btree ("starter_key");--> statement-breakpoint
CREATE INDEX "library_exercises_clinic_idx" ON "library_exercises" USING btree ("clinic_id","name");--> statement-breakpoint
CREATE INDEX "library_exercises_created_by_idx" ON "library_exercises" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "library_exercises_search_idx" ON "library_exercises" USING gin ("search");--> statement-breakpoint
CREATE INDEX "library_exercises_tags_idx" ON "library_exercises" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "library_exercises_image_idx" ON "library_exercises" USING btree ("image_media_id");--> statement-breakpoint
CREATE INDEX "library_exercises_video_idx" ON "library_exercises" USING btree ("video_media_id");--> statement-breakpoint
CREATE INDEX "program_media_media_idx" ON "program_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "program_templates_clinic_idx" ON "program_templates" USING btree ("clinic_id","name");--> statement-breakpoint
CREATE INDEX "program_templates_created_by_idx" ON "program_templates" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "template_exercises_template_idx" ON "template_exercises" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "template_exercises_image_idx" ON "template_exercises" USING btree ("image_media_id");--> statement-breakpoint
CREATE INDEX "template_exercises_video_idx" ON "template_exercises" USING btree ("video_media_id");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercises_image_idx" ON "exercises" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "exercises_video_idx" ON "exercises" USING btree ("video_id");--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_dosage_ranges" CHECK (
      (sets is null or sets between 1 and 20) and (reps is null or reps between 1 and 100)
      and (hold_seconds is null or hold_seconds between 1 and 600)
      and (rest_seconds is null or rest_seconds between 0 and 600)
      and (times_per_day is null or times_per_day between 1 and 10)
      and (side is null or side in ('left', 'right', 'both')));--> statement-breakpoint
-- Every program holds the exercise media it was uploaded for (feedback media is held by its feedback row).
INSERT INTO "program_media" ("program_id", "media_id")
  SELECT m.program_id, m.id FROM "media" m
  WHERE m.program_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "feedback" f WHERE f.media_id = m.id);
