/** The exchange rates part of the staff's Site settings (admin screens stay English). */
export const adminRates = {
  rates: {
    heading: 'Exchange rates',
    intro:
      'Visitors can see prices in their own currency beside the shillings, approximately, at these rates. Leave a rate empty to show no amount in that currency.',
    setOn: 'Rates of (date)',
    setOnHint: 'Shown to visitors as "rate of …".',
    perUnit: 'KES for 1 {currency}',
    current: 'Now: {rate} KES, rate of {date}',
    none: 'No rate: amounts in {currency} are hidden',
    save: 'Save rates',
    saved: 'Rates saved. The public pages use them now.',
    loadFailed: 'Could not load the exchange rates',
    warnings: {
      missing: 'No exchange rate for {currencies}: visitors who choose it see prices in Ksh only.',
      stale: 'The exchange rates are {days} days old (rate of {date}): update them.',
      open: 'Set the rates in Site settings',
    },
    errors: {
      rateNumber: 'Enter a number, e.g. 164.50',
      ratePositive: 'A rate is more than 0',
      rateTooLarge: 'That rate is far too large',
      rateDecimals: 'At most 6 decimals',
      badDate: 'Enter a date as YYYY-MM-DD',
      futureDate: 'The date cannot be in the future',
    },
  },
} as const;
