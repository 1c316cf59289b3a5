import { isTag, type Element } from 'domhandler';

/** Never content: code, metadata, embedded objects, controls. */
const NEVER_CONTENT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'map',
  'button',
  'select',
  'textarea',
  'dialog',
]);
/** Site chrome around the content. */
const BOILERPLATE = new Set(['nav', 'footer', 'aside']);
const BOILERPLATE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'search',
  'complementary',
]);
/** Elements that end the current run of inline text. */
export const BLOCK_BOUNDARIES = new Set([
  'address',
  'article',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'main',
  'p',
  'section',
  'summary',
]);

function isHidden(element: Element): boolean {
  const { attribs } = element;
  if ('hidden' in attribs || attribs['aria-hidden'] === 'true') return true;
  if (attribs.role && BOILERPLATE_ROLES.has(attribs.role)) return true;
  return /display\s*:\s*none|visibility\s*:\s*hidden/i.test(attribs.style ?? '');
}

function hasAncestor(element: Element, names: string[]): boolean {
  for (let node = element.parent; node; node = node.parent) {
    if (isTag(node) && names.includes(node.name)) return true;
  }
  return false;
}

/** A page header holds the site's logo and menu; a header inside an article holds its title. */
export function isSkipped(element: Element): boolean {
  if (NEVER_CONTENT.has(element.name) || BOILERPLATE.has(element.name) || isHidden(element)) {
    return true;
  }
  return element.name === 'header' && !hasAncestor(element, ['article', 'main']);
}
