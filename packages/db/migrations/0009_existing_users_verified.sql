-- Issue 17: with SMTP configured, a new account confirms its address before it can sign in. Accounts
-- made before that rule existed were trusted as they were; they are not asked to confirm now.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;
