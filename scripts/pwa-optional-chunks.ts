// Vite plugin: finds the heavy optional chunks (jsPDF's HTML rendering helpers) so the service worker's
// precache holds the shell alone and the page caches these afterwards, in idle time (OPTIONAL_ASSETS_FILE lists them).
import type { Plugin } from 'vite';

/** The list of optional chunk URLs the build writes next to index.html. */
export const OPTIONAL_ASSETS_FILE = 'optional-assets.json';

/**
 * Libraries no screen needs to open offline: jsPDF's HTML rendering helpers (html2canvas, DOMPurify, canvg and their
 * polyfills), which the app's exports never call. Everything a screen may need offline from the first visit stays in
 * the shell's precache: the charts (the dashboard draws one on opening), jsPDF itself (PDF exports work offline), the
 * backup's zip, the scanner's decoder.
 */
const OPTIONAL_MODULE =
  /[\\/]node_modules[\\/](?:html2canvas|canvg|dompurify|core-js|raf|rgbcolor|stackblur-canvas|svg-pathdata)[\\/]/;

export interface OptionalChunks {
  readonly plugin: Plugin;
  /** Whether a build file (path relative to the output folder, e.g. 'assets/x.js') is one of the optional chunks. */
  isOptional(file: string): boolean;
}

/** A chunk is optional when most of its code comes from the optional libraries. */
function mostlyOptional(modules: Record<string, { renderedLength: number }>): boolean {
  let optional = 0;
  let total = 0;
  for (const [id, module] of Object.entries(modules)) {
    total += module.renderedLength;
    if (OPTIONAL_MODULE.test(id)) optional += module.renderedLength;
  }
  return total > 0 && optional / total > 0.5;
}

export function optionalChunks(): OptionalChunks {
  const optional = new Set<string>();
  const plugin: Plugin = {
    name: 'caderneta-optional-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      optional.clear();
      for (const output of Object.values(bundle)) {
        if (!output.fileName.endsWith('.js')) continue;
        const heavy = output.type === 'chunk' && !output.isEntry && mostlyOptional(output.modules);
        if (heavy) optional.add(output.fileName);
      }
      this.emitFile({
        type: 'asset',
        fileName: OPTIONAL_ASSETS_FILE,
        source: JSON.stringify(Array.from(optional, (file) => `/${file}`).sort()),
      });
    },
  };
  return { plugin, isOptional: (file) => optional.has(file) };
}
