import { projectStatusLabels } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type Ref } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { projectSearchQueryOptions } from '../api/projects.queries';

/** A project picked in a form or filter: the id is what is sent, the name what is shown. */
export type PickedProject = { id: string; name: string };

/**
 * Picks one project by typing part of its name; the server searches, so it stays quick with
 * thousands, and a Contractor is offered only the projects they are on. With `clearLabel`, the clear
 * button (or emptying the box) picks none — e.g. "All projects" in a filter.
 */
export function ProjectPicker({
  value,
  onChange,
  onBlur,
  placeholder = 'Search projects',
  clearLabel,
  ...control
}: {
  value: PickedProject | null;
  onChange: (project: PickedProject | null) => void;
  onBlur?: () => void;
  placeholder?: string;
  clearLabel?: string;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const search = (typed ?? '').trim();
  const settled = useDebouncedValue(search, 250);
  const found = useQuery(projectSearchQueryOptions(settled));
  return (
    <Combobox
      {...control}
      inputValue={typed ?? value?.name ?? ''}
      onInputValueChange={setTyped}
      options={(found.data?.data ?? []).map((project) => ({
        value: project.id,
        label: project.name,
        description: [projectStatusLabels[project.status], project.client].filter(Boolean).join(' · '),
      }))}
      onSelect={(option) => {
        onChange({ id: option.value, name: option.label });
        setTyped(null);
      }}
      onBlur={() => {
        if (clearLabel && typed?.trim() === '') onChange(null);
        setTyped(null);
        onBlur?.();
      }}
      loading={found.isFetching || settled !== search}
      emptyText={found.isError ? 'The projects could not be loaded. Try again later.' : 'No projects found'}
      listLabel="Projects"
      placeholder={placeholder}
      endAdornment={
        clearLabel && value ? (
          <button
            type="button"
            aria-label={clearLabel}
            title={clearLabel}
            onClick={() => onChange(null)}
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'size-8 px-0' })}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null
      }
    />
  );
}
