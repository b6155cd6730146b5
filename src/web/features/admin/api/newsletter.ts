import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsletterIssueInput, NewsletterIssueSummary, NewsletterOverview } from '#shared/newsletter-issue';
import { apiFetch } from '#web/lib/api-client';

/** The subscribers' counts and the digest's schedule. */
export function useNewsletterOverview() {
  return useQuery({
    queryKey: ['admin', 'newsletter'],
    queryFn: ({ signal }) => apiFetch<NewsletterOverview>('/api/admin/newsletter', { signal }),
  });
}

/** The past issues, newest first; an issue being queued shows its count growing. */
export function useNewsletterIssues() {
  return useQuery({
    queryKey: ['admin', 'newsletter', 'issues'],
    queryFn: ({ signal }) => apiFetch<{ issues: NewsletterIssueSummary[] }>('/api/admin/newsletter/issues', { signal }),
    refetchInterval: (query) => (query.state.data?.issues.some((issue) => issue.sentAt === null) ? 3_000 : false),
  });
}

/** Sends an issue (the same send key twice is one issue). */
export function useSendNewsletterIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (issue: NewsletterIssueInput) =>
      apiFetch<NewsletterIssueSummary>('/api/admin/newsletter/issues', { method: 'POST', json: issue }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'newsletter'] }),
  });
}
