/**
 * Resolves in a new task of the browser's event loop, not in the current one: what follows runs after the
 * browser has had a chance to paint and handle input, and does not lengthen the task under way.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
