-- Issue #5, sites API.
-- site_comments: comments on a site (spec 3 §3 "Site comment"), led by account_id, removed with their site.
-- accounts.site_only_limit: the most sites an account may hold without reports (spec 1 §5 'You may not
--   create more than N sites without reports.'); NULL = no limit. Set per account by the operator until the
--   account administration (ROADMAP 6) edits it; GET account/checkSiteOnlyAccountLimit reports it, POST sites enforces it.
-- sites_name_lower_idx: the duplicate-name checks compare lower(trim(site_name)) over legacy and current sites.
CREATE TABLE "site_comments" (
	"account_id" integer NOT NULL,
	"comment_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "site_comments_comment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"user_id" integer,
	"author" text NOT NULL,
	"comment" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_comments_account_id_comment_id_pk" PRIMARY KEY("account_id","comment_id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "site_only_limit" integer;--> statement-breakpoint
ALTER TABLE "site_comments" ADD CONSTRAINT "site_comments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_comments" ADD CONSTRAINT "site_comments_site_fk" FOREIGN KEY ("account_id","site_id") REFERENCES "public"."sites"("account_id","site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_comments_site_idx" ON "site_comments" USING btree ("account_id","site_id","created");--> statement-breakpoint
CREATE INDEX "sites_name_lower_idx" ON "sites" USING btree ("account_id",lower(trim("site_name")));