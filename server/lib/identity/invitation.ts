import type { Queryable } from '../../db/index.ts';
import { escapeHtml, type Mail } from '../mailer.ts';
import { newOpaqueToken, sha256 } from './sessions.ts';

/** An invitation link lives longer than a recovery link (30 min): the person may read it days later. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Invitation {
  mail: Mail;
  expireAt: Date;
}

/**
 * A single-use link to set the password, on the password-recovery token flow (`POST auth/password-reset`):
 * earlier unused links of the user stop working. Call inside the transaction; send `mail` after it commits.
 */
export async function createInvitation(
  q: Queryable,
  user: { id: string; name: string; email: string },
  opts: { publicUrl: string; invitedBy: string; now?: Date },
): Promise<Invitation> {
  const now = opts.now ?? new Date();
  const token = newOpaqueToken();
  const expireAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await q.query('UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [user.id, now]);
  await q.query('INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
    user.id,
    sha256(token),
    expireAt,
    now,
  ]);
  const link = `${opts.publicUrl}/auth/recuperar-senha?token=${encodeURIComponent(token)}`;
  const until = expireAt.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  return {
    expireAt,
    mail: {
      to: user.email,
      subject: 'Crie sua senha de acesso ao Back Office',
      text:
        `Olá, ${user.name}.\n\n${opts.invitedBy} liberou seu acesso ao Back Office com o e-mail ${user.email}.\n\n` +
        `Para criar sua senha, abra o link abaixo até ${until} (ele só funciona uma vez):\n\n${link}\n\n` +
        'Se você não esperava este e-mail, ignore-o.',
      html:
        `<p>Olá, ${escapeHtml(user.name)}.</p><p>${escapeHtml(opts.invitedBy)} liberou seu acesso ao Back Office com o e-mail ` +
        `${escapeHtml(user.email)}.</p><p>Para criar sua senha, <a href="${escapeHtml(link)}">clique aqui</a> até ${until} ` +
        '(o link só funciona uma vez).</p><p>Se você não esperava este e-mail, ignore-o.</p>',
    },
  };
}
