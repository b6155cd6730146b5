-- A search that scans the newest listings (docs/decisions/0080) tests each one's words. Read from
-- the table, every listing tested is a table page visited; this index carries the words
-- beside the page's order, so a walk reads the index alone (an index-only scan).
--
-- A btree entry holds at most 2,704 bytes, and a long description can make a document far
-- longer. Only documents whose text form fits 1,600 bytes go in (the stored form is at most
-- about 1.3 times the text form, so those fit with room for the keys); the few longer ones
-- have an index of their own, which a walk reads alongside. WALKABLE_DOCUMENT in
-- src/server/modules/listings/repository.ts is this condition, written the same way.
CREATE INDEX listings_search_walk_idx ON listings (category, created_at DESC, id DESC) INCLUDE (search_vector)
  WHERE is_active AND availability = 'active' AND octet_length(search_vector::text) <= 1600;
CREATE INDEX listings_search_walk_long_idx ON listings (category, created_at DESC, id DESC)
  WHERE is_active AND availability = 'active' AND octet_length(search_vector::text) > 1600;
