-- The admin area: the audit log, moderation resolutions, pending level changes and application reviews,
-- trigram indexes for the admin lists' search. pg_trgm ships with PostgreSQL (contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."chat_moderation_action" AS ENUM('dismiss', 'warn', 'ban');--> statement-breakpoint
CREATE TYPE "public"."chat_moderation_subject" AS ENUM('message', 'report', 'block');--> statement-breakpoint
CREATE TABLE "chat_moderation_resolutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" "chat_moderation_subject" NOT NULL,
	"subject_id" uuid NOT NULL,
	"action" "chat_moderation_action" NOT NULL,
	"target_user_id" uuid,
	"note" text,
	"resolved_by" uuid NOT NULL,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "pending_study_level" text;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "application_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "application_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "chat_moderation_resolutions" ADD CONSTRAINT "chat_moderation_resolutions_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_moderation_resolutions" ADD CONSTRAINT "chat_moderation_resolutions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_moderation_resolutions_subject_unique" ON "chat_moderation_resolutions" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tutor_profiles_university_trgm_idx" ON "tutor_profiles" USING gin ("university" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tutor_profiles_course_trgm_idx" ON "tutor_profiles" USING gin ("course" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "essays_status_idx" ON "essays" USING btree ("status");--> statement-breakpoint
-- The audit log is append-only: whoever connects, a row once written is never changed or removed.
CREATE FUNCTION "redpen_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "redpen_audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "redpen_audit_log_append_only"();--> statement-breakpoint
-- Onboarding's "I have a DBS" answer no longer verifies anything: only an admin approving tutoring does. Rows
-- set by the answer alone (never approved for tutoring: no admin could have verified them) are reset; the
-- certificate stays on file for the admin to verify. Seeded demo tutors approved for tutoring stay verified.
UPDATE "tutor_profiles" SET "has_dbs" = false WHERE "has_dbs" AND NOT "approved_tutoring";--> statement-breakpoint
-- Applications already decided before this migration (approved tutors) count as reviewed.
UPDATE "tutor_profiles" SET "application_reviewed_at" = "updated_at" WHERE "approved";
