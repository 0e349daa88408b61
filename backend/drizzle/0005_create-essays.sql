CREATE TYPE "public"."essay_academic_level" AS ENUM('GCSE', 'A-Level', 'Bachelor', 'Masters', 'PhD');--> statement-breakpoint
CREATE TYPE "public"."essay_request_type" AS ENUM('feedback-only', 'feedback_model');--> statement-breakpoint
CREATE TYPE "public"."essay_status" AS ENUM('awaiting_confirmation', 'open', 'accepted', 'paid', 'completed', 'revision_requested', 'cancelled');--> statement-breakpoint
CREATE TABLE "essays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"tutor_id" uuid,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"academic_level" "essay_academic_level" NOT NULL,
	"request_type" "essay_request_type" DEFAULT 'feedback-only' NOT NULL,
	"expedited" boolean DEFAULT false NOT NULL,
	"notes" text,
	"status" "essay_status" DEFAULT 'awaiting_confirmation' NOT NULL,
	"original_word_count" integer NOT NULL,
	"word_count" integer NOT NULL,
	"price_pence" integer NOT NULL,
	"model_answer_surcharge_pence" integer DEFAULT 0 NOT NULL,
	"expedited_surcharge_pence" integer DEFAULT 0 NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_mime" text NOT NULL,
	"marking_scheme_key" text,
	"marking_scheme_name" text,
	"model_file_key" text,
	"score" integer,
	"feedback" text,
	"student_accept" boolean DEFAULT false NOT NULL,
	"tutor_paid" boolean DEFAULT false NOT NULL,
	"rated" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"paid_time" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "essays_word_counts_positive" CHECK ("essays"."original_word_count" > 0 and "essays"."word_count" > 0),
	CONSTRAINT "essays_price_not_negative" CHECK ("essays"."price_pence" >= 0),
	CONSTRAINT "essays_score_range" CHECK ("essays"."score" is null or "essays"."score" between 1 and 10),
	CONSTRAINT "essays_holder_matches_status" CHECK (("essays"."status" not in ('accepted', 'paid', 'completed', 'revision_requested') or "essays"."tutor_id" is not null) and ("essays"."status" not in ('awaiting_confirmation', 'open') or "essays"."tutor_id" is null))
);
--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "essays_student_created_idx" ON "essays" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "essays_tutor_idx" ON "essays" USING btree ("tutor_id");--> statement-breakpoint
CREATE INDEX "essays_pool_idx" ON "essays" USING btree ("academic_level","subject","created_at") WHERE "essays"."status" = 'open';