import { useQuery } from '@tanstack/react-query';
import { getData } from './api';

/**
 * An admin API read outside react-admin's resources (charts, usage, an adjustment's items), in
 * react-admin's query cache: its refresh reloads it with the rest of the page.
 */
export function useAdminRead<T>(key: readonly unknown[], path: string, enabled = true) {
  return useQuery({ queryKey: ['console', ...key], queryFn: () => getData<T>('GET', path), enabled });
}

/** A failed read's message: the API's own. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
