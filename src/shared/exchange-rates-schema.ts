import { z } from 'zod';
import { type ExchangeRate, FOREIGN_CURRENCIES, type ForeignCurrency } from './currency';

/** The rates form's rules, one schema for the admin form and the server; messages are catalog keys. */
const E = 'admin.rates.errors';
/** Far above any real rate (1 unit of any listed currency is a few hundred shillings at most). */
export const MAX_KES_PER_UNIT = 100_000;

const rate = z
  .number({ message: `${E}.rateNumber` })
  .positive(`${E}.ratePositive`)
  .max(MAX_KES_PER_UNIT, `${E}.rateTooLarge`)
  // A negative number has its own message; scientific notation (1e-7) has too many decimals.
  .refine((v) => /^\d+(\.\d{1,6})?$/.test(String(Math.abs(v))), `${E}.rateDecimals`);

/** A calendar day, not after tomorrow (the office's today, whatever the browser's clock says). */
const day = z
  .string({ message: `${E}.badDate` })
  .regex(/^\d{4}-\d{2}-\d{2}$/, `${E}.badDate`)
  .refine((v) => {
    const parsed = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(v) && v >= '2000-01-01';
  }, `${E}.badDate`)
  .refine((v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + 2 * 86_400_000, `${E}.futureDate`);

/**
 * PUT /api/admin/exchange-rates: the day the rates were set and each currency's rate in
 * shillings per unit; null (or leaving a currency out) removes its rate, hiding its amounts.
 */
export const exchangeRatesInputSchema = z.strictObject({
  setOn: day,
  rates: z.strictObject(
    Object.fromEntries(FOREIGN_CURRENCIES.map((c) => [c, rate.nullable().optional()])) as Record<
      ForeignCurrency,
      z.ZodOptional<z.ZodNullable<typeof rate>>
    >,
  ),
});
export type ExchangeRatesInput = z.infer<typeof exchangeRatesInputSchema>;

/** The same rules over the admin form's text boxes: an empty box removes that currency's rate. */
export const exchangeRatesFormSchema = z.object({
  setOn: day,
  rates: z.object(
    Object.fromEntries(
      FOREIGN_CURRENCIES.map((c) => [
        c,
        z
          .string()
          .transform((v) => (v.trim() === '' ? null : Number(v.trim())))
          .pipe(rate.nullable()),
      ]),
    ) as Record<
      ForeignCurrency,
      z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<number | null, string>>, z.ZodNullable<typeof rate>>
    >,
  ),
}) satisfies z.ZodType<ExchangeRatesInput, unknown>;
export type ExchangeRatesFormValues = z.input<typeof exchangeRatesFormSchema>;

const storedRate = z.object({ kesPerUnit: z.number(), setOn: z.string() }) satisfies z.ZodType<ExchangeRate>;
/** What the public API answers: the rates there are. */
export const exchangeRatesAnswerSchema = z.object({
  rates: z.object(
    Object.fromEntries(FOREIGN_CURRENCIES.map((c) => [c, storedRate.optional()])) as Record<
      ForeignCurrency,
      z.ZodOptional<typeof storedRate>
    >,
  ),
});
