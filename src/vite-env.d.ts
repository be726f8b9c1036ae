// Types of the build-time values Vite injects.
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The app's version from package.json. */
  readonly VITE_APP_VERSION: string;
  /** The Supabase project (or local stack) the data worker talks to; unset in builds without a backend. */
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** The public product database's hosts, comma-separated (Brazil first); unset for the real ones. */
  readonly VITE_BARCODE_LOOKUP_HOSTS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
