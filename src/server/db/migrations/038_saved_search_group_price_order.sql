-- A passing group's searches whose price range holds a listing's price, found by binary search
-- (decision 0089): comparing every member's range cost one row per member, about 10,000 a
-- listing. The members are kept in two parts, those without a lowest price first, each part
-- ordered by highest price, highest first (none first); `width_bucket` over a part's negated
-- highest prices (ascending) counts the members whose highest price is at least the price,
-- which lead their part. Those without a lowest price match then and there; only the others'
-- lowest prices are compared one by one.
ALTER TABLE saved_search_groups DROP COLUMN member_max_prices;
ALTER TABLE saved_search_groups
  -- How many members come first, without a lowest price.
  ADD COLUMN member_floorless integer NOT NULL DEFAULT 0,
  -- Each member's highest price negated (none: -Infinity, hence numeric without a scale).
  ADD COLUMN member_ceilings numeric[] NOT NULL DEFAULT '{}';
COMMENT ON COLUMN saved_search_groups.member_ids IS
  'Members without a lowest price, then those with one; each part by highest price, highest (or none) first, then id';

-- The members' arrays of these groups, rebuilt from saved_searches in the order above.
CREATE FUNCTION saved_search_groups_refill(groups bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE saved_search_groups g
    SET (member_ids, member_min_prices, member_ceilings, member_floorless) = (
      SELECT coalesce(array_agg(s.id ORDER BY s.min_price IS NOT NULL, ceiling, s.id), '{}'),
             coalesce(array_agg(s.min_price ORDER BY s.min_price IS NOT NULL, ceiling, s.id), '{}'),
             coalesce(array_agg(ceiling ORDER BY s.min_price IS NOT NULL, ceiling, s.id), '{}'),
             count(*) FILTER (WHERE s.min_price IS NULL)
      FROM saved_searches s CROSS JOIN LATERAL (SELECT -coalesce(s.max_price::numeric, 'Infinity')) AS c(ceiling)
      WHERE s.group_id = g.id)
    WHERE g.id = ANY (groups);
$$;

-- As in migration 037, the members rebuilt by the function above.
CREATE OR REPLACE FUNCTION saved_search_groups_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
  gone bigint[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT group_id) INTO changed FROM old_rows WHERE group_id IS NOT NULL;
  ELSE
    -- Only rows whose group or price range changed (the daily run writes last_sent_at).
    SELECT array_agg(DISTINCT c.group_id) INTO changed
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.group_id), (n.group_id)) AS c(group_id)
    WHERE c.group_id IS NOT NULL
      AND (o.group_id, o.min_price, o.max_price) IS DISTINCT FROM (n.group_id, n.min_price, n.max_price);
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM saved_search_groups g WHERE g.id = ANY (changed) ORDER BY g.id FOR UPDATE;
  PERFORM saved_search_groups_refill(changed);
  -- Groups left empty go, and leave their key rows (a row left without groups goes too). Key
  -- rows are locked in (category, word) order, as confirming a search adds to them.
  SELECT array_agg(g.id) INTO gone FROM saved_search_groups g
    WHERE g.id = ANY (changed) AND cardinality(g.member_ids) = 0;
  IF gone IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM saved_search_group_keys k
    WHERE (k.category, k.word) IN (SELECT g.category, unnest(g.key_words) FROM saved_search_groups g WHERE g.id = ANY (gone))
    ORDER BY k.category, k.word FOR UPDATE;
  UPDATE saved_search_group_keys k SET group_ids = array(SELECT x FROM unnest(k.group_ids) AS x WHERE x <> ALL (gone))
    WHERE (k.category, k.word) IN (SELECT g.category, unnest(g.key_words) FROM saved_search_groups g WHERE g.id = ANY (gone));
  DELETE FROM saved_search_group_keys k
    WHERE (k.category, k.word) IN (SELECT g.category, unnest(g.key_words) FROM saved_search_groups g WHERE g.id = ANY (gone))
      AND cardinality(k.group_ids) = 0;
  DELETE FROM saved_search_groups g WHERE g.id = ANY (gone);
  RETURN NULL;
END $$;

SELECT saved_search_groups_refill(array(SELECT id FROM saved_search_groups));
