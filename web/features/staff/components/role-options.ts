import { STAFF_ROLE_LABELS, STAFF_ROLES } from "../../../../domain/staff";

/** The roles offered when inviting or changing someone's role. */
export const roleOptions = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));
