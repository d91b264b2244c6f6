import { CalendarPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';

// The form, its validation (react-hook-form, the zod schemas) and the attendee picker are a good part
// of the dashboard's JavaScript: they load when the dialog is about to open, not with the page.
const loadForm = () => import('./schedule-meeting-form');
const ScheduleMeetingModal = lazy(() =>
  loadForm().then((module) => ({ default: module.ScheduleMeetingModal })),
);

/**
 * Spec 2 "Dashboard": Schedule Meeting. Puts a meeting in the workspace calendar, organised by the
 * signed-in member, with the people they invite; everyone invited sees it under Upcoming meetings.
 */
export function ScheduleMeetingDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        onClick={() => setOpen(true)}
      >
        <CalendarPlus aria-hidden="true" className="size-4" />
        Schedule Meeting
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ScheduleMeetingModal onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
