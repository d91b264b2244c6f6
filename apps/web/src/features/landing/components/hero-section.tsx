import { ArrowRight, CirclePlay } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { trialDays } from '@atrium/shared';
import { ProductPreview } from './product-preview';

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_40rem_at_50%_-10%,var(--color-indigo-100),transparent)]"
      />
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
            Open source · set up in 5 minutes
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl"
          >
            One workspace for your people, projects and customers
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">
            Atrium brings team management, project management, a help desk, marketing automation, analytics
            and time tracking together, so every team works from the same page.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a href="/signup" className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
              Start {trialDays}-Day Free Trial
              <ArrowRight aria-hidden="true" className="size-5" />
            </a>
            <a
              href="#tour"
              className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full sm:w-auto' })}
            >
              <CirclePlay aria-hidden="true" className="size-5 text-indigo-600" />
              Watch Demo
            </a>
          </div>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}
