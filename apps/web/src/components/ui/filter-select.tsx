import { Select } from './input';

/**
 * A list filter over a fixed set of values: "All …" (the empty value) first, then each value by
 * its label.
 */
export function FilterSelect<Value extends string>({
  label,
  allLabel,
  values,
  labels,
  value,
  onChange,
  className,
}: {
  /** The select's accessible name, e.g. "Status". */
  label: string;
  /** What no filter reads as, e.g. "All statuses". */
  allLabel: string;
  values: readonly Value[];
  labels: Record<Value, string>;
  value: Value | '';
  onChange: (value: Value | '') => void;
  className?: string;
}) {
  return (
    <Select
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Value | '')}
      className={className}
    >
      <option value="">{allLabel}</option>
      {values.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </Select>
  );
}

export type SortOrder = 'asc' | 'desc';
export type SortOption<Key extends string> = { label: string; sort: Key; order: SortOrder };

const sortValue = ({ sort, order }: { sort: string; order: SortOrder }) => `${sort}:${order}`;

/** The order of a list as one select: each option is a sort key with its direction. */
export function SortSelect<Key extends string>({
  options,
  sort,
  order,
  onChange,
  className,
}: {
  options: readonly SortOption<Key>[];
  sort: Key;
  order: SortOrder;
  onChange: (order: { sort: Key; order: SortOrder }) => void;
  className?: string;
}) {
  return (
    <Select
      aria-label="Sort by"
      value={sortValue({ sort, order })}
      onChange={(event) => {
        const option = options.find((item) => sortValue(item) === event.target.value);
        if (option) onChange({ sort: option.sort, order: option.order });
      }}
      className={className}
    >
      {options.map((option) => (
        <option key={sortValue(option)} value={sortValue(option)}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
