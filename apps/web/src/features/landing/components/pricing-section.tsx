import { trialDays } from '@atrium/shared';
import { PricingPlans } from './pricing-plans';
import { SectionHeading } from './section-heading';

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple pricing that grows with you">
          Every plan starts with a {trialDays}-day free trial with all features included.
        </SectionHeading>
        <PricingPlans headingLevel="h3" />
      </div>
    </section>
  );
}
