import { useQuery } from '@tanstack/react-query';
import { ChevronDown, X } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { projectOptionsQueryOptions } from '../api/reports.queries';

export type PickedProject = { id: string; name: string };

const allOption: ComboboxOption = { value: 'all', label: 'All projects' };

/**
 * The report's project filter: all projects, or one found by typing part of its name. It searches
 * the projects as you type rather than listing them all, so it stays quick with thousands.
 */
export function ProjectFilter({
  value,
  onChange,
  ...control
}: {
  /** The filtered project, or null for all; `name` is empty while it is still being looked up. */
  value: PickedProject | null;
  onChange: (project: PickedProject | null) => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const search = (typed ?? '').trim();
  const settled = useDebouncedValue(search, 250);
  const projects = useQuery(projectOptionsQueryOptions(settled));
  const searching = projects.isFetching || settled !== search;

  const found: ComboboxOption[] = (projects.data ?? []).map((project) => ({
    value: project.id,
    label: project.name,
    description: project.detail,
  }));
  // Without a search the list starts with "All projects"; until the first answer it says it is
  // searching, and if the projects could not be loaded it says so (the clear button still goes
  // back to all).
  const options = projects.isError || projects.isPending ? [] : search === '' ? [allOption, ...found] : found;

  return (
    <Combobox
      {...control}
      inputValue={typed ?? value?.name ?? ''}
      onInputValueChange={setTyped}
      options={options}
      onSelect={(option) => {
        onChange(option.value === 'all' ? null : { id: option.value, name: option.label });
        setTyped(null);
      }}
      onBlur={() => setTyped(null)}
      loading={searching}
      emptyText={
        projects.isError ? 'The projects could not be loaded. Try again later.' : 'No projects found'
      }
      listLabel="Projects"
      placeholder={value ? 'Loading…' : 'All projects'}
      endAdornment={
        value ? (
          <button
            type="button"
            aria-label="Show all projects"
            onClick={() => onChange(null)}
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'size-8 px-0' })}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : (
          <ChevronDown aria-hidden="true" className="mr-1.5 size-4 text-slate-500" />
        )
      }
    />
  );
}
