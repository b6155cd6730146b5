import { useState } from 'react';
import type { PasswordLink } from '#shared/staff-accounts';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { CONTROL_CLASS } from '#web/components/ui/field';
import { useT } from '#web/i18n/locale-provider';

const timeFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** A one-time password link, shown once to the admin who made it, to pass on. */
export function PasswordLinkDialog({
  username,
  link,
  onClose,
}: {
  username: string;
  link: PasswordLink;
  onClose: () => void;
}) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const title = t('admin.staff.linkTitle', { username });
  return (
    <Dialog label={title} onClose={onClose} className="max-w-lg">
      <div className="space-y-4 p-6">
        <h2 className="text-xl font-bold break-words">{title}</h2>
        <p>{t('admin.staff.linkText', { username, time: timeFormat.format(new Date(link.expiresAt)) })}</p>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t('admin.staff.linkLabel')}</span>
          <input readOnly value={link.url} className={CONTROL_CLASS} onFocus={(e) => e.currentTarget.select()} />
        </label>
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() =>
              navigator.clipboard?.writeText(link.url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? t('admin.staff.copied') : t('admin.staff.copy')}
          </Button>
          <Button onClick={onClose}>{t('admin.staff.done')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
