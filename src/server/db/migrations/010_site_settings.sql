-- The office's contact details, social links, home-page figures and WhatsApp greeting, edited
-- by admins (docs/product.md#site-settings). One row, a JSON document checked by the shared
-- schema (src/shared/site-settings-schema.ts) on every write and read; without the row the
-- server uses its defaults (src/server/modules/site-settings/defaults.ts).
CREATE TABLE site_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  settings jsonb NOT NULL CHECK (jsonb_typeof(settings) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT now()
);
