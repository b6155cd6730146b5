import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES } from '#shared/blog';
import { CATEGORIES } from '#shared/categories';
import { BLOG_POSTS, DEMO_LISTINGS } from './seed';
import { parseSeedArgs } from './seed-command';

// What the seed holds and how its command reads arguments; seeding a database is tested in tests/api/seed.test.ts.
describe('seed content', () => {
  it('has unique titles per category, so picture keys do not collide', () => {
    for (const category of CATEGORIES) {
      const titles = DEMO_LISTINGS.filter((l) => l.category === category).map((l) => l.title.toLowerCase());
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  it('has six blog posts, one per category, the first one featured', () => {
    expect(BLOG_POSTS.map((p) => p.category)).toEqual([...BLOG_CATEGORIES]);
    expect(BLOG_POSTS.map((p) => p.featured)).toEqual([true, false, false, false, false, false]);
    for (const post of BLOG_POSTS) {
      const paragraphs = post.body.split(/\n\s*\n/).filter((block) => !block.startsWith('## '));
      expect(paragraphs.length).toBeGreaterThanOrEqual(5);
      expect(paragraphs.length).toBeLessThanOrEqual(8);
      expect(post.published_at).toMatch(/^2024-\d\d-\d\d$/);
      expect(post.body).not.toMatch(/<[a-z]/i);
    }
  });
});
describe('npm run seed arguments', () => {
  const dev = { production: false };
  it.each([
    ['bare: the launch content only', [], dev, { plan: { demo: false, syntheticListings: 0 } }],
    ['--content', ['--content'], dev, { plan: { demo: false, syntheticListings: 0 } }],
    ['--demo', ['--demo'], dev, { plan: { demo: true, syntheticListings: 0 } }],
    ['--demo --listings 500', ['--demo', '--listings', '500'], dev, { plan: { demo: true, syntheticListings: 500 } }],
    ['--help', ['--help'], dev, { help: true }],
  ] as const)('%s', (_name, args, env, expected) => {
    expect(parseSeedArgs([...args], env)).toEqual(expected);
  });

  it.each([
    ['--demo in production', ['--demo'], { production: true }, /never loaded with NODE_ENV=production/],
    ['--listings without --demo', ['--listings', '5'], dev, /use it with --demo/],
    ['--content and --demo', ['--content', '--demo'], dev, /not both/],
    ['a bad count', ['--demo', '--listings', 'many'], dev, /whole number/],
    ['an unknown option', ['--everything'], dev, /Unknown option/],
  ] as const)('refuses %s', (_name, args, env, message) => {
    const parsed = parseSeedArgs([...args], env);
    expect('error' in parsed && parsed.error).toMatch(message);
  });
});
