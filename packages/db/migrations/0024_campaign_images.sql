-- Issue 23: images uploaded for campaigns' image blocks (public to mail clients by their file id); leads by name for segment previews and the lead search.
CREATE TABLE "campaign_images" (
	"tenant_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	CONSTRAINT "campaign_images_tenant_id_file_id_pk" PRIMARY KEY("tenant_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_images" ADD CONSTRAINT "campaign_images_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_images" ADD CONSTRAINT "campaign_images_file_id_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."stored_files"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_images_file_idx" ON "campaign_images" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "leads_name_idx" ON "leads" USING btree ("tenant_id","last_name","first_name","id");