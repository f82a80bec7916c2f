import type { Image } from '@listloop/domain';
import { Center } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

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
  const src = image ? image.url_s || image.url_l || image.url : null;
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
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
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
