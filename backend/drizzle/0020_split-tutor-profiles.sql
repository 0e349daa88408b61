-- tutor_profiles was written by three modules. Its tutoring columns (subject, rate, description, status,
-- availability, time zone) move to tutoring's own tutoring_profiles, and the running rating sum and count to
-- ratings' own tutor_rating_summaries; tutor_profiles keeps the application, approvals, level and documents.
-- Every row's values are copied across before the columns are dropped.
CREATE TABLE "tutoring_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tutoring_subject" text,
	"hourly_rate_pence" integer,
	"tutoring_description" text,
	"tutoring_available" boolean DEFAULT false NOT NULL,
	"availability" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutor_rating_summaries" (
	"tutor_id" uuid PRIMARY KEY NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tutor_rating_summaries_counts" CHECK ("tutor_rating_summaries"."rating_count" >= 0 and "tutor_rating_summaries"."rating_sum" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tutoring_profiles" ADD CONSTRAINT "tutoring_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_rating_summaries" ADD CONSTRAINT "tutor_rating_summaries_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tutoring_profiles_available_rate_idx" ON "tutoring_profiles" USING btree ("hourly_rate_pence","user_id") WHERE "tutoring_profiles"."tutoring_available" and "tutoring_profiles"."hourly_rate_pence" is not null;--> statement-breakpoint
CREATE INDEX "tutoring_profiles_subject_trgm_idx" ON "tutoring_profiles" USING gin ("tutoring_subject" gin_trgm_ops);--> statement-breakpoint
-- Every tutor profile's tutoring columns, as they were (a profile never given any keeps the defaults it had).
INSERT INTO "tutoring_profiles" ("user_id", "tutoring_subject", "hourly_rate_pence", "tutoring_description", "tutoring_available", "availability", "time_zone", "created_at", "updated_at")
SELECT "user_id", "tutoring_subject", "hourly_rate_pence", "tutoring_description", "tutoring_available", "availability", "time_zone", "created_at", "updated_at" FROM "tutor_profiles";--> statement-breakpoint
-- Every tutor's rating sum and count (zero for the unrated, as before).
INSERT INTO "tutor_rating_summaries" ("tutor_id", "rating_sum", "rating_count")
SELECT "user_id", "rating_sum", "rating_count" FROM "tutor_profiles";--> statement-breakpoint
-- Find Your Tutor's cached answers are made from these too: a change to either announces itself at commit, as a
-- change to tutor_profiles did (redpen_notify_tutor_directory_changed, drizzle/0012_create-tutoring-sessions.sql).
CREATE TRIGGER "tutoring_profiles_directory_changed" AFTER INSERT OR UPDATE OR DELETE ON "tutoring_profiles" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_tutor_directory_changed"();--> statement-breakpoint
CREATE TRIGGER "tutor_rating_summaries_directory_changed" AFTER INSERT OR UPDATE OR DELETE ON "tutor_rating_summaries" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_tutor_directory_changed"();--> statement-breakpoint
ALTER TABLE "tutor_profiles" DROP COLUMN "tutoring_subject";--> statement-breakpoint
ALTER TABLE "tutor_profiles" DROP COLUMN "hourly_rate_pence";--> statement-breakpoint
ALTER TABLE "tutor_profiles" DROP COLUMN "tutoring_description";--> statement-breakpoint
ALTER TABLE "tutor_profiles" DROP COLUMN "tutoring_available";--> statement-breakpoint
ALTER TABLE "tutor_profiles" DROP COLUMN "availability";--> statement-breakpoint
ALTER TABLE "tutor_profiles" DROP COLUMN "time_zone";--> statement-breakpoint
ALTER TABLE "tutor_profiles" DROP COLUMN "rating_sum";--> statement-breakpoint
ALTER TABLE "tutor_profiles" DROP COLUMN "rating_count";