/** Interface labels shared by several content pages and their components; a page's own are in its module. */
export const contentUi = {
  /** Above each card of an ordered card grid (the steps of a process). */
  step: (n: number) => `Step ${n}`,
  yes: 'Yes',
  no: 'No',
  /** The tag of a record flagged critical (delivery requirements, terms obligations). */
  critical: 'Critical',
  /** For screen readers, after the name of a link that opens a new tab. */
  opensInNewTab: ' (opens in a new tab)',
} as const;
