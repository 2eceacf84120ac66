import { Button } from '@sniff/ui';
import { PLATFORM_TILES, type WizardPlatform } from '../platforms';

export function PlatformStep({
  selected,
  isFree,
  error,
  onChoose,
}: {
  selected: WizardPlatform | null;
  isFree: boolean;
  error: string | null;
  onChoose: (platform: WizardPlatform) => void;
}) {
  const available = PLATFORM_TILES.filter((t) => t.available);
  const upcoming = PLATFORM_TILES.filter((t) => !t.available);
  return (
    <section aria-labelledby="wizard-platform-title">
      <h2 id="wizard-platform-title">Select Your Website Platform</h2>
      <div className="wizard-tiles">
        {available.map((tile) => (
          <Button
            key={tile.id}
            variant="tile"
            className="wizard-tile"
            aria-pressed={selected === tile.id}
            onClick={() => onChoose(tile.id)}
          >
            <span className="wizard-tile__name">{tile.name}</span>
            {tile.id === 'custom' && isFree && <span className="sniff-badge sniff-badge--free">FREE</span>}
            <span className="wizard-tile__description">{tile.description}</span>
          </Button>
        ))}
      </div>
      <div className="wizard-tiles wizard-tiles--small">
        {/* Coming soon: the tile opens the dialog that offers Subscribe for Updates. */}
        {upcoming.map((tile) => (
          <Button key={tile.id} variant="tile" className="wizard-tile" onClick={() => onChoose(tile.id)}>
            <span className="wizard-tile__name">{tile.name}</span>
            <span className="sniff-badge">Coming Soon</span>
          </Button>
        ))}
      </div>
      {error && (
        <p role="alert" className="sniff-error">
          {error}
        </p>
      )}
    </section>
  );
}
