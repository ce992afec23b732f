import { createContext, useContext } from 'react';

/** Labels of referenced records by field, then id (`{ bankId: { '6f1c…': 'Itaú' } }`), resolved once per page. */
export type RefLabels = Readonly<Record<string, Readonly<Record<string, string | null>> | undefined>>;

/** Ref cells read labels here, so labels arriving later re-render those cells only, not the column definitions. */
export const RefLabelsContext = createContext<RefLabels>({});

export function useRefLabel(field: string, id: unknown): string | null | undefined {
  const labels = useContext(RefLabelsContext)[field];
  return typeof id === 'string' && labels ? labels[id.toLowerCase()] : undefined;
}
