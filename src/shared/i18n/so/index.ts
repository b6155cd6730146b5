import type { Messages } from '..';
import { en } from '../en';
import { common } from './common';

/**
 * The Somali (af-Soomaali) catalog. Typed as Messages, so a key missing here or a key
 * English no longer has fails the type check; a unit test also rejects empty values.
 */
export const so: Messages = {
  // Mid-way merge: namespaces not yet translated fall back to English until issue 6 lands them.
  ...en,
  common,
};
