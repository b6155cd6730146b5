import { useMutation } from '@tanstack/react-query';
import type { NewsletterInput, NewsletterStatus } from '#shared/newsletter-schema';
import { apiFetch } from '#web/lib/api-client';

export interface SubscribeAnswer {
  status: NewsletterStatus;
  message: string;
}

export const subscribe = (input: NewsletterInput) =>
  apiFetch<SubscribeAnswer>('/api/newsletter', { method: 'POST', json: input });

export const useSubscribe = () => useMutation({ mutationFn: subscribe });
