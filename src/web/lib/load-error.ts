import type { MessageKey, Translate } from '#shared/i18n';
import { ApiError } from './api-client';

/** Whether a request failed before reaching the server (offline, or the connection dropped). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** What to tell a visitor whose data did not load: that they are offline, or the page's own message. */
export function loadErrorMessage(error: unknown, t: Translate, otherwise: MessageKey): string {
  return isNetworkFailure(error) ? t('common.states.offline') : t(otherwise);
}
