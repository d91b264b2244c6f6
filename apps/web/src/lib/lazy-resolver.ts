import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver that loads the real one (the zod schema, and zod) the first time the form
 * validates, which is on submit: a form on a page of its own then paints and hydrates without
 * them. `preload` starts loading earlier, say when the form is first touched.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): { resolver: Resolver<T>; preload: () => void } {
  let loading: Promise<Resolver<T>> | undefined;
  const loaded = () => (loading ??= load());
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => void loaded(),
  };
}
