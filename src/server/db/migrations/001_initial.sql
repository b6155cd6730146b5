-- Initial schema. Runs unchanged on PGlite and on PostgreSQL 15+.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE listings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  category text NOT NULL CHECK (category IN ('product', 'property', 'business', 'visa')),
  subcategory text NOT NULL,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 5000),
  price numeric(14, 2) NOT NULL CHECK (price > 0),
  location text CHECK (char_length(location) <= 200),
  whatsapp_number text NOT NULL CHECK (char_length(whatsapp_number) BETWEEN 1 AND 32),
  image_urls text[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  product_condition text CHECK (product_condition IN ('new', 'used', 'refurbished')),
  bedrooms integer CHECK (bedrooms >= 0),
  bathrooms integer CHECK (bathrooms >= 0),
  square_feet integer CHECK (square_feet >= 0),
  property_type text CHECK (property_type IN ('apartment', 'shop', 'commercial', 'land', 'house', 'office')),
  monthly_revenue numeric(14, 2) CHECK (monthly_revenue >= 0),
  years_established integer CHECK (years_established BETWEEN 0 AND 100),
  business_type text CHECK (char_length(business_type) <= 100),
  country text CHECK (char_length(country) <= 100),
  visa_type text CHECK (char_length(visa_type) <= 100),
  processing_time text CHECK (char_length(processing_time) <= 100),
  requirements text CHECK (char_length(requirements) <= 5000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Lowercased text that the public search matches against (docs/product.md#search: title, description
  -- and the type-specific fields).
  search_text text GENERATED ALWAYS AS (
    lower(
      title || ' ' || description || ' ' ||
      coalesce(product_condition, '') || ' ' || coalesce(property_type, '') || ' ' ||
      coalesce(business_type, '') || ' ' || coalesce(country, '') || ' ' ||
      coalesce(visa_type, '') || ' ' || coalesce(location, '')
    )
  ) STORED,
  CONSTRAINT listings_subcategory_matches_category CHECK (
    (category = 'product' AND subcategory IN ('electronics', 'baati', 'accessories', 'phones', 'cases')) OR
    (category = 'property' AND subcategory IN ('apartment', 'shop', 'commercial', 'land')) OR
    (category = 'business' AND subcategory IN ('restaurant', 'retail', 'service', 'manufacturing', 'wholesale')) OR
    (category = 'visa' AND subcategory IN ('tourist', 'business', 'student', 'work', 'transit'))
  )
);
CREATE INDEX listings_category_active_created_idx ON listings (category, is_active, created_at DESC, id DESC);
CREATE INDEX listings_category_active_price_idx ON listings (category, is_active, price);
CREATE INDEX listings_search_trgm_idx ON listings USING gin (search_text gin_trgm_ops);

CREATE TABLE blog_posts (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text NOT NULL,
  excerpt text NOT NULL,
  body text NOT NULL,
  image_url text NOT NULL,
  category text NOT NULL,
  published_at date NOT NULL,
  read_time_minutes integer NOT NULL CHECK (read_time_minutes > 0),
  featured boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blog_posts_published_idx ON blog_posts (published_at DESC, id DESC);
CREATE INDEX blog_posts_category_idx ON blog_posts (category, published_at DESC);

CREATE TABLE inquiries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'read', 'converted')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inquiries_created_idx ON inquiries (created_at DESC);
CREATE INDEX inquiries_status_idx ON inquiries (status);

CREATE TABLE newsletter_subscribers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX newsletter_subscribers_email_idx ON newsletter_subscribers (lower(email));

CREATE TABLE staff_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL CHECK (char_length(username) BETWEEN 3 AND 64),
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
  name text,
  is_disabled boolean NOT NULL DEFAULT false,
  settings jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_users_username_idx ON staff_users (lower(username));

-- Server-side sessions. The id column holds a SHA-256 of the cookie value, so a copy of
-- the table does not let anyone sign in.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  staff_user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX sessions_staff_user_idx ON sessions (staff_user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Counters for rate limits, shared by every app instance.
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
