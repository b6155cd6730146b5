import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '#web/components/ui/error-screen';
import { useT } from '#web/i18n/locale-provider';

/** A lazy chunk that fails to load (new deploy, lost connection) is the common case here. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' ||
      /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch|Unable to preload CSS/i.test(
        error.message,
      ))
  );
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const chunk = isChunkLoadError(error);
  const title = chunk ? t('common.errors.chunkTitle') : t('common.errors.unexpectedTitle');
  return (
    <>
      <title>{title}</title>
      <ErrorScreen
        title={title}
        message={
          chunk
            ? t('common.errors.chunkMessage')
            : isRouteErrorResponse(error)
              ? `${error.status} ${error.statusText}`
              : t('common.errors.unexpectedMessage')
        }
        actionLabel={t('common.states.reloadPage')}
      />
    </>
  );
}
