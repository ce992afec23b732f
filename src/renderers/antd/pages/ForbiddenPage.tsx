import { Result } from 'antd';
import { useRouteLoaderData } from 'react-router-dom';
import type { GuardResult } from '../../../engine/guard/route-guard.ts';
import { FORBIDDEN_TEXT } from '../../../i18n/messages.ts';
import { LinkButton } from '../LinkButton.tsx';
import { useDocumentTitle } from '../screens/useDocumentTitle.ts';
import { BRAND } from '../theme.ts';

/**
 * The one 403 page of the route guard (step 9b): the page's permission is missing, so nothing of it is drawn —
 * no filters, no table, no form, no "Tentar novamente" that cannot help. Says what is missing and whom to ask.
 */
export default function ForbiddenPage() {
  const guard = useRouteLoaderData('root') as GuardResult | undefined;
  const access = guard?.type === 'forbidden' ? guard.access : undefined;
  const verb = (access && FORBIDDEN_TEXT.verbs[access.scope]) ?? FORBIDDEN_TEXT.otherVerb;
  useDocumentTitle(FORBIDDEN_TEXT.title);
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 24, margin: 0 }} data-testid="error-status">{FORBIDDEN_TEXT.title}</h1>}
      subTitle={
        <>
          <div style={{ fontSize: 16, color: BRAND.text }}>{FORBIDDEN_TEXT.description(verb, access?.label)}</div>
          <div style={{ marginTop: 8 }}>{FORBIDDEN_TEXT.hint}</div>
        </>
      }
      extra={<LinkButton type="primary" to="/">{FORBIDDEN_TEXT.home}</LinkButton>}
    />
  );
}
