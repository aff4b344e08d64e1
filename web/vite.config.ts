// Vite build for the public dashboard. The Rust server (`gbvf serve`) serves dist/ at / with an
// SPA fallback; in development /api and the open data catalogue are proxied to it.
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { mockApi } from './scripts/mock-api'

const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [
    react(),
    ...(process.env.MOCK_API ? [mockApi()] : []),
    // The survey's service worker (src/sw/sw.ts): registered by the survey page only; it
    // precaches the page shell alone, so a first visit downloads nothing more for it.
    ...(process.env.VITEST
      ? []
      : [
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src/sw',
            filename: 'sw.ts',
            injectRegister: false,
            manifest: false,
            injectManifest: { globPatterns: ['index.html', 'survey.html'] },
          }),
        ]),
  ],
  // Catalogs ship precompiled (scripts/i18n.mjs), so the ICU parser stays out of the bundles
  // (the catalog tests parse messages themselves).
  resolve: {
    alias: process.env.VITEST
      ? []
      : [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
  },
  server: process.env.MOCK_API ? {} : { proxy: { '/api': backend, '/data/catalog.jsonld': backend } },
  preview: { proxy: { '/api': backend, '/data/catalog.jsonld': backend } },
  build: {
    outDir: 'dist',
    // The dashboard, the anonymous survey's own light page (src/survey-main.tsx), and the
    // embedded views other sites frame (src/embed-main.tsx; not precached by the survey's worker).
    rollupOptions: { input: { main: 'index.html', survey: 'survey.html', embed: 'embed.html' } },
    // MapLibre and ApexCharts are large by nature; they load only on the views that draw them.
    chunkSizeWarningLimit: 1100,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Integration tests type into whole forms; on two busy cores that can pass the 5 s default.
    testTimeout: 15_000,
  },
})
