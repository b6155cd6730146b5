import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../../../shared/contact-schema';
import { apiFetch } from '../../../lib/api-client';

export const sendInquiry = (input: ContactInput) =>
  apiFetch<{ status: 'received'; message: string }>('/api/inquiries', { method: 'POST', json: input });

export const useSendInquiry = () => useMutation({ mutationFn: sendInquiry });
