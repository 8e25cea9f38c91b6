CREATE TABLE "item_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"reason_type" integer NOT NULL,
	"submit_item" text,
	"content" text,
	"context_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_reports_item_reporter_unique" UNIQUE("item_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"item_type" text NOT NULL,
	"item_rating" text,
	"rating_score" integer DEFAULT 0 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"image" text,
	"sprite_img" text,
	"sprite_width" integer,
	"sprite_height" integer,
	"sprite_frame" integer,
	"is_show_eyes" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "probability_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"table_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image" text,
	"rarity" text NOT NULL,
	"probability" numeric(7, 4) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "probability_items_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "probability_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "probability_tables_kind_unique" UNIQUE("kind")
);
--> statement-breakpoint
CREATE TABLE "wishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"wish_type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"target_price" integer,
	"memo" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"is_notification_enabled" boolean DEFAULT true NOT NULL,
	"notification_price" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "wishes_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "wishes_user_item_type_unique" UNIQUE("user_id","item_id","wish_type")
);
--> statement-breakpoint
ALTER TABLE "item_reports" ADD CONSTRAINT "item_reports_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_reports" ADD CONSTRAINT "item_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probability_items" ADD CONSTRAINT "probability_items_table_id_probability_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."probability_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_name_idx" ON "items" USING btree ("name");--> statement-breakpoint
CREATE INDEX "probability_items_table_idx" ON "probability_items" USING btree ("table_id","position");--> statement-breakpoint
CREATE INDEX "wishes_item_type_idx" ON "wishes" USING btree ("item_id","wish_type","created_at");