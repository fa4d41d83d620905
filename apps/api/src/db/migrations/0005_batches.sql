-- Report batches (POST reports/batch): the batch row with its progress, the sites it names (read by
-- GET reports/inbatches while it runs) and the reports it created, each led by account_id.
CREATE TABLE "batch_reports" (
	"account_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"account_product_report_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "batch_reports_account_id_batch_id_account_product_report_id_pk" PRIMARY KEY("account_id","batch_id","account_product_report_id")
);
--> statement-breakpoint
CREATE TABLE "batch_sites" (
	"account_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "batch_sites_account_id_batch_id_site_id_pk" PRIMARY KEY("account_id","batch_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"reports_total" integer NOT NULL,
	"reports_completed" integer DEFAULT 0 NOT NULL,
	"release_year" smallint NOT NULL,
	"country_code" text NOT NULL,
	"report_type" smallint NOT NULL,
	"failed" boolean DEFAULT false NOT NULL,
	"detail" text,
	"task_status_id" integer,
	CONSTRAINT "batches_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "batch_reports" ADD CONSTRAINT "batch_reports_batch_fk" FOREIGN KEY ("account_id","batch_id") REFERENCES "public"."batches"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_reports" ADD CONSTRAINT "batch_reports_report_fk" FOREIGN KEY ("account_id","account_product_report_id") REFERENCES "public"."reports"("account_id","account_product_report_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_sites" ADD CONSTRAINT "batch_sites_batch_fk" FOREIGN KEY ("account_id","batch_id") REFERENCES "public"."batches"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_reports_report_idx" ON "batch_reports" USING btree ("account_id","account_product_report_id");--> statement-breakpoint
CREATE INDEX "batch_sites_site_idx" ON "batch_sites" USING btree ("account_id","site_id");--> statement-breakpoint
CREATE INDEX "batches_created_idx" ON "batches" USING btree ("account_id","created_at");