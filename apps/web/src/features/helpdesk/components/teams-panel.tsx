import { createTeamSchema, updateTeamSchema, type SupportTeam } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog, FormActions, Modal } from '../../../components/ui/dialog';
import { EditableList } from '../../../components/ui/editable-list';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { EmployeeMultiPicker, type PickedEmployee } from '../../employees';
import {
  createTeam,
  deleteTeam,
  helpdeskSettingsQueryKey,
  teamsQueryKey,
  teamsQueryOptions,
  updateTeam,
} from '../api/helpdesk-setup.queries';

/** Settings -> Help desk: agents grouped into teams, for round-robin and SLA warnings (issue 21). */
export function TeamsPanel() {
  const queryClient = useQueryClient();
  const teams = useQuery(teamsQueryOptions());
  const [editing, setEditing] = useState<SupportTeam | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SupportTeam | null>(null);

  const remove = useMutation({
    mutationFn: (team: SupportTeam) => deleteTeam(team.id),
    onSuccess: (_, team) => {
      void queryClient.invalidateQueries({ queryKey: teamsQueryKey });
      // Round-robin over the team stops with it.
      void queryClient.invalidateQueries({ queryKey: helpdeskSettingsQueryKey });
      toast.success(`Team “${team.name}” was deleted`);
      setDeleting(null);
    },
  });

  return (
    <EditableList
      id="teams"
      title="Teams"
      description="Agents grouped for routing; managers hear of the team’s unassigned tickets nearing their SLA."
      newLabel="New team"
      list={teams}
      noun={{ one: 'team', many: 'teams' }}
      empty={{
        icon: Users,
        title: 'No teams yet',
        description: 'Group the agents who answer tickets; new tickets can then go to them in turn.',
      }}
      loadingRows={2}
      onNew={() => setEditing('new')}
      onEdit={setEditing}
      onDelete={(team) => {
        remove.reset();
        setDeleting(team);
      }}
      renderItem={(team) => (
        <>
          <p className="font-medium text-slate-900">{team.name}</p>
          {team.members.length === 0 ? (
            <p className="text-sm text-slate-600">No members yet</p>
          ) : (
            <ul
              aria-label={`Members of ${team.name}`}
              className="mt-1 flex flex-wrap gap-1.5 text-sm text-slate-700"
            >
              {team.members.map((member) => (
                <li key={member.id} className="inline-flex items-center gap-1">
                  {member.name}
                  {member.isManager ? <Badge tone="brand">Manager</Badge> : null}
                  <span aria-hidden="true" className="text-slate-400 last:hidden">
                    ·
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    >
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={editing === 'new' ? 'New team' : 'Edit team'}
        description="Members are people who work tickets (Employees, Managers and Admins)."
      >
        {editing !== null ? (
          <TeamForm team={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this team?"
        description={
          <>
            “{deleting?.name}” goes away; its tickets keep their assignees. If new tickets go round-robin to
            this team, that stops.
            {remove.isError ? (
              <span className="mt-2 block font-medium text-red-700">{remove.error.message}</span>
            ) : null}
          </>
        }
        confirmLabel="Delete team"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </EditableList>
  );
}

function TeamForm({ team, onDone }: { team: SupportTeam | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(team?.name ?? '');
  const [members, setMembers] = useState<PickedEmployee[]>(
    team?.members.map((member) => ({ id: member.id, name: member.name })) ?? [],
  );
  const [managers, setManagers] = useState<Set<string>>(
    new Set(team?.members.filter((member) => member.isManager).map((member) => member.id)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (input: { name: string; members: { employeeId: string; isManager: boolean }[] }) =>
      team ? updateTeam(team.id, { ...input, version: team.version }) : createTeam(input),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: teamsQueryKey });
      toast.success(team ? `Team “${saved.name}” was saved` : `Team “${saved.name}” was created`);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      members: members.map((member) => ({ employeeId: member.id, isManager: managers.has(member.id) })),
    };
    const parsed = (team ? updateTeamSchema : createTeamSchema).safeParse(
      team ? { ...input, version: team.version } : input,
    );
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(input);
  };

  // "members.2.employeeId": the member's own problem, shown with their name.
  const memberProblems = members.flatMap((member, index) => {
    const message = errors[`members.${index}.employeeId`];
    return message ? [`${member.name}: ${message}`] : [];
  });
  const membersError = [errors.members, ...memberProblems].filter(Boolean).join(' · ') || undefined;
  const fieldErrorShown = Object.keys(errors).length > 0;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {save.isError && !fieldErrorShown ? (
        <ServerErrorAlert error={save.error} title="The team could not be saved" />
      ) : null}
      <Field label="Name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field label="Members" error={membersError} hint="Type part of a name to add an agent.">
        {(control) => (
          <EmployeeMultiPicker
            whoMay="helpdesk:view"
            {...control}
            onlyActive
            value={members}
            onChange={(picked) => setMembers(picked)}
            chipsLabel="Team members"
          />
        )}
      </Field>
      {members.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Managers</legend>
          <p className="text-sm text-slate-600">
            They hear of the team’s unassigned tickets nearing their SLA.
          </p>
          <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
            {members.map((member) => (
              <li key={member.id}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    checked={managers.has(member.id)}
                    onChange={(event) =>
                      setManagers((current) => {
                        const next = new Set(current);
                        if (event.target.checked) next.add(member.id);
                        else next.delete(member.id);
                        return next;
                      })
                    }
                  />
                  {member.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <FormActions
        submitLabel={team ? 'Save team' : 'Create team'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
