/** The permission of the statement lines (`reconcilables`): importing is `create`, reconciling `update`. */
export const RECONCILE_PERMISSION = 'reconcilables';
