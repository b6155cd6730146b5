import type { DehydratedState } from '@tanstack/react-query';
import type { PageForms } from '#shared/page-forms';

/** What a server-rendered page hands to the browser so hydration renders the same thing. */
export interface ServerState {
  origin: string;
  /** The path and query the page was rendered for. */
  address?: string;
  queries: DehydratedState;
  /** What the forms' actions answered that this page shows (the flash, or the page's own action). */
  forms?: PageForms;
  /** The routes' loader and action data, with which the browser's router starts (hydrationData). */
  router?: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null };
}

/** A JSON script block, not executed (the CSP allows no inline script), read before hydration. */
export const SERVER_STATE_ID = 'server-state';

/** JSON that is safe inside <script>: no `</script>`, `<!--` or line separators can end it early. */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}
