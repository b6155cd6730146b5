import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The password strength estimator (zxcvbn: common and breached passwords, names, words,
 * dates, keyboard patterns, l33t). Its dictionaries are large, so they load on the first
 * check: the browser fetches them when a staff form first checks a new password, never on
 * public pages, and the server holds them (~40 MB) only once a password has been set.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;

async function loadEstimator(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
}

/** 0 (guessed at once) to 4 (very hard to guess); `userInputs` (the username, the name) count as known words. */
export async function passwordScore(password: string, userInputs: string[] = []): Promise<number> {
  estimator ??= loadEstimator();
  return (await estimator).check(password, userInputs.filter(Boolean)).score;
}
