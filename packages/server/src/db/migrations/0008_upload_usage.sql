-- Upload quota: bytes per member of staff and business day.
CREATE TABLE "upload_usage" (
	"admin_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "upload_usage_admin_id_day_pk" PRIMARY KEY("admin_id","day")
);
