ALTER TABLE "accounts" ADD COLUMN "logo_content_type" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "logo_updated_at" timestamp with time zone;