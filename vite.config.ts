// Build of the PWA: file-based routes with code splitting, React, Tailwind, and the service worker.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { optionalChunks } from './scripts/pwa-optional-chunks.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// Heavy optional chunks stay out of the precache: 'offline-ready' waits for the shell alone.
const optional = optionalChunks();

export default defineConfig({
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(version),
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routeFileIgnorePattern: '\\.test\\.' }),
    react(),
    tailwindcss(),
    optional.plugin,
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/favicon.svg'],
      manifest: {
        name: 'Caderneta',
        short_name: 'Caderneta',
        description: 'Vendas, fiado, estoque e despesas do seu mercadinho — funciona sem internet.',
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f7f5ef',
        theme_color: '#1f6f4a',
        categories: ['business', 'finance', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        navigateFallback: '/index.html',
        cleanupOutdatedCaches: true,
        // The first visit's page is controlled as soon as the shell is cached (updates still wait for 'Atualizar').
        clientsClaim: true,
        // Caches the optional chunks when the page asks, after the shell (src/lib/optional-assets.ts).
        importScripts: ['/sw-optional-assets.js'],
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => !optional.isOptional(entry.url)), warnings: [] }),
        ],
        runtimeCaching: [
          {
            // Optional chunks (hashed names, never changed): cached on first fetch or by public/sw-optional-assets.js
            // (same cache name), then served offline.
            urlPattern: /\/assets\/[^/]+\.js$/,
            handler: 'CacheFirst',
            options: {
              cacheName: 'partes-opcionais',
              expiration: { maxEntries: 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Product photos (public URLs carry a version): once seen, they show offline too.
            urlPattern: /\/storage\/v1\/(?:render\/image|object)\/public\/product-images\//,
            handler: 'CacheFirst',
            options: {
              cacheName: 'imagens-produtos',
              expiration: { maxEntries: 500, maxAgeSeconds: 60 * 60 * 24 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  worker: {
    format: 'es',
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  preview: {
    port: 4173,
    strictPort: true,
    host: '127.0.0.1',
  },
  server: {
    host: '127.0.0.1',
  },
});
