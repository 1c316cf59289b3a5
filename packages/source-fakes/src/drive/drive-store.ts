import { createHash } from 'node:crypto';
import { GOOGLE_MIME, isGoogleType } from './drive-mime-types';
import type {
  FakeDriveFile,
  FakeDriveFileInput,
  FakeSharedDrive,
  FakeSharedDriveInput,
} from './fake-drive-types';

/** Files, folders, shortcuts and shared drives, mutable while the server runs. */
export class DriveStore {
  private readonly files = new Map<string, FakeDriveFile>();
  private readonly drives = new Map<string, FakeSharedDrive>();
  /** One counter for every change, so a file's version only ever grows. */
  private versionCounter = 1_000;
  private nextId = 1;

  constructor(
    readonly myDriveRootId: string,
    private readonly now: () => Date,
  ) {}

  addSharedDrive(input: FakeSharedDriveInput): FakeSharedDrive {
    if (this.drives.has(input.id) || this.files.has(input.id)) {
      throw new Error(`id ${input.id} already exists`);
    }
    const drive = { id: input.id, name: input.name };
    this.drives.set(drive.id, drive);
    return drive;
  }

  upsertFile(input: FakeDriveFileInput): FakeDriveFile {
    const id = input.id ?? this.generateId();
    if (this.drives.has(id) || id === this.myDriveRootId) throw new Error(`id ${id} is a root`);
    const existing = this.files.get(id);
    const stamp = this.now().toISOString();
    const content = input.content === undefined ? undefined : toBuffer(input.content);
    if (content !== undefined && isGoogleType(input.mimeType)) {
      throw new Error(`${input.mimeType} has no binary content: give exports instead`);
    }
    const file: FakeDriveFile = {
      id,
      name: input.name,
      mimeType: input.mimeType,
      parent: input.parent ?? this.myDriveRootId,
      exports: new Map(
        Object.entries(input.exports ?? {}).map(([type, bytes]) => [type, toBuffer(bytes)]),
      ),
      exportTooLargeFor: input.exportTooLargeFor ?? [],
      copyRequiresWriterPermission: input.copyRequiresWriterPermission ?? false,
      explicitlyTrashed: input.trashed ?? false,
      starred: input.starred ?? false,
      createdTime: existing?.createdTime ?? input.createdTime ?? stamp,
      modifiedTime: input.modifiedTime ?? stamp,
      version: this.nextVersion(),
      ...(input.resourceKey === undefined ? {} : { resourceKey: input.resourceKey }),
    };
    if (!isGoogleType(file.mimeType)) {
      file.content = content ?? Buffer.alloc(0);
      file.md5Checksum = createHash('md5').update(file.content).digest('hex');
      file.sha256Checksum = createHash('sha256').update(file.content).digest('hex');
      file.headRevisionId = `0B${file.sha256Checksum.slice(0, 24)}`;
    }
    if (file.mimeType === GOOGLE_MIME.shortcut) {
      if (input.shortcutTargetId === undefined) throw new Error(`shortcut ${id} needs a target`);
      file.shortcut = {
        targetId: input.shortcutTargetId,
        targetMimeType:
          this.files.get(input.shortcutTargetId)?.mimeType ??
          (this.drives.has(input.shortcutTargetId) ? GOOGLE_MIME.folder : undefined) ??
          input.shortcutTargetMimeType ??
          'application/octet-stream',
      };
    }
    this.files.set(id, file);
    return file;
  }

  trashFile(id: string, trashed: boolean): FakeDriveFile {
    const file = this.files.get(id);
    if (!file) throw new Error(`no file ${id}`);
    file.explicitlyTrashed = trashed;
    file.version = this.nextVersion();
    return file;
  }

  /** Removes a file and everything below it. */
  deleteFile(id: string): boolean {
    if (!this.files.delete(id)) return false;
    for (const child of [...this.files.values()].filter((file) => file.parent === id)) {
      this.deleteFile(child.id);
    }
    return true;
  }

  file(id: string): FakeDriveFile | undefined {
    return this.files.get(id);
  }

  sharedDrive(id: string): FakeSharedDrive | undefined {
    return this.drives.get(id);
  }

  /** Shared drives in the order they were added. */
  allSharedDrives(): FakeSharedDrive[] {
    return [...this.drives.values()];
  }

  /** Files in insertion order (Google's own order is unspecified). */
  allFiles(): FakeDriveFile[] {
    return [...this.files.values()];
  }

  /** Trashed by the user, or below a trashed folder. */
  isTrashed(file: FakeDriveFile): boolean {
    return this.ancestry(file).some((item) => item.explicitlyTrashed);
  }

  /** The shared drive a file lives in, undefined for My Drive (or an orphan). */
  driveIdOf(file: FakeDriveFile): string | undefined {
    const top = this.ancestry(file).at(-1)!;
    return this.drives.has(top.parent) ? top.parent : undefined;
  }

  /** The file, then its parent, grandparent… as far as stored files go (cycle-safe). */
  private ancestry(file: FakeDriveFile): FakeDriveFile[] {
    const chain = [file];
    let parent = this.files.get(file.parent);
    while (parent !== undefined && !chain.includes(parent)) {
      chain.push(parent);
      parent = this.files.get(parent.parent);
    }
    return chain;
  }

  private nextVersion(): number {
    this.versionCounter += 1;
    return this.versionCounter;
  }

  private generateId(): string {
    while (this.files.has(`fake-file-${this.nextId}`)) this.nextId += 1;
    return `fake-file-${this.nextId++}`;
  }
}

function toBuffer(bytes: Buffer | string): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'utf8');
}
