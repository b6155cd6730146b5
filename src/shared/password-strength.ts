import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * The password strength estimator (zxcvbn: common and breached passwords, names, words,
 * dates, keyboard patterns, l33t). Its dictionaries are large, so it is only ever loaded
 * through `import('./password-strength')` (see new-password.ts): the browser fetches it
 * when a staff form first checks a new password, never on public pages.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

/** 0 (guessed at once) to 4 (very hard to guess); `userInputs` (the username, the name) count as known words. */
export function passwordScore(password: string, userInputs: string[] = []): number {
  return zxcvbn.check(password, userInputs.filter(Boolean)).score;
}
