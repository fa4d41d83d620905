-- login_throttle: failed sign-ins are counted per typed e-mail and client, so one client's failures
-- lock only that client out. The rows counted per e-mail alone mean nothing under the new key and
-- last fifteen minutes at most, so the table is recreated empty.
DROP TABLE "login_throttle";--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"email" text NOT NULL,
	"client" text NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_throttle_email_client_pk" PRIMARY KEY("email","client")
);
--> statement-breakpoint
CREATE INDEX "login_throttle_window_idx" ON "login_throttle" USING btree ("window_started_at");
