import { isAbsolute, resolve } from 'node:path';
import type { ConnectorDescriptor } from '@docent/connector-sdk';
import { driveDescriptor } from '@docent/connector-drive';
import { pagesDescriptor } from '@docent/connector-pages';
import { wikiDescriptor } from '@docent/connector-wiki';
import { descriptorProblem } from './descriptor-checks';
import { compileSpecSchema, type SpecShapeCheck } from './spec-schema-check';

/** The connectors every deployment runs. */
export const BUILT_IN_CONNECTORS: readonly ConnectorDescriptor<unknown>[] = [
  wikiDescriptor as ConnectorDescriptor<unknown>,
  driveDescriptor as ConnectorDescriptor<unknown>,
  pagesDescriptor as ConnectorDescriptor<unknown>,
];

export const BUILT_IN = 'built-in';

/** A descriptor that passed the start-up checks, with its spec schema compiled. */
export interface CheckedDescriptor {
  descriptor: ConnectorDescriptor<unknown>;
  /** `built-in`, or the DOCENT_CONNECTORS entry it was loaded from. */
  origin: string;
  checkSpecShape: SpecShapeCheck;
}

/** A connector package that cannot be used: Docent does not start. */
export class ConnectorLoadError extends Error {
  override readonly name = 'ConnectorLoadError';
}

export interface ConnectorLoadOptions {
  /** `DOCENT_CONNECTORS`: package names or paths, separated by commas. */
  packages: string | undefined;
  /** Where relative paths and package names are resolved from (the working directory). */
  baseDir: string;
  /** Default: the built-in ones. */
  builtIns?: readonly ConnectorDescriptor<unknown>[];
}

/**
 * The built-in connectors and those `DOCENT_CONNECTORS` names, each checked: a module that
 * exports no descriptor, one built for another SDK major version, a type already taken or a
 * spec schema that is not valid JSON Schema stops start-up with a message naming the entry.
 */
export function loadConnectors(options: ConnectorLoadOptions): CheckedDescriptor[] {
  const loaded: CheckedDescriptor[] = [];
  const add = (value: unknown, origin: string) => {
    const problem = descriptorProblem(value);
    const label = origin === BUILT_IN ? 'built-in connector' : `connector package "${origin}"`;
    if (problem) throw new ConnectorLoadError(`DOCENT_CONNECTORS: ${label}: ${problem}`);
    const descriptor = value as ConnectorDescriptor<unknown>;
    const taken = loaded.find((c) => c.descriptor.type === descriptor.type);
    if (taken) {
      throw new ConnectorLoadError(
        `DOCENT_CONNECTORS: ${label} declares type ${descriptor.type}, which ${taken.origin === BUILT_IN ? `the built-in ${taken.descriptor.title} connector` : `"${taken.origin}"`} already serves`,
      );
    }
    let checkSpecShape: SpecShapeCheck;
    try {
      checkSpecShape = compileSpecSchema(descriptor.specSchema);
    } catch (error) {
      throw new ConnectorLoadError(`DOCENT_CONNECTORS: ${label}: ${(error as Error).message}`);
    }
    loaded.push({ descriptor, origin, checkSpecShape });
  };
  for (const descriptor of options.builtIns ?? BUILT_IN_CONNECTORS) add(descriptor, BUILT_IN);
  for (const entry of connectorEntries(options.packages)) {
    add(descriptorExport(requireEntry(entry, options.baseDir), entry), entry);
  }
  return loaded;
}

/** `DOCENT_CONNECTORS` split on commas, blanks dropped. */
export function connectorEntries(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A path (`./x`, `/opt/x`) from the base directory; a package name from there or Docent's own. */
function requireEntry(entry: string, baseDir: string): unknown {
  const isPath = entry.startsWith('.') || isAbsolute(entry);
  let resolved: string;
  try {
    resolved = isPath
      ? require.resolve(resolve(baseDir, entry))
      : require.resolve(entry, { paths: [baseDir, __dirname] });
  } catch {
    throw new ConnectorLoadError(
      `DOCENT_CONNECTORS: connector package "${entry}" cannot be found ${isPath ? `at ${resolve(baseDir, entry)}` : `from ${baseDir} (install it beside Docent, or give its path)`}`,
    );
  }
  try {
    // A package named at run time: CommonJS, or ES modules without top-level await (Node 20.19+).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(resolved) as unknown;
  } catch (error) {
    throw new ConnectorLoadError(
      `DOCENT_CONNECTORS: connector package "${entry}" failed to load: ${(error as Error).message}`,
    );
  }
}

/** The descriptor a package exports: its default export, else one named `descriptor`. */
function descriptorExport(module: unknown, entry: string): unknown {
  if (typeof module !== 'object' || module === null) {
    throw new ConnectorLoadError(`DOCENT_CONNECTORS: connector package "${entry}" exports nothing`);
  }
  const exports = module as { default?: unknown; descriptor?: unknown };
  return exports.default ?? exports.descriptor;
}
