CREATE TYPE "public"."payment_method" AS ENUM('stripe_card', 'local_test', 'stripe_transfer', 'recorded_payout');--> statement-breakpoint
CREATE TYPE "public"."payment_party_type" AS ENUM('student', 'tutor', 'platform');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'completed', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."payment_type" AS ENUM('student_essay_payment', 'tutor_essay_payment', 'student_tutoring_payment', 'tutor_tutoring_payment');--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"changed_by" uuid,
	"source" text NOT NULL,
	"from_status" "payment_status",
	"to_status" "payment_status" NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "payment_type" NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"payer_id" uuid,
	"payer_type" "payment_party_type" NOT NULL,
	"recipient_id" uuid,
	"recipient_type" "payment_party_type" NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"platform_commission_pence" integer NOT NULL,
	"tutor_earnings_pence" integer NOT NULL,
	"description" text NOT NULL,
	"payment_method" "payment_method" DEFAULT 'stripe_card' NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"stripe_session_id" text,
	"checkout_url" text,
	"stripe_payment_intent_id" text,
	"gateway_reference" text,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"refund_requested_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refunded_amount_pence" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"admin_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_parties_match_type" CHECK (("payments"."type" in ('student_essay_payment', 'student_tutoring_payment') and "payments"."payer_type" = 'student' and "payments"."recipient_type" = 'platform') or ("payments"."type" in ('tutor_essay_payment', 'tutor_tutoring_payment') and "payments"."payer_type" = 'platform' and "payments"."recipient_type" = 'tutor')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_pence" > 0),
	CONSTRAINT "payments_split_sums" CHECK ("payments"."platform_commission_pence" >= 0 and "payments"."tutor_earnings_pence" >= 0 and "payments"."platform_commission_pence" + "payments"."tutor_earnings_pence" = "payments"."amount_pence"),
	CONSTRAINT "payments_refund_within_amount" CHECK ("payments"."refunded_amount_pence" >= 0 and "payments"."refunded_amount_pence" <= "payments"."amount_pence")
);
--> statement-breakpoint
ALTER TABLE "payment_status_changes" ADD CONSTRAINT "payment_status_changes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_changes" ADD CONSTRAINT "payment_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_status_changes_payment_idx" ON "payment_status_changes" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_session_unique" ON "payments" USING btree ("stripe_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_charge_per_item" ON "payments" USING btree ("item_kind","item_id") WHERE "payments"."type" in ('student_essay_payment', 'student_tutoring_payment') and "payments"."status" in ('pending', 'completed');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_payout_per_item" ON "payments" USING btree ("item_kind","item_id") WHERE "payments"."type" in ('tutor_essay_payment', 'tutor_tutoring_payment');--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_type_status_created_idx" ON "payments" USING btree ("type","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_id");--> statement-breakpoint
CREATE INDEX "payments_recipient_idx" ON "payments" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "payments_payment_intent_idx" ON "payments" USING btree ("stripe_payment_intent_id");