import type { FakeRichTextInput, FakeRichTextSegment } from './fake-notion-types';

export interface ApiRichText {
  type: 'text' | 'mention' | 'equation';
  plain_text: string;
  href: string | null;
  annotations: {
    bold: boolean;
    italic: boolean;
    strikethrough: boolean;
    underline: boolean;
    code: boolean;
    color: string;
  };
  [detail: string]: unknown;
}

const PLAIN = {
  bold: false,
  italic: false,
  strikethrough: false,
  underline: false,
  code: false,
  color: 'default',
};

/** Fixture text → the API's rich-text array (Notion splits runs; so does this). */
export function toRichText(input: FakeRichTextInput | undefined): ApiRichText[] {
  if (input === undefined) return [];
  const segments = typeof input === 'string' ? (input === '' ? [] : [input]) : input;
  return segments.map(toItem);
}

function toItem(segment: FakeRichTextSegment): ApiRichText {
  if (typeof segment === 'string') {
    return {
      type: 'text',
      text: { content: segment, link: null },
      annotations: { ...PLAIN },
      plain_text: segment,
      href: null,
    };
  }
  if ('equation' in segment) {
    return {
      type: 'equation',
      equation: { expression: segment.equation },
      annotations: { ...PLAIN },
      plain_text: segment.equation,
      href: null,
    };
  }
  if ('mention' in segment) {
    const id = segment.id ?? '00000000-0000-4000-8000-000000000000';
    const mention =
      segment.mention === 'user'
        ? { type: 'user', user: { object: 'user', id } }
        : segment.mention === 'page'
          ? { type: 'page', page: { id } }
          : { type: 'date', date: { start: segment.text, end: null, time_zone: null } };
    return {
      type: 'mention',
      mention,
      annotations: { ...PLAIN },
      plain_text: segment.text,
      href: segment.mention === 'page' ? `https://www.notion.so/${id.replace(/-/g, '')}` : null,
    };
  }
  return {
    type: 'text',
    text: { content: segment.text, link: segment.link ? { url: segment.link } : null },
    annotations: {
      ...PLAIN,
      bold: segment.bold ?? false,
      italic: segment.italic ?? false,
      code: segment.code ?? false,
    },
    plain_text: segment.text,
    href: segment.link ?? null,
  };
}

export function plainText(richText: readonly ApiRichText[]): string {
  return richText.map((item) => item.plain_text).join('');
}

/** Notion rounds `created_time`/`last_edited_time` down to the minute. */
export function minuteStamp(date: Date): string {
  const rounded = new Date(date.getTime());
  rounded.setUTCSeconds(0, 0);
  return rounded.toISOString();
}
