-- The bulk import: each user's uploaded file (its rows kept in the file store), the mapping they last
-- used per header layout, and their import queue, each led by account_id.
CREATE TABLE "import_files" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text,
	"delimiter" text,
	"byte_size" integer NOT NULL,
	"row_count" integer NOT NULL,
	"header_detected" boolean NOT NULL,
	"columns" jsonb NOT NULL,
	"warnings" jsonb NOT NULL,
	"header_key" text NOT NULL,
	"rows_key" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_files_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"header_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_account_id_user_id_header_key_pk" PRIMARY KEY("account_id","user_id","header_key")
);
--> statement-breakpoint
CREATE TABLE "import_queue" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "import_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"site_name" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"street2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT '' NOT NULL,
	"country_id" smallint,
	"latitude" double precision,
	"longitude" double precision,
	"tags" text DEFAULT '' NOT NULL,
	"classifications" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"external_id" text DEFAULT '' NOT NULL,
	"incoming_site_id" integer,
	"site_id" integer,
	"status_flags" integer DEFAULT 0 NOT NULL,
	"error_flags" integer DEFAULT 0 NOT NULL,
	"warning_flags" integer DEFAULT 0 NOT NULL,
	"update_flags" integer DEFAULT 0 NOT NULL,
	"geocoder_flags" integer DEFAULT 0 NOT NULL,
	"pending_update" boolean DEFAULT false NOT NULL,
	"status_description" text DEFAULT '' NOT NULL,
	"geocode_precision" text DEFAULT '' NOT NULL,
	"geo_candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name_key" text DEFAULT '' NOT NULL,
	"address_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_queue_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_queue" ADD CONSTRAINT "import_queue_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_queue_run_row_idx" ON "import_queue" USING btree ("account_id","user_id","run_id","row_number");--> statement-breakpoint
CREATE INDEX "import_queue_user_idx" ON "import_queue" USING btree ("account_id","user_id","id");--> statement-breakpoint
CREATE INDEX "import_queue_name_idx" ON "import_queue" USING btree ("account_id","user_id","name_key");--> statement-breakpoint
CREATE INDEX "import_queue_address_idx" ON "import_queue" USING btree ("account_id","user_id","address_key");