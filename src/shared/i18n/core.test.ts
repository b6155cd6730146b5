// The registry on its own, as the browser uses it: this file imports no catalog but the ones it registers.
import { describe, expect, it } from 'vitest';
import { createTranslator, registerMessages } from './core';
import { enPublic } from './en/public';
import { enStaff } from './en/staff';
import { soPublic } from './so/public';

describe('the message registry', () => {
  it('translates only what is registered, counting namespaces registered after the translator was made', () => {
    const english = createTranslator('en');
    const somali = createTranslator('so');
    expect(english('common.states.tryAgain')).toBe('common.states.tryAgain');

    registerMessages('en', enPublic);
    expect(english('common.states.tryAgain')).toBe(enPublic.common.states.tryAgain);
    // Somali not loaded yet: English stands in, never a raw key.
    expect(somali('common.states.tryAgain')).toBe(enPublic.common.states.tryAgain);
    expect(english('admin.signIn.title')).toBe('admin.signIn.title');

    registerMessages('so', soPublic);
    expect(somali('common.states.tryAgain')).toBe(soPublic.common.states.tryAgain);
    registerMessages('en', enStaff);
    expect(english('admin.signIn.title')).toBe(enStaff.admin.signIn.title);
    // A staff text Somali has no namespace for falls back to English.
    expect(somali('admin.signIn.title')).toBe(enStaff.admin.signIn.title);
  });
});
