CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company" text NOT NULL,
	"site_retention_days" integer,
	"report_retention_days" integer,
	"allowed_methodologies" integer DEFAULT 15 NOT NULL,
	"default_basic_methodology" integer DEFAULT 2 NOT NULL,
	"default_premium_methodology" jsonb DEFAULT '[2,3]'::jsonb NOT NULL,
	"industry_type_id" integer,
	"parent_industry_id" integer,
	"allow_personalize" boolean DEFAULT false NOT NULL,
	"use_logo_on_web" boolean DEFAULT false NOT NULL,
	"allow_advanced_permissions" boolean DEFAULT false NOT NULL,
	"allow_invoice" boolean DEFAULT false NOT NULL,
	"account_licensing_type" integer DEFAULT 0 NOT NULL,
	"external_id_name" text DEFAULT 'External ID' NOT NULL,
	"allow_incident_availability" boolean DEFAULT true NOT NULL,
	"allow_incidents" boolean DEFAULT true NOT NULL,
	"allow_poi" boolean DEFAULT true NOT NULL,
	"allow_crime_risk_feature" boolean DEFAULT true NOT NULL,
	"prioritize_cap_engines" boolean DEFAULT false NOT NULL,
	"has_simple_survey" boolean DEFAULT false NOT NULL,
	"hide_extra_report_features" boolean DEFAULT false NOT NULL,
	"lock_library_view_columns" boolean DEFAULT false NOT NULL,
	"custom_sidebar_height" integer,
	"release_years" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data_last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"force_two_factor" boolean DEFAULT false NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"allow_batching_by_standard_users" boolean DEFAULT false NOT NULL,
	"allow_backdating" boolean DEFAULT false NOT NULL,
	"create_sites_in_legacy_mode" boolean DEFAULT false NOT NULL,
	"inactivity_timeout_minutes" integer DEFAULT 30 NOT NULL,
	"theme_palette" text DEFAULT 'atlas' NOT NULL,
	"theme_dark" boolean DEFAULT false NOT NULL,
	"warning_banner" text,
	"support_id" text,
	"has_modules_access" boolean DEFAULT false NOT NULL,
	"is_provider" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"title" text,
	"user_type" smallint DEFAULT 2 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"allow_view_all_reports" boolean DEFAULT true NOT NULL,
	"allow_view_own_reports" boolean DEFAULT true NOT NULL,
	"document_language" text DEFAULT 'en-US' NOT NULL,
	"ui_language_id" integer DEFAULT 1 NOT NULL,
	"allow_invoice" boolean DEFAULT false NOT NULL,
	"allow_credit_card_purchases" boolean DEFAULT false NOT NULL,
	"allow_create_reports" boolean DEFAULT true NOT NULL,
	"allow_comments" boolean DEFAULT true NOT NULL,
	"deny_edit_site_ability" boolean DEFAULT false NOT NULL,
	"allow_product" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_sso" boolean DEFAULT false NOT NULL,
	"has_cap_modules_access" boolean DEFAULT false NOT NULL,
	"has_simple_survey" boolean DEFAULT false NOT NULL,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"email" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"acting_account_id" integer NOT NULL,
	"csrf_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"account_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_user_id" integer,
	"impersonator_user_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "file_downloads" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "file_downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"file_download_type" smallint NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_downloads_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"account_id" integer NOT NULL,
	"job_key" text NOT NULL,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_account_id_job_key_pk" PRIMARY KEY("account_id","job_key")
);
--> statement-breakpoint
CREATE TABLE "task_statuses" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "task_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"task_status_type" smallint DEFAULT 2 NOT NULL,
	"current_status" smallint DEFAULT 0 NOT NULL,
	"count_total" integer DEFAULT 0 NOT NULL,
	"count_completed" integer DEFAULT 0 NOT NULL,
	"message" text,
	"detail" text,
	"object_type" smallint DEFAULT 0 NOT NULL,
	"object_id" integer,
	"seen" boolean DEFAULT false NOT NULL,
	"clicked" boolean DEFAULT false NOT NULL,
	"job_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_statuses_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_prefs" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_prefs_account_id_user_id_type_pk" PRIMARY KEY("account_id","user_id","type")
);
--> statement-breakpoint
CREATE TABLE "license_ledger" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "license_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" smallint NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_ledger_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_account_id_accounts_id_fk" FOREIGN KEY ("acting_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_downloads" ADD CONSTRAINT "file_downloads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_statuses" ADD CONSTRAINT "task_statuses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prefs" ADD CONSTRAINT "user_prefs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_ledger" ADD CONSTRAINT "license_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "password_reset_user_idx" ON "password_reset_tokens" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "file_downloads_user_idx" ON "file_downloads" USING btree ("account_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "task_statuses_user_idx" ON "task_statuses" USING btree ("account_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "license_ledger_product_idx" ON "license_ledger" USING btree ("account_id","product_id");