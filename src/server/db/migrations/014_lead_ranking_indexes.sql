-- The top listings by WhatsApp taps over 30 or 90 days (decision 0054): only listings with a
-- busy day are summed, found through this small index (a day with one tap, most rows, is not
-- in it), and each one's days are then read from the per-listing index below.
CREATE INDEX lead_daily_whatsapp_busy_idx ON lead_daily (day) INCLUDE (listing_id, visitors)
  WHERE kind = 'whatsapp' AND visitors > 1;

-- Per listing, kind and day, with the count: a listing's days in a range are read from the
-- index alone (the ranking above, the CSV export); it also serves what the old one did.
CREATE INDEX lead_daily_listing_day_idx ON lead_daily (listing_id, kind, day) INCLUDE (visitors);
DROP INDEX lead_daily_listing_idx;
