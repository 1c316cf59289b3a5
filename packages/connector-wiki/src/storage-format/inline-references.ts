import type { ChildNode, Element } from 'domhandler';
import { attribute, firstChildElement, rawText } from './dom-access';

type Flatten = (nodes: readonly ChildNode[]) => string;

/** `ri:user` mention: the account id is opaque, so only a DC user name is worth showing. */
export function userMention(user: Element): string {
  const name = attribute(user, 'ri:username');
  return name ? `@${name}` : '@user';
}

/** `<ac:link>`: its label, else what it points at (page title, file, space, user). */
export function linkLabel(link: Element, flatten: Flatten): string {
  const plainBody = firstChildElement(link, 'ac:plain-text-link-body');
  const plainLabel = plainBody ? rawText(plainBody.children).trim() : '';
  if (plainLabel) return plainLabel;
  const richBody = firstChildElement(link, 'ac:link-body');
  const richLabel = richBody ? flatten(richBody.children) : '';
  if (richLabel) return richLabel;

  const user = firstChildElement(link, 'ri:user');
  if (user) return userMention(user);
  for (const [tag, attr] of TARGET_NAMES) {
    const target = firstChildElement(link, tag);
    const value = target ? attribute(target, attr)?.trim() : undefined;
    if (value) return value;
  }
  return attribute(link, 'ac:anchor')?.trim() ?? '';
}

const TARGET_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['ri:page', 'ri:content-title'],
  ['ri:blog-post', 'ri:content-title'],
  ['ri:attachment', 'ri:filename'],
  ['ri:space', 'ri:space-key'],
  ['ri:url', 'ri:value'],
];

/** `<ac:image>` or `<img>` → `[image: name.png]`. */
export function imageLabel(image: Element): string {
  const name = imageName(image);
  return name ? `[image: ${name}]` : '[image]';
}

function imageName(image: Element): string | undefined {
  const attachment = firstChildElement(image, 'ri:attachment');
  const fileName = attachment ? attribute(attachment, 'ri:filename') : undefined;
  if (fileName?.trim()) return fileName.trim();
  const url = firstChildElement(image, 'ri:url');
  const source = url ? attribute(url, 'ri:value') : attribute(image, 'src');
  const fromUrl = source ? lastPathSegment(source) : undefined;
  if (fromUrl) return fromUrl;
  const alt = attribute(image, 'ac:alt') ?? attribute(image, 'alt');
  return alt?.trim() || undefined;
}

function lastPathSegment(url: string): string | undefined {
  const path = url.split(/[?#]/)[0] ?? '';
  const segment = path.split('/').filter(Boolean).pop();
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
