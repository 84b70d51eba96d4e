let common: Promise<Set<string>> | undefined;

/**
 * True for the passwords people pick most (the 49,000 of the zxcvbn-ts common list, built from
 * leaked-password rankings), in any letter case. The list is loaded on first use: decompressing
 * it takes a quarter of a second, which only sign-up and password reset should pay.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())),
  );
  return (await common).has(password.toLowerCase());
}
