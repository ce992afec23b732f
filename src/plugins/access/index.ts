import type { ComponentType } from 'react';
import type { Plugin } from '../../react/plugin.ts';
import { registerLazyListAction } from '../../renderers/antd/list/action-registry.ts';

const listPage = () => import('../../renderers/antd/list/ListPage.tsx');
const current = (screen: string, kind: 'list' | 'view' | 'edit', idParam: string, load: () => Promise<{ default: ComponentType }>) => () =>
  import('./current-application.tsx').then((m) => m.currentApplicationPage(screen, kind, idParam, load)());

/**
 * Access administration pages that are not one screen file: "Aplicação" (the current application's record,
 * resources, policies and ACLs at `/configuracoes/aplicacao…`, the same screens as under
 * `/configuracoes/aplicacoes/{id}`), a user's active profiles and effective policies, and the users list's
 * "Enviar link de senha" action (`access.sendPasswordLink`). Every page is a lazy chunk.
 */
registerLazyListAction('access.sendPasswordLink', () => import('./actions.ts').then((m) => m.sendPasswordLink));

const USERS = { permission: 'users', scope: 'read', label: 'Usuários' };

export const accessPlugin: Plugin = {
  name: 'access',
  routes: [
    { path: '/configuracoes/aplicacao', layout: 'default', title: 'Aplicação', access: { permission: 'applications', scope: 'read', label: 'Aplicação' }, load: current('applications', 'view', 'applicationId', () => import('../../renderers/antd/view/ViewPage.tsx')) },
    { path: '/configuracoes/aplicacao/editar', layout: 'default', title: 'Configurações da aplicação', access: { permission: 'applications', scope: 'update', label: 'Aplicação' }, load: current('applications', 'edit', 'applicationId', () => import('../../renderers/antd/form/FormPage.tsx')) },
    { path: '/configuracoes/aplicacao/recursos', layout: 'default', title: 'Recursos', access: { permission: 'application-resources', scope: 'read', label: 'Recursos' }, load: current('application-resources', 'list', 'applicationResourceId', listPage) },
    { path: '/configuracoes/aplicacao/politicas', layout: 'default', title: 'Políticas', access: { permission: 'application-policies', scope: 'read', label: 'Políticas' }, load: current('application-policies', 'list', 'applicationPolicyId', listPage) },
    { path: '/configuracoes/aplicacao/acls', layout: 'default', title: 'Grupos de Agências', access: { permission: 'application-acls', scope: 'read', label: 'Grupos de Agências' }, load: current('application-acls', 'list', 'applicationAclId', listPage) },
    { path: '/usuarios/:userId/perfis-ativos', layout: 'default', title: 'Perfis ativos', access: USERS, load: () => import('./UserActiveProfilesPage.tsx') },
    { path: '/usuarios/:userId/politicas', layout: 'default', title: 'Políticas do usuário', access: USERS, load: () => import('./UserPoliciesPage.tsx') },
  ],
};
