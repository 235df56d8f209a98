ALTER TABLE "files" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "files_path_idx" ON "files" USING btree ("path");