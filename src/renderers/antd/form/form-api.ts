import { createContext, useContext } from 'react';

/**
 * A narrow, stable handle on the form for widgets that fill other fields (CEP → address, boleto → amount
 * and due date). Reads are on demand; nothing here re-renders a widget (style.md: no formContext side channel).
 */
export interface FormApi {
  /** Whether the form has this field (a sibling named by `ui:options` may not exist on the screen). */
  has(field: string): boolean;
  get(field: string): unknown;
  set(patch: Record<string, unknown>): void;
}

export const FormApiContext = createContext<FormApi | null>(null);

/** The enclosing form's API, or null outside a form (a widget then simply does not autofill). */
export const useFormApi = (): FormApi | null => useContext(FormApiContext);
