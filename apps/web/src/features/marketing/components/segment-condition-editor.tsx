import {
  leadStatusLabels,
  campaignActivities,
  leadSources,
  leadStatuses,
  tagMatches,
  type CampaignActivity,
  type SegmentField,
  type TagMatch,
} from '@atrium/shared';
import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, type FieldControlProps } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { TagInput } from '../../../components/ui/tag-input';
import { cn } from '../../../lib/cn';
import {
  campaignActivityLabels,
  dateRangeLabels,
  newCondition,
  segmentFieldLabels,
  segmentFields,
  tagMatchLabels,
  type ConditionDraft,
  type DateRange,
} from '../lib/segment-rules-form';
import { SegmentCampaignPicker } from './segment-campaign-picker';

/** The errors of one condition as react-hook-form nests them: its own, and one per box. */
export type ConditionErrors = Partial<Record<keyof ConditionDraft, FieldError>> & { message?: string };

/** Checkboxes for a fixed list of values (statuses, sources): one tap each, read out as a group. */
function ChoiceGroup<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: readonly string[];
  onChange: (values: string[]) => void;
  error: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error)}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = value.includes(option);
          return (
            <label
              key={option}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-full px-3 py-1.5 text-sm ring-1 ring-inset',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
                checked
                  ? 'bg-indigo-50 font-medium text-indigo-900 ring-indigo-300'
                  : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={checked}
                onChange={(event) =>
                  // The order of the options, whatever the order of the clicks: the summary reads the same.
                  onChange(
                    options.filter((other) =>
                      other === option ? event.target.checked : value.includes(other),
                    ),
                  )
                }
              />
              {labels[option]}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const sourceLabels = Object.fromEntries(leadSources.map((source) => [source, source])) as Record<
  (typeof leadSources)[number],
  string
>;

function RangeBoxes({
  fromLabel,
  toLabel,
  condition,
  errors,
  missing,
  onChange,
  children,
}: {
  fromLabel: string | null;
  toLabel: string | null;
  condition: ConditionDraft;
  errors: ConditionErrors | undefined;
  /** The condition's own error (neither bound) in the words its boxes call for. */
  missing: string;
  onChange: (condition: ConditionDraft) => void;
  children: (control: FieldControlProps & { onChange: (value: string) => void; value: string }) => ReactNode;
}) {
  // Neither bound given: the first box shown says so, so the focus can go to it.
  const missingError = errors?.message ? missing : undefined;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fromLabel ? (
        <Field label={fromLabel} error={errors?.from?.message ?? missingError}>
          {(control) => (
            <>
              {children({
                ...control,
                value: condition.from,
                onChange: (from) => onChange({ ...condition, from }),
              })}
            </>
          )}
        </Field>
      ) : null}
      {toLabel ? (
        <Field label={toLabel} error={errors?.to?.message ?? (fromLabel ? undefined : missingError)}>
          {(control) => (
            <>
              {children({
                ...control,
                value: condition.to,
                onChange: (to) => onChange({ ...condition, to }),
              })}
            </>
          )}
        </Field>
      ) : null}
    </div>
  );
}

