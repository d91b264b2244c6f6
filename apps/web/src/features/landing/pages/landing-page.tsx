import { CtaSection } from '../components/cta-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { IntegrationsSection } from '../components/integrations-section';
import { PricingSection } from '../components/pricing-section';
import { StatsSection } from '../components/stats-section';
import { TestimonialsSection } from '../components/testimonials-section';

/** Spec section 2, "Landing page": hero, features, stats, integrations, testimonials, pricing, final call to action. */
export function LandingPage() {
  return (
    <>
      <title>Atrium — the open-source workspace for teams</title>
      <HeroSection />
      <FeaturesSection />
      <StatsSection />
      <IntegrationsSection />
      <TestimonialsSection />
      <PricingSection />
      <CtaSection />
    </>
  );
}
