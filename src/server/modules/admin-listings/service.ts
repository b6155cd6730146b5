// What the trust marks (listing-trust) use of the staff's listings.
export { adminListingsRepository } from './repository';
export { listingIdParams } from './schemas';
