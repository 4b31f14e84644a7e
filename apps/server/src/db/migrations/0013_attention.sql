CREATE TABLE "attention_reviews" (
	"client_id" integer NOT NULL,
	"code" text NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"reviewed_by_id" integer,
	CONSTRAINT "attention_reviews_client_id_code_pk" PRIMARY KEY("client_id","code")
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "pain" smallint;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "change_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attention_reviews" ADD CONSTRAINT "attention_reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attention_reviews" ADD CONSTRAINT "attention_reviews_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_pain_range" CHECK (pain is null or pain between 0 and 10);--> statement-breakpoint
-- Accounts from before this column: one that has signed in (a refresh token) or set its password counts as signed in.
UPDATE "users" SET "last_sign_in_at" = coalesce(
  (SELECT max("created_at") FROM "refresh_tokens" WHERE "refresh_tokens"."user_id" = "users"."id"),
  CASE WHEN "password_hash" IS NOT NULL THEN "updated_at" END
);
