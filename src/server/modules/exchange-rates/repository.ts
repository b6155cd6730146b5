import type { Queryable } from '#server/db/database';
import type { ExchangeRates, ForeignCurrency } from '#shared/currency';
import type { ExchangeRatesInput } from '#shared/exchange-rates-schema';

/** The rates admins enter (migration 011_exchange_rates). */
export function exchangeRatesRepository(db: Queryable) {
  return {
    async all(): Promise<ExchangeRates> {
      const { rows } = await db.query<{ currency: ForeignCurrency; kes_per_unit: number; set_on: string }>(
        'SELECT currency, kes_per_unit, set_on FROM exchange_rates ORDER BY currency',
      );
      return Object.fromEntries(rows.map((r) => [r.currency, { kesPerUnit: Number(r.kes_per_unit), setOn: r.set_on }]));
    },

    /** Sets the rates given, all on one day, and removes the others (locked, for the audit log's "before"). */
    async replace(input: ExchangeRatesInput, by: string): Promise<void> {
      await db.query('LOCK TABLE exchange_rates IN SHARE ROW EXCLUSIVE MODE');
      const given = Object.entries(input.rates).filter((entry): entry is [ForeignCurrency, number] => entry[1] != null);
      await db.query('DELETE FROM exchange_rates WHERE currency <> ALL($1::text[])', [given.map(([c]) => c)]);
      for (const [currency, kesPerUnit] of given) {
        await db.query(
          `INSERT INTO exchange_rates (currency, kes_per_unit, set_on, set_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (currency) DO UPDATE SET kes_per_unit = $2, set_on = $3, set_by = $4, updated_at = now()`,
          [currency, kesPerUnit, input.setOn, by],
        );
      }
    },
  };
}
