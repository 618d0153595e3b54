// How an act reached the page that records it. Data only: a channel is added by adding it here.

export const CHANNELS = [
  /** The page's own controls, operated by a person. */
  'ui',
  /** The platform's tool API (document.modelContext), native or polyfilled. */
  'webmcp',
  /** The cross-world bridge: tool declarations published in the page and calls over postMessage. */
  'bridge',
  /** The page's own in-page agent panel, calling the page's tools for a person. */
  'agent',
  /** A scripted scenario run by the desk's runner. */
  'scenario',
] as const;
export type Channel = (typeof CHANNELS)[number];
