import { Button } from './button';

/** What an error boundary shows: what happened, and one way on (reload, by default). */
export function ErrorScreen({
  title,
  message,
  actionLabel,
  onAction = () => window.location.reload(),
  fullHeight = false,
}: {
  title: string;
  message: string;
  actionLabel: string;
  onAction?: () => void;
  /** The whole screen (no header or footer around it), not the page's part. */
  fullHeight?: boolean;
}) {
  return (
    <main
      role="alert"
      className={`mx-auto flex ${fullHeight ? 'min-h-screen' : 'min-h-[60vh]'} max-w-lg flex-col items-center justify-center gap-4 p-6 text-center`}
    >
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="text-gray-700">{message}</p>
      <Button onClick={onAction}>{actionLabel}</Button>
    </main>
  );
}
