import { PUBLIC_ORIGIN } from '../../shared/public-page';
import { CACHE_TIP } from './content/common';
import type { GuideContent, InstallStep } from './content/types';

const CONTEXT = 'https://schema.org';

/** The marketing data of spec section 1: price 5 USD valid until 2025-12-31, rating 4.8 from 247. */
export const SOFTWARE_APPLICATION: Record<string, unknown> = {
  '@context': CONTEXT,
  '@type': 'SoftwareApplication',
  name: 'Sniff',
  applicationCategory: 'BusinessApplication',
  operatingSystem: 'Web',
  url: PUBLIC_ORIGIN,
  description: 'Hosted, typo-tolerant site search: one script tag gives a website an instant search bar.',
  offers: {
    '@type': 'Offer',
    price: '5',
    priceCurrency: 'USD',
    priceValidUntil: '2025-12-31',
  },
  aggregateRating: {
    '@type': 'AggregateRating',
    ratingValue: '4.8',
    ratingCount: '247',
  },
};

const PUBLISHER = { '@type': 'Organization', name: 'Sniff', url: PUBLIC_ORIGIN };

/** The four install steps in page order (also the 4-step overview). */
export function installSteps(guide: GuideContent): InstallStep[] {
  const { connect, code, place, test } = guide.install;
  return [connect, code, place, test];
}

/** What the page's test step says, cache tip included (the template always shows it). */
function stepText(step: InstallStep, isTest: boolean): string {
  return isTest ? `${step.summary} ${CACHE_TIP}` : step.summary;
}

/**
 * JSON-LD for one guide: HowTo (its install steps), FAQPage (the FAQ the page renders) and
 * SoftwareApplication; troubleshooting guides add a TechArticle.
 */
export function guideStructuredData(guide: GuideContent): Record<string, unknown>[] {
  const url = `${PUBLIC_ORIGIN}${guide.path}`;
  const steps = installSteps(guide);
  const howTo = {
    '@context': CONTEXT,
    '@type': 'HowTo',
    name: guide.hero.heading,
    description: guide.description,
    totalTime: `PT${guide.setupMinutes}M`,
    tool: [{ '@type': 'HowToTool', name: 'Sniff' }],
    step: steps.map((step, i) => ({
      '@type': 'HowToStep',
      position: i + 1,
      name: step.title,
      text: stepText(step, i === steps.length - 1),
      url: `${url}#step-${i + 1}`,
    })),
  };
  const faq = {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: guide.faq.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  };
  const data: Record<string, unknown>[] = [howTo, faq, SOFTWARE_APPLICATION];
  if (guide.troubleshooting) {
    data.push({
      '@context': CONTEXT,
      '@type': 'TechArticle',
      headline: guide.hero.heading,
      description: guide.description,
      url,
      mainEntityOfPage: url,
      proficiencyLevel: 'Beginner',
      articleSection: 'Troubleshooting',
      keywords: guide.keywords.join(', '),
      author: PUBLISHER,
      publisher: PUBLISHER,
    });
  }
  return data;
}
