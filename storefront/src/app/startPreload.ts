import { preloadRoute } from './routeModules';

// Imported first by main.tsx, so that this runs before the rest of the first bundle is evaluated.
preloadRoute(window.location.pathname);
