CREATE TYPE "public"."tutoring_cancelled_by" AS ENUM('student', 'tutor', 'platform');--> statement-breakpoint
CREATE TYPE "public"."tutoring_session_status" AS ENUM('held', 'confirmed', 'expired', 'cancelled');--> statement-breakpoint
CREATE TABLE "tutoring_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"tutor_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" "tutoring_session_status" DEFAULT 'held' NOT NULL,
	"hourly_rate_pence" integer NOT NULL,
	"price_pence" integer NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"meeting_link" text,
	"paid_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"cancel_requested_by" "tutoring_cancelled_by",
	"cancelled_by" "tutoring_cancelled_by",
	"cancelled_at" timestamp with time zone,
	"rated" boolean DEFAULT false NOT NULL,
	"tutor_paid" boolean DEFAULT false NOT NULL,
	"tutor_paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutoring_sessions_time_order" CHECK ("tutoring_sessions"."end_time" > "tutoring_sessions"."start_time"),
	CONSTRAINT "tutoring_sessions_price" CHECK ("tutoring_sessions"."price_pence" > 0 and "tutoring_sessions"."hourly_rate_pence" > 0),
	CONSTRAINT "tutoring_sessions_purpose_length" CHECK (char_length("tutoring_sessions"."purpose") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "time_zone" text DEFAULT 'Europe/London' NOT NULL;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tutoring_sessions_tutor_idx" ON "tutoring_sessions" USING btree ("tutor_id","start_time");--> statement-breakpoint
CREATE INDEX "tutoring_sessions_student_idx" ON "tutoring_sessions" USING btree ("student_id","start_time");--> statement-breakpoint
CREATE INDEX "tutoring_sessions_held_idx" ON "tutoring_sessions" USING btree ("hold_expires_at") WHERE "tutoring_sessions"."status" = 'held';--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express these): the database itself refuses overlapping live sessions, so two
-- students racing for one slot get exactly one booking. Held and confirmed sessions count;
-- expired and cancelled ones free their time. '[)' ranges: a session ending at 10:00 and one starting at 10:00 do not overlap.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_tutor_no_overlap" EXCLUDE USING gist ("tutor_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&) WHERE ("status" IN ('held', 'confirmed'));--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_student_no_overlap" EXCLUDE USING gist ("student_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&) WHERE ("status" IN ('held', 'confirmed'));--> statement-breakpoint
-- Availability keys become the API's lower-case weekdays (the slots were already wall-clock times; the zone defaults to Europe/London).
UPDATE "tutor_profiles" SET "availability" = (SELECT coalesce(jsonb_object_agg(lower(key), value), '{}'::jsonb) FROM jsonb_each("availability")) WHERE "availability" <> '{}'::jsonb;
--> statement-breakpoint
-- Find Your Tutor's cached answers (TutorDirectoryCache) are made from bookable tutors' profiles, their names and bans,
-- and their live sessions: any change to those announces itself at commit (one notification per transaction).
CREATE FUNCTION "redpen_notify_tutor_directory_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tutor_directory_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tutoring_sessions_directory_changed" AFTER INSERT OR UPDATE OR DELETE ON "tutoring_sessions" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_tutor_directory_changed"();
--> statement-breakpoint
CREATE TRIGGER "tutor_profiles_directory_changed" AFTER INSERT OR UPDATE OR DELETE ON "tutor_profiles" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_tutor_directory_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_directory_changed" AFTER UPDATE OF "name", "banned" ON "users" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_tutor_directory_changed"();
