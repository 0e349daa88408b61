CREATE TYPE "public"."verification_purpose" AS ENUM('email', 'two_factor');--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "verification_purpose" NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "pending_profile_picture_key" text;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "a_levels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "a_levels_completion_date" text;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "university_start_date" text;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "expected_graduation_date" text;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "university_document_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "a_levels_certificate_key" text;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "gcse_document_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "eligibility" text;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "right_to_work_documents" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "applied_for_dbs" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "dbs_details" jsonb;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "dbs_application_details" jsonb;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "onboarding_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_codes_user_purpose_unique" ON "verification_codes" USING btree ("user_id","purpose");