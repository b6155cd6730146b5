import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExchangeRates } from '#shared/currency';
import type { ExchangeRatesInput } from '#shared/exchange-rates-schema';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export const adminExchangeRatesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'exchange-rates'],
    queryFn: async ({ signal }) => (await apiFetch<{ rates: ExchangeRates }>('/api/exchange-rates', { signal })).rates,
  });

export function useAdminExchangeRates() {
  return useQuery(adminExchangeRatesQueryOptions());
}

export function useSaveExchangeRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ExchangeRatesInput) =>
      (await apiFetch<{ rates: ExchangeRates }>('/api/admin/exchange-rates', { method: 'PUT', json: input })).rates,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['exchange-rates'] });
      return invalidateAdminData(queryClient);
    },
  });
}
