import { Liquid, LiquidError } from 'liquidjs';
import {
  type ApplyMacroResult,
  type CreateMacroValues,
  type Macro,
  type MacroActions,
  type TicketDetails,
  type UpdateMacroValues,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { conflict, notFound, staleVersion } from '../../platform/errors/app-error';
import { macrosRepository as repository, type MacroRow } from './macros.repository';
import { applyTicketEdit, checkAssignment, unprocessable, type HelpdeskDeps } from './ticket-changes';
import { teamsRepository } from './teams.repository';
import { ticketsRepository } from './tickets.repository';

/**
 * Macro replies are Liquid templates (issue 21 placeholders). Unknown filters and variables are
 * errors, so a typo is refused when the macro is saved rather than sent to a customer; `templates`
 * replaces the file system, so include / render / layout reach nothing; the limits bound what one
 * template may cost.
 */
const liquid = new Liquid({
  templates: {},
  strictFilters: true,
  strictVariables: true,
  ownPropertyOnly: true,
  parseLimit: 100_000,
  renderLimit: 1_000,
  memoryLimit: 10_000_000,
});

type MacroContext = {
  customer: { name: string; email: string };
  ticket: { number: number; subject: string };
  agent: { name: string };
};

/** What the placeholders are checked against when a macro is saved. */
const sampleContext: MacroContext = {
  customer: { name: 'Jordan Rivera', email: 'jordan@example.com' },
  ticket: { number: 1042, subject: 'Cannot log in' },
  agent: { name: 'Alex Morgan' },
};

async function render(body: string, context: MacroContext): Promise<string> {
  return liquid.parseAndRender(body, context) as Promise<string>;
}

/** 422 on the body when its placeholders do not render. */
async function checkTemplate(body: string) {
  try {
    await render(body, sampleContext);
  } catch (error) {
    if (!(error instanceof LiquidError)) throw error;
    // The first line names the problem ("undefined variable: customer.nmae, line:1, col:4").
    const problem = error.message.split('\n')[0];
    throw unprocessable('The reply has a placeholder that cannot be filled in', {
      body: `Check the placeholders: ${problem}`,
    });
  }
}

const duplicateName = () => conflict('A macro with this name exists', { name: 'Choose another name' });

function toMacro(row: MacroRow): Macro {
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    actions: row.actions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The assignee a macro's action names: 'me' is whoever applies it (an employee of the workspace). */
function assigneeOf(member: Member, assignee: MacroActions['assignee']): string | null | undefined {
  if (assignee !== 'me') return assignee;
  if (!member.employeeId) {
    throw unprocessable('This macro assigns the ticket to you, and you have no employee record', {
      macroId: 'Ask an Admin to add you to the directory',
    });
  }
  return member.employeeId;
}

/** Saved replies with placeholders and actions, applied in one click (issue 21). */
export function createMacrosService(
  deps: HelpdeskDeps,
  ticketDetails: (member: Member, id: string) => Promise<TicketDetails>,
) {
  const { db } = deps;

  /** A named assignee must be an agent of the workspace (422, as for a ticket). */
  async function checkActions(member: Member, actions: MacroActions | undefined) {
    const assignee = actions?.assignee;
    if (assignee && assignee !== 'me' && !(await teamsRepository.isAgent(db, member.tenantId, assignee))) {
      throw unprocessable('The assignee does not work tickets in this workspace', {
        'actions.assignee': 'Choose an agent from the list',
      });
    }
  }

  return {
    async listMacros(member: Member): Promise<{ data: Macro[] }> {
      return { data: (await repository.list(db, member.tenantId)).map(toMacro) };
    },

    async createMacro(member: Member, input: CreateMacroValues): Promise<Macro> {
      await checkTemplate(input.body);
      await checkActions(member, input.actions);
      try {
        return toMacro(await repository.insert(db, member.tenantId, { ...input, createdBy: member.userId }));
      } catch (error) {
        if (repository.isDuplicateName(error)) throw duplicateName();
        throw error;
      }
    },

    /** Only the fields sent change; 412 when the version is stale. */
    async updateMacro(member: Member, id: string, input: UpdateMacroValues): Promise<Macro> {
      const { version, ...changes } = input;
      if (changes.body !== undefined) await checkTemplate(changes.body);
      await checkActions(member, changes.actions);
      try {
        const row = await repository.update(db, { tenantId: member.tenantId, id, version, changes });
        if (row) return toMacro(row);
      } catch (error) {
        if (repository.isDuplicateName(error)) throw duplicateName();
        throw error;
      }
      throw (await repository.find(db, member.tenantId, id)) ? staleVersion() : notFound('Macro');
    },

    async deleteMacro(member: Member, id: string): Promise<void> {
      if (!(await repository.delete(db, member.tenantId, id))) throw notFound('Macro');
    },

    /**
     * Applies the macro's actions to the ticket as a side-panel edit would (the assignment rules,
     * the status rules, the activity entry; 412 when the ticket's version is stale) and answers its
     * reply with the placeholders filled in, for the agent to review and send.
     */
    async applyMacro(
      member: Member,
      ticketId: string,
      input: { macroId: string; version: number },
    ): Promise<ApplyMacroResult> {
      const [macro, before] = await Promise.all([
        repository.find(db, member.tenantId, input.macroId),
        ticketsRepository.find(db, member.tenantId, ticketId),
      ]);
      if (!before) throw notFound('Ticket');
      if (!macro) throw notFound('Macro');
      const { actions } = macro;
      const assigneeId = assigneeOf(member, actions.assignee);
      if (assigneeId !== undefined && assigneeId !== before.assignedAgentId) {
        await checkAssignment(db, member, assigneeId);
      }
      const tags = actions.addTags?.length ? [...new Set([...before.tags, ...actions.addTags])] : undefined;
      if (tags && tags.length > 20) {
        throw unprocessable('The ticket would have more than 20 tags', { macroId: 'Remove a tag first' });
      }
      await db.transaction((tx) =>
        applyTicketEdit(tx, deps, {
          member,
          before,
          edit: { status: actions.status, priority: actions.priority, assigneeId, tags },
          version: input.version,
        }),
      );
      const body = await render(macro.body, {
        customer: { name: before.customerName, email: before.customerEmail },
        ticket: { number: before.number, subject: before.subject },
        agent: { name: member.name },
      });
      return { body, ticket: await ticketDetails(member, ticketId) };
    },
  };
}
