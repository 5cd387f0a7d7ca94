-- Stations show what the worker did today: the traces by actor and time.
CREATE INDEX IF NOT EXISTS "trace_events_actor_idx" ON "trace_events" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "package_traces_actor_idx" ON "package_traces" USING btree ("actor_id","created_at");
