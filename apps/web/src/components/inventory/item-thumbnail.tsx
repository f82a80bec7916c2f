import type { Image } from '@listloop/domain';
import { Center } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/**
 * A square photo, or a placeholder when there is none. `cover` fills the square (a list's
 * thumbnail); `contain` shows the whole photo (checking an item against it while packing).
 */
export function Thumbnail({
  src,
  size,
  alt = '',
  fit = 'cover',
}: {
  src: string | null;
  size: number;
  alt?: string;
  fit?: 'cover' | 'contain';
}) {
  return (
    <Center
      w={size}
      h={size}
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', flex: 'none' }}
    >
      {src ? (
        <img
          src={src}
          alt={alt}
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          draggable={false}
          style={{ width: '100%', height: '100%', objectFit: fit, display: 'block' }}
        />
      ) : (
        <IconPhoto
          size={size * 0.45}
          stroke={1.5}
          color="var(--mantine-color-dimmed)"
          aria-hidden
        />
      )}
    </Center>
  );
}

/** The small (150 px) derivative of an item's cover photo, or a placeholder. */
export function ItemThumbnail({
  image,
  size = 40,
  alt = '',
}: {
  image: Image | undefined;
  size?: number;
  alt?: string;
}) {
  return (
    <Thumbnail src={image ? image.url_s || image.url_l || image.url : null} size={size} alt={alt} />
  );
}
