import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdTrim } from './scripts/vite-antd-trim.ts';
import { metadataTrim } from './scripts/vite-metadata-trim.ts';
import { precompiledValidators } from './scripts/vite-validators.ts';
import { metadataRoot, ROOT_DIR } from './server/config.ts';

const API = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react(), precompiledValidators(), antdTrim(), metadataTrim()],
  // schemas/, screens/, hubs/ bundled by import.meta.glob('@metadata/…'): the project's, or METADATA_DIR's.
  resolve: { alias: { '@metadata': metadataRoot() } },
  define: {
    __BUILD_ID__: JSON.stringify(process.env.VITE_BUILD_ID ?? 'dev'),
  },
  // The server puts each response's CSP nonce here (server/plugins/security-headers.ts); antd's run-time
  // <style> elements and Vite's preloads read it from <meta property="csp-nonce">.
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      // @rc-component/* (antd's internals) do not declare `sideEffects: false`, so every module of a package
      // stays once one export is used (antd's form context alone kept the whole form engine). They have no
      // module-level side effects; dropping unused modules keeps /login within its 200 KiB budget.
      treeshake: { moduleSideEffects: (id: string) => !/node_modules\/@rc-component\//.test(id) },
    },
  },
  server: {
    port: 5173,
    fs: { allow: [ROOT_DIR, metadataRoot()] },
    proxy: {
      '/api': API,
      '/app.config.json': API,
      '/builds': API,
    },
  },
});
