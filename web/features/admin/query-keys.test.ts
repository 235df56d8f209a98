import { describe, expect, it } from "vitest";
import { adminKeys } from "./query-keys";

// The values other code matches by prefix (the admin lists invalidate ["admin"], the shared
// customer picker reads ["admin", "customer-search", …]) must stay what they were.
describe("admin query keys", () => {
  it("keep the values the feature and its neighbours always used", () => {
    expect(adminKeys.customer(7)).toEqual(["admin", "customer", 7]);
    expect(adminKeys.customerBuckets(7)).toEqual(["admin", "customer", 7, "buckets"]);
    expect(adminKeys.customerFacturas(7)).toEqual(["admin", "customer", 7, "facturas"]);
    expect(adminKeys.customers).toEqual(["admin", "customers"]);
    expect(adminKeys.customerSearch("ana")).toEqual(["admin", "customer-search", "ana"]);
    expect(adminKeys.auditPage(1, 20, null)).toEqual(["admin", "audit", 1, 20, null]);
    expect(adminKeys.lists).toEqual(["admin", "lists"]);
  });

  it("put every part of a customer's page under the page's key, so one invalidation refreshes them all", () => {
    const page = adminKeys.customer(7);
    for (const part of [adminKeys.customerCards, adminKeys.customerTrial, adminKeys.customerPenalties])
      expect(part(7).slice(0, page.length)).toEqual([...page]);
  });
});
