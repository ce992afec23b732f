import type { Plugin } from '../../react/plugin.ts';

/**
 * The auth plugin: sign-in, two-factor, password recovery, logout, "Minha conta" and the dev outbox.
 * Every page is a lazy chunk, so /login loads only its own code.
 */
export const authPlugin: Plugin = {
  name: 'auth',
  routes: [
    { path: '/login', layout: 'logon', isPublic: true, title: 'Entrar', load: () => import('./pages/LoginPage.tsx') },
    { path: '/logout', layout: 'logon', isPublic: true, title: 'Sair', load: () => import('./pages/LogoutPage.tsx') },
    { path: '/autenticacao', layout: 'logon', isPublic: true, title: 'Autenticação', load: () => import('./pages/SessionPages.tsx').then((m) => ({ default: m.AuthenticationPage })) },
    { path: '/auth/authorized', layout: 'logon', isPublic: true, title: 'Acesso autorizado', load: () => import('./pages/SessionPages.tsx').then((m) => ({ default: m.AuthorizedPage })) },
    { path: '/auth/callback', layout: 'logon', isPublic: true, title: 'Conectando', load: () => import('./pages/SessionPages.tsx').then((m) => ({ default: m.CallbackPage })) },
    { path: '/auth/codigo', layout: 'logon', title: 'Verificação em duas etapas', load: () => import('./pages/TwoFactorCodePage.tsx') },
    { path: '/auth/configurar-verificacao-em-duas-etapas', layout: 'logon', title: 'Configurar verificação em duas etapas', load: () => import('./pages/TwoFactorSetupPage.tsx') },
    { path: '/auth/recuperar-senha', layout: 'logon', isPublic: true, title: 'Recuperar senha', load: () => import('./pages/PasswordRecoveryPage.tsx') },
    { path: '/minha-conta', layout: 'default', title: 'Minha conta', load: () => import('./account/MyAccountPage.tsx') },
    { path: '/minha-conta/editar', layout: 'default', title: 'Editar dados pessoais', load: () => import('./account/EditProfilePage.tsx') },
    { path: '/minha-conta/alterar-senha', layout: 'default', title: 'Alterar senha', load: () => import('./account/ChangePasswordPage.tsx') },
    { path: '/minha-conta/perfis-ativos', layout: 'default', title: 'Perfis ativos', load: () => import('./account/ActiveProfilesPage.tsx') },
    { path: '/minha-conta/politicas', layout: 'default', title: 'Políticas', load: () => import('./account/PoliciesPage.tsx') },
    { path: '/minha-conta/verificacao-em-duas-etapas', layout: 'default', title: 'Verificação em duas etapas', load: () => import('./account/TwoStepVerificationPage.tsx') },
    { path: '/dev/caixa-de-saida', layout: 'textual', isPublic: true, title: 'Caixa de saída', load: () => import('./dev/OutboxPage.tsx') },
  ],
};
