-- A count not read from the document is paid only at a price the student confirmed after the tutor set the count.
ALTER TABLE "essays" ADD COLUMN "price_confirmation_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "student_confirmed_price_pence" integer;--> statement-breakpoint
-- Unpaid essays whose count is still the student's (or none), and accepted unpaid images whose count a tutor has
-- already set (their flags are cleared by then; a scan's cannot be told apart and stays payable as before).
UPDATE "essays" SET "price_confirmation_required" = true
WHERE "status" IN ('awaiting_confirmation', 'open', 'accepted')
  AND ("word_count_estimated" OR "word_count_to_be_agreed" OR ("status" = 'accepted' AND "file_mime" LIKE 'image/%'));
