import { lazy, Suspense, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { useT } from '#web/i18n/locale-provider';

/** The dialog and its form rules load only when a visitor opens it. */
const ReportDialog = lazy(() => import('./report-dialog'));

/** "Report this listing" on a listing page (docs/product.md#reports). */
export function ReportButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" className="self-start text-gray-700 underline" onClick={() => setOpen(true)}>
        {t('report.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
