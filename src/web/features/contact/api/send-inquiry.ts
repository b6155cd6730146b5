import { useMutation } from '@tanstack/react-query';
import type { ContactFields } from '#shared/contact-fields';
import { apiFetch } from '#web/lib/api-client';

export const sendInquiry = (input: ContactFields) =>
  apiFetch<{ status: 'received'; message: string }>('/api/inquiries', { method: 'POST', json: input });

export const useSendInquiry = () => useMutation({ mutationFn: sendInquiry });
