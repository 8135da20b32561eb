import { z } from "zod";
import { defineRoute } from "../../platform/http/rest.ts";
import { currentProjectSchema, projectSchema } from "./projects.schemas.ts";
import { getCurrentProject, listMyProjects } from "./projects.service.ts";

export const projectsRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/projects",
    summary: "The projects (companies) the signed-in user belongs to",
    tag: "projects",
    access: "user",
    response: z.array(projectSchema),
    handler: ({ ctx, deps }) => listMyProjects(deps.db, ctx),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/current",
    summary: "The X-Project-Id project, with the caller's role in it",
    tag: "projects",
    access: "project",
    response: currentProjectSchema,
    handler: ({ ctx, deps }) => getCurrentProject(deps.db, ctx),
  }),
];
