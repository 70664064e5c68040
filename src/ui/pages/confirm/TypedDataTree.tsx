import type { TypedDataNode } from '../../view-models/approvals';
import styles from './Confirm.module.css';

/** A typed-data value as nested lists: structs and arrays open/close (details), leaves inline. */
export function TypedDataTree({ nodes, label }: { nodes: TypedDataNode[]; label: string }) {
  return (
    <ul className={`${styles.tree} ${styles.treeRoot}`} aria-label={label}>
      {nodes.map((node, index) => (
        <TreeNode key={`${node.name}-${index}`} node={node} />
      ))}
    </ul>
  );
}

function TreeNode({ node }: { node: TypedDataNode }) {
  if (!node.children) {
    return (
      <li>
        <span className={styles.treeName}>{node.name}: </span>
        <span className={styles.treeValue}>{node.value}</span>
      </li>
    );
  }
  return (
    <li>
      <details open>
        <summary>
          <span className={styles.treeName}>{node.name}</span>
          {node.type ? ` (${node.type})` : ''}
        </summary>
        <ul className={styles.tree}>
          {node.children.map((child, index) => (
            <TreeNode key={`${child.name}-${index}`} node={child} />
          ))}
        </ul>
      </details>
    </li>
  );
}
