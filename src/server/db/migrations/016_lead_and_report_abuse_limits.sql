-- Counts that resist inflation (decision 0071). A visitor is now an address (an IPv6 client by
-- its /64), whatever its browser says; each address adds at most a few hundred new events a
-- day. This counts them per UTC day; older days are deleted with the day's salt.
CREATE TABLE lead_address_days (
  day date NOT NULL,
  visitor bigint NOT NULL,
  events integer NOT NULL CHECK (events >= 0),
  PRIMARY KEY (day, visitor)
);

-- Days on which a listing's count may have jumped: only busy days (20 visitors or more) can,
-- so the Analytics screen reads this small index, not every day of every listing.
CREATE INDEX lead_daily_busy_idx ON lead_daily (day) INCLUDE (listing_id, kind, visitors) WHERE visitors >= 20;

-- Who sent a report, as the same daily hash of the address: a few reports per listing,
-- address and day are kept, more are refused.
ALTER TABLE listing_reports ADD COLUMN reporter bigint;
CREATE INDEX listing_reports_reporter_idx ON listing_reports (listing_id, reporter, created_at)
  WHERE reporter IS NOT NULL;
