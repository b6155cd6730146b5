import type { en } from './en';
import type { enStaff } from './en/staff';

/** Same keys as English, any text. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** A language's catalog: the English keys, its own texts. Its own module, so catalogs need not import the index. */
export type Messages = Widen<typeof en>;
/** The staff area's namespaces: they travel with the staff code, never with public pages. */
export type StaffNamespace = keyof typeof enStaff;
export type StaffMessages = Pick<Messages, StaffNamespace>;
/** What public pages need: every namespace but the staff ones. */
export type PublicMessages = Omit<Messages, StaffNamespace>;
