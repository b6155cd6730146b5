import type { PublicListing } from '#shared/listing';

/** How many of a category's newest listings the similar ones are chosen from (decision 0076). */
export const SIMILAR_POOL = 500;

/**
 * One of a category's newest available listings, with its words as the search splits them
 * (the lexemes of `search_vector`): those of its title (weight A), and all of them.
 */
export interface SimilarCandidate {
  listing: PublicListing;
  titleWords: readonly string[];
  words: readonly string[];
}

/** What a listing's similar ones are measured against: its title's words and its price. */
export interface SimilarSource {
  id: string;
  price: number | null;
  titleWords: readonly string[];
}

/**
 * A listing's similar ones among its category's newest (`pool`, newest first, one more than
 * SIMILAR_POOL so that leaving the listing itself out still leaves SIMILAR_POOL): those
 * sharing more of its title words first (in their title, then anywhere), then the nearest in
 * price by ratio (40,000 is as near to 35,000 as 4,000 to 3,500), then the newest.
 */
export function rankSimilar(source: SimilarSource, pool: readonly SimilarCandidate[], limit: number): PublicListing[] {
  const words = new Set(source.titleWords);
  const shared = (candidate: readonly string[]) => candidate.reduce((n, word) => n + (words.has(word) ? 1 : 0), 0);
  const sourcePrice = (source.price ?? 0) + 1;
  return pool
    .filter((candidate) => candidate.listing.id !== source.id)
    .slice(0, SIMILAR_POOL)
    .map((candidate, newest) => ({
      listing: candidate.listing,
      inTitle: shared(candidate.titleWords),
      anywhere: shared(candidate.words),
      priceDistance: Math.abs(Math.log(((candidate.listing.price ?? 0) + 1) / sourcePrice)),
      newest,
    }))
    .sort(
      (a, b) =>
        b.inTitle - a.inTitle || b.anywhere - a.anywhere || a.priceDistance - b.priceDistance || a.newest - b.newest,
    )
    .slice(0, limit)
    .map((ranked) => ranked.listing);
}
