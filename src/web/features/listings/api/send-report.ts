import { useMutation } from '@tanstack/react-query';
import type { ListingReportInput } from '#shared/listing-report';
import { apiFetch } from '#web/lib/api-client';

export const sendReport = ({ listingId, report }: { listingId: string; report: ListingReportInput }) =>
  apiFetch<{ status: 'received'; message: string }>(`/api/listings/${encodeURIComponent(listingId)}/reports`, {
    method: 'POST',
    json: report,
  });

export const useSendReport = () => useMutation({ mutationFn: sendReport });
