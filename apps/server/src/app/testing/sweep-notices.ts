import { randomUUID } from "node:crypto";
import { platformOwner } from "../../modules/platform/testing/platform-scene.ts";
import { type CallerHeaders, graphqlAs, restAs } from "./sweep-calls.ts";
import type { TestApp } from "./test-app.ts";

const ADD_ADDRESS = "mutation ($email: String!) { create_email_address(email: $email) { id } }";
const PUBLISH = `mutation ($project: ID!) {
  publish_announcement(input: { title: "Sópun", body: "Sópað í dag.", project_id: $project }) { id } }`;
const NOTIFICATIONS = "{ notifications { nodes { id } } }";

/**
 * What is the owner's own in the sweep company: an e-mail alias, an announcement addressed to the company (as the
 * platform's owners publish them), a notice, and a phone (registered by its own id, as the employee app does).
 * Called after something the owner is told of happened (a rule proposal), since notices come only from what happens.
 */
export const sweepNotices = async (t: TestApp, owner: CallerHeaders, projectId: string) => {
  const address = await graphqlAs<{ create_email_address: { id: string } }>(t, owner, ADD_ADDRESS, {
    email: `sop-${randomUUID()}@fyrirtaeki.is`,
  });
  const publisher = await platformOwner(t.db);
  const announcement = await graphqlAs<{ publish_announcement: { id: string } }>(t, publisher.headers, PUBLISH, {
    project: projectId,
  });
  const notices = await graphqlAs<{ notifications: { nodes: { id: string }[] } }>(t, owner, NOTIFICATIONS);
  const [notification] = notices.notifications.nodes;
  if (!notification) throw new Error("The sweep company's owner has no notice");
  const device = await restAs<{ id: string }>(t, owner, {
    method: "PUT",
    url: `/v1/devices/${randomUUID()}`,
    body: { make: "Sópsími", model: "S1" },
  });
  return {
    device: device.id,
    emailAddress: address.create_email_address.id,
    announcement: announcement.publish_announcement.id,
    notification: notification.id,
  };
};
