// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '#shared/dashboard-stats';
import { PageProviders, serverPage } from '#web/testing/server-page';
import '#web/features/admin/staff-messages';
import { SERIES } from './lead-analytics';
import { StatCards } from './stat-cards';

const stats: DashboardStats = {
  totalListings: 91,
  products: 30,
  properties: 25,
  businesses: 20,
  visas: 16,
  blogs: 6,
  totalInquiries: 4,
  newInquiries: 2,
  convertedInquiries: 1,
  rates: { missing: [], oldestSetOn: null, ageDays: null },
};

/** A colour's hue in degrees. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('what the staff figures count', () => {
  it('the overview names its count of every listing, active or not', () => {
    const page = serverPage(
      <PageProviders address="/admin">
        <StatCards stats={stats} loading={false} />
      </PageProviders>,
    );
    const card = [...page.querySelectorAll('li')].find((li) => li.textContent?.includes('All Listings'));
    expect(card?.textContent).toContain('91');
    expect(card?.textContent).toContain('Every listing, active or not');
  });

  it('the leads chart draws each line in a colour of its own hue (at least 60° apart) and its own dash', () => {
    for (const a of SERIES) {
      for (const b of SERIES) {
        if (a === b) continue;
        const apart = Math.abs(hue(a.colour) - hue(b.colour));
        expect(Math.min(apart, 360 - apart), `${a.key} and ${b.key}`).toBeGreaterThanOrEqual(60);
        expect(a.dash, `${a.key} and ${b.key}`).not.toBe(b.dash);
      }
    }
  });
});
