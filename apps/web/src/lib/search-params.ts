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
 * The params with some of them changed: an empty or undefined value removes its param, the others
 * stay. With `useAddressState(copyParams, copyParams)` a screen changes a few params
 * at a time: `show((current) => searchParamsWith(current, { tab }))`.
 */
export function searchParamsWith(
  params: URLSearchParams,
  changes: Record<string, string | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** A copy of the params: the `read` and `write` of a screen that keeps its state as plain params. */
export const copyParams = (params: URLSearchParams) => new URLSearchParams(params);

/**
 * A screen's state, mirrored in the address (`read` and `write` translate between the two). The
 * screen answers from its own state at once: a change of address is a navigation that completes
 * later (the app route's loader runs again), and two quick changes must not build on a stale one,
 * so a change given as a function builds on the latest state asked for. When the address changes
 * from elsewhere (a link, Back), it wins. A change replaces the history entry instead of adding one,
 * so Back leaves the screen instead of stepping through every filter.
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
  // Two changes in one event (a tab, then a filter) come before the state shows the first one.
  const pending = useRef<{ from: string; state: State } | null>(null);

  if (address !== seenAddress) {
    setSeenAddress(address);
    if (address !== requestedAddress) {
      setRequestedAddress(address);
      setState(read(searchParams));
    }
  }

  const show = useCallback(
    (change: State | ((current: State) => State)) => {
      const base = pending.current?.from === address ? pending.current.state : state;
      const next = change instanceof Function ? change(base) : change;
      const params = write(next);
      pending.current = { from: address, state: next };
      setState(next);
      setRequestedAddress(params.toString());
      setSearchParams(params, { replace: true });
    },
    [address, state, write, setSearchParams],
  );

  return [state, show] as const;
}
