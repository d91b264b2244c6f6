import { Eye } from 'lucide-react';
import { Link } from 'react-router';

/** Issue 22: an agent sees the portal as the chosen customer does, and can change nothing there. */
export function PreviewBanner({ name }: { name: string }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-300"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Eye aria-hidden="true" className="size-5 shrink-0" />
        Preview as {name} — read only
      </p>
      <Link
        to="/helpdesk/portal"
        className="rounded font-medium text-amber-900 underline hover:text-amber-950 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Choose another customer
      </Link>
    </div>
  );
}
