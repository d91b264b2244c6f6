/** Spec section 1: the marketing claims of the landing page. */
const stats = [
  { value: '10,000+', label: 'Companies run on Atrium' },
  { value: '40%', label: 'Average productivity gain' },
  { value: '$50K', label: 'Saved per year on tools' },
  { value: '98%', label: 'Customer satisfaction' },
];

export function StatsSection() {
  return (
    <section aria-labelledby="stats-title" className="bg-indigo-700">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <h2 id="stats-title" className="sr-only">
          Atrium in numbers
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-10 text-center lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-2">
              <dt className="text-sm font-medium text-indigo-100 sm:text-base">{stat.label}</dt>
              <dd className="text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
