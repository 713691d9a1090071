// Fails when the top-level folders of a workspace's `src` depend on each other in a loop.
//
// dependency-cruiser reads the imports (TypeScript path and extension rules included); this script folds
// every module into its top-level folder under `src` (`backend/src/orders/entities/order.entity.ts` is
// `orders`; a file directly in `src` is its own node) and reports each strongly connected group of folders
// with one import that ties each pair, so a loop names the line to move. Spec files are left out: a test may
// reach across folders. Run by `npm run lint`; `node scripts/check-folder-cycles.mjs <workspace>...` checks
// the ones named.
import { cruise } from 'dependency-cruiser';

const WORKSPACES = ['backend', 'storefront', 'admin'];
const workspaces = process.argv.length > 2 ? process.argv.slice(2) : WORKSPACES;

/** `backend/src/orders/x.ts` → `orders`; `backend/src/main.ts` → `main.ts`; outside `src` → null. */
function folderOf(workspace, path) {
  const prefix = `${workspace}/src/`;
  if (!path.startsWith(prefix)) return null;
  return path.slice(prefix.length).split('/')[0];
}

/** Tarjan's strongly connected components; returns the groups of more than one folder. */
function loops(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const groups = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return groups;
}

let failed = false;
for (const workspace of workspaces) {
  const result = await cruise([`${workspace}/src`], {
    exclude: { path: '\\.(spec|test)\\.tsx?$|/test/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: `${workspace}/tsconfig.json` },
  });
  /** folder → (folder it imports → one example import "from → to"). */
  const graph = new Map();
  for (const module of result.output.modules) {
    const from = folderOf(workspace, module.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dependency of module.dependencies) {
      const to = folderOf(workspace, dependency.resolved);
      if (!to || to === from || graph.get(from).has(to)) continue;
      graph.get(from).set(to, `${module.source} → ${dependency.resolved}`);
    }
  }
  const groups = loops(graph);
  if (groups.length === 0) {
    console.log(`${workspace}/src: no loop between its ${graph.size} top-level folders`);
    continue;
  }
  failed = true;
  for (const group of groups) {
    console.error(`${workspace}/src: these folders import each other in a loop: ${group.join(', ')}`);
    for (const from of group) {
      for (const [to, example] of graph.get(from)) {
        if (group.includes(to)) console.error(`  ${from} → ${to}   (${example})`);
      }
    }
  }
}
if (failed) {
  console.error('Move the code so imports run one way (see the module map in docs/architecture.md).');
  process.exit(1);
}
