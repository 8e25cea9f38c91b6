CREATE TABLE "media_files" (
	"path" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Pictures and videos are compressed already: kept uncompressed, a slice of one is read without the rest.
ALTER TABLE "media_files" ALTER COLUMN "data" SET STORAGE EXTERNAL;
