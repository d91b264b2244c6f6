import { Check } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { supportMailto } from '../../../lib/contact';
import { describeUserLimit, pricingPlans } from '../pricing-plans';

/** Spec section 2, "Landing page": 3 plans, one 'Most Popular', each 'Start Free Trial'; 'Contact Sales'. */
export function PricingPlans({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
  const PlanHeading = headingLevel;
  return (
    <>
      <ul className="mx-auto mt-16 grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3 lg:items-stretch">
        {pricingPlans.map((plan) => (
          <li
            key={plan.id}
            className={cn(
              'relative flex flex-col rounded-2xl bg-white p-8 shadow-sm',
              plan.popular ? 'ring-2 ring-indigo-600 lg:-my-4 lg:py-12' : 'ring-1 ring-slate-200',
            )}
          >
            <div className="flex items-center justify-between gap-4">
              <PlanHeading id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
                {plan.name}
              </PlanHeading>
              {plan.popular ? <Badge tone="brand">Most Popular</Badge> : null}
            </div>
            <p className="mt-2 text-sm text-slate-600 lg:min-h-10">{plan.summary}</p>
            <p className="mt-6 flex items-baseline gap-1">
              <span className="text-5xl font-extrabold tracking-tight text-slate-900">
                ${plan.monthlyPrice}
              </span>
              <span className="text-base font-medium text-slate-600">/month</span>
            </p>
            <p className="mt-1 text-sm font-medium text-slate-700">{describeUserLimit(plan)}</p>
            <a
              href="/signup"
              aria-describedby={`plan-${plan.id}`}
              className={buttonClasses({
                variant: plan.popular ? 'primary' : 'secondary',
                size: 'lg',
                className: 'mt-8 w-full',
              })}
            >
              Start Free Trial
            </a>
            <ul className="mt-8 space-y-3 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-3">
                  <Check aria-hidden="true" className="size-5 shrink-0 text-indigo-600" />
                  {feature}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <div className="mx-auto mt-16 flex max-w-3xl flex-col items-center justify-between gap-4 rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200 sm:flex-row sm:text-left">
        <div>
          <PlanHeading className="font-semibold text-slate-900">Need something bigger?</PlanHeading>
          <p className="mt-1 text-sm text-slate-600">
            Custom contracts, on-premises hosting and volume pricing for large organisations.
          </p>
        </div>
        <a href={supportMailto('Sales enquiry')} className={buttonClasses({ variant: 'secondary' })}>
          Contact Sales
        </a>
      </div>
    </>
  );
}
