import { useState } from 'react';
import { Button } from '#web/components/ui/button';
import { useT } from '#web/i18n/locale-provider';
import { LEAD_KIND_ATTRIBUTE } from '#web/lib/lead-beacon';

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
      <Button variant="secondary" onClick={share} className="w-full" {...{ [LEAD_KIND_ATTRIBUTE]: 'share' }}>
        {t('listings.detail.share')}
      </Button>
      <p role="status" className="mt-2 min-h-5 text-center text-sm text-gray-700">
        {status}
      </p>
    </div>
  );
}
