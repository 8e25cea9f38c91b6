CREATE INDEX "images_created_at_idx" ON "images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "post_images_image_idx" ON "post_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "posts_thumbnail_idx" ON "posts" USING btree ("thumbnail_id");