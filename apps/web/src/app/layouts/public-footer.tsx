import { Logo } from '../../components/ui/logo';
import { landingSections } from './landing-sections';

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-sm">
          <a href="/" aria-label="Atrium home" className="inline-block rounded-md">
            <Logo />
          </a>
          <p className="mt-3 text-sm text-slate-600">
            The open-source workspace for teams: people, projects, help desk and marketing in one place.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-10 gap-y-2 text-sm sm:grid-cols-4 md:gap-x-8">
            {landingSections.map((section) => (
              <li key={section.id}>
                <a href={`/#${section.id}`} className="text-slate-600 hover:text-slate-900">
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-600 sm:px-6 lg:px-8">
          Atrium is free software, licensed under the GNU AGPL v3.
        </p>
      </div>
    </footer>
  );
}
