import type { FastifyInstance } from "fastify";
import { passwordPolicyFromConfig } from "../../domain/auth";
import { checkPassword } from "../../domain/password-strength";

/**
 * The one server-side check of a new password (sign-up, reset, change): the studio's configured
 * rules and guessability against common passwords and the words of this studio and this person
 * (domain/password-strength.ts). A Spanish sentence, or null when the password is acceptable. It
 * lives in server/plugins because auth.ts (reset, change) calls it and server/plugins uses no
 * module (docs/contributing.md, Boundaries); sign-up (customers) and staff invitations call it from
 * here.
 */
export async function passwordProblemFor(
  app: FastifyInstance,
  password: string,
  person: { email?: string | null; names?: (string | null | undefined)[] },
): Promise<string | null> {
  const config = await app.appConfig.get();
  return checkPassword(password, passwordPolicyFromConfig(config), {
    studioNames: [config.name, config.business_name, hostOf(app.config.publicUrl)],
    email: person.email,
    personNames: person.names,
  });
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.split(".")[0] ?? null;
  } catch {
    return null;
  }
}