/** The boxes of the condition's field. */
function ConditionValue({
  condition,
  errors,
  onChange,
}: {
  condition: ConditionDraft;
  errors: ConditionErrors | undefined;
  onChange: (condition: ConditionDraft) => void;
}) {
  const setValues = (values: string[]) => onChange({ ...condition, values });
  switch (condition.field) {
    case 'status':
      return (
        <ChoiceGroup
          legend="Status is any of"
          options={leadStatuses}
          labels={leadStatusLabels}
          value={condition.values}
          onChange={setValues}
          error={errors?.values?.message}
        />
      );
    case 'source':
      return (
        <ChoiceGroup
          legend="Source is any of"
          options={leadSources}
          labels={sourceLabels}
          value={condition.values}
          onChange={setValues}
          error={errors?.values?.message}
        />
      );
    case 'score':
      return (
        <RangeBoxes
          fromLabel="Lowest score"
          toLabel="Highest score"
          condition={condition}
          errors={errors}
          missing={errors?.message ?? ''}
          onChange={onChange}
        >
          {({ onChange: set, ...control }) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              placeholder="0–100"
              maxLength={3}
              onChange={(event) => set(event.target.value)}
            />
          )}
        </RangeBoxes>
      );
    case 'created': {
      const { range } = condition;
      return (
        <div className="space-y-3">
          <Field label="Created">
            {(control) => (
              <Select
                {...control}
                value={range}
                onChange={(event) => {
                  const next = event.target.value as DateRange;
                  // A one-sided range keeps the day already entered, moved to its side.
                  const day = condition.from || condition.to;
                  onChange({
                    ...condition,
                    range: next,
                    from: next === 'before' ? '' : next === 'after' ? day : condition.from,
                    to: next === 'after' ? '' : next === 'before' ? day : condition.to,
                  });
                }}
              >
                {(Object.keys(dateRangeLabels) as DateRange[]).map((option) => (
                  <option key={option} value={option}>
                    {dateRangeLabels[option]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <RangeBoxes
            fromLabel={range === 'before' ? null : range === 'after' ? 'Day' : 'First day'}
            toLabel={range === 'after' ? null : range === 'before' ? 'Day' : 'Last day'}
            condition={condition}
            errors={errors}
            missing={range === 'between' ? (errors?.message ?? '') : 'Enter the day'}
            onChange={onChange}
          >
            {({ onChange: set, ...control }) => (
              <Input {...control} type="date" onChange={(event) => set(event.target.value)} />
            )}
          </RangeBoxes>
        </div>
      );
    }
    case 'tags':
      return (
        <div className="grid gap-3 sm:grid-cols-[14rem_minmax(0,1fr)]">
          <Field label="Match">
            {(control) => (
              <Select
                {...control}
                value={condition.match}
                onChange={(event) => onChange({ ...condition, match: event.target.value as TagMatch })}
              >
                {tagMatches.map((match) => (
                  <option key={match} value={match}>
                    {tagMatchLabels[match]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Tags" error={errors?.values?.message}>
            {(control) => (
              <TagInput {...control} value={condition.values} onChange={setValues} listLabel="Tags chosen" />
            )}
          </Field>
        </div>
      );
    case 'industry':
    case 'companySize': {
      const what = condition.field === 'industry' ? 'Industry' : 'Company size';
      return (
        <Field
          label={`${what} is any of`}
          error={errors?.values?.message}
          hint={
            condition.field === 'companySize' ? 'As leads record it, e.g. 11-50 or 1000+' : 'e.g. Software'
          }
        >
          {(control) => (
            <TagInput
              {...control}
              value={condition.values}
              onChange={setValues}
              listLabel={`${what} values chosen`}
              placeholder="Type a value, then comma or Enter"
            />
          )}
        </Field>
      );
    }
    case 'campaign':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Activity">
            {(control) => (
              <Select
                {...control}
                value={condition.activity}
                onChange={(event) =>
                  onChange({ ...condition, activity: event.target.value as CampaignActivity })
                }
              >
                {campaignActivities.map((activity) => (
                  <option key={activity} value={activity}>
                    {campaignActivityLabels[activity]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Campaign" error={errors?.campaignId?.message}>
            {(control) => (
              <SegmentCampaignPicker
                {...control}
                campaignId={condition.campaignId}
                onChange={(campaignId) => onChange({ ...condition, campaignId })}
              />
            )}
          </Field>
        </div>
      );
  }
}

/** One condition: what it looks at, then the boxes for that, and a remove button. */
export function SegmentConditionEditor({
  label,
  condition,
  errors,
  onChange,
  onRemove,
}: {
  /** "Condition 2 of group 1": names the condition's group of controls and its remove button. */
  label: string;
  condition: ConditionDraft;
  errors: ConditionErrors | undefined;
  onChange: (condition: ConditionDraft) => void;
  onRemove: () => void;
}) {
  return (
    <div role="group" aria-label={label} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4">
      <div className="flex items-end gap-2">
        <Field label="Field" className="min-w-0 flex-1 sm:max-w-60">
          {(control) => (
            <Select
              {...control}
              value={condition.field}
              onChange={(event) => onChange(newCondition(event.target.value as SegmentField))}
            >
              {segmentFields.map((field) => (
                <option key={field} value={field}>
                  {segmentFieldLabels[field]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto size-10 px-0"
          aria-label={`Remove ${label.toLowerCase()}`}
          title="Remove condition"
          onClick={onRemove}
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="mt-3">
        <ConditionValue condition={condition} errors={errors} onChange={onChange} />
      </div>
    </div>
  );
}
