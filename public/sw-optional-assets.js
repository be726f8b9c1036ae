// Service worker addition (imported by the generated one): on the page's 'cache-optional-assets' message, caches the
// heavy optional chunks listed by the build in /optional-assets.json, one after another, so they open offline later.
// The cache is the one the service worker's runtime rule for /assets/*.js reads (vite.config.ts).
const OPTIONAL_CACHE = 'partes-opcionais';
const OPTIONAL_LIST = '/optional-assets.json';

async function cacheOptionalAssets() {
  const response = await fetch(OPTIONAL_LIST, { cache: 'no-cache' });
  if (!response.ok) return;
  const urls = await response.json();
  if (!Array.isArray(urls)) return;
  const cache = await caches.open(OPTIONAL_CACHE);
  for (const url of urls) {
    if (typeof url !== 'string' || !url.startsWith('/assets/')) continue;
    if (!(await cache.match(url))) await cache.add(url);
  }
}

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache-optional-assets') return;
  // Without a connection the rest waits for the next start.
  event.waitUntil(cacheOptionalAssets().catch(() => undefined));
});
