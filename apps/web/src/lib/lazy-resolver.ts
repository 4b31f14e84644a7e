import type { FieldValues, Resolver } from 'react-hook-form';
import { translatedResolver } from './i18n/translated-resolver';

export type LazyResolver<T extends FieldValues> = Resolver<T> & {
  /** Starts loading the schema now (after the first paint), so that the first check does not wait for it. */
  preload: () => void;
};

/**
 * A form resolver whose schema (and Zod with it) is loaded on first use: a page in the first bundle renders its
 * form without carrying the validation code, which is needed only once the person submits. Its messages (the shared
 * schema's English texts) read in the page's language.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let pending: Promise<Resolver<T>> | null = null;
  const get = () => {
    pending ??= load()
      .then((loaded) => translatedResolver(loaded))
      .catch((error: unknown) => {
        pending = null; // A failed download (offline) is tried again on the next check.
        throw error;
      });
    return pending;
  };
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}
