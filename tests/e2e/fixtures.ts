import { test as base, type ConsoleMessage, expect, type Page } from '@playwright/test';

/** Every page test fails on a browser console error or an uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      // The staff specs share one server and delete listings, photos and all, while another
      // spec's dashboard lists them: a photo gone meanwhile is theirs, not a fault. A public
      // page's missing photo still fails its test.
      const sharedPhotoGone = (message: ConsoleMessage) =>
        testInfo.project.name === 'admin' &&
        /status of 404/.test(message.text()) &&
        new URL(message.location().url || 'about:blank').pathname.startsWith('/uploads/');
      page.on('console', (message) => {
        if (message.type() === 'error' && !sharedPhotoGone(message)) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

/** Drops the console errors a test provoked on purpose (a blocked script, a failed answer); any other still fails it. */
export function allowConsoleErrors(consoleErrors: string[], provoked: RegExp): void {
  const rest = consoleErrors.filter((line) => !provoked.test(line));
  consoleErrors.splice(0, consoleErrors.length, ...rest);
}

export { expect };

/**
 * Waits until the page's code has taken over the server-rendered page (app/start.tsx marks
 * <html data-interactive>): a click before that is a plain link or form, not the app's.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-interactive]')).toHaveCount(1);
}
