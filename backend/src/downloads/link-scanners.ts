/*
 * Requests for a download link that are not a buyer downloading (#34): corporate mail scanners, chat
 * apps' link previews and browsers' pre-fetches open every link of a message before (or without) the buyer
 * clicking it. They get the answer a download gets, so a scanner that follows the redirect finds the file,
 * but they are not counted: otherwise a mail gateway could use up the buyer's downloads before the buyer
 * read the e-mail. A HEAD request is never counted either (DownloadsController).
 *
 * A download is counted when in doubt: the list names what identifies itself. A scanner that passes for a
 * browser cannot be told apart, and its GET counts; the limit (DOWNLOADS_PER_LINK) leaves room for that.
 * The links lead to the manufacturer's own public installers, so a client claiming to be a scanner gains
 * nothing it could not download anyway.
 */

/**
 * User agents of link scanners and previewers, as they name themselves. Sources: each vendor's
 * documentation of its crawler or of the agent its URL checks send.
 */
export const LINK_SCANNER_AGENTS: readonly RegExp[] = [
  // Robots that cite their documentation in their agent (`(compatible; X; +https://…)`), as crawlers do
  // and browsers never do, and self-declared crawlers and spiders.
  /\+https?:\/\/|crawler|spider/i,
  // Robots by name (not any `…bot`: a phone such as the CUBOT P40 has it in its browser's agent).
  /Googlebot|bingbot|Slackbot|Twitterbot|LinkedInBot|TelegramBot|Discordbot|Applebot|DuckDuckBot|YandexBot|Pinterestbot|redditbot|facebot/i,
  // Chat apps and social sites unfurling a pasted link (Slack, Teams and Skype, Facebook, WhatsApp).
  /Slack-ImgProxy|SkypeUriPreview|facebookexternalhit|WhatsApp|Iframely|Embedly/i,
  // Gmail's link safety check and image proxy.
  /Google-Safety|GoogleImageProxy/i,
  // Office checking that a link opened from a document or from Outlook exists, before opening it.
  /Microsoft Office Existence Discovery|ms-office|Microsoft-WebDAV-MiniRedir/i,
  // Mail security gateways that name themselves (Proofpoint, Mimecast, Barracuda, Cisco, Trend Micro).
  /Proofpoint|Mimecast|Barracuda|IronPort|Cisco Secure Email|TrendMicro/i,
];

/**
 * Headers that say a request is a pre-fetch or a preview, not a person opening the link: `Sec-Purpose`
 * and `Purpose` (Chromium's prefetch and prerender), `X-Purpose` (Safari's previews), `X-Moz` (Firefox).
 */
export const PREFETCH_HEADERS: Readonly<Record<string, RegExp>> = {
  'sec-purpose': /prefetch|prerender/i,
  purpose: /prefetch|prerender|preview/i,
  'x-purpose': /prefetch|preview/i,
  'x-moz': /prefetch/i,
};

/** A request's headers, as Fastify gives them (names lower-case). */
type Headers = Readonly<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Whether a request for a download link comes from a link scanner or a pre-fetch: answered, not counted. */
export function isLinkScanner(headers: Headers): boolean {
  const agent = first(headers['user-agent']) ?? '';
  if (LINK_SCANNER_AGENTS.some((pattern) => pattern.test(agent))) return true;
  return Object.entries(PREFETCH_HEADERS).some(([name, pattern]) => pattern.test(first(headers[name]) ?? ''));
}
