CREATE TABLE "post_like_notices" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_like_notices_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "nickname_key" text GENERATED ALWAYS AS (lower(normalize(nickname, NFKC))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "post_like_notices" ADD CONSTRAINT "post_like_notices_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_like_notices" ADD CONSTRAINT "post_like_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Members who already share a nickname key keep their nicknames apart: the later ones get their id appended.
UPDATE "users" SET "nickname" = "nickname" || "id" WHERE "id" NOT IN (SELECT min("id") FROM "users" GROUP BY "nickname_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_nickname_key_unique" ON "users" USING btree ("nickname_key");