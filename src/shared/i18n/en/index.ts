import { enPublic } from './public';
import { enStaff } from './staff';

/**
 * The English catalog: the source of every visitor-facing text. Each namespace lives in
 * its own file; other languages mirror this shape exactly (the type checker and a test
 * enforce it). Public and staff namespaces are kept apart, so the browser loads each with
 * the code that needs it (decision 0063).
 */
export const en = { ...enPublic, ...enStaff };
