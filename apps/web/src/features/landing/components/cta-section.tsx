import { buttonClasses } from '../../../components/ui/button';
import { trialDays } from '@atrium/shared';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-indigo-700 px-6 py-16 text-center shadow-xl sm:px-16">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_20rem_at_50%_120%,var(--color-indigo-500),transparent)]"
        />
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          Bring your whole team into one workspace
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">
          Try every module free for {trialDays} days — or sign in to the demo workspace first and look around
          a company already at work.
        </p>
        <a href="/signup" className={buttonClasses({ variant: 'inverse', size: 'lg', className: 'mt-10' })}>
          Start Free Trial
        </a>
      </div>
    </section>
  );
}
