CREATE TYPE "public"."safeguarding_source_kind" AS ENUM('chat_message', 'essay_feedback', 'tutoring_description', 'session_purpose', 'essay_notes', 'tutor_motivation');--> statement-breakpoint
ALTER TYPE "public"."chat_moderation_subject" ADD VALUE 'text';--> statement-breakpoint
CREATE TABLE "safeguarding_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_kind" "safeguarding_source_kind" NOT NULL,
	"source_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"reader_id" uuid,
	"original" text NOT NULL,
	"masked" text NOT NULL,
	"kinds" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "safeguarding_flags" ADD CONSTRAINT "safeguarding_flags_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_flags" ADD CONSTRAINT "safeguarding_flags_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safeguarding_flags_source_idx" ON "safeguarding_flags" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE INDEX "safeguarding_flags_created_idx" ON "safeguarding_flags" USING btree ("created_at");