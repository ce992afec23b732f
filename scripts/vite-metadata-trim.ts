import type { Plugin } from 'vite';

/** The metadata JSON the client bundles (src/react/metadata.ts globs `@metadata/{schemas,screens,hubs}`). */
const METADATA_JSON = /\/(schemas|screens|hubs)\/.*\.json$/;

/** A copy without `$comment` anywhere: notes for implementers, never read by the app (schema keys ignore them too). */
export function withoutComments(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutComments);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== '$comment').map(([k, v]) => [k, withoutComments(v)]));
}

/**
 * Vite plugin (build only): the schema, screen and hub files reach the browser without their `$comment`s. The
 * metadata chunk is part of every list's first load (its budget is 400 KiB gzip); the files on disk, the server and
 * `check:metadata` keep the comments.
 */
export function metadataTrim(): Plugin {
  return {
    name: 'metadata-trim',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!METADATA_JSON.test(id.split('?')[0])) return undefined;
      return { code: JSON.stringify(withoutComments(JSON.parse(code))), map: null };
    },
  };
}
