import { useState } from 'react';
import { useT } from '../../../i18n/locale-provider';

/** Web Share API where the browser has it (phones), else copies the link. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const t = useT();
  const [status, setStatus] = useState('');
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t('listings.detail.linkCopied'));
    } catch {
      setStatus(t('listings.detail.copyFailed'));
    }
  };
  return (
    <div>
      <button
        type="button"
        onClick={share}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-gray-400 bg-white px-4 py-2 font-medium text-gray-900 hover:bg-gray-50"
      >
        {t('listings.detail.share')}
      </button>
      <p role="status" className="mt-2 min-h-5 text-center text-sm text-gray-700">
        {status}
      </p>
    </div>
  );
}
