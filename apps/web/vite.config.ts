import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { publicContentCheck } from './scripts/public-content-check.ts';
import { shellTextsFile } from './scripts/shell-texts.ts';

/**
 * The built files an applicant's phone need not keep, from Vite's manifest: the back office's own
 * modules (pages and catalogues), and pdf.js, which draws the form only while the network is there
 * to fetch it (some 115 KiB the phone would otherwise download at its first visit).
 */
function filesNotToKeep(): Set<string> {
  const manifest = JSON.parse(
    readFileSync(path.join(import.meta.dirname, 'dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  return new Set(
    Object.entries(manifest)
      .filter(([src]) => src.includes('backoffice') || src.includes('node_modules/pdfjs-dist/'))
      .map(([, entry]) => entry.file),
  );
}

export default defineConfig({
  plugins: [
    react(),
    // the operator's content files of the public pages must pass their schemas (docs/content.md)
    publicContentCheck(),
    // the texts the server paints into the page before the scripts run (apps/api/src/plugins/web.ts)
    shellTextsFile(),
    tailwindcss(),
    // the service worker (src/sw/service-worker.ts) keeps the app's files on the phone, so a reload
    // without network shows the app and its offline notice; registered in main.tsx
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // the applicant's app: its scripts, styles, catalogues and icon (index.html is a template
        // the server fills in; the worker keeps the pages the server sent instead)
        globPatterns: ['assets/**/*.{js,css,json}', 'favicon.svg'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        // the back office's own files and pdf.js stay out (filesNotToKeep)
        manifestTransforms: [
          (entries) => {
            const notToKeep = filesNotToKeep();
            return { manifest: entries.filter((e) => !notToKeep.has(e.url)), warnings: [] };
          },
        ],
      },
    }),
  ],
  base: '/',
  resolve: {
    // React Router's production build: its package exports only the one with development warnings
    // (the two differ by ENABLE_DEV_WARNINGS), which would ship the warnings' code to every phone
    alias: [
      {
        find: /^react-router$/,
        replacement: path.join(import.meta.dirname, '../../node_modules/react-router/dist/production/index.mjs'),
      },
    ],
  },
  // Vite's default browser target (Chrome and Android WebView 111+, Safari 16.4+, as Tailwind 4
  // itself needs): the libraries' class fields ship as written, not as WeakMap helpers (about 1.3
  // KiB less JavaScript and 0.9 KiB less CSS on the first page than the earlier es2020 target)
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 300, manifest: true },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
      '/sandbox': 'http://127.0.0.1:8080',
    },
  },
});
