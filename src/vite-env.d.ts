// Types of the build-time values Vite injects.
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The app's version from package.json. */
  readonly VITE_APP_VERSION: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
