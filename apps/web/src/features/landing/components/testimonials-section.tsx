import { SectionHeading } from './section-heading';

const testimonials = [
  {
    quote:
      'We replaced four tools with Atrium. Scheduling, time sheets and payroll exports finally agree with each other.',
    name: 'Maria Lopez',
    role: 'Head of Operations, Northwind Logistics',
  },
  {
    quote:
      'Our support team sees the SLA clock on every ticket and the project team sees what customers report. Response times dropped by half.',
    name: 'David Chen',
    role: 'Customer Success Lead, Brightline Software',
  },
  {
    quote:
      'Campaigns, leads and the sales pipeline live next to the projects they turn into. Marketing and delivery plan together now.',
    name: 'Amara Okafor',
    role: 'Marketing Director, Fieldstone Studio',
  },
];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

export function TestimonialsSection() {
  return (
    <section id="customers" aria-labelledby="testimonials-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Customer stories"
          title="Teams that work better together"
        >
          How companies of every size run their day on Atrium.
        </SectionHeading>
        <ul className="mt-16 grid gap-6 lg:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col justify-between rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
                <blockquote className="text-lg text-slate-800">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-8 flex items-center gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-11 shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-800"
                  >
                    {initials(testimonial.name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{testimonial.name}</span>
                    <span className="block text-sm text-slate-600">{testimonial.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
