/**
 * The one form of a staff username, used wherever a name is compared or stored: sign-in,
 * the lockout key, the account lookup, account creation and the admin command. NFKC folds
 * look-alike forms (full-width letters), lowercasing makes the comparison case-blind, and
 * only ASCII letters, digits, dots, dashes and underscores remain valid, so two spellings
 * can never be one account to one check and two to another.
 */
export const USERNAME_RULES = { min: 3, max: 50, pattern: /^[a-z0-9._-]+$/ } as const;

/** The normal form of a username, or null when it cannot be one. */
export function normaliseUsername(raw: string): string | null {
  const name = raw.normalize('NFKC').trim().toLowerCase();
  const { min, max, pattern } = USERNAME_RULES;
  return name.length >= min && name.length <= max && pattern.test(name) ? name : null;
}
