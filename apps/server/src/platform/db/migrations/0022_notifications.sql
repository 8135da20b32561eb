CREATE TABLE "team_budget_alerts" (
	"project_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"level" integer NOT NULL,
	"spent" bigint NOT NULL,
	"budget" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_budget_alerts_pkey" PRIMARY KEY("project_id","team_id","period_start","level"),
	CONSTRAINT "team_budget_alerts_level" CHECK ("team_budget_alerts"."level" in (80, 100))
);
--> statement-breakpoint
ALTER TABLE "team_budget_alerts" ADD CONSTRAINT "team_budget_alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;