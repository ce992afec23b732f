import path from 'node:path';

/** Everything the server reads from the environment, in one place. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** Sender of e-mails (MAIL_FROM). */
  mailFrom: string;
  /** HMAC secret for access tokens; from JWT_SECRET, JWT_SECRET_FILE or `DATA_DIR/jwt.key` (created once). */
  jwtSecret?: string;
  jwtSecretFile?: string;
  /** Public URL used in e-mailed links (password recovery). */
  publicUrl: string;
  /** Folder with the built client; the server serves it when present. */
  clientDir: string;
  /** Folder of `<resource>.schema.json` files; `screens/` is its sibling (SCHEMAS_DIR; tests point at fixtures; default METADATA_DIR/schemas). */
  schemasDir: string;
  /** Skip building/serving the client (development with Vite, API tests). */
  serveClient: boolean;
  /** scrypt cost parameter N (2^17 by OWASP; tests lower it). */
  scryptN: number;
  /** Trust X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  logLevel: string;
  /** ViaCEP base URL (CEP_API_URL, `off` = bundled data only). */
  cepApiUrl: string;
  /** IBGE Localidades base URL (IBGE_API_URL, `off` = bundled snapshot only). */
  ibgeApiUrl: string;
  /** Timeout of calls to those services (EXTERNAL_TIMEOUT_MS). */
  externalTimeoutMs: number;
  /** Largest upload accepted by `/api/commons/v1/files` (FILES_MAX_BYTES, default 20 MiB). */
  filesMaxBytes: number;
  /** Bytes of files one user may keep, complete or in progress (FILES_QUOTA_BYTES, default 1 GiB). */
  filesQuotaBytes: number;
  /** Bytes of one user's uploads still in progress (FILES_PENDING_BYTES, default 100 MiB): no mass reservations. */
  filesPendingBytes: number;
  /** Fallback poll of identity changes (AUTH_POLL_MS, default 1000): bounds how long news missed by LISTEN lasts. */
  authPollMs: number;
}

export const ROOT_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/**
 * The folder of the metadata an implementer edits — `schemas/`, `screens/`, `hubs/` and `public/app.config.json` —
 * from METADATA_DIR (relative to the project), else the project itself. The server, the client build (the
 * `@metadata` alias of vite.config.ts) and the build id read the same folder (docs/decisions.md D69): the
 * first-screen e2e runs the app on a copy.
 */
export const metadataRoot = (env: NodeJS.ProcessEnv = process.env): string => path.resolve(ROOT_DIR, env.METADATA_DIR || '.');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(ROOT_DIR, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Back Office <nao-responda@localhost>',
    jwtSecret: env.JWT_SECRET || undefined,
    jwtSecretFile: env.JWT_SECRET_FILE || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    clientDir: path.resolve(ROOT_DIR, env.CLIENT_DIR || 'dist'),
    schemasDir: path.resolve(env.SCHEMAS_DIR ?? path.join(metadataRoot(env), 'schemas')),
    serveClient: env.SERVE_CLIENT !== '0',
    scryptN: Number(env.SCRYPT_N ?? 2 ** 17),
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    cepApiUrl: env.CEP_API_URL ?? 'https://viacep.com.br/ws',
    ibgeApiUrl: env.IBGE_API_URL ?? 'https://servicodados.ibge.gov.br/api/v1/localidades',
    externalTimeoutMs: Number(env.EXTERNAL_TIMEOUT_MS ?? 3000),
    filesMaxBytes: Number(env.FILES_MAX_BYTES ?? 20 * 1024 * 1024),
    filesQuotaBytes: Number(env.FILES_QUOTA_BYTES ?? 1024 * 1024 * 1024),
    filesPendingBytes: Number(env.FILES_PENDING_BYTES ?? 100 * 1024 * 1024),
    authPollMs: Number(env.AUTH_POLL_MS ?? 1000),
  };
}
