// Prints how many times each newcomer walk (tests/unit/walks.ts) enters each folder: `npx tsx scripts/walks.ts`.
// `--at <commit>` counts the same walks with each file where it was at that commit (git's renames since), for a before
// and after; the steps' imports are checked only on the tree as it is (npx vitest run --project unit tests/unit/walks.test.ts).
import { execFileSync } from 'node:child_process';
import { brokenSteps, folderEntries, MAX_ENTRIES, root, WALKS } from '../tests/unit/walks.ts';

/** Files split out of another, which git's renames do not see: the file their code was in before the split. */
const SPLIT_FROM: Readonly<Record<string, string>> = {
  'server/links/order-experiments.ts': 'server/orders/order-experiments.ts',
};

/** Each file's path at `commit`, from git's renames between it and the working tree. */
function pathsAt(commit: string): Map<string, string> {
  const diff = execFileSync('git', ['diff', '-M', '--name-status', commit, '--', 'src'], { cwd: root, encoding: 'utf8' });
  const renamed = new Map<string, string>(Object.entries(SPLIT_FROM));
  for (const line of diff.split('\n')) {
    const [status, before, after] = line.split('\t');
    if (status?.startsWith('R') && before && after && !(after.replace(/^src\//, '') in SPLIT_FROM))
      renamed.set(after.replace(/^src\//, ''), before.replace(/^src\//, ''));
  }
  return renamed;
}

const at = process.argv.indexOf('--at');
const commit = at >= 0 ? process.argv[at + 1] : undefined;
const renamed = commit ? pathsAt(commit) : new Map<string, string>();
let over = false;
for (const [name, walk] of Object.entries(WALKS)) {
  const files = walk.map((file) => renamed.get(file) ?? file);
  const entries = [...folderEntries(files)].sort(([, a], [, b]) => b - a);
  const moves = files.filter((file, index) => index > 0 && entries && folderOf(files[index - 1]!) !== folderOf(file)).length;
  const most = entries[0]?.[1] ?? 0;
  over ||= most > MAX_ENTRIES;
  console.log(`${name}: ${files.length} steps, ${new Set(files).size} files, ${moves} moves between folders; most entered ${most}×`);
  console.log(`  ${entries.map(([folder, count]) => `${folder} ${count}`).join(', ')}`);
  if (!commit) for (const problem of brokenSteps(walk)) console.log(`  broken: ${problem}`);
}
if (over) console.log(`A walk enters a folder more than ${MAX_ENTRIES} times.`);
process.exitCode = over && !commit ? 1 : 0;

function folderOf(file: string): string {
  return [...folderEntries([file]).keys()][0]!;
}
