import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react()],
  define: {
    __BUILD_ID__: JSON.stringify(process.env.VITE_BUILD_ID ?? 'dev'),
  },
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
    proxy: {
      '/api': API,
      '/app.config.json': API,
      '/builds': API,
    },
  },
});
