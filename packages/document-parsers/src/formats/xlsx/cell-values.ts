import { type ValueFormat } from './number-formats';

const DAY_MS = 86_400_000;
/** Day 0 of the 1900 system, as Excel counts it after its fictitious 1900-02-29. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** Drops binary floating-point noise (0.1 + 0.2) the way Excel shows 15 significant digits. */
export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number.parseFloat(value.toPrecision(15)));
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** A date serial as an ISO 8601 date, time of day or date-time. */
export function serialToIso(
  serial: number,
  format: 'date' | 'time' | 'datetime',
  date1904: boolean,
): string {
  // Serials before Excel's fictitious 1900-02-29 (serial 60) count from one day later.
  const days = !date1904 && serial < 60 ? serial + 1 : serial;
  const ms = Math.round((days * DAY_MS) / 1000) * 1000;
  const date = new Date((date1904 ? EPOCH_1904 : EPOCH_1900) + ms);
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const hasTime = ms % DAY_MS !== 0;
  if (format === 'time' || (format === 'date' && serial < 1 && hasTime)) return time;
  if (format === 'datetime' || hasTime) return `${day}T${time}`;
  return day;
}

/** The text a numeric cell shows, as far as its number format matters for search. */
export function numericCellText(raw: string, format: ValueFormat, date1904: boolean): string {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) return raw.trim();
  if (format === 'percent') return `${formatNumber(value * 100)}%`;
  if (format === 'number' || value < 0) return formatNumber(value);
  return serialToIso(value, format, date1904);
}
