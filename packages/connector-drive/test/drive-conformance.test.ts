import { describeSourceConnectorConformance } from '@docent/connector-sdk/testing';
import { type FakeDriveFileInput, GOOGLE_MIME, startFakeDrive } from '@docent/source-fakes';
import { DriveConnector } from '../src';

const TOKEN = 'ya29.conformance-token';

/** "Handbook" two levels deep: Markdown and text files, Google Docs, and an image. */
function handbook(): FakeDriveFileInput[] {
  const folder = (id: string, name: string, parent?: string): FakeDriveFileInput => ({
    id,
    name,
    mimeType: GOOGLE_MIME.folder,
    ...(parent ? { parent } : {}),
  });
  const notes = Array.from({ length: 10 }, (_, i) => ({
    id: `note-${i}`,
    name: `note ${i}.md`,
    mimeType: 'text/markdown',
    parent: i % 2 === 0 ? 'handbook' : 'chapters',
    content: `# Note ${i}\n\nFact number ${i}.`,
  }));
  const docs = Array.from({ length: 3 }, (_, i) => ({
    id: `doc-${i}`,
    name: `Policy ${i}`,
    mimeType: GOOGLE_MIME.document,
    parent: 'chapters',
    exports: { 'application/pdf': `%PDF-1.4 policy ${i}`, 'text/plain': `policy ${i}` },
  }));
  return [
    folder('handbook', 'Handbook'),
    folder('chapters', 'Chapters', 'handbook'),
    ...notes,
    ...docs,
    { id: 'photo', name: 'photo.png', mimeType: 'image/png', parent: 'handbook', content: 'png' },
  ];
}

describeSourceConnectorConformance('DriveConnector', async () => {
  const drive = await startFakeDrive({
    accessTokens: [TOKEN],
    files: handbook(),
    pageSizeCap: 4,
    unevenPages: true,
  });
  const ids = handbook()
    .filter((file) => file.id!.startsWith('note-') || file.id!.startsWith('doc-'))
    .map((file) => file.id!);
  return {
    connector: new DriveConnector(),
    spec: { token: TOKEN, folder_name: 'Handbook' },
    session: { endpoints: { driveApiUrl: drive.url } },
    expectedIds: ids,
    expectedFailureIds: ['photo'],
    breakableId: 'doc-1',
    breakDocument: (id) => {
      for (const route of ['files.get', 'files.download', 'files.export'] as const) {
        drive.setFault(route, { status: 500, params: { fileId: id } });
      }
    },
    badCredentials: {
      spec: { token: 'ya29.refused', folder_name: 'Handbook' },
      secret: 'ya29.refused',
    },
    close: () => drive.close(),
  };
});
