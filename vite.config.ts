import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    // Mid-range phones: keep chunks small and separate (pages, modal, popups are lazy).
    chunkSizeWarningLimit: 260,
    // Two entries: index.html (every page hydrated whole) and the landing page's islands
    // (scripts/prerender.ts gives `/` this one instead).
    rolldownOptions: {
      input: { index: 'index.html', landing: 'src/client/landing-main.tsx' },
      // React in one file shared by both entries: fewer, larger first-load requests on a phone.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The checkout's two tiny modules every buy button needs at once: one file, not two, now
            // that the order page (/pedido) opens the same payment modal.
            { name: 'checkout-context', test: /[\\/]src[\\/]client[\\/](lib[\\/]checkout-context|checkout[\\/]open-order-store)\.ts$/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/sandbox': 'http://127.0.0.1:3000' } },
});
