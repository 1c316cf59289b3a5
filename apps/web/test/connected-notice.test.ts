import { describe, expect, it } from 'vitest';
import { connectedOfHash } from '../src/pages/connections-page';

describe('connectedOfHash', () => {
  it('names the source the OAuth callback sent the browser back for', () => {
    expect(connectedOfHash('#/connections?connected=WIKI')).toBe('WIKI');
    expect(connectedOfHash('#/connections?connected=PAGES&x=1')).toBe('PAGES');
  });

  it('is null without the parameter or for a value that is not a type name', () => {
    expect(connectedOfHash('#/connections')).toBeNull();
    expect(connectedOfHash('#/connections?connected=')).toBeNull();
    expect(connectedOfHash('#/connections?connected=<b>x</b>')).toBeNull();
    expect(connectedOfHash('#/connections?connected=wiki')).toBeNull();
  });
});
