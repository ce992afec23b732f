import type { ListActionHandler } from '../../renderers/antd/list/action-registry.ts';
import { ACCESS_TEXT } from '../../i18n/access.ts';
import { formatDate } from '../../i18n/format.ts';

/** `access.sendPasswordLink` (users list): e-mails each chosen user a new single-use link to set the password. */
export const sendPasswordLink: ListActionHandler = {
  async run({ records, engine }) {
    for (const r of records) {
      const url = `${engine.api.service('identity')}/users/${encodeURIComponent(r.id)}/invitation`;
      const { expireAt } = await engine.http.post<{ expireAt: string }>(url, {});
      engine.snackbars.push({ type: 'success', status: 202, message: ACCESS_TEXT.linkSent(formatDate(new Date(expireAt))) });
    }
  },
};
