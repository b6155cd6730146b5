import type { Category } from '../../src/shared/categories';
import type { ListingSeed } from './listings';

/**
 * The search rules as a table (src/shared/listing-search.ts). The unit test checks the
 * reference against it; the API test runs the same rows on PGlite and PostgreSQL.
 */

export type SearchCaseListing = Omit<ListingSeed, 'category'>;

/** A listing with the texts a case names, and plain ones elsewhere that no case searches for. */
export function caseListing(category: Category, texts: SearchCaseListing): ListingSeed & { category: Category } {
  return { category, title: 'Item', description: 'Details on request.', location: null, ...texts };
}

export interface SearchMatchCase {
  rule: string;
  category: Category;
  q: string;
  listing: SearchCaseListing;
  found: boolean;
}

export const SEARCH_MATCH_CASES: SearchMatchCase[] = [
  // Every word, in any order, anywhere; case and punctuation do not matter.
  {
    rule: 'a word of the title',
    category: 'product',
    q: 'galaxy',
    listing: { title: 'Samsung Galaxy S21' },
    found: true,
  },
  { rule: 'any case', category: 'product', q: 'GALAXY', listing: { title: 'Samsung galaxy S21' }, found: true },
  {
    rule: 'two words',
    category: 'product',
    q: 'samsung galaxy',
    listing: { title: 'Samsung Galaxy S21' },
    found: true,
  },
  {
    rule: 'in any order',
    category: 'product',
    q: 'galaxy samsung',
    listing: { title: 'Samsung Galaxy S21' },
    found: true,
  },
  {
    rule: 'words from different fields',
    category: 'property',
    q: 'nairobi apartment',
    listing: { title: '2-Bedroom Apartment to Let', location: 'Kilimani, Nairobi' },
    found: true,
  },
  {
    rule: 'every word must be found',
    category: 'product',
    q: 'samsung iphone',
    listing: { title: 'Samsung Galaxy S21' },
    found: false,
  },
  {
    rule: 'a word of the description',
    category: 'product',
    q: 'charger',
    listing: { description: 'Barely used, with charger' },
    found: true,
  },
  {
    rule: 'words run together are another word',
    category: 'product',
    q: 'lipana',
    listing: { description: 'Lipa na M-Pesa accepted.' },
    found: false,
  },
  {
    rule: 'punctuation in the query separates words too',
    category: 'product',
    q: 'm-pesa',
    listing: { description: 'Lipa na M-Pesa accepted.' },
    found: true,
  },
  {
    rule: 'any apostrophe',
    category: 'property',
    q: "lang'ata",
    listing: { location: 'Lang’ata, Nairobi' },
    found: true,
  },
  { rule: 'letters with accents', category: 'visa', q: 'türkiye', listing: { country: 'Türkiye' }, found: true },
  { rule: 'digits are words', category: 'product', q: 's21', listing: { title: 'Samsung Galaxy S21' }, found: true },
  {
    rule: 'a search without letters or digits is no search',
    category: 'product',
    q: '%',
    listing: { title: 'Sofa' },
    found: true,
  },
  { rule: 'an unrelated word', category: 'product', q: 'laptop', listing: { title: 'Sofa' }, found: false },
  // The last word is also the beginning of a word, while typing.
  {
    rule: 'the last word as a beginning',
    category: 'product',
    q: 'sams',
    listing: { title: 'Samsung A05' },
    found: true,
  },
  {
    rule: 'the last word of two as a beginning',
    category: 'product',
    q: 'galaxy sams',
    listing: { title: 'Samsung Galaxy A05' },
    found: true,
  },
  {
    rule: 'only the last word is a beginning',
    category: 'product',
    q: 'sams galaxy',
    listing: { title: 'Samsung Galaxy A05' },
    found: false,
  },
  {
    rule: 'a beginning needs two characters',
    category: 'product',
    q: 's',
    listing: { title: 'Samsung' },
    found: false,
  },
  { rule: 'a beginning, not a middle', category: 'product', q: 'sung', listing: { title: 'Samsung' }, found: false },
  // One typo in a word of five letters or more.
  { rule: 'a letter missing', category: 'product', q: 'samsng', listing: { title: 'Samsung Galaxy' }, found: true },
  { rule: 'a letter too many', category: 'product', q: 'samsuung', listing: { title: 'Samsung Galaxy' }, found: true },
  { rule: 'a wrong letter', category: 'product', q: 'samsong', listing: { title: 'Samsung Galaxy' }, found: true },
  { rule: 'two letters swapped', category: 'product', q: 'smasung', listing: { title: 'Samsung Galaxy' }, found: true },
  { rule: 'the first letters swapped', category: 'product', q: 'asmsung', listing: { title: 'Samsung' }, found: true },
  { rule: 'the last letter wrong', category: 'product', q: 'samsunk', listing: { title: 'Samsung' }, found: true },
  {
    rule: 'a typo in a place',
    category: 'business',
    q: 'eastlegh',
    listing: { location: 'Eastleigh, Nairobi' },
    found: true,
  },
  {
    rule: 'y reads as i',
    category: 'property',
    q: 'kilimny',
    listing: { location: 'Kilimani, Nairobi' },
    found: true,
  },
  {
    rule: 'a doubled letter reads as one (Somali long vowels)',
    category: 'product',
    q: 'garbasar',
    listing: { title: 'Garbasaar Shawl' },
    found: true,
  },
  {
    rule: 'a long vowel typed short with a typo',
    category: 'product',
    q: 'kalabasi',
    listing: { title: 'Kalabaash Dress' },
    found: true,
  },
  { rule: 'two typos are too many', category: 'product', q: 'smasnug', listing: { title: 'Samsung' }, found: false },
  {
    rule: 'no typo in a word of four letters',
    category: 'product',
    q: 'sofs',
    listing: { title: 'Sofa' },
    found: false,
  },
  {
    rule: 'no typo in a word with digits',
    category: 'product',
    q: 'iphone13',
    listing: { title: 'iPhone12 Pro' },
    found: false,
  },
  {
    rule: 'no stemming: another form of a Somali word is another word',
    category: 'property',
    q: 'dukaan',
    listing: { title: 'Dukaamo Eastleigh' },
    found: false,
  },
  {
    rule: 'Somali and English words side by side',
    category: 'property',
    q: 'guri kilimani',
    listing: { title: 'Guri iib ah, Kilimani' },
    found: true,
  },
  // The category's own fields.
  {
    rule: 'the condition',
    category: 'product',
    q: 'refurbished',
    listing: { product_condition: 'refurbished' },
    found: true,
  },
  { rule: 'the subcategory', category: 'product', q: 'phones', listing: { subcategory: 'phones' }, found: true },
  { rule: 'the property type', category: 'property', q: 'office', listing: { property_type: 'office' }, found: true },
  { rule: 'the business type', category: 'business', q: 'bakery', listing: { business_type: 'Bakery' }, found: true },
  { rule: 'the visa country', category: 'visa', q: 'canada', listing: { country: 'Canada' }, found: true },
  { rule: 'the visa type', category: 'visa', q: 'student', listing: { visa_type: 'Student' }, found: true },
  // Names of categories and countries, in English and Somali.
  {
    rule: 'a subcategory by its Somali name',
    category: 'product',
    q: 'taleefanno',
    listing: { subcategory: 'phones' },
    found: true,
  },
  {
    rule: 'a property type by its Somali name',
    category: 'property',
    q: 'guri',
    listing: { property_type: 'house' },
    found: true,
  },
  {
    rule: 'a business type by its Somali name',
    category: 'business',
    q: 'makhaayad',
    listing: { subcategory: 'restaurant' },
    found: true,
  },
  {
    rule: 'a visa type by another name',
    category: 'visa',
    q: 'employment',
    listing: { visa_type: 'work' },
    found: true,
  },
  {
    rule: 'a visa type by its Somali name',
    category: 'visa',
    q: 'arday',
    listing: { visa_type: 'student' },
    found: true,
  },
  {
    rule: 'a condition by its Somali name',
    category: 'product',
    q: 'cusub',
    listing: { product_condition: 'new' },
    found: true,
  },
  {
    rule: 'a name counts in the fields, not the description',
    category: 'product',
    q: 'taleefanno',
    listing: { subcategory: 'cases', description: 'Fits most phones.' },
    found: false,
  },
  {
    rule: 'a country name finds its code',
    category: 'visa',
    q: 'united states',
    listing: { country: 'USA' },
    found: true,
  },
  { rule: 'UAE finds Dubai', category: 'visa', q: 'uae', listing: { country: 'Dubai' }, found: true },
  { rule: 'united finds the USA', category: 'visa', q: 'united', listing: { country: 'USA' }, found: true },
  { rule: 'united finds the UK', category: 'visa', q: 'united', listing: { country: 'UK' }, found: true },
  {
    rule: 'united states does not find the UK',
    category: 'visa',
    q: 'united states',
    listing: { country: 'UK' },
    found: false,
  },
  {
    rule: 'a code finds a stored name',
    category: 'visa',
    q: 'usa',
    listing: { country: 'United States' },
    found: true,
  },
  { rule: 'Maraykan finds the USA', category: 'visa', q: 'Maraykan', listing: { country: 'USA' }, found: true },
  { rule: 'ingiriiska finds the UK', category: 'visa', q: 'ingiriiska', listing: { country: 'UK' }, found: true },
  { rule: 'Jarmal finds Germany', category: 'visa', q: 'Jarmal', listing: { country: 'Germany' }, found: true },
  { rule: 'Imaaraadka finds Dubai', category: 'visa', q: 'Imaaraadka', listing: { country: 'Dubai' }, found: true },
  {
    rule: 'koonfur finds South Africa',
    category: 'visa',
    q: 'koonfur',
    listing: { country: 'South Africa' },
    found: true,
  },
  { rule: 'a country name with a typo', category: 'visa', q: 'maraykn', listing: { country: 'USA' }, found: true },
  {
    rule: 'the beginning of a country name',
    category: 'visa',
    q: 'jarm',
    listing: { country: 'Germany' },
    found: true,
  },
  {
    rule: 'every word of a country name',
    category: 'visa',
    q: 'united states of america',
    listing: { country: 'USA' },
    found: true,
  },
  {
    rule: 'a short word of a type name does not stand for it',
    category: 'product',
    q: 'la',
    listing: { product_condition: 'used' },
    found: false,
  },
  {
    rule: 'country names count on the visa page only',
    category: 'product',
    q: 'maraykan',
    listing: { title: 'USA Power Adapter' },
    found: false,
  },
];

