import {
  ElasticsearchSearchIndex,
  isPlannedMove,
  type CollectionLayoutEntry,
} from '@docent/search-index';
import { ConfigError, loadConfig } from './config';
import { elasticsearchIndexOptions } from './elasticsearch-settings';

// `pnpm es:layout …`: where each collection of this deployment lives on Elasticsearch, and the
// moves between shared indices and indices of their own. It reads the service's environment
// (ELASTICSEARCH_URL, DOCENT_ES_*), so it sees and creates exactly what the service does.

const USAGE = `usage: pnpm es:layout status
       pnpm es:layout migrate [--dry-run]
       pnpm es:layout move <collection-id> shared|dedicated

status   every collection: its place, its chunks and where the layout rules want it
migrate  moves every collection the rules want elsewhere: those made before shared indices
         (one index each) into a shared index, those past DOCENT_ES_DEDICATED_THRESHOLD chunks
         into an index of their own; online (asks go on, ingestions into a moving collection wait)
move     moves one collection (an explicit choice for a large one)`;

export async function runElasticsearchLayout(
  args: string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'status' && command !== 'migrate' && command !== 'move') {
    print(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  if (!config.elasticsearch) throw new ConfigError('ELASTICSEARCH_URL is not set');
  const index = new ElasticsearchSearchIndex(elasticsearchIndexOptions(config.elasticsearch));
  try {
    if (command === 'status') {
      const entries = await index.collectionsLayout();
      for (const line of table(entries)) print(line);
      const toMove = entries.filter(isPlannedMove).length;
      const marked = entries.filter((entry) => entry.state === 'moving').length;
      print(
        `${entries.length} collections; ${toMove} to move (pnpm es:layout migrate)` +
          (marked > 0
            ? `; ${marked} marked moving (a move under way, or one a crash cut short: run its move again)`
            : ''),
      );
      return 0;
    }
    if (command === 'migrate') {
      if (rest.includes('--dry-run')) {
        const moves = (await index.collectionsLayout()).filter(isPlannedMove);
        for (const line of table(moves)) print(line);
        print(`${moves.length} collections would move`);
        return 0;
      }
      const started = Date.now();
      const moves = await index.migrateLayout((entry) =>
        print(
          `moving ${entry.collectionId} (${entry.chunks} chunks): ${entry.layout} → ${entry.wanted}`,
        ),
      );
      print(`${moves.length} collections moved in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return 0;
    }
    const [collectionId, layout] = rest;
    if (!collectionId || (layout !== 'shared' && layout !== 'dedicated')) {
      print(USAGE);
      return 2;
    }
    await index.moveCollection(collectionId, layout);
    print(`moved ${collectionId} → ${layout}`);
    return 0;
  } finally {
    await index.close();
  }
}

function table(entries: CollectionLayoutEntry[]): string[] {
  const rows = entries.map((entry) => [
    entry.collectionId,
    entry.layout + (entry.unregistered ? ' (unregistered)' : ''),
    entry.index,
    String(entry.chunks),
    entry.wanted,
    entry.state,
  ]);
  const header = ['collection', 'layout', 'index', 'chunks', 'wanted', 'state'];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length)),
  );
  return [header, ...rows].map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

if (require.main === module) {
  runElasticsearchLayout(process.argv.slice(2), process.env, (line) => console.log(line)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
