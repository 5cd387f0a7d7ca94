CREATE TABLE "member_agreement_accepts" (
	"member_id" integer NOT NULL,
	"agreement_id" integer NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_agreement_accepts_member_id_agreement_id_version_pk" PRIMARY KEY("member_id","agreement_id","version")
);
--> statement-breakpoint
CREATE TABLE "member_kyc" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"document_type" text NOT NULL,
	"document_no" text NOT NULL,
	"document_hint" text NOT NULL,
	"country" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewer_name" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_kyc_member_idx" ON "member_kyc" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_kyc_status_idx" ON "member_kyc" USING btree ("status","id");