import { admin } from './admin';
import { common } from './common';

/**
 * The English catalog: the source of every visitor-facing text. Each namespace lives in
 * its own file; other languages mirror this shape exactly (the type checker and a test
 * enforce it).
 */
export const en = {
  common,
  admin,
};
