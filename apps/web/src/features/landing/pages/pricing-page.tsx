import { PricingPlans } from '../components/pricing-plans';
import { trialDays } from '@atrium/shared';

/** /pricing (spec section 2, public layout): the plans of the landing page on a page of their own. */
export function PricingPage() {
  return (
    <div className="bg-slate-50 py-16 sm:py-24">
      <title>Pricing — Atrium</title>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Pricing</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
            Simple pricing that grows with you
          </h1>
          <p className="mt-4 text-lg text-pretty text-slate-600">
            Every plan starts with a {trialDays}-day free trial with all features included. Prices are per
            month, in US dollars.
          </p>
        </div>
        <PricingPlans headingLevel="h2" />
      </div>
    </div>
  );
}
