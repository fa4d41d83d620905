CREATE TABLE "classifications" (
	"account_id" integer NOT NULL,
	"classification_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "classifications_classification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"parent_classification_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classifications_account_id_classification_id_pk" PRIMARY KEY("account_id","classification_id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "licensed_country_ids" smallint[];--> statement-breakpoint
ALTER TABLE "import_queue" ADD COLUMN "accepted_site_id" integer;--> statement-breakpoint
ALTER TABLE "classifications" ADD CONSTRAINT "classifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classifications_name_idx" ON "classifications" USING btree ("account_id","name");