import type { ErrorBody, SourceProfile } from './source-profile';

/** Sources can answer pages of text; users get the start. */
export const MAX_QUOTED_MESSAGE_CHARS = 300;

export function capMessage(message: string): string {
  return message.length > MAX_QUOTED_MESSAGE_CHARS
    ? `${message.slice(0, MAX_QUOTED_MESSAGE_CHARS)}…`
    : message;
}

/**
 * What an error body says: the profile reads JSON; plain text is quoted as it is, markup (an
 * HTML error page) not at all.
 */
export function readErrorBody(profile: SourceProfile, text: string): ErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const trimmed = text.trim();
    return trimmed === '' || trimmed.startsWith('<')
      ? { reasons: [] }
      : { reasons: [], message: capMessage(trimmed) };
  }
  const { reasons, message } = profile.errorBody(json);
  return message ? { reasons, message: capMessage(message) } : { reasons };
}

/** `HTTP 500 backendError: Backend Error`: the status, the source's reason and message. */
export function describeAnswer(status: number, body: ErrorBody): string {
  const reason = body.reasons[0];
  return `HTTP ${status}${reason ? ` ${reason}` : ''}${body.message ? `: ${body.message}` : ''}`;
}
