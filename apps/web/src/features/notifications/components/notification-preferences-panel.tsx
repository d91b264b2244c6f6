import {
  countOf,
  notificationChannels,
  type NotificationChannel,
  type NotificationPreference,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import {
  notificationPreferencesQueryOptions,
  saveNotificationPreferences,
} from '../api/notifications.queries';

const channelLabels: Record<NotificationChannel, string> = {
  in_app: 'In app',
  email: 'Email',
  both: 'Both',
  none: 'None',
};

type Choices = Partial<Record<string, NotificationChannel>>;

function PreferencesForm({ saved }: { saved: NotificationPreference[] }) {
  const queryClient = useQueryClient();
  // Only what the member changed and has not saved yet; the rest shows the server's copy.
  const [changed, setChanged] = useState<Choices>({});
  const channelOf = (preference: NotificationPreference) => changed[preference.kind] ?? preference.channel;
  const unsaved = saved.filter((preference) => channelOf(preference) !== preference.channel);

  const save = useMutation({
    mutationFn: () =>
      saveNotificationPreferences({
        preferences: unsaved.map((preference) => ({ kind: preference.kind, channel: channelOf(preference) })),
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, answer);
      setChanged({});
      toast.success('Notification preferences saved');
    },
  });

  return (
    <form
      noValidate
      aria-labelledby="notification-preferences-title"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      className="space-y-5"
    >
      {save.error ? <ServerErrorAlert error={save.error} title="The preferences could not be saved" /> : null}
      <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {saved.map((preference) => (
          <li key={preference.kind} className="px-4 py-4">
            <fieldset className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <legend className="float-left text-sm font-medium text-slate-900 sm:max-w-xs">
                {preference.label}
              </legend>
              <div className="flex flex-wrap gap-2">
                {notificationChannels.map((channel) => (
                  <label
                    key={channel}
                    className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm text-slate-700 ring-1 ring-slate-300 has-checked:bg-indigo-50 has-checked:text-indigo-800 has-checked:ring-indigo-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
                  >
                    <input
                      type="radio"
                      name={preference.kind}
                      value={channel}
                      checked={channelOf(preference) === channel}
                      onChange={() => {
                        save.reset();
                        setChanged((current) => ({ ...current, [preference.kind]: channel }));
                      }}
                      className="sr-only"
                    />
                    {channelLabels[channel]}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-5">
        <p role="status" className="mr-auto text-sm text-slate-600">
          {save.isSuccess && unsaved.length === 0 ? (
            <span className="flex items-center gap-1.5 text-emerald-700">
              <Check aria-hidden="true" className="size-4" /> Saved
            </span>
          ) : unsaved.length > 0 ? (
            countOf(unsaved.length, { one: 'unsaved change', other: 'unsaved changes' })
          ) : null}
        </p>
        <Button
          variant="secondary"
          disabled={unsaved.length === 0 || save.isPending}
          onClick={() => {
            save.reset();
            setChanged({});
          }}
        >
          Discard changes
        </Button>
        <Button type="submit" disabled={unsaved.length === 0 || save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** Settings -> Notifications (issue 19): how each member hears of each kind — in app, email, both or none. */
export function NotificationPreferencesPanel() {
  const preferences = useQuery(notificationPreferencesQueryOptions());
  return (
    <section
      aria-labelledby="notification-preferences-title"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="notification-preferences-title" className="text-lg font-semibold text-slate-900">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Choose how you hear of each kind: in the bell at the top of the page, by email (several at once arrive
        in one email), both, or not at all.
      </p>
      <div className="mt-6">
        {preferences.isPending ? (
          <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Loading your preferences…
          </div>
        ) : preferences.isError ? (
          <ServerErrorAlert error={preferences.error} title="Your preferences could not be loaded" />
        ) : (
          <PreferencesForm saved={preferences.data} />
        )}
      </div>
    </section>
  );
}
