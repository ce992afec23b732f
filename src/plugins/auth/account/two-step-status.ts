import type { LoggedUser } from '../../../engine/session/types.ts';
import { TWO_STEP_TEXT } from '../../../i18n/auth.ts';

/** Two-factor situation of a user, as a label and a tag colour. */
export function twoStepStatus(user: LoggedUser): { label: string; color: string; on: boolean } {
  const tf = user.twoFactorsSettings;
  if (tf?.isMandatory) return { label: TWO_STEP_TEXT.mandatory, color: 'blue', on: true };
  if (tf?.isEnabledByUser) return { label: TWO_STEP_TEXT.enabled, color: 'green', on: true };
  return { label: TWO_STEP_TEXT.disabled, color: 'default', on: false };
}
