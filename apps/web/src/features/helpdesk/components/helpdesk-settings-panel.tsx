import { helpdeskSettingsInputSchema, type HelpdeskSettings } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../accounts';
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
          How new tickets find an agent, when resolved tickets close, and what the public help centre offers.
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
  const [helpCentreEnabled, setHelpCentreEnabled] = useState(settings.helpCentreEnabled);
  const [customerSignUp, setCustomerSignUp] = useState(settings.customerSignUp);
  const [reviewMonths, setReviewMonths] = useState(String(settings.reviewAfterMonths));
  const helpCentrePath = `/help/${useMe().workspace.slug}`;
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
      helpCentreEnabled,
      customerSignUp,
      reviewAfterMonths: reviewMonths.trim() === '' ? Number.NaN : Number(reviewMonths),
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
      <div
        role="group"
        aria-labelledby="helpdesk-help-centre-heading"
        className="space-y-4 border-t border-slate-200 pt-5"
      >
        <h3 id="helpdesk-help-centre-heading" className="text-sm font-semibold text-slate-900">
          Help centre and knowledge base
        </h3>
        <SettingSwitch
          label="Public help centre"
          checked={helpCentreEnabled}
          onChange={setHelpCentreEnabled}
          description={
            helpCentreEnabled ? (
              <>
                Published public articles can be read by anyone at{' '}
                <a
                  href={helpCentrePath}
                  className="font-medium text-indigo-700 underline hover:text-indigo-900"
                >
                  {helpCentrePath}
                </a>
                .
              </>
            ) : (
              'Off: the help centre’s pages are not found.'
            )
          }
        />
        <SettingSwitch
          label="Customers may sign up on the help centre"
          checked={customerSignUp}
          onChange={setCustomerSignUp}
          description="Visitors can create a customer account and open tickets once their email is verified."
        />
        <Field
          label="Remind authors to review articles after (months)"
          error={errors.reviewAfterMonths}
          hint="Between 1 and 36 months."
          className="sm:max-w-xs"
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={36}
              value={reviewMonths}
              onChange={(event) => setReviewMonths(event.target.value)}
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

/** An on / off setting: a checkbox announced as a switch, its description beside it (it may hold a link). */
function SettingSwitch(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 text-sm text-slate-800">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-4 accent-indigo-600"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {props.label}
        </label>
        <p id={`${id}-description`} className="text-slate-600">
          {props.description}
        </p>
      </div>
    </div>
  );
}
