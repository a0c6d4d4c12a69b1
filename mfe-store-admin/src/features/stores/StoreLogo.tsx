/**
 * A store's logo, whole: logos are wide wordmarks, so the image keeps its proportions inside a
 * box three times as wide as it is high (an avatar's square crop cut "MegaKoop" to "egaKoop").
 * Without a logo, the store's initial.
 */
import { Avatar } from 'antd';

export function StoreLogo({ name, logo, size = 32 }: { name: string; logo: string | null; size?: number }) {
  if (!logo) {
    return (
      <Avatar shape="square" size={size} aria-label={name}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
    );
  }
  return (
    <img
      src={logo}
      alt={name}
      style={{ display: 'block', height: size, width: size * 3, objectFit: 'contain', objectPosition: 'left center' }}
    />
  );
}
