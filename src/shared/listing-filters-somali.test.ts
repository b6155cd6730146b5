import { describe, expect, it } from 'vitest';
import { VISA_COUNTRIES, type VisaCountry } from './listing-filters';
import { planSearch, searchMatchClass } from './listing-search';

const visaIn = (country: string) => ({
  title: 'Visa service',
  description: 'We prepare your application.',
  subcategory: 'tourist',
  location: 'Nairobi, Kenya',
  product_condition: null,
  property_type: null,
  business_type: null,
  country,
  visa_type: 'tourist',
});

describe('a visa search in Somali', () => {
  it.each([
    ['Maraykan', 'USA'],
    ['ingiriiska', 'UK'],
    ['Jarmal', 'Germany'],
    ['Imaaraadka', 'Dubai'],
    ['koonfur afrika', 'South Africa'],
  ] as const)('%s finds the listings stored as %s', (search, stored) => {
    const plan = planSearch(search, 'visa');
    expect(plan && searchMatchClass(plan, visaIn(stored))).toBeDefined();
  });

  it('finds every country by each of its names, whatever name the listing carries', () => {
    for (const [code, names] of Object.entries(VISA_COUNTRIES) as [VisaCountry, readonly string[]][]) {
      for (const name of names) {
        for (const stored of [code, ...names]) {
          const plan = planSearch(name, 'visa');
          expect(plan && searchMatchClass(plan, visaIn(stored)), `${name} → ${stored}`).toBeDefined();
        }
      }
    }
  });
});
