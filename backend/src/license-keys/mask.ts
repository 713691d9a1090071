/** A key shown to staff who may not see it in full: only its last group, like a card's last four digits. */
export function maskLicenseKey(lastGroup: string): string {
  return `XXXXX-XXXXX-XXXXX-XXXXX-${lastGroup}`;
}