export interface SearchRankCase {
  rule: string;
  category: Category;
  q: string;
  /** Best first. The better ones are older, so newest first alone would get the order wrong. */
  listings: SearchCaseListing[];
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

export const SEARCH_RANK_CASES: SearchRankCase[] = [
  {
    rule: 'title, then place, then description',
    category: 'property',
    q: 'kilimani',
    listings: [
      { title: 'Flat in Kilimani', created_at: daysAgo(3) },
      { title: 'Flat', location: 'Kilimani, Nairobi', created_at: daysAgo(2) },
      { title: 'Flat', description: 'Ten minutes from Kilimani.', created_at: daysAgo(1) },
    ],
  },
  {
    rule: 'whole word, then beginning, then typo',
    category: 'product',
    q: 'phone',
    listings: [
      { title: 'Phone stand', created_at: daysAgo(3) },
      { title: 'Phones for parts', created_at: daysAgo(2) },
      { title: 'Fhone charger', created_at: daysAgo(1) },
    ],
  },
  {
    rule: 'a whole word in the description before a typo in the title',
    category: 'product',
    q: 'samsung',
    listings: [
      { description: 'Fits the Samsung A05.', created_at: daysAgo(2) },
      { title: 'Samsng case', created_at: daysAgo(1) },
    ],
  },
  {
    rule: 'the worst-matched word decides',
    category: 'product',
    q: 'samsung galaxy',
    listings: [
      { description: 'Samsung Galaxy box', created_at: daysAgo(2) },
      { title: 'Samsung Galxy', created_at: daysAgo(1) },
    ],
  },
  {
    rule: 'all words in the title before some in the place',
    category: 'property',
    q: 'shop eastleigh',
    listings: [
      { title: 'Shop in Eastleigh', created_at: daysAgo(2) },
      { title: 'Shop', location: 'Eastleigh, Nairobi', created_at: daysAgo(1) },
    ],
  },
  {
    rule: 'equal matches, newest first',
    category: 'product',
    q: 'samsung',
    listings: [
      { title: 'Samsung A15', created_at: daysAgo(1) },
      { title: 'Samsung A05', created_at: daysAgo(2) },
      { title: 'Samsung S10', created_at: daysAgo(3) },
    ],
  },
];
