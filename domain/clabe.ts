/**
 * CLABE, Mexico's 18-digit interbank account number: 3 digits of bank, 3 of plaza, 11 of
 * account and a check digit. The check digit is Banxico's: each of the first 17 digits times
 * 3, 7, 1, 3, 7, 1 ..., each product taken mod 10, summed; the digit is (10 - sum mod 10) mod 10.
 */
const WEIGHTS = [3, 7, 1];

export function clabeCheckDigit(first17: string): number {
  if (!/^\d{17}$/.test(first17)) throw new Error("a CLABE's first part is 17 digits");
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * WEIGHTS[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10;
}

export function isValidClabe(clabe: string): boolean {
  return /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]);
}

/** A CLABE with its check digit, from 17 digits (bank, plaza, account). */
export const withCheckDigit = (first17: string) => `${first17}${clabeCheckDigit(first17)}`;

/** Groups of 3, 3, 11 and 1 digits, as banks print it. */
export const formatClabe = (clabe: string) =>
  clabe.length === 18
    ? `${clabe.slice(0, 3)} ${clabe.slice(3, 6)} ${clabe.slice(6, 17)} ${clabe[17]}`
    : clabe;
