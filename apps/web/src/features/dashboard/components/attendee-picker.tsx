import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  RecordMultiPicker,
  type PickedRecord,
  type RecordMultiPickerProps,
} from '../../../components/ui/record-picker';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { inviteesQueryOptions } from '../api/dashboard.queries';

export type PickedAttendee = PickedRecord;

/**
 * Picks any number of people by typing part of a name: the chosen ones sit above the search box,
 * each with a remove button. The server searches, so it stays quick with thousands of people.
 */
export function AttendeePicker({ onBlur, ...props }: Omit<RecordMultiPickerProps, 'chipsLabel'>) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const invitees = useQuery(inviteesQueryOptions(search));
  return (
    <RecordMultiPicker
      {...props}
      chipsLabel="Invited people"
      text={text}
      onTextChange={setText}
      options={(invitees.data ?? []).map((invitee) => ({
        value: invitee.id,
        label: invitee.name,
        description: invitee.detail,
      }))}
      onBlur={() => {
        // Typed text that was not picked is no one: leaving the box must not look like an invitation.
        setText('');
        onBlur?.();
      }}
      loading={invitees.isFetching || search !== text.trim()}
      emptyText={invitees.isError ? 'The people could not be loaded' : 'No one found'}
      listLabel="People"
      placeholder="Search people by name"
    />
  );
}
