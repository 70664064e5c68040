import { safeIconUrl } from '../../view-models/approvals';
import styles from './Home.module.css';

/**
 * A collectible's image when it is an https or data image URL, else the placeholder (spec: 'A
 * placeholder image is used for an NFT with no image'); other schemes are never loaded.
 */
export function NftImage({ src, alt }: { src: string | null; alt: string }) {
  const safe = safeIconUrl(src);
  if (safe) return <img className={styles.nftImage} src={safe} alt={alt} loading="lazy" />;
  return (
    <svg
      className={styles.nftImage}
      viewBox="0 0 96 96"
      // Beside a name that says the same (the grid's cards), the placeholder is decoration.
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      data-testid="nft-placeholder"
    >
      <rect width="96" height="96" rx="12" fill="var(--color-surface-2)" />
      <path d="M20 70 40 46l14 16 10-10 12 18Z" fill="var(--color-border-strong)" />
      <circle cx="64" cy="32" r="8" fill="var(--color-border-strong)" />
    </svg>
  );
}
