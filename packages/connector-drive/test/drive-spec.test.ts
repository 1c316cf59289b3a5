import { DriveConnector, driveConnector, driveDescriptor } from '../src';

describe('DRIVE spec', () => {
  it('accepts a folder name kept exactly, a trimmed token, and nulls as absent', () => {
    expect(driveConnector.validateSpec({ folder_name: ' Q3 plan ', token: ' ya29.x ' })).toEqual({
      ok: true,
      spec: { folder_name: ' Q3 plan ', token: 'ya29.x' },
    });
    expect(driveConnector.validateSpec({ folder_name: null, token: null })).toEqual({
      ok: true,
      spec: {},
    });
    expect(driveConnector.validateSpec({})).toEqual({ ok: true, spec: {} });
  });

  it('refuses blank or mistyped fields and non-objects', () => {
    expect(driveConnector.validateSpec({ folder_name: '  ', token: 42 })).toEqual({
      ok: false,
      errors: [
        { field: 'spec.token', message: 'must be a string' },
        { field: 'spec.folder_name', message: 'must not be blank; omit it for the whole drive' },
      ],
    });
    expect(driveConnector.validateSpec({ token: '' })).toMatchObject({
      ok: false,
      errors: [{ field: 'spec.token', message: 'must not be blank' }],
    });
    expect(driveConnector.validateSpec(['x'])).toMatchObject({ ok: false });
  });

  it('uses the token as Bearer, else the OAuth connection; the token is the secret field', () => {
    expect(driveDescriptor.type).toBe('DRIVE');
    expect(driveDescriptor.authModes).toEqual(['bearer', 'oauth']);
    expect(driveDescriptor.secretFields).toEqual(['token']);
    expect(driveConnector.authModeFor({ token: 't' })).toBe('bearer');
    expect(driveConnector.authModeFor({ folder_name: 'x' })).toBe('oauth');
  });

  it('keys the source by API base and selection, never by token', () => {
    expect(driveConnector.sourceKey({ folder_name: 'Q3 plan', token: 'secret' })).toBe(
      'drive:https://www.googleapis.com#folder=Q3 plan',
    );
    expect(driveConnector.sourceKey({ token: 'secret' })).toBe(
      'drive:https://www.googleapis.com#all',
    );
    const local = new DriveConnector({ apiUrl: 'http://127.0.0.1:9000/' });
    expect(local.sourceKey({})).toBe('drive:http://127.0.0.1:9000#all');
  });

  it('calls the configured Drive API base', () => {
    expect(driveConnector.sourceUrls({}, {})).toEqual(['https://www.googleapis.com']);
    expect(driveConnector.sourceUrls({}, { driveApiUrl: 'http://127.0.0.1:9/' })).toEqual([
      'http://127.0.0.1:9',
    ]);
  });
});
