interface AvatarProps {
  src: string | null | undefined;
  size?: 'small' | 'medium';
}

/** A member's profile image, or a slime-coloured placeholder when there is none. */
export function Avatar({ src, size = 'small' }: AvatarProps) {
  const className = `avatar avatar--${size}`;
  if (!src) return <span className={`${className} avatar--placeholder`} aria-hidden="true" />;
  return <img className={className} src={src} alt="" loading="lazy" decoding="async" />;
}
