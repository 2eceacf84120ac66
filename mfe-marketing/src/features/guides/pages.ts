import { createElement } from 'react';
import type { PublicPage } from '../../shared/public-page';
import { PLATFORM_GUIDES } from './content/platforms';
import { SQUARESPACE_PLACEMENT_GUIDES } from './content/squarespace-placements';
import { SQUARESPACE_TOPIC_GUIDES } from './content/squarespace-topics';
import type { GuideContent, GuideLink } from './content/types';
import { GuidePage } from './GuidePage';
import { guideStructuredData } from './structured-data';

/**
 * Every guide route of spec section 2, in the spec's order. Left out on purpose: the spec's
 * literal "{token}" entry and /blog (linked by the source site, but no blog exists).
 */
export const GUIDES: GuideContent[] = [
  ...PLATFORM_GUIDES,
  ...SQUARESPACE_TOPIC_GUIDES,
  ...SQUARESPACE_PLACEMENT_GUIDES,
];

const byPath = new Map(GUIDES.map((g) => [g.path, g]));

function relatedLinks(guide: GuideContent): GuideLink[] {
  return guide.related.map((path) => {
    const target = byPath.get(path);
    if (!target) throw new Error(`${guide.path} links to ${path}, which is not a guide`);
    return { href: path, label: target.hero.heading };
  });
}

export const GUIDE_PAGES: PublicPage[] = GUIDES.map((guide) => {
  const related = relatedLinks(guide);
  return {
    path: guide.path,
    title: guide.title,
    description: guide.description,
    keywords: guide.keywords,
    structuredData: guideStructuredData(guide),
    Page: () => createElement(GuidePage, { guide, related }),
  };
});

/** Old names the spec shows linked; the route table answers them with permanent redirects. */
export const GUIDE_ALIASES: Record<string, string> = {
  '/add-search-bar-to-squarespace-portfolio-page': '/add-search-bar-to-squarespace-portfolio',
  '/add-search-bar-to-squarespace-blog-page': '/add-search-bar-to-squarespace-blog',
};
