import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline`, ticking once per second (0 when past). */
export function useTimeLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return Math.max(0, deadline - now);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 754_000 → "12:34"; a PIX payable for a day → "23:59:59" (hours once there is at least one). */
export function formatTimeLeft(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
