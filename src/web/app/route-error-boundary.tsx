import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useT } from '../i18n/locale-provider';

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
  return (
    <>
      <title>{chunk ? t('common.errors.chunkTitle') : t('common.errors.unexpectedTitle')}</title>
      <main
        role="alert"
        className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <h1 className="text-2xl font-bold text-gray-900">
          {chunk ? t('common.errors.chunkTitle') : t('common.errors.unexpectedTitle')}
        </h1>
        <p className="text-gray-700">
          {chunk
            ? t('common.errors.chunkMessage')
            : isRouteErrorResponse(error)
              ? `${error.status} ${error.statusText}`
              : t('common.errors.unexpectedMessage')}
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {t('common.states.reloadPage')}
        </button>
      </main>
    </>
  );
}
