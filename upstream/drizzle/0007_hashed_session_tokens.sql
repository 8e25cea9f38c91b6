-- Session and refresh tokens were stored as they were sent; from now on only their SHA-256 is. The plain rows
-- cannot be hashed in place without keeping them usable by anyone who read the table, so they are removed:
-- members log in again.
DELETE FROM "refresh_tokens";--> statement-breakpoint
DELETE FROM "auth_tokens";--> statement-breakpoint
ALTER TABLE "auth_tokens" RENAME COLUMN "token" TO "token_hash";--> statement-breakpoint
ALTER TABLE "refresh_tokens" RENAME COLUMN "token" TO "token_hash";--> statement-breakpoint
ALTER TABLE "auth_tokens" DROP CONSTRAINT "auth_tokens_token_unique";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_token_unique";--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash");