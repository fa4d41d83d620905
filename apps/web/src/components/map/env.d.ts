interface ImportMetaEnv {
  /** A MapLibre style JSON URL for online base tiles; unset, the map draws the offline base layers. */
  readonly VITE_MAP_STYLE_URL?: string;
}
