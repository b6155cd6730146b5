/**
 * Blog pictures are 1200 × 630 (the link-preview size) and carry their own title: cards and
 * posts show them at that ratio, so none of it is cut.
 */
export const BLOG_IMAGE_RATIO_CLASS = 'aspect-[40/21]';
