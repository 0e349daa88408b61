-- The count is the student's (an image, or a document without a text layer): the tutor may set it once.
ALTER TABLE "essays" ADD COLUMN "word_count_estimated" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Images not yet paid for whose count no tutor has set: their count is the student's.
UPDATE "essays" SET "word_count_estimated" = true
WHERE "file_mime" LIKE 'image/%' AND "status" IN ('awaiting_confirmation', 'open', 'accepted') AND ("word_count_to_be_agreed" OR "tutor_confirmed_at" IS NULL);
