/** What shoppers read when the store asks them to confirm they are a person (features/challenge). */
export const HUMAN_CHECK = {
  explanation:
    'We are receiving a lot of requests right now. Please wait a moment while your browser confirms you are ' +
    'a person; we then send yours automatically.',
  loading: 'Loading the check',
  failed: 'The check could not be loaded. Please reload the page and try again.',
};
