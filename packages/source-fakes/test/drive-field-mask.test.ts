import { applyFieldMask, FieldMaskError, parseFieldMask } from '../src';

const resource = {
  kind: 'drive#fileList',
  nextPageToken: 't',
  files: [
    { id: 'a', name: 'A', shortcutDetails: { targetId: 'x', targetMimeType: 'm' } },
    { id: 'b', name: 'B' },
  ],
};

describe('Drive fields masks', () => {
  it('selects nested parts with parentheses and slashes, merging repeats', () => {
    const mask = parseFieldMask('nextPageToken, files(id,shortcutDetails/targetId),files/name');
    expect(applyFieldMask(resource, mask)).toEqual({
      nextPageToken: 't',
      files: [
        { id: 'a', name: 'A', shortcutDetails: { targetId: 'x' } },
        { id: 'b', name: 'B' },
      ],
    });
  });

  it('lets a whole selection win over a partial one, and * take everything', () => {
    expect(applyFieldMask(resource, parseFieldMask('files(id),files'))).toEqual({
      files: resource.files,
    });
    expect(applyFieldMask(resource, parseFieldMask('*'))).toEqual(resource);
    expect(applyFieldMask(resource, parseFieldMask('files(*)'))).toEqual({ files: resource.files });
  });

  it.each(['', 'files(id', 'files()', 'files,,id', 'files)id', 'a b'])('refuses %j', (fields) => {
    expect(() => parseFieldMask(fields)).toThrow(FieldMaskError);
  });
});
