import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// `npm run dev` runs the service on API_PORT (default 8081) and Vite here, proxying /api to it.
const apiPort = process.env.API_PORT ?? '8081';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/app/routes',
      generatedRouteTree: 'src/app/route-tree.gen.ts',
    }),
    react(),
  ],
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: `npm run size` reads which chunks the sign-in page loads.
    manifest: true,
  },
});
