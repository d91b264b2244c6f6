import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { describeUserLimit, pricingPlans, trialDays } from '../pricing-plans';
import { SectionHeading } from './section-heading';

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple pricing that grows with you">
          Every plan starts with a {trialDays}-day free trial with all features included.
        </SectionHeading>
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
                <h3 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
                  {plan.name}
                </h3>
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
              <Link
                to="/signup"
                aria-describedby={`plan-${plan.id}`}
                className={buttonClasses({
                  variant: plan.popular ? 'primary' : 'secondary',
                  size: 'lg',
                  className: 'mt-8 w-full',
                })}
              >
                Start Free Trial
              </Link>
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
            <h3 className="font-semibold text-slate-900">Need something bigger?</h3>
            <p className="mt-1 text-sm text-slate-600">
              Custom contracts, on-premises hosting and volume pricing for large organisations.
            </p>
          </div>
          <Button
            variant="secondary"
            onClick={() =>
              toast('Sales contact is coming soon', {
                description: 'Start a free trial meanwhile: any plan can be chosen when it ends.',
              })
            }
          >
            Contact Sales
          </Button>
        </div>
      </div>
    </section>
  );
}
