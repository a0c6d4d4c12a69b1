import { Avatar } from 'antd';

export function StoreLogo({ name, logo, size = 32 }: { name: string; logo: string | null; size?: number }) {
  return (
    <Avatar shape="square" size={size} src={logo ?? undefined} alt={name}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
