import { useEffect, useState } from 'react';

/** docs/product.md#navbar: the navbar takes its scrolled style after 10 px. */
export const SCROLLED_AFTER_PX = 10;

export function useScrolled(threshold = SCROLLED_AFTER_PX): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
