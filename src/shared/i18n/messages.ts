import type { en } from './en';

/** Same keys as English, any text. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** A language's catalog: the English keys, its own texts. Its own module, so catalogs need not import the index. */
export type Messages = Widen<typeof en>;
