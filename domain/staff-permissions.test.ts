import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "./staff";
import { ACTION_READS, STAFF_ACTIONS, type StaffAction } from "./staff-actions";
import { PERMISSIONS, roleMayCall } from "./staff-permissions";

/** The one permissions table (decision 0069): what the web asks of it. */
describe("staff permissions: one table for the server and the web", () => {
  it("every action and every read an action's form makes is a route of the table", () => {
    for (const [action, route] of Object.entries(STAFF_ACTIONS))
      expect(PERMISSIONS, action).toHaveProperty([route]);
    for (const reads of Object.values(ACTION_READS))
      for (const route of reads ?? []) expect(PERMISSIONS).toHaveProperty([route]);
  });

  it("an action's reads are allowed to every role the action is allowed to", () => {
    for (const role of STAFF_ROLES)
      for (const [action, reads] of Object.entries(ACTION_READS)) {
        if (!roleMayCall(role, STAFF_ACTIONS[action as StaffAction])) continue;
        for (const route of reads ?? [])
          expect(roleMayCall(role, route), `${role} ${action} ${route}`).toBe(true);
      }
  });

  it("the owner may call everything; an unlisted route is the owner's and the manager's", () => {
    for (const route of Object.keys(PERMISSIONS)) expect(roleMayCall("owner", route)).toBe(true);
    expect(roleMayCall("manager", "GET /api/no-such-route")).toBe(true);
    expect(roleMayCall("front_desk", "GET /api/no-such-route")).toBe(false);
    expect(roleMayCall("manager", "POST /api/admin/customers/:id/close")).toBe(false);
    expect(roleMayCall("front_desk", "GET /api/customer/admin/all")).toBe(true);
    expect(roleMayCall("coach", "GET /api/customer/admin/all")).toBe(false);
  });
});
