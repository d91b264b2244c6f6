import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

// Screens keep their tab, filters and open dialog in the address, so a reload or a shared link shows
// the same view. An address can hold anything (an old or hand-edited link): what is read from it
// is checked, and anything unknown falls back to the default instead of failing a request.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a record id (a UUID). */
export const isUuid = (value: string | null | undefined): value is string =>
  typeof value === 'string' && uuidPattern.test(value);

/** The value when it is one of the options, otherwise undefined. */
export const oneOf = <T extends string>(
  options: readonly T[],
  value: string | null | undefined,
): T | undefined => options.find((option) => option === value);

/** The search text (`q`), trimmed and no longer than the server accepts. */
export const searchTextFrom = (params: URLSearchParams): string =>
  (params.get('q') ?? '').trim().slice(0, 100);

/** Only the values that differ from their default, in the defaults' order, so a plain address stays plain. */
export function searchParamsDifferingFrom<T extends Record<string, string>>(
  values: T,
  defaults: T,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults)) {
    const value = values[key];
    if (value !== undefined && value !== defaults[key]) params.set(key, value);
  }
  return params;
}

/**
 * The address's search params and a way to change some of them: an empty or undefined value removes
 * its param, the others stay. A change replaces the history entry instead of adding one, so Back
 * leaves the screen instead of stepping through every filter.
 */
export function useSearchParamsUpdate() {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  // A change is a navigation that completes later (the app route's loader runs again): a second
  // change before then (a tab, then a filter) builds on the first, not on the address as rendered,
  // or it would undo the first. Once the address moves on, it is the base again.
  const pending = useRef<{ from: string; next: URLSearchParams } | null>(null);
  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      const base = pending.current?.from === address ? pending.current.next : searchParams;
      const next = new URLSearchParams(base);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      pending.current = { from: address, next };
      setSearchParams(next, { replace: true });
    },
    [address, searchParams, setSearchParams],
  );
  return [searchParams, update] as const;
}

/**
 * A screen's state, mirrored in the address (`read` and `write` translate between the two). The
 * screen answers from its own state at once: a change of address is a navigation that completes
 * later (the app route's loader runs again), and two quick changes must not build on a stale one.
 * When the address changes from elsewhere (a link, Back), it wins. Like `useSearchParamsUpdate`, a
 * change replaces the history entry.
 */
export function useAddressState<State>(
  read: (params: URLSearchParams) => State,
  write: (state: State) => URLSearchParams,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  const [state, setState] = useState<State>(() => read(searchParams));
  const [seenAddress, setSeenAddress] = useState(address);
  const [requestedAddress, setRequestedAddress] = useState(address);

  if (address !== seenAddress) {
    setSeenAddress(address);
    if (address !== requestedAddress) {
      setRequestedAddress(address);
      setState(read(searchParams));
    }
  }

  const show = (next: State) => {
    const params = write(next);
    setState(next);
    setRequestedAddress(params.toString());
    setSearchParams(params, { replace: true });
  };

  return [state, show] as const;
}
