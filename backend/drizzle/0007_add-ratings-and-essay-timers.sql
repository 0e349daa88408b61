CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"tutor_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"feedback" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_one_per_item" UNIQUE("item_kind","item_id"),
	CONSTRAINT "ratings_stars" CHECK ("ratings"."rating" between 1 and 5),
	CONSTRAINT "ratings_item_kind" CHECK ("ratings"."item_kind" in ('essay', 'tutoring_session')),
	CONSTRAINT "ratings_feedback_length" CHECK ("ratings"."feedback" is null or char_length("ratings"."feedback") <= 500)
);
--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "tutor_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "revision_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "payout_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "revision_window_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ratings_tutor_idx" ON "ratings" USING btree ("tutor_id","created_at");