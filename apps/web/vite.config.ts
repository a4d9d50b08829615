import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

// The dev server proxies the game server (started separately on port 3000).
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // The rules engines' shared core (with its schema and hashing libraries) loads with the
        // first game chunk, under a name that says what it is.
        advancedChunks: {
          groups: [{ name: 'engine', test: /packages[\\/]engine|node_modules[\\/].*(zod|@noble)/ }],
        },
      },
    },
  },
});
