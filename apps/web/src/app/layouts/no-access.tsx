import { homePathFor, type Me } from '@atrium/shared';
import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { roleLabels } from '../../lib/role-labels';
import { allPages, type AppPage } from '../app-pages';

/** Issue 3: a page the role cannot open says so, instead of failing. */
export function NoAccess({ page, me }: { page: AppPage; me: Me }) {
  const home = homePathFor(me.workspace.role);
  const homePage = allPages.find((candidate) => candidate.path === home);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:py-24">
      <title>No access — Atrium</title>
      <ShieldX aria-hidden="true" className="mx-auto size-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
        You don&apos;t have access to this page
      </h1>
      <p className="mt-3 text-slate-600">
        {page.title ?? page.label} is not part of what the {roleLabels[me.workspace.role]} role can use in{' '}
        {me.workspace.name}. If you need it, ask an admin of your workspace to change your role.
      </p>
      <Link to={home} className={buttonClasses({ className: 'mt-8' })}>
        Go to {homePage?.label ?? 'your home page'}
      </Link>
    </div>
  );
}
