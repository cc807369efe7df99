/**
 * WhatsApp's quiet hours (WHATSAPP_QUIET_HOURS) for tests that must not depend on when they run:
 * the São Paulo hour of an instant, and a window that holds neither it nor the day's other hours a
 * test reaches (a reminder 22 hours later falls two hours before it).
 */
export function saoPauloHour(at: number): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', hour: 'numeric', hourCycle: 'h23' }).format(at));
}

/** `from-to` hours after the São Paulo hour of `at` (3-5 by default: away from it and from 22 hours later). */
export function quietHoursAround(at: number, from = 3, to = 5): string {
  return `${(saoPauloHour(at) + from) % 24}-${(saoPauloHour(at) + to) % 24}`;
}
