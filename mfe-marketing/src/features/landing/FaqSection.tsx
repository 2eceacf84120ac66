import { Accordion } from '../../shared/Accordion';
import { ExternalLink } from '../../shared/ExternalLink';
import { EXTERNAL_LINKS } from '../../shared/links';
import { FAQ } from './content';

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title">
      <div className="site-section__head">
        <p className="site-eyebrow">FAQ</p>
        <h2 id="faq-title">Frequently asked questions</h2>
      </div>
      <Accordion idBase="faq" items={FAQ} />
      <p className="faq-support">
        Still have a question?
        <ExternalLink className="site-button site-button--ghost" href={EXTERNAL_LINKS.community}>
          Contact Support
        </ExternalLink>
      </p>
    </section>
  );
}
