import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as esEs from "@zxcvbn-ts/language-es-es";
import { type PasswordPolicy, passwordProblem } from "./auth";
import { t } from "./messages";

/**
 * The guessability half of the password policy (decisions 0018 and 0065), kept apart from
 * domain/auth.ts so the web's main bundle does not carry ~2 MB of dictionaries: the forms check the
 * configurable rules (length, character classes) as the person types, and the server, which runs
 * `checkPassword` on sign-up, reset and change, answers this part as a field error.
 *
 * zxcvbn-ts estimates how many guesses an attacker with leaked-password lists and common Spanish
 * words needs. Score 0-1 (under ~10^6 guesses: "demo1234", "secreto123", "contraseña",
 * "12345678") is refused. Words of this studio and of the person ("estudio", the studio's name,
 * the email's local part, their name) are added as user inputs, so "Estudio2026" or
 * "ana.lopez1" is refused too; a password that leans on one of them needs score 3.
 */
let factory: ZxcvbnFactory | null = null;
function zxcvbn(): ZxcvbnFactory {
  // Built on first use: ranking the dictionaries takes ~150 ms, not worth paying at import.
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...esEs.dictionary },
    graphs: common.adjacencyGraphs,
    translations: esEs.translations,
  });
  return factory;
}

/** Words that make a password studio- or person-derived. Always includes "estudio". */
export type PasswordContext = {
  studioNames?: (string | null | undefined)[];
  email?: string | null;
  personNames?: (string | null | undefined)[];
};

const MIN_SCORE = 2;
const MIN_SCORE_WITH_PERSONAL_WORD = 3;

function userInputs(context: PasswordContext): string[] {
  const words = new Set<string>(["estudio", "studio", "gimnasio", "pilates", "yoga", "spinning"]);
  const add = (value: string | null | undefined) => {
    if (!value) return;
    const lower = value.toLowerCase().trim();
    if (lower.length >= 3) words.add(lower);
    // "Mi Estudio" is typed "miestudio" in a password.
    const joined = lower.replace(/[^\p{L}\p{N}]+/gu, "");
    if (joined.length >= 3) words.add(joined);
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  };
  for (const name of context.studioNames ?? []) add(name);
  for (const name of context.personNames ?? []) add(name);
  if (context.email) {
    const [local = "", domain = ""] = context.email.toLowerCase().split("@");
    add(local);
    add(domain.split(".")[0]);
  }
  return [...words];
}

/**
 * How many times fewer guesses than a random password of the same length a password must need
 * before it is refused as guessable. zxcvbn scores any 6-character password under its bar (10^6
 * guesses for six random characters), so the score alone refused every random password of a
 * studio whose minimum is 6: the studio's minimum length is its decision (product-rules.md#accounts);
 * this rule only refuses what a word list or a pattern makes much easier than that length.
 */
const PATTERN_ADVANTAGE = 50;

/** A Spanish sentence when the password is easy to guess; null when it is not. */
export function guessablePasswordProblem(password: string, context: PasswordContext = {}): string | null {
  // zxcvbn's cost grows with the length; past 64 characters nobody is guessing anything.
  const sample = password.slice(0, 64);
  const result = zxcvbn().check(sample, userInputs(context));
  const personal = result.sequence.some(
    (match) => match.pattern === "dictionary" && match.dictionaryName === "userInputs",
  );
  if (personal && result.score < MIN_SCORE_WITH_PERSONAL_WORD) return t("passwordPersonal");
  if (result.score >= MIN_SCORE) return null;
  // zxcvbn counts ten guesses per character it cannot explain: a random password's baseline.
  const randomGuesses = 10 ** Math.min(sample.length, 20);
  if (result.guesses * PATTERN_ADVANTAGE > randomGuesses) return null;
  // A word list match: "demasiado común"; a keyboard run, sequence, repeat or date: too short a
  // pattern, more characters help.
  const word = result.sequence.some((match) => match.pattern === "dictionary");
  return word ? t("passwordTooCommon") : t("passwordTooPredictable");
}

/**
 * The whole policy, as the server applies it: the studio's configurable rules first (their
 * message is the more concrete one), then guessability.
 */
export function checkPassword(password: string, policy: PasswordPolicy, context: PasswordContext = {}) {
  return passwordProblem(password, policy) ?? guessablePasswordProblem(password, context);
}
