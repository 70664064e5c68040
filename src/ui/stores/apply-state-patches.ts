import type { StatePatch } from '../../background/contract/protocol';

type Container = Record<string | number, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function describe(patch: StatePatch): string {
  return `${patch.op} ${patch.path.join('.')}`;
}

/**
 * Applies immer patches (op replace/add/remove) to a mirrored state tree in place, so MobX
 * observers of untouched branches do not re-render. Call inside a MobX action.
 * Throws on a patch whose parent path does not exist: the mirror is then out of step and the
 * caller should resync from a snapshot.
 */
export function applyStatePatches(root: object, patches: readonly StatePatch[]): void {
  for (const patch of patches) {
    if (patch.path.length === 0) throw new Error(`Patch without a path: ${describe(patch)}`);
    let parent: unknown = root;
    for (const key of patch.path.slice(0, -1)) {
      parent = isContainer(parent) ? (parent as Record<string | number, unknown>)[key] : undefined;
    }
    if (!isContainer(parent)) throw new Error(`Patch target does not exist: ${describe(patch)}`);
    const key = patch.path[patch.path.length - 1] as string | number;

    if (Array.isArray(parent)) {
      if (key === 'length' && patch.op === 'replace') {
        parent.length = Number(patch.value); // immer truncates arrays this way
        continue;
      }
      const index = key === '-' ? parent.length : Number(key);
      const last = patch.op === 'add' ? parent.length : parent.length - 1;
      if (!Number.isInteger(index) || index < 0 || index > last) {
        throw new Error(`Patch index out of range: ${describe(patch)}`);
      }
      if (patch.op === 'add') parent.splice(index, 0, patch.value);
      else if (patch.op === 'remove') parent.splice(index, 1);
      else parent[index] = patch.value;
      continue;
    }

    const object = parent as Record<string | number, unknown>;
    if (patch.op === 'remove') delete object[key];
    else object[key] = patch.value;
  }
}
