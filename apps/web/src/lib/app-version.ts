/**
 * The app version sent as the `v` query parameter on every API request, so the server
 * can tell which client build is calling. Vitest runs without Vite's `define` in some setups, hence
 * the typeof guard.
 */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/** The product name: the first part of every document title. */
export const PRODUCT_NAME = 'RiskAtlas';
