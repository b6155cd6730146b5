// Every catalog, registered: what the server and the tests import. Browser code imports ./core
// instead and registers what a page needs, so public pages carry neither the staff texts nor
// the other language (decision 0063).
import { registerMessages } from './core';
import { en } from './en';
import { so } from './so';

export * from './core';

registerMessages('en', en);
registerMessages('so', so);
