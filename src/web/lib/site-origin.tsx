import { createContext, type ReactNode, useContext } from 'react';

const SiteOriginContext = createContext<string | null>(null);

/** The site's address for links that leave it (WhatsApp messages, shares): the same on server and browser. */
export function SiteOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <SiteOriginContext.Provider value={origin}>{children}</SiteOriginContext.Provider>;
}

export function useSiteOrigin(): string {
  const origin = useContext(SiteOriginContext);
  if (origin === null) throw new Error('useSiteOrigin must be used inside SiteOriginProvider');
  return origin;
}
