import { AppErrorBoundary } from './app-error-boundary';
import { AppProviders, type AppProvidersProps } from './providers';

/** The app around its router: the browser's RouterProvider or the server's StaticRouterProvider. */
export function App(props: AppProvidersProps) {
  return (
    <AppErrorBoundary>
      <AppProviders {...props} />
    </AppErrorBoundary>
  );
}
