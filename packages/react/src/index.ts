export { useSurface, type SurfaceMode, type SurfaceView, type UseSurfaceOptions } from './use-surface.ts';
