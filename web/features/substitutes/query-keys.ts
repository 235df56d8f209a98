/** Query keys of substitute requests, from one factory (docs/decisions/0133); values unchanged. */
export const substituteKeys = {
  all: ["substitute-requests"] as const,
  list: () => [...substituteKeys.all, "list"] as const,
  myClasses: () => [...substituteKeys.all, "my-classes"] as const,
};
