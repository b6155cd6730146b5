import sharp from 'sharp';

// Every image the site processes is new (an upload, a seed picture) and processed once:
// libvips' operation cache (up to 50 MB by default) would only hold memory.
sharp.cache(false);

/** sharp, set up for this server; import it from here so the settings always apply. */
export { sharp };
