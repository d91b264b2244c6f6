import { CtaSection } from '../components/cta-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { IntegrationsSection } from '../components/integrations-section';
import { PricingSection } from '../components/pricing-section';
import { ResourcesSection } from '../components/resources-section';
import { StatsSection } from '../components/stats-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { TourSection } from '../components/tour-section';

/**
 * Spec section 2, "Landing page": hero, features, stats, integrations, testimonials, pricing, final call to
 * action; issue 20 adds the product tour that 'Watch Demo' opens and the help behind 'Resources'.
 * No <title> of its own: landing.html and index.html already carry it, and a rendered one would land
 * inside the prerendered #root.
 */
export function LandingPage() {
  return (
    <>
      <HeroSection />
      <TourSection />
      <FeaturesSection />
      <StatsSection />
      <IntegrationsSection />
      <TestimonialsSection />
      <PricingSection />
      <ResourcesSection />
      <CtaSection />
    </>
  );
}
