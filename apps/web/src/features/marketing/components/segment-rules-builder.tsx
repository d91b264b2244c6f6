import { segmentMatches, type SegmentMatch } from '@atrium/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import type { FieldError } from 'react-hook-form';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { newCondition, newGroup, type GroupDraft, type RulesDraft } from '../lib/segment-rules-form';
import { SegmentConditionEditor, type ConditionErrors } from './segment-condition-editor';

/** The rules' errors as react-hook-form nests them under `rules`. */
export type RulesErrors = {
  message?: string;
  groups?: (
    { message?: string; root?: FieldError; conditions?: (ConditionErrors | undefined)[] } | undefined
  )[] & {
    message?: string;
  };
};

const matchWords: Record<SegmentMatch, string> = { all: 'all', any: 'any' };
const joinWords: Record<SegmentMatch, string> = { all: 'and', any: 'or' };

/** "Leads that match [all] of these groups": a native select inside a sentence. */
function MatchSelect({
  label,
  value,
  onChange,
  before,
  after,
}: {
  label: string;
  value: SegmentMatch;
  onChange: (match: SegmentMatch) => void;
  before: string;
  after: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
      <span aria-hidden="true">{before}</span>
      <Select
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value as SegmentMatch)}
        className="w-auto!"
      >
        {segmentMatches.map((match) => (
          <option key={match} value={match}>
            {matchWords[match]}
          </option>
        ))}
      </Select>
      <span aria-hidden="true">{after}</span>
    </div>
  );
}

/** A word between two items, so the rule reads as a sentence: "and", "or". */
function Joiner({ match }: { match: SegmentMatch }) {
  return (
    <li aria-hidden="true" className="pl-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
      {joinWords[match]}
    </li>
  );
}

/**
 * Groups of conditions: conditions inside a group and the groups together each match all (and) or
 * any (or) — (A and B) or C without a tree editor. No groups is every lead.
 */
export function SegmentRulesBuilder({
  value,
  onChange,
  errors,
}: {
  value: RulesDraft;
  onChange: (rules: RulesDraft) => void;
  errors: RulesErrors | undefined;
}) {
  const root = useRef<HTMLDivElement>(null);
  // A control that goes away (a removed condition's button) would drop the focus to the page: it
  // moves to where the work goes on instead, and into a condition just added.
  const focusLater = (selector: string) =>
    void afterNextPaint().then(() => root.current?.querySelector<HTMLElement>(selector)?.focus());

  const setGroup = (index: number, group: GroupDraft | null) =>
    onChange({
      ...value,
      groups: group
        ? value.groups.map((other, at) => (at === index ? group : other))
        : value.groups.filter((_, at) => at !== index),
    });

  return (
    <div ref={root} className="space-y-4">
      {value.groups.length > 1 ? (
        <MatchSelect
          label="How the groups combine"
          before="Leads that match"
          after="of these groups"
          value={value.match}
          onChange={(match) => onChange({ ...value, match })}
        />
      ) : null}
      {value.groups.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          No conditions: every lead of the workspace is in the segment. Add a group of conditions to narrow
          it.
        </p>
      ) : (
        <ol aria-label="Groups of conditions" className="space-y-3">
          {value.groups.map((group, g) => {
            const groupLabel = `Group ${g + 1}`;
            const groupErrors = errors?.groups?.[g];
            const groupMessage = groupErrors?.root?.message ?? groupErrors?.message;
            return [
              g > 0 ? <Joiner key={`join-${g}`} match={value.match} /> : null,
              <li key={g}>
                <fieldset className="rounded-xl p-3 ring-1 ring-slate-200 sm:p-4">
                  <legend className="px-1 text-sm font-semibold text-slate-900">{groupLabel}</legend>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <MatchSelect
                      label={`How the conditions of group ${g + 1} combine`}
                      before="Match"
                      after="of these conditions"
                      value={group.match}
                      onChange={(match) => setGroup(g, { ...group, match })}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        setGroup(g, null);
                        focusLater('[data-add-group]');
                      }}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove {groupLabel.toLowerCase()}
                    </Button>
                  </div>
                  <ol aria-label={`Conditions of group ${g + 1}`} className="mt-3 space-y-2">
                    {group.conditions.map((condition, c) => [
                      c > 0 ? <Joiner key={`join-${c}`} match={group.match} /> : null,
                      <li key={c} data-condition={`${g}-${c}`}>
                        <SegmentConditionEditor
                          label={`Condition ${c + 1} of group ${g + 1}`}
                          condition={condition}
                          errors={groupErrors?.conditions?.[c]}
                          onChange={(next) =>
                            setGroup(g, {
                              ...group,
                              conditions: group.conditions.map((other, at) => (at === c ? next : other)),
                            })
                          }
                          // The last condition takes its group along: an empty group means nothing.
                          onRemove={() => {
                            const last = group.conditions.length === 1;
                            setGroup(
                              g,
                              last
                                ? null
                                : { ...group, conditions: group.conditions.filter((_, at) => at !== c) },
                            );
                            focusLater(last ? '[data-add-group]' : `[data-add-condition="${g}"]`);
                          }}
                        />
                      </li>,
                    ])}
                  </ol>
                  {groupMessage ? (
                    <p className="mt-2 text-sm font-medium text-red-700">{groupMessage}</p>
                  ) : null}
                  <Button
                    variant="secondary"
                    size="sm"
                    className="mt-3"
                    data-add-condition={g}
                    onClick={() => {
                      setGroup(g, { ...group, conditions: [...group.conditions, newCondition()] });
                      focusLater(`[data-condition="${g}-${group.conditions.length}"] select`);
                    }}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                    Add condition to group {g + 1}
                  </Button>
                </fieldset>
              </li>,
            ];
          })}
        </ol>
      )}
      {errors?.groups?.message ? (
        <p className="text-sm font-medium text-red-700">{errors.groups.message}</p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        data-add-group
        onClick={() => {
          onChange({ ...value, groups: [...value.groups, newGroup()] });
          focusLater(`[data-condition="${value.groups.length}-0"] select`);
        }}
      >
        <Plus aria-hidden="true" className="size-4" />
        {value.groups.length === 0 ? 'Add a group of conditions' : 'Add another group'}
      </Button>
    </div>
  );
}
