import { describe, expect, it } from 'vitest';
import type { Category } from '#shared/categories';
import { createTranslator } from '#shared/i18n';
import { activeFilters } from './active-filters';

const en = createTranslator('en');

describe('activeFilters: one chip per filter the address sets, each linking to the page without it', () => {
  const cases: { category: Category; address: string; chips: [string, string][] }[] = [
    { category: 'product', address: '', chips: [] },
    { category: 'product', address: 'sort=price_asc&page=2&utm_source=x', chips: [] },
    { category: 'product', address: 'q=%20', chips: [] },
    {
      category: 'product',
      address: 'q=galaxy&subcategory=electronics&page=3',
      chips: [
        ['Search: “galaxy”', '?subcategory=electronics'],
        ['Category: Electronics', '?q=galaxy'],
      ],
    },
    // A range's two ends are one filter; an option it does not list shows its figures.
    { category: 'product', address: 'maxPrice=5000', chips: [['Price Range: Under KSH 5,000', '']] },
    {
      category: 'property',
      address: 'minPrice=7&maxPrice=9&sort=newest',
      chips: [['Price Range: 7–9', '?sort=newest']],
    },
    {
      category: 'property',
      address: 'bedrooms=4&location=Kilimani',
      chips: [
        ['Location: “Kilimani”', '?bedrooms=4'],
        ['Bedrooms: 4+', '?location=Kilimani'],
      ],
    },
    // A parameter of another category's page is not a filter here.
    { category: 'product', address: 'bedrooms=2', chips: [] },
    { category: 'visa', address: 'country=USA', chips: [['Country: United States', '']] },
    // A value the page left out is no filter, and a chip's link drops it too.
    { category: 'product', address: 'minPrice=abc', chips: [] },
    { category: 'property', address: 'bedrooms=99', chips: [] },
    { category: 'visa', address: 'country=Atlantis', chips: [] },
    { category: 'product', address: 'condition=used&minPrice=abc', chips: [['Condition: Used', '']] },
  ];
  it.each(cases)('$category ?$address', ({ category, address, chips }) => {
    const active = activeFilters(category, new URLSearchParams(address), en);
    expect(active.map((filter) => [filter.label, filter.search])).toEqual(chips);
  });
});
