import type { Messages } from '#shared/i18n/messages';
import { soPublic } from './public';
import { soStaff } from './staff';

/**
 * The Somali (af-Soomaali) catalog. Typed as Messages, so a key missing here or a key
 * English no longer has fails the type check; a unit test also rejects empty and
 * untranslated values. Terms follow docs/i18n-glossary.md.
 */
export const so: Messages = { ...soPublic, ...soStaff };
