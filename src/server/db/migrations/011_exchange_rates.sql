-- Exchange rates an admin enters (decision 0048): how many shillings one unit of a currency
-- buys, and the day it was set. No row for a currency: its converted prices are hidden.
CREATE TABLE exchange_rates (
  currency text PRIMARY KEY CHECK (currency IN ('USD', 'GBP', 'EUR', 'SEK', 'NOK', 'CAD', 'AED')),
  kes_per_unit numeric(14, 6) NOT NULL CHECK (kes_per_unit > 0),
  set_on date NOT NULL,
  set_by text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
