import { Navigate, useLocation, useParams } from 'react-router-dom';

/**
 * A redirect route (`/contas-financeiras` → `/contas-financeiras/lista`), keeping the query string; a nested
 * base carries its parameters over (`/empresas/:companyTypeId` → `/empresas/<id>/lista`).
 */
export function redirectPage(to: string) {
  return function RedirectPage() {
    const { search, hash } = useLocation();
    const params = useParams();
    const path = to.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    return <Navigate to={`${path}${search}${hash}`} replace />;
  };
}
