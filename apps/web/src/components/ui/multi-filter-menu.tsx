import { DropdownMenu } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { controlClasses } from './input';
import { menuItemClasses, MenuContent, MenuSeparator } from './menu';

/**
 * A named choice of several values at once, e.g. "Open (not done)" for every status but done; `short`
 * is what the closed control shows when the preset is chosen, where a phone leaves little room.
 */
export type FilterPreset<Value extends string> = { label: string; short?: string; values: readonly Value[] };

const sameValues = <Value extends string>(a: readonly Value[], b: readonly Value[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/**
 * A list filter that keeps several values at once: a menu of checkboxes, "All …" (nothing chosen)
 * first, then one-click presets, then each value. The menu stays open while values are ticked.
 */
export function MultiFilterMenu<Value extends string>({
  label,
  allLabel,
  values,
  labels,
  selected,
  presets = [],
  onChange,
  className,
}: {
  /** The filter's accessible name, e.g. "Status". */
  label: string;
  /** What no filter reads as, e.g. "All statuses". */
  allLabel: string;
  values: readonly Value[];
  labels: Record<Value, string>;
  /** The values kept, in `values` order; empty keeps everything. */
  selected: readonly Value[];
  presets?: readonly FilterPreset<Value>[];
  onChange: (selected: Value[]) => void;
  className?: string;
}) {
  const preset = presets.find((option) => sameValues(option.values, selected));
  const summary =
    selected.length === 0
      ? allLabel
      : preset
        ? (preset.short ?? preset.label)
        : selected.map((value) => labels[value]).join(', ');
  const inOrder = (chosen: readonly Value[]) => values.filter((value) => chosen.includes(value));
  const toggle = (value: Value) =>
    onChange(inOrder(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]));
  // Keeps the menu open, so several values can be ticked in a row.
  const keepOpen = (event: Event) => event.preventDefault();
  const indicator = (
    <span className="flex size-4 items-center justify-center">
      <DropdownMenu.ItemIndicator>
        <Check aria-hidden="true" className="size-4 text-indigo-700" />
      </DropdownMenu.ItemIndicator>
    </span>
  );

  return (
    // Not modal: the list beside it stays readable and its filters reachable while values are ticked.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`${label}: ${preset?.label ?? summary}`}
        title={preset?.label ?? summary}
        className={controlClasses(cn('flex h-10 items-center justify-between gap-2 text-left', className))}
      >
        <span className="truncate">{summary}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </DropdownMenu.Trigger>
      <MenuContent align="start" aria-label={label}>
        <DropdownMenu.CheckboxItem
          className={menuItemClasses}
          checked={selected.length === 0}
          onCheckedChange={() => onChange([])}
          onSelect={keepOpen}
        >
          {indicator}
          {allLabel}
        </DropdownMenu.CheckboxItem>
        {presets.map((option) => (
          <DropdownMenu.CheckboxItem
            key={option.label}
            className={menuItemClasses}
            checked={preset === option}
            onCheckedChange={(checked) => onChange(checked ? inOrder(option.values) : [])}
            onSelect={keepOpen}
          >
            {indicator}
            {option.label}
          </DropdownMenu.CheckboxItem>
        ))}
        <MenuSeparator />
        {values.map((value) => (
          <DropdownMenu.CheckboxItem
            key={value}
            className={menuItemClasses}
            checked={selected.includes(value)}
            onCheckedChange={() => toggle(value)}
            onSelect={keepOpen}
          >
            {indicator}
            {labels[value]}
          </DropdownMenu.CheckboxItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
