CREATE TABLE "sites" (
	"account_id" integer NOT NULL,
	"site_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sites_site_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_name" text NOT NULL,
	"name_key" text,
	"notes" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"street" text,
	"street2" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"country_id" smallint NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"admin1_code" text,
	"ct" smallint DEFAULT 3 NOT NULL,
	"county" text,
	"county_code" text,
	"external_id" text,
	"classification_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"geocode_type" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	"s" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"l" jsonb,
	"lrr" timestamp with time zone,
	CONSTRAINT "sites_account_id_site_id_pk" PRIMARY KEY("account_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"account_id" integer NOT NULL,
	"account_product_report_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "reports_account_product_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"created_by_user_id" integer,
	"country_id" smallint NOT NULL,
	"report_type" smallint NOT NULL,
	"release_year" smallint NOT NULL,
	"methodology_type_ids" integer[] NOT NULL,
	"add_on_products" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"features" smallint DEFAULT 0 NOT NULL,
	"sections" integer DEFAULT 233223 NOT NULL,
	"supplements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_data" jsonb NOT NULL,
	"summary_scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_account_id_account_product_report_id_pk" PRIMARY KEY("account_id","account_product_report_id")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_site_fk" FOREIGN KEY ("account_id","site_id") REFERENCES "public"."sites"("account_id","site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_name_key_unique" ON "sites" USING btree ("account_id","name_key");--> statement-breakpoint
CREATE INDEX "sites_location_idx" ON "sites" USING btree ("account_id","latitude","longitude");--> statement-breakpoint
CREATE INDEX "sites_external_id_idx" ON "sites" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "reports_site_idx" ON "reports" USING btree ("account_id","site_id","release_year","created");--> statement-breakpoint
CREATE INDEX "reports_user_idx" ON "reports" USING btree ("account_id","created_by_user_id","created");