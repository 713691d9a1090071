import { nextTask } from '../lib/nextTask';
import { preloadRoute } from './routeModules';

// Imported first by main.tsx: starts loading the page's code as soon as the first bundle has been evaluated,
// in a task of its own. Adding the preload tags to the document takes milliseconds that would lengthen that
// evaluation, one long task already, during which the page cannot respond.
void nextTask().then(() => preloadRoute(window.location.pathname));
