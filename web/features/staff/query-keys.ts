const all = ["staff"] as const;

/** Query keys of the staff screens (team, coaches, rosters), from one factory (docs/decisions/0133). */
export const staffKeys = {
  all,
  team: [...all, "team"] as const,
  coachProfiles: [...all, "coach-profiles"] as const,
  myClasses: (days: number) => [...all, "my-classes", days] as const,
  roster: (classId: number) => [...all, "roster", classId] as const,
  me: [...all, "me"] as const,
  invitation: (token: string) => [...all, "invitation", token] as const,
  firstOwner: [...all, "first-owner"] as const,
};
