import { usePlatform } from '@sniff/shell-sdk';
import { Button } from '@sniff/ui';
import { Icon } from './icons';

export function ThemeToggle() {
  const platform = usePlatform();
  const next = platform.theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode';
  return (
    <Button variant="icon" aria-label={label} title={label} onClick={() => platform.setTheme(next)}>
      <Icon name={next === 'dark' ? 'moon' : 'sun'} />
    </Button>
  );
}
