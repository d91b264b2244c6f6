import { helpdeskSettingsInputSchema, type HelpdeskSettings } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import {
  helpdeskSettingsQueryKey,
  helpdeskSettingsQueryOptions,
  saveHelpdeskSettings,
  teamsQueryOptions,
} from '../api/helpdesk-setup.queries';
import { HelpdeskMailPanel } from './helpdesk-mail-panel';
import { HelpdeskMailboxesPanel } from './helpdesk-mailboxes-panel';
import { MacrosPanel } from './macros-panel';
import { TeamsPanel } from './teams-panel';

/** Settings -> Help desk (issue 21): incoming mail and mailboxes, assignment and auto-close, teams and macros. */
export function HelpdeskSettingsPanel() {
  return (
    <div className="space-y-10">
      <HelpdeskMailPanel />
      <HelpdeskMailboxesPanel />
      <AssignmentSettings />
      <TeamsPanel />
      <MacrosPanel />
    </div>
  );
}

function AssignmentSettings() {
  const settings = useQuery(helpdeskSettingsQueryOptions());
  return (
    <section aria-labelledby="helpdesk-assignment-heading" className="space-y-4">
      <div>
        <h2 id="helpdesk-assignment-heading" className="text-lg font-semibold text-slate-900">
          Assignment and closing
        </h2>
        <p className="text-sm text-slate-600">
          How new tickets find an agent, and when resolved tickets close.
        </p>
      </div>
      {settings.isPending ? (
        <ListSkeleton label="Loading the help desk settings" rows={2} />
      ) : settings.isError ? (
        <LoadError
          error={settings.error}
          title="The help desk settings could not be loaded"
          onRetry={() => void settings.refetch()}
        />
      ) : (
        // Keyed by version: a save (here or elsewhere) starts the form from what is stored.
        <SettingsForm key={settings.data.version} settings={settings.data} />
      )}
    </section>
  );
}

function SettingsForm({ settings }: { settings: HelpdeskSettings }) {
  const queryClient = useQueryClient();
  const teams = useQuery(teamsQueryOptions());
  const [days, setDays] = useState(String(settings.autoCloseAfterDays));
  const [teamId, setTeamId] = useState(settings.roundRobinTeamId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: saveHelpdeskSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(helpdeskSettingsQueryKey, saved);
      toast.success('Help desk settings saved');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      autoCloseAfterDays: days.trim() === '' ? Number.NaN : Number(days),
      roundRobinTeamId: teamId || null,
      version: settings.version,
    };
    const parsed = helpdeskSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      {save.isError && Object.keys(errors).length === 0 ? (
        <ServerErrorAlert error={save.error} title="The settings could not be saved" />
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Round-robin assignment"
          error={errors.roundRobinTeamId}
          hint="New tickets nobody assigned go to this team’s members in turn."
        >
          {(control) => (
            <Select {...control} value={teamId} onChange={(event) => setTeamId(event.target.value)}>
              <option value="">Off</option>
              {(teams.data?.data ?? []).map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Close resolved tickets after (days)"
          error={errors.autoCloseAfterDays}
          hint="Between 1 and 365 days."
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save settings
        </Button>
      </div>
    </form>
  );
}
