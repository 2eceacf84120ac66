import { SiteFooter, SiteHeader } from '../../shared/SiteHeader';
import { ComparisonSection } from './ComparisonSection';
import { CtaSection } from './CtaSection';
import { DemoSection } from './DemoSection';
import { FaqSection } from './FaqSection';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';
import { PricingSection } from './PricingSection';
import { ProblemsSection } from './ProblemsSection';
import { SignedOutNotice } from './SignedOutNotice';
import { SolutionSection } from './SolutionSection';
import { TestimonialsSection } from './TestimonialsSection';

/** The marketing landing page at "/": every section of the spec, in its order. */
export function LandingPage() {
  return (
    <div className="site">
      <SiteHeader />
      <main id="main" className="site-main">
        <SignedOutNotice />
        <HeroSection />
        <ProblemsSection />
        <SolutionSection />
        <DemoSection />
        <FeaturesSection />
        <ComparisonSection />
        <TestimonialsSection />
        <PricingSection />
        <FaqSection />
        <CtaSection />
      </main>
      <SiteFooter />
    </div>
  );
}
